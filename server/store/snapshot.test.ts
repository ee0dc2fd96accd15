// One read transaction per request on a read connection (store/snapshot.ts): the queries of a
// request read one snapshot, requests run one at a time, and every request — failed ones too —
// ends its transaction, so the next one sees every write committed before it began.
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshotReads } from './snapshot';
import { trackWriteVersion } from './write-version';
import { onPostgres, tempDirs } from '../test/harness';

const dir = tempDirs('planner-snapshot-');
let writer: BetterSqlite3.Database;
let reader: BetterSqlite3.Database;
beforeAll(() => {
  const file = `${dir()}/snapshot.sqlite`;
  writer = new BetterSqlite3(file);
  writer.pragma('journal_mode = WAL');
  writer.exec('CREATE TABLE t (n INTEGER)');
  reader = new BetterSqlite3(file, { readonly: true });
});
afterAll(() => {
  reader.close();
  writer.close();
});

const count = (): number => (reader.prepare('SELECT count(*) AS c FROM t').get() as { c: number }).c;
const tick = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 5));

// SQLite's snapshot reads for the read workers: nothing of it runs on PostgreSQL.
describe.skipIf(onPostgres)('snapshot reads', () => {
  it('give every query of a request the same snapshot, and the next request the new writes', async () => {
    const snapshot = snapshotReads(reader);
    const seen = await snapshot(async () => {
      const before = count();
      // Committed by another connection in the middle of the request.
      writer.prepare('INSERT INTO t VALUES (1)').run();
      await tick();
      return [before, count()];
    });
    expect(seen[0]).toBe(seen[1]);
    expect(reader.inTransaction).toBe(false);
    expect(await snapshot(async () => count())).toBe((seen[0] ?? 0) + 1);
  });

  it('run requests one at a time, and end the transaction of one that fails', async () => {
    const snapshot = snapshotReads(reader);
    const order: string[] = [];
    const first = snapshot(async () => {
      order.push('first begins');
      await tick();
      order.push('first ends');
      throw new Error('the route failed');
    });
    const second = snapshot(async () => {
      order.push('second begins');
      return count();
    });
    writer.prepare('INSERT INTO t VALUES (2)').run();
    await expect(first).rejects.toThrow('the route failed');
    const n = await second;
    expect(order).toEqual(['first begins', 'first ends', 'second begins']);
    expect(n).toBe((writer.prepare('SELECT count(*) AS c FROM t').get() as { c: number }).c);
    expect(reader.inTransaction).toBe(false);
  });

  it('read the write version afresh in each request, even two requests in one turn', async () => {
    // A read worker may take the next request in the same turn as the last (every message waiting
    // on its port at once): the version remembered for the turn must not outlive the request, or
    // every cache keyed by it (rows beside a record, list counts) answers as before the write.
    const snapshot = snapshotReads(reader);
    const version = trackWriteVersion({}, reader);
    // No macrotask between the two requests: both run in this turn.
    const first = await snapshot(async () => version());
    writer.prepare('INSERT INTO t VALUES (3)').run();
    const second = await snapshot(async () => version());
    expect(second).not.toBe(first);
  });
});
