// Epics over HTTP against the real service and the demo seed: operation 5 (create in a release),
// operation 6 (a release's epics), operation 7 (the account's epics), the product, initiative and
// epic-feature lists, show / update / delete; every write rule's 422 naming its field and nothing
// written after a refusal; custom field filters; features linking to epics and initiatives; and the
// roll-ups (epic progress and dates from its features or release, the initiative above the epic).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userPage, teamPage } from '../src/contract/account';
import type { Team } from '../src/contract/account';
import { errorBodySchema } from '../src/contract/common';
import { epicEnvelope, epicPage, epicSchema } from '../src/contract/epics';
import type { Epic } from '../src/contract/epics';
import { featureEnvelope, featurePage } from '../src/contract/features';
import type { Feature } from '../src/contract/features';
import { initiativeEnvelope, initiativePage, initiativeSchema } from '../src/contract/initiatives';
import type { Initiative } from '../src/contract/initiatives';
import { releasePage } from '../src/contract/releases';
import type { Release } from '../src/contract/releases';
import { todayIso } from '../src/domain/dates';
import { parseEstimate } from '../src/domain/estimate';
import { startTestService } from './test/harness';
import type { TestService } from './test/harness';
import { auditRows, expectFields, expectOk, getOk, makeEpic, makeFeature, makeInitiative, makeRelease, uniqueName } from './test/records';

let t: TestService;
/** Names unique in the run, so list filters can find exactly what a test made. */
const unique = uniqueName;

type ReleaseItem = Pick<Release, 'id' | 'reference_num' | 'product_id' | 'capacity_units' | 'parking_lot' | 'start_date' | 'release_date'>;
type User = { id: string; email: string };

interface World {
  plnId: string;
  mobId: string;
  /** PLN releases: two in time units, one in story points; one MOB release. */
  time: ReleaseItem;
  otherTime: ReleaseItem;
  points: ReleaseItem;
  mob: ReleaseItem;
  users: User[];
  /** PLN's teams (two), MOB's team. */
  teamA: Team;
  teamB: Team;
  mobTeam: Team;
  plnInitiatives: Initiative[];
  mobInitiative: Initiative;
}
let w: World;

/** Custom fields of epics defined by this file (the seed's own are left to the seed's tests). */
const CF = { stage: 'te_stage', score: 'te_score' } as const;

function must<T>(value: T | undefined | null, what: string): T {
  if (value === undefined || value === null) throw new Error(`demo seed has no ${what}`);
  return value;
}

beforeAll(async () => {
  t = await startTestService();
  const db = t.service.store.db;

  const products = await db.selectFrom('products').select(['id', 'reference_prefix']).execute();
  const plnId = String(
    must(
      products.find((p) => p.reference_prefix === 'PLN'),
      'PLN',
    ).id,
  );
  const mobId = String(
    must(
      products.find((p) => p.reference_prefix === 'MOB'),
      'MOB',
    ).id,
  );

  const releasesOf = async (product: string): Promise<ReleaseItem[]> => {
    const res = await t.get(`/products/${product}/releases?fields=*&per_page=200`);
    expect(res.status, res.text).toBe(200);
    return releasePage.parse(res.body).releases.map((r) => ({
      id: r.id,
      reference_num: must(r.reference_num, 'release key'),
      product_id: must(r.product_id, 'release product'),
      capacity_units: must(r.capacity_units, 'release units'),
      parking_lot: must(r.parking_lot, 'parking lot flag'),
      start_date: r.start_date ?? null,
      release_date: r.release_date ?? null,
    }));
  };
  const pln = await releasesOf('PLN');
  const time = must(
    pln.find((r) => r.capacity_units === 'time' && !r.parking_lot),
    'PLN time release',
  );
  const teamsOf = async (product: string) => teamPage.parse((await t.get(`/products/${product}/teams?per_page=200`)).body).teams;
  const plnTeams = (await teamsOf('PLN')).filter((tm) => tm.iterations.length > 0 && tm.program_increments.length > 0);
  const initiativesOf = async (product: string) =>
    initiativePage
      .parse((await t.get(`/products/${product}/initiatives?fields=*&per_page=200`)).body)
      .initiatives.map((i) => initiativeSchema.parse(i));

  w = {
    plnId,
    mobId,
    time,
    otherTime: must(
      pln.find((r) => r.capacity_units === 'time' && r.id !== time.id),
      'second PLN time release',
    ),
    points: must(
      pln.find((r) => r.capacity_units === 'story_points'),
      'PLN story-point release',
    ),
    mob: must((await releasesOf('MOB'))[0], 'MOB release'),
    users: userPage.parse((await t.get('/users?per_page=200')).body).users,
    teamA: must(plnTeams[0], 'PLN team with sprints and increments'),
    teamB: must(plnTeams[1], 'second PLN team with sprints and increments'),
    mobTeam: must((await teamsOf('MOB'))[0], 'MOB team'),
    plnInitiatives: await initiativesOf('PLN'),
    mobInitiative: must((await initiativesOf('MOB'))[0], 'MOB initiative'),
  };
  expect(w.users.length).toBeGreaterThanOrEqual(3);
  expect(w.plnInitiatives.length).toBeGreaterThanOrEqual(2);

  // The same key in two products with different types: the account-wide filter reads each product's
  // definition in its own way.
  await db
    .insertInto('custom_field_definitions')
    .values([
      {
        product_id: Number(plnId),
        record_type: 'Epic',
        key: CF.stage,
        name: 'Stage',
        field_type: 'select',
        options: JSON.stringify(['Draft', 'Final']),
        position: 90,
      },
      {
        product_id: Number(plnId),
        record_type: 'Epic',
        key: CF.score,
        name: 'Score',
        field_type: 'number',
        options: '[]',
        position: 91,
      },
      {
        product_id: Number(mobId),
        record_type: 'Epic',
        key: CF.stage,
        name: 'Stage',
        field_type: 'string',
        options: '[]',
        position: 90,
      },
    ])
    .execute();
});

afterAll(async () => {
  await t.close();
});

// ---------------------------------------------------------------------------------------------
// Helpers

const user = (i: number): User => must(w.users[i], `user ${i}`);

const postEpic = (release: string, epic: unknown, extra: Record<string, unknown> = {}) =>
  t.request('POST', `/releases/${release}/epics`, { epic, ...extra });
const putEpic = (id: string, epic: unknown, extra: Record<string, unknown> = {}) => t.request('PUT', `/epics/${id}`, { epic, ...extra });

const createEpic = (epic: Record<string, unknown> = {}, release: ReleaseItem = w.time): Promise<Epic> =>
  makeEpic(t, release.reference_num, epic);

const updateEpic = async (id: string, epic: Record<string, unknown>): Promise<Epic> => expectOk(await putEpic(id, epic), epicEnvelope).epic;

const getEpic = async (id: string): Promise<Epic> => (await getOk(t, `/epics/${id}`, epicEnvelope)).epic;

const createFeature = (feature: Record<string, unknown> = {}, release: ReleaseItem = w.time): Promise<Feature> =>
  makeFeature(t, release.reference_num, feature);

const updateFeature = async (id: string, feature: Record<string, unknown>): Promise<Feature> =>
  expectOk(await t.request('PUT', `/features/${id}`, { feature }), featureEnvelope).feature;

const getFeature = async (id: string): Promise<Feature> => (await getOk(t, `/features/${id}`, featureEnvelope)).feature;

const newInitiative = (initiative: Record<string, unknown> = {}, product = 'PLN'): Promise<Initiative> =>
  makeInitiative(t, initiative, product);

const getInitiative = async (id: string): Promise<Initiative> => (await getOk(t, `/initiatives/${id}`, initiativeEnvelope)).initiative;

const newRelease = (release: Record<string, unknown>): Promise<ReleaseItem> => makeRelease(t, release);

async function list(path: string) {
  const res = await t.get(path);
  expect(res.status, res.text).toBe(200);
  return epicPage.parse(res.body);
}
const idsOf = (page: { epics: { id: string }[] }): string[] => page.epics.map((e) => e.id);

/** A 422 in the one error shape whose `errors` name each field given and whose message starts with one. */
const expect422 = expectFields;

type Counted = 'epics' | 'audits' | 'epic_tags' | 'epic_watchers' | 'custom_field_values' | 'features' | 'deletions';
async function count(table: Counted): Promise<number> {
  const row = await t.service.store.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Everything a refused epic write must leave as it was: rows, links, audit rows, key counters. */
async function snapshot() {
  const tables: Counted[] = ['epics', 'audits', 'epic_tags', 'epic_watchers', 'custom_field_values', 'features'];
  const counts = await Promise.all(tables.map(count));
  const counters = await t.service.store.db.selectFrom('products').select(['id', 'next_epic_num']).orderBy('id').execute();
  return { counts, counters };
}

const auditsOf = (type: 'Epic' | 'Feature', id: string) => auditRows(t, type, id);
const lastChanges = async (type: 'Epic' | 'Feature', id: string) =>
  JSON.parse((await auditsOf(type, id)).at(-1)?.changes ?? '{}') as Record<string, [unknown, unknown]>;

const keyNumber = (key: string): number => Number(key.split('-').pop());

// ---------------------------------------------------------------------------------------------

describe('POST /releases/{release_id}/epics (operation 5)', () => {
  it('creates an epic with every field and answers the whole record', async () => {
    const [u1, u2] = [user(0), user(1)];
    const initiative = must(w.plnInitiatives[0], 'initiative');
    const iteration = must(w.teamA.iterations[0], 'iteration');
    const increment = must(w.teamA.program_increments[0], 'program increment');
    const res = await postEpic(w.time.reference_num, {
      name: '  Single sign-on  ',
      workflow_status: { name: 'in progress' },
      description: '<p>SSO <b>everywhere</b>.</p>',
      created_by: u1.email,
      assigned_to_user: u2.email,
      tags: ' sso, security ,sso,, SSO ',
      initial_estimate_text: '1d 2h',
      detailed_estimate: 90,
      remaining_estimate_text: '1h',
      start_date: '2026-03-01',
      due_date: '2026-03-20',
      initiative: initiative.name,
      progress_source: 'progress_manual',
      progress: 40,
      duration_source: 'duration_manual',
      team: w.teamA.id,
      team_workflow_status: { name: 'in review' },
      iteration: iteration.id,
      program_increment: increment.reference_num,
      watchers: `${u1.id}, ${u2.id}`,
      custom_fields: { [CF.stage]: 'final', [CF.score]: '5.0' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const e = epicEnvelope.parse(res.body).epic;
    expect(e.name).toBe('Single sign-on');
    expect(e.reference_num).toMatch(/^PLN-E-\d+$/);
    expect(e.product_id).toBe(w.plnId);
    expect(e.release.id).toBe(w.time.id);
    expect(e.release_reference_num).toBe(w.time.reference_num);
    expect(e.workflow_status.name).toBe('In progress');
    expect(e.status_changed_on).toBeNull();
    expect(e.description?.body).toBe('<p>SSO <b>everywhere</b>.</p>');
    expect(e.created_by_user?.email).toBe(u1.email);
    expect(e.assigned_to_user?.email).toBe(u2.email);
    expect(e.tags).toEqual(['sso', 'security']);
    expect(e.work_units).toBe('time');
    expect([e.initial_estimate, e.initial_estimate_text]).toEqual([600, '1d 2h']);
    expect([e.detailed_estimate, e.detailed_estimate_text]).toEqual([90, '1h 30min']);
    expect([e.remaining_estimate, e.remaining_estimate_text]).toEqual([60, '1h']);
    expect([e.start_date, e.due_date]).toEqual(['2026-03-01', '2026-03-20']);
    // The hosted link: the head, when it was made, its addresses and description.
    expect(e.initiative).toMatchObject({
      id: initiative.id,
      name: initiative.name,
      reference_num: initiative.reference_num,
      url: initiative.url,
    });
    expect(e.initiative?.created_at).toBe(initiative.created_at);
    expect(e.initiative_reference_num).toBe(initiative.reference_num);
    expect([e.progress, e.progress_source, e.duration_source]).toEqual([40, 'progress_manual', 'duration_manual']);
    expect(e.team?.id).toBe(w.teamA.id);
    expect(e.team_workflow_status?.name).toBe('In review');
    expect(e.iteration?.id).toBe(iteration.id);
    expect(e.program_increment?.id).toBe(increment.id);
    expect(e.watchers.map((u) => u.id).sort()).toEqual([u1.id, u2.id].sort());
    expect(e.custom_fields.map((c) => [c.key, c.value])).toEqual([
      [CF.stage, 'Final'],
      [CF.score, 5],
    ]);
    expect([e.features_count, e.features_completed_count]).toEqual([0, 0]);
    expect(e.url).toBe(`${t.url}/epics/${e.reference_num}`);
    expect(e.resource).toBe(`${t.url}/api/v1/epics/${e.reference_num}`);
    // What was answered is what is stored.
    expect(await getEpic(e.reference_num)).toEqual(e);
  });

  it('accepts the release key in any case', async () => {
    const res = await postEpic(w.time.reference_num.toLowerCase(), { name: unique('Lower-case key') });
    expect(res.status, res.text).toBe(200);
    expect(epicEnvelope.parse(res.body).epic.release.id).toBe(w.time.id);
  });

  it('accepts the numeric release id and defaults status, creator, sources and links', async () => {
    const res = await postEpic(w.time.id, { name: 'Minimal epic' });
    expect(res.status, res.text).toBe(200);
    const e = epicEnvelope.parse(res.body).epic;
    expect(e.release.id).toBe(w.time.id);
    expect([e.workflow_status.name, e.workflow_status.position]).toEqual(['New', 1]);
    expect(e.created_by_user?.email).toBe(t.service.adminEmail);
    expect([e.progress, e.progress_source, e.duration_source]).toEqual([null, 'progress_manual', 'duration_manual']);
    for (const empty of [e.assigned_to_user, e.initiative, e.team, e.team_workflow_status, e.iteration, e.program_increment]) {
      expect(empty).toBeNull();
    }
    expect([e.tags, e.watchers, e.custom_fields]).toEqual([[], [], []]);
    const rows = await auditsOf('Epic', e.id);
    expect(rows.map((r) => r.audit_action)).toEqual(['create']);
    expect(rows[0]?.user_id).not.toBeNull();
    expect((JSON.parse(rows[0]?.changes ?? '{}') as Record<string, unknown>).name).toEqual([null, 'Minimal epic']);
  });

  it("allocates PRJ-E-n keys from each product's own counter, and places new epics last", async () => {
    const a = await createEpic();
    const b = await createEpic();
    expect(keyNumber(b.reference_num)).toBe(keyNumber(a.reference_num) + 1);
    expect(b.position).toBeGreaterThan(a.position);
    const mobBefore = await t.service.store.db
      .selectFrom('products')
      .select('next_epic_num')
      .where('id', '=', Number(w.mobId))
      .executeTakeFirstOrThrow();
    const m = await createEpic({}, w.mob);
    expect(m.reference_num).toBe(`MOB-E-${mobBefore.next_epic_num}`);
    expect(m.product_id).toBe(w.mobId);
    // The MOB epic took nothing from PLN's counter.
    const c = await createEpic();
    expect(keyNumber(c.reference_num)).toBe(keyNumber(b.reference_num) + 1);
  });

  it('skips a key that is already taken (imported data) instead of failing', async () => {
    const db = t.service.store.db;
    const product = await db.selectFrom('products').select('next_epic_num').where('id', '=', Number(w.plnId)).executeTakeFirstOrThrow();
    const ts = new Date().toISOString();
    await db
      .insertInto('epics')
      .values({
        product_id: Number(w.plnId),
        release_id: Number(w.time.id),
        reference_num: `PLN-E-${product.next_epic_num}`,
        name: unique('Imported epic'),
        workflow_status_id: null,
        created_at: ts,
        updated_at: ts,
      })
      .execute();
    const e = await createEpic();
    expect(e.reference_num).toBe(`PLN-E-${product.next_epic_num + 1}`);
    expect((await createEpic()).reference_num).toBe(`PLN-E-${product.next_epic_num + 2}`);
  });

  it('creates in the release named in the body, and refuses one of another product', async () => {
    const e = await createEpic({ release: w.otherTime.reference_num });
    expect(e.release.id).toBe(w.otherTime.id);
    expect((await createEpic({ release: Number(w.otherTime.id) })).release.id).toBe(w.otherTime.id);
    expect422(await postEpic(w.time.reference_num, { name: 'x', release: w.mob.id }), 'release');
    expect422(await postEpic(w.time.reference_num, { name: 'x', release: 'PLN-R-9999' }), 'release');
  });

  it("reads estimates in the release's capacity units", async () => {
    const e = await createEpic({ initial_estimate_text: '5p', detailed_estimate_text: '8', remaining_estimate: 2.5 }, w.points);
    expect(e.work_units).toBe('story_points');
    expect([e.initial_estimate, e.initial_estimate_text]).toEqual([5, '5p']);
    expect([e.detailed_estimate, e.detailed_estimate_text]).toEqual([8, '8p']);
    expect([e.remaining_estimate, e.remaining_estimate_text]).toEqual([2.5, '2.5p']);
    // The text wins over the number when both are sent.
    expect((await createEpic({ initial_estimate_text: '2h', initial_estimate: 999 })).initial_estimate).toBe(120);
    expect((await createEpic({ initial_estimate_text: '1w' })).initial_estimate_text).toBe('5d');
  });

  it("returns the estimate parser's message, in the release's units", async () => {
    for (const [release, text, units] of [
      [w.time, '3x', 'time'],
      [w.time, '5p', 'time'],
      [w.time, '3', 'time'],
      [w.points, '2h', 'story_points'],
    ] as const) {
      const res = await postEpic(release.reference_num, { name: 'x', initial_estimate_text: text });
      const errors = expect422(res, 'initial_estimate_text');
      const parsed = parseEstimate(text, units);
      expect(parsed.ok, text).toBe(false);
      if (!parsed.ok) expect(errors.initial_estimate_text).toEqual([parsed.error]);
    }
  });

  it('links the initiative by name (any case), key or id', async () => {
    const i = must(w.plnInitiatives[1], 'second initiative');
    for (const ref of [i.name.toUpperCase(), i.reference_num, i.id, Number(i.id)]) {
      expect((await createEpic({ initiative: ref })).initiative?.id, String(ref)).toBe(i.id);
    }
    expect422(await postEpic(w.time.reference_num, { name: 'x', initiative: w.mobInitiative.name }), 'initiative');
  });

  it('accepts every progress_source of the spec, and only those', async () => {
    // The spec's Epic list, written out here so the test also checks the service's list against it.
    const spec = [
      'progress_manual',
      'progress_from_features',
      'progress_from_features_with_dependents',
      'progress_from_remaining_estimate',
      'progress_from_remaining_estimate_with_dependents',
      'progress_from_todos',
      'progress_from_todos_with_dependents',
      'progress_from_features_completed',
      'progress_from_features_completed_with_dependents',
    ];
    for (const source of spec) expect((await createEpic({ progress_source: source })).progress_source).toBe(source);
    // The spec gives epics one list, not a shorter one on update as for features.
    const e = await createEpic();
    for (const source of spec) expect((await updateEpic(e.id, { progress_source: source })).progress_source).toBe(source);
    for (const other of ['progress_from_requirements', 'progress_from_epics', 'progress_from_releases', 'progress_from_vibes']) {
      expect422(await postEpic(w.time.reference_num, { name: 'x', progress_source: other }), 'progress_source');
      expect422(await putEpic(e.id, { progress_source: other }), 'progress_source');
    }
  });

  it('accepts every duration_source of the spec, and only those', async () => {
    for (const source of ['duration_manual', 'duration_from_features', 'duration_from_releases']) {
      expect((await createEpic({ duration_source: source })).duration_source).toBe(source);
    }
    for (const other of ['duration_from_children', 'duration_from_features_epics', 'duration_from_release_phases_features']) {
      expect422(await postEpic(w.time.reference_num, { name: 'x', duration_source: other }), 'duration_source');
    }
  });

  it('allows progress only with manual progress; a null progress under a computed source is ignored', async () => {
    expect422(
      await postEpic(w.time.reference_num, {
        name: 'x',
        progress_source: 'progress_from_features',
        progress: 50,
      }),
      'progress',
    );
    const e = await createEpic({ progress_source: 'progress_from_features', progress: null });
    expect(e.progress).toBeNull();
    expect((await createEpic({ progress: 0 })).progress).toBe(0);
    expect((await createEpic({ progress: 100 })).progress).toBe(100);
    // To-dos are not modelled: that source reads null rather than keeping a stale manual value.
    const e2 = await createEpic({ progress: 40 });
    expect((await updateEpic(e2.id, { progress_source: 'progress_from_todos' })).progress).toBeNull();
  });

  it('answers only the fields asked for with top-level fields, watchers inside epic', async () => {
    const [u1, u2] = [user(1), user(2)];
    // The spec's example of operation 5: watchers inside `epic`, fields at top level.
    const res = await postEpic(w.time.reference_num, { name: unique('Watched'), watchers: `${u1.id},${u2.id}` }, { fields: 'watchers' });
    expect(res.status, res.text).toBe(200);
    const body = res.body as { epic: { watchers: { id: string }[] } };
    expect(Object.keys(body.epic).sort()).toEqual(['id', 'watchers']);
    expect(body.epic.watchers.map((u) => u.id).sort()).toEqual([u1.id, u2.id].sort());
    const ref = await postEpic(w.time.reference_num, { name: unique('Keyed') }, { fields: 'reference_num' });
    expect(Object.keys((ref.body as { epic: object }).epic).sort()).toEqual(['id', 'reference_num']);
    const some = await postEpic(w.time.reference_num, { name: unique('Some') }, { fields: 'name, progress_source ,bogus' });
    expect(Object.keys((some.body as { epic: object }).epic).sort()).toEqual(['id', 'name', 'progress_source']);
    const all = await postEpic(w.time.reference_num, { name: unique('All') }, { fields: '*' });
    expect(epicEnvelope.safeParse(all.body).success).toBe(true);
  });
});

describe('operation 5 rules: each refusal is a 422 naming the field', () => {
  const cases: [string, () => Record<string, unknown>, string][] = [
    ['name missing', () => ({}), 'name'],
    ['name blank', () => ({ name: '   ' }), 'name'],
    ['name too long', () => ({ name: 'x'.repeat(256) }), 'name'],
    ['unknown status', () => ({ name: 'x', workflow_status: { name: 'Nope' } }), 'workflow_status'],
    ['a Feature status, not an Epic one', () => ({ name: 'x', workflow_status: { name: 'In development' } }), 'workflow_status'],
    ['an Initiative status', () => ({ name: 'x', workflow_status: { name: 'On track' } }), 'workflow_status'],
    ['status without a name', () => ({ name: 'x', workflow_status: {} }), 'workflow_status'],
    ['unknown creator', () => ({ name: 'x', created_by: 'nobody@example.com' }), 'created_by'],
    ['unknown assignee', () => ({ name: 'x', assigned_to_user: 'nobody@example.com' }), 'assigned_to_user'],
    ['estimate with a bad unit', () => ({ name: 'x', initial_estimate_text: '3x' }), 'initial_estimate_text'],
    ['points in a time release', () => ({ name: 'x', detailed_estimate_text: '5p' }), 'detailed_estimate_text'],
    ['unit given twice', () => ({ name: 'x', remaining_estimate_text: '1d 1d' }), 'remaining_estimate_text'],
    ['estimate text too long', () => ({ name: 'x', initial_estimate_text: '1h '.repeat(30) }), 'initial_estimate_text'],
    ['negative estimate', () => ({ name: 'x', initial_estimate: -5 }), 'initial_estimate'],
    ['not a real date', () => ({ name: 'x', start_date: '2026-02-30' }), 'start_date'],
    ['not a real leap day', () => ({ name: 'x', due_date: '2027-02-29' }), 'due_date'],
    ['date in the wrong form', () => ({ name: 'x', due_date: '03/01/2026' }), 'due_date'],
    ['due before start', () => ({ name: 'x', start_date: '2026-03-10', due_date: '2026-03-01' }), 'due_date'],
    ['unknown initiative', () => ({ name: 'x', initiative: 'No such initiative' }), 'initiative'],
    ['unknown team', () => ({ name: 'x', team: 'NOPE' }), 'team'],
    ['team of another product', () => ({ name: 'x', team: w.mobTeam.id }), 'team'],
    ['team status without a team', () => ({ name: 'x', team_workflow_status: { name: 'Done' } }), 'team_workflow_status'],
    ['iteration without a team', () => ({ name: 'x', iteration: w.teamA.iterations[0]?.id }), 'iteration'],
    ['program increment without a team', () => ({ name: 'x', program_increment: w.teamA.program_increments[0]?.id }), 'program_increment'],
    ['unknown team status', () => ({ name: 'x', team: w.teamA.id, team_workflow_status: { name: 'Nope' } }), 'team_workflow_status'],
    ['iteration of another team', () => ({ name: 'x', team: w.teamA.id, iteration: w.teamB.iterations[0]?.id }), 'iteration'],
    ['unknown iteration', () => ({ name: 'x', team: w.teamA.id, iteration: 987654 }), 'iteration'],
    [
      'program increment of another team',
      () => ({
        name: 'x',
        team: w.teamA.id,
        program_increment: w.teamB.program_increments[0]?.reference_num,
      }),
      'program_increment',
    ],
    ['progress with a computed source', () => ({ name: 'x', progress_source: 'progress_from_features', progress: 50 }), 'progress'],
    ['progress over 100', () => ({ name: 'x', progress: 150 }), 'progress'],
    ['progress below 0', () => ({ name: 'x', progress: -1 }), 'progress'],
    ['unknown progress source', () => ({ name: 'x', progress_source: 'progress_from_vibes' }), 'progress_source'],
    ['unknown duration source', () => ({ name: 'x', duration_source: 'duration_from_vibes' }), 'duration_source'],
    ['watchers as an array on create', () => ({ name: 'x', watchers: [1] }), 'watchers'],
    ['watchers not ids', () => ({ name: 'x', watchers: 'a,b' }), 'watchers'],
    ['unknown watcher', () => ({ name: 'x', watchers: '1,987654' }), 'watchers'],
    ['a tag longer than 255', () => ({ name: 'x', tags: `ok, ${'t'.repeat(256)}` }), 'tags'],
    ['unknown custom field', () => ({ name: 'x', custom_fields: { no_such_field: 'a' } }), 'custom_fields.no_such_field'],
    ['custom select value not an option', () => ({ name: 'x', custom_fields: { [CF.stage]: 'Maybe' } }), `custom_fields.${CF.stage}`],
    ['custom number not a number', () => ({ name: 'x', custom_fields: { [CF.score]: 'five' } }), `custom_fields.${CF.score}`],
  ];
  for (const [what, body, field] of cases) {
    it(`${what} → 422 on ${field}`, async () => {
      expect422(await postEpic(w.time.reference_num, body()), field);
    });
  }

  it("refuses a custom field defined only for another product's epics", async () => {
    // `target_arr` is a seeded PLN field; MOB does not define it.
    expect422(await postEpic(w.mob.reference_num, { name: 'x', custom_fields: { target_arr: 5 } }), 'custom_fields.target_arr');
    expect((await createEpic({ custom_fields: { target_arr: 5 } })).custom_fields.map((c) => c.value)).toEqual([5]);
  });

  it('answers wrong JSON types with 422 on the field, never 500', async () => {
    const wrong: [Record<string, unknown>, string][] = [
      [{ name: 42 }, 'name'],
      [{ name: null }, 'name'],
      [{ name: 'x', progress: '50' }, 'progress'],
      [{ name: 'x', workflow_status: true }, 'workflow_status'],
      [{ name: 'x', tags: 12 }, 'tags'],
      [{ name: 'x', start_date: 20260101 }, 'start_date'],
      [{ name: 'x', assigned_to_user: { name: 'a@b.c' } }, 'assigned_to_user'],
      [{ name: 'x', watchers: 5 }, 'watchers'],
      [{ name: 'x', custom_fields: 'x' }, 'custom_fields'],
      [{ name: 'x', custom_fields: [1] }, 'custom_fields'],
      [{ name: 'x', initiative: { id: 1, name: 'both' } }, 'initiative'],
      [{ name: 'x', team: true }, 'team'],
      [{ name: 'x', description: 5 }, 'description'],
      [{ name: 'x', duration_source: 5 }, 'duration_source'],
      [{ name: 'x', initial_estimate: '5' }, 'initial_estimate'],
      [{ name: 'x', initial_estimate_text: 5 }, 'initial_estimate_text'],
      [{ name: 'x', release: { key: 1 } }, 'release'],
      [{ name: 'x', iteration: [1] }, 'iteration'],
    ];
    for (const [body, field] of wrong) expect422(await postEpic(w.time.reference_num, body), field);
    const typed = await postEpic(w.time.reference_num, { name: 42 });
    expect(typed.body).toMatchObject({ errors: { name: ['must be a string'] } });
  });

  it('reports every problem of a body together and writes nothing', async () => {
    const before = await snapshot();
    const res = await postEpic(w.time.reference_num, {
      name: 'Half good',
      tags: 'a,b',
      watchers: '1',
      custom_fields: { [CF.stage]: 'Draft' },
      workflow_status: { name: 'Nope' },
      initial_estimate_text: '3x',
      due_date: '2026-02-30',
      assigned_to_user: 'ghost@example.com',
      team: w.teamA.id,
      iteration: w.teamB.iterations[0]?.id,
    });
    const errors = expect422(res, 'workflow_status', 'initial_estimate_text', 'due_date', 'assigned_to_user', 'iteration');
    expect(Object.keys(errors).sort()).toEqual(['assigned_to_user', 'due_date', 'initial_estimate_text', 'iteration', 'workflow_status']);
    // A bad name is reported beside the record problems, not instead of them.
    expect422(await postEpic(w.time.reference_num, { name: '', initiative: 'No such initiative' }), 'name', 'initiative');
    // A body that passes the format checks but fails a record check also writes nothing.
    expect422(
      await postEpic(w.time.reference_num, {
        name: 'Half good',
        tags: 'a',
        watchers: '1',
        custom_fields: { [CF.stage]: 'Draft' },
        initiative: 'Nope',
      }),
      'initiative',
    );
    expect422(
      await postEpic(w.time.reference_num, {
        name: 'Half good',
        tags: 'a',
        custom_fields: { [CF.stage]: 'Never' },
      }),
      `custom_fields.${CF.stage}`,
    );
    expect(await snapshot()).toEqual(before);
  });

  it('answers 400 to malformed JSON, a non-JSON body and a body that is not an object', async () => {
    const path = `/releases/${w.time.reference_num}/epics`;
    const before = await snapshot();
    const raw = (rawBody: string, type: string) => t.request('POST', path, undefined, { rawBody, headers: { 'Content-Type': type } });
    const malformed = await raw('{"epic": {', 'application/json');
    expect(malformed.status).toBe(400);
    expect(errorBodySchema.parse(malformed.body).error).toMatch(/JSON/);
    expect((await raw('name=x', 'text/plain')).status).toBe(400);
    expect((await t.request('POST', path, [1, 2])).status).toBe(400);
    expect((await raw('null', 'application/json')).status).toBe(400);
    expect422(await t.request('POST', path, { epic: 'Single sign-on' }), 'epic');
    expect422(await t.request('POST', path, { epic: [] }), 'epic');
    expect422(await t.request('POST', path, { epic: null }), 'epic');
    expect422(await t.request('POST', path, {}), 'epic');
    expect(await snapshot()).toEqual(before);
  });

  it('404s for an unknown release and 401s without a valid token', async () => {
    for (const key of ['PLN-R-999', '999999', 'NOPE-R-1', '0']) {
      const res = await postEpic(key, { name: 'x' });
      expect(res.status, key).toBe(404);
      expect(errorBodySchema.safeParse(res.body).success).toBe(true);
    }
    const before = await snapshot();
    const none = await t.request('POST', `/releases/${w.time.reference_num}/epics`, { epic: { name: 'x' } }, { token: null });
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect((await t.request('POST', `/releases/${w.time.reference_num}/epics`, { epic: { name: 'x' } }, { token: 'wrong' })).status).toBe(
      401,
    );
    expect((await t.request('GET', '/epics', undefined, { token: null })).status).toBe(401);
    expect(await snapshot()).toEqual(before);
  });
});

describe('GET /epics/{id}', () => {
  it('finds an epic by numeric id and by key in any case', async () => {
    const e = await createEpic({ tags: 'shown' });
    for (const key of [e.id, e.reference_num, e.reference_num.toLowerCase()]) {
      expect(await getEpic(key), key).toEqual(e);
    }
  });

  it('applies fields on show', async () => {
    const e = await createEpic();
    const res = await t.get(`/epics/${e.reference_num}?fields=name,progress`);
    expect(Object.keys((res.body as { epic: object }).epic).sort()).toEqual(['id', 'name', 'progress']);
    const star = await t.get(`/epics/${e.id}?fields=*`);
    expect(epicEnvelope.parse(star.body).epic).toEqual(e);
  });

  it('answers a seeded epic with its features counted', async () => {
    const seeded = await getEpic('PLN-E-1');
    const features = featurePage.parse((await t.get('/epics/PLN-E-1/features?per_page=200&fields=workflow_status')).body);
    expect(seeded.features_count).toBe(features.pagination.total_records);
    expect(seeded.features_completed_count).toBe(features.features.filter((f) => f.workflow_status?.complete).length);
  });

  it('answers 404 for unknown ids and keys', async () => {
    for (const key of ['999999', 'PLN-E-99999', 'NOPE-E-1', '0', '99999999999999999999', 'not a key', 'PLN-1']) {
      const res = await t.get(`/epics/${encodeURIComponent(key)}`);
      expect(res.status, key).toBe(404);
      expect(errorBodySchema.safeParse(res.body).success).toBe(true);
    }
    expect((await putEpic('999999', { name: 'x' })).status).toBe(404);
    expect((await t.request('DELETE', '/epics/PLN-E-99999')).status).toBe(404);
    expect((await t.get('/epics/PLN-E-99999/features')).status).toBe(404);
  });
});

describe('PUT /epics/{id}', () => {
  it('changes fields by key, records the status change and audits old → new', async () => {
    const e = await createEpic({ name: 'To change', tags: 'a' });
    const auditsBefore = await count('audits');
    const u = await updateEpic(e.reference_num, {
      name: 'Changed',
      workflow_status: { name: 'Shipped' },
      tags: 'b, c',
      initial_estimate_text: '2d',
    });
    expect(u.name).toBe('Changed');
    expect(u.workflow_status.name).toBe('Shipped');
    expect(u.status_changed_on).toBe(todayIso());
    expect(u.tags).toEqual(['b', 'c']);
    expect([u.initial_estimate, u.initial_estimate_text]).toEqual([960, '2d']);
    expect(u.updated_at >= e.updated_at).toBe(true);
    expect(await count('audits')).toBe(auditsBefore + 1);
    const rows = await auditsOf('Epic', e.id);
    expect(rows.map((r) => r.audit_action)).toEqual(['create', 'update']);
    const changes = await lastChanges('Epic', e.id);
    expect(changes.name).toEqual(['To change', 'Changed']);
    expect(changes.tags).toEqual(['a', 'b,c']);
    expect(changes.initial_estimate).toEqual([null, 960]);
    expect(changes.workflow_status_id?.[0]).not.toEqual(changes.workflow_status_id?.[1]);
    // The same status again is no change: status_changed_on stays.
    expect((await updateEpic(e.id, { workflow_status: { name: 'shipped' } })).status_changed_on).toBe(todayIso());
    // The tag filter follows the new tags.
    expect(idsOf(await list(`/releases/${w.time.id}/epics?tag=b&q=Changed`))).toContain(e.id);
  });

  it('writes nothing for an update that changes nothing', async () => {
    const e = await createEpic({ name: 'Untouched', tags: 'x', custom_fields: { [CF.stage]: 'Draft' } });
    const before = await count('audits');
    expect((await updateEpic(e.id, {})).updated_at).toBe(e.updated_at);
    expect((await updateEpic(e.id, { name: 'Untouched', tags: 'x', custom_fields: { [CF.stage]: 'draft' } })).updated_at).toBe(
      e.updated_at,
    );
    expect(await count('audits')).toBe(before);
  });

  it('replaces watchers with an array of ids, audited, and refuses the create form or unknown ids', async () => {
    const [u1, u2, u3] = [user(0), user(1), user(2)];
    const e = await createEpic({ watchers: `${u1.id}` });
    const u = await updateEpic(e.id, { watchers: [Number(u2.id), u3.id] });
    expect(u.watchers.map((x) => x.id).sort()).toEqual([u2.id, u3.id].sort());
    expect((await lastChanges('Epic', e.id)).watchers).toEqual([[Number(u1.id)], [Number(u2.id), Number(u3.id)].sort((a, b) => a - b)]);
    expect422(await putEpic(e.id, { watchers: `${u1.id}` }), 'watchers');
    expect422(await putEpic(e.id, { watchers: [987654] }), 'watchers');
    expect422(await putEpic(e.id, { watchers: ['abc'] }), 'watchers');
    expect((await getEpic(e.id)).watchers.map((x) => x.id).sort()).toEqual([u2.id, u3.id].sort());
    expect((await updateEpic(e.id, { watchers: [] })).watchers).toEqual([]);
    // A watcher named twice is one watcher.
    expect((await updateEpic(e.id, { watchers: [u1.id, Number(u1.id)] })).watchers.map((x) => x.id)).toEqual([u1.id]);
    expect((await createEpic({ watchers: `${u2.id},${u2.id}` })).watchers.map((x) => x.id)).toEqual([u2.id]);
  });

  it('answers only the fields asked for with top-level fields', async () => {
    const e = await createEpic();
    const res = await putEpic(e.id, { name: unique('Renamed') }, { fields: 'name,reference_num' });
    expect(res.status, res.text).toBe(200);
    expect(Object.keys((res.body as { epic: object }).epic).sort()).toEqual(['id', 'name', 'reference_num']);
  });

  it('sets and clears custom fields, audited, and refuses bad values', async () => {
    const e = await createEpic();
    const set = await updateEpic(e.id, { custom_fields: { [CF.stage]: 'DRAFT', [CF.score]: 7 } });
    expect(set.custom_fields.map((c) => [c.key, c.value])).toEqual([
      [CF.stage, 'Draft'],
      [CF.score, 7],
    ]);
    expect((await lastChanges('Epic', e.id)).custom_fields).toEqual([
      { [CF.stage]: null, [CF.score]: null },
      { [CF.stage]: 'Draft', [CF.score]: '7' },
    ]);
    const cleared = await updateEpic(e.id, { custom_fields: { [CF.stage]: null, [CF.score]: '' } });
    expect(cleared.custom_fields).toEqual([]);
    expect422(await putEpic(e.id, { custom_fields: { [CF.stage]: 'Nope' } }), `custom_fields.${CF.stage}`);
    expect422(await putEpic(e.id, { custom_fields: { nope: 1 } }), 'custom_fields.nope');
  });

  it('allows progress only under manual progress, sent or stored', async () => {
    const e = await createEpic({ progress_source: 'progress_from_features' });
    expect422(await putEpic(e.id, { progress: 30 }), 'progress');
    const manual = await updateEpic(e.id, { progress_source: 'progress_manual', progress: 30 });
    expect([manual.progress, manual.progress_source]).toEqual([30, 'progress_manual']);
    expect((await updateEpic(e.id, { progress: 55.5 })).progress).toBe(55.5);
    expect422(await putEpic(e.id, { progress: 101 }), 'progress');
    expect422(await putEpic(e.id, { progress_source: 'progress_from_features_completed', progress: 10 }), 'progress');
    expect((await getEpic(e.id)).progress).toBe(55.5);
  });

  it('checks dates against the stored ones', async () => {
    const e = await createEpic({ start_date: '2026-05-10' });
    expect422(await putEpic(e.id, { due_date: '2026-05-01' }), 'due_date');
    expect422(await putEpic(e.id, { due_date: '2026-04-31' }), 'due_date');
    expect((await updateEpic(e.id, { due_date: '2026-05-11' })).due_date).toBe('2026-05-11');
    expect422(await putEpic(e.id, { start_date: '2026-06-01' }), 'due_date');
    expect((await updateEpic(e.id, { start_date: null })).start_date).toBeNull();
  });

  it('clears links with null', async () => {
    const e = await createEpic({
      assigned_to_user: user(1).email,
      description: '<p>x</p>',
      initiative: must(w.plnInitiatives[0], 'initiative').id,
      team: w.teamA.id,
      initial_estimate_text: '1d',
    });
    const u = await updateEpic(e.id, {
      assigned_to_user: null,
      description: null,
      initiative: null,
      team: null,
      initial_estimate_text: null,
    });
    for (const empty of [u.assigned_to_user, u.description, u.initiative, u.team, u.team_workflow_status, u.initial_estimate]) {
      expect(empty).toBeNull();
    }
  });

  it('changing the team resets the team status and clears iteration and increment', async () => {
    const iteration = must(w.teamA.iterations[0], 'iteration');
    const increment = must(w.teamA.program_increments[0], 'increment');
    const e = await createEpic({
      team: w.teamA.id,
      iteration: iteration.id,
      program_increment: increment.id,
    });
    expect(e.team_workflow_status?.position).toBe(1);
    const moved = await updateEpic(e.id, { team: w.teamB.id });
    expect(moved.team?.id).toBe(w.teamB.id);
    expect(moved.team_workflow_status).not.toBeNull();
    expect([moved.iteration, moved.program_increment]).toEqual([null, null]);
    expect422(await putEpic(e.id, { iteration: iteration.id }), 'iteration');
    const other = must(w.teamB.iterations[0], 'iteration of team B');
    expect((await updateEpic(e.id, { iteration: other.id })).iteration?.id).toBe(other.id);
  });

  it('moves an epic to the end of another release, and refuses other units while an estimate is kept', async () => {
    const e = await createEpic({ initial_estimate_text: '1d' });
    const last = await createEpic({}, w.otherTime);
    const moved = await updateEpic(e.reference_num, { release: w.otherTime.reference_num });
    expect(moved.release.id).toBe(w.otherTime.id);
    expect(moved.position).toBeGreaterThan(last.position);
    expect(moved.initial_estimate).toBe(480);
    expect422(await putEpic(e.id, { release: w.mob.reference_num }), 'release');
    const errors = expect422(await putEpic(e.id, { release: w.points.id }), 'release');
    expect(errors.release?.[0]).toMatch(/story points/);
    const pointed = await updateEpic(e.id, { release: w.points.id, initial_estimate_text: '3p' });
    expect([pointed.work_units, pointed.initial_estimate, pointed.initial_estimate_text]).toEqual(['story_points', 3, '3p']);
  });

  it('refuses a blank name and wrong types, and leaves the stored epic untouched', async () => {
    const e = await createEpic({ name: 'Stable', tags: 'keep', custom_fields: { [CF.score]: 1 } });
    const before = await snapshot();
    expect422(await putEpic(e.id, { name: '' }), 'name');
    expect422(await putEpic(e.id, { name: 'x'.repeat(256) }), 'name');
    expect422(await putEpic(e.id, { tags: 12 }), 'tags');
    expect422(await putEpic(e.id, { start_date: 20260101 }), 'start_date');
    expect422(
      await putEpic(e.id, {
        name: 'Renamed',
        tags: 'gone',
        custom_fields: { [CF.score]: 2 },
        initiative: 'No such initiative',
      }),
      'initiative',
    );
    expect422(await putEpic(e.id, { name: 'Renamed', workflow_status: { name: 'Nope' } }), 'workflow_status');
    expect422(await t.request('PUT', `/epics/${e.id}`, { epic: 'x' }), 'epic');
    const malformed = await t.request('PUT', `/epics/${e.id}`, undefined, {
      rawBody: '{',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(await getEpic(e.id)).toEqual(e);
    expect(await snapshot()).toEqual(before);
  });
});

describe('DELETE /epics/{id}', () => {
  it('answers 204, unlinks its features, keeps it in the recycle bin and audits', async () => {
    const u1 = user(0);
    const initiative = await newInitiative({ progress_source: 'progress_from_epics' });
    await createEpic({ initiative: initiative.id, progress: 20 });
    const e = await createEpic({
      name: 'Doomed epic',
      tags: 'x,y',
      watchers: `${u1.id}`,
      custom_fields: { [CF.stage]: 'Final' },
      initiative: initiative.id,
      progress: 80,
    });
    expect((await getInitiative(initiative.id)).progress).toBe(50);
    const f1 = await createFeature({ epic: e.id });
    const f2 = await createFeature({ epic: e.reference_num }, w.otherTime);
    const binBefore = await count('deletions');

    const res = await t.request('DELETE', `/epics/${e.reference_num}`);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await t.get(`/epics/${e.id}`)).status).toBe(404);
    expect((await t.get(`/epics/${e.reference_num}/features`)).status).toBe(404);
    expect((await putEpic(e.id, { name: 'x' })).status).toBe(404);
    expect((await t.request('DELETE', `/epics/${e.id}`)).status).toBe(404);
    expect(idsOf(await list(`/releases/${w.time.id}/epics?per_page=200`))).not.toContain(e.id);

    // Its features stay, in their releases, without the epic; each unlink is audited.
    for (const [f, release] of [
      [f1, w.time],
      [f2, w.otherTime],
    ] as const) {
      const after = await getFeature(f.id);
      expect(after.epic).toBeNull();
      expect(after.release.id).toBe(release.id);
      expect(await lastChanges('Feature', f.id)).toEqual({ epic_id: [Number(e.id), null] });
    }
    // The initiative now reads only the epic that is left.
    expect((await getInitiative(initiative.id)).progress).toBe(20);

    const db = t.service.store.db;
    expect(await count('deletions')).toBe(binBefore + 1);
    const bin = await db
      .selectFrom('deletions')
      .selectAll()
      .where('record_type', '=', 'Epic')
      .where('record_id', '=', Number(e.id))
      .executeTakeFirstOrThrow();
    expect(bin.name).toBe('Doomed epic');
    const payload = JSON.parse(bin.payload) as Record<string, Record<string, unknown>[]>;
    expect(payload.epics?.map((r) => r.id)).toEqual([Number(e.id)]);
    expect(payload.epics?.[0]?.reference_num).toBe(e.reference_num);
    expect(payload.epic_tags?.map((r) => r.tag).sort()).toEqual(['x', 'y']);
    expect(payload.epic_watchers?.map((r) => r.user_id)).toEqual([Number(u1.id)]);
    expect(payload.custom_field_values?.map((r) => r.value)).toEqual(['Final']);
    // The features stay: their link is kept apart from the removed rows, for a restore to put back.
    expect((JSON.parse(bin.links) as Record<string, unknown[]>).features).toEqual([
      { id: Number(f1.id), epic_id: Number(e.id) },
      { id: Number(f2.id), epic_id: Number(e.id) },
    ]);
    expect(await db.selectFrom('epic_tags').select('tag').where('epic_id', '=', Number(e.id)).execute()).toEqual([]);
    expect(await db.selectFrom('epic_watchers').select('user_id').where('epic_id', '=', Number(e.id)).execute()).toEqual([]);
    expect(
      await db
        .selectFrom('custom_field_values')
        .select('value')
        .where('record_type', '=', 'Epic')
        .where('record_id', '=', Number(e.id))
        .execute(),
    ).toEqual([]);
    const rows = await auditsOf('Epic', e.id);
    expect(rows.at(-1)?.audit_action).toBe('destroy');
    // The custom field filter no longer finds it.
    expect(idsOf(await list(`/epics?custom_fields[${CF.stage}]=Final&per_page=200`))).not.toContain(e.id);
  });

  it('needs a token', async () => {
    const e = await createEpic();
    expect((await t.request('DELETE', `/epics/${e.id}`, undefined, { token: null })).status).toBe(401);
    expect((await getEpic(e.id)).id).toBe(e.id);
  });
});

describe('GET /releases/{release_id}/epics (operation 6)', () => {
  it('returns compact items in position order, by release id or key', async () => {
    const release = await newRelease({});
    const a = await createEpic({}, release);
    const b = await createEpic({}, release);
    const byKey = await list(`/releases/${release.reference_num}/epics`);
    const byId = await list(`/releases/${release.id}/epics`);
    expect(byKey).toEqual(byId);
    expect(idsOf(byKey)).toEqual([a.id, b.id]);
    for (const item of byKey.epics) {
      expect(Object.keys(item).sort()).toEqual(['created_at', 'id', 'name', 'product_id', 'reference_num', 'resource', 'url']);
    }
    expect(byKey.pagination).toEqual({ total_records: 2, total_pages: 1, current_page: 1 });
    const seeded = await list(`/releases/${w.time.id}/epics?per_page=200&fields=position,release`);
    expect(seeded.epics.every((e) => e.release?.id === w.time.id)).toBe(true);
    const positions = seeded.epics.map((e) => e.position ?? 0);
    expect(positions).toEqual([...positions].sort((x, y) => x - y));
    for (const key of ['PLN-R-999', '999999']) expect((await t.get(`/releases/${key}/epics`)).status).toBe(404);
  });

  it('pages with page and per_page, and 400s on bad values', async () => {
    const release = await newRelease({});
    const made: Epic[] = [];
    for (let i = 0; i < 5; i++) made.push(await createEpic({}, release));
    const p2 = await list(`/releases/${release.id}/epics?per_page=2&page=2`);
    expect(idsOf(p2)).toEqual(made.slice(2, 4).map((e) => e.id));
    expect(p2.pagination).toEqual({ total_records: 5, total_pages: 3, current_page: 2 });
    expect(idsOf(await list(`/releases/${release.id}/epics?per_page=2&page=3`))).toEqual([made[4]?.id]);
    const beyond = await list(`/releases/${release.id}/epics?per_page=2&page=100`);
    expect([beyond.epics, beyond.pagination.total_records]).toEqual([[], 5]);
    for (const bad of ['per_page=201', 'per_page=0', 'per_page=abc', 'page=0', 'page=-1', 'page=1.5', 'updated_since=yesterday']) {
      const res = await t.get(`/releases/${release.id}/epics?${bad}`);
      expect(res.status, bad).toBe(400);
      const name = bad.split('=')[0] ?? '';
      expect(Object.keys(errorBodySchema.parse(res.body).errors ?? {}), bad).toContain(name);
    }
  });

  it('filters by name with q', async () => {
    const target = await createEpic({ name: 'Quokka epic 100% "quoted"' });
    const path = `/releases/${w.time.id}/epics`;
    expect(idsOf(await list(`${path}?q=okka`))).toEqual([target.id]);
    expect(idsOf(await list(`${path}?q=QUOKKA`))).toEqual([target.id]);
    expect(idsOf(await list(`${path}?q=${encodeURIComponent('0%')}`))).toEqual([target.id]);
    expect(idsOf(await list(`${path}?q=${encodeURIComponent('"quoted"')}`))).toEqual([target.id]);
    expect((await list(`${path}?q=${encodeURIComponent('_')}`)).epics).toEqual([]);
    expect((await list(`/releases/${w.otherTime.id}/epics?q=okka`)).epics).toEqual([]);
    for (const odd of ['%', '\\', "'; DROP TABLE epics; --"])
      expect((await t.get(`${path}?q=${encodeURIComponent(odd)}`)).status, odd).toBe(200);
  });

  it('filters by updated_since (strictly after)', async () => {
    const old = await createEpic();
    const mark = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 5));
    const fresh = await createEpic();
    const path = `/releases/${w.time.id}/epics?per_page=200&updated_since=${encodeURIComponent(mark)}`;
    expect(idsOf(await list(path))).toEqual([fresh.id]);
    // An update brings an older epic into the window.
    await new Promise((r) => setTimeout(r, 5));
    const mark2 = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 5));
    await updateEpic(old.id, { name: unique('Touched') });
    expect(idsOf(await list(`/releases/${w.time.id}/epics?updated_since=${encodeURIComponent(mark2)}`))).toEqual([old.id]);
    expect((await list(`/releases/${w.time.id}/epics?updated_since=2999-01-01T00:00:00Z`)).pagination.total_records).toBe(0);
  });

  it('filters by tag in any case', async () => {
    const e = await createEpic({ tags: 'zebra-epic, other' });
    await createEpic({ tags: 'other' });
    expect(idsOf(await list(`/releases/${w.time.id}/epics?tag=zebra-epic`))).toEqual([e.id]);
    expect(idsOf(await list(`/releases/${w.time.id}/epics?tag=ZEBRA-EPIC`))).toEqual([e.id]);
    expect((await list(`/releases/${w.time.id}/epics?tag=no-such-tag`)).epics).toEqual([]);
  });

  it('filters by assignee id or email; an unknown one is an empty page', async () => {
    const release = await newRelease({});
    const u = user(2);
    const mine = await createEpic({ assigned_to_user: u.email }, release);
    await createEpic({ assigned_to_user: user(1).email }, release);
    await createEpic({}, release);
    const path = `/releases/${release.id}/epics?fields=assigned_to_user`;
    const byEmail = await list(`${path}&assigned_to_user=${encodeURIComponent(u.email.toUpperCase())}`);
    const byId = await list(`${path}&assigned_to_user=${u.id}`);
    expect(byId).toEqual(byEmail);
    expect(idsOf(byId)).toEqual([mine.id]);
    expect((await list(`${path}&assigned_to_user=ghost@example.com`)).epics).toEqual([]);
    expect((await list(`${path}&assigned_to_user=987654`)).epics).toEqual([]);
  });

  it('filters by workflow status id or name (any case); unknown or foreign statuses match nothing', async () => {
    const release = await newRelease({});
    const shipped = await createEpic({ workflow_status: { name: 'Shipped' } }, release);
    await createEpic({}, release);
    const path = `/releases/${release.id}/epics?fields=workflow_status`;
    const byName = await list(`${path}&workflow_status=SHIPPED`);
    const byId = await list(`${path}&workflow_status=${shipped.workflow_status.id}`);
    expect(byName).toEqual(byId);
    expect(idsOf(byId)).toEqual([shipped.id]);
    expect((await list(`${path}&workflow_status=No%20such%20status`)).epics).toEqual([]);
    // "In development" is a Feature status only.
    expect((await list(`${path}&workflow_status=In%20development`)).epics).toEqual([]);
    const feature = await createFeature({ workflow_status: { name: 'In development' } });
    expect((await list(`/epics?workflow_status=${feature.workflow_status.id}`)).epics).toEqual([]);
  });

  it('filters by custom_fields[<key>]=<value>: every pair must match, values read as the field reads them', async () => {
    const release = await newRelease({});
    const both = await createEpic({ custom_fields: { [CF.stage]: 'Final', [CF.score]: 5 } }, release);
    const stageOnly = await createEpic({ custom_fields: { [CF.stage]: 'Final', [CF.score]: 3 } }, release);
    const draft = await createEpic({ custom_fields: { [CF.stage]: 'Draft', [CF.score]: 5 } }, release);
    await createEpic({}, release);
    const path = `/releases/${release.reference_num}/epics`;
    expect(idsOf(await list(`${path}?custom_fields[${CF.stage}]=final`))).toEqual([both.id, stageOnly.id]);
    expect(idsOf(await list(`${path}?custom_fields[${CF.score}]=5.0`))).toEqual([both.id, draft.id]);
    expect(idsOf(await list(`${path}?custom_fields[${CF.stage}]=Final&custom_fields[${CF.score}]=5`))).toEqual([both.id]);
    expect((await list(`${path}?custom_fields[${CF.stage}]=Draft&custom_fields[${CF.score}]=3`)).epics).toEqual([]);
    // With the other filters.
    expect(idsOf(await list(`${path}?custom_fields[${CF.stage}]=Final&q=${encodeURIComponent(stageOnly.name)}`))).toEqual([stageOnly.id]);
    // An unknown key, a key of another product or a value the field cannot hold: an empty page, as
    // for an unknown assignee or status (the initiative lists answer the same way).
    expect((await list(`${path}?custom_fields[no_such]=x`)).epics).toEqual([]);
    expect((await list(`${path}?custom_fields[${CF.stage}]=Final&custom_fields[no_such]=x`)).epics).toEqual([]);
    expect((await list(`${path}?custom_fields[${CF.stage}]=Maybe`)).epics).toEqual([]);
    expect((await list(`${path}?custom_fields[${CF.score}]=many`)).epics).toEqual([]);
    // The same key twice: both values must match, which one value cannot.
    expect((await list(`${path}?custom_fields[${CF.stage}]=Final&custom_fields[${CF.stage}]=Draft`)).epics).toEqual([]);
    // Brackets percent-encoded, as query-string libraries write them.
    expect(idsOf(await list(`${path}?custom_fields%5B${CF.stage}%5D=Draft`))).toEqual([draft.id]);
    // Not a hash, not one key, or too many pairs: a 400 naming custom_fields, never a silently
    // unfiltered list.
    for (const bad of [
      'custom_fields=x',
      'custom_fields[]=x',
      `custom_fields[${CF.stage}][x]=Final`,
      `custom_fields[${'k'.repeat(101)}]=x`,
      Array.from({ length: 21 }, (_, i) => `custom_fields[k${i}]=v`).join('&'),
    ]) {
      const res = await t.get(`${path}?${bad}`);
      expect(res.status, bad).toBe(400);
      expect(Object.keys(errorBodySchema.parse(res.body).errors ?? {})).toEqual(['custom_fields']);
    }
  });

  it('supports fields: *, watchers, reference_num and a list', async () => {
    const release = await newRelease({});
    await createEpic({ watchers: `${user(1).id}` }, release);
    await createEpic({}, release);
    const path = `/releases/${release.id}/epics`;
    const star = await list(`${path}?fields=*`);
    for (const e of star.epics) epicSchema.parse(e);
    const watchers = await list(`${path}?fields=watchers`);
    for (const e of watchers.epics) expect(Object.keys(e).sort()).toEqual(['id', 'watchers']);
    expect(watchers.epics.map((e) => e.watchers?.length)).toEqual([1, 0]);
    const refs = await list(`${path}?fields=reference_num`);
    for (const e of refs.epics) expect(Object.keys(e).sort()).toEqual(['id', 'reference_num']);
    const some = await list(`${path}?fields=name,workflow_status,custom_fields,bogus`);
    for (const e of some.epics) expect(Object.keys(e).sort()).toEqual(['custom_fields', 'id', 'name', 'workflow_status']);
  });

  it('combines filters', async () => {
    const u = user(1);
    const e = await createEpic({
      name: unique('Combined target'),
      tags: 'combo-epic',
      assigned_to_user: u.email,
      workflow_status: { name: 'In progress' },
    });
    await createEpic({ name: unique('Combined other'), tags: 'combo-epic', assigned_to_user: u.email });
    const page = await list(
      `/releases/${w.time.reference_num}/epics?q=combined%20tar&tag=combo-epic&assigned_to_user=${u.id}&workflow_status=in%20progress`,
    );
    expect(idsOf(page)).toEqual([e.id]);
  });
});

describe('GET /epics (operation 7) and the product and initiative lists', () => {
  it('lists the whole account, newest first, paged', async () => {
    const pln = await createEpic();
    const mob = await createEpic({}, w.mob);
    const page = await list('/epics?per_page=200');
    expect(page.pagination.total_records).toBe(await count('epics'));
    expect(new Set(page.epics.map((e) => e.product_id))).toEqual(new Set([w.plnId, w.mobId]));
    const ids = page.epics.map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(idsOf(page).slice(0, 2)).toEqual([mob.id, pln.id]);
    const p2 = await list('/epics?per_page=2&page=2');
    expect(idsOf(p2)).toEqual(idsOf(page).slice(2, 4));
    expect((await t.get('/epics?per_page=500')).status).toBe(400);
    expect((await t.get('/epics?page=abc')).status).toBe(400);
  });

  it('filters the account by custom_fields across products, each read by its own definition', async () => {
    // PLN's stage is a select (any case matches its option), MOB's a string (exact text).
    const pln = await createEpic({ custom_fields: { [CF.stage]: 'final' } });
    const mob = await createEpic({ custom_fields: { [CF.stage]: 'Final' } }, w.mob);
    const mobOther = await createEpic({ custom_fields: { [CF.stage]: 'Final cut' } }, w.mob);
    const found = idsOf(await list(`/epics?custom_fields[${CF.stage}]=Final&per_page=200`));
    expect(found).toContain(pln.id);
    expect(found).toContain(mob.id);
    expect(found).not.toContain(mobOther.id);
    // A value only a string field can hold finds only the MOB epic.
    expect(idsOf(await list(`/epics?custom_fields[${CF.stage}]=Final%20cut&per_page=200`))).toEqual([mobOther.id]);
    // The seed's `risk` exists in both products.
    const risky = await list('/epics?custom_fields[risk]=HIGH&per_page=200&fields=product_id,custom_fields');
    expect(new Set(risky.epics.map((e) => e.product_id))).toEqual(new Set([w.plnId, w.mobId]));
    for (const e of risky.epics) expect(e.custom_fields?.find((c) => c.key === 'risk')?.value).toBe('High');
    expect((await list('/epics?custom_fields[no_such]=x')).epics).toEqual([]);
    expect((await t.get('/epics?custom_fields=x')).status).toBe(400);
  });

  it('honours fields on the account list', async () => {
    const star = await list('/epics?fields=*&per_page=5');
    expect(star.epics.length).toBe(5);
    for (const e of star.epics) epicSchema.parse(e);
    const refs = await list('/epics?fields=reference_num,name');
    for (const e of refs.epics) expect(Object.keys(e).sort()).toEqual(['id', 'name', 'reference_num']);
  });

  it('lists a product by id or prefix, only its epics', async () => {
    const mine = await createEpic({}, w.mob);
    const byId = await list(`/products/${w.mobId}/epics?per_page=200`);
    const byKey = await list('/products/mob/epics?per_page=200');
    expect(byKey).toEqual(byId);
    expect(byId.epics.every((e) => e.product_id === w.mobId)).toBe(true);
    expect(idsOf(byId)[0]).toBe(mine.id);
    expect(byId.pagination.total_records).toBe(
      Number(
        (
          await t.service.store.db
            .selectFrom('epics')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('product_id', '=', Number(w.mobId))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    );
    expect(idsOf(await list(`/products/PLN/epics?per_page=200`))).not.toContain(mine.id);
    expect(
      (await list(`/products/MOB/epics?custom_fields[${CF.stage}]=Final&per_page=200&fields=product_id`)).epics.every(
        (e) => e.product_id === w.mobId,
      ),
    ).toBe(true);
    expect((await t.get('/products/NOPE/epics')).status).toBe(404);
  });

  it('lists the epics that name an initiative', async () => {
    const i = await newInitiative();
    const a = await createEpic({ initiative: i.id });
    const b = await createEpic({ initiative: i.name }, w.otherTime);
    await createEpic();
    const page = await list(`/initiatives/${i.id}/epics?fields=initiative`);
    expect(idsOf(page).sort()).toEqual([a.id, b.id].sort());
    expect(page.epics.every((e) => e.initiative?.id === i.id)).toBe(true);
    expect(idsOf(await list(`/initiatives/${i.id}/epics?q=${encodeURIComponent(b.name)}`))).toEqual([b.id]);
    expect((await getInitiative(i.id)).epics_count).toBe(2);
    await updateEpic(a.id, { initiative: null });
    expect(idsOf(await list(`/initiatives/${i.id}/epics`))).toEqual([b.id]);
    expect((await t.get('/initiatives/999999/epics')).status).toBe(404);
  });
});

describe('GET /epics/{id}/features', () => {
  it('lists the features of the epic with the feature list filters', async () => {
    const e = await createEpic();
    const other = await createEpic();
    const a = await createFeature({
      epic: e.name,
      tags: 'alpha-tag',
      workflow_status: { name: 'In development' },
    });
    const b = await createFeature({ epic: e.id, name: unique('Beta feature') }, w.otherTime);
    await createFeature({ epic: other.id, tags: 'alpha-tag' });
    await createFeature({ tags: 'alpha-tag' });
    const page = featurePage.parse((await t.get(`/epics/${e.reference_num}/features?fields=epic`)).body);
    expect(page.features.map((f) => f.id)).toEqual([b.id, a.id]);
    expect(page.features.every((f) => f.epic?.id === e.id)).toBe(true);
    const get = async (query: string) => {
      const res = await t.get(`/epics/${e.id}/features?${query}`);
      expect(res.status, res.text).toBe(200);
      return featurePage.parse(res.body).features.map((f) => f.id);
    };
    expect(await get('tag=ALPHA-TAG')).toEqual([a.id]);
    expect(await get(`q=${encodeURIComponent('beta feat')}`)).toEqual([b.id]);
    expect(await get('workflow_status=in%20development')).toEqual([a.id]);
    expect(await get('per_page=1&page=2')).toEqual([a.id]);
    expect(await get(`updated_since=${encodeURIComponent('2999-01-01T00:00:00Z')}`)).toEqual([]);
    const compact = featurePage.parse((await t.get(`/epics/${e.id}/features`)).body);
    for (const f of compact.features)
      expect(Object.keys(f).sort()).toEqual(['created_at', 'id', 'name', 'product_id', 'reference_num', 'resource', 'url']);
    expect((await t.get(`/epics/${e.id}/features?per_page=0`)).status).toBe(400);
    expect((await getEpic(e.id)).features_count).toBe(2);
  });
});

describe('features link to epics and initiatives', () => {
  it('takes the epic and initiative by name (any case), key or id, on create and update', async () => {
    const e1 = await createEpic({ name: unique('Linkable epic') });
    const e2 = await createEpic();
    const i = must(w.plnInitiatives[0], 'initiative');
    for (const [epicRef, initiativeRef] of [
      [e1.name.toLowerCase(), i.name.toUpperCase()],
      [e1.reference_num.toLowerCase(), i.reference_num],
      [e1.id, i.id],
      [Number(e1.id), Number(i.id)],
    ] as const) {
      const f = await createFeature({ epic: epicRef, initiative: initiativeRef });
      expect(f.epic, String(epicRef)).toMatchObject({
        id: e1.id,
        name: e1.name,
        reference_num: e1.reference_num,
      });
      expect(f.epic_reference_num).toBe(e1.reference_num);
      expect(f.master_feature).toEqual(f.epic);
      expect(f.initiative?.id, String(initiativeRef)).toBe(i.id);
    }
    const f = await createFeature({ epic: e1.id });
    expect((await updateFeature(f.id, { epic: e2.name })).epic?.id).toBe(e2.id);
    expect((await lastChanges('Feature', f.id)).epic_id).toEqual([Number(e1.id), Number(e2.id)]);
    expect((await updateFeature(f.id, { epic: null })).epic).toBeNull();
  });

  it('finds names with a capital non-ASCII letter by their exact spelling', async () => {
    // SQLite's lower() folds only A–Z, so both sides of a name comparison must go through it.
    const e = await createEpic({ name: unique('Édition épique') });
    const i = await newInitiative({ name: unique('Été growth') });
    const f = await createFeature({ epic: e.name, initiative: i.name });
    expect(f.epic?.id).toBe(e.id);
    expect(f.initiative?.id).toBe(i.id);
  });

  it('refuses an unknown epic, an epic of another product and an unknown initiative on the field', async () => {
    const mobEpic = await createEpic({}, w.mob);
    const f = await createFeature();
    const before = await snapshot();
    for (const [body, field] of [
      [{ epic: 'No such epic' }, 'epic'],
      [{ epic: mobEpic.id }, 'epic'],
      [{ epic: mobEpic.reference_num }, 'epic'],
      [{ epic: 987654 }, 'epic'],
      [{ initiative: 'No such initiative' }, 'initiative'],
      [{ initiative: w.mobInitiative.id }, 'initiative'],
    ] as const) {
      expect422(
        await t.request('POST', `/releases/${w.time.reference_num}/features`, {
          feature: { name: 'x', ...body },
        }),
        field,
      );
      expect422(await t.request('PUT', `/features/${f.id}`, { feature: body }), field);
    }
    expect(await snapshot()).toEqual(before);
    expect(await getFeature(f.id)).toEqual(f);
  });
});

describe('roll-ups', () => {
  const setStatus = (featureId: string, name: string) => updateFeature(featureId, { workflow_status: { name } });

  it('progress_from_features: mean of feature progress, complete = 100, following moves, status and deletes', async () => {
    const e = await createEpic({ progress_source: 'progress_from_features' });
    expect(e.progress).toBeNull();
    const f1 = await createFeature({ epic: e.id, progress: 20 });
    const f2 = await createFeature({ epic: e.id, progress: 60 });
    expect((await getEpic(e.id)).progress).toBe(40);
    await setStatus(f2.id, 'Shipped');
    expect((await getEpic(e.id)).progress).toBe(60);
    // A feature without progress counts as 0.
    const f3 = await createFeature({ epic: e.id });
    expect((await getEpic(e.id)).progress).toBe(40);
    // Moving out recomputes the epic left and the epic joined.
    const other = await createEpic({ progress_source: 'progress_from_features_with_dependents' });
    await updateFeature(f3.id, { epic: other.id, progress: 10 });
    expect((await getEpic(e.id)).progress).toBe(60);
    expect((await getEpic(other.id)).progress).toBe(10);
    await updateFeature(f1.id, { progress: 40 });
    expect((await getEpic(e.id)).progress).toBe(70);
    expect((await t.request('DELETE', `/features/${f1.id}`)).status).toBe(204);
    expect((await getEpic(e.id)).progress).toBe(100);
    expect((await t.request('DELETE', `/features/${f2.id}`)).status).toBe(204);
    expect((await getEpic(e.id)).progress).toBeNull();
    // Derived values are not audited: only the create row.
    expect((await auditsOf('Epic', e.id)).map((r) => r.audit_action)).toEqual(['create']);
  });

  it('progress_from_features_completed: share of features in a complete status', async () => {
    const e = await createEpic({ progress_source: 'progress_from_features_completed' });
    const f1 = await createFeature({ epic: e.reference_num, progress: 90 });
    const f2 = await createFeature({ epic: e.reference_num });
    expect((await getEpic(e.id)).progress).toBe(0);
    await setStatus(f1.id, 'Shipped');
    const half = await getEpic(e.id);
    expect([half.progress, half.features_count, half.features_completed_count]).toEqual([50, 2, 1]);
    await setStatus(f2.id, 'Will not implement');
    expect((await getEpic(e.id)).progress).toBe(100);
    await setStatus(f1.id, 'In review');
    expect((await getEpic(e.id)).progress).toBe(50);
    await updateFeature(f2.id, { epic: null });
    expect((await getEpic(e.id)).progress).toBe(0);
    // Switching the epic to manual keeps the last value and then leaves it alone.
    const manual = await updateEpic(e.id, { progress_source: 'progress_manual' });
    expect(manual.progress).toBe(0);
    await setStatus(f1.id, 'Shipped');
    expect((await getEpic(e.id)).progress).toBe(0);
  });

  it('progress_from_remaining_estimate: over its estimated features, else its own estimates', async () => {
    const own = await createEpic({
      progress_source: 'progress_from_remaining_estimate',
      initial_estimate_text: '1d',
      remaining_estimate_text: '6h',
    });
    expect(own.progress).toBe(25);
    expect((await updateEpic(own.id, { remaining_estimate_text: '2h' })).progress).toBe(75);
    const e = await createEpic({
      progress_source: 'progress_from_remaining_estimate',
      initial_estimate_text: '1d',
      remaining_estimate_text: '8h',
    });
    expect(e.progress).toBe(0);
    // 1d with 2h left and 4h with 4h left: 12h in all, 6h left.
    const f1 = await createFeature({
      epic: e.id,
      initial_estimate_text: '1d',
      remaining_estimate_text: '2h',
    });
    await createFeature({ epic: e.id, detailed_estimate_text: '4h', remaining_estimate_text: '4h' });
    expect((await getEpic(e.id)).progress).toBe(50);
    await updateFeature(f1.id, { remaining_estimate_text: '0min' });
    expect((await getEpic(e.id)).progress).toBe(67);
  });

  it("progress_from_remaining_estimate counts only features estimated in the units of the epic's release", async () => {
    // Minutes and points cannot be added: 8 untouched points beside a finished day read as 98 % when
    // they were summed (the bug this guards against).
    const e = await createEpic({ progress_source: 'progress_from_remaining_estimate' });
    await createFeature({ epic: e.id, initial_estimate_text: '1d', remaining_estimate_text: '0min' });
    const pointed = await createFeature({ epic: e.id, initial_estimate_text: '8p', remaining_estimate_text: '8p' }, w.points);
    expect((await getEpic(e.id)).progress).toBe(100);
    // An epic in the story-point release reads the points and leaves the day out.
    const p = await createEpic({ progress_source: 'progress_from_remaining_estimate' }, w.points);
    await updateFeature(pointed.id, { epic: p.id, remaining_estimate_text: '2p' });
    await createFeature({ epic: p.id, initial_estimate_text: '1d', remaining_estimate_text: '1d' });
    expect((await getEpic(p.id)).progress).toBe(75);
    expect((await getEpic(e.id)).progress).toBe(100);
  });

  it('a derived change gives the epic a new updated_at, so updated_since syncs see it', async () => {
    const e = await createEpic({ progress_source: 'progress_from_features' });
    const f = await createFeature({ epic: e.id, progress: 10 });
    await new Promise((r) => setTimeout(r, 5));
    const mark = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 5));
    await updateFeature(f.id, { progress: 20 });
    const read = await getEpic(e.id);
    expect(read.progress).toBe(20);
    expect(read.updated_at > mark).toBe(true);
    expect(idsOf(await list(`/releases/${w.time.id}/epics?updated_since=${encodeURIComponent(mark)}`))).toEqual([e.id]);
  });

  it("duration_from_features: the span of its features' dates, following changes and moves", async () => {
    const e = await createEpic({
      duration_source: 'duration_from_features',
      start_date: '2030-01-01',
      due_date: '2030-01-02',
    });
    // No dated feature yet: the epic keeps its dates.
    expect([e.start_date, e.due_date]).toEqual(['2030-01-01', '2030-01-02']);
    const f1 = await createFeature({ epic: e.id, start_date: '2031-01-10', due_date: '2031-01-20' });
    const f2 = await createFeature({ epic: e.id, start_date: '2031-02-01', due_date: '2031-03-01' }, w.otherTime);
    let read = await getEpic(e.id);
    expect([read.start_date, read.due_date]).toEqual(['2031-01-10', '2031-03-01']);
    await updateFeature(f2.id, { due_date: '2031-04-01' });
    read = await getEpic(e.id);
    expect([read.start_date, read.due_date]).toEqual(['2031-01-10', '2031-04-01']);
    await updateFeature(f2.id, { epic: null });
    read = await getEpic(e.id);
    expect([read.start_date, read.due_date]).toEqual(['2031-01-10', '2031-01-20']);
    // A feature with only a due date counts as a day.
    await createFeature({ epic: e.id, due_date: '2031-05-05' });
    read = await getEpic(e.id);
    expect([read.start_date, read.due_date]).toEqual(['2031-01-10', '2031-05-05']);
    expect((await t.request('DELETE', `/features/${f1.id}`)).status).toBe(204);
    read = await getEpic(e.id);
    expect([read.start_date, read.due_date]).toEqual(['2031-05-05', '2031-05-05']);
  });

  it("duration_from_releases: the release's start and release dates, following the release and moves", async () => {
    const release = await newRelease({ start_date: '2033-01-01', release_date: '2033-06-30' });
    const other = await newRelease({ start_date: '2034-01-01', release_date: '2034-03-31' });
    const e = await createEpic({ duration_source: 'duration_from_releases' }, release);
    expect([e.start_date, e.due_date]).toEqual(['2033-01-01', '2033-06-30']);
    const moved = await t.request('PUT', `/releases/${release.id}`, {
      release: { release_date: '2033-07-31' },
    });
    expect(moved.status, moved.text).toBe(200);
    expect((await getEpic(e.id)).due_date).toBe('2033-07-31');
    const elsewhere = await updateEpic(e.id, { release: other.reference_num });
    expect([elsewhere.start_date, elsewhere.due_date]).toEqual(['2034-01-01', '2034-03-31']);
    // A manual epic in the same release is not touched by the release.
    const manual = await createEpic({ start_date: '2020-01-01' }, other);
    await t.request('PUT', `/releases/${other.id}`, { release: { start_date: '2033-12-01' } });
    expect((await getEpic(manual.id)).start_date).toBe('2020-01-01');
    expect((await getEpic(e.id)).start_date).toBe('2033-12-01');
  });

  it('a feature whose progress follows its requirements moves its epic and initiative', async () => {
    const i = await newInitiative({ progress_source: 'progress_from_features' });
    const e = await createEpic({ progress_source: 'progress_from_features' });
    const f = await createFeature({
      epic: e.id,
      initiative: i.id,
      progress_source: 'progress_from_requirements',
    });
    const made = await t.request('POST', `/features/${f.id}/requirements`, {
      requirement: { name: 'Sign in with SAML' },
    });
    expect(made.status).toBe(200);
    const requirementId = (made.body as { requirement: { id: string } }).requirement.id;
    expect((await getEpic(e.id)).progress).toBe(0);
    expect((await getInitiative(i.id)).progress).toBe(0);
    const done = await t.request('PUT', `/requirements/${requirementId}`, {
      requirement: { workflow_status: { name: 'Done' } },
    });
    expect(done.status).toBe(200);
    expect((await getFeature(f.id)).progress).toBe(100);
    expect((await getEpic(e.id)).progress).toBe(100);
    expect((await getInitiative(i.id)).progress).toBe(100);
  });

  it('the initiative above the epic follows it (progress_from_epics)', async () => {
    const i = await newInitiative({
      progress_source: 'progress_from_epics',
      duration_source: 'duration_from_features_epics',
    });
    const e = await createEpic({
      initiative: i.id,
      progress_source: 'progress_from_features',
      duration_source: 'duration_from_features',
    });
    const f = await createFeature({
      epic: e.id,
      progress: 30,
      start_date: '2035-01-01',
      due_date: '2035-02-01',
    });
    expect(await getInitiative(i.id)).toMatchObject({
      progress: 30,
      start_date: '2035-01-01',
      end_date: '2035-02-01',
    });
    // A feature change moves the epic, and through it the initiative.
    await updateFeature(f.id, { progress: 50, due_date: '2035-03-01' });
    expect(await getInitiative(i.id)).toMatchObject({ progress: 50, end_date: '2035-03-01' });
    // A second epic, manual, joins the mean; a complete one counts 100.
    const m = await createEpic({ initiative: i.reference_num, progress: 10 });
    expect((await getInitiative(i.id)).progress).toBe(30);
    await updateEpic(m.id, { workflow_status: { name: 'Shipped' } });
    expect((await getInitiative(i.id)).progress).toBe(75);
    // Leaving the initiative recomputes it.
    await updateEpic(m.id, { initiative: null });
    expect((await getInitiative(i.id)).progress).toBe(50);
    // Moving the epic to another initiative recomputes both.
    const j = await newInitiative({ progress_source: 'progress_from_epics_with_dependents' });
    await updateEpic(e.id, { initiative: j.id });
    expect((await getInitiative(j.id)).progress).toBe(50);
    expect((await getInitiative(i.id)).progress).toBeNull();
    expect((await t.request('DELETE', `/epics/${e.id}`)).status).toBe(204);
    expect((await getInitiative(j.id)).progress).toBeNull();
  });
});
