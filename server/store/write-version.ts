// The database's write version as one connection sees it: changes made through this connection
// (`total_changes()`, triggers included) and commits by any other connection (`data_version`, e.g.
// the writer's commits as a read worker's connection sees them). Caches that must never answer
// stale — list counts, authenticated tokens — remember the version they were filled at and are
// dropped when it moves. Two prepared statements: ≈ 8 µs, where `pragma_data_version()` in one
// SELECT costs 15–23 µs.
import type BetterSqlite3 from 'better-sqlite3';
import type { Kysely } from 'kysely';

const readers = new WeakMap<object, () => string>();
const forgetters = new WeakMap<object, () => void>();
const rollbacks = new WeakMap<object, () => void>();

/**
 * Registers the version reader of a connection under its kysely handle (store/db.ts does). The
 * version is read once per turn of the event loop and remembered until the next turn or the next
 * write through this connection (`noteWrite`, called by the statement wrapper in dialect.ts): a
 * read of a feature used to read it once per look-up, 5–7 % of its CPU. A commit by another
 * connection in the same turn is seen from the next turn; versions only grow, so nothing cached
 * under an older version is ever served once the newer one has been read.
 */
export function trackWriteVersion(db: Kysely<never> | object, sqlite: BetterSqlite3.Database): () => string {
  const data = sqlite.prepare('PRAGMA data_version').pluck();
  const changes = sqlite.prepare('SELECT total_changes()').pluck();
  let memo: string | null = null;
  // Whole transactions rolled back on this connection (store/group-commit.ts): `total_changes()`
  // does not go back when rows written are rolled back, so without this a version read while a
  // group was open could come back after the group was undone, with other rows behind it.
  let epoch = 0;
  const forget = (): void => {
    memo = null;
  };
  const read = (): string => {
    if (memo === null) {
      memo = `${changes.get() as number}:${data.get() as number}:${epoch}`;
      setImmediate(forget);
    }
    return memo;
  };
  readers.set(db, read);
  forgetters.set(sqlite, forget);
  rollbacks.set(sqlite, () => {
    epoch++;
    memo = null;
  });
  return read;
}

/** A whole transaction was rolled back on this connection: every version read before is retired. */
export function noteRollback(sqlite: object): void {
  rollbacks.get(sqlite)?.();
}

/**
 * A new read transaction is about to begin on this connection (store/snapshot.ts): it may see
 * commits the remembered version predates. A read worker can take its next request in the same
 * turn as the last one — Node hands it every message waiting on its port in one go, and under
 * load the next request arrives while it is still answering — so remembering until the next turn
 * is not enough there: every cache keyed by the version would answer that request as it was.
 */
export function noteSnapshot(sqlite: object): void {
  forgetters.get(sqlite)?.();
}

/** A statement that may write ran on this connection: the remembered version is stale. */
export function noteWrite(sqlite: object): void {
  forgetters.get(sqlite)?.();
}

/** The version reader of a kysely handle; undefined for a transaction or an unknown handle. */
export function writeVersionOf(db: object): (() => string) | undefined {
  return readers.get(db);
}
