// The bench's large-data helpers read back through the API (issue 12, bench/browser.ts): a record's
// bulk thread comes out in thread order with replies under top-level comments, a bulk notes tree has
// the asked shape; and `fields`, read once per value for a whole list, still answers each value
// as asked when values alternate.
import { describe, expect, it } from 'vitest';
import { NOTE_TREE_MAX } from '../src/contract/notes';
import { pickFields } from './http/query';
import { seedBulk, seedBulkComments, seedBulkNotes } from './seed/bulk';
import { seedBulkPostgres } from './seed/bulk-postgres';
import { onPostgres } from './test/harness';
import { COMMENTABLE_TYPE_OF } from './store/discussions';
import { fileService } from './test/client';

const { t, api } = await fileService();

describe('bench data', () => {
  it('seeds features into a release on either database: consecutive keys, tags, counted, found by name', async () => {
    const product = (await api.call('GET /products/{id}', { params: { id: 'PLN' } })).data().product;
    const made = await t.request<{ release: { id: string } }>('POST', `/products/PLN/releases`, { release: { name: 'Bulk release' } });
    expect(made.status).toBe(200);
    const releaseId = Number(made.body.release.id);
    const { store } = t.service;
    const result =
      store.kind === 'postgres'
        ? await seedBulkPostgres(store.db, Number(product.id), releaseId, 2_500)
        : seedBulk(store, Number(product.id), releaseId, 2_500);
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

  // The comment and notes seeders write through better-sqlite3 (browser bench data, SQLite only).
  it.skipIf(onPostgres)('seeds a thread of comments: top-level ones with replies under them, HTML bodies, counted', async () => {
    const product = (await api.call('GET /products/{id}', { params: { id: 'PLN' } })).data().product;
    const releases = await t.get<{ releases: { id: string }[] }>(`/products/${product.id}/releases`);
    const feature = await t.request<{ feature: { id: string } }>('POST', `/releases/${releases.body.releases[0]?.id}/features`, {
      feature: { name: 'Bench thread' },
    });
    expect(feature.status).toBe(200);
    const id = Number(feature.body.feature.id);
    const tops = seedBulkComments(t.service.store, { type: COMMENTABLE_TYPE_OF.Feature, id, productId: Number(product.id) }, 300);

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

  it.skipIf(onPostgres)('seeds a notes tree of 50 top-level notes, each with perParent children, filled in order', async () => {
    const product = (await api.call('GET /products/{id}', { params: { id: 'MOB' } })).data().product;
    const before = (
      await api.call('GET /products/{product_id}/pages', { params: { product_id: product.id }, query: { per_page: NOTE_TREE_MAX } })
    ).data().pages.length;
    const ids = seedBulkNotes(t.service.store, Number(product.id), 620, { perParent: 10 });
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
