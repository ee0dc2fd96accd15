// `npm run db:copy` (store/db-copy.ts): a SQLite service's data, written through the API, copied
// into PostgreSQL and served from there with the same ids, reference numbers, totals, audit trail,
// recycle bin and files; a new record numbered after every copied one; the refusal to copy over
// records; and a copy whose counts come out different rolled back whole.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_FILE } from './store/db';
import { copySqliteToPostgres, countMismatches, fillOrder, formatCounts } from './store/db-copy';
import type { CopyReport } from './store/db-copy';
import { startService } from './start';
import type { RunningService } from './start';
import { TEST_TOKEN, onPostgres, tempDirs, testDatabase } from './test/harness';
import { checkedFetch } from './test/openapi-check';

describe('the copy check', () => {
  it('names exactly the tables whose counts differ, and marks them in the printed table', () => {
    const counts = [
      { table: 'features', sqlite: 3, postgres: 3 },
      { table: 'feature_tags', sqlite: 5, postgres: 4 },
    ];
    expect(countMismatches(counts)).toEqual([{ table: 'feature_tags', sqlite: 5, postgres: 4 }]);
    expect(countMismatches(counts.slice(0, 1))).toEqual([]);
    const printed = formatCounts(counts).split('\n');
    expect(printed[1]).not.toContain('MISMATCH');
    expect(printed[2]).toMatch(/^feature_tags\s+5\s+4 {2}MISMATCH$/);
  });

  it('fills parents first, and leaves a self-reference or a nullable cycle to be set after the rows', () => {
    const keys = [
      { child: 'features', parent: 'releases', columns: ['release_id'] },
      { child: 'releases', parent: 'releases', columns: ['parent_id'] },
      { child: 'releases', parent: 'products', columns: ['product_id'] },
      { child: 'a', parent: 'b', columns: ['b_id'] },
      { child: 'b', parent: 'a', columns: ['a_id'] },
    ];
    const { order, deferred } = fillOrder(['features', 'releases', 'products', 'a', 'b'], keys, (fk) => fk.child !== 'features');
    expect(order.indexOf('products')).toBeLessThan(order.indexOf('releases'));
    expect(order.indexOf('releases')).toBeLessThan(order.indexOf('features'));
    expect(deferred.map((fk) => `${fk.child}.${fk.columns.join()}`).sort()).toEqual(['a.b_id', 'releases.parent_id']);
    // A cycle of columns that cannot be empty has no order.
    expect(() => fillOrder(['a', 'b'], keys, () => false)).toThrow(/cycle/);
  });
});

interface Answer<T> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** A request to a service with the fixed admin token. */
async function call<T = Record<string, unknown>>(service: RunningService, method: string, p: string, body?: unknown): Promise<Answer<T>> {
  const headers: Record<string, string> = { Authorization: `Bearer ${TEST_TOKEN}`, Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await checkedFetch(`${service.url}/api/v1${p}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : null) as T, text };
}

async function ok<T = Record<string, unknown>>(service: RunningService, method: string, p: string, body?: unknown): Promise<T> {
  const res = await call<T>(service, method, p, body);
  expect(res.status, `${method} ${p}: ${res.text}`).toBeLessThan(300);
  return res.body;
}

/** One statement on a PostgreSQL database, outside the service. */
async function query<R>(url: string, text: string): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as R[];
  } finally {
    await client.end();
  }
}

interface Feature {
  id: string;
  name: string;
  reference_num: string;
  tags?: string[];
}

/** What the API answers about the data, read the same way from both services. */
async function snapshot(service: RunningService, releaseId: string, featureId: string) {
  const features = await ok<{ features: Feature[]; pagination: { total_records: number } }>(
    service,
    'GET',
    '/features?per_page=200&fields=id,name,reference_num',
  );
  const release = await ok<{ pagination: { total_records: number } }>(service, 'GET', `/releases/${releaseId}/features`);
  const audits = await ok<{ audits: unknown[] }>(service, 'GET', `/audits?auditable_type=Feature&auditable_id=${featureId}`);
  const bin = await ok<{ deletions: { id: string }[] }>(service, 'GET', '/deletions');
  const feature = await ok<{ feature: Feature }>(service, 'GET', `/features/${featureId}`);
  const origin = <T>(value: T): T => JSON.parse(JSON.stringify(value).replaceAll(service.url, 'ORIGIN')) as T;
  return {
    features: features.features.sort((a, b) => Number(a.id) - Number(b.id)),
    total: features.pagination.total_records,
    releaseTotal: release.pagination.total_records,
    // Links are built on each service's own origin.
    audits: origin(audits.audits),
    bin: bin.deletions,
    tags: feature.feature.tags,
  };
}

// Needs a PostgreSQL cluster to copy into: TEST_DATABASE_URL (the PostgreSQL pass of `npm test`).
// On the SQLite pass there is nowhere to copy to, so only the checks above run.
describe.skipIf(!onPostgres)('copying a SQLite database into PostgreSQL', () => {
  const tmp = tempDirs('planner-db-copy-');
  const drops: (() => Promise<void>)[] = [];
  let dataDir: string;
  let databaseUrl: string;
  let report: CopyReport;
  let before: Awaited<ReturnType<typeof snapshot>>;
  let releaseId: string;
  let kept: Feature;
  let deleted: Feature;
  let deletionId: string;
  let attachmentId: string;
  const bytes = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), crypto.randomBytes(200)]);
  let onPg: RunningService;

  const emptyDatabase = async (): Promise<string> => {
    const database = await testDatabase();
    if (!database) throw new Error('TEST_DATABASE_URL is set but no database was made');
    drops.push(database.drop);
    return database.url;
  };

  beforeAll(async () => {
    dataDir = tmp();
    // SQLite on purpose, whatever TEST_DATABASE_URL says: startTestService would pick PostgreSQL.
    const onSqlite = await startService({ dataDir, port: 0, adminToken: TEST_TOKEN, seed: 'demo', readWorkers: 0 });
    try {
      const releases = await ok<{ releases: { id: string }[] }>(onSqlite, 'GET', '/products/PLN/releases');
      releaseId = releases.releases[0]?.id ?? '';
      kept = (
        await ok<{ feature: Feature }>(onSqlite, 'POST', `/releases/${releaseId}/features`, {
          feature: { name: 'Copied over', tags: ['copy', 'postgres'] },
        })
      ).feature;
      await ok(onSqlite, 'PUT', `/features/${kept.id}`, { feature: { name: 'Copied over, renamed' } });
      const comment = (
        await ok<{ comment: { id: string } }>(onSqlite, 'POST', `/features/${kept.id}/comments`, {
          comment: { body: '<p>With a file</p>' },
        })
      ).comment;
      const form = new FormData();
      form.append('attachment[data]', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'mockup.png');
      const uploaded = await checkedFetch(`${onSqlite.url}/api/v1/comments/${comment.id}/attachments`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${TEST_TOKEN}` },
        body: form,
      });
      expect(uploaded.status).toBe(200);
      attachmentId = ((await uploaded.json()) as { attachment: { id: string } }).attachment.id;
      // The newest feature goes to the recycle bin: its id and number are then known to SQLite's
      // sequence and the product's counter only, not to any row of features.
      deleted = (await ok<{ feature: Feature }>(onSqlite, 'POST', `/releases/${releaseId}/features`, { feature: { name: 'Binned' } }))
        .feature;
      const removed = await call(onSqlite, 'DELETE', `/features/${deleted.id}`);
      expect(removed.status).toBe(204);
      deletionId = removed.headers.get('x-deletion-id') ?? '';
      before = await snapshot(onSqlite, releaseId, kept.id);
    } finally {
      await onSqlite.close();
    }

    databaseUrl = await emptyDatabase();
    report = await copySqliteToPostgres({ sqliteFile: path.join(dataDir, DB_FILE), databaseUrl });
    onPg = await startService({ dataDir, databaseUrl, port: 0, adminToken: TEST_TOKEN, readWorkers: 0 });
  }, 60_000);

  afterAll(async () => {
    await onPg?.close();
    for (const drop of drops) await drop();
  });

  it('copies every table both have, with equal counts, and reports them', () => {
    expect(onPg.store.kind).toBe('postgres');
    expect(countMismatches(report.tables)).toEqual([]);
    const names = report.tables.map((t) => t.table);
    for (const table of [
      'users',
      'api_tokens',
      'features',
      'feature_tags',
      'audits',
      'deletions',
      'comments',
      'attachments',
      'blobs',
      'list_counts',
      'feature_stats',
      'audit_month_counts',
      'ideas_related_terms',
    ]) {
      expect(names).toContain(table);
    }
    expect(names).not.toContain('kysely_migration');
    expect(report.tables.find((t) => t.table === 'attachments')?.postgres).toBe(1);
    expect(report.blobFiles).toBe(1);
    expect(report.deferredColumns).toContain('comments.parent_comment_id');
  });

  it("keeps PostgreSQL's own seeding flag, claimed: a service started on the copy seeds nothing", async () => {
    expect(report.tables.find((t) => t.table === 'change_counters')?.postgresOwn).toBe(1);
    expect(await query(databaseUrl, "SELECT n FROM change_counters WHERE name = 'seeded'")).toEqual([{ n: 1 }]);
    expect(onPg.seeded).toBe(false);
  });

  it('answers the same features, ids, numbers, tags, totals, audit trail and recycle bin', async () => {
    const after = await snapshot(onPg, releaseId, kept.id);
    expect(after).toEqual(before);
    expect(after.features.map((f) => f.id)).toContain(kept.id);
    expect(after.tags?.sort()).toEqual(['copy', 'postgres']);
    expect(after.audits.length).toBeGreaterThanOrEqual(2);
    expect(after.bin.map((d) => d.id)).toContain(deletionId);
  });

  it('serves the attachment from the same data directory', async () => {
    const res = await checkedFetch(`${onPg.url}/api/v1/attachments/${attachmentId}/download`, {
      headers: { Authorization: `Bearer ${TEST_TOKEN}` },
    });
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(bytes);
  });

  it('numbers a new feature after every copied one, the binned one included, and restores that one under its own id', async () => {
    const fresh = (
      await ok<{ feature: Feature }>(onPg, 'POST', `/releases/${releaseId}/features`, { feature: { name: 'Made on PostgreSQL' } })
    ).feature;
    expect(Number(fresh.id)).toBe(Number(deleted.id) + 1);
    const number = (ref: string): number => Number(ref.split('-').at(-1));
    expect(number(fresh.reference_num)).toBe(number(deleted.reference_num) + 1);
    expect(fresh.reference_num.replace(/\d+$/, '')).toBe(deleted.reference_num.replace(/\d+$/, ''));
    await ok(onPg, 'POST', `/deletions/${deletionId}/restore`);
    const back = (await ok<{ feature: Feature }>(onPg, 'GET', `/features/${deleted.id}`)).feature;
    expect(back.reference_num).toBe(deleted.reference_num);
    const list = await ok<{ pagination: { total_records: number } }>(onPg, 'GET', `/releases/${releaseId}/features`);
    expect(list.pagination.total_records).toBe(before.releaseTotal + 2);
  });

  it('leaves every trigger enabled again', async () => {
    const off = await query<{ tgname: string }>(databaseUrl, "SELECT tgname FROM pg_trigger WHERE NOT tgisinternal AND tgenabled = 'D'");
    expect(off).toEqual([]);
  });

  it('refuses to copy into a database that already holds records', async () => {
    const features = async () => (await query<{ n: number }>(databaseUrl, 'SELECT count(*)::int AS n FROM features'))[0]?.n;
    const had = await features();
    await expect(copySqliteToPostgres({ sqliteFile: path.join(dataDir, DB_FILE), databaseUrl })).rejects.toThrow(/already holds records/);
    expect(await features()).toBe(had);
  });

  it('rolls the whole copy back when a count comes out different', async () => {
    const url = await emptyDatabase();
    // A rule is no trigger, so disabling the triggers leaves it: the tag rows silently go nowhere.
    const counters = (await query<{ n: number }>(url, 'SELECT count(*)::int AS n FROM change_counters'))[0]?.n;
    await query(url, 'CREATE RULE swallow_tags AS ON INSERT TO feature_tags DO INSTEAD NOTHING');
    await expect(copySqliteToPostgres({ sqliteFile: path.join(dataDir, DB_FILE), databaseUrl: url })).rejects.toThrow(
      /counts differ[\s\S]*feature_tags[\s\S]*MISMATCH/,
    );
    const [left] = await query<{ users: number; features: number; counters: number }>(
      url,
      'SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM features) AS features, (SELECT count(*)::int FROM change_counters) AS counters',
    );
    // Nothing of the copy stayed; the baseline's own first rows are back, the seeding unclaimed.
    expect(left).toEqual({ users: 0, features: 0, counters });
    expect(await query(url, "SELECT n FROM change_counters WHERE name = 'seeded'")).toEqual([{ n: 0 }]);
    expect(await query(url, "SELECT tgname FROM pg_trigger WHERE NOT tgisinternal AND tgenabled = 'D'")).toEqual([]);
  });

  it('refuses, before touching PostgreSQL, when an attachment file is missing from the data directory', async () => {
    const elsewhere = tmp();
    // The database without its blobs folder (the file is whole: every connection to it is closed).
    fs.copyFileSync(path.join(dataDir, DB_FILE), path.join(elsewhere, DB_FILE));
    const url = await emptyDatabase();
    await expect(copySqliteToPostgres({ sqliteFile: path.join(elsewhere, DB_FILE), databaseUrl: url })).rejects.toThrow(
      /1 of 1 attachment files are missing/,
    );
    // Not even the seeding claimed: a service started on it seeds it as any new database.
    expect(
      await query(url, "SELECT (SELECT count(*)::int FROM users) AS users, n AS seeded FROM change_counters WHERE name = 'seeded'"),
    ).toEqual([{ users: 0, seeded: 0 }]);
  });
});
