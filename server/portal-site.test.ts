// API tests of the ideas portal's own API (issue 15), /portal/<key>/api, against a real service:
// sign-in by emailed link (the links are caught from the delivery the service is started with),
// sessions that are cookies of one portal and never reach /api/v1, CSRF and Origin checks on
// writes, visibility as a table (each of the six values against each kind of viewer, on the list
// and the idea page), spam and merged ideas never shown, published responses only, access types,
// votes within the caps and taken back, one level of replies, subscriptions and notifications,
// the roadmap, attachments, bad input and rate limits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  portalCommentEnvelope,
  portalCommentsSchema,
  portalHomeSchema,
  portalIdeaEnvelope,
  portalIdeaPageSchema,
  portalNotificationsSchema,
  portalRelatedSchema,
  portalRoadmapSchema,
  portalVoteResultSchema,
} from '../src/contract/portal-site';
import type { Viewer } from '../src/contract/portal-site';
import { signInEmailPage } from '../src/contract/portals';
import { parseRateLimit } from './http/rate-limit';
import type { RateWindow } from './http/rate-limit';
import { mintToken } from './auth';
import { startTestService } from './test/harness';
import type { TestService } from './test/harness';
import { checkedFetch } from './test/openapi-check';

const windows = (text: string): RateWindow[] => {
  const w = parseRateLimit(text);
  if (typeof w === 'string') throw new Error(w);
  return w;
};

let t: TestService;
const sent: { to: string; link: string }[] = [];
let member: string;

beforeAll(async () => {
  t = await startTestService({
    service: {
      portal: {
        deliver: (m) => {
          sent.push({ to: m.to, link: m.link });
          return Promise.resolve('log');
        },
        // Roomy limits for the tests at large; the rate-limit test starts its own service.
        limits: { signIn: windows('1000/min'), submit: windows('1000/min'), vote: windows('1000/min'), comment: windows('1000/min') },
      },
    },
  });
  const morgan = await t.service.store.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'morgan@planner.local')
    .executeTakeFirstOrThrow();
  member = await mintToken(t.service.store.db, morgan.id, 'portal-site.test');
});

afterAll(async () => {
  await t.close();
});

// ---------------------------------------------------------------------------------------------
// Helpers: a browser-like client of one portal

interface Session {
  cookie: string;
  viewer: Viewer;
}

interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

async function portalCall<T = Record<string, unknown>>(
  key: string,
  method: string,
  p: string,
  options: { session?: Session | null; body?: unknown; headers?: Record<string, string>; raw?: string | FormData } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.session) {
    headers.Cookie = options.session.cookie;
    if (method !== 'GET') headers['X-CSRF-Token'] ??= options.session.viewer.csrf_token;
  }
  let body: string | FormData | undefined = options.raw;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['Content-Type'] = 'application/json';
  }
  const res = await fetch(`${t.url}/portal/${key}/api${p}`, { method, headers, body });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  return { status: res.status, headers: res.headers, body: parsed as T };
}

/** Signs `email` in to the portal by its link, as a browser would: asks, opens the link, keeps the cookie. */
async function signIn(key: string, email: string): Promise<Session> {
  const before = sent.length;
  const asked = await portalCall(key, 'POST', '/sign_in', { body: { email } });
  expect(asked.status).toBe(202);
  const mail = sent.slice(before).find((m) => m.to === email.toLowerCase());
  if (!mail) throw new Error(`no sign-in link was sent to ${email}`);
  const token = new URL(mail.link).searchParams.get('token') ?? '';
  const res = await fetch(`${t.url}/portal/${key}/api/session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  expect(res.status).toBe(200);
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const { viewer } = (await res.json()) as { viewer: Viewer };
  return { cookie, viewer };
}

async function adminPortal(fields: Record<string, unknown>): Promise<{ id: string; subdomain: string }> {
  const res = await t.request<{ idea_portal: { id: string; subdomain: string } }>('POST', '/idea_portals', {
    idea_portal: { product_id: 'PLN', ...fields },
  });
  expect(res.status).toBe(200);
  return res.body.idea_portal;
}

async function addPortalUser(portalId: string, email: string, fields: Record<string, unknown> = {}): Promise<void> {
  const res = await t.request('POST', `/idea_portals/${portalId}/portal_users`, { portal_user: { email, ...fields } });
  expect(res.status).toBe(200);
}

async function submit(key: string, s: Session, name: string, extra: Record<string, unknown> = {}) {
  const res = await portalCall<{ idea: { id: string; reference_num: string } }>(key, 'POST', '/ideas', {
    session: s,
    body: { name, ...extra },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return portalIdeaEnvelope.parse(res.body).idea;
}

const adminUpdateIdea = async (id: string, idea: Record<string, unknown>) => {
  const res = await t.request('PUT', `/ideas/${id}`, { idea });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};

const listIds = async (key: string, s: Session | null, query = 'sort=recent&per_page=50'): Promise<string[]> => {
  const res = await portalCall(key, 'GET', `/ideas?${query}`, { session: s });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return portalIdeaPageSchema.parse(res.body).ideas.map((i) => i.id);
};

// ---------------------------------------------------------------------------------------------
// Visibility, as a table

describe('visibility: each value against each kind of viewer', () => {
  const VALUES = ['service', 'creator', 'employee', 'employee_or_creator', 'creator_organization', 'public'] as const;
  type ViewerKind = 'nobody' | 'outsider' | 'creator' | 'employee' | 'colleague';
  /** Who sees an idea of each visibility, in a public portal. */
  const SEES: Record<(typeof VALUES)[number], ViewerKind[]> = {
    service: [],
    creator: ['creator'],
    employee: ['employee'],
    employee_or_creator: ['creator', 'employee'],
    creator_organization: ['creator', 'colleague'],
    public: ['nobody', 'outsider', 'creator', 'employee', 'colleague'],
  };
  let key = '';
  const sessions = new Map<ViewerKind, Session | null>();
  const ideaOf = new Map<string, string>();

  beforeAll(async () => {
    const portal = await adminPortal({ title: 'Visibility portal', access_type: 'public' });
    key = portal.subdomain;
    const org = await t.request('POST', '/idea_organizations', {
      idea_organization: { name: 'Acme visibility', email_domains: 'acme-vis.example' },
    });
    expect(org.status).toBe(200);
    await addPortalUser(portal.id, 'staff@vis.example', { permission: true });
    const creator = await signIn(key, 'creator@acme-vis.example');
    sessions.set('nobody', null);
    sessions.set('creator', creator);
    sessions.set('outsider', await signIn(key, 'outsider@else.example'));
    sessions.set('employee', await signIn(key, 'staff@vis.example'));
    sessions.set('colleague', await signIn(key, 'colleague@acme-vis.example'));
    for (const value of VALUES) {
      const idea = await submit(key, creator, `Visibility ${value}`);
      await adminUpdateIdea(idea.id, { visibility: value });
      ideaOf.set(value, idea.id);
    }
  });

  const cases = VALUES.flatMap((value) =>
    (['nobody', 'outsider', 'creator', 'employee', 'colleague'] as const).map((viewer) => ({
      value,
      viewer,
      sees: SEES[value].includes(viewer),
    })),
  );

  it.each(cases)('$value idea, seen by $viewer: $sees', async ({ value, viewer, sees }) => {
    const session = sessions.get(viewer) ?? null;
    const id = ideaOf.get(value) ?? '';
    expect((await listIds(key, session)).includes(id)).toBe(sees);
    const page = await portalCall(key, 'GET', `/ideas/${id}`, { session });
    expect(page.status).toBe(sees ? 200 : 404);
    // What a viewer cannot see, they cannot touch either.
    if (!sees && session) {
      expect((await portalCall(key, 'POST', `/ideas/${id}/vote`, { session })).status).toBe(404);
      expect((await portalCall(key, 'POST', `/ideas/${id}/comments`, { session, body: { body: 'hi' } })).status).toBe(404);
    }
  });

  it('never shows a spam or a merged idea, even a public one to its creator', async () => {
    const creator = sessions.get('creator') ?? null;
    const spam = await submit(key, creator as Session, 'Spammy public idea');
    const merged = await submit(key, creator as Session, 'Merged public idea');
    const survivor = ideaOf.get('public') ?? '';
    await adminUpdateIdea(spam.id, { spam: 'true' });
    await adminUpdateIdea(merged.id, { duplicate_idea: survivor });
    for (const viewer of ['nobody', 'creator', 'employee'] as const) {
      const ids = await listIds(key, sessions.get(viewer) ?? null);
      expect(ids).not.toContain(spam.id);
      expect(ids).not.toContain(merged.id);
      expect((await portalCall(key, 'GET', `/ideas/${merged.id}`, { session: sessions.get(viewer) ?? null })).status).toBe(404);
    }
    const related = await portalCall(key, 'GET', `/ideas/related?q=${encodeURIComponent('Spammy public idea')}`, { session: creator });
    expect(portalRelatedSchema.parse(related.body).ideas.map((i) => i.id)).not.toContain(spam.id);
  });

  it('shows the team’s response only once it is published', async () => {
    const id = ideaOf.get('public') ?? '';
    await adminUpdateIdea(id, { admin_response: '<p>We are on it.</p>', admin_response_published: false });
    const hidden = portalIdeaEnvelope.parse((await portalCall(key, 'GET', `/ideas/${id}`)).body).idea;
    expect(hidden.admin_response).toBeNull();
    await adminUpdateIdea(id, { admin_response_published: true });
    const shown = portalIdeaEnvelope.parse((await portalCall(key, 'GET', `/ideas/${id}`)).body).idea;
    expect(shown.admin_response?.body_html).toBe('<p>We are on it.</p>');
    const admin = await t.get<{ idea: { admin_response_published: boolean } }>(`/ideas/${id}`);
    expect(admin.body.idea.admin_response_published).toBe(true);
  });
});

describe('access types', () => {
  it('private: nobody signed in gets the portal’s name and the sign-in, nothing else; unknown emails get no link', async () => {
    const portal = await adminPortal({ title: 'Private portal', access_type: 'private' });
    const home = portalHomeSchema.parse((await portalCall(portal.subdomain, 'GET', '')).body);
    expect(home.portal.title).toBe('Private portal');
    expect(home.viewer).toBeNull();
    expect((await portalCall(portal.subdomain, 'GET', '/ideas')).status).toBe(401);
    expect((await portalCall(portal.subdomain, 'GET', '/roadmap')).status).toBe(401);
    const before = sent.length;
    const asked = await portalCall(portal.subdomain, 'POST', '/sign_in', { body: { email: 'stranger@else.example' } });
    // The same answer as for a portal user: the form tells nobody who has an account.
    expect(asked.status).toBe(202);
    expect(sent.length).toBe(before);
    const emails = signInEmailPage.parse((await t.get(`/idea_portals/${portal.id}/sign_in_emails`)).body).sign_in_emails;
    expect(emails[0]).toMatchObject({ email: 'stranger@else.example', delivery: 'none', link: null });
    await addPortalUser(portal.id, 'known@else.example');
    const s = await signIn(portal.subdomain, 'known@else.example');
    expect((await portalCall(portal.subdomain, 'GET', '/ideas', { session: s })).status).toBe(200);
  });

  it('submit-only: a portal user sees only their own ideas; an employee sees by visibility', async () => {
    const portal = await adminPortal({ title: 'Submit-only portal', access_type: 'submit-only' });
    await addPortalUser(portal.id, 'emp@so.example', { permission: true });
    const a = await signIn(portal.subdomain, 'a@so.example');
    const b = await signIn(portal.subdomain, 'b@so.example');
    const emp = await signIn(portal.subdomain, 'emp@so.example');
    const ideaA = await submit(portal.subdomain, a, 'From A');
    const ideaB = await submit(portal.subdomain, b, 'From B');
    expect(await listIds(portal.subdomain, a)).toEqual([ideaA.id]);
    expect(await listIds(portal.subdomain, b)).toEqual([ideaB.id]);
    expect((await portalCall(portal.subdomain, 'GET', `/ideas/${ideaB.id}`, { session: a })).status).toBe(404);
    expect(await listIds(portal.subdomain, null)).toEqual([]);
    expect(new Set(await listIds(portal.subdomain, emp))).toEqual(new Set([ideaA.id, ideaB.id]));
  });

  it('a disabled portal, or an unknown one, is not there', async () => {
    const portal = await adminPortal({ title: 'Switched off', portal_enabled: false });
    expect((await portalCall(portal.subdomain, 'GET', '')).status).toBe(404);
    expect((await portalCall('no-such-portal', 'GET', '')).status).toBe(404);
    // Portals are reached by key, never by id.
    expect((await portalCall(portal.id, 'GET', '')).status).toBe(404);
  });
});

// ---------------------------------------------------------------------------------------------
// Sessions and security

describe('signing in and the session', () => {
  let key = '';
  let portalId = '';
  beforeAll(async () => {
    const portal = await adminPortal({ title: 'Session portal' });
    key = portal.subdomain;
    portalId = portal.id;
  });

  it('a link signs in once, makes the portal user verified, and sets a cookie of this portal only', async () => {
    const before = sent.length;
    await portalCall(key, 'POST', '/sign_in', { body: { email: 'New.Person@Example.com' } });
    const link = sent[before]?.link ?? '';
    expect(link).toMatch(new RegExp(`/portal/${key}/sign-in\\?token=`));
    const token = new URL(link).searchParams.get('token') ?? '';
    const first = await fetch(`${t.url}/portal/${key}/api/session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    expect(first.status).toBe(200);
    const cookie = first.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(new RegExp(`Path=/portal/${key}(;|$)`));
    const again = await fetch(`${t.url}/portal/${key}/api/session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    expect(again.status).toBe(401);
    const users = await t.get<{ portal_users: { email: string; verified: boolean }[] }>(
      `/idea_portals/${portalId}/portal_users?q=new.person`,
    );
    expect(users.body.portal_users[0]).toMatchObject({ email: 'new.person@example.com', verified: true });
    // The admin screen shows the link only while it can still sign in.
    const emails = signInEmailPage.parse((await t.get(`/idea_portals/${portalId}/sign_in_emails`)).body).sign_in_emails;
    expect(emails[0]).toMatchObject({ email: 'new.person@example.com', link: null, delivery: 'log' });
    expect(emails[0]?.used_at).not.toBeNull();
  });

  it('the admin screen lists an unused link written to the log; members get 403, nobody without a token 401', async () => {
    await portalCall(key, 'POST', '/sign_in', { body: { email: 'waiting@example.com' } });
    const emails = signInEmailPage.parse((await t.get(`/idea_portals/${portalId}/sign_in_emails`)).body).sign_in_emails;
    expect(emails[0]?.link).toMatch(/token=/);
    expect((await t.request('GET', `/idea_portals/${portalId}/sign_in_emails`, undefined, { token: member })).status).toBe(403);
    expect((await t.request('GET', `/idea_portals/${portalId}/sign_in_emails`, undefined, { token: null })).status).toBe(401);
  });

  it('an expired link, another portal’s link, a made-up token: 401', async () => {
    const before = sent.length;
    await portalCall(key, 'POST', '/sign_in', { body: { email: 'late@example.com' } });
    const token = new URL(sent[before]?.link ?? '').searchParams.get('token') ?? '';
    await t.service.store.db
      .updateTable('portal_sign_in_links')
      .set({ expires_at: '2000-01-01T00:00:00.000Z' })
      .where('email', '=', 'late@example.com')
      .execute();
    expect((await portalCall(key, 'POST', '/session', { body: { token } })).status).toBe(401);
    const other = await adminPortal({ title: 'Other session portal' });
    const b2 = sent.length;
    await portalCall(other.subdomain, 'POST', '/sign_in', { body: { email: 'cross@example.com' } });
    const otherToken = new URL(sent[b2]?.link ?? '').searchParams.get('token') ?? '';
    expect((await portalCall(key, 'POST', '/session', { body: { token: otherToken } })).status).toBe(401);
    expect((await portalCall(key, 'POST', '/session', { body: { token: 'made-up' } })).status).toBe(401);
  });

  it('a portal session is no credential for /api/v1, nor for another portal', async () => {
    const s = await signIn(key, 'someone@example.com');
    const value = s.cookie.split('=')[1] ?? '';
    const viaCookie = await checkedFetch(`${t.url}/api/v1/ideas`, { headers: { Cookie: s.cookie } });
    expect(viaCookie.status).toBe(401);
    const viaBearer = await checkedFetch(`${t.url}/api/v1/ideas`, { headers: { Authorization: `Bearer ${value}` } });
    expect(viaBearer.status).toBe(401);
    const other = await adminPortal({ title: 'Second portal for sessions' });
    const home = portalHomeSchema.parse((await portalCall(other.subdomain, 'GET', '', { session: s })).body);
    expect(home.viewer).toBeNull();
    // And an API token is no portal session.
    const withToken = await portalCall(key, 'POST', '/ideas', {
      body: { name: 'x' },
      headers: { Authorization: 'Bearer test-admin-token-0123456789' },
    });
    expect(withToken.status).toBe(401);
  });

  it('writes need the session’s CSRF token and this origin; signing out ends the session', async () => {
    const s = await signIn(key, 'csrf@example.com');
    const noToken = await portalCall(key, 'POST', '/ideas', { session: s, body: { name: 'No token' }, headers: { 'X-CSRF-Token': '' } });
    expect(noToken.status).toBe(403);
    const wrong = await portalCall(key, 'POST', '/ideas', {
      session: s,
      body: { name: 'Wrong token' },
      headers: { 'X-CSRF-Token': 'nope' },
    });
    expect(wrong.status).toBe(403);
    const crossSite = await portalCall(key, 'POST', '/ideas', {
      session: s,
      body: { name: 'Cross site' },
      headers: { Origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    expect(await listIds(key, s, 'sort=recent&q=token')).toEqual([]);
    expect((await portalCall(key, 'DELETE', '/session', { session: s })).status).toBe(204);
    expect(portalHomeSchema.parse((await portalCall(key, 'GET', '', { session: s })).body).viewer).toBeNull();
    expect((await portalCall(key, 'POST', '/ideas', { session: s, body: { name: 'After sign-out' } })).status).toBe(401);
  });

  it('a disabled portal user’s session stops working', async () => {
    const s = await signIn(key, 'soon-disabled@example.com');
    const users = await t.get<{ portal_users: { id: string }[] }>(`/idea_portals/${portalId}/portal_users?q=soon-disabled`);
    await t.request('PUT', `/idea_portals/${portalId}/portal_users/${users.body.portal_users[0]?.id ?? ''}`, {
      portal_user: { enabled: false },
    });
    expect(portalHomeSchema.parse((await portalCall(key, 'GET', '', { session: s })).body).viewer).toBeNull();
  });
});

describe('bad input', () => {
  let key = '';
  let s: Session;
  beforeAll(async () => {
    key = (await adminPortal({ title: 'Bad input portal' })).subdomain;
    s = await signIn(key, 'careful@example.com');
  });

  it('answers 4xx naming the field, and writes nothing', async () => {
    const count = async () => (await listIds(key, s)).length;
    const before = await count();
    const blank = await portalCall<{ errors: Record<string, string[]> }>(key, 'POST', '/ideas', { session: s, body: { name: '   ' } });
    expect(blank.status).toBe(422);
    expect(blank.body.errors.name).toEqual(["can't be blank"]);
    const long = await portalCall<{ errors: Record<string, string[]> }>(key, 'POST', '/ideas', {
      session: s,
      body: { name: 'x'.repeat(256) },
    });
    expect(long.status).toBe(422);
    expect(Object.keys(long.body.errors)).toEqual(['name']);
    const typed = await portalCall<{ errors: Record<string, string[]> }>(key, 'POST', '/ideas', { session: s, body: { name: 5 } });
    expect(typed.status).toBe(422);
    const category = await portalCall<{ errors: Record<string, string[]> }>(key, 'POST', '/ideas', {
      session: s,
      body: { name: 'Bad category', categories: ['999999'] },
    });
    expect(category.status).toBe(422);
    expect(Object.keys(category.body.errors)).toEqual(['categories']);
    const malformed = await portalCall(key, 'POST', '/ideas', {
      session: s,
      raw: '{"name": ',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    const huge = await portalCall(key, 'POST', '/ideas', { session: s, body: { name: 'Huge', description: 'x'.repeat(70_000) } });
    expect(huge.status).toBe(413);
    const email = await portalCall<{ errors: Record<string, string[]> }>(key, 'POST', '/sign_in', { body: { email: 'not-an-email' } });
    expect(email.status).toBe(422);
    expect(Object.keys(email.body.errors)).toEqual(['email']);
    expect((await portalCall(key, 'GET', '/ideas?sort=sideways')).status).toBe(422);
    expect((await portalCall(key, 'GET', '/ideas/99999999')).status).toBe(404);
    expect(await count()).toBe(before);
  });

  it('stores what a portal user types as text: markup is escaped, never run', async () => {
    const idea = await submit(key, s, 'Script <b>test</b>', { description: '<img src=x onerror=alert(1)>\n\nSecond paragraph' });
    const page = portalIdeaEnvelope.parse((await portalCall(key, 'GET', `/ideas/${idea.id}`)).body).idea;
    expect(page.name).toBe('Script <b>test</b>');
    expect(page.description_html).toBe('<p>&lt;img src=x onerror=alert(1)&gt;</p><p>Second paragraph</p>');
    const posted = await portalCall(key, 'POST', `/ideas/${idea.id}/comments`, { session: s, body: { body: '<script>x</script>' } });
    expect(portalCommentEnvelope.parse(posted.body).comment.body_html).toBe('<p>&lt;script&gt;x&lt;/script&gt;</p>');
  });
});

// ---------------------------------------------------------------------------------------------
// Submitting, voting, discussing

describe('submitting, related ideas, and what the admin sees', () => {
  it('a submitted idea is the portal user’s, in the portal, subscribed; the admin sees who and where', async () => {
    const portal = await adminPortal({ title: 'Submit portal' });
    const s = await signIn(portal.subdomain, 'Maker@Example.com');
    const category = await t.request<{ id: string; name: string }>('POST', '/products/PLN/idea_categories', {
      idea_category: { name: 'Portal category test' },
    });
    const idea = await submit(portal.subdomain, s, 'Offline mode for the mobile app', {
      description: 'Work without a connection.',
      categories: [category.body.id],
    });
    expect(idea.mine).toBe(true);
    expect(idea.subscribed).toBe(true);
    expect(idea.categories.map((c) => c.name)).toEqual(['Portal category test']);
    const admin = await t.get<{ idea: Record<string, unknown> }>(`/ideas/${idea.id}`);
    expect(admin.body.idea).toMatchObject({
      submitted_idea_portal_id: portal.id,
      created_by_portal_user: { email: 'maker@example.com' },
      visibility_value: 'public',
    });
    // The related-ideas index suggests it while someone else types a similar idea.
    const other = await signIn(portal.subdomain, 'typist@example.com');
    const related = portalRelatedSchema.parse(
      (await portalCall(portal.subdomain, 'GET', '/ideas/related?q=offline%20mobi', { session: other })).body,
    );
    expect(related.ideas[0]?.id).toBe(idea.id);
    const mine = await listIds(portal.subdomain, s, 'mine=true');
    expect(mine).toEqual([idea.id]);
    expect(await listIds(portal.subdomain, other, 'mine=true')).toEqual([]);
  });

  it('attachments: the submitter may add files, others may only read them through the portal', async () => {
    const portal = await adminPortal({ title: 'Files portal' });
    const s = await signIn(portal.subdomain, 'files@example.com');
    const idea = await submit(portal.subdomain, s, 'With a screenshot');
    const form = new FormData();
    form.append('file', new Blob(['hello portal'], { type: 'text/plain' }), 'notes.txt');
    const up = await portalCall<{ attachment: { download_url: string } }>(portal.subdomain, 'POST', `/ideas/${idea.id}/attachments`, {
      session: s,
      raw: form,
    });
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const page = portalIdeaEnvelope.parse((await portalCall(portal.subdomain, 'GET', `/ideas/${idea.id}`)).body).idea;
    expect(page.attachments.map((a) => a.file_name)).toEqual(['notes.txt']);
    const file = await fetch(`${t.url}${up.body.attachment.download_url}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toMatch(/attachment/);
    expect(await file.text()).toBe('hello portal');
    const other = await signIn(portal.subdomain, 'not-the-owner@example.com');
    const form2 = new FormData();
    form2.append('file', new Blob(['x'], { type: 'text/plain' }), 'x.txt');
    expect((await portalCall(portal.subdomain, 'POST', `/ideas/${idea.id}/attachments`, { session: other, raw: form2 })).status).toBe(403);
    // Once hidden, its files are gone from the portal too.
    await adminUpdateIdea(idea.id, { visibility: 'service' });
    expect((await fetch(`${t.url}${up.body.attachment.download_url}`)).status).toBe(404);
  });
});

describe('votes within the caps', () => {
  let key = '';
  let portalId = '';
  beforeAll(async () => {
    const portal = await adminPortal({ title: 'Votes portal', votes_per_user: 3, votes_per_idea: 2 });
    key = portal.subdomain;
    portalId = portal.id;
  });

  it('votes up to the per-idea cap, takes them back, and counts on the idea and the viewer', async () => {
    const maker = await signIn(key, 'idea-maker@example.com');
    const voter = await signIn(key, 'voter@example.com');
    const idea = await submit(key, maker, 'Dark mode');
    const first = portalVoteResultSchema.parse((await portalCall(key, 'POST', `/ideas/${idea.id}/vote`, { session: voter })).body);
    expect(first.idea).toMatchObject({ votes: 1, my_votes: 1 });
    expect(first.viewer.votes_held).toBe(1);
    expect((await portalCall(key, 'POST', `/ideas/${idea.id}/vote`, { session: voter, body: { value: 1 } })).status).toBe(200);
    const over = await portalCall<{ errors: Record<string, string[]> }>(key, 'POST', `/ideas/${idea.id}/vote`, { session: voter });
    expect(over.status).toBe(422);
    expect(over.body.errors.value?.[0]).toMatch(/2 per idea/);
    const page = portalIdeaEnvelope.parse((await portalCall(key, 'GET', `/ideas/${idea.id}`, { session: voter })).body).idea;
    expect(page.vote_refusal).toMatch(/most votes/);
    const back = portalVoteResultSchema.parse((await portalCall(key, 'DELETE', `/ideas/${idea.id}/vote`, { session: voter })).body);
    expect(back.idea).toMatchObject({ votes: 0, my_votes: 0 });
    expect(back.viewer.votes_held).toBe(0);
    expect((await portalCall(key, 'DELETE', `/ideas/${idea.id}/vote`, { session: voter })).status).toBe(404);
    // The admin's idea shows the count too.
    expect((await t.get<{ idea: { votes: number } }>(`/ideas/${idea.id}`)).body.idea.votes).toBe(0);
  });

  it('the per-user cap, and max_endorsement_override lifting it', async () => {
    const maker = await signIn(key, 'cap-maker@example.com');
    const ideas = [];
    for (let i = 0; i < 4; i++) ideas.push(await submit(key, maker, `Cap idea ${i}`));
    const voter = await signIn(key, 'capped@example.com');
    for (let i = 0; i < 3; i++)
      expect((await portalCall(key, 'POST', `/ideas/${ideas[i]?.id ?? ''}/vote`, { session: voter })).status).toBe(200);
    const fourth = await portalCall<{ errors: Record<string, string[]> }>(key, 'POST', `/ideas/${ideas[3]?.id ?? ''}/vote`, {
      session: voter,
    });
    expect(fourth.status).toBe(422);
    expect(fourth.body.errors.value?.[0]).toMatch(/over the 3/);
    expect((await t.get<{ idea: { votes: number } }>(`/ideas/${ideas[3]?.id ?? ''}`)).body.idea.votes).toBe(0);
    const users = await t.get<{ portal_users: { id: string }[] }>(`/idea_portals/${portalId}/portal_users?q=capped`);
    await t.request('PUT', `/idea_portals/${portalId}/portal_users/${users.body.portal_users[0]?.id ?? ''}`, {
      portal_user: { max_endorsement_override: 5 },
    });
    const now = portalVoteResultSchema.parse((await portalCall(key, 'POST', `/ideas/${ideas[3]?.id ?? ''}/vote`, { session: voter })).body);
    expect(now.viewer).toMatchObject({ votes_held: 4, votes_cap: 5 });
  });

  it('an idea in a complete status takes no votes', async () => {
    const maker = await signIn(key, 'shipped-maker@example.com');
    const idea = await submit(key, maker, 'Already shipped');
    const statuses = portalHomeSchema.parse((await portalCall(key, 'GET', '')).body).portal.statuses;
    const done = statuses.find((s) => s.complete);
    await adminUpdateIdea(idea.id, { workflow_status: done?.name });
    const refused = await portalCall(key, 'POST', `/ideas/${idea.id}/vote`, { session: maker });
    expect(refused.status).toBe(422);
  });
});

describe('comments, subscriptions and notifications', () => {
  let key = '';
  let maker: Session;
  let reader: Session;
  let ideaId = '';
  beforeAll(async () => {
    key = (await adminPortal({ title: 'Talk portal' })).subdomain;
    maker = await signIn(key, 'talker@example.com');
    reader = await signIn(key, 'reader@example.com');
    ideaId = (await submit(key, maker, 'Talk about me')).id;
  });

  it('one level of replies; the team’s internal threads stay out; a team reply in a portal thread shows', async () => {
    const top = portalCommentEnvelope.parse(
      (await portalCall(key, 'POST', `/ideas/${ideaId}/comments`, { session: reader, body: { body: 'Great idea' } })).body,
    ).comment;
    const reply = await portalCall(key, 'POST', `/ideas/${ideaId}/comments`, {
      session: maker,
      body: { body: 'Thanks!', parent_comment_id: top.id },
    });
    expect(reply.status).toBe(201);
    const replyId = portalCommentEnvelope.parse(reply.body).comment.replies[0]?.id ?? '';
    const deeper = await portalCall<{ errors: Record<string, string[]> }>(key, 'POST', `/ideas/${ideaId}/comments`, {
      session: reader,
      body: { body: 'Too deep', parent_comment_id: replyId },
    });
    expect(deeper.status).toBe(422);
    expect(Object.keys(deeper.body.errors)).toEqual(['parent_comment_id']);
    // The team: an internal comment, and a reply in the portal thread.
    expect((await t.request('POST', `/ideas/${ideaId}/comments`, { comment: { body: '<p>Internal: cost?</p>' } })).status).toBe(200);
    expect(
      (await t.request('POST', `/ideas/${ideaId}/comments`, { comment: { body: '<p>Planned for spring</p>', parent_comment_id: top.id } }))
        .status,
    ).toBe(200);
    const threads = portalCommentsSchema.parse((await portalCall(key, 'GET', `/ideas/${ideaId}/comments`)).body).comments;
    expect(threads).toHaveLength(1);
    expect(threads[0]?.replies.map((r) => [r.author_kind, r.body_html])).toEqual([
      ['portal_user', '<p>Thanks!</p>'],
      ['team', '<p>Planned for spring</p>'],
    ]);
    const summary = portalIdeaEnvelope.parse((await portalCall(key, 'GET', `/ideas/${ideaId}`)).body).idea;
    expect(summary.comments_count).toBe(3);
    // The admin's comment list names the portal user.
    const adminComments = await t.get<{ comments: { portal_user: { email: string } | null }[] }>(`/ideas/${ideaId}/comments`);
    expect(adminComments.body.comments.some((c) => c.portal_user?.email === 'reader@example.com')).toBe(true);
  });

  it('subscribers hear of status changes; unsubscribing stops it; reading marks them read', async () => {
    expect((await portalCall(key, 'PUT', `/ideas/${ideaId}/subscription`, { session: reader })).status).toBe(200);
    const statuses = portalHomeSchema.parse((await portalCall(key, 'GET', '')).body).portal.statuses;
    await adminUpdateIdea(ideaId, { workflow_status: statuses[1]?.name });
    const makerNotes = portalNotificationsSchema.parse((await portalCall(key, 'GET', '/notifications', { session: maker })).body);
    expect(makerNotes.unread).toBe(1);
    expect(makerNotes.notifications[0]?.message).toContain(statuses[1]?.name ?? '?');
    expect(portalHomeSchema.parse((await portalCall(key, 'GET', '', { session: reader })).body).viewer?.unread_notifications).toBe(1);
    expect((await portalCall(key, 'DELETE', `/ideas/${ideaId}/subscription`, { session: reader })).status).toBe(200);
    await adminUpdateIdea(ideaId, { workflow_status: statuses[2]?.name });
    expect(
      portalNotificationsSchema.parse((await portalCall(key, 'GET', '/notifications', { session: reader })).body).notifications,
    ).toHaveLength(1);
    expect(portalNotificationsSchema.parse((await portalCall(key, 'GET', '/notifications', { session: maker })).body).unread).toBe(2);
    expect((await portalCall(key, 'POST', '/notifications/read', { session: maker })).status).toBe(204);
    expect(portalNotificationsSchema.parse((await portalCall(key, 'GET', '/notifications', { session: maker })).body).unread).toBe(0);
  });
});

describe('the recycle bin', () => {
  it('an idea deleted and restored keeps its portal subscribers', async () => {
    const key = (await adminPortal({ title: 'Bin portal' })).subdomain;
    const s = await signIn(key, 'binned@example.com');
    const idea = await submit(key, s, 'Deleted then restored');
    const removed = await t.request('DELETE', `/ideas/${idea.id}`);
    expect(removed.status).toBe(204);
    const deletions = await t.get<{ deletions: { id: string; record: { name: string } }[] }>('/deletions?per_page=50');
    const deletion = deletions.body.deletions.find((d) => d.record.name === 'Deleted then restored');
    expect((await t.request('POST', `/deletions/${deletion?.id ?? ''}/restore`)).status).toBe(200);
    const page = portalIdeaEnvelope.parse((await portalCall(key, 'GET', `/ideas/${idea.id}`, { session: s })).body).idea;
    expect(page.subscribed).toBe(true);
  });
});

describe('the roadmap', () => {
  it('shows promoted ideas the viewer may see, with the release they ship in, by status', async () => {
    const portal = await adminPortal({ title: 'Roadmap portal' });
    const s = await signIn(portal.subdomain, 'roadmapper@example.com');
    const shown = await submit(portal.subdomain, s, 'Promote me');
    const hidden = await submit(portal.subdomain, s, 'Promote me quietly');
    await submit(portal.subdomain, s, 'Not promoted');
    const releases = await t.get<{ releases: { id: string; name: string }[] }>('/products/PLN/releases');
    const release = releases.body.releases[0];
    for (const id of [shown.id, hidden.id]) {
      const res = await t.request('PUT', `/ideas/${id}/promote`, { promotable_type: 'feature', release_id: release?.id });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    await adminUpdateIdea(hidden.id, { visibility: 'employee' });
    const roadmap = portalRoadmapSchema.parse((await portalCall(portal.subdomain, 'GET', '/roadmap')).body);
    const cards = roadmap.columns.flatMap((c) => c.ideas);
    expect(cards.map((c) => c.id)).toEqual([shown.id]);
    expect(cards[0]?.promoted_to).toMatchObject({ kind: 'feature', release: { name: release?.name } });
  });
});

describe('rate limits', () => {
  /** Runs `body` with `t` pointing at a service of its own with these portal limits. */
  async function withLimits(limits: Record<string, RateWindow[]>, body: () => Promise<void>): Promise<void> {
    const limited = await startTestService({
      service: {
        portal: {
          deliver: (m) => {
            sent.push({ to: m.to, link: m.link });
            return Promise.resolve('log');
          },
          limits,
        },
      },
    });
    const previous = t;
    t = limited;
    try {
      await body();
    } finally {
      t = previous;
      await limited.close();
    }
  }

  it('submitting and voting past the limit answer 429 with Retry-After; asking for links is limited, opening them is not', async () => {
    await withLimits({ submit: windows('2/min'), vote: windows('2/min'), signIn: windows('3/min') }, async () => {
      const key = (await adminPortal({ title: 'Limited portal' })).subdomain;
      const s = await signIn(key, 'eager@example.com');
      const a = await submit(key, s, 'One');
      await submit(key, s, 'Two');
      const third = await portalCall(key, 'POST', '/ideas', { session: s, body: { name: 'Three' } });
      expect(third.status).toBe(429);
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await listIds(key, s)).toHaveLength(2);
      expect((await portalCall(key, 'POST', `/ideas/${a.id}/vote`, { session: s })).status).toBe(200);
      expect((await portalCall(key, 'DELETE', `/ideas/${a.id}/vote`, { session: s })).status).toBe(200);
      const vote = await portalCall(key, 'POST', `/ideas/${a.id}/vote`, { session: s });
      expect(vote.status).toBe(429);
      expect(vote.headers.get('retry-after')).not.toBeNull();
      // Three people from one address each ask for a link and open it (signIn expects 202 and
      // 200): opening a link is not charged to the sign-in emails' bucket.
      await signIn(key, 'second@example.com');
      await signIn(key, 'third@example.com');
      // The fourth email asked from that address is over its limit.
      const fourth = await portalCall(key, 'POST', '/sign_in', { body: { email: 'fourth@example.com' } });
      expect(fourth.status).toBe(429);
      expect(JSON.stringify(fourth.body)).toMatch(/Too many sign-in emails/);
    });
  });

  it('counts wrong or used links per address, never refuses a good one; limits uploads per address as well as per user', async () => {
    await withLimits({ linkFailures: windows('2/min'), submit: windows('2/min'), signIn: windows('100/min') }, async () => {
      const key = (await adminPortal({ title: 'Guarded portal' })).subdomain;
      const before = sent.length;
      expect((await portalCall(key, 'POST', '/sign_in', { body: { email: 'patient@example.com' } })).status).toBe(202);
      const good = new URL(sent.slice(before).find((m) => m.to === 'patient@example.com')?.link ?? 'http://x').searchParams.get('token');
      for (const token of ['made-up-1', 'made-up-2']) {
        expect((await portalCall(key, 'POST', '/session', { body: { token } })).status).toBe(401);
      }
      const storm = await portalCall(key, 'POST', '/session', { body: { token: 'made-up-3' } });
      expect(storm.status).toBe(429);
      expect(JSON.stringify(storm.body)).toMatch(/Too many wrong or used sign-in links from this address/);
      expect(Number(storm.headers.get('retry-after'))).toBeGreaterThan(0);
      // The good link from the same address signs in; used a second time it is a failure (429 now).
      expect((await portalCall(key, 'POST', '/session', { body: { token: good } })).status).toBe(200);
      expect((await portalCall(key, 'POST', '/session', { body: { token: good } })).status).toBe(429);

      // Uploads: two portal users on one address; each under its own limit, the address over.
      const a = await signIn(key, 'uploader-a@example.com');
      const b = await signIn(key, 'uploader-b@example.com');
      const idea = await submit(key, a, 'With a file');
      await submit(key, b, 'Another');
      const form = new FormData();
      form.append('file', new Blob(['over the address limit'], { type: 'text/plain' }), 'late.txt');
      const upload = await portalCall(key, 'POST', `/ideas/${idea.id}/attachments`, { session: a, raw: form });
      expect(upload.status, JSON.stringify(upload.body)).toBe(429);
      expect(JSON.stringify(upload.body)).toMatch(/Too many uploads/);
      const page = portalIdeaEnvelope.parse((await portalCall(key, 'GET', `/ideas/${idea.id}`, { session: a })).body).idea;
      expect(page.attachments).toEqual([]);
    });
  });
});
