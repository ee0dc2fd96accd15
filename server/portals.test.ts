// API tests of idea portals and portal users (issue 11, operation 12): the seeded portal in its
// hosted shape, portals and portal users created and changed by administrators only (403 for
// members, who read them; server/portal-admin.test.ts walks every such row), keys
// (subdomains) in paths, vote caps; portal users created, listed (paging, `q`, `enabled`,
// `employee`), shown, changed and deleted under their portal (another portal's user is a 404) and
// account-wide; email unique per portal in any case; both spellings of the drifting members; every
// rule a 422 naming its field, nothing half-written; audit rows and the recycle bin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../src/contract/common';
import { ideaPortalEnvelope, ideaPortalPage, portalUserEnvelope, portalUserPage } from '../src/contract/portals';
import { mintToken } from './auth';
import { apiClient } from './test/client';
import type { ApiClient } from './test/client';
import { startTestService } from './test/harness';
import type { TestService } from './test/harness';
import { auditRows, deletionOf, expectFields, lastAudit, uniqueName } from './test/records';

let t: TestService;
let api: ApiClient;
let member: string;
/** The seeded portal of PLN. */
let seeded: { id: string; subdomain: string };
/** A second portal (MOB), made by the tests. */
let other: { id: string; subdomain: string };

beforeAll(async () => {
  t = await startTestService();
  api = apiClient(t);
  const db = t.service.store.db;
  const morgan = await db.selectFrom('users').select('id').where('email', '=', 'morgan@planner.local').executeTakeFirstOrThrow();
  member = await mintToken(db, morgan.id, 'portals.test');
  const [first] = (await api.call('GET /idea_portals')).data().idea_portals;
  seeded = { id: first?.id ?? '', subdomain: first?.subdomain ?? '' };
  const made = (
    await api.call('POST /idea_portals', { body: { idea_portal: { product_id: 'MOB', title: 'Mobile ideas', access_type: 'private' } } })
  ).data().idea_portal;
  other = { id: made.id, subdomain: made.subdomain ?? '' };
});

afterAll(async () => {
  await t.close();
});

let emails = 0;
const freshEmail = (): string => `person${++emails}@example.com`;

const rowCount = async (table: 'idea_portals' | 'portal_users'): Promise<number> =>
  Number(
    (
      await t.service.store.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function makeUser(portal: string, fields: Record<string, unknown> = {}) {
  return (
    await api.call('POST /idea_portals/{idea_portal_id}/portal_users', {
      params: { idea_portal_id: portal },
      body: { portal_user: { email: freshEmail(), ...fields } },
    })
  ).data().portal_user;
}

describe('idea portals', () => {
  it('lists the seeded portal in the hosted shape, account-wide and under its product', async () => {
    const all = (await api.call('GET /idea_portals')).data();
    const portal = all.idea_portals.find((p) => p.id === seeded.id);
    expect(portal).toMatchObject({
      title: 'Planner Cloud ideas',
      portal_enabled: true,
      access_type: 'public',
      subdomain: 'planner-cloud',
      votes_per_user: 10,
      votes_per_idea: 3,
    });
    expect(portal?.external_url).toBe(`${t.url}/portal/planner-cloud`);
    expect(portal?.resource).toBe(`${t.url}/api/v1/idea_portals/planner-cloud`);
    const pln = (await api.call('GET /products/{product_id}/idea_portals', { params: { product_id: 'PLN' } })).data();
    expect(pln.idea_portals.map((p) => p.id)).toEqual([seeded.id]);
    expect(pln.pagination.total_records).toBe(1);
    const mob = (await api.call('GET /products/{product_id}/idea_portals', { params: { product_id: 'MOB' } })).data();
    expect(mob.idea_portals.map((p) => p.id)).toEqual([other.id]);
    expect((await api.send('GET /products/{product_id}/idea_portals', { params: { product_id: 'NOPE' } })).status).toBe(404);
  });

  it('narrows lists with q and fields, and refuses unknown parameters', async () => {
    const found = (await api.call('GET /idea_portals', { query: { q: 'MOBILE' } })).data().idea_portals;
    expect(found.map((p) => p.id)).toEqual([other.id]);
    const narrow = (await api.call('GET /idea_portals', { query: { fields: 'title' } })).data().idea_portals;
    expect(Object.keys(narrow[0] ?? {}).sort()).toEqual(['id', 'title']);
    expect((await api.send('GET /idea_portals', { query: { product: 'PLN' } })).status).toBe(400);
  });

  it('shows a portal by id or by subdomain in any case; an unknown one is a 404', async () => {
    for (const ref of [seeded.id, 'planner-cloud', 'Planner-Cloud']) {
      expect((await api.call('GET /idea_portals/{id}', { params: { id: ref } })).data().idea_portal.id).toBe(seeded.id);
    }
    const missing = await api.send('GET /idea_portals/{id}', { params: { id: 'no-such-portal' } });
    expect(missing.status).toBe(404);
    expect(errorBodySchema.parse(missing.body).error).toBe('Idea portal "no-such-portal" not found');
    expect((await api.send('GET /idea_portals/{id}', { params: { id: '999999' } })).status).toBe(404);
  });

  it('is created by an administrator with defaults, a subdomain made from the title, and an audit row', async () => {
    // "Planner Cloud" makes `planner-cloud`, which the seeded portal has: the next free one is taken.
    const res = await api.call('POST /idea_portals', { body: { idea_portal: { product_id: 'PLN', title: '  Planner Cloud  ' } } });
    const portal = ideaPortalEnvelope.parse(res.body).idea_portal;
    expect(portal).toMatchObject({
      title: 'Planner Cloud',
      subdomain: 'planner-cloud-2',
      access_type: 'public',
      portal_enabled: true,
      votes_per_user: null,
      votes_per_idea: null,
    });
    expect(portal.product_id).toBe((await api.call('GET /products/{id}', { params: { id: 'PLN' } })).data().product.id);
    const [row] = await auditRows(t, 'IdeaPortal', portal.id);
    expect(row?.audit_action).toBe('create');
    expect(JSON.parse(row?.changes ?? '{}')).toMatchObject({ title: [null, 'Planner Cloud'], subdomain: [null, 'planner-cloud-2'] });
  });

  it('takes every field on create, the flags as text too', async () => {
    const portal = (
      await api.call('POST /idea_portals', {
        body: {
          idea_portal: {
            product_id: 'pln',
            title: 'Partners',
            subdomain: 'Partners-2030',
            access_type: 'submit-only',
            portal_enabled: 'false',
            external_url: 'https://ideas.example.com/',
            votes_per_user: 5,
            votes_per_idea: 5,
          },
        },
      })
    ).data().idea_portal;
    expect(portal).toMatchObject({
      subdomain: 'partners-2030',
      access_type: 'submit-only',
      portal_enabled: false,
      external_url: 'https://ideas.example.com/',
      votes_per_user: 5,
      votes_per_idea: 5,
    });
  });

  it('refuses every broken rule of a create in one 422 and writes nothing', async () => {
    const before = await rowCount('idea_portals');
    const res = await api.send('POST /idea_portals', {
      body: {
        idea_portal: {
          product_id: 'NOPE',
          title: '   ',
          subdomain: 'planner-cloud',
          access_type: 'secret',
          portal_enabled: 'maybe',
          external_url: 'ftp://x',
          votes_per_user: 0,
          votes_per_idea: 1.5,
          id: '12',
        },
      },
    });
    const errors = expectFields(
      res,
      'product_id',
      'title',
      'access_type',
      'portal_enabled',
      'external_url',
      'votes_per_user',
      'votes_per_idea',
      'id',
    );
    expect(errors.id).toEqual(['is read-only']);
    expect(errors.portal_enabled).toEqual(['must be true or false']);
    expect(
      (await api.send('POST /idea_portals', { body: { idea_portal: { title: 'x', subdomain: 'planner-cloud' } } })).body,
    ).toMatchObject({
      errors: { product_id: ["can't be blank"], subdomain: ['has already been taken by the portal "Planner Cloud ideas"'] },
    });
    expectFields(await api.send('POST /idea_portals', { body: { idea_portal: { product_id: 'PLN' } } }), 'title');
    expectFields(
      await api.send('POST /idea_portals', { body: { idea_portal: { product_id: 'PLN', title: 'x', subdomain: '9lives' } } }),
      'subdomain',
    );
    expectFields(
      await api.send('POST /idea_portals', {
        body: { idea_portal: { product_id: 'PLN', title: 'x', votes_per_user: 2, votes_per_idea: 3 } },
      }),
      'votes_per_idea',
    );
    expect(await rowCount('idea_portals')).toBe(before);
  });

  it('is changed by an administrator; nothing changed writes no audit row; the product stays', async () => {
    const portal = (
      await api.call('POST /idea_portals', { body: { idea_portal: { product_id: 'PLN', title: uniqueName('Change me') } } })
    ).data().idea_portal;
    const changed = (
      await api.call('PUT /idea_portals/{id}', {
        params: { id: portal.subdomain ?? '' },
        body: { idea_portal: { title: 'Changed', access_type: 'private', votes_per_user: 4, votes_per_idea: null, portal_enabled: false } },
      })
    ).data().idea_portal;
    expect(changed).toMatchObject({
      title: 'Changed',
      access_type: 'private',
      votes_per_user: 4,
      votes_per_idea: null,
      portal_enabled: false,
    });
    const audit = await lastAudit(t, 'IdeaPortal', portal.id);
    expect(JSON.parse(audit.changes)).toEqual({
      title: [portal.title, 'Changed'],
      access_type: ['public', 'private'],
      votes_per_user: [null, 4],
      portal_enabled: [1, 0],
    });
    const again = await api.call('PUT /idea_portals/{id}', { params: { id: portal.id }, body: { idea_portal: { title: 'Changed' } } });
    expect(again.data().idea_portal.updated_at).toBe(changed.updated_at);
    expect(await auditRows(t, 'IdeaPortal', portal.id)).toHaveLength(2);
    // A per-idea cap above the stored per-user cap; and the product is not the update's to change.
    const refused = await api.send('PUT /idea_portals/{id}', {
      params: { id: portal.id },
      body: { idea_portal: { votes_per_idea: 9, product_id: 'MOB' } },
    });
    const errors = expectFields(refused, 'votes_per_idea', 'product_id');
    expect(errors.product_id).toEqual(['is read-only']);
    expect((await api.call('GET /idea_portals/{id}', { params: { id: portal.id } })).data().idea_portal.votes_per_idea).toBeNull();
  });

  it('answers 403 to a member creating or changing a portal, and writes nothing', async () => {
    const before = await rowCount('idea_portals');
    const created = await api.send('POST /idea_portals', {
      token: member,
      body: { idea_portal: { product_id: 'PLN', title: 'By a member' } },
    });
    expect(created.status).toBe(403);
    const changed = await api.send('PUT /idea_portals/{id}', {
      token: member,
      params: { id: seeded.id },
      body: { idea_portal: { title: 'x' } },
    });
    expect(changed.status).toBe(403);
    expect(await rowCount('idea_portals')).toBe(before);
    // Members read portals.
    expect((await api.call('GET /idea_portals/{id}', { token: member, params: { id: seeded.id } })).data().idea_portal.title).toBe(
      'Planner Cloud ideas',
    );
  });
});

describe('portal users', () => {
  it('lists the seeded users of a portal in the hosted shape, by email', async () => {
    const page = (
      await api.call('GET /idea_portals/{idea_portal_id}/portal_users', { params: { idea_portal_id: 'planner-cloud' } })
    ).data();
    expect(page.pagination.total_records).toBeGreaterThanOrEqual(6);
    const emailsSeen = page.portal_users.map((u) => u.email ?? '');
    expect(emailsSeen).toEqual([...emailsSeen].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const ben = page.portal_users.find((u) => u.email === 'ben.okafor@contoso.example');
    expect(ben).toEqual({
      id: ben?.id,
      email: 'ben.okafor@contoso.example',
      first_name: 'Ben',
      last_name: 'Okafor',
      enabled: true,
      verified: true,
      employee: false,
      max_endorsements_override: 20,
      unsubscribed: false,
      unsubscribed_from_weekly_emails: null,
      idea_portal_id: seeded.id,
      idea_user_id: null,
      created_at: expect.any(String) as string,
      updated_at: expect.any(String) as string,
    });
    // `portal_user_subscriptions` only when asked for, as hosted.
    const asked = (
      await api.call('GET /idea_portals/{idea_portal_id}/portal_users', {
        params: { idea_portal_id: seeded.id },
        query: { fields: 'email,portal_user_subscriptions' },
      })
    ).data().portal_users[0];
    expect(asked?.portal_user_subscriptions).toEqual({ preferences: [] });
    expect(Object.keys(asked ?? {}).sort()).toEqual(['email', 'id', 'portal_user_subscriptions']);
  });

  it('filters by q over email and names, enabled and employee, and pages', async () => {
    const list = (query: Record<string, string | number>) =>
      api.call('GET /idea_portals/{idea_portal_id}/portal_users', { params: { idea_portal_id: seeded.id }, query }).then((r) => r.data());
    expect((await list({ q: 'OKAFOR' })).portal_users.map((u) => u.email)).toEqual(['ben.okafor@contoso.example']);
    expect((await list({ q: 'dev patel' })).portal_users.map((u) => u.email)).toEqual(['dev.patel@planner.local']);
    expect((await list({ q: 'planner.local' })).portal_users).toHaveLength(2);
    expect((await list({ enabled: 'false' })).portal_users.map((u) => u.email)).toEqual(['felix.braun@tailspin.example']);
    const employees = (await list({ employee: 'true' })).portal_users.map((u) => u.email);
    expect(employees).toEqual(['dev.patel@planner.local', 'erin.walsh@planner.local']);
    expect((await list({ employee: 'true', q: 'erin' })).portal_users.map((u) => u.email)).toEqual(['erin.walsh@planner.local']);
    const first = await list({ per_page: 2, page: 1 });
    const second = await list({ per_page: 2, page: 2 });
    expect(first.portal_users).toHaveLength(2);
    expect(first.pagination.total_pages).toBe(Math.ceil(first.pagination.total_records / 2));
    expect(second.pagination.current_page).toBe(2);
    expect(second.portal_users.map((u) => u.id)).not.toContain(first.portal_users[0]?.id);
    const bad = await api.send('GET /idea_portals/{idea_portal_id}/portal_users', {
      params: { idea_portal_id: seeded.id },
      query: { enabled: 'yes', idea_user_id: '1' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(errorBodySchema.parse(bad.body).errors ?? {})).toEqual(['idea_user_id']);
    const badValue = await api.send('GET /idea_portals/{idea_portal_id}/portal_users', {
      params: { idea_portal_id: seeded.id },
      query: { enabled: 'yes' },
    });
    expect(errorBodySchema.parse(badValue.body).errors).toEqual({ enabled: ['must be one of: true, false'] });
  });

  it('creates a user (operation 12) with the spec names, answered with the hosted ones, and an audit row', async () => {
    const res = await api.call('POST /idea_portals/{idea_portal_id}/portal_users', {
      params: { idea_portal_id: seeded.subdomain },
      body: {
        portal_user: {
          email: '  New.Person@Example.com ',
          first_name: ' New ',
          last_name: 'Person',
          permission: 'true',
          enabled: true,
          verified: 'false',
          max_endorsement_override: 7,
          unsubscribed: false,
          unsubscribed_from_weekly_emails: 'true',
        },
      },
    });
    const user = portalUserEnvelope.parse(res.body).portal_user;
    expect(user).toMatchObject({
      email: 'New.Person@Example.com',
      first_name: 'New',
      last_name: 'Person',
      employee: true,
      enabled: true,
      verified: false,
      max_endorsements_override: 7,
      unsubscribed: false,
      unsubscribed_from_weekly_emails: true,
      idea_portal_id: seeded.id,
    });
    expect(user).not.toHaveProperty('portal_user_subscriptions');
    const audit = await lastAudit(t, 'PortalUser', user.id);
    expect(audit.audit_action).toBe('create');
    expect(JSON.parse(audit.changes)).toMatchObject({ email: [null, 'New.Person@Example.com'], employee: [null, 1] });
    // Defaults: enabled, not verified, not an employee, no override, subscribed, weekly choice unset.
    const plain = await makeUser(seeded.id);
    expect(plain).toMatchObject({
      enabled: true,
      verified: false,
      employee: false,
      max_endorsements_override: null,
      unsubscribed: false,
      unsubscribed_from_weekly_emails: null,
      first_name: null,
      last_name: null,
    });
  });

  it('takes the answer spellings too; both at once must agree', async () => {
    const user = await makeUser(seeded.id, { employee: true, max_endorsements_override: '3' });
    expect(user).toMatchObject({ employee: true, max_endorsements_override: 3 });
    const agreed = await makeUser(seeded.id, {
      employee: false,
      permission: false,
      max_endorsement_override: null,
      max_endorsements_override: '',
    });
    expect(agreed).toMatchObject({ employee: false, max_endorsements_override: null });
    const before = await rowCount('portal_users');
    const res = await api.send('POST /idea_portals/{idea_portal_id}/portal_users', {
      params: { idea_portal_id: seeded.id },
      body: {
        portal_user: { email: freshEmail(), permission: true, employee: false, max_endorsement_override: 1, max_endorsements_override: 2 },
      },
    });
    expectFields(res, 'employee', 'max_endorsements_override');
    expect(await rowCount('portal_users')).toBe(before);
  });

  it('keeps an email unique per portal in any case, but lets another portal have it', async () => {
    const email = freshEmail();
    const user = await makeUser(seeded.id, { email });
    const before = await rowCount('portal_users');
    const dup = await api.send('POST /idea_portals/{idea_portal_id}/portal_users', {
      params: { idea_portal_id: seeded.id },
      body: { portal_user: { email: email.toUpperCase() } },
    });
    const errors = expectFields(dup, 'email');
    expect(errors.email?.[0]).toMatch(/has already been taken/);
    expect(await rowCount('portal_users')).toBe(before);
    const elsewhere = await makeUser(other.id, { email: email.toUpperCase() });
    expect(elsewhere.idea_portal_id).toBe(other.id);
    // Changing another user's email to it is refused too; a user keeps its own in another case.
    const second = await makeUser(seeded.id);
    expectFields(
      await api.send('PUT /idea_portals/{idea_portal_id}/portal_users/{id}', {
        params: { idea_portal_id: seeded.id, id: second.id },
        body: { portal_user: { email } },
      }),
      'email',
    );
    const recased = await api.call('PUT /idea_portals/{idea_portal_id}/portal_users/{id}', {
      params: { idea_portal_id: seeded.id, id: user.id },
      body: { portal_user: { email: email.toUpperCase() } },
    });
    expect(recased.data().portal_user.email).toBe(email.toUpperCase());
  });

  it('refuses bad values naming each field, all at once, and writes nothing', async () => {
    const before = await rowCount('portal_users');
    const res = await api.send('POST /idea_portals/{idea_portal_id}/portal_users', {
      params: { idea_portal_id: seeded.id },
      body: {
        portal_user: {
          email: 'not an email',
          first_name: 12,
          last_name: 'x'.repeat(256),
          permission: 'yes',
          enabled: 1,
          verified: null,
          max_endorsement_override: -1,
          unsubscribed: 'TRUE',
          unsubscribed_from_weekly_emails: 'no',
          idea_user_id: '5',
        },
      },
    });
    const errors = expectFields(
      res,
      'email',
      'first_name',
      'last_name',
      'permission',
      'enabled',
      'verified',
      'max_endorsement_override',
      'unsubscribed',
      'unsubscribed_from_weekly_emails',
      'idea_user_id',
    );
    expect(errors.email).toEqual(['must be an email address']);
    expect(errors.idea_user_id).toEqual(['is read-only']);
    expectFields(
      await api.send('POST /idea_portals/{idea_portal_id}/portal_users', {
        params: { idea_portal_id: seeded.id },
        body: { portal_user: {} },
      }),
      'email',
    );
    expectFields(
      await api.send('POST /idea_portals/{idea_portal_id}/portal_users', {
        params: { idea_portal_id: seeded.id },
        body: { portal_user: { email: `${'a'.repeat(250)}@example.com` } },
      }),
      'email',
    );
    expect(await rowCount('portal_users')).toBe(before);
    expect(
      (
        await api.send('POST /idea_portals/{idea_portal_id}/portal_users', {
          params: { idea_portal_id: 'nowhere' },
          body: { portal_user: { email: freshEmail() } },
        })
      ).status,
    ).toBe(404);
  });

  it('shows, changes and deletes a user under its portal only; another portal’s user is a 404', async () => {
    const user = await makeUser(seeded.id, { first_name: 'Pat' });
    const params = { idea_portal_id: seeded.id, id: user.id };
    const wrong = { idea_portal_id: other.id, id: user.id };
    expect((await api.call('GET /idea_portals/{idea_portal_id}/portal_users/{id}', { params })).data().portal_user.first_name).toBe('Pat');
    expect((await api.send('GET /idea_portals/{idea_portal_id}/portal_users/{id}', { params: wrong })).status).toBe(404);
    expect(
      (await api.send('PUT /idea_portals/{idea_portal_id}/portal_users/{id}', { params: wrong, body: { portal_user: { enabled: false } } }))
        .status,
    ).toBe(404);
    expect((await api.send('DELETE /idea_portals/{idea_portal_id}/portal_users/{id}', { params: wrong })).status).toBe(404);

    const changed = (
      await api.call('PUT /idea_portals/{idea_portal_id}/portal_users/{id}', {
        params,
        body: { portal_user: { enabled: 'false', unsubscribed: true, unsubscribed_from_weekly_emails: true, last_name: 'Lee' } },
      })
    ).data().portal_user;
    expect(changed).toMatchObject({
      enabled: false,
      unsubscribed: true,
      unsubscribed_from_weekly_emails: true,
      last_name: 'Lee',
      first_name: 'Pat',
    });
    expect(JSON.parse((await lastAudit(t, 'PortalUser', user.id)).changes)).toEqual({
      last_name: [null, 'Lee'],
      enabled: [1, 0],
      unsubscribed: [0, 1],
      unsubscribed_from_weekly_emails: [null, 1],
    });
    // Nothing changed: no audit row, the same updated_at.
    const same = (
      await api.call('PUT /idea_portals/{idea_portal_id}/portal_users/{id}', { params, body: { portal_user: { enabled: false } } })
    ).data();
    expect(same.portal_user.updated_at).toBe(changed.updated_at);
    expect(await auditRows(t, 'PortalUser', user.id)).toHaveLength(2);
    // A refused change leaves the user as it was.
    expectFields(
      await api.send('PUT /idea_portals/{idea_portal_id}/portal_users/{id}', {
        params,
        body: { portal_user: { email: '', verified: true } },
      }),
      'email',
    );
    expect((await api.call('GET /portal_users/{id}', { params: { id: user.id } })).data().portal_user.verified).toBe(false);

    const removed = await api.call('DELETE /idea_portals/{idea_portal_id}/portal_users/{id}', { params });
    expect(removed.status).toBe(204);
    expect((await api.send('GET /portal_users/{id}', { params: { id: user.id } })).status).toBe(404);
    const kept = await deletionOf(t, 'PortalUser', user.id);
    expect(kept.name).toBe(user.email);
    expect(JSON.parse(kept.payload)).toMatchObject({ portal_users: [{ id: Number(user.id), email: user.email, last_name: 'Lee' }] });
    expect((await lastAudit(t, 'PortalUser', user.id)).audit_action).toBe('destroy');
    // Its id is never handed out again.
    expect(Number((await makeUser(seeded.id)).id)).toBeGreaterThan(Number(user.id));
  });

  it('lists and shows portal users account-wide, every portal’s', async () => {
    const mobUser = await makeUser(other.id, { first_name: 'Mo' });
    const all = (await api.call('GET /portal_users', { query: { per_page: 200 } })).data();
    const portalsSeen = new Set(all.portal_users.map((u) => u.idea_portal_id));
    expect(portalsSeen).toEqual(new Set([seeded.id, other.id]));
    expect(portalUserPage.parse(all).pagination.total_records).toBe(await rowCount('portal_users'));
    const shown = (await api.call('GET /portal_users/{id}', { params: { id: mobUser.id } })).data().portal_user;
    expect(shown).toMatchObject({ id: mobUser.id, first_name: 'Mo', idea_portal_id: other.id });
    expect((await api.call('GET /portal_users', { query: { q: 'Mo', employee: 'false' } })).data().portal_users.map((u) => u.id)).toContain(
      mobUser.id,
    );
    expect((await api.send('GET /portal_users/{id}', { params: { id: '999999' } })).status).toBe(404);
  });

  it('answers 403 to a member adding, changing or deleting a portal user, and lets them read portal users', async () => {
    const target = await makeUser(seeded.id);
    const before = await rowCount('portal_users');
    const added = await api.send('POST /idea_portals/{idea_portal_id}/portal_users', {
      token: member,
      params: { idea_portal_id: seeded.id },
      body: { portal_user: { email: freshEmail(), permission: true, max_endorsement_override: 1000 } },
    });
    expect(added.status).toBe(403);
    const changed = await api.send('PUT /idea_portals/{idea_portal_id}/portal_users/{id}', {
      token: member,
      params: { idea_portal_id: seeded.id, id: target.id },
      body: { portal_user: { enabled: false, permission: true, max_endorsement_override: 1000 } },
    });
    expect(changed.status).toBe(403);
    const removed = await api.send('DELETE /idea_portals/{idea_portal_id}/portal_users/{id}', {
      token: member,
      params: { idea_portal_id: seeded.id, id: target.id },
    });
    expect(removed.status).toBe(403);
    expect(await rowCount('portal_users')).toBe(before);
    const shown = (await api.call('GET /portal_users/{id}', { token: member, params: { id: target.id } })).data().portal_user;
    expect(shown).toMatchObject({ id: target.id, enabled: true, employee: false, max_endorsements_override: null });
  });

  it('answers a page in the hosted shape for an account with no portal', async () => {
    const empty = await startTestService({ seed: 'empty' });
    try {
      const page = ideaPortalPage.parse((await empty.get('/idea_portals')).body);
      expect(page).toEqual({ idea_portals: [], pagination: { total_records: 0, total_pages: 0, current_page: 1 } });
      expect(portalUserPage.parse((await empty.get('/portal_users')).body).portal_users).toEqual([]);
    } finally {
      await empty.close();
    }
  });
});
