// API tests of initiatives (operation 11, show, update, delete, product and account lists, their
// epics and features, operation 20): happy paths parsed with the contract, every rule's 422 naming
// its field, cycles in the roll-up tree, 404s, malformed requests, audit rows, nothing written after
// a refused write, and the roll-ups (children, features, epics, releases, dates, goals).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../src/contract/common';
import { epicPage } from '../src/contract/epics';
import { featureEnvelope, featurePage } from '../src/contract/features';
import { goalEnvelope, goalPage, initiativeEnvelope, initiativePage, initiativeSchema, type Initiative } from '../src/contract/initiatives';
import { releaseEnvelope } from '../src/contract/releases';
import { startTestService } from './test/harness';
import type { TestService } from './test/harness';
import { auditRows, deletionOf, expectFields, getOk, JSON_TYPE, makeInitiative, rowCounts, uniqueName } from './test/records';

let t: TestService;

/** Ids of records this file adds straight to the database (things the API only reads). */
const fixture = { frameId: 0, frameName: 'Test frame 2031', plnId: 0, mobId: 0, field: 'ti_risk' };

beforeAll(async () => {
  t = await startTestService();
  const db = t.service.store.db;
  const products = await db.selectFrom('products').select(['id', 'reference_prefix']).execute();
  fixture.plnId = products.find((p) => p.reference_prefix === 'PLN')?.id ?? 0;
  fixture.mobId = products.find((p) => p.reference_prefix === 'MOB')?.id ?? 0;
  const frame = await db
    .insertInto('time_frames')
    .values({
      product_id: fixture.plnId,
      name: fixture.frameName,
      start_date: '2031-01-01',
      end_date: '2031-03-31',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  fixture.frameId = frame.id;
  // A custom field of initiatives, defined here so the tests do not depend on the seed's.
  await db
    .insertInto('custom_field_definitions')
    .values({
      product_id: fixture.plnId,
      record_type: 'Initiative',
      key: fixture.field,
      name: 'Test risk',
      field_type: 'select',
      options: JSON.stringify(['Low', 'High']),
      position: 99,
    })
    .execute();
});

afterAll(async () => {
  await t.close();
});

const STATUS = { name: 'On track' };
/** Keys of epics written straight to the table, far above the product's counter. */
let rawEpicNum = 9000;

function post(initiative: unknown, extra: Record<string, unknown> = {}, product = 'PLN') {
  return t.request('POST', `/products/${product}/initiatives`, { initiative, ...extra });
}

const newInitiative = (initiative: Record<string, unknown> = {}, product = 'PLN'): Promise<Initiative> =>
  makeInitiative(t, initiative, product);

const getInitiative = async (id: string): Promise<Initiative> => (await getOk(t, `/initiatives/${id}`, initiativeEnvelope)).initiative;

function put(id: string, initiative: unknown) {
  return t.request('PUT', `/initiatives/${id}`, { initiative });
}

async function update(id: string, initiative: Record<string, unknown>): Promise<Initiative> {
  const res = await put(id, initiative);
  expect(res.status, res.text).toBe(200);
  return initiativeEnvelope.parse(res.body).initiative;
}

async function newGoal(goal: Record<string, unknown> = {}, product = 'PLN') {
  const res = await t.request('POST', `/products/${product}/goals`, {
    goal: { name: uniqueName('Goal'), ...goal },
  });
  expect(res.status, res.text).toBe(200);
  return goalEnvelope.parse(res.body).goal;
}

const audits = (type: string, id: string) => auditRows(t, type, id);

/** What a refused write must leave untouched: rows, counters, audit rows, links. */
async function snapshot() {
  const counters = await t.service.store.db.selectFrom('products').select('next_initiative_num').where('id', '=', fixture.plnId);
  const { next_initiative_num: next } = await counters.executeTakeFirstOrThrow();
  return { ...(await rowCounts(t, ['initiatives', 'audits', 'initiative_goals', 'custom_field_values'])), next };
}

/** An epic straight in the database (the epic API is another kind's): in PLN-R-2, status "In progress". */
async function insertEpic(initiativeId: string, extra: { progress?: number; start_date?: string; due_date?: string } = {}) {
  const db = t.service.store.db;
  const release = await db
    .selectFrom('releases')
    .select(['id', 'product_id'])
    .where('reference_num', '=', 'PLN-R-2')
    .executeTakeFirstOrThrow();
  const status = await db
    .selectFrom('workflow_statuses as ws')
    .innerJoin('workflows as w', 'w.id', 'ws.workflow_id')
    .select('ws.id')
    .where('w.product_id', '=', release.product_id)
    .where('w.statusable_type', '=', 'Epic')
    .where('ws.name', '=', 'In progress')
    .executeTakeFirstOrThrow();
  const ts = new Date().toISOString();
  const row = await db
    .insertInto('epics')
    .values({
      product_id: release.product_id,
      release_id: release.id,
      reference_num: `PLN-E-${++rawEpicNum}`,
      name: uniqueName('Epic'),
      workflow_status_id: status.id,
      initiative_id: Number(initiativeId),
      ...extra,
      created_at: ts,
      updated_at: ts,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

async function listPage(path: string) {
  const res = await t.get(path);
  expect(res.status, res.text).toBe(200);
  return initiativePage.parse(res.body);
}

describe('POST /products/:product_id/initiatives (operation 11)', () => {
  it('creates an initiative with every field and answers the whole record', async () => {
    const goal = await newGoal();
    const parent = await newInitiative();
    const res = await post({
      name: 'Win the enterprise',
      workflow_status: { name: 'at risk' },
      assigned_to_user: 'morgan@planner.local',
      created_by: 'sam@planner.local',
      description: '<p>Land <strong>five</strong> logos</p>',
      effort: 13,
      value: 40.5,
      parent_id: parent.id,
      position: 7,
      presented: false,
      color: '#AABBCC',
      start_date: '2031-01-05',
      end_date: '2031-03-20',
      time_frame: fixture.frameName,
      progress_source: 'progress_manual',
      progress: 35,
      duration_source: 'duration_manual',
      goals: [goal.reference_num],
      custom_fields: { [fixture.field]: 'high' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toBe(JSON_TYPE);
    const { initiative } = initiativeEnvelope.parse(res.body);
    expect(initiative.reference_num).toMatch(/^PLN-S-\d+$/);
    expect(initiative).toMatchObject({
      name: 'Win the enterprise',
      effort: 13,
      value: 40.5,
      parent_id: parent.id,
      parent: { id: parent.id, name: parent.name, reference_num: parent.reference_num },
      position: 7,
      presented: false,
      color: '#aabbcc',
      start_date: '2031-01-05',
      end_date: '2031-03-20',
      time_frame: {
        id: String(fixture.frameId),
        name: fixture.frameName,
        start_date: '2031-01-01',
        end_date: '2031-03-31',
      },
      progress: 35,
      progress_source: 'progress_manual',
      duration_source: 'duration_manual',
      children_count: 0,
      epics_count: 0,
      features_count: 0,
      status_changed_on: null,
      goals: [{ id: goal.id, name: goal.name, reference_num: goal.reference_num }],
    });
    expect(initiative.workflow_status.name).toBe('At risk');
    expect(initiative.assigned_to_user?.email).toBe('morgan@planner.local');
    expect(initiative.created_by_user?.email).toBe('sam@planner.local');
    expect(initiative.description?.body).toBe('<p>Land <strong>five</strong> logos</p>');
    expect(initiative.custom_fields).toEqual([expect.objectContaining({ key: fixture.field, type: 'select', value: 'High' })]);
    expect(initiative.url).toBe(`${t.url}/initiatives/${initiative.reference_num}`);
    expect(initiative.resource).toBe(`${t.url}/api/v1/initiatives/${initiative.reference_num}`);
    expect((await getInitiative(parent.id)).children_count).toBe(1);
  });

  it('defaults: creator is the caller, manual sources, presented, placed last', async () => {
    const a = await newInitiative();
    const b = await newInitiative();
    expect(a).toMatchObject({
      progress_source: 'progress_manual',
      duration_source: 'duration_manual',
      presented: true,
      parent_id: null,
      parent: null,
      assigned_to_user: null,
      time_frame: null,
      goals: [],
      custom_fields: [],
      progress: null,
    });
    expect(a.created_by_user?.email).toBe('admin@planner.local');
    expect(b.position ?? 0).toBeGreaterThan(a.position ?? 0);
  });

  it('allocates reference numbers from the product counter', async () => {
    const a = await newInitiative();
    const b = await newInitiative();
    const n = (i: Initiative) => Number(i.reference_num.split('-').pop());
    expect(n(b)).toBe(n(a) + 1);
    expect((await snapshot()).next).toBe(n(b) + 1);
  });

  it('answers only the fields asked for with the top-level fields', async () => {
    const res = await post({ name: uniqueName('Fields'), workflow_status: STATUS }, { fields: 'name,reference_num' });
    expect(res.status, res.text).toBe(200);
    const body = res.body as { initiative: Record<string, unknown> };
    expect(Object.keys(body.initiative).sort()).toEqual(['id', 'name', 'reference_num']);
  });

  it('accepts the product by id and creates in another product', async () => {
    const mob = await newInitiative({}, String(fixture.mobId));
    expect(mob.reference_num).toMatch(/^MOB-S-\d+$/);
    expect(mob.product_id).toBe(String(fixture.mobId));
  });

  it('requires workflow_status on create', async () => {
    const before = await snapshot();
    expectFields(await post({ name: 'No status' }), 'workflow_status');
    expect(await snapshot()).toEqual(before);
  });

  it('requires a name that is not blank, with the status problem in the same answer', async () => {
    const errors = expectFields(await post({}), 'name', 'workflow_status');
    expect(errors.name).toEqual(["can't be blank"]);
    expectFields(await post({ name: '   ', workflow_status: STATUS }), 'name');
  });

  it('refuses a status that is not an Initiative status of the product', async () => {
    expectFields(await post({ name: 'X', workflow_status: { name: 'Shipped' } }), 'workflow_status');
    expectFields(await post({ name: 'X', workflow_status: { name: 'In progress' } }), 'workflow_status');
  });

  it('reports every broken rule of a body at once and writes nothing', async () => {
    const before = await snapshot();
    const res = await post({
      name: 'Everything wrong',
      workflow_status: { name: 'Nope' },
      assigned_to_user: 'ghost@planner.local',
      created_by: 'nobody@planner.local',
      effort: -1,
      value: 2_000_000,
      parent_id: '99999999',
      time_frame: 'Q9 1999',
      progress_source: 'progress_from_children',
      progress: 20,
      duration_source: 'duration_from_nowhere',
      start_date: '2031-05-01',
      end_date: '2031-04-01',
      goals: ['No such goal'],
      custom_fields: { [fixture.field]: 'Medium', no_such_field: 'x' },
      color: 'red',
    });
    const errors = expectFields(
      res,
      'workflow_status',
      'assigned_to_user',
      'created_by',
      'effort',
      'value',
      'parent_id',
      'time_frame',
      'progress',
      'duration_source',
      'end_date',
      'goals',
      `custom_fields.${fixture.field}`,
      'custom_fields.no_such_field',
      'color',
    );
    expect(errors.progress?.[0]).toMatch(/progress_manual/);
    expect(await snapshot()).toEqual(before);
  });

  it('checks progress range, progress_source values and real dates', async () => {
    expectFields(await post({ name: 'P', workflow_status: STATUS, progress: 101 }), 'progress');
    expectFields(await post({ name: 'P', workflow_status: STATUS, progress_source: 'progress_from_todos' }), 'progress_source');
    expectFields(await post({ name: 'P', workflow_status: STATUS, start_date: '2031-02-30' }), 'start_date');
    expectFields(await post({ name: 'P', workflow_status: STATUS, end_date: '31/12/2031' }), 'end_date');
  });

  it('answers wrong JSON types with 422 on the field, never 500', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 5 }, 'name'],
      [{ workflow_status: ['On track'] }, 'workflow_status'],
      [{ presented: 'yes' }, 'presented'],
      [{ goals: 'PLN-G-1' }, 'goals'],
      [{ goals: [{}] }, 'goals'],
      [{ parent_id: { id: 1 } }, 'parent_id'],
      [{ parent_id: 'PLN-S-1' }, 'parent_id'],
      [{ custom_fields: ['x'] }, 'custom_fields'],
      [{ effort: '3' }, 'effort'],
      [{ start_date: 20310101 }, 'start_date'],
      [{ position: 1.5 }, 'position'],
      [{ time_frame: { title: 'Q1' } }, 'time_frame'],
      [{ assigned_to_user: 7 }, 'assigned_to_user'],
    ];
    for (const [fields, field] of cases) {
      expectFields(await post({ name: 'Typed', workflow_status: STATUS, ...fields }), field);
    }
    expectFields(await post('not an object'), 'initiative');
    expectFields(await post([]), 'initiative');
    expectFields(await t.request('POST', '/products/PLN/initiatives', { name: 'No envelope' }), 'initiative');
  });

  it('answers malformed JSON and non-object bodies with 400', async () => {
    const bad = await t.request('POST', '/products/PLN/initiatives', undefined, {
      rawBody: '{"initiative": {"name": ',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(bad.status).toBe(400);
    expect(errorBodySchema.parse(bad.body).error).toMatch(/Malformed JSON/);
    const list = await t.request('POST', '/products/PLN/initiatives', undefined, {
      rawBody: '[1, 2]',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(list.status).toBe(400);
  });

  it('404s for an unknown product', async () => {
    const res = await post({ name: 'X', workflow_status: STATUS }, {}, 'NOPE');
    expect(res.status).toBe(404);
    errorBodySchema.parse(res.body);
  });
});

describe('GET and PUT /initiatives/:id', () => {
  it('shows by id or key (any case) and honours fields', async () => {
    const i = await newInitiative();
    expect((await getInitiative(i.reference_num.toLowerCase())).id).toBe(i.id);
    expect((await getInitiative(i.id)).reference_num).toBe(i.reference_num);
    const res = await t.get(`/initiatives/${i.id}?fields=name,progress`);
    expect(Object.keys(res.body as object).length).toBe(1);
    expect(Object.keys((res.body as { initiative: object }).initiative).sort()).toEqual(['id', 'name', 'progress']);
  });

  it('404s for unknown ids and keys', async () => {
    for (const path of [
      '/initiatives/99999999',
      '/initiatives/PLN-S-99999',
      '/initiatives/99999999/goals',
      '/initiatives/PLN-S-99999/features',
      '/initiatives/99999999/epics',
      '/products/NOPE/initiatives',
    ]) {
      const res = await t.get(path);
      expect(res.status, path).toBe(404);
      errorBodySchema.parse(res.body);
    }
    expect((await put('99999999', { name: 'x' })).status).toBe(404);
    expect((await t.request('DELETE', '/initiatives/PLN-S-99999')).status).toBe(404);
  });

  it('updates fields, records the status change and audits old → new', async () => {
    const i = await newInitiative({ effort: 3 });
    const updated = await update(i.reference_num, {
      name: 'Renamed',
      workflow_status: { name: 'Off track' },
      effort: 8,
      assigned_to_user: 'sam@planner.local',
      description: '<p>Why</p>',
    });
    expect(updated).toMatchObject({ name: 'Renamed', effort: 8 });
    expect(updated.workflow_status.name).toBe('Off track');
    expect(updated.status_changed_on).toBe(new Date().toISOString().slice(0, 10));
    expect(updated.assigned_to_user?.email).toBe('sam@planner.local');
    const rows = await audits('Initiative', i.id);
    expect(rows.map((r) => r.audit_action)).toEqual(['create', 'update']);
    const changes = JSON.parse(rows[1]?.changes ?? '{}') as Record<string, [unknown, unknown]>;
    expect(changes.name).toEqual([i.name, 'Renamed']);
    expect(changes.effort).toEqual([3, 8]);
    expect(changes.workflow_status_id?.[0]).not.toEqual(changes.workflow_status_id?.[1]);

    // Clearing with null and "".
    const cleared = await update(i.id, { assigned_to_user: null, description: '', effort: null });
    expect(cleared).toMatchObject({ assigned_to_user: null, description: null, effort: null });
  });

  it('writes nothing for an update that changes nothing', async () => {
    const i = await newInitiative({ effort: 5 });
    const again = await update(i.id, { name: i.name, effort: 5 });
    expect(again.updated_at).toBe(i.updated_at);
    expect((await audits('Initiative', i.id)).length).toBe(1);
  });

  it('accepts progress only under manual progress, also as stored', async () => {
    const i = await newInitiative({ progress_source: 'progress_from_features' });
    expectFields(await put(i.id, { progress: 10 }), 'progress');
    const manual = await update(i.id, { progress_source: 'progress_manual', progress: 10 });
    expect(manual.progress).toBe(10);
    // A cleared progress under a computed source is ignored rather than refused.
    const res = await put(i.id, { progress_source: 'progress_from_children', progress: null });
    expect(res.status, res.text).toBe(200);
  });

  it('checks dates against stored ones, with the message on the date sent', async () => {
    const i = await newInitiative({ start_date: '2031-03-01', end_date: '2031-04-01' });
    expectFields(await put(i.id, { end_date: '2031-02-01' }), 'end_date');
    expectFields(await put(i.id, { start_date: '2031-05-01' }), 'start_date');
    expect((await update(i.id, { start_date: null })).start_date).toBeNull();
  });

  it('refuses a failing update as a whole and writes nothing', async () => {
    const i = await newInitiative({ effort: 1 });
    const before = await snapshot();
    const res = await put(i.id, {
      name: 'Half',
      effort: 2,
      goals: ['Nope'],
      custom_fields: { [fixture.field]: 'Extreme' },
    });
    expectFields(res, 'goals', `custom_fields.${fixture.field}`);
    expect(await snapshot()).toEqual(before);
    expect(await getInitiative(i.id)).toMatchObject({ name: i.name, effort: 1 });
  });

  it('sets and clears custom fields, audited', async () => {
    const i = await newInitiative();
    const set = await update(i.id, { custom_fields: { [fixture.field]: 'Low' } });
    expect(set.custom_fields.map((f) => [f.key, f.value])).toEqual([[fixture.field, 'Low']]);
    const cleared = await update(i.id, { custom_fields: { [fixture.field]: null } });
    expect(cleared.custom_fields).toEqual([]);
    const last = (await audits('Initiative', i.id)).at(-1);
    expect(JSON.parse(last?.changes ?? '{}')).toEqual({
      custom_fields: [{ [fixture.field]: 'Low' }, { [fixture.field]: null }],
    });
  });
});

describe('the roll-up tree (parent_id)', () => {
  it('refuses cycles: itself, a child, a grandchild', async () => {
    const a = await newInitiative();
    const b = await newInitiative({ parent_id: a.id });
    const c = await newInitiative({ parent_id: Number(b.id) });
    const before = await snapshot();
    expect(expectFields(await put(a.id, { parent_id: c.id }), 'parent_id').parent_id?.[0]).toMatch(/would make a cycle/);
    expect(expectFields(await put(a.id, { parent_id: b.id }), 'parent_id').parent_id?.[0]).toMatch(/would make a cycle/);
    expect(expectFields(await put(a.id, { parent_id: a.id }), 'parent_id').parent_id?.[0]).toMatch(/would make a cycle/);
    expect(await snapshot()).toEqual(before);
    // Moving the other way round is fine, and so is a parent in another product of the account.
    const mob = await newInitiative({}, 'MOB');
    expect((await update(c.id, { parent_id: a.id })).parent_id).toBe(a.id);
    expect((await update(a.id, { parent_id: mob.id })).parent?.reference_num).toBe(mob.reference_num);
    expect((await update(a.id, { parent_id: null })).parent).toBeNull();
    expect((await getInitiative(a.id)).children_count).toBe(2);
  });

  it('refuses an unknown parent', async () => {
    expectFields(await post({ name: 'Orphan', workflow_status: STATUS, parent_id: '99999999' }), 'parent_id');
  });
});

describe('GET /products/:product_id/initiatives and GET /initiatives', () => {
  it("lists a product's initiatives whole (as hosted) and the account's compact (with status, effort, value, presented), by position then id, paged", async () => {
    const page = await listPage('/products/PLN/initiatives?per_page=200');
    expect(page.initiatives.length).toBeGreaterThan(3);
    for (const i of page.initiatives) initiativeSchema.parse(i);
    const account = await listPage('/initiatives?per_page=5');
    for (const i of account.initiatives) {
      expect(Object.keys(i).sort()).toEqual([
        'created_at',
        'effort',
        'id',
        'name',
        'presented',
        'product_id',
        'reference_num',
        'resource',
        'status',
        'url',
        'value',
      ]);
    }
    const rows = await t.service.store.db
      .selectFrom('initiatives')
      .select(['id', 'position'])
      .where('product_id', '=', fixture.plnId)
      .execute();
    const expected = [...rows].sort((x, y) => (x.position ?? Infinity) - (y.position ?? Infinity) || x.id - y.id).map((r) => String(r.id));
    expect(page.initiatives.map((i) => i.id)).toEqual(expected);
    expect(page.pagination.total_records).toBe(rows.length);

    const second = await listPage('/products/PLN/initiatives?per_page=2&page=2');
    expect(second.initiatives.map((i) => i.id)).toEqual(expected.slice(2, 4));
    expect(second.pagination).toEqual({
      total_records: rows.length,
      total_pages: Math.ceil(rows.length / 2),
      current_page: 2,
    });
  });

  it('answers whole records with fields=* and chosen ones with a list', async () => {
    const all = await listPage('/products/PLN/initiatives?fields=*&per_page=5');
    for (const i of all.initiatives) initiativeSchema.parse(i);
    const some = await listPage('/products/PLN/initiatives?fields=name,children_count&per_page=5');
    for (const i of some.initiatives) expect(Object.keys(i).sort()).toEqual(['children_count', 'id', 'name']);
  });

  it('filters by parent_id (null for roots, an id or a key)', async () => {
    const root = await newInitiative();
    const child = await newInitiative({ parent_id: root.id });
    const roots = await listPage('/products/PLN/initiatives?parent_id=null&per_page=200&fields=parent_id');
    expect(roots.initiatives.every((i) => i.parent_id === null)).toBe(true);
    expect(roots.initiatives.map((i) => i.id)).toContain(root.id);
    expect(roots.initiatives.map((i) => i.id)).not.toContain(child.id);
    const children = await listPage(`/products/PLN/initiatives?parent_id=${root.reference_num}`);
    expect(children.initiatives.map((i) => i.id)).toEqual([child.id]);
    expect((await listPage(`/initiatives?parent_id=${root.id}`)).initiatives.map((i) => i.id)).toEqual([child.id]);
    expect((await listPage('/initiatives?parent_id=99999999')).pagination.total_records).toBe(0);
  });

  it('filters by q, workflow_status, assigned_to_user and updated_since', async () => {
    const tag = `Zebra${Date.now()}`;
    const a = await newInitiative({
      name: `${tag} alpha`,
      workflow_status: { name: 'Off track' },
      assigned_to_user: 'sam@planner.local',
    });
    const b = await newInitiative({ name: `${tag} beta` });
    const byName = await listPage(`/products/PLN/initiatives?q=${tag.toLowerCase()}`);
    expect(byName.initiatives.map((i) => i.id)).toEqual([a.id, b.id]);
    const offTrack = await listPage(`/products/PLN/initiatives?q=${tag}&workflow_status=off%20track`);
    expect(offTrack.initiatives.map((i) => i.id)).toEqual([a.id]);
    const statusId = (await getInitiative(a.id)).workflow_status.id;
    expect((await listPage(`/initiatives?q=${tag}&workflow_status=${statusId}`)).initiatives.map((i) => i.id)).toEqual([a.id]);
    const sams = await listPage(`/products/PLN/initiatives?q=${tag}&assigned_to_user=sam@planner.local`);
    expect(sams.initiatives.map((i) => i.id)).toEqual([a.id]);
    expect((await listPage('/products/PLN/initiatives?assigned_to_user=ghost@x.y')).initiatives).toEqual([]);
    expect((await listPage('/products/PLN/initiatives?workflow_status=Nope')).initiatives).toEqual([]);
    const since = await listPage(`/products/PLN/initiatives?updated_since=${encodeURIComponent(b.updated_at)}&q=${tag}`);
    expect(since.initiatives.map((i) => i.id)).not.toContain(a.id);
  });

  it('filters by custom_fields[<key>]=<value>', async () => {
    const high = await newInitiative({ custom_fields: { [fixture.field]: 'High' } });
    const low = await newInitiative({ custom_fields: { [fixture.field]: 'Low' } });
    const page = await listPage(`/products/PLN/initiatives?custom_fields[${fixture.field}]=high&per_page=200`);
    const found = page.initiatives.map((i) => i.id);
    expect(found).toContain(high.id);
    expect(found).not.toContain(low.id);
    expect((await listPage(`/initiatives?custom_fields[${fixture.field}]=Low&per_page=200`)).initiatives.map((i) => i.id)).toContain(
      low.id,
    );
    expect((await listPage('/initiatives?custom_fields[no_such]=x')).initiatives).toEqual([]);
    expect((await t.get('/initiatives?custom_fields=x')).status).toBe(400);
  });

  it('lists the whole account on /initiatives', async () => {
    const mob = await newInitiative({}, 'MOB');
    const page = await listPage('/initiatives?per_page=200');
    expect(page.initiatives.map((i) => i.id)).toContain(mob.id);
    expect(new Set(page.initiatives.map((i) => i.product_id)).size).toBe(2);
  });

  it('answers 400 for bad paging parameters', async () => {
    expect((await t.get('/products/PLN/initiatives?per_page=500')).status).toBe(400);
    expect((await t.get('/initiatives?page=0')).status).toBe(400);
    expect((await t.get('/initiatives?updated_since=yesterday')).status).toBe(400);
  });
});

describe('GET /initiatives/:initiative_id/goals (operation 20) and the goal link', () => {
  it("lists the goals of an initiative, paged, and follows the body's goals array", async () => {
    const g1 = await newGoal({ position: 1 });
    const g2 = await newGoal({ position: 2 });
    const i = await newInitiative({ goals: [g2.name, g1.id] });
    expect(i.goals.map((g) => g.id)).toEqual([g1.id, g2.id]);
    const res = await t.get(`/initiatives/${i.id}/goals`);
    expect(res.status, res.text).toBe(200);
    const page = goalPage.parse(res.body);
    expect(page.goals.map((g) => g.id)).toEqual([g1.id, g2.id]);
    expect(page.pagination.total_records).toBe(2);
    const one = goalPage.parse((await t.get(`/initiatives/${i.reference_num}/goals?per_page=1&page=2&fields=*`)).body);
    expect(one.goals.map((g) => g.id)).toEqual([g2.id]);
    expect(one.goals[0]?.initiatives?.map((x) => x.id)).toEqual([i.id]);

    // The set is replaced; [] clears it; goals of another product are refused.
    expect((await update(i.id, { goals: [g2.reference_num] })).goals.map((g) => g.id)).toEqual([g2.id]);
    const mobGoal = await newGoal({}, 'MOB');
    expectFields(await put(i.id, { goals: [mobGoal.reference_num] }), 'goals');
    expect((await update(i.id, { goals: [] })).goals).toEqual([]);
    const changes = (await audits('Initiative', i.id)).map((r) => JSON.parse(r.changes) as Record<string, unknown>);
    expect(changes.at(-1)?.goal_ids).toEqual([[Number(g2.id)], []]);
  });
});

describe('GET /initiatives/:id/features and /epics', () => {
  it('lists the features that name the initiative, with the feature list language', async () => {
    const i = await newInitiative();
    const res = await t.request('POST', '/releases/PLN-R-2/features', {
      feature: { name: uniqueName('Linked feature'), initiative: i.reference_num },
    });
    expect(res.status, res.text).toBe(200);
    const feature = featureEnvelope.parse(res.body).feature;
    const page = featurePage.parse((await t.get(`/initiatives/${i.id}/features?fields=name,initiative`)).body);
    expect(page.features.map((f) => f.id)).toEqual([feature.id]);
    expect(page.features[0]?.initiative?.id).toBe(i.id);
    expect((await getInitiative(i.id)).features_count).toBe(1);
  });

  it('lists the epics that name the initiative', async () => {
    const i = await newInitiative();
    const epic = await insertEpic(i.id);
    const res = await t.get(`/initiatives/${i.reference_num}/epics`);
    expect(res.status, res.text).toBe(200);
    expect(epicPage.parse(res.body).epics.map((e) => e.id)).toEqual([epic]);
    expect((await getInitiative(i.id)).epics_count).toBe(1);
  });
});

describe('roll-ups', () => {
  it('progress_from_children follows the children, complete ones counting 100, up the chain', async () => {
    const top = await newInitiative({ progress_source: 'progress_from_children' });
    const parent = await newInitiative({
      parent_id: top.id,
      progress_source: 'progress_from_children_with_dependents',
    });
    const a = await newInitiative({ parent_id: parent.id, progress: 20 });
    const b = await newInitiative({ parent_id: parent.id, progress: 60 });
    expect((await getInitiative(parent.id)).progress).toBe(40);
    expect((await getInitiative(top.id)).progress).toBe(40);
    await update(a.id, { progress: 40 });
    expect((await getInitiative(parent.id)).progress).toBe(50);
    await update(b.id, { workflow_status: { name: 'Done' } });
    expect((await getInitiative(parent.id)).progress).toBe(70);
    expect((await getInitiative(top.id)).progress).toBe(70);
    // Moving a child out recomputes the parent it left.
    await update(b.id, { parent_id: null });
    expect((await getInitiative(parent.id)).progress).toBe(40);
    // No audit rows for derived values.
    expect((await audits('Initiative', parent.id)).length).toBe(1);
  });

  it("duration_from_children follows the children's dates", async () => {
    const parent = await newInitiative({
      duration_source: 'duration_from_children',
      start_date: '2030-01-01',
      end_date: '2030-01-31',
    });
    expect(parent.start_date).toBe('2030-01-01'); // no dated children: the dates stay
    const a = await newInitiative({ parent_id: parent.id, start_date: '2031-02-01', end_date: '2031-03-01' });
    await newInitiative({ parent_id: parent.id, start_date: '2031-01-15', end_date: '2031-02-15' });
    expect(await getInitiative(parent.id)).toMatchObject({
      start_date: '2031-01-15',
      end_date: '2031-03-01',
    });
    await update(a.id, { end_date: '2031-06-30' });
    expect((await getInitiative(parent.id)).end_date).toBe('2031-06-30');
  });

  it('features feed progress_from_features, _completed and duration_from_features_epics', async () => {
    const mean = await newInitiative({
      progress_source: 'progress_from_features',
      duration_source: 'duration_from_features_epics',
    });
    const share = await newInitiative({ progress_source: 'progress_from_features_completed' });
    const feature = async (initiative: Initiative, extra: Record<string, unknown>) => {
      const res = await t.request('POST', '/releases/PLN-R-2/features', {
        feature: { name: uniqueName('Rollup feature'), initiative: initiative.id, ...extra },
      });
      expect(res.status, res.text).toBe(200);
      return featureEnvelope.parse(res.body).feature;
    };
    const f1 = await feature(mean, { progress: 50, start_date: '2031-04-01', due_date: '2031-04-10' });
    await feature(mean, {
      workflow_status: { name: 'Shipped' },
      start_date: '2031-03-01',
      due_date: '2031-05-01',
    });
    expect(await getInitiative(mean.id)).toMatchObject({
      progress: 75,
      start_date: '2031-03-01',
      end_date: '2031-05-01',
    });
    const res = await t.request('PUT', `/features/${f1.id}`, { feature: { progress: 100 } });
    expect(res.status, res.text).toBe(200);
    expect((await getInitiative(mean.id)).progress).toBe(100);

    await feature(share, { progress: 90 });
    await feature(share, { workflow_status: { name: 'Shipped' } });
    await feature(share, { workflow_status: { name: 'Will not implement' } });
    expect((await getInitiative(share.id)).progress).toBe(67);
    // Moving a feature away recomputes the initiative it left.
    await t.request('PUT', `/features/${f1.id}`, { feature: { initiative: share.id } });
    expect((await getInitiative(mean.id)).progress).toBe(100);
    expect((await getInitiative(share.id)).progress).toBe(50);
  });

  it('epics feed progress_from_epics and duration_from_features_epics', async () => {
    const i = await newInitiative();
    await insertEpic(i.id, { progress: 30, start_date: '2031-07-01', due_date: '2031-08-01' });
    await insertEpic(i.id, { progress: 70, start_date: '2031-07-01', due_date: '2031-09-01' });
    const switched = await update(i.id, {
      progress_source: 'progress_from_epics',
      duration_source: 'duration_from_features_epics',
    });
    expect(switched).toMatchObject({ progress: 50, start_date: '2031-07-01', end_date: '2031-09-01' });
  });

  it('linked releases feed progress_from_releases and duration_from_releases', async () => {
    const i = await newInitiative({
      progress_source: 'progress_from_releases',
      duration_source: 'duration_from_releases',
    });
    const res = await t.request('POST', '/products/PLN/releases', {
      release: {
        name: uniqueName('Linked release'),
        initiatives: [i.id],
        progress: 30,
        start_date: '2032-01-01',
        release_date: '2032-02-01',
      },
    });
    expect(res.status, res.text).toBe(200);
    const release = releaseEnvelope.parse(res.body).release;
    expect(await getInitiative(i.id)).toMatchObject({
      progress: 30,
      start_date: '2032-01-01',
      end_date: '2032-02-01',
    });
    const moved = await t.request('PUT', `/releases/${release.id}`, {
      release: { progress: 80, release_date: '2032-03-01' },
    });
    expect(moved.status, moved.text).toBe(200);
    expect(await getInitiative(i.id)).toMatchObject({ progress: 80, end_date: '2032-03-01' });
  });

  it('goals with progress_from_initiatives follow their initiatives', async () => {
    const a = await newInitiative({ progress: 20 });
    const b = await newInitiative({ progress: 80 });
    const goal = await newGoal({
      progress_source: 'progress_from_initiatives',
      initiatives: [a.reference_num, b.name],
    });
    expect(goal.progress).toBe(50);
    await update(a.id, { progress: 40 });
    const read = async () => goalEnvelope.parse((await t.get(`/goals/${goal.id}`)).body).goal;
    expect((await read()).progress).toBe(60);
    await update(b.id, { goals: [] });
    expect((await read()).progress).toBe(40);
  });
});

describe('DELETE /initiatives/:id', () => {
  it('moves children up, unlinks work and goals, keeps it all in the recycle bin', async () => {
    const top = await newInitiative({ progress_source: 'progress_from_children' });
    const doomed = await newInitiative({ parent_id: top.id, progress: 10 });
    const child = await newInitiative({ parent_id: doomed.id, progress: 90 });
    const goal = await newGoal({
      progress_source: 'progress_from_initiatives',
      initiatives: [doomed.id, child.id],
    });
    const res = await t.request('POST', '/releases/PLN-R-2/features', {
      feature: { name: uniqueName('Doomed link'), initiative: doomed.id },
    });
    const feature = featureEnvelope.parse(res.body).feature;

    const del = await t.request('DELETE', `/initiatives/${doomed.reference_num}`);
    expect(del.status, del.text).toBe(204);
    expect(del.text).toBe('');
    expect((await t.get(`/initiatives/${doomed.id}`)).status).toBe(404);
    expect((await getInitiative(child.id)).parent_id).toBe(top.id);
    expect((await getInitiative(top.id)).progress).toBe(90);
    const linked = featureEnvelope.parse((await t.get(`/features/${feature.id}`)).body).feature;
    expect(linked.initiative).toBeNull();
    const g = goalEnvelope.parse((await t.get(`/goals/${goal.id}`)).body).goal;
    expect(g.initiatives.map((x) => x.id)).toEqual([child.id]);
    expect(g.progress).toBe(90);

    const bin = await deletionOf(t, 'Initiative', doomed.id);
    const payload = JSON.parse(bin.payload) as Record<string, unknown[]>;
    expect(payload.initiatives).toHaveLength(1);
    const links = JSON.parse(bin.links) as Record<string, unknown[]>;
    expect(links.initiative_children).toEqual([{ id: Number(child.id), parent_id: Number(doomed.id) }]);
    expect(links.features).toEqual([{ id: Number(feature.id), initiative_id: Number(doomed.id) }]);
    expect(payload.initiative_goals).toHaveLength(1);
    expect((await audits('Initiative', doomed.id)).at(-1)?.audit_action).toBe('destroy');
    expect(JSON.parse((await audits('Initiative', child.id)).at(-1)?.changes ?? '{}')).toEqual({
      parent_id: [Number(doomed.id), Number(top.id)],
    });
    expect(JSON.parse((await audits('Feature', feature.id)).at(-1)?.changes ?? '{}')).toEqual({
      initiative_id: [Number(doomed.id), null],
    });
  });
});
