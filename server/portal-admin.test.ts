// API tests of who runs idea portals (issue 29): every row of the route table under the portal tags
// is either one of the reads members keep or an administrator's — a member gets 403 from each of
// those and nothing changes, an administrator gets 2xx — so a new portal row cannot slip through
// open. The sign-in log: members never read it, and a link handed to a mail server (a real SMTP
// conversation with a loopback server) is neither answered nor kept; a link the server refused
// stays for an administrator to hand on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInEmailPage } from '../src/contract/portals';
import { apiRoutes } from './api-routes';
import { mintToken } from './auth';
import { ADMINISTRATORS_ONLY } from './http/route-table';
import type { AnyRoute } from './http/route-table';
import { fakeSmtp } from './test/fake-smtp';
import type { FakeSmtp } from './test/fake-smtp';
import { startTestService } from './test/harness';
import type { TestService } from './test/harness';

const PORTAL_TAGS = new Set(['Idea portals', 'Portal users']);

/** The portal rows members keep: reading portals and portal users, which the idea screens name. */
const MEMBER_READS = new Set([
  'get /idea_portals',
  'get /products/{product_id}/idea_portals',
  'get /idea_portals/{id}',
  'get /idea_portals/{idea_portal_id}/portal_users',
  'get /idea_portals/{idea_portal_id}/portal_users/{id}',
  'get /portal_users',
  'get /portal_users/{id}',
]);

const portalRows = (apiRoutes as readonly AnyRoute[]).filter((r) => r.tags.some((tag) => PORTAL_TAGS.has(tag)));
const adminRows = portalRows.filter((r) => !MEMBER_READS.has(`${r.method} ${r.path}`));

/** Bodies an administrator's call of a row succeeds with (rows not named here are still refused to members). */
const SAMPLE_BODIES: Record<string, (n: number) => unknown> = {
  'post /idea_portals': (n) => ({ idea_portal: { product_id: 'PLN', title: `Admin portal ${n}` } }),
  'put /idea_portals/{id}': (n) => ({ idea_portal: { title: `Renamed portal ${n}` } }),
  'post /idea_portals/{idea_portal_id}/portal_users': (n) => ({
    portal_user: { email: `made${n}@example.com`, permission: true, max_endorsement_override: 1000 },
  }),
  'put /idea_portals/{idea_portal_id}/portal_users/{id}': () => ({
    portal_user: { enabled: false, permission: true, max_endorsement_override: 1000 },
  }),
};

let t: TestService;
let member: string;
let portal: { id: string; subdomain: string };

async function newPortalUser(email: string): Promise<string> {
  const res = await t.request<{ portal_user: { id: string } }>('POST', `/idea_portals/${portal.id}/portal_users`, {
    portal_user: { email },
  });
  expect(res.status).toBe(200);
  return res.body.portal_user.id;
}

/** A row's path with its parameters filled: the test portal, its user `userId`, workspace PLN. */
function pathOf(row: AnyRoute, userId: string): string {
  return row.path
    .replace('{idea_portal_id}', portal.id)
    .replace('{product_id}', 'PLN')
    .replace(/^\/idea_portals\/\{id\}/, `/idea_portals/${portal.id}`)
    .replace('{id}', userId);
}

/** What a member could change through the portal rows, read as the administrator. */
async function portalState(): Promise<string> {
  const db = t.service.store.db;
  const portals = await db.selectFrom('idea_portals').selectAll().orderBy('id').execute();
  const users = await db.selectFrom('portal_users').selectAll().orderBy('id').execute();
  const deletions = await db.selectFrom('deletions').select('id').execute();
  return JSON.stringify({ portals, users, deletions: deletions.length });
}

beforeAll(async () => {
  t = await startTestService();
  const db = t.service.store.db;
  const morgan = await db
    .selectFrom('users')
    .select(['id', 'administrator'])
    .where('email', '=', 'morgan@planner.local')
    .executeTakeFirstOrThrow();
  expect(morgan.administrator).toBe(0);
  member = await mintToken(db, morgan.id, 'portal-admin.test');
  const made = await t.request<{ idea_portal: { id: string; subdomain: string } }>('POST', '/idea_portals', {
    idea_portal: { product_id: 'PLN', title: 'Run by administrators' },
  });
  expect(made.status).toBe(200);
  portal = made.body.idea_portal;
});

afterAll(async () => {
  await t.close();
});

describe('portal administration', () => {
  it('is every portal row but the reads, each marked for administrators and documented so', async () => {
    expect(adminRows.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining([
        'post /idea_portals',
        'put /idea_portals/{id}',
        'post /idea_portals/{idea_portal_id}/portal_users',
        'put /idea_portals/{idea_portal_id}/portal_users/{id}',
        'delete /idea_portals/{idea_portal_id}/portal_users/{id}',
        'get /idea_portals/{idea_portal_id}/sign_in_emails',
      ]),
    );
    const doc = (
      await t.get<{ paths: Record<string, Record<string, { 'x-planner-access'?: string; responses: object }>> }>('/openapi.json')
    ).body;
    for (const row of adminRows) {
      expect(row.access, `${row.method} ${row.path}`).toBe('administrator');
      const op = doc.paths[row.path]?.[row.method];
      expect(op?.['x-planner-access'], `${row.method} ${row.path}`).toBe('administrator');
      expect(Object.keys(op?.responses ?? {})).toContain('403');
    }
  });

  it('answers 403 to a member on every administrator row, before reading the body, and changes nothing', async () => {
    const userId = await newPortalUser('kept@example.com');
    await t.service.store.db.updateTable('portal_users').set({ max_endorsements_override: 2 }).where('id', '=', Number(userId)).execute();
    const before = await portalState();
    for (const row of adminRows) {
      const key = `${row.method} ${row.path}`;
      const body = SAMPLE_BODIES[key]?.(0) ?? (row.method === 'get' || row.method === 'delete' ? undefined : {});
      const res = await t.request<{ error: string }>(row.method.toUpperCase(), pathOf(row, userId), body, { token: member });
      expect(res.status, key).toBe(403);
      expect(res.body.error).toBe(ADMINISTRATORS_ONLY);
      expect(res.text).not.toMatch(/token=/);
    }
    expect(await portalState()).toBe(before);
  });

  it('answers 2xx to an administrator on every administrator row', async () => {
    let n = 0;
    // Deletes last, each on a user of its own.
    const ordered = [...adminRows.filter((r) => r.method !== 'delete'), ...adminRows.filter((r) => r.method === 'delete')];
    for (const row of ordered) {
      const key = `${row.method} ${row.path}`;
      const userId = await newPortalUser(`admin-call-${++n}@example.com`);
      const sample = SAMPLE_BODIES[key];
      const body = sample?.(n) ?? (row.method === 'get' || row.method === 'delete' ? undefined : {});
      const res = await t.request(row.method.toUpperCase(), pathOf(row, userId), body);
      // A row added without a sample body may refuse the empty one (422), never the administrator.
      if (sample || row.method === 'get' || row.method === 'delete') expect(res.status, `${key}: ${res.text}`).toBeLessThan(300);
      else expect(res.status, key).not.toBe(403);
    }
  });

  it('leaves members the reads of portals and portal users, with no sign-in link in them', async () => {
    const userId = await newPortalUser('readable@example.com');
    for (const key of MEMBER_READS) {
      const row = portalRows.find((r) => `${r.method} ${r.path}` === key);
      expect(row, key).toBeDefined();
      if (!row) continue;
      const res = await t.request('GET', pathOf(row, userId), undefined, { token: member });
      expect(res.status, key).toBe(200);
      expect(res.text).not.toMatch(/sign-in\?token=/);
    }
  });
});

describe('the sign-in log', () => {
  const smtps: FakeSmtp[] = [];
  afterAll(async () => {
    await Promise.all(smtps.map((s) => s.close()));
  });

  /** A service whose portals mail through `smtp`, and one portal user of its seeded portal asking for a link. */
  async function askThrough(smtp: FakeSmtp, email: string) {
    const svc = await startTestService({ service: { portal: { mail: { smtpUrl: smtp.url, from: 'Ideas <ideas@example.com>' } } } });
    const [seeded] = (await svc.get<{ idea_portals: { id: string; subdomain: string }[] }>('/idea_portals')).body.idea_portals;
    if (!seeded) throw new Error('the demo has a portal');
    const added = await svc.request('POST', `/idea_portals/${seeded.id}/portal_users`, { portal_user: { email } });
    expect(added.status).toBe(200);
    const asked = await fetch(`${svc.url}/portal/${seeded.subdomain}/api/sign_in`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ email }),
    });
    expect(asked.status).toBe(202);
    return { svc, seeded };
  }

  it('never answers nor keeps a link handed to a mail server: only its delivery state', async () => {
    const smtp = await fakeSmtp();
    smtps.push(smtp);
    const { svc, seeded } = await askThrough(smtp, 'mailed@example.com');
    try {
      // The mail went out with the link in it (quoted-printable: soft breaks and `=3D` undone).
      expect(smtp.messages.join('\n').replace(/=\r\n/g, '').replace(/=3D/g, '=')).toMatch(/sign-in\?token=/);
      const res = await svc.get(`/idea_portals/${seeded.id}/sign_in_emails`);
      expect(res.status).toBe(200);
      const [row] = signInEmailPage.parse(res.body).sign_in_emails;
      expect(row).toMatchObject({ email: 'mailed@example.com', delivery: 'smtp', link: null, used_at: null });
      expect(res.text).not.toMatch(/token=/);
      // Nor is it in the database for a later reader.
      const kept = await svc.service.store.db.selectFrom('portal_sign_in_links').select(['link', 'delivery']).execute();
      expect(kept.filter((r) => r.delivery === 'smtp').map((r) => r.link)).toEqual([null]);
    } finally {
      await svc.close();
    }
  });

  it('keeps a link the mail server refused, for administrators only', async () => {
    const smtp = await fakeSmtp(true);
    smtps.push(smtp);
    const { svc, seeded } = await askThrough(smtp, 'refused@example.com');
    try {
      const res = await svc.get(`/idea_portals/${seeded.id}/sign_in_emails`);
      const [row] = signInEmailPage.parse(res.body).sign_in_emails;
      expect(row).toMatchObject({ email: 'refused@example.com', delivery: 'failed' });
      expect(row?.link).toMatch(/sign-in\?token=/);
      const db = svc.service.store.db;
      const morgan = await db.selectFrom('users').select('id').where('email', '=', 'morgan@planner.local').executeTakeFirstOrThrow();
      const asMember = await svc.request('GET', `/idea_portals/${seeded.id}/sign_in_emails`, undefined, {
        token: await mintToken(db, morgan.id, 'portal-admin.test'),
      });
      expect(asMember.status).toBe(403);
      expect(asMember.text).not.toMatch(/token=/);
    } finally {
      await svc.close();
    }
  });

  it('does not answer a mailed link that an older version kept', async () => {
    const db = t.service.store.db;
    const at = new Date();
    await db
      .insertInto('portal_sign_in_links')
      .values({
        idea_portal_id: Number(portal.id),
        email: 'old@example.com',
        token_hash: 'f'.repeat(64),
        link: `${t.url}/portal/${portal.subdomain}/sign-in?token=kept-by-an-older-version`,
        delivery: 'smtp',
        created_at: at.toISOString(),
        expires_at: new Date(at.getTime() + 60_000).toISOString(),
        used_at: null,
      })
      .execute();
    const res = await t.get(`/idea_portals/${portal.id}/sign_in_emails`);
    expect(signInEmailPage.parse(res.body).sign_in_emails[0]).toMatchObject({ email: 'old@example.com', delivery: 'smtp', link: null });
    expect(res.text).not.toMatch(/token=/);
  });
});
