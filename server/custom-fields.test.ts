// API tests of custom field definitions (read-only: the seed defines them): the account's list and a
// product's, their filters (record kind in any case, product by id or prefix) and paging, a field's
// options in the hosted shape, every answer parsed with the contract, and 400/401/404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../src/contract/common';
import {
  customFieldDefinitionPage,
  customFieldOptionsEnvelope,
  type CustomFieldDefinition,
} from '../src/contract/custom-fields';
import { startTestService } from './test/harness';
import type { TestService } from './test/harness';

let t: TestService;
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The demo seed defines Epic fields only (PLN: risk, customer, target_arr; MOB: risk). This file adds
 * an Initiative field to PLN, to filter by record kind, and an Epic date field to MOB that no epic
 * has a value for, to show a field is listed whether or not records use it.
 */
const fixture = {
  plnId: '',
  mobId: '',
  initiativeField: '',
  mobDateField: '',
};

const list = async (path: string) => {
  const res = await t.get(path);
  expect(res.status, res.text).toBe(200);
  expect(res.headers.get('content-type')).toBe(JSON_TYPE);
  return customFieldDefinitionPage.parse(res.body);
};
const keysOf = (defs: readonly CustomFieldDefinition[]) =>
  defs.map((d) => `${d.custom_fieldable_type}:${d.product_id}:${d.key}`);

beforeAll(async () => {
  t = await startTestService();
  const db = t.service.store.db;
  const products = await db.selectFrom('products').select(['id', 'reference_prefix']).execute();
  const plnId = products.find((p) => p.reference_prefix === 'PLN')?.id ?? 0;
  const mobId = products.find((p) => p.reference_prefix === 'MOB')?.id ?? 0;
  fixture.plnId = String(plnId);
  fixture.mobId = String(mobId);
  const insert = async (values: {
    product_id: number;
    record_type: string;
    key: string;
    name: string;
    field_type: string;
    options?: string;
    position: number;
  }) =>
    String(
      (
        await db
          .insertInto('custom_field_definitions')
          .values(values)
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  fixture.initiativeField = await insert({
    product_id: plnId,
    record_type: 'Initiative',
    key: 'theme',
    name: 'Theme',
    field_type: 'select',
    options: JSON.stringify(['Growth', 'Retention']),
    position: 1,
  });
  fixture.mobDateField = await insert({
    product_id: mobId,
    record_type: 'Epic',
    key: 'launch_on',
    name: 'Launch day',
    field_type: 'date',
    // Left over from an earlier select type: not choices of a date field.
    options: JSON.stringify(['stale']),
    position: 2,
  });
});

afterAll(async () => {
  await t.close();
});

describe('GET /custom_field_definitions', () => {
  it('lists every definition of the account in the hosted shape, by product, kind and position', async () => {
    const page = await list('/custom_field_definitions');
    expect(keysOf(page.custom_field_definitions)).toEqual([
      `Epic:${fixture.plnId}:risk`,
      `Epic:${fixture.plnId}:customer`,
      `Epic:${fixture.plnId}:target_arr`,
      `Initiative:${fixture.plnId}:theme`,
      `Epic:${fixture.mobId}:risk`,
      `Epic:${fixture.mobId}:launch_on`,
    ]);
    expect(page.pagination).toEqual({ total_records: 6, total_pages: 1, current_page: 1 });
    const [risk, customer, arr] = page.custom_field_definitions;
    expect(risk).toEqual({
      id: expect.stringMatching(/^\d+$/) as unknown,
      key: 'risk',
      name: 'Risk',
      type: 'select',
      internal_name: null,
      custom_fieldable_type: 'Epic',
      product_id: fixture.plnId,
      position: 1,
      options: ['Low', 'Medium', 'High'],
    });
    expect(customer).toMatchObject({
      key: 'customer',
      name: 'Requesting customer',
      type: 'string',
      options: [],
      position: 2,
    });
    expect(arr).toMatchObject({
      key: 'target_arr',
      name: 'Target ARR',
      type: 'number',
      options: [],
      position: 3,
    });
  });

  it('lists a field no record has a value for, and every option of a select whether used or not', async () => {
    const page = await list(`/custom_field_definitions?product=MOB&custom_fieldable_type=Epic`);
    expect(page.custom_field_definitions.map((d) => [d.key, d.type, d.options])).toEqual([
      ['risk', 'select', ['Low', 'Medium', 'High']],
      // Stale options of a non-select field are not offered.
      ['launch_on', 'date', []],
    ]);
    // No MOB epic uses Medium, and none has a launch day.
    const epics = await t.get<{ epics: { custom_fields: { key: string; value: unknown }[] }[] }>(
      '/products/MOB/epics?fields=custom_fields&per_page=200',
    );
    const used = epics.body.epics.flatMap((e) =>
      e.custom_fields.map((cf) => `${cf.key}=${String(cf.value)}`),
    );
    expect(used).not.toContain('risk=Medium');
    expect(used.some((u) => u.startsWith('launch_on='))).toBe(false);
  });

  it('filters by record kind in any case; an unknown kind or product is an empty page, a blank one no filter', async () => {
    for (const kind of ['Epic', 'epic', 'EPIC']) {
      const page = await list(`/custom_field_definitions?custom_fieldable_type=${kind}`);
      expect(
        page.custom_field_definitions.every((d) => d.custom_fieldable_type === 'Epic'),
        kind,
      ).toBe(true);
      expect(page.pagination.total_records, kind).toBe(5);
    }
    const initiative = await list('/custom_field_definitions?custom_fieldable_type=initiative');
    expect(initiative.custom_field_definitions.map((d) => d.id)).toEqual([fixture.initiativeField]);

    for (const q of [
      'custom_fieldable_type=Widget',
      'product=NOPE',
      'product=99999999',
      'product=PLN&custom_fieldable_type=Feature',
    ]) {
      const page = await list(`/custom_field_definitions?${q}`);
      expect(page.custom_field_definitions, q).toEqual([]);
      expect(page.pagination, q).toEqual({ total_records: 0, total_pages: 0, current_page: 1 });
    }
    expect(
      (await list('/custom_field_definitions?custom_fieldable_type=&product=%20')).pagination.total_records,
    ).toBe(6);
  });

  it('filters by product id or prefix in any case', async () => {
    for (const product of [fixture.plnId, 'PLN', 'pln']) {
      const page = await list(`/custom_field_definitions?product=${product}`);
      expect(new Set(page.custom_field_definitions.map((d) => d.product_id)), product).toEqual(
        new Set([fixture.plnId]),
      );
      expect(page.pagination.total_records, product).toBe(4);
    }
    const epicsOfPln = await list(`/custom_field_definitions?product=pln&custom_fieldable_type=Epic`);
    expect(epicsOfPln.custom_field_definitions.map((d) => d.key)).toEqual(['risk', 'customer', 'target_arr']);
  });

  it('pages with page and per_page, keeping the order and the total', async () => {
    const all = (await list('/custom_field_definitions')).custom_field_definitions.map((d) => d.id);
    const seen: string[] = [];
    for (const n of [1, 2, 3]) {
      const page = await list(`/custom_field_definitions?per_page=2&page=${n}`);
      expect(page.pagination).toEqual({ total_records: 6, total_pages: 3, current_page: n });
      seen.push(...page.custom_field_definitions.map((d) => d.id));
    }
    expect(seen).toEqual(all);
    const past = await list('/custom_field_definitions?per_page=2&page=4');
    expect(past.custom_field_definitions).toEqual([]);
    expect(past.pagination).toEqual({ total_records: 6, total_pages: 3, current_page: 4 });
  });

  it('answers 400 naming the parameter for bad paging or an over-long filter', async () => {
    const long = 'x'.repeat(101);
    for (const q of [
      'page=0',
      'page=x',
      'per_page=0',
      'per_page=201',
      'per_page=1.5',
      `custom_fieldable_type=${long}`,
      `product=${long}`,
    ]) {
      const res = await t.get(`/custom_field_definitions?${q}`);
      expect(res.status, q).toBe(400);
      expect(errorBodySchema.parse(res.body).errors?.[q.split('=')[0] ?? ''], q).toBeDefined();
    }
  });
});

describe('GET /products/:product_id/custom_field_definitions', () => {
  it("lists the product's definitions by id or prefix, filtered by kind in any case", async () => {
    for (const product of ['PLN', 'pln', fixture.plnId]) {
      const page = await list(`/products/${product}/custom_field_definitions`);
      expect(
        page.custom_field_definitions.map((d) => d.key),
        product,
      ).toEqual(['risk', 'customer', 'target_arr', 'theme']);
    }
    const epics = await list('/products/PLN/custom_field_definitions?custom_fieldable_type=epic');
    expect(epics.custom_field_definitions.map((d) => d.key)).toEqual(['risk', 'customer', 'target_arr']);
    const mob = await list('/products/MOB/custom_field_definitions?custom_fieldable_type=Epic');
    expect(mob.custom_field_definitions.map((d) => d.key)).toEqual(['risk', 'launch_on']);
    expect(
      (await list('/products/MOB/custom_field_definitions?custom_fieldable_type=Initiative'))
        .custom_field_definitions,
    ).toEqual([]);
  });

  it('refuses a product parameter (the path names the product) rather than ignore it, and pages', async () => {
    const refused = await t.get('/products/MOB/custom_field_definitions?product=PLN');
    expect(refused.status).toBe(400);
    expect(errorBodySchema.parse(refused.body).errors?.product?.[0]).toMatch(/is not a parameter of GET \/products\/\{product_id\}\/custom_field_definitions: this operation reads page, per_page/);
    const page = await list('/products/MOB/custom_field_definitions?per_page=1&page=2');
    expect(page.custom_field_definitions.map((d) => [d.product_id, d.key])).toEqual([
      [fixture.mobId, 'launch_on'],
    ]);
    expect(page.pagination).toEqual({ total_records: 2, total_pages: 2, current_page: 2 });
  });

  it('404s for an unknown product and 400s for bad paging', async () => {
    for (const product of ['NOPE', '99999999', '0']) {
      const res = await t.get(`/products/${product}/custom_field_definitions`);
      expect(res.status, product).toBe(404);
      expect(errorBodySchema.safeParse(res.body).success).toBe(true);
    }
    const bad = await t.get('/products/PLN/custom_field_definitions?per_page=500');
    expect(bad.status).toBe(400);
    expect(errorBodySchema.parse(bad.body).errors?.per_page).toBeDefined();
  });
});

describe('GET /custom_field_definitions/:id/options', () => {
  it("answers a select field's options in the hosted shape, the text as value, in order", async () => {
    const risk = (await list('/products/PLN/custom_field_definitions?custom_fieldable_type=Epic'))
      .custom_field_definitions[0];
    const res = await t.get(`/custom_field_definitions/${risk?.id ?? ''}/options`);
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toBe(JSON_TYPE);
    expect(customFieldOptionsEnvelope.parse(res.body)).toEqual({
      options: [
        { text: 'Low', value: 'Low', meta: { color: null } },
        { text: 'Medium', value: 'Medium', meta: { color: null } },
        { text: 'High', value: 'High', meta: { color: null } },
      ],
    });
    const theme = customFieldOptionsEnvelope.parse(
      (await t.get(`/custom_field_definitions/${fixture.initiativeField}/options`)).body,
    );
    expect(theme.options.map((o) => o.text)).toEqual(['Growth', 'Retention']);
  });

  it('answers no options for the other types', async () => {
    const customer = (await list('/products/PLN/custom_field_definitions')).custom_field_definitions.find(
      (d) => d.key === 'customer',
    );
    for (const id of [customer?.id ?? '', fixture.mobDateField]) {
      const res = await t.get(`/custom_field_definitions/${id}/options`);
      expect(res.status, id).toBe(200);
      expect(customFieldOptionsEnvelope.parse(res.body).options, id).toEqual([]);
    }
  });

  it('404s for an unknown, non-numeric or out-of-range id', async () => {
    for (const id of ['99999999', 'risk', '0', '99999999999999999999']) {
      const res = await t.get(`/custom_field_definitions/${id}/options`);
      expect(res.status, id).toBe(404);
      expect(errorBodySchema.parse(res.body).error, id).toMatch(/not found/);
    }
  });
});

describe('authentication', () => {
  it('answers 401 with WWW-Authenticate without a token or with a wrong one', async () => {
    const paths = [
      '/custom_field_definitions',
      '/products/PLN/custom_field_definitions',
      `/custom_field_definitions/${fixture.initiativeField}/options`,
    ];
    for (const path of paths) {
      for (const token of [null, 'not-a-real-token-0000000000']) {
        const res = await t.request('GET', path, undefined, { token });
        expect(res.status, `${path} ${String(token)}`).toBe(401);
        expect(res.headers.get('www-authenticate')).toBe('Bearer');
        expect(errorBodySchema.safeParse(res.body).success).toBe(true);
      }
    }
  });
});
