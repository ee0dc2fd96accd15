// Reads in worker threads (server/read-pool.ts): a GET is answered by a read worker over its own
// connection and sees every write acknowledged before it; a worker that dies is replaced and the
// service keeps answering.
import fs from 'node:fs';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { onPostgres, startTestService } from './test/harness';
import type { TestService } from './test/harness';
import { makeFeature, makeRelease, uniqueName } from './test/records';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(async () => {
  await t.close();
});

// Read workers share SQLite's file through its WAL; on PostgreSQL every instance reads the database
// itself (there are none), so this suite is for the SQLite pass.
describe.skipIf(onPostgres)('read workers', () => {
  it('answer reads, each seeing the writes acknowledged before it', async () => {
    const pool = t.service.readPool;
    expect(pool?.size).toBeGreaterThan(0);
    const release = await makeRelease(t, { name: uniqueName('Read after write') });
    for (let i = 0; i < 10; i++) {
      const f = await makeFeature(t, release.reference_num, { name: uniqueName('Seen at once') });
      const shown = await t.get<{ feature: { name: string } }>(`/features/${f.id}`);
      expect(shown.status).toBe(200);
      expect(shown.body.feature.name).toBe(f.name);
      const listed = await t.get<{ pagination: { total_records: number } }>(`/releases/${release.id}/features`);
      expect(listed.body.pagination.total_records).toBe(i + 1);
    }
  });

  it('show the rows beside a record as they are after a write, never as remembered', async () => {
    const release = await makeRelease(t, { name: uniqueName('Remembered') });
    const f = await makeFeature(t, release.reference_num, { name: uniqueName('Shows its people'), assigned_to_user: 'sam@planner.local' });
    const show = async () =>
      (await t.get<{ feature: { assigned_to_user: { name: string } } }>(`/features/${f.id}`)).body.feature.assigned_to_user.name;
    const before = await show();
    expect(await show()).toBe(before); // now remembered by the worker
    // Through the writer's group commit, and committed before the next read: a raw statement on
    // the handle could land inside a group a background write (the recycle-bin sweep) had open,
    // and be read before that group commits.
    const { db, settled } = t.service.store;
    const rename = async (name: string) => {
      await db.updateTable('users').set({ name }).where('email', '=', 'sam@planner.local').execute();
      await settled();
    };
    await rename('Sam Renamed');
    try {
      expect(await show()).toBe('Sam Renamed');
    } finally {
      await rename(before);
    }
    expect(await show()).toBe(before);
  });

  it('answer with every header the main thread gives its own answers, untouched on the way out', async () => {
    const release = await makeRelease(t, { name: uniqueName('Headers') });
    // Answered on the main thread: a write.
    const created = await t.request<{ feature: { id: string } }>('POST', `/releases/${release.id}/features`, {
      feature: { name: uniqueName('Headed') },
    });
    // Answered by a worker: a read, and a read's error.
    const shown = await t.get(`/features/${created.body.feature.id}`);
    const missing = await t.get('/features/999999999');
    expect([created.status, shown.status, missing.status]).toEqual([200, 200, 404]);
    const names = (h: Headers) =>
      [...h.keys()].filter((n) => !['content-length', 'date', 'connection', 'keep-alive', 'vary', 'content-encoding'].includes(n)).sort();
    expect(names(shown.headers)).toEqual(names(created.headers));
    expect(names(missing.headers)).toEqual(names(created.headers));
    for (const res of [shown, missing]) {
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('leave checkpoints to their own thread, which keeps the WAL short', async () => {
    const sqlite = t.service.store.sqlite;
    expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    const walFrames = async (): Promise<number> => {
      // A passive checkpoint reports the frames in the WAL before it copies any.
      const probe = new (await import('better-sqlite3')).default(`${t.dataDir}/planner.sqlite`);
      try {
        return (probe.pragma('wal_checkpoint(PASSIVE)') as { log: number }[])[0]?.log ?? -1;
      } finally {
        probe.close();
      }
    };
    const release = await makeRelease(t, { name: uniqueName('Checkpointed') });
    for (let i = 0; i < 20; i++) await makeFeature(t, release.reference_num, { name: uniqueName('Written') });
    // Once the thread has copied every frame, the next write starts the WAL over: it then holds
    // that write's frames only, not the twenty-one writes' (over 100 frames; the probe itself
    // copies frames, so it looks once, at the end). The thread runs every 250 ms, but a busy
    // machine can hold it back for seconds: its progress is read from the WAL index, which copies
    // nothing (the shared-memory file: the last frame at byte 16, the frames copied at byte 96).
    const copiedAll = () => {
      const index = fs.readFileSync(`${t.dataDir}/planner.sqlite-shm`);
      // In the machine's byte order, as SQLite maps it.
      const u32 = (at: number) => (os.endianness() === 'LE' ? index.readUInt32LE(at) : index.readUInt32BE(at));
      return u32(16) > 0 && u32(96) === u32(16);
    };
    await vi.waitFor(() => expect(copiedAll()).toBe(true), { timeout: 15_000, interval: 50 });
    await makeFeature(t, release.reference_num, { name: uniqueName('After the checkpoint') });
    expect(await walFrames()).toBeLessThan(40);
  });

  it('refuse to write: a read connection cannot change the database', async () => {
    // Every write route is answered on the main thread; a worker's connection is query-only.
    const { openReadStore } = await import('./store/db');
    const reader = openReadStore(t.dataDir);
    try {
      expect(() => reader.sqlite.prepare("UPDATE products SET name = 'x'").run()).toThrow(
        /readonly|read-only|query_only|attempt to write/i,
      );
    } finally {
      await reader.close();
    }
  });

  it('are replaced when one dies, and the service keeps answering', async () => {
    const pool = t.service.readPool;
    if (!pool) throw new Error('the test service runs read workers');
    const before = pool.workers[0];
    await before?.terminate();
    await pool.ready();
    expect(pool.workers[0]).not.toBe(before);
    const res = await t.get('/me');
    expect(res.status).toBe(200);
  });
});
