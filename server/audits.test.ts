// Record history (issue 13): every write row of the route table leaves its audit row (a recipe per
// row, and the table walked so a new write row without one fails here), with the record it belongs
// to and its workspace; `GET /audits` in the hosted shape, each filter, paging that neither repeats
// nor skips, the 12-month cut, and the refusals naming their parameter.
import { beforeAll, describe, expect, it } from 'vitest';
import { auditPage } from '../src/contract/audits';
import { mintToken } from './auth';
import { historyCut } from './store/audit-log';
import { apiRoutes } from './api-routes';
import { fileService } from './test/client';
import { makeEpic, makeFeature, makeGoal, makeInitiative, makeRelease, uniqueName } from './test/records';
import type { TestResponse } from './test/harness';

const { t, api } = await fileService();
const db = t.service.store.db;

type Body = Record<string, unknown>;
const post = (path: string, body: Body) => t.request<Body>('POST', path, body);
const put = (path: string, body: Body) => t.request<Body>('PUT', path, body);
const del = (path: string) => t.request<Body>('DELETE', path);
/** The id a create answered under `key`. */
function idOf(res: TestResponse<Body>, key: string): string {
  expect(res.status, res.text).toBe(200);
  const record = res.body[key] as { id?: unknown } | undefined;
  if (typeof record?.id !== 'string') throw new Error(`no ${key} in ${res.text}`);
  return record.id;
}

let release: string;
let feature: string;
let idea: string;
/** An idea in the demo portal, which takes subscriptions. */
let portalIdea: string;
let portal: string;
let member: string;
let prefixes = 0;
const LINK = { file_url: 'https://www.example.com/spec.pdf', content_type: 'application/pdf', file_name: 'spec.pdf' };

beforeAll(async () => {
  release = (await makeRelease(t)).id;
  feature = (await makeFeature(t, release)).id;
  idea = idOf(await post('/products/PLN/ideas', { idea: { name: uniqueName('Idea'), created_by: 'voter@example.com' } }), 'idea');
  portal = (await api.call('GET /idea_portals')).data().idea_portals[0]?.id ?? '';
  portalIdea = idOf(
    await post('/products/PLN/ideas', {
      idea: { name: uniqueName('Portal idea'), created_by: 'voter@example.com', submitted_idea_portal_id: portal },
    }),
    'idea',
  );
  const morgan = await db.selectFrom('users').select('id').where('email', '=', 'morgan@planner.local').executeTakeFirstOrThrow();
  member = await mintToken(db, morgan.id, 'audits.test');
});

const makers = {
  product: async () =>
    idOf(
      await post('/products', { product: { name: uniqueName('Workspace'), prefix: `AU${String.fromCharCode(65 + prefixes++)}` } }),
      'product',
    ),
  phase: async () =>
    idOf(
      await post('/release_phases', {
        release_phase: {
          name: uniqueName('Phase'),
          phase_type: 'phase',
          release_id: release,
          start_on: '2026-01-01',
          end_on: '2026-01-31',
        },
      }),
      'release_phase',
    ),
  requirement: async () =>
    idOf(await post(`/features/${feature}/requirements`, { requirement: { name: uniqueName('Requirement') } }), 'requirement'),
  idea: async () =>
    idOf(await post('/products/PLN/ideas', { idea: { name: uniqueName('Idea'), created_by: 'voter@example.com' } }), 'idea'),
  page: async () => idOf(await post('/products/PLN/pages', { page: { name: uniqueName('Note') } }), 'page'),
  portalUser: async () =>
    idOf(
      await post(`/idea_portals/${portal}/portal_users`, { portal_user: { email: `${uniqueName('pu').replace(' ', '')}@example.com` } }),
      'portal_user',
    ),
  vote: async () =>
    idOf(
      await post(`/ideas/${idea}/endorsements`, {
        idea_endorsement: { email: `${uniqueName('v').replace(' ', '')}@example.com`, value: 1 },
      }),
      'idea_endorsement',
    ),
  subscription: async () =>
    idOf(
      await post(`/ideas/${portalIdea}/subscriptions`, {
        idea_subscription: { email: `${uniqueName('s').replace(' ', '')}@example.com` },
      }),
      'idea_subscription',
    ),
  organization: async () =>
    idOf(await post('/idea_organizations', { idea_organization: { name: uniqueName('Org') } }), 'idea_organization'),
  comment: async () => idOf(await post(`/features/${feature}/comments`, { comment: { body: '<p>A comment</p>' } }), 'comment'),
  attachment: async () => idOf(await post(`/features/${feature}/attachments`, { attachment: LINK }), 'attachment'),
};

/** What a write must leave: a row of this type and action, naming this record (id: from the answer or the path). */
interface Expectation {
  type: string;
  action: 'create' | 'update' | 'destroy';
  /** The record it belongs to, when its kind belongs to one. */
  associated?: { type: string; id: () => string };
}

type Recipe = { run: () => Promise<TestResponse<Body>> } & Expectation;

const onFeature = { type: 'Feature', id: () => feature };
const commentOn = (kind: string, type: string, make: () => Promise<string>): Recipe => {
  let owner = '';
  return {
    type: 'Comment',
    action: 'create',
    associated: { type, id: () => owner },
    run: async () => {
      owner = await make();
      return post(`/${kind}/${owner}/comments`, { comment: { body: '<p>On it</p>' } });
    },
  };
};
const fileOn = (kind: string, type: string, make: () => Promise<string>): Recipe => {
  let owner = '';
  return {
    type: 'Attachment',
    action: 'create',
    associated: { type, id: () => owner },
    run: async () => {
      owner = await make();
      return post(`/${kind}/${owner}/attachments`, { attachment: LINK });
    },
  };
};

/** A new portal linked to (so moved into) a new workspace by `send` (POST or PUT of its portals). */
const portalMoved = (send: typeof post): Recipe => ({
  type: 'IdeaPortal',
  action: 'update',
  run: async () => {
    const made = await post('/idea_portals', { idea_portal: { product_id: 'PLN', title: uniqueName('Portal') } });
    return send(`/products/${await makers.product()}/idea_portals`, { idea_portal_ids: [(made.body.idea_portal as Body).id as string] });
  },
});

/** One recipe per write row of the route table. */
const RECIPES: Record<string, Recipe> = {
  'POST /products': {
    type: 'Product',
    action: 'create',
    run: async () => post('/products', { product: { name: uniqueName('W'), prefix: 'AUZ' } }),
  },
  'PUT /products/{id}': {
    type: 'Product',
    action: 'update',
    run: async () => put(`/products/${await makers.product()}`, { product: { name: uniqueName('W') } }),
  },
  'DELETE /products/{id}': { type: 'Product', action: 'destroy', run: async () => del(`/products/${await makers.product()}`) },
  'POST /products/{product_id}/releases': {
    type: 'Release',
    action: 'create',
    run: () => post('/products/PLN/releases', { release: { name: uniqueName('R') } }),
  },
  'PUT /releases/{id}': {
    type: 'Release',
    action: 'update',
    run: async () => put(`/releases/${(await makeRelease(t)).id}`, { release: { name: uniqueName('R') } }),
  },
  'PUT /products/{product_id}/releases/{id}': {
    type: 'Release',
    action: 'update',
    run: async () => put(`/products/PLN/releases/${(await makeRelease(t)).id}`, { release: { name: uniqueName('R') } }),
  },
  'DELETE /releases/{id}': { type: 'Release', action: 'destroy', run: async () => del(`/releases/${(await makeRelease(t)).id}`) },
  'DELETE /products/{product_id}/releases/{id}': {
    type: 'Release',
    action: 'destroy',
    run: async () => del(`/products/PLN/releases/${(await makeRelease(t)).id}`),
  },
  'POST /release_phases': {
    type: 'ReleasePhase',
    action: 'create',
    associated: { type: 'Release', id: () => release },
    run: () =>
      post('/release_phases', {
        release_phase: { name: uniqueName('Phase'), phase_type: 'milestone', release_id: release, start_on: '2026-02-01' },
      }),
  },
  'PUT /release_phases/{id}': {
    type: 'ReleasePhase',
    action: 'update',
    associated: { type: 'Release', id: () => release },
    run: async () => put(`/release_phases/${await makers.phase()}`, { release_phase: { name: uniqueName('Phase'), phase_type: 'phase' } }),
  },
  'DELETE /release_phases/{id}': {
    type: 'ReleasePhase',
    action: 'destroy',
    associated: { type: 'Release', id: () => release },
    run: async () => del(`/release_phases/${await makers.phase()}`),
  },
  'POST /releases/{release_id}/features': {
    type: 'Feature',
    action: 'create',
    run: () => post(`/releases/${release}/features`, { feature: { name: uniqueName('F') } }),
  },
  'PUT /features/{id}': {
    type: 'Feature',
    action: 'update',
    run: async () => put(`/features/${(await makeFeature(t, release)).id}`, { feature: { name: uniqueName('F') } }),
  },
  'DELETE /features/{id}': { type: 'Feature', action: 'destroy', run: async () => del(`/features/${(await makeFeature(t, release)).id}`) },
  'POST /features/{feature_id}/requirements': {
    type: 'Requirement',
    action: 'create',
    associated: onFeature,
    run: () => post(`/features/${feature}/requirements`, { requirement: { name: uniqueName('Req') } }),
  },
  'PUT /requirements/{id}': {
    type: 'Requirement',
    action: 'update',
    associated: onFeature,
    run: async () => put(`/requirements/${await makers.requirement()}`, { requirement: { name: uniqueName('Req') } }),
  },
  'DELETE /requirements/{id}': {
    type: 'Requirement',
    action: 'destroy',
    associated: onFeature,
    run: async () => del(`/requirements/${await makers.requirement()}`),
  },
  'POST /releases/{release_id}/epics': {
    type: 'Epic',
    action: 'create',
    run: () => post(`/releases/${release}/epics`, { epic: { name: uniqueName('E') } }),
  },
  'POST /products/{product_id}/epics': {
    type: 'Epic',
    action: 'create',
    run: () => post('/products/PLN/epics', { epic: { name: uniqueName('E') } }),
  },
  'PUT /epics/{id}': {
    type: 'Epic',
    action: 'update',
    run: async () => put(`/epics/${(await makeEpic(t, release)).id}`, { epic: { name: uniqueName('E') } }),
  },
  'DELETE /epics/{id}': { type: 'Epic', action: 'destroy', run: async () => del(`/epics/${(await makeEpic(t, release)).id}`) },
  'POST /products/{product_id}/initiatives': {
    type: 'Initiative',
    action: 'create',
    run: () => post('/products/PLN/initiatives', { initiative: { name: uniqueName('I'), workflow_status: { name: 'On track' } } }),
  },
  'PUT /initiatives/{id}': {
    type: 'Initiative',
    action: 'update',
    run: async () => put(`/initiatives/${(await makeInitiative(t)).id}`, { initiative: { name: uniqueName('I') } }),
  },
  'DELETE /initiatives/{id}': {
    type: 'Initiative',
    action: 'destroy',
    run: async () => del(`/initiatives/${(await makeInitiative(t)).id}`),
  },
  'PUT /products/{product_id}/initiatives/{id}': {
    type: 'Initiative',
    action: 'update',
    run: async () => put(`/products/PLN/initiatives/${(await makeInitiative(t)).id}`, { initiative: { name: uniqueName('I') } }),
  },
  'DELETE /products/{product_id}/initiatives/{id}': {
    type: 'Initiative',
    action: 'destroy',
    run: async () => del(`/products/PLN/initiatives/${(await makeInitiative(t)).id}`),
  },
  'POST /products/{product_id}/goals': {
    type: 'Goal',
    action: 'create',
    run: () => post('/products/PLN/goals', { goal: { name: uniqueName('G') } }),
  },
  'PUT /goals/{id}': {
    type: 'Goal',
    action: 'update',
    run: async () => put(`/goals/${(await makeGoal(t)).id}`, { goal: { name: uniqueName('G') } }),
  },
  'PUT /products/{product_id}/goals/{id}': {
    type: 'Goal',
    action: 'update',
    run: async () => put(`/products/PLN/goals/${(await makeGoal(t)).id}`, { goal: { name: uniqueName('G') } }),
  },
  'DELETE /products/{product_id}/goals/{id}': {
    type: 'Goal',
    action: 'destroy',
    run: async () => del(`/products/PLN/goals/${(await makeGoal(t)).id}`),
  },
  'POST /screen_definitions': {
    type: 'ScreenDefinition',
    action: 'create',
    run: () => post('/screen_definitions', { screen_definition: { name: uniqueName('Layout'), screenable_type: 'Feature' } }),
  },
  'PUT /screen_definitions/{id}': {
    type: 'ScreenDefinition',
    action: 'update',
    run: async () => {
      const made = await post('/screen_definitions', { screen_definition: { name: uniqueName('Layout'), screenable_type: 'Epic' } });
      return put(`/screen_definitions/${(made.body.screen_definition as Body).id as string}`, {
        screen_definition: { name: uniqueName('Renamed') },
      });
    },
  },
  'DELETE /screen_definitions/{id}': {
    type: 'ScreenDefinition',
    action: 'destroy',
    run: async () => {
      const made = await post('/screen_definitions', {
        screen_definition: { name: uniqueName('Layout'), screenable_type: 'StrategicImperative' },
      });
      return del(`/screen_definitions/${(made.body.screen_definition as Body).id as string}`);
    },
  },
  'POST /idea_portals': {
    type: 'IdeaPortal',
    action: 'create',
    run: () => post('/idea_portals', { idea_portal: { product_id: 'PLN', title: uniqueName('Portal') } }),
  },
  'PUT /idea_portals/{id}': {
    type: 'IdeaPortal',
    action: 'update',
    run: () => put(`/idea_portals/${portal}`, { idea_portal: { title: uniqueName('Portal') } }),
  },
  'POST /idea_portals/{idea_portal_id}/portal_users': {
    type: 'PortalUser',
    action: 'create',
    associated: { type: 'IdeaPortal', id: () => portal },
    run: () => post(`/idea_portals/${portal}/portal_users`, { portal_user: { email: 'new.portal.user@example.com' } }),
  },
  'PUT /idea_portals/{idea_portal_id}/portal_users/{id}': {
    type: 'PortalUser',
    action: 'update',
    associated: { type: 'IdeaPortal', id: () => portal },
    run: async () => put(`/idea_portals/${portal}/portal_users/${await makers.portalUser()}`, { portal_user: { first_name: 'Pat' } }),
  },
  'DELETE /idea_portals/{idea_portal_id}/portal_users/{id}': {
    type: 'PortalUser',
    action: 'destroy',
    associated: { type: 'IdeaPortal', id: () => portal },
    run: async () => del(`/idea_portals/${portal}/portal_users/${await makers.portalUser()}`),
  },
  'POST /products/{product_id}/ideas': {
    type: 'Idea',
    action: 'create',
    run: () => post('/products/PLN/ideas', { idea: { name: uniqueName('Idea'), created_by: 'voter@example.com' } }),
  },
  'PUT /ideas/{id}': {
    type: 'Idea',
    action: 'update',
    run: async () => put(`/ideas/${await makers.idea()}`, { idea: { name: uniqueName('Idea') } }),
  },
  'DELETE /ideas/{id}': { type: 'Idea', action: 'destroy', run: async () => del(`/ideas/${await makers.idea()}`) },
  'POST /products/{product_id}/idea_categories': {
    type: 'IdeaCategory',
    action: 'create',
    run: () => post('/products/PLN/idea_categories', { idea_category: { name: uniqueName('Category') } }),
  },
  'POST /ideas/{idea_id}/endorsements': {
    type: 'IdeaVote',
    action: 'create',
    associated: { type: 'Idea', id: () => idea },
    run: () => post(`/ideas/${idea}/endorsements`, { idea_endorsement: { email: 'first.voter@example.com', value: 1 } }),
  },
  'PUT /ideas/{idea_id}/endorsements/{id}': {
    type: 'IdeaVote',
    action: 'update',
    associated: { type: 'Idea', id: () => idea },
    run: async () => put(`/ideas/${idea}/endorsements/${await makers.vote()}`, { idea_endorsement: { value: 2 } }),
  },
  'DELETE /ideas/{idea_id}/endorsements/{id}': {
    type: 'IdeaVote',
    action: 'destroy',
    associated: { type: 'Idea', id: () => idea },
    run: async () => del(`/ideas/${idea}/endorsements/${await makers.vote()}`),
  },
  'POST /ideas/{idea_id}/subscriptions': {
    type: 'IdeaSubscription',
    action: 'create',
    associated: { type: 'Idea', id: () => portalIdea },
    run: () => post(`/ideas/${portalIdea}/subscriptions`, { idea_subscription: { email: 'first.subscriber@example.com' } }),
  },
  'DELETE /ideas/{idea_id}/subscriptions/{id}': {
    type: 'IdeaSubscription',
    action: 'destroy',
    associated: { type: 'Idea', id: () => portalIdea },
    run: async () => del(`/ideas/${portalIdea}/subscriptions/${await makers.subscription()}`),
  },
  'POST /idea_organizations': {
    type: 'IdeaOrganization',
    action: 'create',
    run: () => post('/idea_organizations', { idea_organization: { name: uniqueName('Org') } }),
  },
  'PUT /idea_organizations/{id}': {
    type: 'IdeaOrganization',
    action: 'update',
    run: async () => put(`/idea_organizations/${await makers.organization()}`, { idea_organization: { name: uniqueName('Org') } }),
  },
  'DELETE /idea_organizations/{id}': {
    type: 'IdeaOrganization',
    action: 'destroy',
    run: async () => del(`/idea_organizations/${await makers.organization()}`),
  },
  'PUT /ideas/{id}/promote': {
    type: 'Idea',
    action: 'update',
    run: async () => put(`/ideas/${await makers.idea()}/promote`, { promotable_type: 'feature', release_id: release }),
  },
  'POST /products/{product_id}/pages': {
    type: 'Page',
    action: 'create',
    run: () => post('/products/PLN/pages', { page: { name: uniqueName('Note') } }),
  },
  'PUT /pages/{id}': {
    type: 'Page',
    action: 'update',
    run: async () => put(`/pages/${await makers.page()}`, { page: { name: uniqueName('Note') } }),
  },
  'PUT /products/{product_id}/pages/{id}': {
    type: 'Page',
    action: 'update',
    run: async () => put(`/products/PLN/pages/${await makers.page()}`, { page: { name: uniqueName('Note') } }),
  },
  'DELETE /pages/{id}': { type: 'Page', action: 'destroy', run: async () => del(`/pages/${await makers.page()}`) },
  'DELETE /products/{product_id}/pages/{id}': {
    type: 'Page',
    action: 'destroy',
    run: async () => del(`/products/PLN/pages/${await makers.page()}`),
  },
  'POST /features/{feature_id}/comments': commentOn('features', 'Feature', async () => feature),
  'POST /epics/{epic_id}/comments': commentOn('epics', 'Epic', async () => (await makeEpic(t, release)).id),
  'POST /requirements/{requirement_id}/comments': commentOn('requirements', 'Requirement', makers.requirement),
  'POST /ideas/{idea_id}/comments': commentOn('ideas', 'Idea', makers.idea),
  'POST /initiatives/{initiative_id}/comments': commentOn('initiatives', 'Initiative', async () => (await makeInitiative(t)).id),
  'POST /goals/{goal_id}/comments': commentOn('goals', 'Goal', async () => (await makeGoal(t)).id),
  'POST /releases/{release_id}/comments': commentOn('releases', 'Release', async () => release),
  'POST /release_phases/{release_phase_id}/comments': commentOn('release_phases', 'ReleasePhase', makers.phase),
  'POST /pages/{page_id}/comments': commentOn('pages', 'Page', makers.page),
  'PUT /comments/{id}': {
    type: 'Comment',
    action: 'update',
    associated: onFeature,
    run: async () => put(`/comments/${await makers.comment()}`, { comment: { body: '<p>Edited</p>' } }),
  },
  'DELETE /comments/{id}': {
    type: 'Comment',
    action: 'destroy',
    associated: onFeature,
    run: async () => del(`/comments/${await makers.comment()}`),
  },
  'POST /comments/{comment_id}/attachments': fileOn('comments', 'Comment', makers.comment),
  'POST /features/{id}/attachments': fileOn('features', 'Feature', async () => feature),
  'POST /epics/{id}/attachments': fileOn('epics', 'Epic', async () => (await makeEpic(t, release)).id),
  'POST /ideas/{id}/attachments': fileOn('ideas', 'Idea', makers.idea),
  'POST /pages/{id}/attachments': fileOn('pages', 'Page', makers.page),
  'DELETE /attachments/{id}': {
    type: 'Attachment',
    action: 'destroy',
    associated: onFeature,
    run: async () => del(`/attachments/${await makers.attachment()}`),
  },
  'POST /deletions/{id}/restore': {
    type: 'Feature',
    action: 'create',
    run: async () => {
      const gone = await del(`/features/${(await makeFeature(t, release)).id}`);
      return post(`/deletions/${gone.headers.get('x-deletion-id') ?? ''}/restore`, {});
    },
  },
  'POST /notes/{note_id}/attachments': {
    type: 'Attachment',
    action: 'create',
    run: async () => {
      const described = await makeFeature(t, release, { description: '<p>Spec</p>' });
      return post(`/notes/${described.description?.id ?? ''}/attachments`, { attachment: LINK });
    },
  },
  'PUT /users/{id}': {
    type: 'User',
    action: 'update',
    run: async () => {
      const sam = await db.selectFrom('users').select('id').where('email', '=', 'sam@planner.local').executeTakeFirstOrThrow();
      // Renamed and named back: later tests read Sam's name.
      await put(`/users/${sam.id}`, { user: { name: 'Sam Rivera (away)' } });
      return put(`/users/${sam.id}`, { user: { name: 'Sam Rivera' } });
    },
  },
  'POST /teams': { type: 'Team', action: 'create', run: () => post('/teams', { team: { name: uniqueName('Team') } }) },
  'POST /products/{id}/teams': {
    type: 'Team',
    action: 'create',
    run: () => post('/products/PLN/teams', { team: { name: uniqueName('Team') } }),
  },
  'PUT /teams/{id}': {
    type: 'Team',
    action: 'update',
    run: async () => {
      const made = await post('/teams', { team: { name: uniqueName('Team') } });
      return put(`/teams/${(made.body.team as Body).id as string}`, { team: { name: uniqueName('Team') } });
    },
  },
  'POST /products/{product_id}/idea_portals': portalMoved(post),
  'PUT /products/{product_id}/idea_portals': portalMoved(put),
  // Last: the team is the seed's (the Mobile App's), which nothing above uses.
  'DELETE /teams/{id}': { type: 'Team', action: 'destroy', run: () => del('/teams/APP') },
};

/** Write rows that change no record, so write no audit row. */
const NOT_RECORDS: Record<string, string> = {
  'POST /attachments/session': 'starts a file session (a cookie), no record',
  'DELETE /attachments/session': 'ends a file session, no record',
  'DELETE /deletions/{id}': "purges the recycle bin's copy of a record whose delete was audited then",
  'POST /historical_audits': 'makes a search (charged to the token bucket), no record',
};

describe('every write of the route table is audited', () => {
  it('has a recipe (or a reason to write none) for every POST, PUT and DELETE row', () => {
    const writes = apiRoutes.filter((r) => r.method !== 'get').map((r) => `${r.method.toUpperCase()} ${r.path}`);
    const missing = writes.filter((key) => !(key in RECIPES) && !(key in NOT_RECORDS));
    expect(missing).toEqual([]);
    expect(Object.keys(RECIPES).filter((key) => !writes.includes(key))).toEqual([]);
  });

  for (const [key, recipe] of Object.entries(RECIPES)) {
    it(`${key} writes a ${recipe.action} row of ${recipe.type}`, async () => {
      const before = await db
        .selectFrom('audits')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirstOrThrow();
      const started = new Date().toISOString();
      const res = await recipe.run();
      expect(res.status, res.text).toBeLessThan(300);
      const rows = await db
        .selectFrom('audits')
        .selectAll()
        .where('id', '>', Number(before.id ?? 0))
        .where('auditable_type', '=', recipe.type)
        .where('audit_action', '=', recipe.action)
        .orderBy('id', 'desc')
        .execute();
      const row = rows[0];
      expect(row, `no ${recipe.action} row of ${recipe.type}`).toBeDefined();
      if (!row) return;
      expect(row.user_id).toBe(1);
      expect(row.created_at >= started.slice(0, 19)).toBe(true);
      // The id the answer or the path names: a create's answer carries it, other rows' paths do.
      const answered = Object.values(res.body ?? {}).find((v): v is { id: string } => typeof v === 'object' && v !== null && 'id' in v);
      if (recipe.action === 'create' && answered && key !== 'POST /deletions/{id}/restore')
        expect(String(row.auditable_id)).toBe(String(answered.id));
      if (recipe.associated) {
        expect({ type: row.associated_type, id: String(row.associated_id) }).toEqual({
          type: recipe.associated.type,
          id: recipe.associated.id(),
        });
      }
      // Every row names its workspace but for account-wide kinds.
      if (!['IdeaOrganization', 'Team', 'ScreenDefinition', 'User'].includes(recipe.type))
        expect(row.product_id, JSON.stringify(row)).not.toBeNull();
    });
  }

  it('writes nothing when the write is refused', async () => {
    const before = await db
      .selectFrom('audits')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect((await post(`/releases/${release}/features`, { feature: { name: '' } })).status).toBe(422);
    expect((await put(`/features/${feature}`, { feature: { progress: 'lots' } })).status).toBe(422);
    const after = await db
      .selectFrom('audits')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

describe('GET /audits', () => {
  it('answers the hosted shape: a sentence, old → new, who, the address while the record exists', async () => {
    const f = await makeFeature(t, release, { name: 'Sign-in with SSO' });
    await put(`/features/${f.id}`, { feature: { name: 'Sign-in with SAML' } });
    const page = (await api.call('GET /audits', { query: { auditable_type: 'Feature', auditable_id: f.id } })).data();
    expect(page.audits.map((a) => a.audit_action)).toEqual(['update', 'create']);
    const [update, create] = page.audits;
    expect(create?.changes).toContainEqual(
      expect.objectContaining({ field_name: 'release_id', old_value: null, new_value: Number(release) }),
    );
    expect(update?.description).toBe(`updated feature ${f.reference_num} Sign-in with SAML`);
    expect(update?.changes).toContainEqual({
      field_name: 'name',
      value: 'Sign-in with SSO → Sign-in with SAML',
      old_value: 'Sign-in with SSO',
      new_value: 'Sign-in with SAML',
    });
    expect(update?.user).toMatchObject({ id: '1', email: 'admin@planner.local' });
    expect(update?.auditable_url).toMatch(new RegExp(`/api/v1/features/${f.id}$`));
    expect(update?.reference_num).toBe(f.reference_num);
    expect(update?.interesting).toBe(true);
    // A field naming another record reads by its name in `value`; the ids stay in old_value / new_value.
    const other = await makeRelease(t, { name: 'Autumn train' });
    await put(`/features/${f.id}`, { feature: { assigned_to_user: 'sam@planner.local', release: other.id } });
    const [moved] = (await api.call('GET /audits', { query: { auditable_type: 'Feature', auditable_id: f.id, per_page: 1 } })).data()
      .audits;
    expect(moved?.changes).toContainEqual({ field_name: 'assigned_to_id', value: '(none) → Sam Rivera', old_value: null, new_value: 3 });
    expect(moved?.changes.find((c) => c.field_name === 'release_id')?.value).toMatch(new RegExp(` → ${other.reference_num} Autumn train$`));
    await put(`/features/${f.id}`, { feature: { release: release } });
    // As hosted, the record's id is a JSON number.
    expect(typeof (page.audits[0] as unknown as { auditable_id: unknown }).auditable_id).toBe('string');
    const raw = await t.get<{ audits: { auditable_id: unknown }[] }>(`/audits?auditable_type=Feature&auditable_id=${f.id}`);
    expect(raw.body.audits[0]?.auditable_id).toBe(Number(f.id));

    await del(`/features/${f.id}`);
    const after = (await api.call('GET /audits', { query: { auditable_type: 'Feature', auditable_id: f.id } })).data().audits;
    expect(after.map((a) => a.audit_action)).toEqual(['destroy', 'update', 'update', 'update', 'create']);
    expect(after.every((a) => a.auditable_url === null)).toBe(true);
    // Gone, it is still named by its own rows.
    expect(after[0]?.description).toBe(`deleted feature ${f.reference_num} Sign-in with SAML`);
  });

  it("lists a record's rows and, with include_associated, those of what belongs to it", async () => {
    const f = await makeFeature(t, release);
    const req = idOf(await post(`/features/${f.id}/requirements`, { requirement: { name: 'Login form' } }), 'requirement');
    await post(`/features/${f.id}/comments`, { comment: { body: '<p>Hello</p>' } });
    const own = (await api.call('GET /audits', { query: { auditable_type: 'Feature', auditable_id: f.id } })).data().audits;
    expect(own.map((a) => a.auditable_type)).toEqual(['Feature']);
    const all = (
      await api.call('GET /audits', { query: { auditable_type: 'feature', auditable_id: f.id, include_associated: 'true' } })
    ).data();
    expect(all.audits.map((a) => a.auditable_type)).toEqual(['Comment', 'Requirement', 'Feature']);
    expect(all.audits[0]?.description).toBe(`created comment on feature ${f.reference_num} ${f.name}`);
    const associated = (await api.call('GET /audits', { query: { associated_type: 'Feature', associated_id: f.id } })).data().audits;
    expect(associated.map((a) => [a.auditable_type, a.associated_id])).toEqual([
      ['Comment', f.id],
      ['Requirement', f.id],
    ]);
    expect(associated[1]?.auditable_id).toBe(req);
  });

  it('filters by user (id or email), action, workspace and time, and a filter naming nothing matches nothing', async () => {
    const f = await makeFeature(t, release);
    const byMember = await t.request<Body>('PUT', `/features/${f.id}`, { feature: { name: uniqueName('By Morgan') } }, { token: member });
    expect(byMember.status, byMember.text).toBe(200);
    const morgan = (await api.call('GET /audits', { query: { user_id: 'morgan@planner.local' } })).data().audits;
    expect(morgan.length).toBeGreaterThan(0);
    expect(morgan.every((a) => a.user?.email === 'morgan@planner.local')).toBe(true);
    expect((await api.call('GET /audits', { query: { user_id: '2' } })).data().pagination.total_records).toBe(morgan.length);
    expect((await api.call('GET /audits', { query: { user_id: 'nobody@example.com' } })).data().audits).toEqual([]);

    const updates = (await api.call('GET /audits', { query: { audit_action: 'update', per_page: 200 } })).data().audits;
    expect(updates.length).toBeGreaterThan(0);
    expect(updates.every((a) => a.audit_action === 'update')).toBe(true);

    const mob = (await api.call('GET /audits', { query: { product_id: 'MOB', per_page: 200 } })).data();
    const pln = (await api.call('GET /audits', { query: { product_id: 'pln', per_page: 5 } })).data();
    expect(mob.pagination.total_records).toBeGreaterThan(0);
    const mobRows = await db
      .selectFrom('audits')
      .select('id')
      .where('product_id', '=', 2)
      .where('created_at', '>=', historyCut(Date.now()))
      .execute();
    expect(mob.pagination.total_records).toBe(mobRows.length);
    expect(pln.audits.map((a) => a.id)).not.toContain(mob.audits[0]?.id);
    expect((await api.call('GET /audits', { query: { product_id: 'NOPE' } })).data().audits).toEqual([]);
    expect((await api.call('GET /audits', { query: { auditable_type: 'Spaceship' } })).data().audits).toEqual([]);

    // created_since is inclusive, created_before exclusive.
    const mine = (await api.call('GET /audits', { query: { auditable_type: 'Feature', auditable_id: f.id, order: 'oldest' } })).data()
      .audits;
    const [made, renamed] = mine;
    if (!made || !renamed) throw new Error('two rows expected');
    const since = (
      await api.call('GET /audits', { query: { auditable_type: 'Feature', auditable_id: f.id, created_since: renamed.created_at } })
    ).data();
    expect(since.audits.map((a) => a.id)).toEqual([renamed.id]);
    const before = (
      await api.call('GET /audits', { query: { auditable_type: 'Feature', auditable_id: f.id, created_before: renamed.created_at } })
    ).data();
    expect(before.audits.map((a) => a.id)).toEqual([made.id]);
    // after_id walks forward, oldest first.
    const after = (await api.call('GET /audits', { query: { auditable_type: 'Feature', auditable_id: f.id, after_id: made.id } })).data();
    expect(after.audits.map((a) => a.id)).toEqual([renamed.id]);
  });

  it('pages never repeat or skip a row, in either order, and agree with the table', async () => {
    const cut = historyCut(Date.now());
    const expected = (
      await db
        .selectFrom('audits')
        .select('id')
        .where('created_at', '>=', cut)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute()
    ).map((r) => String(r.id));
    const walk = async (order: 'newest' | 'oldest'): Promise<string[]> => {
      const seen: string[] = [];
      for (let page = 1; ; page++) {
        const res = (await api.call('GET /audits', { query: { per_page: 37, page, order } })).data();
        expect(res.pagination.total_records).toBe(expected.length);
        seen.push(...res.audits.map((a) => a.id));
        if (page >= res.pagination.total_pages) break;
      }
      return seen;
    };
    expect(await walk('newest')).toEqual(expected);
    expect(await walk('oldest')).toEqual([...expected].reverse());
  });

  it('lists only the last 12 calendar months: rows before the cut are left to the historical search', async () => {
    const cut = historyCut(Date.now());
    const older = new Date(Date.parse(cut) - 1).toISOString();
    const base = {
      user_id: 1,
      auditable_type: 'Feature',
      auditable_id: Number(feature),
      audit_action: 'update',
      associated_type: null,
      associated_id: null,
    };
    await db
      .insertInto('audits')
      .values([
        { ...base, created_at: older, changes: JSON.stringify({ name: ['a', 'b'] }) },
        { ...base, created_at: cut, changes: JSON.stringify({ name: ['b', 'c'] }) },
      ])
      .execute();
    const rows = (await api.call('GET /audits', { query: { auditable_type: 'Feature', auditable_id: feature, per_page: 200 } })).data()
      .audits;
    expect(rows.map((r) => r.created_at)).toContain(cut);
    expect(rows.map((r) => r.created_at)).not.toContain(older);
    // A created_since before the cut does not reach past it.
    const early = (
      await api.call('GET /audits', { query: { auditable_type: 'Feature', auditable_id: feature, created_since: '2000-01-01T00:00:00Z' } })
    ).data();
    expect(early.audits.map((r) => r.created_at)).not.toContain(older);
  });

  it('marks bookkeeping as not interesting, and surfaces a restore', async () => {
    await db
      .insertInto('audits')
      .values({
        user_id: 1,
        created_at: new Date().toISOString(),
        auditable_type: 'Page',
        auditable_id: 1,
        audit_action: 'update',
        changes: JSON.stringify({ position: [1, 2] }),
        associated_type: null,
        associated_id: null,
      })
      .execute();
    const [moved] = (await api.call('GET /audits', { query: { auditable_type: 'Page', auditable_id: 1 } })).data().audits;
    expect(moved?.interesting).toBe(false);

    const f = await makeFeature(t, release);
    const gone = await del(`/features/${f.id}`);
    const deletion = gone.headers.get('x-deletion-id') ?? '';
    expect((await post(`/deletions/${deletion}/restore`, {})).status).toBe(200);
    const [restored] = (await api.call('GET /audits', { query: { auditable_type: 'Feature', auditable_id: f.id } })).data().audits;
    expect(restored).toMatchObject({ audit_action: 'create', restored_from_deletion_id: deletion });
    expect(restored?.description).toBe(`restored feature ${f.reference_num} ${f.name}`);
    expect(restored?.changes.map((c) => c.field_name)).not.toContain('restored_from_deletion_id');
  });

  it('is read by any signed-in user; a bad parameter is a 400 naming it', async () => {
    const page = await t.request('GET', '/audits?per_page=2', undefined, { token: member });
    expect(page.status).toBe(200);
    expect(auditPage.parse(page.body).audits).toHaveLength(2);
    expect((await t.request('GET', '/audits', undefined, { token: null })).status).toBe(401);
    for (const [query, field] of [
      ['created_since=yesterday', 'created_since'],
      ['created_before=2025-13-45', 'created_before'],
      ['audit_action=delete', 'audit_action'],
      ['order=sideways', 'order'],
      ['auditable_id=abc', 'auditable_id'],
      ['after_id=-1', 'after_id'],
      ['include_associated=yes', 'include_associated'],
      ['colour=red', 'colour'],
    ] as const) {
      const res = await t.get<{ errors: Record<string, string[]> }>(`/audits?${query}`);
      expect(res.status, query).toBe(400);
      expect(Object.keys(res.body.errors), query).toContain(field);
    }
  });
});
