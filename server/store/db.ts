// Opens the SQLite file (WAL, foreign keys, busy timeout), wraps it in Kysely, and brings the schema
// up to date through kysely's Migrator before anything else reads it.
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely } from 'kysely';
import { sqliteKyselyDialect } from './dialect';
import { systemClock } from './clock';
import type { Clock } from './clock';
import { settled } from './group-commit';
import { migrateToLatest } from './migrations';
import { openPostgres } from './postgres';
import type { Database } from './schema';
import { trackWriteVersion } from './write-version';

export interface Store {
  /** Which database holds the data: SQLite in the data directory, or PostgreSQL (PLANNER_DATABASE_URL). */
  kind: 'sqlite' | 'postgres';
  db: Kysely<Database>;
  /**
   * The SQLite handle. Only SQLite's own machinery reads it (pragmas, read workers, bulk seeding,
   * tests of SQLite itself); on PostgreSQL reading it throws, so such code asks `kind` first.
   */
  sqlite: BetterSqlite3.Database;
  /** True when this open created the database (first start): the caller seeds it. */
  created: boolean;
  /** Names of the migrations this open ran (`0004-ids-never-reused`, …). */
  migrated: string[];
  /** The write version this connection sees (store/write-version.ts). */
  writeVersion: () => string;
  /**
   * Resolves once the writes of the group open now are committed (store/group-commit.ts); at once
   * on a read-only connection. What answers from a read outside a transaction waits for it.
   */
  settled: () => Promise<void>;
  /** "Now" for date rules (store/clock.ts): the system's, or the one the service was started with. */
  clock: Clock;
  close(): Promise<void>;
}

export const DB_FILE = 'planner.sqlite';

/**
 * Page cache per connection, in KiB (SQLite's negative form). The default 2 MB holds a sliver of a
 * workspace with 100,000 features (≈ 70 MB of rows), so pages were re-read through system calls.
 */
const CACHE_KIB = 64 * 1024;

export interface OpenOptions {
  clock?: Clock | undefined;
  /** `postgres://…` (PLANNER_DATABASE_URL): the data is in PostgreSQL and `dataDir` holds only files. */
  databaseUrl?: string | undefined;
  /** PostgreSQL connections per instance. */
  poolSize?: number | undefined;
}

export async function openStore(dataDir: string, options: OpenOptions = {}): Promise<Store> {
  if (options.databaseUrl) return openPostgresStore(options.databaseUrl, options);
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, DB_FILE);
  const created = !fs.existsSync(file);
  const sqlite = new BetterSqlite3(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma(`cache_size = -${CACHE_KIB}`);
  const db = new Kysely<Database>({ dialect: sqliteKyselyDialect(sqlite, { groupCommit: true }) });
  let migrated: string[];
  try {
    migrated = await migrateToLatest(db, sqlite);
  } catch (err) {
    await db.destroy();
    throw err;
  }
  return {
    kind: 'sqlite',
    db,
    sqlite,
    created,
    migrated,
    writeVersion: trackWriteVersion(db, sqlite),
    settled: () => settled(sqlite),
    clock: options.clock ?? systemClock,
    async close() {
      await db.destroy();
    },
  };
}

/**
 * A read-only connection to a database the writer has opened and migrated: what a read worker
 * (server/read-pool.ts) answers GET requests from. WAL lets it read while the writer writes; each
 * query sees every transaction committed before it started. `query_only` makes a write attempt an
 * error rather than a second writer.
 */
export function openReadStore(dataDir: string): Store {
  const sqlite = new BetterSqlite3(path.join(dataDir, DB_FILE), { fileMustExist: true });
  sqlite.pragma('query_only = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma(`cache_size = -${CACHE_KIB}`);
  const db = new Kysely<Database>({ dialect: sqliteKyselyDialect(sqlite) });
  return {
    kind: 'sqlite',
    db,
    sqlite,
    created: false,
    migrated: [],
    writeVersion: trackWriteVersion(db, sqlite),
    settled: () => Promise.resolve(),
    // A read worker answers no date rule that a test moves time for (restores and sweeps write).
    clock: systemClock,
    async close() {
      await db.destroy();
    },
  };
}

/** Nothing to wait for: a PostgreSQL commit is done when the statement answers. */
const nothingPending = (): Promise<void> => Promise.resolve();

let versions = 0;

async function openPostgresStore(url: string, options: OpenOptions): Promise<Store> {
  const pg = await openPostgres(url, options);
  return {
    kind: 'postgres',
    db: pg.db,
    get sqlite(): BetterSqlite3.Database {
      throw new Error('this store is on PostgreSQL: no SQLite handle');
    },
    created: pg.created,
    migrated: pg.migrated,
    // Another instance may write at any moment: no version stands still, so nothing keyed by one
    // (the token cache) is ever reused.
    writeVersion: () => `pg:${++versions}`,
    settled: nothingPending,
    clock: pg.clock,
    async close() {
      await pg.db.destroy();
    },
  };
}
