// API tests of authentication and the account records (me, products, users, workflows, feature
// kinds, teams) against the real service with the demo seed; every answer parsed with the contract.
import { describe, expect, it } from 'vitest';
import {
  meEnvelope,
  productEnvelope,
  productPage,
  teamEnvelope,
  teamPage,
  userEnvelope,
  userPage,
  workflowKindPage,
  workflowPage,
  STATUSABLE_TYPES,
} from '../src/contract/account';
import { errorBodySchema } from '../src/contract/common';
import { fileService } from './test/client';

const { t, api } = await fileService();

const JSON_TYPE = 'application/json; charset=utf-8';

describe('authentication', () => {
  it('refuses a request without a token with 401, a JSON error and WWW-Authenticate', async () => {
    const res = await api.send('GET /me', { token: null });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
    expect(res.headers.get('content-type')).toBe(JSON_TYPE);
    expect(errorBodySchema.parse(res.body).error).toMatch(/token/i);
  });

  it('refuses a wrong token with 401', async () => {
    const res = await api.send('GET /products', { token: 'not-a-real-token-at-all' });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
    expect(errorBodySchema.parse(res.body).error).toMatch(/invalid/i);
  });

  it('refuses a non-Bearer scheme with 401', async () => {
    const res = await api.send('GET /me', { token: null, headers: { Authorization: 'Basic YWRtaW46YWRtaW4=' } });
    expect(res.status).toBe(401);
  });
});

describe('GET /me', () => {
  it('returns the signed-in administrator', async () => {
    const res = await api.call('GET /me');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(JSON_TYPE);
    const { user } = meEnvelope.parse(res.body);
    expect(user).toMatchObject({ name: 'Alex Admin', email: 'admin@planner.local', administrator: true, enabled: true });
  });
});

describe('products (operation 19)', () => {
  it('lists the products with pagination', async () => {
    const res = await api.call('GET /products');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(JSON_TYPE);
    const page = productPage.parse(res.body);
    expect(page.products.map((p) => p.reference_prefix).sort()).toEqual(['MOB', 'PLN']);
    expect(page.pagination).toEqual({ total_records: 2, total_pages: 1, current_page: 1 });
    const pln = page.products.find((p) => p.reference_prefix === 'PLN');
    expect(pln?.url).toBe(`${t.url}/products/PLN`);
    expect(pln?.resource).toBe(`${t.url}/api/v1/products/PLN`);
  });

  it('pages with page and per_page', async () => {
    const first = productPage.parse((await api.call('GET /products', { query: { per_page: 1 } })).body);
    const second = productPage.parse((await api.call('GET /products', { query: { per_page: 1, page: 2 } })).body);
    expect(first.pagination).toEqual({ total_records: 2, total_pages: 2, current_page: 1 });
    expect(second.pagination.current_page).toBe(2);
    expect(first.products).toHaveLength(1);
    expect(second.products).toHaveLength(1);
    expect(first.products[0]?.id).not.toBe(second.products[0]?.id);
    const beyond = productPage.parse((await api.call('GET /products', { query: { per_page: 1, page: 9 } })).body);
    expect(beyond.products).toEqual([]);
  });

  it('accepts per_page up to 200 and refuses more with 400 naming per_page', async () => {
    expect((await api.call('GET /products', { query: { per_page: 200 } })).status).toBe(200);
    const res = await api.call('GET /products', { query: { per_page: 500 } });
    expect(res.status).toBe(400);
    expect(errorBodySchema.parse(res.body).errors?.per_page).toBeDefined();
    const zero = await api.call('GET /products', { query: { page: 0 } });
    expect(zero.status).toBe(400);
    expect(errorBodySchema.parse(zero.body).errors?.page).toBeDefined();
    const words = await api.call('GET /products', { query: { per_page: 'lots' } });
    expect(words.status).toBe(400);
  });

  it('filters by updated_since', async () => {
    const none = productPage.parse((await api.call('GET /products', { query: { updated_since: '2999-01-01T00:00:00Z' } })).body);
    expect(none.pagination.total_records).toBe(0);
    const all = productPage.parse((await api.call('GET /products', { query: { updated_since: '2000-01-01T00:00:00Z' } })).body);
    expect(all.pagination.total_records).toBe(2);
    const bad = await api.call('GET /products', { query: { updated_since: 'yesterday-ish' } });
    expect(bad.status).toBe(400);
    expect(errorBodySchema.parse(bad.body).errors?.updated_since).toBeDefined();
  });

  it('shows one product by id or by reference prefix', async () => {
    const byKey = productEnvelope.parse((await api.call('GET /products/{id}', { params: { id: 'PLN' } })).body).product;
    const byId = productEnvelope.parse((await api.call('GET /products/{id}', { params: { id: byKey.id } })).body).product;
    expect(byId).toEqual(byKey);
    expect(byKey.name).toBe('Planner Cloud');
    expect(productEnvelope.parse((await api.call('GET /products/{id}', { params: { id: 'pln' } })).body).product.id).toBe(byKey.id);
  });

  it('answers 404 for unknown products', async () => {
    for (const id of ['999999', 'NOPE', '99999999999999999999999']) {
      const res = await api.call('GET /products/{id}', { params: { id: id } });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toBe(JSON_TYPE);
      expect(errorBodySchema.parse(res.body).error).toMatch(/not found/);
    }
  });
});

describe('users', () => {
  it('lists users', async () => {
    const res = await api.call('GET /users', { query: { per_page: 200 } });
    expect(res.status).toBe(200);
    const page = userPage.parse(res.body);
    expect(page.users.map((u) => u.email)).toEqual(['admin@planner.local', 'morgan@planner.local', 'sam@planner.local']);
    expect(page.users.filter((u) => u.administrator).map((u) => u.name)).toEqual(['Alex Admin']);
    expect(page.pagination.total_records).toBe(3);
  });

  it('pages users and refuses per_page over 200', async () => {
    const page = userPage.parse((await api.call('GET /users', { query: { per_page: 2, page: 2 } })).body);
    expect(page.users).toHaveLength(1);
    expect(page.pagination).toEqual({ total_records: 3, total_pages: 2, current_page: 2 });
    const res = await api.call('GET /users', { query: { per_page: 201 } });
    expect(res.status).toBe(400);
    expect(errorBodySchema.parse(res.body).errors?.per_page).toBeDefined();
  });

  it('shows a user by id or email, 404 otherwise', async () => {
    const byEmail = userEnvelope.parse((await api.call('GET /users/{id}', { params: { id: 'morgan@planner.local' } })).body).user;
    expect(byEmail.name).toBe('Morgan Lee');
    const byId = userEnvelope.parse((await api.call('GET /users/{id}', { params: { id: byEmail.id } })).body).user;
    expect(byId).toEqual(byEmail);
    expect((await api.call('GET /users/{id}', { params: { id: 'nobody@planner.local' } })).status).toBe(404);
    expect((await api.call('GET /users/{id}', { params: { id: 424242 } })).status).toBe(404);
  });
});

describe('workflows and feature kinds', () => {
  it('lists a product workflow per record kind with ordered statuses', async () => {
    const res = await api.call('GET /products/{id}/workflows', { params: { id: 'PLN' } });
    expect(res.status).toBe(200);
    const { workflows, pagination } = workflowPage.parse(res.body);
    expect(workflows.map((w) => w.statusable_type).sort()).toEqual([...STATUSABLE_TYPES].sort());
    expect(pagination.total_records).toBe(STATUSABLE_TYPES.length);
    const feature = workflows.find((w) => w.statusable_type === 'Feature');
    expect(feature?.workflow_statuses.map((s) => s.name)).toEqual([
      'New',
      'Ready to develop',
      'In development',
      'In review',
      'Shipped',
      'Will not implement',
    ]);
    expect(feature?.workflow_statuses.filter((s) => s.complete).map((s) => s.name)).toEqual(['Shipped', 'Will not implement']);
    const release = workflows.find((w) => w.statusable_type === 'Release');
    expect(release?.workflow_statuses.map((s) => [s.name, s.complete])).toEqual([
      ['Planning', false],
      ['In progress', false],
      ['Released', true],
    ]);
    const positions = feature?.workflow_statuses.map((s) => s.position) ?? [];
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('pages workflows and accepts the product id', async () => {
    const id = productEnvelope.parse((await api.call('GET /products/{id}', { params: { id: 'MOB' } })).body).product.id;
    const page = workflowPage.parse(
      (await api.call('GET /products/{id}/workflows', { params: { id: id }, query: { per_page: 2, page: 2 } })).body,
    );
    expect(page.workflows).toHaveLength(2);
    expect(page.pagination).toEqual({ total_records: 7, total_pages: 4, current_page: 2 });
    expect((await api.call('GET /products/{id}/workflows', { params: { id: 'NOPE' } })).status).toBe(404);
  });

  it('lists feature kinds', async () => {
    const res = await api.call('GET /products/{id}/workflow_kinds', { params: { id: 'PLN' } });
    expect(res.status).toBe(200);
    const page = workflowKindPage.parse(res.body);
    expect(page.workflow_kinds.map((k) => k.name)).toEqual(['New', 'Improvement', 'Bug fix', 'Research']);
    expect((await api.call('GET /products/{id}/workflow_kinds', { params: { id: 999999 } })).status).toBe(404);
  });
});

describe('teams', () => {
  it('lists the teams of a product with statuses, sprints and program increments', async () => {
    const res = await api.call('GET /products/{id}/teams', { params: { id: 'PLN' } });
    expect(res.status).toBe(200);
    const { teams, pagination } = teamPage.parse(res.body);
    expect(teams.map((x) => x.reference_prefix).sort()).toEqual(['PLAT', 'WEB']);
    expect(pagination.total_records).toBe(2);
    const web = teams.find((x) => x.reference_prefix === 'WEB');
    expect(web?.team_workflow_statuses.map((s) => s.name)).toEqual(['To do', 'In progress', 'In review', 'Done']);
    expect(web?.iterations).toHaveLength(3);
    expect(web?.program_increments.map((p) => p.reference_num)).toEqual(['WEB-PI-1', 'WEB-PI-2']);
    expect(web?.iterations.every((i) => i.team_id === web.id)).toBe(true);
    expect((await api.call('GET /products/{id}/teams', { params: { id: 'NOPE' } })).status).toBe(404);
  });

  it('lists every team of the account', async () => {
    const page = teamPage.parse((await api.call('GET /teams')).body);
    expect(page.teams.map((x) => x.reference_prefix).sort()).toEqual(['APP', 'PLAT', 'WEB']);
    const paged = teamPage.parse((await api.call('GET /teams', { query: { per_page: 1, page: 3 } })).body);
    expect(paged.teams).toHaveLength(1);
    expect(paged.pagination.total_pages).toBe(3);
  });

  it('shows a team by id or prefix, 404 otherwise', async () => {
    const byKey = teamEnvelope.parse((await api.call('GET /teams/{id}', { params: { id: 'APP' } })).body).team;
    expect(byKey.name).toBe('App Squad');
    const byId = teamEnvelope.parse((await api.call('GET /teams/{id}', { params: { id: byKey.id } })).body).team;
    expect(byId).toEqual(byKey);
    expect((await api.call('GET /teams/{id}', { params: { id: 'NOPE' } })).status).toBe(404);
    expect((await api.call('GET /teams/{id}', { params: { id: 999999 } })).status).toBe(404);
  });
});

describe('unknown routes', () => {
  it('answer 404 in JSON', async () => {
    const res = await t.get('/no_such_thing');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe(JSON_TYPE);
    errorBodySchema.parse(res.body);
  });
});
