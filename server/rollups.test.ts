// Roll-ups: feature writes (status, estimates, moves, deletes) and requirement writes move the
// stored progress and dates of features, release phases and releases, per source, in the same
// request. Releases and phases are made in the database here so each test owns its numbers; all
// feature writes go through the API. The scheduler: moves between parents recompute both parents,
// and one write recomputes each record once, bottom-up, along the declared edges.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { featureEnvelope, featurePage, featureSchema } from '../src/contract/features';
import type { Feature } from '../src/contract/features';
import { dialectOf } from './store/dialect';
import { observeRollups, recomputeRollups } from './store/rollup-scheduler';
import type { RollupKind } from './store/rollup-scheduler';
import { ROLLUP_EDGES, ROLLUP_KINDS, rollupReach } from './store/rollup-edges';
import { EPIC_ITEM, FEATURE_ITEM, REQUIREMENT_ITEM } from './store/work-items';
import { startTestService } from './test/harness';
import type { TestService } from './test/harness';

let t: TestService;
let productId: number;
let prefix: string;
let releaseStatus: { open: number; done: number };
let serial = 9000;

beforeAll(async () => {
  t = await startTestService();
  const res = await t.get('/features?per_page=1&fields=*');
  const first = featurePage.parse(res.body).features.map((f) => featureSchema.parse(f))[0];
  if (!first) throw new Error('demo seed has no features');
  productId = Number(first.product_id);
  prefix = first.reference_num.split('-')[0] ?? '';
  const statuses = await t.service.store.db
    .selectFrom('workflow_statuses as ws')
    .innerJoin('workflows as w', 'w.id', 'ws.workflow_id')
    .select(['ws.id', 'ws.complete'])
    .where('w.product_id', '=', productId)
    .where('w.statusable_type', '=', 'Release')
    .orderBy('ws.position')
    .execute();
  const open = statuses.find((s) => s.complete === 0);
  const done = statuses.find((s) => s.complete === 1);
  if (!open || !done) throw new Error('demo seed has no open and complete release statuses');
  releaseStatus = { open: open.id, done: done.id };
});

afterAll(async () => {
  await t.close();
});

const db = () => t.service.store.db;

async function makeRelease(values: {
  progress_source?: string;
  duration_source?: string;
  parent_id?: number;
  capacity_units?: string;
  complete?: boolean;
  progress?: number;
}): Promise<{ id: number; key: string }> {
  const ts = new Date().toISOString();
  const key = `${prefix}-R-${serial++}`;
  const { complete, ...rest } = values;
  const row = await db()
    .insertInto('releases')
    .values({
      product_id: productId,
      reference_num: key,
      name: key,
      workflow_status_id: complete ? releaseStatus.done : releaseStatus.open,
      created_at: ts,
      updated_at: ts,
      parent_id: rest.parent_id ?? null,
      progress: rest.progress ?? null,
      progress_source: rest.progress_source ?? 'progress_manual',
      duration_source: rest.duration_source ?? 'duration_manual',
      capacity_units: rest.capacity_units ?? 'time',
      parking_lot: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, key };
}

async function makePhase(releaseId: number, values: { progress_source?: string; duration_source?: string; name: string; start_on?: string; end_on?: string }) {
  const ts = new Date().toISOString();
  return db()
    .insertInto('release_phases')
    .values({
      release_id: releaseId,
      phase_type: 'phase',
      position: 0,
      created_at: ts,
      updated_at: ts,
      name: values.name,
      start_on: values.start_on ?? null,
      end_on: values.end_on ?? null,
      progress_source: values.progress_source ?? 'progress_manual',
      duration_source: values.duration_source ?? 'duration_manual',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

async function feature(releaseKey: string, body: Record<string, unknown>): Promise<Feature> {
  const res = await t.request('POST', `/releases/${releaseKey}/features`, { feature: { name: 'Rolled', ...body } });
  expect(res.status, res.text).toBe(200);
  return featureEnvelope.parse(res.body).feature;
}

async function change(id: string, body: Record<string, unknown>): Promise<Feature> {
  const res = await t.request('PUT', `/features/${id}`, { feature: body });
  expect(res.status, res.text).toBe(200);
  return featureEnvelope.parse(res.body).feature;
}

const release = (id: number) =>
  db().selectFrom('releases').select(['progress', 'start_date', 'release_date', 'updated_at']).where('id', '=', id).executeTakeFirstOrThrow();
const phase = (id: number) =>
  db().selectFrom('release_phases').select(['progress', 'start_on', 'end_on']).where('id', '=', id).executeTakeFirstOrThrow();

describe('feature progress', () => {
  it('from to-dos is empty until to-dos exist', async () => {
    const r = await makeRelease({});
    const f = await feature(r.key, { progress_source: 'progress_from_todos' });
    expect(f.progress).toBeNull();
  });

  it('from remaining estimate with dependents computes like its base', async () => {
    const r = await makeRelease({});
    const f = await feature(r.key, {
      progress_source: 'progress_from_remaining_estimate_with_dependents',
      initial_estimate_text: '4h',
      remaining_estimate_text: '1h',
    });
    expect(f.progress).toBe(75);
  });

  it('keeps the last computed value when switched to manual', async () => {
    const r = await makeRelease({});
    const f = await feature(r.key, { progress_source: 'progress_from_remaining_estimate', initial_estimate_text: '2h', remaining_estimate_text: '1h' });
    const manual = await change(f.id, { progress_source: 'progress_manual' });
    expect([manual.progress, manual.progress_source]).toEqual([50, 'progress_manual']);
  });
});

describe('release progress', () => {
  it('from features: mean progress with complete features at 100, moved by a status change', async () => {
    const r = await makeRelease({ progress_source: 'progress_from_features' });
    expect((await release(r.id)).progress).toBeNull();
    const a = await feature(r.key, { progress: 20 });
    expect((await release(r.id)).progress).toBe(20);
    const b = await feature(r.key, { progress: 40 });
    expect((await release(r.id)).progress).toBe(30);
    await change(b.id, { workflow_status: { name: 'Shipped' } });
    expect((await release(r.id)).progress).toBe(60);
    await change(a.id, { progress: 100 });
    expect((await release(r.id)).progress).toBe(100);
    const res = await t.request('DELETE', `/features/${a.id}`);
    expect(res.status).toBe(204);
    expect((await release(r.id)).progress).toBe(100);
  });

  it('from features completed: the share of features in a complete status', async () => {
    const r = await makeRelease({ progress_source: 'progress_from_features_completed_with_dependents' });
    const a = await feature(r.key, {});
    await feature(r.key, {});
    await feature(r.key, { workflow_status: { name: 'Will not implement' } });
    expect((await release(r.id)).progress).toBe(33);
    await change(a.id, { workflow_status: { name: 'Shipped' } });
    expect((await release(r.id)).progress).toBe(67);
  });

  it('from remaining estimate: sums over the features', async () => {
    const r = await makeRelease({ progress_source: 'progress_from_remaining_estimate' });
    await feature(r.key, { initial_estimate_text: '1d', remaining_estimate_text: '0h' });
    const b = await feature(r.key, { initial_estimate_text: '3d' });
    expect((await release(r.id)).progress).toBe(25);
    await change(b.id, { remaining_estimate_text: '1d' });
    expect((await release(r.id)).progress).toBe(75);
  });

  it('from release phases: mean of the phases', async () => {
    const r = await makeRelease({ progress_source: 'progress_from_release_phases' });
    const p1 = await makePhase(r.id, { name: 'One', progress_source: 'progress_from_features' });
    await makePhase(r.id, { name: 'Two', progress_source: 'progress_manual' });
    await db().updateTable('release_phases').set({ progress: 40 }).where('name', '=', 'Two').where('release_id', '=', r.id).execute();
    await feature(r.key, { release_phase: 'One', workflow_status: { name: 'Shipped' } });
    expect((await phase(p1.id)).progress).toBe(100);
    expect((await release(r.id)).progress).toBe(70);
  });

  it('from epics and to-dos stays empty for now', async () => {
    for (const source of ['progress_from_epics', 'progress_from_todos']) {
      const r = await makeRelease({ progress_source: source, progress: 50 });
      await feature(r.key, { progress: 80 });
      expect((await release(r.id)).progress).toBeNull();
    }
  });

  it('manual is never touched', async () => {
    const r = await makeRelease({ progress: 12 });
    await feature(r.key, { workflow_status: { name: 'Shipped' } });
    expect((await release(r.id)).progress).toBe(12);
  });

  it('from sub-releases: mean of the children, a complete child at 100; parents follow feature writes', async () => {
    const parent = await makeRelease({ progress_source: 'progress_from_sub_releases', duration_source: 'duration_from_sub_releases' });
    const child = await makeRelease({ progress_source: 'progress_from_features', duration_source: 'duration_from_release_phases_features', parent_id: parent.id });
    await makeRelease({ parent_id: parent.id, complete: true });
    await feature(child.key, { progress: 50, start_date: '2026-06-01', due_date: '2026-06-30' });
    expect((await release(child.id)).progress).toBe(50);
    expect((await release(parent.id)).progress).toBe(75);
    expect(await release(parent.id)).toMatchObject({ start_date: '2026-06-01', release_date: '2026-06-30' });
  });

  it('stops at a parent cycle instead of looping', async () => {
    const a = await makeRelease({ progress_source: 'progress_from_sub_releases' });
    const b = await makeRelease({ progress_source: 'progress_from_sub_releases', parent_id: a.id });
    await db().updateTable('releases').set({ parent_id: b.id }).where('id', '=', a.id).execute();
    await recomputeRollups(db(), [['release', a.id]]);
    expect((await release(a.id)).progress).toBe(0);
  });

  it('moving a feature recomputes the old and the new release', async () => {
    const from = await makeRelease({ progress_source: 'progress_from_features_completed' });
    const to = await makeRelease({ progress_source: 'progress_from_features_completed' });
    await feature(from.key, {});
    const f = await feature(from.key, { workflow_status: { name: 'Shipped' } });
    expect((await release(from.id)).progress).toBe(50);
    await change(f.id, { release: to.key });
    expect((await release(from.id)).progress).toBe(0);
    expect((await release(to.id)).progress).toBe(100);
  });

  it('a requirement write reaches the release through its feature', async () => {
    const r = await makeRelease({ progress_source: 'progress_from_features' });
    const f = await feature(r.key, { progress_source: 'progress_from_requirements' });
    const req = await t.request('POST', `/features/${f.id}/requirements`, { requirement: { name: 'Only step' } });
    expect(req.status).toBe(200);
    expect((await release(r.id)).progress).toBe(0);
    const before = (await release(r.id)).updated_at;
    await new Promise((done) => setTimeout(done, 5));
    const id = (req.body as { requirement: { id: string } }).requirement.id;
    expect((await t.request('PUT', `/requirements/${id}`, { requirement: { workflow_status: { name: 'Done' } } })).status).toBe(200);
    const after = await release(r.id);
    expect(after.progress).toBe(100);
    expect(after.updated_at > before).toBe(true);
  });
});

describe('release phase roll-ups', () => {
  it('progress from features and from features completed', async () => {
    const r = await makeRelease({});
    const mean = await makePhase(r.id, { name: 'Mean', progress_source: 'progress_from_features_with_dependents' });
    const share = await makePhase(r.id, { name: 'Share', progress_source: 'progress_from_features_completed' });
    await feature(r.key, { release_phase: 'Mean', progress: 30 });
    const a = await feature(r.key, { release_phase: 'Mean', progress: 50 });
    await feature(r.key, { release_phase: 'Share' });
    const b = await feature(r.key, { release_phase: 'Share', workflow_status: { name: 'Shipped' } });
    expect((await phase(mean.id)).progress).toBe(40);
    expect((await phase(share.id)).progress).toBe(50);
    // Moving a feature between phases recomputes both.
    await change(b.id, { release_phase: mean.id });
    expect((await phase(share.id)).progress).toBe(0);
    expect((await phase(mean.id)).progress).toBe(Math.round((30 + 50 + 100) / 3));
    await change(a.id, { release_phase: null });
    expect((await phase(mean.id)).progress).toBe(65);
  });

  it('duration from features: min start date and max due date, kept when no feature has dates', async () => {
    const r = await makeRelease({ duration_source: 'duration_from_release_phases_features' });
    const p = await makePhase(r.id, { name: 'Dated', duration_source: 'duration_from_features', start_on: '2026-01-01', end_on: '2026-01-31' });
    const f = await feature(r.key, { release_phase: 'Dated' });
    expect(await phase(p.id)).toMatchObject({ start_on: '2026-01-01', end_on: '2026-01-31' });
    await change(f.id, { start_date: '2026-02-03', due_date: '2026-02-20' });
    await feature(r.key, { release_phase: 'Dated', start_date: '2026-02-10', due_date: '2026-03-05' });
    expect(await phase(p.id)).toMatchObject({ start_on: '2026-02-03', end_on: '2026-03-05' });
    // The release spans its phases and features.
    await makePhase(r.id, { name: 'Early', start_on: '2026-01-15', end_on: '2026-01-20' });
    await recomputeRollups(db(), [['release', r.id]]);
    expect(await release(r.id)).toMatchObject({ start_date: '2026-01-15', release_date: '2026-03-05' });
  });

  it('to-do sources are empty and manual phases are kept', async () => {
    const r = await makeRelease({});
    const todo = await makePhase(r.id, { name: 'Todo', progress_source: 'progress_from_todos' });
    await db().updateTable('release_phases').set({ progress: 20 }).where('id', '=', todo.id).execute();
    await recomputeRollups(db(), [['phase', todo.id]]);
    expect((await phase(todo.id)).progress).toBeNull();
    const manual = await makePhase(r.id, { name: 'Manual' });
    await db().updateTable('release_phases').set({ progress: 20 }).where('id', '=', manual.id).execute();
    await feature(r.key, { release_phase: 'Manual', workflow_status: { name: 'Shipped' } });
    expect((await phase(manual.id)).progress).toBe(20);
  });
});

// ---------------------------------------------------------------------------------------------
// The scheduler

async function api<T>(method: string, path: string, body: Record<string, unknown>, key: string): Promise<T> {
  const res = await t.request(method, path, body);
  expect(res.status, res.text).toBe(200);
  return (res.body as Record<string, T>)[key] as T;
}

interface Linked {
  id: string;
  reference_num: string;
  progress: number | null;
}

const newEpic = (releaseKey: string, body: Record<string, unknown> = {}) =>
  api<Linked>('POST', `/releases/${releaseKey}/epics`, { epic: { name: `Epic ${serial++}`, ...body } }, 'epic');
const newInitiative = (body: Record<string, unknown> = {}) =>
  api<Linked>('POST', `/products/${productId}/initiatives`, { initiative: { name: `Initiative ${serial++}`, workflow_status: { name: 'On track' }, ...body } }, 'initiative');
const progressOf = async (table: 'epics' | 'initiatives' | 'goals', id: string) =>
  (await db().selectFrom(table).select('progress').where('id', '=', Number(id)).executeTakeFirstOrThrow()).progress;

/** Records a write recomputes, in order. */
async function recorded(write: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const stop = observeRollups((kind, id) => seen.push(`${kind}:${id}`));
  try {
    await write();
  } finally {
    stop();
  }
  return seen;
}

describe('roll-up scheduler', () => {
  it('declares edges that only climb the bottom-up order', () => {
    for (const e of ROLLUP_EDGES) expect(ROLLUP_KINDS.indexOf(e.to), `${e.from} → ${e.to}`).toBeGreaterThanOrEqual(ROLLUP_KINDS.indexOf(e.from));
    expect(rollupReach('requirement')).toEqual(['feature', 'phase', 'release', 'epic', 'initiative', 'goal']);
    expect(rollupReach('epic')).toEqual(['initiative', 'goal']);
    expect(rollupReach('goal')).toEqual([]);
  });

  it('work-item descriptors name columns their tables have', async () => {
    for (const item of [FEATURE_ITEM, EPIC_ITEM, REQUIREMENT_ITEM]) {
      const { columns: live } = await dialectOf(db()).schemaInfo(db());
      const columns = (table: string) => Promise.resolve(new Set((live.get(table) ?? []).map((c) => c.name)));
      const own = await columns(item.table);
      expect(own.has(item.parent.column), `${item.table}.${item.parent.column}`).toBe(true);
      for (const edge of item.rollups) if (edge.link !== null) expect(own.has(edge.link), `${item.table}.${edge.link}`).toBe(true);
      expect((await columns(item.reference.owner)).has(item.reference.counter), `${item.reference.owner}.${item.reference.counter}`).toBe(true);
      for (const join of [item.tags, item.watchers]) if (join) expect((await columns(join.table)).has(join.column), `${join.table}.${join.column}`).toBe(true);
    }
  });

  it('a feature moved from epic A to epic B recomputes both, and both initiatives', async () => {
    const r = await makeRelease({});
    const ia = await newInitiative({ progress_source: 'progress_from_epics' });
    const ib = await newInitiative({ progress_source: 'progress_from_epics' });
    const a = await newEpic(r.key, { progress_source: 'progress_from_features', initiative: ia.reference_num });
    const b = await newEpic(r.key, { progress_source: 'progress_from_features', initiative: ib.reference_num });
    const f = await feature(r.key, { epic: a.reference_num, progress: 80 });
    await feature(r.key, { epic: b.reference_num, progress: 20 });
    expect([await progressOf('epics', a.id), await progressOf('epics', b.id)]).toEqual([80, 20]);
    expect([await progressOf('initiatives', ia.id), await progressOf('initiatives', ib.id)]).toEqual([80, 20]);
    await change(f.id, { epic: b.reference_num });
    expect([await progressOf('epics', a.id), await progressOf('epics', b.id)]).toEqual([null, 50]);
    expect([await progressOf('initiatives', ia.id), await progressOf('initiatives', ib.id)]).toEqual([0, 50]);
  });

  it('a feature moved between initiatives, an epic between initiatives, an initiative between parents: old and new follow', async () => {
    const r = await makeRelease({});
    const pa = await newInitiative({ progress_source: 'progress_from_children' });
    const pb = await newInitiative({ progress_source: 'progress_from_children' });
    const ia = await newInitiative({ progress_source: 'progress_from_features', parent_id: Number(pa.id) });
    const ib = await newInitiative({ progress_source: 'progress_from_features', parent_id: Number(pb.id) });
    const f = await feature(r.key, { initiative: ia.reference_num, progress: 60 });
    expect([await progressOf('initiatives', ia.id), await progressOf('initiatives', pa.id)]).toEqual([60, 60]);
    await change(f.id, { initiative: ib.reference_num });
    expect([await progressOf('initiatives', ia.id), await progressOf('initiatives', ib.id)]).toEqual([null, 60]);
    expect([await progressOf('initiatives', pa.id), await progressOf('initiatives', pb.id)]).toEqual([0, 60]);

    const ea = await newInitiative({ progress_source: 'progress_from_epics' });
    const eb = await newInitiative({ progress_source: 'progress_from_epics' });
    const e = await newEpic(r.key, { progress: 30, initiative: ea.reference_num });
    expect(await progressOf('initiatives', ea.id)).toBe(30);
    await api('PUT', `/epics/${e.id}`, { epic: { initiative: eb.reference_num } }, 'epic');
    expect([await progressOf('initiatives', ea.id), await progressOf('initiatives', eb.id)]).toEqual([null, 30]);

    await api('PUT', `/initiatives/${ib.id}`, { initiative: { parent_id: Number(pa.id) } }, 'initiative');
    expect([await progressOf('initiatives', pa.id), await progressOf('initiatives', pb.id)]).toEqual([30, null]);
  });

  it('a release moved to another parent: both parents follow', async () => {
    const pa = await makeRelease({ progress_source: 'progress_from_sub_releases' });
    const pb = await makeRelease({ progress_source: 'progress_from_sub_releases' });
    const child = await makeRelease({ progress_source: 'progress_from_features', parent_id: pa.id });
    await feature(child.key, { progress: 40 });
    expect([(await release(pa.id)).progress, (await release(pb.id)).progress]).toEqual([40, null]);
    const res = await t.request('PUT', `/releases/${child.id}`, { release: { parent_id: pb.id } });
    expect(res.status, res.text).toBe(200);
    expect([(await release(pa.id)).progress, (await release(pb.id)).progress]).toEqual([null, 40]);
  });

  it('a release that leaves an initiative is no longer counted there', async () => {
    const i = await newInitiative({ progress_source: 'progress_from_releases' });
    const r = await makeRelease({ progress: 40 });
    const linked = await t.request('PUT', `/releases/${r.id}`, { release: { initiatives: [i.reference_num] } });
    expect(linked.status, linked.text).toBe(200);
    expect(await progressOf('initiatives', i.id)).toBe(40);
    const unlinked = await t.request('PUT', `/releases/${r.id}`, { release: { initiatives: [] } });
    expect(unlinked.status, unlinked.text).toBe(200);
    expect(await progressOf('initiatives', i.id)).toBeNull();
  });

  it('one write recomputes each record once, bottom-up, up to the goals', async () => {
    const r = await makeRelease({ progress_source: 'progress_from_features', duration_source: 'duration_from_release_phases_features' });
    const root = await newInitiative({ progress_source: 'progress_from_children', duration_source: 'duration_from_children' });
    const mid = await newInitiative({ progress_source: 'progress_from_children', duration_source: 'duration_from_children', parent_id: Number(root.id) });
    const leaf = await newInitiative({
      progress_source: 'progress_from_epics',
      duration_source: 'duration_from_features_epics',
      parent_id: Number(mid.id),
    });
    const goal = await api<Linked>(
      'POST',
      `/products/${productId}/goals`,
      { goal: { name: `Goal ${serial++}`, progress_source: 'progress_from_initiatives', initiatives: [leaf.reference_num, mid.reference_num, root.reference_num] } },
      'goal',
    );
    const e = await newEpic(r.key, { progress_source: 'progress_from_features', duration_source: 'duration_from_features', initiative: leaf.reference_num });
    // The feature names both the epic and the leaf initiative: before the scheduler the leaf's chain
    // and goal were recomputed once through the epic and once through the feature.
    let created: Feature | undefined;
    const seen = await recorded(async () => {
      created = await feature(r.key, { epic: e.reference_num, initiative: leaf.reference_num, progress: 60, start_date: '2026-05-01', due_date: '2026-05-20' });
    });
    if (!created) throw new Error('no feature');
    const expected: [RollupKind, string | number][] = [
      ['feature', created.id],
      ['release', r.id],
      ['epic', e.id],
      ['initiative', leaf.id],
      ['initiative', mid.id],
      ['initiative', root.id],
      ['goal', goal.id],
    ];
    expect(seen).toEqual(expected.map(([k, id]) => `${k}:${id}`));
    expect(await progressOf('goals', goal.id)).toBe(60);
    expect(await progressOf('initiatives', root.id)).toBe(60);

    // An update that changes the status: every level again, each once.
    const again = await recorded(() => change(created?.id ?? '', { workflow_status: { name: 'Shipped' } }));
    expect(new Set(again).size).toBe(again.length);
    expect(again).toEqual(expected.map(([k, id]) => `${k}:${id}`));
    expect(await progressOf('goals', goal.id)).toBe(100);
  });

  it('a feature write that changes nothing its parents read leaves them alone', async () => {
    const r = await makeRelease({ progress_source: 'progress_from_features' });
    const f = await feature(r.key, { progress: 10 });
    const seen = await recorded(() => change(f.id, { remaining_estimate_text: '4h', tags: 'quiet' }));
    expect(seen).toEqual([`feature:${f.id}`, `release:${r.id}`]);
    // The release was visited but not aggregated: its updated_at did not move.
    const before = (await release(r.id)).updated_at;
    await change(f.id, { remaining_estimate_text: '5h' });
    expect((await release(r.id)).updated_at).toBe(before);
    await change(f.id, { progress: 30 });
    expect((await release(r.id)).progress).toBe(30);
  });
});
