// Idea subscriptions over HTTP (hosted `/ideas/{idea_id}/subscriptions`): the hosted shape, a
// subscriber found by email in any case or made as a portal user of the idea's portal, subscribing
// twice answering the one subscription, the refusals (an idea in no portal, a bad email, another
// idea's subscription), paging, the delete and its audit rows, and that a subscription made here is
// the portal's: the idea's next status change notifies its portal user.
import { beforeAll, describe, expect, it } from 'vitest';
import { ideaSubscriptionEnvelope, ideaSubscriptionPage } from '../src/contract/idea-subscriptions';
import { ideaEnvelope } from '../src/contract/ideas';
import type { Idea } from '../src/contract/ideas';
import { mintToken } from './auth';
import { fileService } from './test/client';
import { auditRows, expect422, expectOk, lastAudit, rowCounts, uniqueName } from './test/records';

const { t, api } = await fileService();
const db = t.service.store.db;

let portalId: string;

async function makeIdea(idea: Record<string, unknown> = {}): Promise<Idea> {
  const res = await t.request('POST', '/products/PLN/ideas', {
    idea: { name: uniqueName('Subscribed idea'), created_by: 'pat@customer.example', submitted_idea_portal_id: portalId, ...idea },
  });
  return expectOk(res, ideaEnvelope).idea;
}
const subscribe = (idea: string, email: string, token?: string) =>
  api.send('POST /ideas/{idea_id}/subscriptions', {
    params: { idea_id: idea },
    body: { idea_subscription: { email } },
    ...(token ? { token } : {}),
  });
const subscribeOk = async (idea: string, email: string) =>
  expectOk(await subscribe(idea, email), ideaSubscriptionEnvelope).idea_subscription;
const portalUsersWith = (email: string) =>
  db
    .selectFrom('portal_users')
    .selectAll()
    .where('idea_portal_id', '=', Number(portalId))
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .execute();
const counts = () => rowCounts(t, ['idea_subscriptions', 'portal_users', 'audits']);

beforeAll(async () => {
  const portal = await t.request<{ idea_portal: { id: string } }>('POST', '/idea_portals', {
    idea_portal: { product_id: 'PLN', title: uniqueName('Subscriptions portal') },
  });
  expect(portal.status, portal.text).toBe(200);
  portalId = portal.body.idea_portal.id;
  const user = await t.request('POST', `/idea_portals/${portalId}/portal_users`, {
    portal_user: { email: 'Ada.Known@customer.example', first_name: 'Ada', last_name: 'Known' },
  });
  expect(user.status, user.text).toBe(200);
});

describe('POST /ideas/{idea_id}/subscriptions', () => {
  it("subscribes a portal user of the idea's portal, found by email in any case, answered in the hosted shape", async () => {
    const idea = await makeIdea({ description: '<p>Why it matters</p>' });
    const before = await counts();
    const sub = await subscribeOk(idea.reference_num, 'ada.KNOWN@customer.example');
    expect(Object.keys(sub).sort()).toEqual(['created_at', 'id', 'idea', 'idea_id', 'portal_user']);
    expect(sub.idea_id).toBe(idea.id);
    const [ada] = await portalUsersWith('ada.known@customer.example');
    expect(sub.portal_user).toEqual({
      id: String(ada?.id),
      name: 'Ada Known',
      email: 'Ada.Known@customer.example',
      created_at: ada?.created_at,
    });
    expect(sub.idea).toMatchObject({
      id: idea.id,
      name: idea.name,
      reference_num: idea.reference_num,
      created_at: idea.created_at,
      workflow_status: { name: idea.workflow_status.name },
      url: idea.url,
      resource: idea.resource,
    });
    expect(sub.idea.description).toMatchObject({ body: '<p>Why it matters</p>', notable_id: idea.id, notable_type: 'Ideas::Idea' });
    // No portal user was made: one subscription, its audit row, nothing else.
    expect(await counts()).toEqual({ ...before, idea_subscriptions: before.idea_subscriptions + 1, audits: before.audits + 1 });
    const row = await lastAudit(t, 'IdeaSubscription', sub.id);
    expect(row).toMatchObject({ audit_action: 'create', user_id: 1, associated_type: 'Idea', associated_id: Number(idea.id) });
    expect(row.product_id).not.toBeNull();
    expect(JSON.parse(row.changes)).toMatchObject({ email: [null, 'Ada.Known@customer.example'], idea_id: [null, Number(idea.id)] });

    const shown = expectOk(await t.get(`/ideas/${idea.id}/subscriptions/${sub.id}`), ideaSubscriptionEnvelope).idea_subscription;
    expect(shown).toEqual(sub);
  });

  it('makes an unknown email a portal user of the idea’s portal, named by the email, audited as a portal user', async () => {
    const idea = await makeIdea();
    const email = `${uniqueName('new').replace(' ', '.')}@customer.example`;
    expect(await portalUsersWith(email)).toEqual([]);
    const sub = await subscribeOk(idea.id, email);
    const [made, ...others] = await portalUsersWith(email);
    expect(others).toEqual([]);
    expect(made).toMatchObject({ email, first_name: null, last_name: null, enabled: 1 });
    expect(sub.portal_user).toMatchObject({ id: String(made?.id), name: email, email });
    const created = await lastAudit(t, 'PortalUser', String(made?.id));
    expect(created).toMatchObject({ audit_action: 'create', user_id: 1, associated_type: 'IdeaPortal', associated_id: Number(portalId) });
  });

  it('answers the subscription there is when subscribing twice: one row, no second audit row', async () => {
    const idea = await makeIdea();
    const first = await subscribeOk(idea.id, 'twice@customer.example');
    const before = await counts();
    const res = await subscribe(idea.id, 'TWICE@customer.example');
    expect(res.status).toBe(200);
    expect(ideaSubscriptionEnvelope.parse(res.body).idea_subscription).toEqual(first);
    expect(await counts()).toEqual(before);
    expect(await auditRows(t, 'IdeaSubscription', first.id)).toHaveLength(1);
  });

  it('refuses an idea in no portal (422 on email saying why), a bad or missing email, and writes nothing', async () => {
    const plain = await makeIdea({ submitted_idea_portal_id: undefined });
    const inPortal = await makeIdea();
    const before = await counts();
    const errors = expect422(await subscribe(plain.id, 'someone@customer.example'), 'email');
    expect(errors.email?.join(' ')).toMatch(/in no ideas portal/);
    expect422(await subscribe(inPortal.id, 'not an email'), 'email');
    expect422(await subscribe(inPortal.id, ''), 'email');
    expect422(
      await api.send('POST /ideas/{idea_id}/subscriptions', { params: { idea_id: inPortal.id }, body: { idea_subscription: {} } }),
      'email',
    );
    expect(await counts()).toEqual(before);
  });

  it('answers 404 for an unknown idea', async () => {
    const res = await subscribe('PLN-I-999999', 'someone@customer.example');
    expect(res.status).toBe(404);
    expect((await t.get('/ideas/999999999/subscriptions')).status).toBe(404);
  });

  it('is open to members, not administrators only', async () => {
    const morgan = await db.selectFrom('users').select('id').where('email', '=', 'morgan@planner.local').executeTakeFirstOrThrow();
    const token = await mintToken(db, morgan.id, 'idea-subscriptions.test');
    const idea = await makeIdea();
    const res = await subscribe(idea.id, 'member.made@customer.example', token);
    expect(res.status, res.text).toBe(200);
  });
});

describe('GET and DELETE /ideas/{idea_id}/subscriptions[/{id}]', () => {
  it('lists an idea’s subscriptions oldest first, a page at a time, narrowed by fields', async () => {
    const idea = await makeIdea();
    const other = await makeIdea();
    const made = [];
    for (const name of ['p1', 'p2', 'p3']) made.push(await subscribeOk(idea.id, `${name}@paging.example`));
    await subscribeOk(other.id, 'p1@paging.example');
    const list = (page: number) =>
      api.call('GET /ideas/{idea_id}/subscriptions', { params: { idea_id: idea.id }, query: { page, per_page: 2 } });
    const one = (await list(1)).data();
    expect(one.idea_subscriptions.map((s) => s.id)).toEqual(made.slice(0, 2).map((s) => s.id));
    expect(one.pagination).toEqual({ total_records: 3, total_pages: 2, current_page: 1 });
    const two = (await list(2)).data();
    expect(two.idea_subscriptions.map((s) => s.id)).toEqual([made[2]?.id]);
    expect(two.idea_subscriptions[0]).toEqual(made[2]);
    const narrow = expectOk(await t.get(`/ideas/${idea.id}/subscriptions?fields=id,idea`), ideaSubscriptionPage);
    expect(narrow.idea_subscriptions.map((s) => Object.keys(s).sort())).toEqual([
      ['id', 'idea'],
      ['id', 'idea'],
      ['id', 'idea'],
    ]);
    expect(expectOk(await t.get(`/ideas/${other.id}/subscriptions`), ideaSubscriptionPage).pagination.total_records).toBe(1);
  });

  it('answers 404 for a subscription reached under another idea, and leaves it be', async () => {
    const idea = await makeIdea();
    const other = await makeIdea();
    const sub = await subscribeOk(idea.id, 'elsewhere@customer.example');
    expect((await t.get(`/ideas/${other.id}/subscriptions/${sub.id}`)).status).toBe(404);
    expect((await t.request('DELETE', `/ideas/${other.id}/subscriptions/${sub.id}`)).status).toBe(404);
    expect((await t.get(`/ideas/${idea.id}/subscriptions/${sub.id}`)).status).toBe(200);
    expect((await t.get(`/ideas/${idea.id}/subscriptions/999999999`)).status).toBe(404);
  });

  it('deletes a subscription for good (204, then 404), with a destroy audit row and nothing in the recycle bin', async () => {
    const idea = await makeIdea();
    const sub = await subscribeOk(idea.id, 'leaving@customer.example');
    const deletions = (await rowCounts(t, ['deletions'])).deletions;
    const res = await t.request('DELETE', `/ideas/${idea.id}/subscriptions/${sub.id}`);
    expect(res.status).toBe(204);
    expect(res.headers.get('x-deletion-id')).toBeNull();
    expect((await t.get(`/ideas/${idea.id}/subscriptions/${sub.id}`)).status).toBe(404);
    expect((await t.request('DELETE', `/ideas/${idea.id}/subscriptions/${sub.id}`)).status).toBe(404);
    expect((await rowCounts(t, ['deletions'])).deletions).toBe(deletions);
    const row = await lastAudit(t, 'IdeaSubscription', sub.id);
    expect(row).toMatchObject({ audit_action: 'destroy', associated_type: 'Idea', associated_id: Number(idea.id) });
    expect(row.product_id).not.toBeNull();
    expect(JSON.parse(row.changes)).toMatchObject({ email: ['leaving@customer.example', null] });
    // The portal user stays: only the preference went.
    expect(await portalUsersWith('leaving@customer.example')).toHaveLength(1);
    // Subscribing again is a new subscription.
    expect((await subscribeOk(idea.id, 'leaving@customer.example')).id).not.toBe(sub.id);
  });
});

describe('a subscription made here is the portal’s', () => {
  it("notifies its portal user of the idea's next status change", async () => {
    const idea = await makeIdea();
    const email = `${uniqueName('notified').replace(' ', '.')}@customer.example`;
    const sub = await subscribeOk(idea.id, email);
    const status = idea.workflow_status.name === 'Planned' ? 'Future consideration' : 'Planned';
    expectOk(await t.request('PUT', `/ideas/${idea.id}`, { idea: { workflow_status: status } }), ideaEnvelope);
    const notes = await db.selectFrom('portal_notifications').selectAll().where('idea_id', '=', Number(idea.id)).execute();
    expect(notes.map((n) => ({ user: String(n.portal_user_id), read: n.read_at }))).toEqual([{ user: sub.portal_user.id, read: null }]);
    expect(notes[0]?.message).toBe(`"${idea.name}" is now ${status}`);
  });
});
