// Roll-ups: feature writes (status, estimates, moves, deletes) and requirement writes move the
// stored progress and dates of features, release phases and releases, per source, in the same
// request. Releases and phases are made in the database here so each test owns its numbers; all
// feature writes go through the API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { featureEnvelope, featurePage, featureSchema } from '../src/contract/features';
import type { Feature } from '../src/contract/features';
import { recomputePhase, recomputeRelease } from './store/rollups';
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
    await recomputeRelease(db(), a.id);
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
    await recomputeRelease(db(), r.id);
    expect(await release(r.id)).toMatchObject({ start_date: '2026-01-15', release_date: '2026-03-05' });
  });

  it('to-do sources are empty and manual phases are kept', async () => {
    const r = await makeRelease({});
    const todo = await makePhase(r.id, { name: 'Todo', progress_source: 'progress_from_todos' });
    await db().updateTable('release_phases').set({ progress: 20 }).where('id', '=', todo.id).execute();
    await recomputePhase(db(), todo.id);
    expect((await phase(todo.id)).progress).toBeNull();
    const manual = await makePhase(r.id, { name: 'Manual' });
    await db().updateTable('release_phases').set({ progress: 20 }).where('id', '=', manual.id).execute();
    await feature(r.key, { release_phase: 'Manual', workflow_status: { name: 'Shipped' } });
    expect((await phase(manual.id)).progress).toBe(20);
  });
});
