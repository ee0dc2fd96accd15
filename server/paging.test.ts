// Keyset paging under the page numbers (store/pages.ts seekPage): whichever order pages are asked
// in — first to last, last to first, the same deep page again, after a write — each page holds
// exactly the rows plain OFFSET paging gives.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService } from './test/harness';
import { sqlRows } from './test/sql';
import type { TestService } from './test/harness';
import { makeFeature, makeRelease, uniqueName } from './test/records';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(async () => {
  await t.close();
});

const PER_PAGE = 7;

async function pageIds(path: string, page: number): Promise<string[]> {
  const res = await t.get<{ features: { id: string }[] }>(`${path}${path.includes('?') ? '&' : '?'}per_page=${PER_PAGE}&page=${page}`);
  expect(res.status, res.text).toBe(200);
  return res.body.features.map((f) => f.id);
}

/** The list's ids in its order, straight from the database. */
async function expected(sqlText: string, ...params: unknown[]): Promise<string[]> {
  return (await sqlRows<{ id: number }>(t.service.store, sqlText, ...params)).map((r) => String(r.id));
}

describe('deep pages', () => {
  it('hold the same rows in any order of asking, before and after writes', async () => {
    const release = await makeRelease(t, { name: uniqueName('Paged') });
    const made = [];
    for (let i = 0; i < 40; i++) made.push(await makeFeature(t, release.reference_num, { name: uniqueName('Paged feature') }));
    // Positions out of creation order, so (position, id) is not the id order.
    for (const [i, f] of made.entries()) {
      if (i % 3 === 0) expect((await t.request('PUT', `/features/${f.id}`, { feature: { position: 40 - i } })).status).toBe(200);
    }

    const lists: [string, () => Promise<string[]>][] = [
      [`/releases/${release.id}/features`, () => expected('SELECT id FROM features WHERE release_id = ? ORDER BY position, id', Number(release.id))],
      ['/products/PLN/features', () => expected("SELECT id FROM features WHERE product_id = (SELECT id FROM products WHERE reference_prefix = 'PLN') ORDER BY id DESC")],
    ];
    for (const [path, all] of lists) {
      const check = async (order: number[]) => {
        const ids = await all();
        for (const page of order) {
          expect(await pageIds(path, page), `${path} page ${page}`).toEqual(ids.slice((page - 1) * PER_PAGE, page * PER_PAGE));
        }
      };
      const pages = Math.ceil((await all()).length / PER_PAGE);
      const forward = Array.from({ length: pages + 1 }, (_, i) => i + 1); // and one past the end
      await check(forward);
      await check([...forward].reverse());
      await check([4, 4, 2, 5, 3, 3, 1, 6]);
      // A write moves rows: what was remembered is forgotten, and pages follow the new order.
      const moved = made[5];
      expect((await t.request('PUT', `/features/${moved?.id}`, { feature: { position: 1 } })).status).toBe(200);
      await makeFeature(t, release.reference_num, { name: uniqueName('Paged late') });
      await check([3, 4, 3, 1, 2]);
    }
  });
});
