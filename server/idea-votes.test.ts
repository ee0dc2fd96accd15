// The votes ledger over HTTP (issue 11): proxy votes and their arithmetic (`votes = initial_votes +
// Σ weights`), the portal's caps with and without a portal user's override, merge and unmerge
// giving every voter's votes back exactly (a voter on both ideas within the per-idea cap), idea
// organizations, promotion to each kind and its refusals, audit rows, nothing half-written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ideaEndorsementEnvelope, ideaEndorsementPage, ideaOrganizationEnvelope } from '../src/contract/idea-votes';
import { ideaEnvelope } from '../src/contract/ideas';
import type { Idea } from '../src/contract/ideas';
import { startTestService } from './test/harness';
import type { TestService } from './test/harness';
import { expect422, expectOk, lastAudit, makeRelease, rowCount, uniqueName } from './test/records';

let t: TestService;
let portalId: string;

type Body = Record<string, unknown>;

async function make(idea: Body = {}, product = 'PLN'): Promise<Idea> {
  const res = await t.request('POST', `/products/${product}/ideas`, {
    idea: { name: uniqueName('Voted idea'), created_by: 'pat@customer.example', submitted_idea_portal_id: portalId, ...idea },
  });
  return expectOk(res, ideaEnvelope).idea;
}
const show = async (id: string): Promise<Idea> => expectOk(await t.get(`/ideas/${id}`), ideaEnvelope).idea;
const vote = (idea: string, body: Body) => t.request('POST', `/ideas/${idea}/endorsements`, { idea_endorsement: body });
const voteOk = async (idea: string, email: string, value: number) =>
  expectOk(await vote(idea, { email, value }), ideaEndorsementEnvelope).idea_endorsement;
const votes = async (idea: string): Promise<number> => (await show(idea)).votes;
const ledger = (ideaId: string) =>
  t.service.store.db
    .selectFrom('idea_votes')
    .selectAll()
    .where((eb) => eb.or([eb('idea_id', '=', Number(ideaId)), eb('cast_on_idea_id', '=', Number(ideaId))]))
    .orderBy('id')
    .execute();
/** The last audit row's changes of a record, read from their JSON. */
const changesOf = async (type: string, id: string): Promise<Record<string, unknown>> => {
  const { changes } = await lastAudit(t, type, id);
  return (typeof changes === 'string' ? JSON.parse(changes) : changes) as Record<string, unknown>;
};
const voteCount = (): Promise<number> => rowCount(t, 'idea_votes');

beforeAll(async () => {
  t = await startTestService();
  // A portal of its own: 3 votes per idea, 5 per user; one portal user with an override of 8.
  const portal = await t.request<{ idea_portal: { id: string } }>('POST', '/idea_portals', {
    idea_portal: { product_id: 'PLN', title: uniqueName('Votes portal'), votes_per_idea: 3, votes_per_user: 5 },
  });
  expect(portal.status, portal.text).toBe(200);
  portalId = portal.body.idea_portal.id;
  const user = await t.request('POST', `/idea_portals/${portalId}/portal_users`, {
    portal_user: { email: 'big.voter@customer.example', first_name: 'Big', last_name: 'Voter', max_endorsement_override: 8 },
  });
  expect(user.status, user.text).toBe(200);
});
afterAll(async () => {
  await t.close();
});

describe('votes arithmetic', () => {
  it('keeps votes = initial_votes + the weights, through create, change, delete and a new initial_votes', async () => {
    const idea = await make({ initial_votes: 4 });
    expect(idea.votes).toBe(4);
    const a = await voteOk(idea.id, 'Ann@Customer.example', 2);
    expect(a).toMatchObject({ value: 2, weight: 2, idea_id: idea.id, proxy: true, endorsed_by_portal_user: null });
    expect(a.endorsed_by_idea_user?.email).toBe('ann@customer.example');
    const b = await voteOk(idea.id, 'bob@customer.example', 3);
    expect(await votes(idea.id)).toBe(9);
    expect((await show(idea.id)).endorsements_count).toBe(2);
    expectOk(await t.request('PUT', `/ideas/${idea.id}/endorsements/${a.id}`, { idea_endorsement: { value: 1 } }), ideaEndorsementEnvelope);
    expect(await votes(idea.id)).toBe(8);
    expect((await t.request('DELETE', `/ideas/${idea.id}/endorsements/${b.id}`)).status).toBe(204);
    expect(await votes(idea.id)).toBe(5);
    expectOk(await t.request('PUT', `/ideas/${idea.id}`, { idea: { initial_votes: 10 } }), ideaEnvelope);
    expect(await votes(idea.id)).toBe(11);
    expect((await lastAudit(t, 'IdeaVote', a.id)).audit_action).toBe('update');
    expect((await lastAudit(t, 'IdeaVote', b.id)).audit_action).toBe('destroy');
  });

  it('lists the votes, proxy ones with proxy=true, and links a portal user by email', async () => {
    const idea = await make();
    await voteOk(idea.id, 'BIG.voter@customer.example', 1);
    await t.service.store.db
      .insertInto('idea_votes')
      .values({
        idea_id: Number(idea.id),
        cast_on_idea_id: Number(idea.id),
        voter_email: 'own@customer.example',
        weight: 1,
        counted_weight: 1,
        proxy: 0,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .execute();
    const all = expectOk(await t.get(`/ideas/${idea.id}/endorsements`), ideaEndorsementPage);
    expect(all.pagination.total_records).toBe(2);
    expect(all.idea_endorsements[0]?.endorsed_by_portal_user).toMatchObject({ name: 'Big Voter', email: 'big.voter@customer.example' });
    const proxy = expectOk(await t.get(`/ideas/${idea.id}/endorsements?proxy=true`), ideaEndorsementPage);
    expect(proxy.idea_endorsements.map((v) => v.proxy)).toEqual([true]);
  });

  it('refuses a second vote of the same voter, a bad value, a vote on a spam idea, and writes nothing', async () => {
    const idea = await make();
    await voteOk(idea.id, 'once@customer.example', 1);
    const before = await voteCount();
    expect422(await vote(idea.id, { email: 'ONCE@customer.example', value: 1 }), 'email');
    expect422(await vote(idea.id, { email: 'x@customer.example', value: 0 }), 'value');
    expect422(await vote(idea.id, { email: 'x@customer.example', value: 1.5 }), 'value');
    expect422(await vote(idea.id, { email: 'not an email' }), 'email');
    expect422(await vote(idea.id, { email: 'x@customer.example', idea_organization_id: '999999' }), 'idea_organization_id');
    const spam = await make({ spam: 'true' });
    expect422(await vote(spam.id, { email: 'x@customer.example' }), 'idea_id');
    expect(await voteCount()).toBe(before);
  });
});

describe('caps', () => {
  it('caps a vote by votes_per_idea and a voter by votes_per_user, naming value and the cap', async () => {
    const [one, two, three] = [await make(), await make(), await make()];
    if (!one || !two || !three) throw new Error('no ideas');
    const perIdea = expect422(await vote(one.id, { email: 'cap@customer.example', value: 4 }), 'value');
    expect(perIdea.value?.[0]).toMatch(/at most 3.*votes_per_idea/);
    await voteOk(one.id, 'cap@customer.example', 3);
    await voteOk(two.id, 'cap@customer.example', 2);
    const before = await voteCount();
    const perUser = expect422(await vote(three.id, { email: 'cap@customer.example', value: 1 }), 'value');
    expect(perUser.value?.[0]).toMatch(/to 6, over the portal's votes_per_user of 5/);
    expect(await voteCount()).toBe(before);
    expect(await votes(three.id)).toBe(0);
    // Raising a vote past the cap is refused too, and leaves the vote as it was.
    const [mine] = (await ledger(two.id)).filter((v) => v.voter_email === 'cap@customer.example');
    expect422(await t.request('PUT', `/ideas/${two.id}/endorsements/${mine?.id}`, { idea_endorsement: { value: 3 } }), 'value');
    expect(await votes(two.id)).toBe(2);
  });

  it("replaces the per-user cap by the portal user's max_endorsements_override", async () => {
    const ideas = [await make(), await make(), await make(), await make()];
    const [a, b, c, d] = ideas.map((i) => i.id);
    if (!a || !b || !c || !d) throw new Error('no ideas');
    await voteOk(a, 'big.voter@customer.example', 3);
    await voteOk(b, 'big.voter@customer.example', 3);
    await voteOk(c, 'big.voter@customer.example', 1);
    // Other tests' votes of this voter in the portal count too: find what is left under 8.
    const held = Number(
      (
        await t.service.store.db
          .selectFrom('idea_votes as v')
          .innerJoin('ideas as i', 'i.id', 'v.idea_id')
          .select((eb) => eb.fn.sum<number>('v.counted_weight').as('n'))
          .where('v.voter_email', '=', 'big.voter@customer.example')
          .where('i.submitted_idea_portal_id', '=', Number(portalId))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(held).toBe(8);
    const over = expect422(await vote(d, { email: 'big.voter@customer.example', value: 1 }), 'value');
    expect(over.value?.[0]).toMatch(/over their max_endorsements_override of 8/);
  });

  it('gives a voter their votes back when an idea ships (complete status)', async () => {
    const [one, two] = [await make(), await make()];
    if (!one || !two) throw new Error('no ideas');
    await voteOk(one.id, 'ship@customer.example', 3);
    await voteOk(two.id, 'ship@customer.example', 2);
    expect422(await vote((await make()).id, { email: 'ship@customer.example', value: 1 }), 'value');
    expectOk(await t.request('PUT', `/ideas/${one.id}`, { idea: { workflow_status: 'Shipped' } }), ideaEnvelope);
    await voteOk((await make()).id, 'ship@customer.example', 3);
  });
});

describe('merge that loses nothing', () => {
  it('moves the votes to the survivor within the per-idea cap, and unmerge gives every vote back exactly', async () => {
    const merged = await make({ initial_votes: 1 });
    const survivor = await make();
    await voteOk(merged.id, 'p@merge.example', 2);
    await voteOk(merged.id, 'q@merge.example', 3);
    await voteOk(merged.id, 'r@merge.example', 1);
    await voteOk(survivor.id, 'p@merge.example', 2);
    await voteOk(survivor.id, 's@merge.example', 1);
    expect(await votes(merged.id)).toBe(7);
    expect(await votes(survivor.id)).toBe(3);
    const before = await ledger(merged.id);

    expectOk(await t.request('PUT', `/ideas/${merged.id}`, { idea: { duplicate_idea: survivor.reference_num } }), ideaEnvelope);
    // p holds 2 on the survivor: of the moved 2, 1 fits the cap of 3; q's 3 and r's 1 move whole.
    expect(await votes(survivor.id)).toBe(3 + 1 + 3 + 1);
    // The merged idea keeps showing its own votes.
    expect(await votes(merged.id)).toBe(7);
    const onSurvivor = expectOk(await t.get(`/ideas/${survivor.id}/endorsements`), ideaEndorsementPage).idea_endorsements;
    expect(onSurvivor).toHaveLength(5);
    const pMoved = onSurvivor.find((v) => v.endorsed_by_idea_user?.email === 'p@merge.example' && v.cast_on_idea_id === merged.id);
    expect(pMoved).toMatchObject({ value: 2, weight: 1, idea_id: survivor.id });
    expect((await show(survivor.id)).endorsements_count).toBe(5);
    expect(await changesOf('Idea', survivor.id)).toMatchObject({ votes: [3, 8] });
    const mergeAudit = await changesOf('Idea', merged.id);
    expect(mergeAudit.duplicate_of_id).toEqual([null, Number(survivor.id)]);
    expect(mergeAudit.moved_votes).toEqual([null, { count: 3, weight: 6 }]);
    // No vote on a merged idea: the 422 names its survivor.
    const refused = expect422(await vote(merged.id, { email: 'late@merge.example' }), 'idea_id');
    expect(refused.idea_id?.[0]).toContain(survivor.reference_num);

    expectOk(await t.request('PUT', `/ideas/${merged.id}`, { idea: { duplicate_idea: null } }), ideaEnvelope);
    expect(await votes(survivor.id)).toBe(3);
    expect(await votes(merged.id)).toBe(7);
    expect(await ledger(merged.id)).toEqual(before);
    expect(await changesOf('Idea', survivor.id)).toMatchObject({ votes: [8, 3] });
  });

  it('keeps the caps right when two ideas are merged into one and one comes back', async () => {
    const survivor = await make();
    const [a, b] = [await make(), await make()];
    if (!a || !b) throw new Error('no ideas');
    await voteOk(survivor.id, 'v@two.example', 1);
    await voteOk(a.id, 'v@two.example', 2);
    await voteOk(b.id, 'v@two.example', 2);
    await t.request('PUT', `/ideas/${a.id}`, { idea: { duplicate_idea: survivor.id } });
    expect(await votes(survivor.id)).toBe(3);
    await t.request('PUT', `/ideas/${b.id}`, { idea: { duplicate_idea: survivor.id } });
    // The cap of 3 is full: b's vote is recorded and counts 0.
    expect(await votes(survivor.id)).toBe(3);
    await t.request('PUT', `/ideas/${a.id}`, { idea: { duplicate_idea: '' } });
    // With a home again, b's moved vote fills what a's left.
    expect(await votes(survivor.id)).toBe(3);
    expect((await ledger(b.id)).map((v) => [v.weight, v.counted_weight])).toEqual([[2, 2]]);
    expect(await votes(a.id)).toBe(2);
  });

  it('gives the votes of a deleted survivor back to the ideas merged into it', async () => {
    const survivor = await make();
    const merged = await make();
    await voteOk(merged.id, 'home@merge.example', 2);
    await voteOk(survivor.id, 'gone@merge.example', 1);
    await t.request('PUT', `/ideas/${merged.id}`, { idea: { duplicate_idea: survivor.id } });
    expect((await t.request('DELETE', `/ideas/${survivor.id}`)).status).toBe(204);
    expect(await votes(merged.id)).toBe(2);
    expect((await ledger(merged.id)).map((v) => [v.idea_id, v.counted_weight])).toEqual([[Number(merged.id), 2]]);
    expect(await ledger(survivor.id)).toEqual([]);
  });
});

describe('organizations', () => {
  it('creates, refuses a name in any case, links votes by email domain, counts them, and deletes', async () => {
    const org = expectOk(
      await t.request('POST', '/idea_organizations', {
        idea_organization: { name: 'Globex', email_domains: 'Globex.example, @globex.test', revenue: '55000' },
      }),
      ideaOrganizationEnvelope,
    ).idea_organization;
    expect(org).toMatchObject({ email_domains: 'globex.example, globex.test', revenue: '55000.0', endorsements_count: 0 });
    expect422(await t.request('POST', '/idea_organizations', { idea_organization: { name: 'GLOBEX' } }), 'name');
    expect422(
      await t.request('POST', '/idea_organizations', { idea_organization: { name: 'Bad', email_domains: 'no domain' } }),
      'email_domains',
    );
    const idea = await make();
    const v = await voteOk(idea.id, 'hank@globex.example', 1);
    expect(v.idea_organization).toMatchObject({ id: org.id, name: 'Globex' });
    expect(expectOk(await t.get(`/idea_organizations/${org.id}`), ideaOrganizationEnvelope).idea_organization.endorsements_count).toBe(1);
    expect((await t.request('DELETE', `/idea_organizations/${org.id}`)).status).toBe(204);
    expect(
      expectOk(await t.get(`/ideas/${idea.id}/endorsements/${v.id}`), ideaEndorsementEnvelope).idea_endorsement.idea_organization,
    ).toBeNull();
    expect((await lastAudit(t, 'IdeaOrganization', org.id)).audit_action).toBe('destroy');
  });
});

describe('promote', () => {
  const promote = (id: string, body: Body) => t.request('PUT', `/ideas/${id}/promote`, body);
  const count = (table: 'features' | 'epics' | 'initiatives'): Promise<number> => rowCount(t, table);

  it('promotes to a feature in a release: named and described as the idea, linked, Shipped', async () => {
    const release = await makeRelease(t);
    const idea = await make({ description: '<p>Why it matters</p>' });
    const done = expectOk(await promote(idea.id, { promotable_type: 'feature', release_id: release.id }), ideaEnvelope).idea;
    expect(done.feature).toMatchObject({ name: idea.name });
    expect(done.workflow_status.name).toBe('Shipped');
    const feature = (
      await t.get<{ feature: { name: string; description: { body: string } | null; release: { id: string } } }>(
        `/features/${done.feature?.id}`,
      )
    ).body.feature;
    expect(feature.name).toBe(idea.name);
    expect(feature.description?.body).toBe('<p>Why it matters</p>');
    expect(await changesOf('Idea', idea.id)).toMatchObject({ promoted_to: [null, 'feature'] });
    // Twice: 422, nothing made.
    const features = await count('features');
    expect422(await promote(idea.id, { promotable_type: 'feature', release_id: release.id }), 'promotable_type');
    expect(await count('features')).toBe(features);
  });

  it('promotes to an epic and to an initiative (the product’s first initiative status)', async () => {
    const release = await makeRelease(t);
    const forEpic = await make();
    const epic = expectOk(await promote(forEpic.id, { promotable_type: 'epic', release_id: release.reference_num }), ideaEnvelope).idea;
    expect(epic.epic?.name).toBe(forEpic.name);
    const forInitiative = await make();
    const initiative = expectOk(await promote(forInitiative.id, { promotable_type: 'initiative' }), ideaEnvelope).idea;
    expect(initiative.initiative?.name).toBe(forInitiative.name);
    const made = await t.get<{ initiative: { workflow_status: { name: string } } }>(`/initiatives/${initiative.initiative?.id}`);
    expect(made.body.initiative.workflow_status.name).toBe('Not started');
  });

  it('refuses a missing or foreign release, an unknown type, a merged idea, and writes nothing', async () => {
    const idea = await make();
    const before = [await count('features'), await count('epics'), await count('initiatives')];
    expect422(await promote(idea.id, { promotable_type: 'feature' }), 'release_id');
    const foreign = await makeRelease(t, {}, 'MOB');
    expect422(await promote(idea.id, { promotable_type: 'epic', release_id: foreign.id }), 'release_id');
    expect422(await promote(idea.id, { promotable_type: 'story' }), 'promotable_type');
    expect422(await promote(idea.id, { promotable_type: 'initiative', release_id: foreign.id }), 'release_id');
    const survivor = await make();
    await t.request('PUT', `/ideas/${idea.id}`, { idea: { duplicate_idea: survivor.id } });
    const merged = expect422(await promote(idea.id, { promotable_type: 'initiative' }), 'promotable_type');
    expect(merged.promotable_type?.[0]).toContain(survivor.reference_num);
    expect([await count('features'), await count('epics'), await count('initiatives')]).toEqual(before);
    expect((await show(idea.id)).feature).toBeNull();
  });
});
