// One rule for `position` and for read-only fields, on every kind: `position` orders a record among
// its siblings wherever a list is ordered by it (features, epics and phases in a release,
// requirements in a feature, initiatives and goals in a product) with one validation; a field the
// answer carries but no body takes (`id`, `reference_num`, `total_capacity`, a release's
// `position`…) is a 422 "is read-only" — never silently ignored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../src/contract/common';
import { startTestService } from './test/harness';
import type { TestService } from './test/harness';
import { expect422, makeFeature, makeRelease, uniqueName } from './test/records';

let t: TestService;

beforeAll(async () => {
  t = await startTestService();
});

afterAll(async () => {
  await t.close();
});

type Body = Record<string, unknown>;

/** How a test reaches one kind: make a record in a fresh scope, change it, read the scope's order. */
interface OrderedKind {
  kind: string;
  /** A fresh scope (a release, a feature, a product) for this kind's records. */
  scope(): Promise<string>;
  create(scope: string, body: Body): Promise<{ status: number; body: unknown; text: string; headers: Headers }>;
  update(id: string, body: Body): Promise<{ status: number; body: unknown; text: string; headers: Headers }>;
  /** The scope's records, in the service's order. */
  names(scope: string): Promise<string[]>;
}

const record = (res: { body: unknown }, key: string): { id: string; name: string; position: number | null } =>
  (res.body as Record<string, { id: string; name: string; position: number | null }>)[key] ?? { id: '', name: '', position: null };

const namesOf = async (path: string, key: string): Promise<string[]> =>
  ((await t.get(`${path}${path.includes('?') ? '&' : '?'}per_page=200&fields=name`)).body as Record<string, { name: string }[]>)[key]?.map(
    (r) => r.name,
  ) ?? [];

const freshRelease = async (): Promise<string> => (await makeRelease(t)).id;

const ORDERED: OrderedKind[] = [
  {
    kind: 'feature',
    scope: freshRelease,
    create: (release, body) => t.request('POST', `/releases/${release}/features`, { feature: body }),
    update: (id, body) => t.request('PUT', `/features/${id}`, { feature: body }),
    names: (release) => namesOf(`/releases/${release}/features`, 'features'),
  },
  {
    kind: 'epic',
    scope: freshRelease,
    create: (release, body) => t.request('POST', `/releases/${release}/epics`, { epic: body }),
    update: (id, body) => t.request('PUT', `/epics/${id}`, { epic: body }),
    names: (release) => namesOf(`/releases/${release}/epics`, 'epics'),
  },
  {
    kind: 'release_phase',
    scope: freshRelease,
    create: (release, body) => t.request('POST', '/release_phases', { release_phase: { phase_type: 'phase', release_id: release, ...body } }),
    update: (id, body) => t.request('PUT', `/release_phases/${id}`, { release_phase: { phase_type: 'phase', ...body } }),
    names: (release) => namesOf(`/releases/${release}/release_phases`, 'release_phases'),
  },
  {
    kind: 'requirement',
    scope: async () => (await makeFeature(t, await freshRelease())).id,
    create: (feature, body) => t.request('POST', `/features/${feature}/requirements`, { requirement: body }),
    update: (id, body) => t.request('PUT', `/requirements/${id}`, { requirement: body }),
    names: (feature) => namesOf(`/features/${feature}/requirements`, 'requirements'),
  },
];

/** Initiatives and goals: already positioned by the body; they share the validation. */
const PRODUCT_KINDS = [
  {
    kind: 'initiative',
    create: (body: Body) => t.request('POST', '/products/PLN/initiatives', { initiative: { workflow_status: { name: 'On track' }, ...body } }),
    update: (id: string, body: Body) => t.request('PUT', `/initiatives/${id}`, { initiative: body }),
  },
  {
    kind: 'goal',
    create: (body: Body) => t.request('POST', '/products/PLN/goals', { goal: body }),
    update: (id: string, body: Body) => t.request('PUT', `/goals/${id}`, { goal: body }),
  },
];

const BAD_POSITIONS: unknown[] = [{ nested: { value: 1 } }, [], -1, 1.5, '3', true, 1_000_001];

describe('position', () => {
  it.each(ORDERED.map((k) => [k.kind, k] as const))('orders %s records: sent on create and update, null puts last', async (_, kind) => {
    const scope = await kind.scope();
    const made: Record<string, string> = {};
    for (const name of ['A', 'B', 'C']) {
      const res = await kind.create(scope, { name });
      expect(res.status, res.text).toBe(200);
      made[name] = record(res, kind.kind).id;
      expect(record(res, kind.kind).position).toBe(Object.keys(made).length);
    }
    expect(await kind.names(scope)).toEqual(['A', 'B', 'C']);

    const moved = await kind.update(made.C ?? '', { position: 0 });
    expect(moved.status, moved.text).toBe(200);
    expect(record(moved, kind.kind).position).toBe(0);
    expect(await kind.names(scope)).toEqual(['C', 'A', 'B']);

    // Placed on create: ties keep creation order (then id).
    const d = await kind.create(scope, { name: 'D', position: 1 });
    expect(record(d, kind.kind).position).toBe(1);
    expect(await kind.names(scope)).toEqual(['C', 'A', 'D', 'B']);

    // null: after the others; sent again it changes nothing.
    const last = await kind.update(made.A ?? '', { position: null });
    expect(record(last, kind.kind).position).toBe(3);
    expect(await kind.names(scope)).toEqual(['C', 'D', 'B', 'A']);
    expect(record(await kind.update(made.A ?? '', { position: null }), kind.kind).position).toBe(3);
  });

  it('keeps a place sent with a move to another release, and puts a moved feature last otherwise', async () => {
    const from = await freshRelease();
    const to = await freshRelease();
    for (const name of ['X', 'Y']) await makeFeature(t, to, { name });
    const a = await makeFeature(t, from, { name: 'A' });
    const b = await makeFeature(t, from, { name: 'B' });
    expect((await t.request('PUT', `/features/${a.id}`, { feature: { release: to } })).status).toBe(200);
    expect((await t.request('PUT', `/features/${b.id}`, { feature: { release: to, position: 0 } })).status).toBe(200);
    expect(await namesOf(`/releases/${to}/features`, 'features')).toEqual(['B', 'X', 'Y', 'A']);
  });

  it('refuses what is not a whole number from 0 to 1000000 with a 422 on position, on every kind, create and update', async () => {
    for (const kind of ORDERED) {
      const scope = await kind.scope();
      const made = record(await kind.create(scope, { name: 'Kept' }), kind.kind);
      for (const bad of BAD_POSITIONS) {
        expect422(await kind.create(scope, { name: uniqueName('Refused'), position: bad }), 'position');
        expect422(await kind.update(made.id, { position: bad }), 'position');
      }
      expect(await kind.names(scope)).toEqual(['Kept']);
    }
    for (const kind of PRODUCT_KINDS) {
      const made = record(await kind.create({ name: uniqueName('Kept') }), kind.kind);
      for (const bad of BAD_POSITIONS) {
        expect422(await kind.create({ name: uniqueName('Refused'), position: bad }), 'position');
        expect422(await kind.update(made.id, { position: bad }), 'position');
      }
    }
  });

  it('is read-only on releases, which are ordered by their dates', async () => {
    const release = await makeRelease(t);
    const errors = expect422(await t.request('PUT', `/releases/${release.id}`, { release: { position: 2 } }), 'position');
    expect(errors.position).toEqual(['is read-only']);
    expect422(await t.request('POST', '/products/PLN/releases', { release: { name: uniqueName('R'), position: { a: 1 } } }), 'position');
  });
});

describe('read-only fields', () => {
  const HEAD = { id: '1', reference_num: 'PLN-1', created_at: '2020-01-01T00:00:00.000Z', updated_at: '2020-01-01T00:00:00.000Z', url: 'http://evil.example/x' };

  it('are each refused as read-only, with the body\'s other problems, on every kind; nothing is written', async () => {
    const release = await makeRelease(t, { total_capacity_text: '10d' });
    const feature = await makeFeature(t, release.id);
    const epic = record(await t.request('POST', `/releases/${release.id}/epics`, { epic: { name: uniqueName('Epic') } }), 'epic');
    const phase = record(await t.request('POST', '/release_phases', { release_phase: { name: 'P', phase_type: 'phase', release_id: release.id } }), 'release_phase');
    const requirement = record(await t.request('POST', `/features/${feature.id}/requirements`, { requirement: { name: 'R' } }), 'requirement');
    const initiative = record(await PRODUCT_KINDS[0]!.create({ name: uniqueName('I') }), 'initiative');
    const goal = record(await PRODUCT_KINDS[1]!.create({ name: uniqueName('G') }), 'goal');

    const cases: [string, string, Body, string[]][] = [
      [`/releases/${release.id}`, 'release', { total_capacity: 1, features_count: 3, released: true, position: 1 }, ['total_capacity', 'features_count', 'released', 'position']],
      [`/features/${feature.id}`, 'feature', { work_units: 'time', requirements: [], status_changed_on: null }, ['work_units', 'requirements', 'status_changed_on']],
      [`/epics/${epic.id}`, 'epic', { features_count: 1, release_reference_num: 'PLN-R-1' }, ['features_count', 'release_reference_num']],
      [`/release_phases/${phase.id}`, 'release_phase', { type: 'milestone', features_count: 0, phase_type: 'phase' }, ['type', 'features_count']],
      [`/requirements/${requirement.id}`, 'requirement', { feature: { id: feature.id }, release_id: release.id }, ['feature', 'release_id']],
      [`/initiatives/${initiative.id}`, 'initiative', { children_count: 0, epics_count: 0 }, ['children_count', 'epics_count']],
      [`/goals/${goal.id}`, 'goal', { initiatives: [] , product_id: '1' }, ['product_id']],
    ];
    for (const [path, key, extra, fields] of cases) {
      const before = await t.get(path);
      // The head fields the kind's answer carries (a phase has no key and no url).
      const answer = (before.body as Record<string, Body>)[key] ?? {};
      const head = Object.fromEntries(Object.entries(HEAD).filter(([k]) => k in answer));
      expect(Object.keys(head)).toEqual(expect.arrayContaining(['id', 'created_at', 'updated_at']));
      const res = await t.request('PUT', path, { [key]: { ...head, ...extra, name: '' } });
      const errors = expect422(res, 'name', ...fields, ...Object.keys(head));
      for (const f of [...fields, ...Object.keys(head)]) expect(errors[f], `${key}.${f}`).toEqual(['is read-only']);
      expect((await t.get(path)).body, path).toEqual(before.body);
    }
  });

  it('are refused even when equal to the stored value, on create as on update', async () => {
    const release = await makeRelease(t);
    const feature = await makeFeature(t, release.id);
    const res = await t.request('PUT', `/features/${feature.id}`, { feature: { reference_num: feature.reference_num, name: 'Renamed' } });
    expect(errorBodySchema.parse(expect422(res, 'reference_num') && res.body).error).toBe('reference_num is read-only');
    expect422(await t.request('POST', `/releases/${release.id}/features`, { feature: { name: 'New', id: '5' } }), 'id');
  });

  it('leave members no body takes and no answer carries ignored, as the hosted service does', async () => {
    const release = await makeRelease(t);
    const res = await t.request('POST', `/releases/${release.id}/features`, { feature: { name: 'With extras', colour_of_the_day: 'blue' } });
    expect(res.status, res.text).toBe(200);
  });
});
