// Group commit (store/group-commit.ts): the writes of one turn share a COMMIT, yet each write stays
// atomic, none is acknowledged before a separate connection can read it, a failing write is undone
// alone, a group whose COMMIT fails acknowledges none of its writes and keeps nothing, and a read
// that saw an open group is answered only once that group committed.
import net from 'node:net';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startService } from './start';
import { DB_FILE, openStore } from './store/db';
import type { Store } from './store/db';
import { commitStats } from './store/group-commit';
import { TEST_TOKEN, onPostgres, tempDirs } from './test/harness';

const tempDir = tempDirs('planner-group-commit-');

// Group commit is SQLite's writer (store/group-commit.ts); these suites open SQLite files of their
// own, so the PostgreSQL pass has nothing more to run here.
describe.skipIf(onPostgres)('group commit on the writer connection', () => {
  let store: Store;
  let reader: BetterSqlite3.Database;
  const stats = () => {
    const s = commitStats(store.sqlite);
    if (!s) throw new Error('the writer has no group commit');
    return s;
  };
  /** Rows as another connection sees them: only what was committed. */
  const committed = (): string[] => (reader.prepare('SELECT v FROM scratch ORDER BY id').pluck().all() as string[]).sort();

  beforeEach(async () => {
    const dir = tempDir();
    store = await openStore(dir);
    store.sqlite.exec('CREATE TABLE scratch (id INTEGER PRIMARY KEY, v TEXT NOT NULL, parent INTEGER REFERENCES scratch(id))');
    reader = new BetterSqlite3(path.join(dir, DB_FILE), { readonly: true });
  });
  afterEach(async () => {
    reader.close();
    await store.close();
  });

  const write = (v: string, then?: () => Promise<void>) =>
    store.db.transaction().execute(async (trx) => {
      await sql`INSERT INTO scratch (v) VALUES (${v})`.execute(trx);
      await then?.();
      return v;
    });

  it('lets the writes of one turn share a COMMIT and answers each only once another connection reads it', async () => {
    const before = stats();
    const seenOnAnswer: boolean[] = [];
    const names = Array.from({ length: 20 }, (_, i) => `w${i}`);
    await Promise.all(names.map((v) => write(v).then(() => seenOnAnswer.push(committed().includes(v)))));
    const after = stats();
    expect(after.writes - before.writes).toBe(20);
    expect(after.commits - before.commits).toBe(1);
    expect(seenOnAnswer).toEqual(names.map(() => true));
    expect(committed()).toEqual([...names].sort());

    // A lone write commits on its own, as before.
    await write('alone');
    expect(stats().commits - after.commits).toBe(1);
    expect(committed()).toContain('alone');
  });

  it('undoes a failing write alone and keeps the others of its group', async () => {
    const results = await Promise.allSettled([
      write('first'),
      write('broken', () => Promise.reject(new Error('refused after writing'))),
      write('last'),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(committed()).toEqual(['first', 'last']);
    expect(store.sqlite.inTransaction).toBe(false);
  });

  it('acknowledges none of the writes of a group whose COMMIT fails, and keeps none of them', async () => {
    const before = stats();
    const results = await Promise.allSettled([
      write('first'),
      // A deferred foreign key is checked at COMMIT: the whole group's COMMIT fails.
      store.db.transaction().execute(async (trx) => {
        await sql`PRAGMA defer_foreign_keys = ON`.execute(trx);
        await sql`INSERT INTO scratch (v, parent) VALUES ('orphan', 999999)`.execute(trx);
      }),
      write('last'),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(String((results[0] as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY/);
    expect(stats().commits - before.commits).toBe(1);
    expect(committed()).toEqual([]);
    expect(store.sqlite.inTransaction).toBe(false);

    // The connection is usable afterwards.
    await write('again');
    expect(committed()).toEqual(['again']);
  });

  it('lets a read outside a transaction see the open group, and settles once that group committed', async () => {
    const [, read] = await Promise.all([
      write('pending'),
      sql<{ v: string }>`SELECT v FROM scratch`.execute(store.db).then(async (r) => {
        const seen = { rows: r.rows.map((x) => x.v), committedWhenRead: committed() };
        await store.settled();
        return { ...seen, committedWhenSettled: committed() };
      }),
    ]);
    // The read did not wait for the group ahead of it…
    expect(read.rows).toEqual(['pending']);
    expect(read.committedWhenRead).toEqual([]);
    // …and whoever answers from it waits for that group.
    expect(read.committedWhenSettled).toEqual(['pending']);
  });

  it('holds back a write made outside a transaction while a group is open until the group committed', async () => {
    const [, seen] = await Promise.all([
      write('member'),
      sql`INSERT INTO scratch (v) VALUES ('plain')`.execute(store.db).then(() => committed()),
    ]);
    expect(seen).toEqual(['member', 'plain']);
  });
});

/** Sends one HTTP/1.1 request on its own socket once `go` resolves; resolves with the status and body. */
function rawRequest(port: number, request: string, go: Promise<void>): { connected: Promise<void>; answer: Promise<{ status: number; body: string }> } {
  const socket = net.connect(port, '127.0.0.1');
  const connected = new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.once('end', () => {
      const [head = '', body = ''] = text.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), body });
    });
    socket.once('error', reject);
  });
  void go.then(() => socket.write(request));
  return { connected, answer };
}

describe.skipIf(onPostgres)('group commit through the service', () => {
  it('answers creates that arrive together, each committed when answered, in fewer COMMITs than writes', async () => {
    const service = await startService({ dataDir: tempDir(), port: 0, adminToken: TEST_TOKEN, seed: 'demo' });
    const reader = new BetterSqlite3(service.store.sqlite.name, { readonly: true });
    try {
      const release = await service.store.db.selectFrom('releases').select('id').orderBy('id').executeTakeFirstOrThrow();
      const before = commitStats(service.store.sqlite);
      let go: () => void = () => {};
      const start = new Promise<void>((resolve) => (go = resolve));
      const requests = Array.from({ length: 30 }, (_, i) => {
        const body = JSON.stringify({ feature: { name: `Grouped ${i}` } });
        return rawRequest(
          service.port,
          [
            `POST /api/v1/releases/${release.id}/features HTTP/1.1`,
            `Host: 127.0.0.1:${service.port}`,
            `Authorization: Bearer ${TEST_TOKEN}`,
            'Content-Type: application/json',
            `Content-Length: ${Buffer.byteLength(body)}`,
            'Connection: close',
            '',
            body,
          ].join('\r\n'),
          start,
        );
      });
      await Promise.all(requests.map((r) => r.connected));
      // Connected is the client's side; let the service accept them all before they send.
      await new Promise((resolve) => setTimeout(resolve, 100));
      go(); // every request is written in this one turn
      const answers = await Promise.all(
        requests.map((r) =>
          r.answer.then(({ status, body }) => {
            const id = Number((JSON.parse(body) as { feature: { id: string } }).feature.id);
            // Read as soon as this one answer arrived: its write must already be committed.
            return { status, visible: reader.prepare('SELECT 1 FROM features WHERE id = ?').get(id) !== undefined };
          }),
        ),
      );
      expect(answers.filter((a) => a.status !== 200 || !a.visible)).toEqual([]);
      const after = commitStats(service.store.sqlite);
      if (!before || !after) throw new Error('the writer has no group commit');
      expect(after.writes - before.writes).toBe(30);
      expect(after.commits - before.commits).toBeLessThan(30);
    } finally {
      reader.close();
      await service.close();
    }
  });
});
