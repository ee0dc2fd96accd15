// The database's write version as one connection sees it: changes made through this connection
// (`total_changes()`, triggers included) and commits by any other connection (`data_version`, e.g.
// the writer's commits as a read worker's connection sees them). Caches that must never answer
// stale — list counts, authenticated tokens — remember the version they were filled at and are
// dropped when it moves. Two prepared statements: ≈ 8 µs, where `pragma_data_version()` in one
// SELECT costs 15–23 µs.
import type BetterSqlite3 from 'better-sqlite3';
import type { Kysely } from 'kysely';

const readers = new WeakMap<object, () => string>();

/** Registers the version reader of a connection under its kysely handle (store/db.ts does). */
export function trackWriteVersion(db: Kysely<never> | object, sqlite: BetterSqlite3.Database): () => string {
  const data = sqlite.prepare('PRAGMA data_version').pluck();
  const changes = sqlite.prepare('SELECT total_changes()').pluck();
  const read = (): string => `${changes.get() as number}:${data.get() as number}`;
  readers.set(db, read);
  return read;
}

/** The version reader of a kysely handle; undefined for a transaction or an unknown handle. */
export function writeVersionOf(db: object): (() => string) | undefined {
  return readers.get(db);
}
