// API tests of custom fields: the definitions (read-only: the seed defines them) — the account's list
// and a product's, their filters (record kind in any case, product by id or prefix) and paging, a
// field's options in the hosted shape, every answer parsed with the contract, and 400/401/404 — and
// the values of the list and address types (multi-select, users, url) on epics and initiatives:
// stored and answered in their canonical form, every bad value a 422 on `custom_fields.<key>` with
// nothing written, and the list filters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userPage } from '../src/contract/account';
import type { User } from '../src/contract/account';
import { errorBodySchema } from '../src/contract/common';
import { customFieldDefinitionPage, customFieldOptionsEnvelope, type CustomFieldDefinition } from '../src/contract/custom-fields';
import { epicEnvelope, epicPage } from '../src/contract/epics';
import type { Epic } from '../src/contract/epics';
import { initiativeEnvelope, initiativePage } from '../src/contract/initiatives';
import { startTestService } from './test/harness';
import type { TestService } from './test/harness';
import { expectOk, expectOnlyFields, lastAudit, makeEpic, makeInitiative, makeRelease, rowCounts } from './test/records';

let t: TestService;
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The demo seed defines Epic fields (PLN: risk, customer, target_arr; MOB: risk) and, in PLN, Feature,
 * Idea and Initiative fields of every type (seed/layouts.ts). This file adds an Initiative select to
 * PLN, to filter by record kind, and an Epic date field to MOB that no epic has a value for, to show a
 * field is listed whether or not records use it.
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
const keysOf = (defs: readonly CustomFieldDefinition[]) => defs.map((d) => `${d.custom_fieldable_type}:${d.product_id}:${d.key}`);

/** PLN's fields by kind in list order (position, then id: this file's `theme` shares position 1 with the seed's `okr_url`). */
const PLN_FIELDS = {
  Epic: ['risk', 'customer', 'target_arr'],
  Feature: ['customer_impact', 'platforms', 'spec_url', 'reviewers', 'launch_date', 'revenue_impact', 'success_criteria'],
  Idea: ['segment', 'source_url'],
  Initiative: ['okr_url', 'theme', 'sponsors'],
};
const PLN_KEYS = Object.values(PLN_FIELDS).flat();
/** Every definition of the account: PLN's, then MOB's two Epic fields. */
const TOTAL = PLN_KEYS.length + 2;

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
  }) => String((await db.insertInto('custom_field_definitions').values(values).returning('id').executeTakeFirstOrThrow()).id);
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
      ...Object.entries(PLN_FIELDS).flatMap(([kind, keys]) => keys.map((key) => `${kind}:${fixture.plnId}:${key}`)),
      `Epic:${fixture.mobId}:risk`,
      `Epic:${fixture.mobId}:launch_on`,
    ]);
    expect(page.pagination).toEqual({ total_records: TOTAL, total_pages: 1, current_page: 1 });
    // The seed's fields of the list and address types are answered as their own types.
    const types = Object.fromEntries(
      page.custom_field_definitions.filter((d) => d.custom_fieldable_type === 'Feature').map((d) => [d.key, [d.type, d.options]]),
    );
    expect(types).toMatchObject({
      platforms: ['multi_select', ['Web', 'iOS', 'Android', 'API']],
      spec_url: ['url', []],
      reviewers: ['users', []],
    });
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
    const used = epics.body.epics.flatMap((e) => e.custom_fields.map((cf) => `${cf.key}=${String(cf.value)}`));
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
    expect(initiative.custom_field_definitions.map((d) => d.key)).toEqual(PLN_FIELDS.Initiative);
    expect(initiative.custom_field_definitions.map((d) => d.id)).toContain(fixture.initiativeField);

    for (const q of ['custom_fieldable_type=Widget', 'product=NOPE', 'product=99999999', 'product=PLN&custom_fieldable_type=Requirement']) {
      const page = await list(`/custom_field_definitions?${q}`);
      expect(page.custom_field_definitions, q).toEqual([]);
      expect(page.pagination, q).toEqual({ total_records: 0, total_pages: 0, current_page: 1 });
    }
    expect((await list('/custom_field_definitions?custom_fieldable_type=&product=%20')).pagination.total_records).toBe(TOTAL);
  });

  it('filters by product id or prefix in any case', async () => {
    for (const product of [fixture.plnId, 'PLN', 'pln']) {
      const page = await list(`/custom_field_definitions?product=${product}`);
      expect(new Set(page.custom_field_definitions.map((d) => d.product_id)), product).toEqual(new Set([fixture.plnId]));
      expect(page.pagination.total_records, product).toBe(PLN_KEYS.length);
    }
    const epicsOfPln = await list(`/custom_field_definitions?product=pln&custom_fieldable_type=Epic`);
    expect(epicsOfPln.custom_field_definitions.map((d) => d.key)).toEqual(['risk', 'customer', 'target_arr']);
  });

  it('pages with page and per_page, keeping the order and the total', async () => {
    const all = (await list('/custom_field_definitions')).custom_field_definitions.map((d) => d.id);
    const seen: string[] = [];
    const pages = Math.ceil(TOTAL / 2);
    for (let n = 1; n <= pages; n++) {
      const page = await list(`/custom_field_definitions?per_page=2&page=${n}`);
      expect(page.pagination).toEqual({ total_records: TOTAL, total_pages: pages, current_page: n });
      seen.push(...page.custom_field_definitions.map((d) => d.id));
    }
    expect(seen).toEqual(all);
    const past = await list(`/custom_field_definitions?per_page=2&page=${pages + 1}`);
    expect(past.custom_field_definitions).toEqual([]);
    expect(past.pagination).toEqual({ total_records: TOTAL, total_pages: pages, current_page: pages + 1 });
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
      ).toEqual(PLN_KEYS);
    }
    const epics = await list('/products/PLN/custom_field_definitions?custom_fieldable_type=epic');
    expect(epics.custom_field_definitions.map((d) => d.key)).toEqual(['risk', 'customer', 'target_arr']);
    const mob = await list('/products/MOB/custom_field_definitions?custom_fieldable_type=Epic');
    expect(mob.custom_field_definitions.map((d) => d.key)).toEqual(['risk', 'launch_on']);
    expect((await list('/products/MOB/custom_field_definitions?custom_fieldable_type=Initiative')).custom_field_definitions).toEqual([]);
  });

  it('refuses a product parameter (the path names the product) rather than ignore it, and pages', async () => {
    const refused = await t.get('/products/MOB/custom_field_definitions?product=PLN');
    expect(refused.status).toBe(400);
    expect(errorBodySchema.parse(refused.body).errors?.product?.[0]).toMatch(
      /is not a parameter of GET \/products\/\{product_id\}\/custom_field_definitions: this operation reads page, per_page/,
    );
    const page = await list('/products/MOB/custom_field_definitions?per_page=1&page=2');
    expect(page.custom_field_definitions.map((d) => [d.product_id, d.key])).toEqual([[fixture.mobId, 'launch_on']]);
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
    const risk = (await list('/products/PLN/custom_field_definitions?custom_fieldable_type=Epic')).custom_field_definitions[0];
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
    const theme = customFieldOptionsEnvelope.parse((await t.get(`/custom_field_definitions/${fixture.initiativeField}/options`)).body);
    expect(theme.options.map((o) => o.text)).toEqual(['Growth', 'Retention']);
  });

  it('answers no options for the other types', async () => {
    const customer = (await list('/products/PLN/custom_field_definitions')).custom_field_definitions.find((d) => d.key === 'customer');
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

// ---------------------------------------------------------------------------------------------
// Values of the list and address types

describe('multi-select, users and url values', () => {
  // A service of its own: the definitions above are counted exactly, and these tests disable users.
  let v: TestService;
  const f = { release: '', users: [] as User[], disabledId: '', goneEmail: 'gone@planner.local' };
  const OPTIONS = ['Web', 'API', 'Desktop'];
  const COUNTED = ['epics', 'initiatives', 'custom_field_values', 'audits'] as const;

  const user = (email: string): User => {
    const found = f.users.find((u) => u.email === email);
    if (!found) throw new Error(`no user ${email}`);
    return found;
  };
  const valuesOf = (record: { custom_fields: { key: string; value: unknown }[] }) =>
    Object.fromEntries(record.custom_fields.map((cf) => [cf.key, cf.value]));
  const storedText = async (recordId: string, key: string) =>
    (
      await v.service.store.db
        .selectFrom('custom_field_values as cv')
        .innerJoin('custom_field_definitions as d', 'd.id', 'cv.field_id')
        .select('cv.value')
        .where('cv.record_type', '=', 'Epic')
        .where('cv.record_id', '=', Number(recordId))
        .where('d.key', '=', key)
        .executeTakeFirst()
    )?.value;
  const postEpic = (custom_fields: unknown) =>
    v.request('POST', `/releases/${f.release}/epics`, { epic: { name: 'Listed', custom_fields } });
  const putEpic = (id: string, custom_fields: unknown) => v.request('PUT', `/epics/${id}`, { epic: { custom_fields } });
  const createEpic = async (custom_fields: Record<string, unknown>): Promise<Epic> => makeEpic(v, f.release, { custom_fields });
  const listIds = async (path: string) => expectOk(await v.get(path), epicPage).epics.map((e) => e.id);

  beforeAll(async () => {
    v = await startTestService();
    const db = v.service.store.db;
    const pln = await db.selectFrom('products').select('id').where('reference_prefix', '=', 'PLN').executeTakeFirstOrThrow();
    const def = (record_type: string, key: string, name: string, field_type: string, position: number, options: string[] = []) => ({
      product_id: pln.id,
      record_type,
      key,
      name,
      field_type,
      options: JSON.stringify(options),
      position,
    });
    await db
      .insertInto('custom_field_definitions')
      .values([
        def('Epic', 'platforms', 'Platforms', 'multi_select', 10, OPTIONS),
        def('Epic', 'reviewers', 'Reviewers', 'users', 11),
        def('Epic', 'homepage', 'Home page', 'url', 12),
      ])
      .execute();
    const now = new Date().toISOString();
    const gone = await db
      .insertInto('users')
      .values({ name: 'Gone Away', email: f.goneEmail, administrator: 0, enabled: 0, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    f.disabledId = String(gone.id);
    f.users = userPage.parse((await v.get('/users?per_page=200')).body).users;
    f.release = (await makeRelease(v)).reference_num;
  });

  afterAll(async () => {
    await v.close();
  });

  it('lists the new types with their options, and a multi-select’s options in the hosted shape', async () => {
    const page = customFieldDefinitionPage.parse((await v.get('/products/PLN/custom_field_definitions?custom_fieldable_type=Epic')).body);
    const byKey = Object.fromEntries(page.custom_field_definitions.map((d) => [d.key, d]));
    expect([byKey.platforms?.type, byKey.reviewers?.type, byKey.homepage?.type]).toEqual(['multi_select', 'users', 'url']);
    expect(byKey.platforms?.options).toEqual(OPTIONS);
    expect([byKey.reviewers?.options, byKey.homepage?.options]).toEqual([[], []]);
    const options = customFieldOptionsEnvelope.parse((await v.get(`/custom_field_definitions/${byKey.platforms?.id ?? ''}/options`)).body);
    expect(options.options.map((o) => o.text)).toEqual(OPTIONS);
  });

  it('stores each type canonically and answers lists as lists of texts', async () => {
    const [admin, morgan, sam] = [user('admin@planner.local'), user('morgan@planner.local'), user('sam@planner.local')];
    const epic = await createEpic({
      // Any case, repeated, out of order: the options' own spelling, once each, in their order.
      platforms: ['desktop', 'Web', 'WEB'],
      // A number, an email in another case and a numeric text.
      reviewers: [Number(sam.id), 'MORGAN@planner.local', admin.id],
      homepage: '  https://example.com/docs?tab=1#top  ',
    });
    const ascending = [admin.id, morgan.id, sam.id].sort((a, b) => Number(a) - Number(b));
    expect(valuesOf(epic)).toMatchObject({
      platforms: ['Web', 'Desktop'],
      reviewers: ascending,
      homepage: 'https://example.com/docs?tab=1#top',
    });
    expect(epic.custom_fields.filter((cf) => ['platforms', 'reviewers', 'homepage'].includes(cf.key)).map((cf) => cf.type)).toEqual([
      'multi_select',
      'users',
      'url',
    ]);
    expect(await storedText(epic.id, 'platforms')).toBe('["Web","Desktop"]');
    expect(await storedText(epic.id, 'reviewers')).toBe(JSON.stringify(ascending));
    // The raw answer, not only what the contract makes of it.
    const raw = (await v.get(`/epics/${epic.id}`)).body as { epic: { custom_fields: { key: string; value: unknown }[] } };
    expect(valuesOf(raw.epic)).toMatchObject({ platforms: ['Web', 'Desktop'], reviewers: ascending });
    // The audit keeps lists as lists.
    const changes = JSON.parse((await lastAudit(v, 'Epic', epic.id)).changes) as Record<string, [unknown, unknown]>;
    expect(changes.custom_fields).toEqual([
      null,
      { platforms: ['Web', 'Desktop'], reviewers: ascending, homepage: 'https://example.com/docs?tab=1#top' },
    ]);

    // Comma-separated text, as the hosted service takes it; http is an address too.
    const hosted = expectOk(
      await putEpic(epic.id, { platforms: 'api, desktop', reviewers: `${sam.id}, admin@planner.local`, homepage: 'http://intranet.local' }),
      epicEnvelope,
    ).epic;
    expect(valuesOf(hosted)).toMatchObject({
      platforms: ['API', 'Desktop'],
      reviewers: [admin.id, sam.id].sort((a, b) => Number(a) - Number(b)),
      homepage: 'http://intranet.local',
    });
    // The same set in another order and case is no change: nothing audited for it.
    const before = await lastAudit(v, 'Epic', epic.id);
    expectOk(await putEpic(epic.id, { platforms: ['DESKTOP', 'api'] }), epicEnvelope);
    expect((await lastAudit(v, 'Epic', epic.id)).id).toBe(before.id);

    // An empty list, null and '' each clear.
    const cleared = expectOk(await putEpic(epic.id, { platforms: [], reviewers: null, homepage: '' }), epicEnvelope).epic;
    expect(cleared.custom_fields.map((cf) => cf.key)).not.toEqual(expect.arrayContaining(['platforms']));
    expect(cleared.custom_fields.filter((cf) => ['platforms', 'reviewers', 'homepage'].includes(cf.key))).toEqual([]);
    expect(await storedText(epic.id, 'platforms')).toBeUndefined();
  });

  it('refuses every bad value with a 422 on custom_fields.<key> and writes nothing', async () => {
    const long = `https://example.com/${'a'.repeat(2_000)}`;
    const cases: [string, Record<string, unknown>, string, RegExp][] = [
      ['an option that is not one', { platforms: ['Mobile'] }, 'platforms', /^"Mobile" is not one of: Web, API, Desktop$/],
      ['one bad option among good ones', { platforms: ['Web', 'TV'] }, 'platforms', /^"TV" is not one of: Web, API, Desktop$/],
      ['a comma text with an unknown option', { platforms: 'Web, Mobile' }, 'platforms', /^"Mobile" is not one of/],
      ['an unknown option as one text', { platforms: 'Mobile' }, 'platforms', /^"Mobile" is not one of/],
      ['too many items', { platforms: Array.from({ length: 101 }, () => 'Web') }, 'platforms', /^has too many items \(at most 100\)$/],
      ['an item over 255 characters', { platforms: ['Web', 'x'.repeat(256)] }, 'platforms', /^has an item over 255 characters \(item 2\)$/],
      ['a list of non-texts', { platforms: [true] }, 'platforms', /^must be text, a number, a list of texts or numbers, or null$/],
      ['an object', { reviewers: { id: 1 } }, 'reviewers', /^must be text, a number, a list of texts or numbers, or null$/],
      ['an unknown user id', { reviewers: [99999999] }, 'reviewers', /^"99999999" is not the email or id of a user$/],
      ['an unknown email', { reviewers: ['nobody@example.com'] }, 'reviewers', /^"nobody@example.com" is not the email or id of a user$/],
      ['a disabled user by id', { reviewers: [f.disabledId] }, 'reviewers', new RegExp(`^"${f.disabledId}" is a disabled user$`)],
      ['a disabled user by email', { reviewers: f.goneEmail }, 'reviewers', /^"gone@planner.local" is a disabled user$/],
      [
        'a script address',
        { homepage: 'javascript:alert(1)' },
        'homepage',
        /^must be a web address starting with http:\/\/ or https:\/\/$/,
      ],
      ['another scheme', { homepage: 'ftp://files.example.com' }, 'homepage', /^must be a web address/],
      ['no scheme', { homepage: 'www.acme.com' }, 'homepage', /^must be a web address/],
      ['no host', { homepage: 'https://' }, 'homepage', /^must be a web address/],
      ['a space inside', { homepage: 'https://exa mple.com' }, 'homepage', /^must be a web address/],
      ['a data address', { homepage: 'data:text/html,<script>alert(1)</script>' }, 'homepage', /^must be a web address/],
      ['over 2,000 characters', { homepage: long }, 'homepage', /^is too long \(at most 2000 characters\)$/],
      ['a list for a one-value type', { homepage: ['https://example.com'] }, 'homepage', /^must be one value, not a list$/],
    ];
    const epic = await createEpic({ platforms: ['API'], homepage: 'https://keep.example.com' });
    for (const [what, custom, key, message] of cases) {
      const counts = await rowCounts(v, COUNTED);
      for (const res of [await postEpic(custom), await putEpic(epic.id, custom)]) {
        const errors = expectOnlyFields(res, `custom_fields.${key}`);
        expect(errors[`custom_fields.${key}`]?.[0], what).toMatch(message);
      }
      expect(await rowCounts(v, COUNTED), what).toEqual(counts);
    }
    // Every bad item is named, each once.
    const several = expectOnlyFields(
      await postEpic({ platforms: ['TV', 'Web', 'Mobile', 'tv'], reviewers: [1, 'x@y.z', 99999999] }),
      'custom_fields.platforms',
      'custom_fields.reviewers',
    );
    expect(several['custom_fields.platforms']).toEqual([
      '"TV" is not one of: Web, API, Desktop',
      '"Mobile" is not one of: Web, API, Desktop',
    ]);
    expect(several['custom_fields.reviewers']).toEqual([
      '"x@y.z" is not the email or id of a user',
      '"99999999" is not the email or id of a user',
    ]);
    // The refused updates left the stored values as they were.
    expect(valuesOf(expectOk(await v.get(`/epics/${epic.id}`), epicEnvelope).epic)).toMatchObject({
      platforms: ['API'],
      homepage: 'https://keep.example.com',
    });
  });

  it('filters a list field by one item: the records whose list holds it', async () => {
    const [admin, sam] = [user('admin@planner.local'), user('sam@planner.local')];
    const release = (await makeRelease(v)).reference_num;
    const make = (custom_fields: Record<string, unknown>) => makeEpic(v, release, { custom_fields });
    const webApi = await make({ platforms: ['Web', 'API'], reviewers: [sam.id] });
    const web = await make({ platforms: ['Web'], reviewers: [admin.id, sam.id] });
    const desktop = await make({ platforms: ['Desktop'], homepage: 'https://example.com' });
    await make({});
    const path = `/releases/${release}/epics`;
    expect(await listIds(`${path}?custom_fields[platforms]=web`)).toEqual([webApi.id, web.id]);
    expect(await listIds(`${path}?custom_fields[platforms]=API`)).toEqual([webApi.id]);
    expect(await listIds(`${path}?custom_fields[platforms]=Desktop&custom_fields[homepage]=https://example.com`)).toEqual([desktop.id]);
    // A user by id or by email in any case; every pair must match.
    expect(await listIds(`${path}?custom_fields[reviewers]=${sam.id}`)).toEqual([webApi.id, web.id]);
    expect(await listIds(`${path}?custom_fields[reviewers]=ADMIN@planner.local`)).toEqual([web.id]);
    expect(await listIds(`${path}?custom_fields[reviewers]=${sam.id}&custom_fields[platforms]=API`)).toEqual([webApi.id]);
    // The whole stored list is not an item; an unknown option or person matches nothing.
    for (const q of ['platforms]=Mobile', 'platforms]=Web,API', `reviewers]=${'9'.repeat(8)}`, 'reviewers]=nobody@example.com']) {
      expect(await listIds(`${path}?custom_fields[${q}`), q).toEqual([]);
    }
    // The account's list reads the same way.
    const all = await listIds('/epics?custom_fields[platforms]=API&per_page=200');
    expect(all).toContain(webApi.id);
    expect(all).not.toContain(web.id);
  });

  it('keeps what a record already holds valid on an update: an option since removed, a user since disabled', async () => {
    const db = v.service.store.db;
    const morgan = user('morgan@planner.local');
    const sam = user('sam@planner.local');
    const epic = await createEpic({ platforms: ['Web', 'Desktop'], reviewers: [morgan.id, sam.id] });
    const setOptions = (options: string[]) =>
      db
        .updateTable('custom_field_definitions')
        .set({ options: JSON.stringify(options) })
        .where('key', '=', 'platforms')
        .execute();
    const setEnabled = (enabled: 0 | 1) => db.updateTable('users').set({ enabled }).where('id', '=', Number(morgan.id)).execute();
    await setOptions(['Web', 'API']);
    await setEnabled(0);
    try {
      // The form sends every field back: what the record holds passes, in any case and order.
      const same = expectOk(
        await putEpic(epic.id, { platforms: ['desktop', 'Web'], reviewers: [sam.id, morgan.email] }),
        epicEnvelope,
      ).epic;
      expect(valuesOf(same)).toMatchObject({ platforms: ['Web', 'Desktop'], reviewers: [morgan.id, sam.id] });
      // Adding to it still checks the new items.
      const added = expectOk(await putEpic(epic.id, { platforms: ['Web', 'Desktop', 'API'] }), epicEnvelope).epic;
      expect(valuesOf(added).platforms).toEqual(['Web', 'API', 'Desktop']);
      expect(
        expectOnlyFields(await putEpic(epic.id, { platforms: ['Mobile'] }), 'custom_fields.platforms')['custom_fields.platforms'],
      ).toEqual(['"Mobile" is not one of: Web, API']);
      // Another record may not take them up.
      const counts = await rowCounts(v, COUNTED);
      const refused = expectOnlyFields(
        await postEpic({ platforms: ['Desktop'], reviewers: [morgan.id] }),
        'custom_fields.platforms',
        'custom_fields.reviewers',
      );
      expect(refused['custom_fields.reviewers']).toEqual([`"${morgan.id}" is a disabled user`]);
      expect(await rowCounts(v, COUNTED)).toEqual(counts);
      // Once dropped, it is gone for this record too.
      expectOk(await putEpic(epic.id, { reviewers: [sam.id] }), epicEnvelope);
      expectOnlyFields(await putEpic(epic.id, { reviewers: [morgan.id, sam.id] }), 'custom_fields.reviewers');
    } finally {
      await setOptions(OPTIONS);
      await setEnabled(1);
    }
  });

  it('works the same on initiatives: the seed’s users field stored, answered and filtered', async () => {
    const [admin, sam] = [user('admin@planner.local'), user('sam@planner.local')];
    const both = await makeInitiative(v, { custom_fields: { sponsors: [sam.email, admin.email] } });
    const one = await makeInitiative(v, { custom_fields: { sponsors: sam.id } });
    expect(valuesOf(both).sponsors).toEqual([admin.id, sam.id].sort((a, b) => Number(a) - Number(b)));
    expect(valuesOf(one).sponsors).toEqual([sam.id]);
    const ids = async (q: string) =>
      expectOk(await v.get(`/products/PLN/initiatives?per_page=200&custom_fields[sponsors]=${q}`), initiativePage).initiatives.map(
        (i) => i.id,
      );
    expect(await ids(sam.email)).toEqual(expect.arrayContaining([both.id, one.id]));
    expect(await ids(admin.id)).toEqual([both.id]);

    const counts = await rowCounts(v, COUNTED);
    const res = await v.request('PUT', `/initiatives/${one.id}`, { initiative: { custom_fields: { sponsors: [f.disabledId] } } });
    expect(expectOnlyFields(res, 'custom_fields.sponsors')['custom_fields.sponsors']).toEqual([`"${f.disabledId}" is a disabled user`]);
    expect(await rowCounts(v, COUNTED)).toEqual(counts);
    expect(valuesOf(expectOk(await v.get(`/initiatives/${one.id}`), initiativeEnvelope).initiative).sponsors).toEqual([sam.id]);
  });
});
