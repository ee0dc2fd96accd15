// List totals without scans (store/counts.ts): the triggers keep every counter equal to the rows
// through creates, re-parenting and deletes, and filtered totals cached per write version follow
// every write.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTED_SCOPES, COUNTED_SUBSETS, subsetName } from './store/counts';
import { onPostgres, startTestService } from './test/harness';
import { sqlRows, sqlValue } from './test/sql';
import type { TestService } from './test/harness';
import { deletionOf, makeEpic, makeFeature, makeInitiative, makeRelease, uniqueName } from './test/records';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(async () => {
  await t.close();
});

/** Every counter against a count of the rows, for every counted table and scope column. */
async function expectCountersExact(): Promise<void> {
  const store = t.service.store;
  const counters = new Map(
    (await sqlRows<{ scope: string; scope_id: number; n: number }>(store, 'SELECT scope, scope_id, n FROM list_counts')).map((r) => [
      `${r.scope}:${r.scope_id}`,
      r.n,
    ]),
  );
  let checked = 0;
  for (const [table, columns] of Object.entries(COUNTED_SCOPES)) {
    const all = Number(await sqlValue(store, `SELECT count(*) FROM ${table}`));
    expect(counters.get(`${table}:0`) ?? 0, table).toBe(all);
    for (const column of columns) {
      const rows = await sqlRows<{ id: number; n: number }>(
        store,
        `SELECT ${column} AS id, count(*) AS n FROM ${table} WHERE ${column} IS NOT NULL GROUP BY ${column}`,
      );
      const actual = new Map(rows.map((r) => [`${table}.${column}:${r.id}`, r.n]));
      // Every scope with rows has its count, and every other counter of that column is 0.
      for (const [key, n] of actual) expect(counters.get(key), key).toBe(n);
      for (const [key, n] of counters) if (key.startsWith(`${table}.${column}:`) && !actual.has(key)) expect(n, key).toBe(0);
      checked += actual.size;
    }
  }
  // The subsets (the ideas not marked spam), in all and per scope column.
  for (const [table, { flag, value, columns }] of Object.entries(COUNTED_SUBSETS)) {
    const name = subsetName(table, flag, value);
    const all = Number(await sqlValue(store, `SELECT count(*) FROM ${table} WHERE ${flag} = ?`, value));
    expect(counters.get(`${name}:0`) ?? 0, name).toBe(all);
    for (const column of columns) {
      const rows = await sqlRows<{ id: number; n: number }>(
        store,
        `SELECT ${column} AS id, count(*) AS n FROM ${table} WHERE ${flag} = ? AND ${column} IS NOT NULL GROUP BY ${column}`,
        value,
      );
      const actual = new Map(rows.map((r) => [`${name}.${column}:${r.id}`, r.n]));
      for (const [key, n] of actual) expect(counters.get(key), key).toBe(n);
      for (const [key, n] of counters) if (key.startsWith(`${name}.${column}:`) && !actual.has(key)) expect(n, key).toBe(0);
      checked += actual.size;
    }
  }
  expect(checked).toBeGreaterThan(10);
}

/** The release and phase roll-up inputs (store/feature-stats.ts) against an aggregate of the rows. */
async function expectFeatureStatsExact(): Promise<void> {
  const store = t.service.store;
  const least = store.kind === 'postgres' ? 'least' : 'min';
  const est = 'coalesce(detailed_estimate, initial_estimate)';
  for (const scope of ['release_id', 'release_phase_id']) {
    const actual = await sqlRows<{ id: number; status: number; n: number; psum: number; est_total: number; est_left: number }>(
      store,
      `SELECT ${scope} AS id, workflow_status_id AS status, count(*) AS n, coalesce(sum(coalesce(progress, 0)), 0) AS psum,
         coalesce(sum(CASE WHEN ${est} > 0 THEN ${est} ELSE 0 END), 0) AS est_total,
         coalesce(sum(CASE WHEN ${est} > 0 THEN ${least}(coalesce(remaining_estimate, ${est}), ${est}) ELSE 0 END), 0) AS est_left
       FROM features WHERE ${scope} IS NOT NULL GROUP BY ${scope}, workflow_status_id`,
    );
    const kept = await sqlRows<(typeof actual)[number]>(
      store,
      'SELECT scope_id AS id, status_id AS status, n, psum, est_total, est_left FROM feature_stats WHERE scope = ? AND n > 0',
      scope,
    );
    const key = (r: { id: number; status: number }) => `${r.id}/${r.status}`;
    expect(new Set(kept.map(key)), scope).toEqual(new Set(actual.map(key)));
    const byKey = new Map(kept.map((r) => [key(r), r]));
    for (const r of actual) {
      const k = byKey.get(key(r));
      expect(k?.n, key(r)).toBe(r.n);
      expect(k?.psum).toBeCloseTo(r.psum, 6);
      expect(k?.est_total).toBeCloseTo(r.est_total, 6);
      expect(k?.est_left).toBeCloseTo(r.est_left, 6);
    }
  }
}

const total = async (path: string): Promise<number> => {
  const res = await t.get<{ pagination: { total_records: number } }>(path);
  expect(res.status, path).toBe(200);
  return res.body.pagination.total_records;
};

describe('list counters', () => {
  it('start equal to the seeded rows', async () => {
    await expectCountersExact();
  });

  it('follow creates, moves between parents and deletes, in the same transaction', async () => {
    const a = await makeRelease(t, { name: uniqueName('Counted A') });
    const b = await makeRelease(t, { name: uniqueName('Counted B') });
    const epic = await makeEpic(t, a.reference_num, { name: uniqueName('Counted epic') });
    const parent = await makeInitiative(t, { name: uniqueName('Counted parent') });
    const child = await makeInitiative(t, { name: uniqueName('Counted child'), parent_id: parent.id });
    const features = [];
    for (let i = 0; i < 5; i++) features.push(await makeFeature(t, a.reference_num, { name: uniqueName('Counted feature'), epic: epic.reference_num }));
    expect(await total(`/releases/${a.id}/features`)).toBe(5);
    expect(await total(`/epics/${epic.id}/features`)).toBe(5);

    // Re-parent two features to the other release and out of the epic.
    for (const f of features.slice(0, 2)) {
      const res = await t.request('PUT', `/features/${f.id}`, { feature: { release: b.id, epic: null } });
      expect(res.status, res.text).toBe(200);
    }
    expect(await total(`/releases/${a.id}/features`)).toBe(3);
    expect(await total(`/releases/${b.id}/features`)).toBe(2);
    expect(await total(`/epics/${epic.id}/features`)).toBe(3);

    // A delete, and a refused write that must not move anything.
    expect((await t.request('DELETE', `/features/${features[4]?.id}`)).status).toBe(204);
    const refused = await t.request('POST', `/releases/${a.id}/features`, { feature: { name: '' } });
    expect(refused.status).toBe(422);
    expect(await total(`/releases/${a.id}/features`)).toBe(2);
    expect((await t.request('DELETE', `/initiatives/${child.id}`)).status).toBe(204);
    expect(await total(`/products/PLN/initiatives?parent_id=${parent.id}`)).toBe(0);
    await expectCountersExact();
    await expectFeatureStatsExact();
  });

  it('count the ideas not marked spam through creates, spam marks, moves between products, deletes and restores', async () => {
    const store = t.service.store;
    const counted = async (product: string) =>
      Number(
        await sqlValue(store, 'SELECT count(*) FROM ideas i JOIN products p ON p.id = i.product_id WHERE p.reference_prefix = ? AND i.spam = 0', product),
      );
    const expectTotals = async () => {
      expect(await total('/products/PLN/ideas')).toBe(await counted('PLN'));
      expect(await total('/products/MOB/ideas')).toBe(await counted('MOB'));
      expect(await total('/ideas')).toBe(Number(await sqlValue(store, 'SELECT count(*) FROM ideas WHERE spam = 0')));
      expect(await total('/products/PLN/ideas?spam=true')).toBe(
        Number(
          await sqlValue(store, "SELECT count(*) FROM ideas i JOIN products p ON p.id = i.product_id WHERE p.reference_prefix = 'PLN' AND i.spam = 1"),
        ),
      );
    };
    const before = await total('/products/PLN/ideas');
    const word = `Cnt${Date.now().toString(36)}`;
    const made: string[] = [];
    for (const spam of [false, false, true]) {
      const res = await t.request<{ idea: { id: string } }>('POST', '/products/PLN/ideas', {
        idea: { name: uniqueName(`${word} idea`), created_by: 'pat@customer.example', spam },
      });
      expect(res.status, res.text).toBe(200);
      made.push(res.body.idea.id);
    }
    expect(await total('/products/PLN/ideas')).toBe(before + 2);
    // A filter past the spam flag is counted, not read from the subset's counter.
    expect(await total(`/products/PLN/ideas?q=${word}`)).toBe(2);
    expect(await total(`/ideas?q=${word}&spam=true`)).toBe(1);
    expect(await total(`/products/PLN/ideas?created_since=2999-01-01`)).toBe(0);
    await expectTotals();
    // Marked spam, and back; a refused update moves nothing.
    expect((await t.request('PUT', `/ideas/${made[0]}`, { idea: { spam: true } })).status).toBe(200);
    expect(await total('/products/PLN/ideas')).toBe(before + 1);
    expect((await t.request('PUT', `/ideas/${made[2]}`, { idea: { spam: false } })).status).toBe(200);
    expect((await t.request('PUT', `/ideas/${made[1]}`, { idea: { name: '' } })).status).toBe(422);
    expect(await total('/products/PLN/ideas')).toBe(before + 2);
    await expectTotals();
    // Moved to another product's scope straight in the database (as a copy or an import would).
    await sqlRows(store, "UPDATE ideas SET product_id = (SELECT id FROM products WHERE reference_prefix = 'MOB') WHERE id = ?", Number(made[1]));
    await store.settled();
    await expectTotals();
    await expectCountersExact();
    // Deleted to the recycle bin, then restored.
    expect((await t.request('DELETE', `/ideas/${made[2]}`)).status).toBe(204);
    expect(await total('/products/PLN/ideas')).toBe(before);
    const deletion = await deletionOf(t, 'Idea', made[2] ?? '');
    expect((await t.request('POST', `/deletions/${deletion?.id}/restore`)).status).toBe(200);
    expect(await total('/products/PLN/ideas')).toBe(before + 1);
    await expectTotals();
    await expectCountersExact();
  });

  it('keep the release roll-up inputs through progress, estimate, status and release changes', async () => {
    const a = await makeRelease(t, { name: uniqueName('Stats A') });
    const b = await makeRelease(t, { name: uniqueName('Stats B') });
    const made = [];
    for (let i = 0; i < 4; i++) {
      made.push(
        await makeFeature(t, a.reference_num, {
          name: uniqueName('Stats feature'),
          initial_estimate_text: `${i + 1}d`,
          remaining_estimate_text: i % 2 ? '2h' : undefined,
          progress: i * 20,
        }),
      );
    }
    const moves: [string, Record<string, unknown>][] = [
      [made[0]?.id ?? '', { progress: 55 }],
      [made[1]?.id ?? '', { workflow_status: { name: 'Shipped' } }],
      [made[2]?.id ?? '', { release: b.id, detailed_estimate_text: '3d' }],
      [made[3]?.id ?? '', { remaining_estimate_text: '0h', initial_estimate_text: '' }],
    ];
    for (const [id, feature] of moves) {
      const res = await t.request('PUT', `/features/${id}`, { feature });
      expect(res.status, res.text).toBe(200);
    }
    expect((await t.request('DELETE', `/features/${made[0]?.id}`)).status).toBe(204);
    await expectFeatureStatsExact();
  });

  it('answer the product list total as a full count would', async () => {
    const store = t.service.store;
    const product = Number(await sqlValue(store, "SELECT id FROM products WHERE reference_prefix = 'PLN'"));
    const counted = async (table: string) => Number(await sqlValue(store, `SELECT count(*) FROM ${table} WHERE product_id = ?`, product));
    expect(await total('/products/PLN/features')).toBe(await counted('features'));
    expect(await total('/products/PLN/epics')).toBe(await counted('epics'));
    expect(await total('/products/PLN/initiatives')).toBe(await counted('initiatives'));
    expect(await total('/products/PLN/releases')).toBe(await counted('releases'));
    expect(await total('/products/PLN/goals')).toBe(await counted('goals'));
    expect(await total('/features')).toBe(Number(await sqlValue(store, 'SELECT count(*) FROM features')));
  });
});

describe('filtered totals', () => {
  it('are recounted after every write, never served stale from the cache', async () => {
    const word = `Zq${Date.now().toString(36)}`;
    const path = `/products/PLN/features?q=${word}`;
    expect(await total(path)).toBe(0);
    expect(await total(path)).toBe(0); // now cached
    const release = await makeRelease(t, { name: uniqueName('Filtered') });
    const f = await makeFeature(t, release.reference_num, { name: `${word} one` });
    expect(await total(path)).toBe(1);
    await makeFeature(t, release.reference_num, { name: `${word} two` });
    expect(await total(path)).toBe(2);
    const renamed = await t.request('PUT', `/features/${f.id}`, { feature: { name: 'Something else' } });
    expect(renamed.status).toBe(200);
    expect(await total(path)).toBe(1);
    // A write straight to the database from another connection (on SQLite another handle on the
    // file: data_version; on PostgreSQL another client, as another instance would write) is seen too.
    if (t.service.store.kind === 'sqlite') {
      const other = new (await import('better-sqlite3')).default(`${t.dataDir}/planner.sqlite`);
      try {
        other.prepare('UPDATE features SET name = ? WHERE id = ?').run(`${word} three`, Number(f.id));
      } finally {
        other.close();
      }
    } else {
      await sqlRows(t.service.store, 'UPDATE features SET name = ? WHERE id = ?', `${word} three`, Number(f.id));
    }
    expect(await total(path)).toBe(2);
  });
});

// SQLite's write version (store/write-version.ts); PostgreSQL has none to keep, and caches nothing by it.
describe.skipIf(onPostgres)('the write version', () => {
  it('is read once per turn, and moves at once when this connection writes', async () => {
    const { db, writeVersion } = t.service.store;
    const before = writeVersion();
    expect(writeVersion()).toBe(before);
    // Same turn of the event loop: a write through the store is seen by the very next read.
    await db.updateTable('products').set({ updated_at: new Date().toISOString() }).where('reference_prefix', '=', 'PLN').execute();
    const after = writeVersion();
    expect(after).not.toBe(before);
    // A write with RETURNING goes through the row-reading path and counts too.
    await db.updateTable('products').set({ updated_at: new Date().toISOString() }).where('reference_prefix', '=', 'PLN').returning('id').execute();
    expect(writeVersion()).not.toBe(after);
  });
});

describe('remembered tokens', () => {
  it('are kept across other writes and refused at once when the user or the token changes', async () => {
    const { mintToken } = await import('./auth');
    const store = t.service.store;
    const sam = Number(await sqlValue(store, "SELECT id FROM users WHERE email = 'sam@planner.local'"));
    const token = await mintToken(t.service.store.db, sam, 'remembered');
    const me = () => t.request('GET', '/me', undefined, { token });
    expect((await me()).status).toBe(200);
    await makeRelease(t, { name: uniqueName('Unrelated write') }); // keeps the remembered answer
    expect((await me()).status).toBe(200);
    await sqlRows(store, 'UPDATE users SET enabled = 0 WHERE id = ?', sam);
    try {
      expect((await me()).status).toBe(401);
    } finally {
      await sqlRows(store, 'UPDATE users SET enabled = 1 WHERE id = ?', sam);
    }
    expect((await me()).status).toBe(200);
    await sqlRows(store, "DELETE FROM api_tokens WHERE label = 'remembered'");
    expect((await me()).status).toBe(401);
  });
});
