// Features over HTTP against the real service and the demo seed: operations 1 and 2, show, delete
// and the three lists; every write rule's 422 naming its field; ids and keys in paths; `fields`;
// list filters and paging; audit rows and the recycle bin; nothing half-written after a refusal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../src/contract/common';
import { featureEnvelope, featurePage, featureSchema } from '../src/contract/features';
import type { Feature } from '../src/contract/features';
import { parseEstimate } from '../src/domain/estimate';
import { todayIso } from '../src/domain/dates';
import { apiClient } from './test/client';
import type { ApiClient, ApiResponse } from './test/client';
import { startTestService } from './test/harness';
import type { TestResponse, TestService } from './test/harness';
import { lastAudit } from './test/records';

let t: TestService;
let api: ApiClient;
/** Every seeded feature as a full record, read through the API. */
let seeded: Feature[];

type Release = Feature['release'];
interface World {
  timeRelease: Release;
  otherTimeRelease: Release;
  pointsRelease: Release;
  foreignRelease: Release;
  users: NonNullable<Feature['assigned_to_user']>[];
}
let w: World;

const pick = <T>(items: T[], test: (item: T) => boolean, what: string): T => {
  const found = items.find(test);
  if (!found) throw new Error(`demo seed has no ${what}`);
  return found;
};

async function readAll(): Promise<Feature[]> {
  const res = await api.call('GET /features', { query: { per_page: 200, fields: '*' } });
  expect(res.status).toBe(200);
  return featurePage.parse(res.body).features.map((f) => featureSchema.parse(f));
}

beforeAll(async () => {
  t = await startTestService();
  api = apiClient(t);
  seeded = await readAll();
  const releases = [...new Map(seeded.map((f) => [f.release.id, f.release])).values()];
  // The product with the richest demo data: two teams, so team changes can be tried.
  const teamsOf = (p: string) => new Set(seeded.filter((f) => f.product_id === p && f.team).map((f) => f.team?.id)).size;
  const home = pick(seeded, (f) => teamsOf(f.product_id) >= 2, 'product with two teams').product_id;
  const ofHome = releases.filter((r) => r.product_id === home);
  const timeRelease = pick(ofHome, (r) => r.capacity_units === 'time' && !r.parking_lot, 'time release');
  const users = [
    ...new Map(
      seeded.flatMap((f) => [f.assigned_to_user, f.created_by_user, ...f.watchers]).flatMap((u) => (u ? [[u.id, u] as const] : [])),
    ).values(),
  ];
  w = {
    timeRelease,
    otherTimeRelease: pick(ofHome, (r) => r.capacity_units === 'time' && r.id !== timeRelease.id, 'second time release'),
    pointsRelease: pick(ofHome, (r) => r.capacity_units === 'story_points', 'story-point release'),
    foreignRelease: pick(releases, (r) => r.product_id !== home, 'release of another product'),
    users,
  };
  expect(users.length).toBeGreaterThanOrEqual(3);
});

afterAll(async () => {
  await t.close();
});

const post = (releaseKey: string, feature: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  api.send('POST /releases/{release_id}/features', { params: { release_id: releaseKey }, body: { feature, ...extra } });
const put = (key: string, feature: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  api.send('PUT /features/{id}', { params: { id: key }, body: { feature, ...extra } });

async function create(feature: Record<string, unknown>, release: Release = w.timeRelease): Promise<Feature> {
  const res = await post(release.reference_num, feature);
  expect(res.status, res.text).toBe(200);
  return featureEnvelope.parse(res.body).feature;
}

async function update(key: string, feature: Record<string, unknown>): Promise<Feature> {
  const res = await put(key, feature);
  expect(res.status, res.text).toBe(200);
  return featureEnvelope.parse(res.body).feature;
}

/** A 422 whose body has the one error shape and names each field given. */
function expect422(res: TestResponse, ...fields: string[]): Record<string, string[]> {
  expect(res.status, res.text).toBe(422);
  const body = errorBodySchema.parse(res.body);
  for (const f of fields) expect(Object.keys(body.errors ?? {}), res.text).toContain(f);
  expect(fields.some((f) => body.error.startsWith(`${f} `))).toBe(true);
  return body.errors ?? {};
}

const count = async (table: 'features' | 'audits' | 'feature_tags' | 'feature_watchers' | 'deletions' | 'requirements'): Promise<number> => {
  const row = await t.service.store.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

const firstFeatureWith = (test: (f: Feature) => boolean, what: string): Feature => pick(seeded, test, what);

describe('POST /releases/{release_id}/features (operation 1)', () => {
  it('creates a feature with every field and returns the full record', async () => {
    const phase = firstFeatureWith((f) => f.release.id === w.timeRelease.id && f.belongs_to_release_phase !== null, 'phased feature');
    const initiative = firstFeatureWith((f) => f.product_id === w.timeRelease.product_id && f.initiative !== null, 'initiative').initiative;
    const epic = firstFeatureWith((f) => f.product_id === w.timeRelease.product_id && f.epic !== null, 'epic').epic;
    const teamed = firstFeatureWith(
      (f) => f.product_id === w.timeRelease.product_id && f.iteration !== null && f.program_increment !== null,
      'feature with team, iteration and program increment',
    );
    const [u1, u2] = w.users;
    const res = await post(w.timeRelease.reference_num, {
      name: '  Offline editing  ',
      workflow_kind: 'Improvement',
      workflow_status: { name: 'in development' },
      description: '<p>Edit <b>offline</b>.</p>',
      created_by: u1?.email,
      assigned_to_user: u2?.email,
      tags: ' sync, offline ,sync,, Offline ',
      initial_estimate_text: '1d 2h',
      detailed_estimate: 90,
      remaining_estimate_text: '1h',
      start_date: '2026-03-01',
      due_date: '2026-03-20',
      release_phase: phase.belongs_to_release_phase?.name,
      initiative: initiative?.name,
      epic: epic?.reference_num,
      team: teamed.team?.id,
      team_workflow_status: { name: 'In review' },
      iteration: teamed.iteration?.id,
      program_increment: teamed.program_increment?.reference_num,
      watchers: `${u1?.id}, ${u2?.id}`,
      progress: 40,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const f = featureEnvelope.parse(res.body).feature;
    expect(f.name).toBe('Offline editing');
    expect(f.reference_num).toMatch(new RegExp(`^${w.timeRelease.reference_num.split('-')[0]}-\\d+$`));
    expect(f.release.id).toBe(w.timeRelease.id);
    expect(f.release_reference_num).toBe(w.timeRelease.reference_num);
    expect(f.workflow_kind?.name).toBe('Improvement');
    expect(f.workflow_status.name).toBe('In development');
    expect(f.description?.body).toBe('<p>Edit <b>offline</b>.</p>');
    expect(f.created_by_user?.email).toBe(u1?.email);
    expect(f.assigned_to_user?.email).toBe(u2?.email);
    expect(f.tags).toEqual(['sync', 'offline']);
    expect(f.work_units).toBe('time');
    expect([f.initial_estimate, f.initial_estimate_text]).toEqual([600, '1d 2h']);
    expect([f.detailed_estimate, f.detailed_estimate_text]).toEqual([90, '1h 30min']);
    expect([f.remaining_estimate, f.remaining_estimate_text]).toEqual([60, '1h']);
    expect([f.start_date, f.due_date]).toEqual(['2026-03-01', '2026-03-20']);
    expect(f.belongs_to_release_phase?.id).toBe(phase.belongs_to_release_phase?.id);
    expect(f.initiative?.id).toBe(initiative?.id);
    expect(f.epic?.id).toBe(epic?.id);
    expect(f.team?.id).toBe(teamed.team?.id);
    expect(f.team_workflow_status?.name).toBe('In review');
    expect(f.iteration?.id).toBe(teamed.iteration?.id);
    expect(f.program_increment?.id).toBe(teamed.program_increment?.id);
    expect(f.watchers.map((u) => u.id).sort()).toEqual([u1?.id, u2?.id].sort());
    expect([f.progress, f.progress_source]).toEqual([40, 'progress_manual']);
    expect(f.requirements).toEqual([]);
    expect(f.url).toBe(`${t.url}/features/${f.reference_num}`);
    expect(f.resource).toBe(`${t.url}/api/v1/features/${f.reference_num}`);
  });

  it('accepts the numeric release id, defaults the status to the first one and the creator to the caller', async () => {
    const res = await post(w.timeRelease.id, { name: 'Minimal feature' });
    expect(res.status).toBe(200);
    const f = featureEnvelope.parse(res.body).feature;
    const positions = seeded.filter((s) => s.product_id === f.product_id).map((s) => s.workflow_status.position);
    expect(f.workflow_status.position).toBe(Math.min(...positions));
    expect(f.created_by_user?.email).toBe(t.service.adminEmail);
    expect(f.progress_source).toBe('progress_manual');
    expect(f.status_changed_on).toBeNull();
  });

  it('allocates consecutive reference numbers and appends to the release', async () => {
    const a = await create({ name: 'First of two' });
    const b = await create({ name: 'Second of two' });
    const n = (ref: string) => Number(ref.split('-').pop());
    expect(n(b.reference_num)).toBe(n(a.reference_num) + 1);
    expect(b.position).toBeGreaterThan(a.position);
  });

  it('creates in the release named in the body', async () => {
    const f = await create({ name: 'Elsewhere', release: w.otherTimeRelease.reference_num });
    expect(f.release.id).toBe(w.otherTimeRelease.id);
  });

  it('stores story points in a story-point release', async () => {
    const f = await create({ name: 'Pointed', initial_estimate_text: '5p', detailed_estimate_text: '8', remaining_estimate: 2.5 }, w.pointsRelease);
    expect(f.work_units).toBe('story_points');
    expect([f.initial_estimate, f.initial_estimate_text]).toEqual([5, '5p']);
    expect([f.detailed_estimate, f.detailed_estimate_text]).toEqual([8, '8p']);
    expect([f.remaining_estimate, f.remaining_estimate_text]).toEqual([2.5, '2.5p']);
  });

  it('takes the text when both text and number are sent', async () => {
    const f = await create({ name: 'Text wins', initial_estimate_text: '2h', initial_estimate: 999 });
    expect(f.initial_estimate).toBe(120);
  });

  it('accepts progress_from_requirements_with_dependents on create', async () => {
    const f = await create({ name: 'With dependents', progress_source: 'progress_from_requirements_with_dependents' });
    expect(f.progress_source).toBe('progress_from_requirements_with_dependents');
    expect(f.progress).toBeNull();
  });

  it('returns only the fields asked for with top-level fields', async () => {
    const res = await post(w.timeRelease.reference_num, { name: 'Few fields' }, { fields: 'reference_num' });
    expect(res.status).toBe(200);
    const body = res.body as { feature: Record<string, unknown> };
    expect(Object.keys(body.feature).sort()).toEqual(['id', 'reference_num']);
    const all = await post(w.timeRelease.reference_num, { name: 'All fields' }, { fields: '*' });
    expect(featureEnvelope.safeParse(all.body).success).toBe(true);
  });
});

describe('write rules: each refusal is a 422 naming the field', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['name missing', {}, 'name'],
    ['name blank', { name: '   ' }, 'name'],
    ['name too long', { name: 'x'.repeat(256) }, 'name'],
    ['unknown status', { name: 'x', workflow_status: { name: 'Nope' } }, 'workflow_status'],
    ['requirement status for a feature', { name: 'x', workflow_status: { name: 'Done' } }, 'workflow_status'],
    ['unknown kind', { name: 'x', workflow_kind: 'Spaceship' }, 'workflow_kind'],
    ['unknown creator', { name: 'x', created_by: 'nobody@example.com' }, 'created_by'],
    ['unknown assignee', { name: 'x', assigned_to_user: 'nobody@example.com' }, 'assigned_to_user'],
    ['estimate text with a bad unit', { name: 'x', initial_estimate_text: '3x' }, 'initial_estimate_text'],
    ['points in a time release', { name: 'x', detailed_estimate_text: '5p' }, 'detailed_estimate_text'],
    ['unit given twice', { name: 'x', remaining_estimate_text: '1d 1d' }, 'remaining_estimate_text'],
    ['estimate text too long', { name: 'x', initial_estimate_text: '1h '.repeat(30) }, 'initial_estimate_text'],
    ['negative estimate', { name: 'x', initial_estimate: -5 }, 'initial_estimate'],
    ['not a real date', { name: 'x', start_date: '2026-02-30' }, 'start_date'],
    ['date in the wrong form', { name: 'x', due_date: '03/01/2026' }, 'due_date'],
    ['due before start', { name: 'x', start_date: '2026-03-10', due_date: '2026-03-01' }, 'due_date'],
    ['unknown phase', { name: 'x', release_phase: 'No such phase' }, 'release_phase'],
    ['unknown initiative', { name: 'x', initiative: 'No such initiative' }, 'initiative'],
    ['unknown epic', { name: 'x', epic: 'No such epic' }, 'epic'],
    ['unknown team', { name: 'x', team: 'NOPE' }, 'team'],
    ['team status without a team', { name: 'x', team_workflow_status: { name: 'Done' } }, 'team_workflow_status'],
    ['iteration without a team', { name: 'x', iteration: 1 }, 'iteration'],
    ['program increment without a team', { name: 'x', program_increment: 1 }, 'program_increment'],
    ['progress with a computed source', { name: 'x', progress_source: 'progress_from_requirements', progress: 50 }, 'progress'],
    ['progress over 100', { name: 'x', progress: 150 }, 'progress'],
    ['unknown progress source', { name: 'x', progress_source: 'progress_from_vibes' }, 'progress_source'],
    ['watchers as an array on create', { name: 'x', watchers: [1] }, 'watchers'],
    ['watchers not ids', { name: 'x', watchers: 'a,b' }, 'watchers'],
    ['unknown watcher', { name: 'x', watchers: '1,987654' }, 'watchers'],
    ['a tag longer than 255', { name: 'x', tags: `ok, ${'t'.repeat(256)}` }, 'tags'],
    ['name of the wrong type', { name: 42 }, 'name'],
    ['progress as a string', { name: 'x', progress: '50' }, 'progress'],
    ['status as a boolean', { name: 'x', workflow_status: true }, 'workflow_status'],
  ];
  for (const [what, body, field] of cases) {
    it(`${what} → 422 on ${field}`, async () => {
      expect422(await post(w.timeRelease.reference_num, body), field);
    });
  }

  it("names the parser's message for estimate text", async () => {
    const res = await post(w.timeRelease.reference_num, { name: 'x', initial_estimate_text: '3x' });
    const errors = expect422(res, 'initial_estimate_text');
    const parsed = parseEstimate('3x', 'time');
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(errors.initial_estimate_text).toEqual([parsed.error]);
    expect((res.body as { error: string }).error).toBe(`initial_estimate_text ${parsed.ok ? '' : parsed.error}`);
  });

  it('refuses time text in a story-point release', async () => {
    expect422(await post(w.pointsRelease.reference_num, { name: 'x', initial_estimate_text: '2h' }), 'initial_estimate_text');
  });

  it('refuses a release of another product in the body', async () => {
    expect422(await post(w.timeRelease.reference_num, { name: 'x', release: w.foreignRelease.id }), 'release');
    expect422(await post(w.timeRelease.reference_num, { name: 'x', release: 'PLN-R-9999' }), 'release');
  });

  it("refuses a phase, iteration or team status of someone else's", async () => {
    const foreignPhase = firstFeatureWith((f) => f.release.id !== w.timeRelease.id && f.belongs_to_release_phase !== null, 'phase elsewhere');
    expect422(await post(w.timeRelease.reference_num, { name: 'x', release_phase: foreignPhase.belongs_to_release_phase?.id }), 'release_phase');
    const teamed = seeded.filter((f) => f.iteration !== null && f.team !== null && f.product_id === w.timeRelease.product_id);
    const a = pick(teamed, () => true, 'teamed feature');
    const b = pick(teamed, (f) => f.team?.id !== a.team?.id, 'feature of a second team');
    expect422(await post(w.timeRelease.reference_num, { name: 'x', team: a.team?.id, iteration: b.iteration?.id }), 'iteration');
    expect422(
      await post(w.timeRelease.reference_num, { name: 'x', team: a.team?.id, program_increment: 'NOPE-PI-1' }),
      'program_increment',
    );
    expect422(await post(w.timeRelease.reference_num, { name: 'x', team: a.team?.id, team_workflow_status: { name: 'Nope' } }), 'team_workflow_status');
    const foreignTeam = firstFeatureWith((f) => f.team !== null && f.product_id !== w.timeRelease.product_id, 'team of another product');
    expect422(await post(w.timeRelease.reference_num, { name: 'x', team: foreignTeam.team?.id }), 'team');
  });

  it('reports every problem of a body together and writes nothing', async () => {
    const before = await Promise.all([count('features'), count('audits'), count('feature_tags'), count('feature_watchers')]);
    const productBefore = await t.service.store.db.selectFrom('products').select('next_feature_num').where('id', '=', Number(w.timeRelease.product_id)).executeTakeFirstOrThrow();
    const res = await post(w.timeRelease.reference_num, {
      name: 'Half good',
      tags: 'a,b',
      watchers: '1',
      workflow_status: { name: 'Nope' },
      initial_estimate_text: '3x',
      due_date: '2026-02-30',
      assigned_to_user: 'ghost@example.com',
    });
    const errors = expect422(res, 'workflow_status', 'initial_estimate_text', 'due_date', 'assigned_to_user');
    expect(Object.keys(errors)).toHaveLength(4);
    // A body that passes the format checks but fails the record checks also writes nothing.
    expect422(await post(w.timeRelease.reference_num, { name: 'Half good', tags: 'a', watchers: '1', epic: 'No such epic' }), 'epic');
    const after = await Promise.all([count('features'), count('audits'), count('feature_tags'), count('feature_watchers')]);
    expect(after).toEqual(before);
    const productAfter = await t.service.store.db.selectFrom('products').select('next_feature_num').where('id', '=', Number(w.timeRelease.product_id)).executeTakeFirstOrThrow();
    expect(productAfter).toEqual(productBefore);
  });

  it('answers 400 to malformed JSON, a non-JSON body and a body that is not an object', async () => {
    const send = (args: { body?: unknown; rawBody?: string; headers?: Record<string, string> }) =>
      api.send('POST /releases/{release_id}/features', { params: { release_id: w.timeRelease.reference_num }, ...args });
    const malformed = await send({ rawBody: '{"feature": {', headers: { 'Content-Type': 'application/json' } });
    expect(malformed.status).toBe(400);
    expect(errorBodySchema.parse(malformed.body).error).toMatch(/JSON/);
    const text = await send({ rawBody: 'name=x', headers: { 'Content-Type': 'text/plain' } });
    expect(text.status).toBe(400);
    const array = await send({ body: [1, 2] });
    expect(array.status).toBe(400);
    expect422(await send({ body: { feature: 'Dark mode' } }), 'feature');
    expect422(await send({ body: { feature: [] } }), 'feature');
    expect422(await send({ body: {} }), 'feature');
  });

  it('needs a token', async () => {
    const res = await api.send('POST /releases/{release_id}/features', { params: { release_id: w.timeRelease.reference_num }, body: { feature: { name: 'x' } }, token: null });
    expect(res.status).toBe(401);
  });
});

describe('GET /features/{id}', () => {
  it('finds a feature by numeric id and by key in any case', async () => {
    const f = seeded[0];
    if (!f) throw new Error('no features');
    for (const key of [f.id, f.reference_num, f.reference_num.toLowerCase()]) {
      const res = await api.call('GET /features/{id}', { params: { id: key } });
      expect(res.status).toBe(200);
      expect(featureEnvelope.parse(res.body).feature).toEqual(f);
    }
  });

  it('returns requirements, watchers and the phase of a seeded feature', async () => {
    const f = firstFeatureWith((s) => s.requirements.length > 0 && s.watchers.length > 0, 'feature with requirements and watchers');
    expect(f.requirements[0]?.reference_num).toMatch(new RegExp(`^${f.reference_num}-\\d+$`));
  });

  it('applies fields on show', async () => {
    const f = seeded[0];
    const res = await api.call('GET /features/{id}', { params: { id: String(f?.reference_num) }, query: { fields: 'name,progress' } });
    expect(Object.keys((res.body as { feature: object }).feature).sort()).toEqual(['id', 'name', 'progress']);
  });

  it('answers 404 for unknown ids and keys', async () => {
    for (const key of ['999999', 'PLN-99999', 'NOPE-1', '0', '99999999999999999999', 'not a key']) {
      const res = await api.call('GET /features/{id}', { params: { id: key } });
      expect(res.status, key).toBe(404);
      expect(errorBodySchema.safeParse(res.body).success).toBe(true);
    }
    expect((await put('999999', { name: 'x' })).status).toBe(404);
    expect((await api.send('DELETE /features/{id}', { params: { id: 'PLN-99999' } })).status).toBe(404);
    expect((await post('PLN-R-999', { name: 'x' })).status).toBe(404);
    expect((await post('999999', { name: 'x' })).status).toBe(404);
  });
});

describe('PUT /features/{id} (operation 2)', () => {
  it('changes fields by key, sets status_changed_on and audits old → new', async () => {
    const f = await create({ name: 'To change', tags: 'a' });
    const auditsBefore = await count('audits');
    const u = await update(f.reference_num, { name: 'Changed', workflow_status: { name: 'Shipped' }, tags: 'b, c', initial_estimate_text: '2d' });
    expect(u.name).toBe('Changed');
    expect(u.workflow_status.name).toBe('Shipped');
    expect(u.status_changed_on).toBe(todayIso());
    expect(u.tags).toEqual(['b', 'c']);
    expect([u.initial_estimate, u.initial_estimate_text]).toEqual([960, '2d']);
    expect(await count('audits')).toBe(auditsBefore + 1);
    const row = await lastAudit(t, 'Feature', f.id);
    expect(row.audit_action).toBe('update');
    const changes = JSON.parse(row.changes) as Record<string, [unknown, unknown]>;
    expect(changes.name).toEqual(['To change', 'Changed']);
    expect(changes.tags).toEqual(['a', 'b,c']);
    expect(changes.initial_estimate).toEqual([null, 960]);
    const created = await t.service.store.db
      .selectFrom('audits')
      .select(['audit_action', 'user_id'])
      .where('auditable_type', '=', 'Feature')
      .where('auditable_id', '=', Number(f.id))
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect(created.audit_action).toBe('create');
    expect(created.user_id).not.toBeNull();
  });

  it('changes nothing and writes no audit for an empty body', async () => {
    const f = await create({ name: 'Untouched' });
    const before = await count('audits');
    const u = await update(f.id, {});
    expect(u.updated_at).toBe(f.updated_at);
    expect(await count('audits')).toBe(before);
  });

  it('replaces watchers with an array of ids, and refuses a string or unknown ids', async () => {
    const [u1, u2, u3] = w.users;
    const f = await create({ name: 'Watched', watchers: `${u1?.id}` });
    const u = await update(f.id, { watchers: [Number(u2?.id), u3?.id] });
    expect(u.watchers.map((x) => x.id).sort()).toEqual([u2?.id, u3?.id].sort());
    expect422(await put(f.id, { watchers: `${u1?.id}` }), 'watchers');
    expect422(await put(f.id, { watchers: [987654] }), 'watchers');
    const cleared = await update(f.id, { watchers: [] });
    expect(cleared.watchers).toEqual([]);
  });

  it('allows progress only with manual progress, from the body or as stored', async () => {
    const f = await create({ name: 'Progressing', progress_source: 'progress_from_remaining_estimate' });
    expect422(await put(f.id, { progress: 30 }), 'progress');
    const manual = await update(f.id, { progress_source: 'progress_manual', progress: 30 });
    expect([manual.progress, manual.progress_source]).toEqual([30, 'progress_manual']);
    expect((await update(f.id, { progress: 55.5 })).progress).toBe(55.5);
    expect422(await put(f.id, { progress: -1 }), 'progress');
  });

  it('refuses the _with_dependents sources on update', async () => {
    const f = await create({ name: 'Source' });
    expect422(await put(f.id, { progress_source: 'progress_from_requirements_with_dependents' }), 'progress_source');
    expect((await update(f.id, { progress_source: 'progress_from_requirements' })).progress_source).toBe('progress_from_requirements');
  });

  it('computes progress from the remaining estimate', async () => {
    const f = await create({ name: 'Estimated', initial_estimate_text: '1d', remaining_estimate_text: '2h', progress_source: 'progress_from_remaining_estimate' });
    expect(f.progress).toBe(75);
    const u = await update(f.id, { detailed_estimate_text: '4h' });
    expect(u.progress).toBe(50);
  });

  it('checks dates against the stored ones', async () => {
    const f = await create({ name: 'Dated', start_date: '2026-05-10' });
    expect422(await put(f.id, { due_date: '2026-05-01' }), 'due_date');
    expect((await update(f.id, { due_date: '2026-05-11' })).due_date).toBe('2026-05-11');
    expect((await update(f.id, { start_date: null })).start_date).toBeNull();
  });

  it('refuses a blank name and wrong types', async () => {
    const f = await create({ name: 'Named' });
    expect422(await put(f.id, { name: '' }), 'name');
    expect422(await put(f.id, { tags: 12 }), 'tags');
    expect422(await put(f.id, { start_date: 20260101 }), 'start_date');
    expect422(await put(f.id, { assigned_to_user: { email: 'a@b.c' } }), 'assigned_to_user');
    // A wrong type is named as such, not mistaken for a missing value.
    const typed = await put(f.id, { name: 42 });
    expect(typed.status).toBe(422);
    expect(typed.body).toMatchObject({ errors: { name: ['must be a string'] } });
  });

  it('clears links with null', async () => {
    const u1 = w.users[0];
    const f = await create({ name: 'Linked', assigned_to_user: u1?.email, workflow_kind: 'Bug fix', description: '<p>x</p>' });
    const u = await update(f.id, { assigned_to_user: null, workflow_kind: null, description: null });
    expect([u.assigned_to_user, u.workflow_kind, u.description]).toEqual([null, null, null]);
  });

  it('moves a feature to another release of the product, clearing its phase', async () => {
    const phase = firstFeatureWith((s) => s.release.id === w.timeRelease.id && s.belongs_to_release_phase !== null, 'phase');
    const f = await create({ name: 'Mover', release_phase: phase.belongs_to_release_phase?.id, initial_estimate_text: '1d' });
    const moved = await update(f.reference_num, { release: w.otherTimeRelease.reference_num });
    expect(moved.release.id).toBe(w.otherTimeRelease.id);
    expect(moved.belongs_to_release_phase).toBeNull();
    expect(moved.initial_estimate).toBe(480);
    expect422(await put(f.id, { release: w.foreignRelease.reference_num }), 'release');
  });

  it('refuses a move to other capacity units while estimates are set, unless they are re-entered', async () => {
    const f = await create({ name: 'Units', initial_estimate_text: '1d' });
    const errors = expect422(await put(f.id, { release: w.pointsRelease.id }), 'release');
    expect(errors.release?.[0]).toMatch(/story points/);
    const moved = await update(f.id, { release: w.pointsRelease.id, initial_estimate_text: '3p' });
    expect([moved.work_units, moved.initial_estimate, moved.initial_estimate_text]).toEqual(['story_points', 3, '3p']);
    const back = await update(f.id, { release: w.timeRelease.id, initial_estimate: null });
    expect([back.work_units, back.initial_estimate]).toEqual(['time', null]);
  });

  it('changing the team resets the team status and clears iteration and increment', async () => {
    const teamed = seeded.filter((s) => s.iteration !== null && s.program_increment !== null && s.product_id === w.timeRelease.product_id);
    const a = pick(teamed, () => true, 'teamed feature');
    const b = pick(
      seeded,
      (s) => s.team !== null && s.team.id !== a.team?.id && s.product_id === w.timeRelease.product_id,
      'second team',
    );
    const f = await create({
      name: 'Team player',
      team: a.team?.id,
      iteration: a.iteration?.id,
      program_increment: a.program_increment?.id,
    });
    expect(f.team_workflow_status?.position).toBe(1);
    expect(f.iteration?.id).toBe(a.iteration?.id);
    const moved = await update(f.id, { team: b.team?.id });
    expect(moved.team?.id).toBe(b.team?.id);
    expect(moved.team_workflow_status).not.toBeNull();
    expect([moved.iteration, moved.program_increment]).toEqual([null, null]);
    expect422(await put(f.id, { iteration: a.iteration?.id }), 'iteration');
    const none = await update(f.id, { team: null });
    expect([none.team, none.team_workflow_status]).toEqual([null, null]);
  });

  it('leaves the stored feature untouched after a refused update', async () => {
    const f = await create({ name: 'Stable', tags: 'keep' });
    const before = await count('audits');
    expect422(await put(f.id, { name: 'Renamed', tags: 'gone', epic: 'No such epic' }), 'epic');
    const res = await api.call('GET /features/{id}', { params: { id: f.id } });
    expect(featureEnvelope.parse(res.body).feature).toEqual(f);
    expect(await count('audits')).toBe(before);
  });
});

describe('DELETE /features/{id}', () => {
  it('answers 204, recycles the feature with its requirements, tags and watchers, and audits', async () => {
    const u1 = w.users[0];
    const f = await create({ name: 'Doomed', tags: 'x,y', watchers: `${u1?.id}` });
    const r = await api.send('POST /features/{feature_id}/requirements', { params: { feature_id: f.reference_num }, body: { requirement: { name: 'Part' } } });
    expect(r.status).toBe(200);
    const res = await api.send('DELETE /features/{id}', { params: { id: f.reference_num } });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await api.call('GET /features/{id}', { params: { id: f.id } })).status).toBe(404);
    const db = t.service.store.db;
    const deletion = await db.selectFrom('deletions').selectAll().where('record_type', '=', 'Feature').where('record_id', '=', Number(f.id)).executeTakeFirstOrThrow();
    expect(deletion.name).toBe('Doomed');
    const payload = JSON.parse(deletion.payload) as Record<string, { id?: number; tag?: string; user_id?: number }[]>;
    expect(payload.features?.[0]?.id).toBe(Number(f.id));
    expect(payload.requirements).toHaveLength(1);
    expect(payload.feature_tags?.map((x) => x.tag).sort()).toEqual(['x', 'y']);
    expect(payload.feature_watchers?.map((x) => x.user_id)).toEqual([Number(u1?.id)]);
    expect(await db.selectFrom('requirements').select('id').where('feature_id', '=', Number(f.id)).execute()).toEqual([]);
    expect(await db.selectFrom('feature_tags').select('tag').where('feature_id', '=', Number(f.id)).execute()).toEqual([]);
    const destroy = await db.selectFrom('audits').select('audit_action').where('auditable_type', '=', 'Feature').where('auditable_id', '=', Number(f.id)).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(destroy.audit_action).toBe('destroy');
    expect((await api.send('DELETE /features/{id}', { params: { id: f.id } })).status).toBe(404);
  });
});

describe('feature lists', () => {
  const list = async (request: Promise<ApiResponse<unknown>>) => {
    const res = await request;
    expect(res.status, res.text).toBe(200);
    return featurePage.parse(res.body);
  };

  it('returns compact items by default, newest first, with pagination', async () => {
    const page = await list(api.call('GET /features'));
    for (const item of page.features) {
      expect(Object.keys(item).sort()).toEqual(['created_at', 'id', 'name', 'product_id', 'reference_num', 'resource', 'url']);
    }
    const ids = page.features.map((f) => Number(f.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(page.pagination.current_page).toBe(1);
    expect(page.features.length).toBeLessThanOrEqual(30);
    expect(page.pagination.total_records).toBe(await count('features'));
  });

  it('pages with page and per_page', async () => {
    const all = await list(api.call('GET /features', { query: { per_page: 200 } }));
    const p2 = await list(api.call('GET /features', { query: { per_page: 3, page: 2 } }));
    expect(p2.features.map((f) => f.id)).toEqual(all.features.slice(3, 6).map((f) => f.id));
    expect(p2.pagination).toEqual({ total_records: all.pagination.total_records, total_pages: Math.ceil(all.pagination.total_records / 3), current_page: 2 });
    const beyond = await list(api.call('GET /features', { query: { per_page: 3, page: 100000 } }));
    expect(beyond.features).toEqual([]);
    expect((await api.call('GET /features', { query: { per_page: 201 } })).status).toBe(400);
    expect((await api.call('GET /features', { query: { page: 0 } })).status).toBe(400);
    expect((await api.call('GET /features', { query: { per_page: 'abc' } })).status).toBe(400);
  });

  it('supports fields: *, watchers, reference_num and a list', async () => {
    const star = await list(api.call('GET /features', { query: { fields: '*', per_page: 5 } }));
    for (const f of star.features) featureSchema.parse(f);
    const watchers = await list(api.call('GET /features', { query: { fields: 'watchers', per_page: 200 } }));
    for (const f of watchers.features) expect(Object.keys(f).sort()).toEqual(['id', 'watchers']);
    expect(watchers.features.some((f) => (f.watchers?.length ?? 0) > 0)).toBe(true);
    const refs = await list(api.call('GET /features', { query: { fields: 'reference_num', per_page: 5 } }));
    for (const f of refs.features) expect(Object.keys(f).sort()).toEqual(['id', 'reference_num']);
    const some = await list(api.call('GET /features', { query: { fields: 'name,workflow_status,release,bogus', per_page: 5 } }));
    for (const f of some.features) expect(Object.keys(f).sort()).toEqual(['id', 'name', 'release', 'workflow_status']);
  });

  it('lists a product by id or key, newest first', async () => {
    const productId = w.timeRelease.product_id;
    const prefix = w.timeRelease.reference_num.split('-')[0] ?? '';
    const byId = await list(api.call('GET /products/{product_id}/features', { params: { product_id: productId }, query: { per_page: 200 } }));
    const byKey = await list(api.call('GET /products/{product_id}/features', { params: { product_id: prefix }, query: { per_page: 200 } }));
    expect(byKey.features).toEqual(byId.features);
    expect(byId.features.every((f) => f.product_id === productId)).toBe(true);
    const ids = byId.features.map((f) => Number(f.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect((await api.call('GET /products/{product_id}/features', { params: { product_id: 'NOPE' } })).status).toBe(404);
  });

  it('lists a release by id or key in position order', async () => {
    const byKey = await list(api.call('GET /releases/{release_id}/features', { params: { release_id: w.timeRelease.reference_num }, query: { per_page: 200, fields: 'position,release' } }));
    const byId = await list(api.call('GET /releases/{release_id}/features', { params: { release_id: w.timeRelease.id }, query: { per_page: 200, fields: 'position,release' } }));
    expect(byKey.features).toEqual(byId.features);
    expect(byKey.features.every((f) => f.release?.id === w.timeRelease.id)).toBe(true);
    const positions = byKey.features.map((f) => f.position ?? 0);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect((await api.call('GET /releases/{release_id}/features', { params: { release_id: 'PLN-R-999' } })).status).toBe(404);
  });

  it('filters by name with q (trigram search from 3 characters, LIKE below)', async () => {
    const target = await create({ name: 'Quokka "quoted" 100% search' });
    const long = await list(api.call('GET /features', { query: { q: 'okka' } }));
    expect(long.features.map((f) => f.id)).toEqual([target.id]);
    const upper = await list(api.call('GET /features', { query: { q: 'QUOKKA' } }));
    expect(upper.features.map((f) => f.id)).toEqual([target.id]);
    const quoted = await list(api.call('GET /features', { query: { q: '"quoted"' } }));
    expect(quoted.features.map((f) => f.id)).toEqual([target.id]);
    const percent = await list(api.call('GET /features', { query: { q: '0%' } }));
    expect(percent.features.map((f) => f.id)).toEqual([target.id]);
    const short = await list(api.call('GET /features', { query: { q: 'Qu', per_page: 200 } }));
    expect(short.features.map((f) => f.id)).toContain(target.id);
    expect(short.features.every((f) => f.name?.toLowerCase().includes('qu'))).toBe(true);
    for (const odd of ['"', 'AND', 'a*', '(', 'NEAR(x y)', "'; DROP TABLE features; --"]) {
      expect((await api.call('GET /features', { query: { q: odd } })).status, odd).toBe(200);
    }
    expect((await list(api.call('GET /features', { query: { q: 'zzzzqqqq' } }))).pagination.total_records).toBe(0);
  });

  it('filters by updated_since', async () => {
    const mark = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 5));
    const f = await create({ name: 'Fresh' });
    const fresh = await list(api.call('GET /features', { query: { updated_since: mark } }));
    expect(fresh.features.map((x) => x.id)).toEqual([f.id]);
    const future = await list(api.call('GET /features', { query: { updated_since: '2999-01-01T00:00:00Z' } }));
    expect(future.pagination.total_records).toBe(0);
    expect((await api.call('GET /features', { query: { updated_since: 'yesterday' } })).status).toBe(400);
  });

  it('filters by tag', async () => {
    const f = await create({ name: 'Tagged', tags: 'zebra-tag, other' });
    const page = await list(api.call('GET /features', { query: { tag: 'zebra-tag' } }));
    expect(page.features.map((x) => x.id)).toEqual([f.id]);
    expect((await list(api.call('GET /features', { query: { tag: 'ZEBRA-TAG' } }))).features.map((x) => x.id)).toEqual([f.id]);
    expect((await list(api.call('GET /features', { query: { tag: 'no-such-tag' } }))).pagination.total_records).toBe(0);
  });

  it('filters by assignee id or email', async () => {
    const u = w.users[2];
    if (!u) throw new Error('no user');
    const byEmail = await list(api.call('GET /features', { query: { assigned_to_user: u.email, fields: 'assigned_to_user', per_page: 200 } }));
    const byId = await list(api.call('GET /features', { query: { assigned_to_user: u.id, fields: 'assigned_to_user', per_page: 200 } }));
    expect(byId.features).toEqual(byEmail.features);
    expect(byId.features.length).toBeGreaterThan(0);
    expect(byId.features.every((f) => f.assigned_to_user?.id === u.id)).toBe(true);
    expect((await list(api.call('GET /features', { query: { assigned_to_user: 'ghost@example.com' } }))).pagination.total_records).toBe(0);
  });

  it('filters by workflow status id or name, within a scope', async () => {
    const status = firstFeatureWith((f) => f.product_id === w.timeRelease.product_id && f.workflow_status.name !== 'New', 'status').workflow_status;
    const inProduct = (workflow_status: string) =>
      api.call('GET /products/{product_id}/features', {
        params: { product_id: w.timeRelease.product_id },
        query: { fields: 'workflow_status', per_page: 200, workflow_status },
      });
    const byName = await list(inProduct(status.name.toUpperCase()));
    const byId = await list(inProduct(status.id));
    expect(byName.features).toEqual(byId.features);
    expect(byId.features.length).toBeGreaterThan(0);
    expect(byId.features.every((f) => f.workflow_status?.id === status.id)).toBe(true);
    const inRelease = await list(api.call('GET /releases/{release_id}/features', { params: { release_id: w.timeRelease.id }, query: { workflow_status: status.id, fields: 'release,workflow_status' } }));
    expect(inRelease.features.every((f) => f.release?.id === w.timeRelease.id && f.workflow_status?.id === status.id)).toBe(true);
    expect((await list(api.call('GET /features', { query: { workflow_status: 'No such status' } }))).pagination.total_records).toBe(0);
  });

  it('combines filters', async () => {
    const u = w.users[1];
    const f = await create({ name: 'Combined filter target', tags: 'combo', assigned_to_user: u?.email });
    const page = await list(api.call('GET /releases/{release_id}/features', { params: { release_id: w.timeRelease.reference_num }, query: { q: 'filter tar', tag: 'combo', assigned_to_user: u?.id, workflow_status: f.workflow_status.id } }));
    expect(page.features.map((x) => x.id)).toEqual([f.id]);
  });
});
