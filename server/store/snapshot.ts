// One read transaction per request on a read worker's connection. Outside a transaction every
// statement takes and drops SQLite's WAL read lock on its own (file-lock system calls and a look at
// the WAL index): 3–6 µs of each statement, a feature page's five statements included. Inside one
// transaction the lock is taken at the first read and dropped at the end, and every query of the
// request reads the same snapshot — a list's count and its rows agree even while writes commit.
//
// Requests on one connection therefore run one at a time: they are CPU work on a synchronous
// connection, so this costs a worker nothing, and a transaction is never shared by two requests.
import type BetterSqlite3 from 'better-sqlite3';
import { noteSnapshot } from './write-version';

export type SnapshotRunner = <T>(work: () => Promise<T>) => Promise<T>;

export function snapshotReads(sqlite: BetterSqlite3.Database): SnapshotRunner {
  // DEFERRED: the snapshot is taken at the first read, after the request arrived — so after every
  // write acknowledged before it (a client reads its own writes).
  const begin = sqlite.prepare('BEGIN DEFERRED');
  const end = sqlite.prepare('COMMIT');
  let queue: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const run = async (): Promise<T> => {
      noteSnapshot(sqlite);
      begin.run();
      try {
        return await work();
      } finally {
        // A read transaction has nothing to commit: COMMIT only ends it.
        if (sqlite.inTransaction) end.run();
      }
    };
    const result = queue.then(run, run);
    queue = result.catch(() => undefined);
    return result;
  };
}
