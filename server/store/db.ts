// Opens the SQLite file (WAL, foreign keys, busy timeout), applies migrations, and wraps it in Kysely.
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { migrate } from './migrations';
import type { Database } from './schema';

export interface Store {
  db: Kysely<Database>;
  sqlite: BetterSqlite3.Database;
  /** True when this open created the database (first start): the caller seeds it. */
  created: boolean;
  close(): Promise<void>;
}

export const DB_FILE = 'planner.sqlite';

export function openStore(dataDir: string): Store {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, DB_FILE);
  const created = !fs.existsSync(file);
  const sqlite = new BetterSqlite3(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  migrate(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return {
    db,
    sqlite,
    created,
    async close() {
      await db.destroy();
    },
  };
}
