// Opens the SQLite file (WAL, foreign keys, busy timeout), wraps it in Kysely, and brings the schema
// up to date through kysely's Migrator before anything else reads it.
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely } from 'kysely';
import { sqliteKyselyDialect } from './dialect';
import { migrateToLatest } from './migrations';
import type { Database } from './schema';

export interface Store {
  db: Kysely<Database>;
  sqlite: BetterSqlite3.Database;
  /** True when this open created the database (first start): the caller seeds it. */
  created: boolean;
  /** Names of the migrations this open ran (`0004-ids-never-reused`, …). */
  migrated: string[];
  close(): Promise<void>;
}

export const DB_FILE = 'planner.sqlite';

export async function openStore(dataDir: string): Promise<Store> {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, DB_FILE);
  const created = !fs.existsSync(file);
  const sqlite = new BetterSqlite3(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: sqliteKyselyDialect(sqlite) });
  let migrated: string[];
  try {
    migrated = await migrateToLatest(db, sqlite);
  } catch (err) {
    await db.destroy();
    throw err;
  }
  return {
    db,
    sqlite,
    created,
    migrated,
    async close() {
      await db.destroy();
    },
  };
}
