// API tests of linking idea portals to a product (`POST` / `PUT /products/{product_id}/idea_portals`,
// issue 29): a portal serves one product here, so linking moves it; a replace must keep every portal
// the product has; unknown portals and products, members and bad bodies are refused, writing nothing.
import { describe, expect, it } from 'vitest';
import { mintToken } from './auth';
import { fileService } from './test/client';
import { expect422, lastAudit, uniqueName } from './test/records';

const { t, api } = await fileService();

const db = t.service.store.db;
const morgan = await db.selectFrom('users').select('id').where('email', '=', 'morgan@planner.local').executeTakeFirstOrThrow();
const member = await mintToken(db, morgan.id, 'portal-links.test');

/** A portal of its own for a test, in `product`. */
async function newPortal(product: string): Promise<{ id: string; subdomain: string | null }> {
  const { idea_portal } = (
    await api.call('POST /idea_portals', { body: { idea_portal: { product_id: product, title: uniqueName('Linked portal') } } })
  ).data();
  return idea_portal;
}

/** A product of its own, so its portal set is the test's alone. */
let products = 0;
async function newProduct(): Promise<string> {
  const prefix = `PLK${++products}`;
  (await api.call('POST /products', { body: { product: { name: uniqueName('Linking workspace'), prefix } } })).data();
  return prefix;
}

const portalIds = async (product: string): Promise<string[]> =>
  (await api.call('GET /products/{product_id}/idea_portals', { params: { product_id: product }, query: { per_page: 200 } }))
    .data()
    .idea_portals.map((p) => p.id);

describe('POST /products/{product_id}/idea_portals', () => {
  it('links portals of other products by id or subdomain (moving them) and answers every portal of the product', async () => {
    const home = await newProduct();
    const own = await newPortal(home);
    const a = await newPortal('MOB');
    const b = await newPortal('MOB');
    const res = await api.call('POST /products/{product_id}/idea_portals', {
      params: { product_id: home },
      body: { idea_portal_ids: [a.id, b.subdomain ?? '', Number(own.id)] },
    });
    const { idea_portals } = res.data();
    expect(idea_portals.map((p) => p.id)).toEqual([own.id, a.id, b.id]);
    expect(new Set(idea_portals.map((p) => p.product_id))).toEqual(new Set([idea_portals[0]?.product_id]));
    expect(res.body).not.toHaveProperty('pagination');
    expect(await portalIds(home)).toEqual([own.id, a.id, b.id]);
    expect(await portalIds('MOB')).not.toContain(a.id);
    const audit = await lastAudit(t, 'IdeaPortal', a.id);
    expect(audit?.audit_action).toBe('update');
    // Linking again changes nothing; an empty list answers the product's portals.
    expect(
      (
        await api.call('POST /products/{product_id}/idea_portals', { params: { product_id: home }, body: { idea_portal_ids: [a.id] } })
      ).data().idea_portals,
    ).toEqual(idea_portals);
    expect(
      (await api.call('POST /products/{product_id}/idea_portals', { params: { product_id: home }, body: { idea_portal_ids: [] } })).data()
        .idea_portals,
    ).toEqual(idea_portals);
  });

  it('refuses unknown portals and a bad body with 422 on idea_portal_ids, moving nothing', async () => {
    const home = await newProduct();
    const a = await newPortal('MOB');
    const errors = expect422(
      await t.request('POST', `/products/${home}/idea_portals`, { idea_portal_ids: [a.id, '999999', 'no-such-portal'] }),
      'idea_portal_ids',
    );
    expect(errors.idea_portal_ids?.[0]).toContain('"999999", "no-such-portal"');
    expect(await portalIds('MOB')).toContain(a.id);
    expect422(await t.request('POST', `/products/${home}/idea_portals`, {}), 'idea_portal_ids');
    expect422(await t.request('POST', `/products/${home}/idea_portals`, { idea_portal_ids: 'x' }), 'idea_portal_ids');
    expect422(await t.request('POST', `/products/${home}/idea_portals`, { idea_portal_ids: [true] }), 'idea_portal_ids');
    expect422(
      await t.request('POST', `/products/${home}/idea_portals`, { idea_portal_ids: Array.from({ length: 101 }, (_, i) => String(i + 1)) }),
      'idea_portal_ids',
    );
    expect(
      (
        await t.request('POST', `/products/${home}/idea_portals`, undefined, {
          rawBody: '{',
          headers: { 'Content-Type': 'application/json' },
        })
      ).status,
    ).toBe(400);
    expect(await portalIds(home)).toEqual([]);
  });

  it('answers 404 for an unknown product and 403 to members', async () => {
    const a = await newPortal('MOB');
    expect((await t.request('POST', '/products/999999/idea_portals', { idea_portal_ids: [a.id] })).status).toBe(404);
    expect((await t.request('PUT', '/products/NOPE/idea_portals', { idea_portal_ids: [a.id] })).status).toBe(404);
    expect((await t.request('POST', '/products/PLN/idea_portals', { idea_portal_ids: [a.id] }, { token: member })).status).toBe(403);
    expect((await t.request('PUT', '/products/MOB/idea_portals', { idea_portal_ids: [a.id] }, { token: member })).status).toBe(403);
    expect(await portalIds('MOB')).toContain(a.id);
  });
});

describe('PUT /products/{product_id}/idea_portals', () => {
  it("replaces the product's portals: it must name each portal the product has, and may bring others", async () => {
    const home = await newProduct();
    const own = await newPortal(home);
    const other = await newPortal('MOB');
    const errors = expect422(await t.request('PUT', `/products/${home}/idea_portals`, { idea_portal_ids: [other.id] }), 'idea_portal_ids');
    expect(errors.idea_portal_ids?.[0]).toContain(own.id);
    expect(await portalIds('MOB')).toContain(other.id);
    const { idea_portals } = (
      await api.call('PUT /products/{product_id}/idea_portals', {
        params: { product_id: home },
        body: { idea_portal_ids: [other.id, own.id] },
      })
    ).data();
    expect(idea_portals.map((p) => p.id)).toEqual([own.id, other.id]);
    // The moved portal now serves its new product's ideas.
    const shown = (await api.call('GET /idea_portals/{id}', { params: { id: other.id } })).data().idea_portal;
    expect(shown.product_id).toBe(idea_portals[0]?.product_id);
  });
});
