// Ideas over HTTP against the real service and the demo seed (issue 11, first slice): operation 10
// and every rule of its fields, show/update/delete by id or key, merges, the lists with their
// filters, sorts and paging, spam hidden by default, the related-idea search, idea categories,
// audit rows, the recycle bin, and nothing half-written after a refusal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ideaCategoryPage, ideaCategorySchema, ideaEnvelope, ideaPage, ideaSchema, relatedIdeaPage } from '../src/contract/ideas';
import type { Idea } from '../src/contract/ideas';
import { apiClient } from './test/client';
import type { ApiClient } from './test/client';
import { startTestService } from './test/harness';
import type { TestService } from './test/harness';
import { deletionOf, expect422, expectOk, lastAudit, rowCount, uniqueName } from './test/records';

let t: TestService;
let api: ApiClient;
let productId: string;
let portalId: string;
let otherPortalId: string;

type Body = Record<string, unknown>;

const create = (idea: Body, product = 'PLN') =>
  api.send('POST /products/{product_id}/ideas', {
    params: { product_id: product },
    body: { idea: { created_by: 'pat@customer.example', ...idea } },
  });

async function make(idea: Body = {}, product = 'PLN'): Promise<Idea> {
  const res = await create({ name: uniqueName('Idea'), ...idea }, product);
  return ideaEnvelope.parse(expectOk(res, ideaEnvelope)).idea;
}

const update = (id: string, idea: Body) => api.send('PUT /ideas/{id}', { params: { id }, body: { idea } });
const show = async (id: string): Promise<Idea> => (await api.call('GET /ideas/{id}', { params: { id } })).data().idea;

const count = (table: 'ideas' | 'audits' | 'idea_tags' | 'idea_category_links'): Promise<number> => rowCount(t, table);

beforeAll(async () => {
  t = await startTestService();
  api = apiClient(t);
  const db = t.service.store.db;
  productId = String((await db.selectFrom('products').select('id').where('reference_prefix', '=', 'PLN').executeTakeFirstOrThrow()).id);
  const portals = await db.selectFrom('idea_portals').select(['id', 'product_id']).execute();
  const own = portals.find((p) => String(p.product_id) === productId);
  const other = portals.find((p) => String(p.product_id) !== productId);
  if (!own) throw new Error('the demo seed has no portal of PLN');
  portalId = String(own.id);
  // A portal of another product, made here when the seed has none.
  otherPortalId = other
    ? String(other.id)
    : String(
        (
          await db
            .insertInto('idea_portals')
            .values({
              product_id: (await db.selectFrom('products').select('id').where('reference_prefix', '=', 'MOB').executeTakeFirstOrThrow()).id,
              title: 'Other',
              subdomain: 'other-ideas-test',
              created_at: new Date().toISOString(),
              updated_at: new Date().toISOString(),
              external_url: null,
              votes_per_user: null,
              votes_per_idea: null,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
});
afterAll(async () => {
  await t.close();
});

describe('the demo seed', () => {
  it('has ideas keyed PLN-I-1…, in several statuses, with a merged pair, a linked feature and categories', async () => {
    const page = (
      await api.call('GET /products/{product_id}/ideas', { params: { product_id: 'PLN' }, query: { per_page: 200, fields: '*' } })
    ).data();
    const ideas = page.ideas.map((i) => ideaSchema.parse(i));
    expect(ideas.length).toBeGreaterThanOrEqual(25);
    expect(ideas.map((i) => i.reference_num)).toContain('PLN-I-1');
    expect(new Set(ideas.map((i) => i.workflow_status.name)).size).toBeGreaterThanOrEqual(4);
    const survivor = ideas.find((i) => i.duplicates.length > 0);
    expect(survivor?.duplicates[0]?.reference_num).toBeDefined();
    expect(ideas.find((i) => i.reference_num === survivor?.duplicates[0]?.reference_num)?.duplicate_of?.id).toBe(survivor?.id);
    expect(ideas.some((i) => i.feature !== null)).toBe(true);
    expect(ideas.some((i) => i.categories.length > 0 && i.tags.length > 0 && i.initial_votes > 0)).toBe(true);
    // The spam idea is not listed by default.
    expect(ideas.every((i) => i.spam === false)).toBe(true);
    // The promoted idea is in its shipped status.
    expect(ideas.find((i) => i.feature !== null)?.workflow_status.name).toBe('Shipped');
  });

  it('has a votes ledger: votes of portal users and proxy votes for organizations, counted in `votes`', async () => {
    // "Export the roadmap to PowerPoint" (PLN-I-2): two portal users' votes on top of its initial votes.
    const idea = (await api.call('GET /ideas/{id}', { params: { id: 'PLN-I-2' } })).data().idea;
    const votes = (await api.call('GET /ideas/{idea_id}/endorsements', { params: { idea_id: 'PLN-I-2' } })).data();
    const weights = votes.idea_endorsements.reduce((sum, v) => sum + v.value, 0);
    expect(votes.idea_endorsements.length).toBe(2);
    expect(idea.votes).toBe(idea.initial_votes + weights);
    // "Jira two-way sync of statuses" (PLN-I-5) carries a proxy vote with its organization and link.
    const proxied = (await api.call('GET /ideas/{idea_id}/endorsements', { params: { idea_id: 'PLN-I-5' } })).data().idea_endorsements;
    const proxy = proxied.find((v) => v.proxy === true);
    expect(proxy?.link).toBe('https://support.example/tickets/4821');
    expect(proxy?.idea_organization?.name).toBe('Northwind Traders');
  });
});

describe('POST /products/{product_id}/ideas (operation 10)', () => {
  it('creates an idea with every field and answers the hosted shape', async () => {
    const feature = await t.service.store.db
      .selectFrom('features')
      .selectAll()
      .where('reference_num', '=', 'PLN-1')
      .executeTakeFirstOrThrow();
    const res = await create({
      name: 'Gantt chart export',
      description: '<p>Export the plan as a Gantt chart.</p>',
      created_by: 'morgan@planner.local',
      assigned_to_user: 'sam@planner.local',
      workflow_status: 'Planned',
      tags: 'export, charts',
      categories: 'Roadmaps,Reporting',
      initial_votes: 4,
      visibility: 'public',
      created_at: '2025-03-04 05:06:07',
      spam: 'false',
      feature: feature.name,
      submitted_idea_portal_id: portalId,
      admin_response: '<p>Thanks!</p>',
    });
    const idea = expectOk(res, ideaEnvelope).idea;
    expect(idea.reference_num).toMatch(/^PLN-I-\d+$/);
    expect(idea.created_by_user?.email).toBe('morgan@planner.local');
    expect(idea.created_by_idea_user).toBeNull();
    expect(idea.assigned_to_user?.email).toBe('sam@planner.local');
    expect(idea.workflow_status.name).toBe('Planned');
    expect(idea.tags).toEqual(['export', 'charts']);
    expect(idea.categories.map((c) => c.name).sort()).toEqual(['Reporting', 'Roadmaps']);
    expect(idea.votes).toBe(4);
    expect(idea.initial_votes).toBe(4);
    expect(idea.visibility).toBe('Visible to all ideas portal users');
    expect(idea.visibility_value).toBe('public');
    expect(idea.created_at).toBe('2025-03-04T05:06:07.000Z');
    expect(idea.spam).toBe(false);
    expect(idea.feature?.reference_num).toBe('PLN-1');
    expect(idea.submitted_idea_portal_id).toBe(portalId);
    expect(idea.admin_response?.body).toBe('<p>Thanks!</p>');
    expect(idea.description?.notable_type).toBe('Ideas::Idea');
    expect(idea).toMatchObject({ score: null, endorsements_count: 0, comments_count: 0, integration_fields: [] });
    expect(idea.product?.reference_prefix).toBe('PLN');
    const row = await lastAudit(t, 'Idea', idea.id);
    expect(row.audit_action).toBe('create');
    expect(JSON.parse(row.changes)).toMatchObject({ name: [null, 'Gantt chart export'] });
  });

  it('takes any email as the creator, a date alone, categories as an array and spam as a boolean', async () => {
    const idea = await make({ created_by: 'someone@elsewhere.example', created_at: '2024-12-31', categories: ['usability'], spam: true });
    expect(idea.created_by_user).toBeNull();
    expect(idea.created_by_idea_user?.email).toBe('someone@elsewhere.example');
    expect(idea.created_at).toBe('2024-12-31T00:00:00.000Z');
    expect(idea.categories.map((c) => c.name)).toEqual(['Usability']);
    expect(idea.spam).toBe(true);
    // Defaults: the first status of the Idea workflow, visibility `service`, no votes.
    const plain = await make();
    expect(plain.workflow_status.name).toBe('Needs review');
    expect(plain.visibility_value).toBe('service');
    expect(plain.votes).toBe(0);
  });

  it('numbers keys per product from the product counter', async () => {
    const a = await make();
    const b = await make();
    const n = (k: string) => Number(k.split('-').at(-1));
    expect(n(b.reference_num)).toBe(n(a.reference_num) + 1);
    const mob = await make({}, 'MOB');
    expect(mob.reference_num).toMatch(/^MOB-I-\d+$/);
  });

  it('answers one 422 naming every bad field, and writes nothing', async () => {
    const before = await Promise.all([count('ideas'), count('audits'), count('idea_tags'), count('idea_category_links')]);
    const errors = expect422(
      await create({
        name: 'Bad one',
        created_by: 'not an email',
        categories: 'Roadmaps, Nope, Nada',
        visibility: 'everyone',
        spam: 'yes',
        initial_votes: -1,
        created_at: '2025-13-01',
        workflow_status: 'Ready to develop',
        feature: 'No such feature',
        epic: 'No such epic',
        initiative: 'No such initiative',
        tags: 'x',
      }),
      'created_by',
      'categories',
      'visibility',
      'spam',
      'initial_votes',
      'created_at',
      'workflow_status',
      'feature',
      'epic',
      'initiative',
    );
    expect(errors.categories?.[0]).toMatch(/Nope, Nada/);
    expect(errors.workflow_status?.[0]).toMatch(/an Idea status/);
    expect(await Promise.all([count('ideas'), count('audits'), count('idea_tags'), count('idea_category_links')])).toEqual(before);
  });

  it('requires name and created_by', async () => {
    const res = await api.send('POST /products/{product_id}/ideas', {
      params: { product_id: 'PLN' },
      body: { idea: { description: 'x' } },
    });
    expect422(res, 'name', 'created_by');
  });

  it('refuses a created_at in the future, or in neither form', async () => {
    expect422(await create({ name: 'x', created_at: '2999-01-01' }), 'created_at');
    expect422(await create({ name: 'x', created_at: '2025-01-01T00:00:00Z' }), 'created_at');
    expect422(await create({ name: 'x', created_at: '2025-02-30' }), 'created_at');
  });

  it('takes a portal of the product, refuses one of another product, and refuses skip_portal with a portal', async () => {
    expect(await make({ skip_portal: true })).toMatchObject({ submitted_idea_portal_id: null });
    expect422(await create({ name: 'x', submitted_idea_portal_id: otherPortalId }), 'submitted_idea_portal_id');
    expect422(await create({ name: 'x', submitted_idea_portal_id: 999999 }), 'submitted_idea_portal_id');
    const errors = expect422(await create({ name: 'x', submitted_idea_portal_id: portalId, skip_portal: true }), 'skip_portal');
    expect(Object.keys(errors)).toEqual(['skip_portal']);
    const moved = expectOk(await update((await make({ submitted_idea_portal_id: portalId })).id, { skip_portal: true }), ideaEnvelope).idea;
    expect(moved.submitted_idea_portal_id).toBeNull();
  });

  it('links an epic and an initiative by key or id of the product', async () => {
    const db = t.service.store.db;
    const epic = await db.selectFrom('epics').selectAll().where('reference_num', '=', 'PLN-E-1').executeTakeFirstOrThrow();
    const initiative = await db.selectFrom('initiatives').selectAll().where('reference_num', '=', 'PLN-S-1').executeTakeFirstOrThrow();
    const idea = await make({ epic: 'pln-e-1', initiative: initiative.id });
    expect(idea.epic?.id).toBe(String(epic.id));
    expect(idea.initiative?.reference_num).toBe('PLN-S-1');
    const mobEpic = await db.selectFrom('epics').select('reference_num').where('reference_num', 'like', 'MOB-E-%').executeTakeFirst();
    if (mobEpic) expect422(await create({ name: 'x', epic: mobEpic.reference_num }), 'epic');
  });
});

describe('GET/PUT/DELETE /ideas/{id}', () => {
  it('finds an idea by id or key in any case, and 404s anything else', async () => {
    const idea = await make();
    expect((await show(idea.reference_num.toLowerCase())).id).toBe(idea.id);
    expect((await show(idea.id)).reference_num).toBe(idea.reference_num);
    expect((await api.call('GET /ideas/{id}', { params: { id: 'PLN-I-999999' } })).status).toBe(404);
    expect((await api.call('GET /ideas/{id}', { params: { id: 'PLN-E-1' } })).status).toBe(404);
    const narrow = (await api.call('GET /ideas/{id}', { params: { id: idea.id }, query: { fields: 'name,votes' } })).body;
    expect(narrow).toEqual({ idea: { id: idea.id, name: idea.name, votes: 0 } });
  });

  it('updates fields, stamps status_changed_at, audits old → new and refuses read-only fields', async () => {
    const idea = await make({ initial_votes: 2 });
    const changed = expectOk(
      await update(idea.reference_num, { name: 'Renamed idea', workflow_status: { name: 'Shipped' }, initial_votes: 9, tags: ['a'] }),
      ideaEnvelope,
    ).idea;
    expect(changed).toMatchObject({ name: 'Renamed idea', votes: 9, initial_votes: 9, tags: ['a'] });
    expect(changed.workflow_status.name).toBe('Shipped');
    expect(changed.status_changed_at).not.toBe(idea.status_changed_at);
    const row = await lastAudit(t, 'Idea', idea.id);
    expect(JSON.parse(row.changes)).toMatchObject({ name: [idea.name, 'Renamed idea'], initial_votes: [2, 9] });
    expect422(await update(idea.id, { votes: 100, created_at: '2025-01-01' }), 'votes', 'created_at');
    // A body that changes nothing writes nothing.
    const audits = await count('audits');
    expectOk(await update(idea.id, { name: 'Renamed idea' }), ideaEnvelope);
    expect(await count('audits')).toBe(audits);
  });

  it('merges with duplicate_idea (by key or id) and unmerges with null or blank', async () => {
    const survivor = await make();
    const dup = await make();
    const merged = expectOk(await update(dup.id, { duplicate_idea: survivor.reference_num }), ideaEnvelope).idea;
    expect(merged.duplicate_of?.id).toBe(survivor.id);
    expect((await show(survivor.id)).duplicates.map((d) => d.id)).toEqual([dup.id]);
    // Into itself, into a merged idea, or a survivor into another: 422 on duplicate_idea.
    expect422(await update(survivor.id, { duplicate_idea: survivor.id }), 'duplicate_idea');
    const third = await make();
    expect422(await update(third.id, { duplicate_idea: dup.id }), 'duplicate_idea');
    expect422(await update(survivor.id, { duplicate_idea: third.id }), 'duplicate_idea');
    expect422(await update(third.id, { duplicate_idea: 'PLN-I-999999' }), 'duplicate_idea');
    expect(expectOk(await update(dup.id, { duplicate_idea: '' }), ideaEnvelope).idea.duplicate_of).toBeNull();
    expectOk(await update(dup.id, { duplicate_idea: survivor.id }), ideaEnvelope);
    expect(expectOk(await update(dup.id, { duplicate_idea: null }), ideaEnvelope).idea.duplicate_of).toBeNull();
    expect((await show(survivor.id)).duplicates).toEqual([]);
  });

  it('deletes into the recycle bin, unmerging the ideas merged into it', async () => {
    const survivor = await make({ tags: 'one,two', categories: 'Usability' });
    const dup = await make({ duplicate_idea: survivor.id });
    expect((await api.call('DELETE /ideas/{id}', { params: { id: survivor.reference_num } })).status).toBe(204);
    expect((await api.call('GET /ideas/{id}', { params: { id: survivor.id } })).status).toBe(404);
    const after = await show(dup.id);
    expect(after.duplicate_of).toBeNull();
    expect(JSON.parse((await lastAudit(t, 'Idea', dup.id)).changes)).toEqual({ duplicate_of_id: [Number(survivor.id), null] });
    expect((await lastAudit(t, 'Idea', survivor.id)).audit_action).toBe('destroy');
    const payload = JSON.parse((await deletionOf(t, 'Idea', survivor.id)).payload) as Record<string, unknown[]>;
    expect(payload.ideas).toHaveLength(1);
    expect(payload.idea_tags).toHaveLength(2);
    expect(payload.idea_category_links).toHaveLength(1);
    expect((JSON.parse((await deletionOf(t, 'Idea', survivor.id)).links) as Record<string, unknown[]>).merged_ideas).toEqual([{ id: Number(dup.id), duplicate_of_id: Number(survivor.id) }]);
  });
});

describe('the idea lists', () => {
  const list = async (query: Record<string, string | number>) =>
    (await api.call('GET /products/{product_id}/ideas', { params: { product_id: productId }, query })).data();

  it('answers compact items by default and whole ones with fields=*', async () => {
    const page = await list({ per_page: 5 });
    expect(Object.keys(page.ideas[0] ?? {}).sort()).toEqual([
      'created_at',
      'id',
      'name',
      'product_id',
      'reference_num',
      'resource',
      'url',
      'votes',
    ]);
    const whole = await list({ per_page: 2, fields: '*' });
    expect(ideaSchema.parse(whole.ideas[0]).workflow_status).toBeDefined();
    const all = (await api.call('GET /ideas', { query: { per_page: 1 } })).data();
    expect(all.pagination.total_records).toBeGreaterThan(page.pagination.total_records - 1);
  });

  it('filters by q, status, tag, assignee, created and updated dates, and hides spam unless spam=true', async () => {
    const tag = uniqueName('zebra').replace(' ', '');
    const a = await make({
      name: 'Quokka board filter',
      tags: tag,
      assigned_to_user: 'sam@planner.local',
      workflow_status: 'Planned',
      created_at: '2023-01-02',
    });
    const spam = await make({ name: 'Quokka spam', spam: 'true' });
    const names = (p: { ideas: { name?: string | undefined }[] }) => p.ideas.map((i) => i.name);
    expect(names(await list({ q: 'quokka' }))).toEqual([a.name]);
    expect(names(await list({ q: 'quokka', spam: 'false' }))).toEqual([a.name]);
    expect(names(await list({ q: 'quokka', spam: 'true' }))).toEqual([spam.name]);
    expect(names(await list({ tag }))).toEqual([a.name]);
    expect(names(await list({ tag, workflow_status: 'planned' }))).toEqual([a.name]);
    expect(names(await list({ tag, workflow_status: 'Shipped' }))).toEqual([]);
    expect(names(await list({ tag, assigned_to_user: 'sam@planner.local' }))).toEqual([a.name]);
    expect(names(await list({ tag, assigned_to_user: 'morgan@planner.local' }))).toEqual([]);
    expect(names(await list({ tag, created_before: '2023-01-03' }))).toEqual([a.name]);
    expect(names(await list({ tag, created_since: '2023-01-03' }))).toEqual([]);
    expect(names(await list({ tag, updated_since: '2099-01-01T00:00:00Z' }))).toEqual([]);
    expect(
      (await api.call('GET /products/{product_id}/ideas', { params: { product_id: productId }, query: { spam: 'maybe' } })).status,
    ).toBe(400);
  });

  it('sorts by recent, popular and trending, and pages', async () => {
    const recent = (await list({ per_page: 200, fields: 'votes,created_at' })).ideas;
    const created = recent.map((i) => i.created_at ?? '');
    expect(created).toEqual([...created].sort().reverse());
    const popular = (await list({ per_page: 200, sort: 'popular', fields: 'votes' })).ideas.map((i) => i.votes ?? 0);
    expect(popular).toEqual([...popular].sort((x, y) => y - x));
    const trending = (await list({ per_page: 200, sort: 'trending', fields: 'votes,created_at' })).ideas;
    const rate = (i: { votes?: number | undefined; created_at?: string | undefined }) =>
      (i.votes ?? 0) / ((Date.now() - Date.parse(i.created_at ?? '')) / 86_400_000 + 1);
    const rates = trending.map(rate);
    for (let i = 1; i < rates.length; i++) expect(rates[i - 1] ?? 0).toBeGreaterThanOrEqual((rates[i] ?? 0) - 1e-6);
    const p1 = await list({ per_page: 3, page: 1 });
    const p2 = await list({ per_page: 3, page: 2 });
    expect(p2.pagination.current_page).toBe(2);
    expect(p1.ideas.map((i) => i.id)).not.toContain(p2.ideas[0]?.id);
    expect(p1.pagination.total_pages).toBe(Math.ceil(p1.pagination.total_records / 3));
  });
});

describe('GET /ideas/related', () => {
  it('ranks ideas sharing words with the text, leaving out spam and merged ideas', async () => {
    const best = await make({ name: 'Walrus calendar sync', description: '<p>Sync the walrus calendar.</p>' });
    const weaker = await make({ name: 'Something else', description: '<p>mentions walrus once</p>' });
    const merged = await make({ name: 'Walrus calendar sync again', duplicate_idea: best.id });
    const spam = await make({ name: 'Walrus calendar spam', spam: true });
    const res = await api.call('GET /ideas/related', { query: { q: 'walrus calendar' } });
    const ids = relatedIdeaPage.parse(res.body).ideas.map((i) => i.id);
    expect(ids[0]).toBe(best.id);
    expect(ids).toContain(weaker.id);
    expect(ids.indexOf(best.id)).toBeLessThan(ids.indexOf(weaker.id));
    expect(ids).not.toContain(merged.id);
    expect(ids).not.toContain(spam.id);
    const inPortal = await make({ name: 'Walrus portal idea', submitted_idea_portal_id: portalId });
    const narrowed = (await api.call('GET /ideas/related', { query: { q: 'walrus', idea_portal_id: portalId } })).data();
    expect(narrowed.ideas.map((i) => i.id)).toEqual([inPortal.id]);
    expect((await api.call('GET /ideas/related', { query: { q: 'a' } })).data().ideas).toEqual([]);
  });

  it('suggests while a word is still being typed: a word matches as the start of one', async () => {
    const idea = await make({ name: 'Narwhal exports to spreadsheets' });
    const typed = (await api.call('GET /ideas/related', { query: { q: 'narwh' } })).data();
    expect(typed.ideas.map((i) => i.id)).toEqual([idea.id]);
    const plural = (await api.call('GET /ideas/related', { query: { q: 'narwhal export' } })).data();
    expect(plural.ideas[0]?.id).toBe(idea.id);
    // A word's middle is not a match.
    expect((await api.call('GET /ideas/related', { query: { q: 'arwhal' } })).data().ideas).toEqual([]);
  });

  it('ranks a name match above a description match, and pages on without repeating or skipping', async () => {
    const inDescription = await make({ name: 'Something unrelated', description: '<p>mentions ocelot once</p>' });
    const inName = await make({ name: 'Ocelot sync', description: '<p>Sync it.</p>' });
    const more = [await make({ name: 'Ocelot export' }), await make({ name: 'Ocelot import' }), await make({ name: 'Ocelot filters' })];
    const related = async (query: { q: string; page?: number; per_page?: number }) =>
      relatedIdeaPage.parse((await api.call('GET /ideas/related', { query })).body);
    const all = await related({ q: 'ocelot', per_page: 10 });
    const ids = all.ideas.map((i) => i.id);
    expect(all.pagination.total_records).toBe(5);
    expect(ids.sort()).toEqual([inDescription, inName, ...more].map((i) => i.id).sort());
    expect(all.ideas.at(-1)?.id).toBe(inDescription.id);
    const pages = [await related({ q: 'ocelot', per_page: 2, page: 1 }), await related({ q: 'ocelot', per_page: 2, page: 2 })];
    const last = await related({ q: 'ocelot', per_page: 2, page: 3 });
    expect([...pages, last].flatMap((p) => p.ideas.map((i) => i.id))).toEqual(all.ideas.map((i) => i.id));
    expect(last.pagination.total_records).toBe(5);
    // Two words: an idea holding both comes before those holding one.
    const both = await make({ name: 'Ocelot timeline' });
    expect((await related({ q: 'ocelot timeline' })).ideas[0]?.id).toBe(both.id);
  });

  it('follows renames, spam and merges as they happen', async () => {
    const idea = await make({ name: 'Tapir calendar' });
    const target = await make({ name: 'Tapir target' });
    const ids = async (q: string) => (await api.call('GET /ideas/related', { query: { q } })).data().ideas.map((i) => i.id);
    const both = await ids('tapir calendar');
    expect(both[0]).toBe(idea.id);
    expect(both).toContain(target.id);
    expectOk(await update(idea.id, { spam: true }), ideaEnvelope);
    expect(await ids('tapir')).toEqual([target.id]);
    expectOk(await update(idea.id, { spam: false }), ideaEnvelope);
    expectOk(await update(idea.id, { name: 'Okapi calendar' }), ideaEnvelope);
    expect(await ids('tapir')).toEqual([target.id]);
    expect(await ids('okapi')).toEqual([idea.id]);
    expectOk(await update(idea.id, { duplicate_idea: target.id }), ideaEnvelope);
    expect(await ids('okapi')).toEqual([]);
    expectOk(await update(idea.id, { duplicate_idea: null }), ideaEnvelope);
    expect(await ids('okapi')).toEqual([idea.id]);
  });
});

describe('idea categories', () => {
  it('lists a product’s categories with children after their parent', async () => {
    const page = ideaCategoryPage.parse(
      (await api.call('GET /products/{product_id}/idea_categories', { params: { product_id: 'PLN' } })).body,
    );
    const names = page.idea_categories.map((c) => c.name);
    const planning = page.idea_categories.find((c) => c.name === 'Planning');
    const child = page.idea_categories.find((c) => c.parent_id === planning?.id);
    expect(child).toBeDefined();
    expect(names.indexOf(child?.name ?? '')).toBeGreaterThan(names.indexOf('Planning'));
  });

  it('creates a category under a parent of the product; duplicates and foreign parents are 422', async () => {
    const post = (idea_category: Body, product = 'PLN') =>
      api.send('POST /products/{product_id}/idea_categories', { params: { product_id: product }, body: { idea_category } });
    const parent = ideaCategorySchema.parse(expectOk(await post({ name: uniqueName('Parent') }), ideaCategorySchema));
    const child = ideaCategorySchema.parse((await post({ name: 'Child', parent_id: parent.id })).body);
    expect(child.parent_id).toBe(parent.id);
    expect(child.project_id).toBe(productId);
    expect422(await post({ name: 'child', parent_id: parent.id }), 'name');
    expect422(await post({ name: 'Usability' }), 'name');
    expect(ideaCategorySchema.parse((await post({ name: 'Usability', parent_id: parent.id })).body).name).toBe('Usability');
    expect422(await post({ name: 'x', parent_id: parent.id }, 'MOB'), 'parent_id');
    expect422(await post({ parent_id: parent.id }), 'name');
    expect((await lastAudit(t, 'IdeaCategory', child.id)).audit_action).toBe('create');
  });
});

describe('ideaPage', () => {
  it('parses the account list', async () => {
    expect(ideaPage.parse((await api.call('GET /ideas')).body).ideas.length).toBeGreaterThan(0);
  });
});
