// Two steps every row of the route table goes through before its handler: the path parameters'
// grammar (a value no record can have is a 404 that never reaches the database) and the caller's
// role (administrator rows answer 403 to members).
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../src/contract/common';
import { apiRoutes } from './api-routes';
import { authenticate, mintToken } from './auth';
import { errorResponse } from './http/errors';
import { openApiDocument } from './http/openapi';
import { paramChecker, paramCollections } from './http/path-params';
import { ADMINISTRATORS_ONLY, mountRoutes, route } from './http/route-table';
import type { AnyRoute } from './http/route-table';
import { apiClient } from './test/client';
import type { ApiClient } from './test/client';
import { TEST_TOKEN, startTestService } from './test/harness';
import type { TestService } from './test/harness';
import { JSON_TYPE } from './test/records';
import type { AppEnv } from './types';
import { checkedFetch } from './test/openapi-check';

let t: TestService;
let api: ApiClient;
/** A value each collection's parameter resolves, to fill the parameters a case does not spoil. */
const valid: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestService();
  api = apiClient(t);
  const db = t.service.store.db;
  const one = async (table: 'features' | 'releases' | 'epics' | 'initiatives' | 'goals' | 'requirements') =>
    await db.selectFrom(table).select(['id', 'reference_num']).orderBy('id').executeTakeFirstOrThrow();
  const phase = await db.selectFrom('release_phases').select('id').orderBy('id').executeTakeFirstOrThrow();
  const field = await db.selectFrom('custom_field_definitions').select('id').orderBy('id').executeTakeFirstOrThrow();
  const layout = await db.selectFrom('screen_definitions').select('id').orderBy('id').executeTakeFirstOrThrow();
  const team = await db.selectFrom('teams').select('reference_prefix').orderBy('id').executeTakeFirstOrThrow();
  Object.assign(valid, {
    products: 'PLN',
    users: 'morgan@planner.local',
    teams: team.reference_prefix,
    release_phases: String(phase.id),
    custom_field_definitions: String(field.id),
    screen_definitions: String(layout.id),
    releases: (await one('releases')).reference_num,
    features: (await one('features')).reference_num,
    requirements: (await one('requirements')).reference_num,
    epics: (await one('epics')).reference_num,
    initiatives: (await one('initiatives')).reference_num,
    goals: (await one('goals')).reference_num,
    ideas: (await db.selectFrom('ideas').select('reference_num').orderBy('id').executeTakeFirstOrThrow()).reference_num,
    pages: (await db.selectFrom('pages').select('reference_num').orderBy('id').executeTakeFirstOrThrow()).reference_num,
    idea_portals: (await db.selectFrom('idea_portals').select('subdomain').orderBy('id').executeTakeFirstOrThrow()).subdomain,
    portal_users: String((await db.selectFrom('portal_users').select('id').orderBy('id').executeTakeFirstOrThrow()).id),
    // A description's id: the first feature's (store/note-ids.ts). Only attachments are posted under it.
    notes: `${(await one('features')).id}01`,
  });
  // A vote on the first idea and an organization (the demo seed has neither yet).
  const org = await t.request<{ idea_organization: { id: string } }>('POST', '/idea_organizations', {
    idea_organization: { name: 'Paths org' },
  });
  const vote = await t.request<{ idea_endorsement: { id: string } }>('POST', `/ideas/${valid.ideas}/endorsements`, {
    idea_endorsement: { email: 'paths@example.com' },
  });
  Object.assign(valid, { idea_organizations: `ORG-${org.body.idea_organization.id}`, endorsements: vote.body.idea_endorsement.id });
  // A subscription on that idea (it is in the demo portal), for the rows under /subscriptions.
  const subscription = await t.request<{ idea_subscription: { id: string } }>('POST', `/ideas/${valid.ideas}/subscriptions`, {
    idea_subscription: { email: 'paths@example.com' },
  });
  Object.assign(valid, { subscriptions: subscription.body.idea_subscription.id });
  // A deletion in the recycle bin: a feature made and deleted for it.
  const doomed = await t.request<{ feature: { id: string } }>('POST', `/releases/${valid.releases}/features`, {
    feature: { name: 'Paths bin' },
  });
  const removed = await t.request('DELETE', `/features/${doomed.body.feature.id}`);
  Object.assign(valid, { deletions: removed.headers.get('x-deletion-id') ?? '' });
  // A historical audit search over what is older than the last 12 months.
  const search = await t.request<{ search_id: string }>('POST', '/historical_audits', {
    search: { created_since: '2020-01-01T00:00:00Z', created_before: new Date(Date.now() - 400 * 24 * 3600 * 1000).toISOString() },
  });
  Object.assign(valid, { historical_audits: search.body.search_id });
  // A comment on the first feature (the demo seed has none).
  const comment = await t.request<{ comment: { id: string } }>('POST', `/features/${valid.features}/comments`, {
    comment: { body: '<p>Paths</p>' },
  });
  Object.assign(valid, { comments: comment.body.comment.id });
  // A file on that comment (an upload: its download answers 200 where a link's redirects).
  const form = new FormData();
  form.append('attachment[data]', new Blob(['Paths\n']), 'paths.txt');
  const file = await checkedFetch(`${t.url}/api/v1/comments/${valid.comments}/attachments`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${TEST_TOKEN}` },
    body: form,
  });
  Object.assign(valid, { attachments: ((await file.json()) as { attachment: { id: string } }).attachment.id });
});

afterAll(async () => {
  await t.close();
});

/** Values that are neither an id nor a key of any collection (but `PLN-01`, a well-formed portal subdomain). */
const JUNK = [
  ' 1',
  '1 ',
  '\t1',
  '+1',
  '-1',
  '0',
  '1.0',
  '0x1',
  '01',
  '1e3',
  '١',
  '１',
  '1\u200b',
  '9007199254740993',
  '9'.repeat(5_000),
  'PLN-1 ',
  ' PLN-1',
  'PLN--1',
  'PLN-01',
  'PLN-1.0',
  'P',
  'PLN_1',
  "PLN-1' OR '1'='1",
  '%',
];

const pathOf = (template: string, values: Record<string, string>): string =>
  template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));

describe('path ids and keys', () => {
  const rows = (apiRoutes as readonly AnyRoute[]).filter((r) => r.path.includes('{'));

  it('are refused with a 404 naming the value, on every row and every parameter, before the body is read', async () => {
    let cases = 0;
    for (const row of rows) {
      const collections = paramCollections(row.path);
      const filled = Object.fromEntries(Object.entries(collections).map(([name, c]) => [name, valid[c] ?? '']));
      for (const name of Object.keys(collections)) {
        for (const junk of JUNK) {
          // A junk value that is a well-formed key of this collection (`PLN-01` is a portal subdomain)
          // is the store's to refuse, after the body: not this case.
          if (paramChecker(row.path)({ ...filled, [name]: junk }) === null) continue;
          const p = pathOf(row.path, { ...filled, [name]: junk });
          // A malformed body too, where the row reads one: the path is refused first.
          const init = row.body ? { rawBody: '{', headers: { 'Content-Type': 'application/json' } } : {};
          const res = await t.request(row.method.toUpperCase(), p, undefined, init);
          expect(res.status, `${row.method} ${p.slice(0, 80)}`).toBe(404);
          expect(res.headers.get('content-type')).toBe(JSON_TYPE);
          expect(errorBodySchema.parse(res.body).error).toMatch(/^[A-Z][a-z ]+ ".*" not found$/s);
          cases += 1;
        }
      }
    }
    expect(cases).toBeGreaterThan(1_000);
    // Thousands of requests, one per junk value and row: every new row adds time on a busy machine.
  }, 120_000);

  it('never delete the record a padded id would have named (DELETE /features/%201)', async () => {
    const [first] = (await api.call('GET /features', { query: { per_page: 1 } })).data().features;
    if (!first) throw new Error('demo seed has no feature');
    for (const junk of [` ${first.id}`, `${first.id} `, `+${first.id}`, `0${first.id}`, `${first.id}.0`]) {
      expect((await api.send('DELETE /features/{id}', { params: { id: junk } })).status).toBe(404);
    }
    expect((await api.call('GET /features/{id}', { params: { id: first.id } })).status).toBe(200);
  });

  it('still take ids and keys in any case, emails and prefixes, on every kind', async () => {
    for (const [collection, value] of Object.entries(valid)) {
      // Descriptions are read through their records: nothing is read under /notes.
      if (collection === 'notes') continue;
      const template =
        collection === 'custom_field_definitions'
          ? '/custom_field_definitions/{id}/options'
          : collection === 'endorsements' || collection === 'subscriptions'
            ? `/ideas/${valid.ideas}/${collection}/{id}`
            : collection === 'attachments'
              ? '/attachments/{id}/download'
              : `/${collection}/{id}`;
      for (const form of new Set([value, value.toLowerCase()])) {
        const res = await t.get(pathOf(template, { id: form }));
        expect(res.status, `${template} ${form}`).toBe(200);
      }
    }
    const id = (await t.service.store.db.selectFrom('features').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    expect((await t.get(`/features/${id}`)).status).toBe(200);
    // Well formed but unknown: the store's 404.
    expect((await t.get('/features/PLN-999999')).status).toBe(404);
    expect((await t.get('/features/999999999')).status).toBe(404);
  });

  it('name a collection every route table row can parse (the table refuses a parameter it cannot)', () => {
    for (const row of apiRoutes as readonly AnyRoute[]) {
      for (const collection of Object.values(paramCollections(row.path))) expect(valid[collection], row.path).toBeDefined();
    }
  });
});

describe('administrator rows', () => {
  let calls = 0;
  const purge = route({
    method: 'post',
    path: '/products/{id}/purge',
    op: 'products_purge',
    summary: 'Purge the recycle bin (a test row)',
    tags: ['Products'],
    response: null,
    access: 'administrator',
    handler: (c) => {
      calls += 1;
      return c.body(null, 204);
    },
  });

  /** The pipeline as app.ts runs it — bearer token, then mountRoutes — over a test-only row. */
  function appWith(rows: readonly AnyRoute[]): Hono<AppEnv> {
    const app = new Hono<AppEnv>();
    app.onError((err, c) => errorResponse(c, err));
    app.use('*', async (c, next) => {
      const token = /^Bearer (\S+)$/.exec(c.req.header('authorization') ?? '')?.[1] ?? '';
      const user = await authenticate(t.service.store.db, token);
      if (!user) return c.json({ error: 'Invalid access token' }, 401);
      c.set('user', user);
      c.set('store', t.service.store);
      c.set('origin', t.url);
      await next();
    });
    mountRoutes(app, rows);
    return app;
  }

  async function tokenOf(email: string): Promise<string> {
    const db = t.service.store.db;
    const user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    return mintToken(db, user.id, 'paths.test');
  }

  it('answer 403 to a member before the row reads anything, and run for an administrator', async () => {
    const app = appWith([purge as AnyRoute]);
    for (const email of ['morgan@planner.local', 'sam@planner.local']) {
      const res = await app.request('/products/PLN/purge', {
        method: 'POST',
        headers: { Authorization: `Bearer ${await tokenOf(email)}` },
      });
      expect(res.status, email).toBe(403);
      expect(errorBodySchema.parse(await res.json()).error).toBe(ADMINISTRATORS_ONLY);
    }
    // Even a path no record can have: the role comes first and says nothing about records.
    const member = await tokenOf('morgan@planner.local');
    expect(
      (
        await app.request('/products/%201/purge', {
          method: 'POST',
          headers: { Authorization: `Bearer ${member}` },
        })
      ).status,
    ).toBe(403);
    expect(calls).toBe(0);
    const admin = await tokenOf('admin@planner.local');
    expect(
      (
        await app.request('/products/PLN/purge', {
          method: 'POST',
          headers: { Authorization: `Bearer ${admin}` },
        })
      ).status,
    ).toBe(204);
    expect(calls).toBe(1);
  });

  it('are marked in the API document: x-planner-access, a 403 answer and a sentence', () => {
    const doc = openApiDocument([purge as AnyRoute], { serverUrl: 'http://x/api/v1', version: '1' }) as {
      paths: Record<string, Record<string, { 'x-planner-access'?: string; description?: string; responses: Record<string, unknown> }>>;
    };
    const op = doc.paths['/products/{id}/purge']?.post;
    expect(op?.['x-planner-access']).toBe('administrator');
    expect(Object.keys(op?.responses ?? {})).toContain('403');
    expect(op?.description).toMatch(/Administrators only/);
  });

  it('leave every row of the table open to members but creating, changing and deleting workspaces, changing users, creating, changing and deleting teams, running and linking idea portals (settings, portal users, the sign-in log), reading and writing custom layouts, purging the recycle bin and searching historical audits', async () => {
    expect((apiRoutes as readonly AnyRoute[]).filter((r) => r.access).map((r) => `${r.method} ${r.path}`)).toEqual([
      'post /products',
      'put /products/{id}',
      'delete /products/{id}',
      'put /users/{id}',
      'post /teams',
      'post /products/{id}/teams',
      'put /teams/{id}',
      'delete /teams/{id}',
      'get /screen_definitions',
      'get /screen_definitions/{id}',
      'post /screen_definitions',
      'put /screen_definitions/{id}',
      'delete /screen_definitions/{id}',
      'post /idea_portals',
      'put /idea_portals/{id}',
      'post /idea_portals/{idea_portal_id}/portal_users',
      'put /idea_portals/{idea_portal_id}/portal_users/{id}',
      'delete /idea_portals/{idea_portal_id}/portal_users/{id}',
      'get /idea_portals/{idea_portal_id}/sign_in_emails',
      'post /products/{product_id}/idea_portals',
      'put /products/{product_id}/idea_portals',
      'delete /deletions/{id}',
      'get /historical_audits',
      'get /historical_audits/estimate',
      'post /historical_audits',
      'get /historical_audits/{search_id}',
    ]);
    const member = await tokenOf('morgan@planner.local');
    const release = valid.releases ?? '';
    const res = await api.call('POST /releases/{release_id}/features', {
      params: { release_id: release },
      body: { feature: { name: 'Made by a member' } },
      token: member,
    });
    expect(res.data().feature.name).toBe('Made by a member');
  });
});
