// The bench's large-data helpers read back through the API (issue 12, bench/browser.ts), on either
// database (bulkSeeders): a record's bulk thread comes out in thread order with replies under
// top-level comments, a bulk notes tree has the asked shape, bulk features come with consecutive
// keys and tags and are found by name, and bulk features, initiatives, epics and ideas leave every
// counter and roll-up sum as their rows say (on PostgreSQL the seeders fill those in one statement
// in place of the per-row triggers); and `fields`, read once per value for a whole list, still
// answers each value as asked when values alternate.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { NOTE_TREE_MAX } from '../src/contract/notes';
import { pickFields } from './http/query';
import { bulkSeeders } from './seed/bulk-postgres';
import { COUNTED_SCOPES, COUNTED_SUBSETS, subsetName } from './store/counts';
import { COMMENTABLE_TYPE_OF } from './store/discussions';
import { fileService } from './test/client';

const { t, api } = await fileService();
const bulk = bulkSeeders(t.service.store);

describe('bench data', () => {
  it('seeds features into a release on either database: consecutive keys, tags, counted, found by name', async () => {
    const product = (await api.call('GET /products/{id}', { params: { id: 'PLN' } })).data().product;
    const made = await t.request<{ release: { id: string } }>('POST', `/products/PLN/releases`, { release: { name: 'Bulk release' } });
    expect(made.status).toBe(200);
    const releaseId = Number(made.body.release.id);
    const result = await bulk.features(Number(product.id), releaseId, 2_500);
    expect(result.inserted).toBe(2_500);
    const page = await t.get<{ features: { reference_num: string; tags?: string[] }[]; pagination: { total_records: number } }>(
      `/releases/${releaseId}/features?per_page=200&fields=reference_num,tags`,
    );
    expect(page.body.pagination.total_records).toBe(2_500);
    expect(page.body.features[0]?.reference_num).toBe(result.firstReference);
    expect(page.body.features.every((f) => (f.tags ?? []).length > 0)).toBe(true);
    const last = await t.get<{ features: { reference_num: string }[] }>(
      `/releases/${releaseId}/features?page=13&per_page=200&fields=reference_num`,
    );
    expect(last.body.features.at(-1)?.reference_num).toBe(result.lastReference);
    const byName = await t.get<{ features: unknown[] }>(`/products/PLN/features?q=${encodeURIComponent('Bulk export')}&per_page=5`);
    expect(byName.body.features.length).toBeGreaterThan(0);
    // The next create takes the number after the seeded ones.
    const next = await t.request<{ feature: { reference_num: string } }>('POST', `/releases/${releaseId}/features`, {
      feature: { name: 'After' },
    });
    expect(Number(next.body.feature.reference_num.split('-').at(-1))).toBe(Number(result.lastReference?.split('-').at(-1)) + 1);
  });

  it('seeds a thread of comments: top-level ones with replies under them, HTML bodies, counted', async () => {
    const product = (await api.call('GET /products/{id}', { params: { id: 'PLN' } })).data().product;
    const releases = await t.get<{ releases: { id: string }[] }>(`/products/${product.id}/releases`);
    const feature = await t.request<{ feature: { id: string } }>('POST', `/releases/${releases.body.releases[0]?.id}/features`, {
      feature: { name: 'Bench thread' },
    });
    expect(feature.status).toBe(200);
    const id = Number(feature.body.feature.id);
    const tops = await bulk.comments({ type: COMMENTABLE_TYPE_OF.Feature, id, productId: Number(product.id) }, 300);

    const list = (
      await api.call('GET /features/{feature_id}/comments', { params: { feature_id: id }, query: { per_page: 200, order: 'oldest' } })
    ).data();
    const next = (
      await api.call('GET /features/{feature_id}/comments', {
        params: { feature_id: id },
        query: { per_page: 200, page: 2, order: 'oldest' },
      })
    ).data();
    const comments = [...list.comments, ...next.comments];
    expect(list.pagination.total_records).toBe(300);
    expect(comments).toHaveLength(300);
    const topIds = comments.filter((c) => c.parent_comment_id === null).map((c) => c.id);
    expect(topIds).toEqual(tops.map(String));
    // About a third are replies, each listed after its own top-level comment.
    const replies = comments.length - topIds.length;
    expect(replies).toBeGreaterThan(40);
    expect(replies).toBeLessThan(150);
    let thread: string | null = null;
    for (const c of comments) {
      if (c.parent_comment_id === null) thread = c.id;
      else expect(c.parent_comment_id).toBe(thread);
      expect(c.body).toMatch(/^<p>.+<\/p>/);
    }
    const shown = await t.get<{ feature: { comments_count: number } }>(`/features/${id}?fields=comments_count`);
    expect(shown.body.feature.comments_count).toBe(300);
  });

  it('seeds a notes tree of 50 top-level notes, each with perParent children, filled in order', async () => {
    const product = (await api.call('GET /products/{id}', { params: { id: 'MOB' } })).data().product;
    const before = (
      await api.call('GET /products/{product_id}/pages', { params: { product_id: product.id }, query: { per_page: NOTE_TREE_MAX } })
    ).data().pages.length;
    const ids = await bulk.notes(Number(product.id), 620, { perParent: 10 });
    const pages = (
      await api.call('GET /products/{product_id}/pages', { params: { product_id: product.id }, query: { per_page: NOTE_TREE_MAX } })
    ).data().pages;
    expect(pages).toHaveLength(before + 620);
    const mine = new Set(ids.map(String));
    const children = new Map<string | null, number>();
    for (const p of pages.filter((n) => mine.has(n.id))) children.set(p.parent_id ?? null, (children.get(p.parent_id ?? null) ?? 0) + 1);
    expect(children.get(null)).toBe(50);
    // 570 under the first 57 notes: the 50 top-level ones and the first 7 of theirs.
    for (const id of ids.slice(0, 57)) expect(children.get(String(id))).toBe(10);
    expect(children.get(String(ids[57]))).toBeUndefined();
  });

  it('seeds features, initiatives, epics and ideas whose counters, roll-up sums and vote totals match their rows', async () => {
    const db = t.service.store.db;
    const product = await db
      .selectFrom('products')
      .select(['id', 'reference_prefix', 'next_feature_num'])
      .where('reference_prefix', '=', 'PLN')
      .executeTakeFirstOrThrow();
    const release = await db
      .selectFrom('releases')
      .select('id')
      .where('product_id', '=', product.id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const features = await bulk.features(product.id, release.id, 700);
    expect(features).toMatchObject({
      inserted: 700,
      firstReference: `PLN-${product.next_feature_num}`,
      lastReference: `PLN-${product.next_feature_num + 699}`,
    });
    const tree = await bulk.initiatives(product.id, 130);
    expect(tree.ids).toHaveLength(130);
    await bulk.epics(product.id, 400, { initiativeIds: tree.ids });
    const ideaIds = await bulk.ideas(product.id, { ideas: 60, votes: 500, heavy: 40 });
    await expect(bulk.features(product.id, 999_999, 1)).rejects.toThrow(/No release/);

    // Every counter of the counted tables equals a count of the rows (zero rows may stay behind deletes).
    for (const [table, columns] of Object.entries(COUNTED_SCOPES)) {
      const counted = new Map(
        (await db.selectFrom('list_counts').select(['scope', 'scope_id', 'n']).where('n', '<>', 0).execute()).map((c) => [
          `${c.scope}:${c.scope_id}`,
          Number(c.n),
        ]),
      );
      const actual = new Map<string, number>();
      const total = await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(db);
      if (Number(total.rows[0]?.n) > 0) actual.set(`${table}:0`, Number(total.rows[0]?.n));
      for (const column of columns) {
        const rows = await sql<{ id: number; n: number }>`SELECT ${sql.ref(column)} AS id, count(*) AS n FROM ${sql.table(table)}
          WHERE ${sql.ref(column)} IS NOT NULL GROUP BY ${sql.ref(column)}`.execute(db);
        for (const r of rows.rows) actual.set(`${table}.${column}:${r.id}`, Number(r.n));
      }
      const mine = new Map([...counted].filter(([key]) => key.startsWith(`${table}:`) || key.startsWith(`${table}.`)));
      expect(mine, table).toEqual(actual);
    }
    // And the counted subsets (the ideas not marked spam): the idea seeder's rows are in them.
    for (const [table, { flag, value, columns }] of Object.entries(COUNTED_SUBSETS)) {
      const name = subsetName(table, flag, value);
      const counted = new Map(
        (await db.selectFrom('list_counts').select(['scope', 'scope_id', 'n']).where('n', '<>', 0).execute())
          .filter((c) => c.scope === name || c.scope.startsWith(`${name}.`))
          .map((c) => [`${c.scope}:${c.scope_id}`, Number(c.n)]),
      );
      const actual = new Map<string, number>();
      const total = await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(table)} WHERE ${sql.ref(flag)} = ${value}`.execute(db);
      if (Number(total.rows[0]?.n) > 0) actual.set(`${name}:0`, Number(total.rows[0]?.n));
      for (const column of columns) {
        const rows = await sql<{ id: number; n: number }>`SELECT ${sql.ref(column)} AS id, count(*) AS n FROM ${sql.table(table)}
          WHERE ${sql.ref(flag)} = ${value} AND ${sql.ref(column)} IS NOT NULL GROUP BY ${sql.ref(column)}`.execute(db);
        for (const r of rows.rows) actual.set(`${name}.${column}:${r.id}`, Number(r.n));
      }
      expect(actual.size, name).toBeGreaterThan(0);
      expect(counted, name).toEqual(actual);
    }
    // The release's roll-up sums per status equal its features' (feature-stats.ts).
    const stats = await db
      .selectFrom('feature_stats')
      .select(['status_id', 'n', 'psum', 'est_total'])
      .where('scope', '=', 'release_id')
      .where('scope_id', '=', release.id)
      .where('n', '<>', 0)
      .orderBy('status_id')
      .execute();
    const sums = await sql<{ status_id: number; n: number; psum: number; est_total: number }>`SELECT workflow_status_id AS status_id,
        count(*) AS n, sum(coalesce(progress, 0)) AS psum,
        sum(CASE WHEN coalesce(detailed_estimate, initial_estimate) > 0 THEN coalesce(detailed_estimate, initial_estimate) ELSE 0 END) AS est_total
      FROM features WHERE release_id = ${release.id} GROUP BY workflow_status_id ORDER BY workflow_status_id`.execute(db);
    expect(stats.map((s) => [s.status_id, Number(s.n), Number(s.psum), Number(s.est_total)])).toEqual(
      sums.rows.map((s) => [s.status_id, Number(s.n), Number(s.psum), Number(s.est_total)]),
    );
    // Each bulk idea's votes are its ledger's; the first carries the heavy votes.
    const votes = await sql<{ id: number; votes: number; ledger: number }>`SELECT i.id, i.votes,
        (SELECT coalesce(sum(v.counted_weight), 0) FROM idea_votes v WHERE v.idea_id = i.id) AS ledger
      FROM ideas i WHERE i.product_id = ${product.id}`.execute(db);
    const bulkIdeas = new Set(ideaIds);
    const seeded = votes.rows.filter((v) => bulkIdeas.has(v.id));
    expect(seeded).toHaveLength(60);
    for (const v of seeded) expect(Number(v.votes), `idea ${v.id}`).toBe(Number(v.ledger));
    expect(votes.rows.find((v) => v.id === ideaIds[0])?.votes).toBe(40);

    // Through the API: the counters answer the lists' totals, the related-idea index finds bulk ideas.
    const list = await t.get<{ pagination: { total_records: number } }>(`/releases/${release.id}/features`);
    const inRelease = await db
      .selectFrom('features')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('release_id', '=', release.id)
      .executeTakeFirstOrThrow();
    expect(list.body.pagination.total_records).toBe(Number(inRelease.n));
    const related = await t.get<{ ideas: { id: string }[] }>('/ideas/related?q=timeline%20export');
    expect(related.status).toBe(200);
    expect(related.body.ideas.some((i) => ideaIds.includes(Number(i.id)))).toBe(true);
  });

  it('picks each fields value as asked when values alternate', () => {
    const record = { id: '1', name: 'A', url: 'u', position: 2 };
    expect(pickFields(record, 'name,position', null)).toEqual({ id: '1', name: 'A', position: 2 });
    expect(pickFields(record, '*', ['id'])).toEqual(record);
    expect(pickFields(record, ' ', ['id', 'url'])).toEqual({ id: '1', url: 'u' });
    expect(pickFields(record, undefined, null)).toEqual(record);
    expect(pickFields(record, 'name,position', null)).toEqual({ id: '1', name: 'A', position: 2 });
    expect(pickFields(record, 'url, nope', null)).toEqual({ id: '1', url: 'u' });
  });
});
