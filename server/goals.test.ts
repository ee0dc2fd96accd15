// API tests of goals (create, show by id or key, update, a product's list) and a product's time frames:
// happy paths parsed with the contract, defaults, `fields`, every rule's 422 naming its field (never a
// 500 for a wrong JSON type), 400/401/404, audit rows, and nothing written after a refused write. The
// link from the initiative's side (`goals` in an initiative body, operation 20) is in
// initiatives.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../src/contract/common';
import { goalEnvelope, goalPage, initiativeEnvelope, timeFramePage, type Goal } from '../src/contract/initiatives';
import { isRealDate } from '../src/domain/dates';
import { apiClient } from './test/client';
import type { ApiClient, OpKey } from './test/client';
import { startTestService } from './test/harness';
import type { TestService } from './test/harness';
import { auditRows, expectFields, expectOnlyFields, JSON_TYPE, rowCounts, uniqueName } from './test/records';

let t: TestService;
let api: ApiClient;

/**
 * Time frames come from no API (the service only reads them) and the demo seed's sit around today, so
 * this file adds its own, dated years later so they list after the seeded ones: two dated PLN frames inserted out of date order, an undated one, one whose name is
 * made of digits (id-versus-name look-ups), one with a non-ASCII capital and one of MOB.
 */
const fixture = {
  plnId: 0,
  mobId: 0,
  adminId: 0,
  q1: { id: 0, name: 'FY2031 Q1', start_date: '2031-01-01', end_date: '2031-03-31' },
  h2: { id: 0, name: 'FY2030 H2', start_date: '2030-07-01', end_date: '2030-12-31' },
  someday: { id: 0, name: 'Someday', start_date: null as string | null, end_date: null as string | null },
  digits: { id: 0, name: '', start_date: '2032-01-01', end_date: '2032-12-31' },
  mob: { id: 0, name: 'MOB 2031', start_date: '2031-01-01', end_date: '2031-12-31' },
  /** A capital non-ASCII letter: SQLite's lower() leaves it as it is. */
  accented: { id: 0, name: 'Ökologie Q2', start_date: '2031-04-01', end_date: '2031-06-30' },
  /** The seeded PLN frames' full shapes, in list order (they start before this file's frames). */
  seededPln: [] as {
    id: string;
    name: string;
    start_date: string | null;
    end_date: string | null;
    product_id: string;
  }[],
  initiativeA: { id: '', name: '', reference_num: '' },
  initiativeB: { id: '', name: '', reference_num: '' },
  mobInitiative: { id: '', name: '', reference_num: '' },
};

beforeAll(async () => {
  t = await startTestService();
  api = apiClient(t);
  const db = t.service.store.db;
  const products = await db.selectFrom('products').select(['id', 'reference_prefix']).execute();
  fixture.plnId = products.find((p) => p.reference_prefix === 'PLN')?.id ?? 0;
  fixture.mobId = products.find((p) => p.reference_prefix === 'MOB')?.id ?? 0;
  fixture.adminId = (await db.selectFrom('users').select('id').where('email', '=', 'admin@planner.local').executeTakeFirstOrThrow()).id;
  const insert = async (productId: number, f: { name: string; start_date: string | null; end_date: string | null }) =>
    (
      await db
        .insertInto('time_frames')
        .values({ product_id: productId, name: f.name, start_date: f.start_date, end_date: f.end_date })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  fixture.seededPln = (
    await db
      .selectFrom('time_frames')
      .select(['id', 'name', 'start_date', 'end_date', 'product_id'])
      .where('product_id', '=', fixture.plnId)
      .orderBy('start_date')
      .orderBy('id')
      .execute()
  ).map((f) => ({ ...f, id: String(f.id), product_id: String(f.product_id) }));
  fixture.q1.id = await insert(fixture.plnId, fixture.q1);
  fixture.someday.id = await insert(fixture.plnId, fixture.someday);
  fixture.h2.id = await insert(fixture.plnId, fixture.h2);
  fixture.mob.id = await insert(fixture.mobId, fixture.mob);
  fixture.accented.id = await insert(fixture.plnId, fixture.accented);
  // Named after another frame's id: a reference by that number must still mean the id.
  fixture.digits.name = String(fixture.q1.id);
  fixture.digits.id = await insert(fixture.plnId, fixture.digits);

  const initiative = async (product: string) => {
    const res = await api.call('POST /products/{product_id}/initiatives', {
      params: { product_id: product },
      body: {
        initiative: { name: uniqueName('Goal test initiative'), workflow_status: { name: 'On track' } },
      },
    });
    expect(res.status, res.text).toBe(200);
    return initiativeEnvelope.parse(res.body).initiative;
  };
  fixture.initiativeA = await initiative('PLN');
  fixture.initiativeB = await initiative('PLN');
  fixture.mobInitiative = await initiative('MOB');
});

afterAll(async () => {
  await t.close();
});

function post(goal: unknown, extra: Record<string, unknown> = {}, product = 'PLN') {
  return api.send('POST /products/{product_id}/goals', {
    params: { product_id: product },
    body: { goal, ...extra },
  });
}

async function newGoal(goal: Record<string, unknown> = {}, product = 'PLN'): Promise<Goal> {
  const res = await post({ name: uniqueName('Goal'), ...goal }, {}, product);
  expect(res.status, res.text).toBe(200);
  return goalEnvelope.parse(res.body).goal;
}

async function getGoal(idOrKey: string): Promise<Goal> {
  const res = await api.call('GET /goals/{id}', { params: { id: idOrKey } });
  expect(res.status, res.text).toBe(200);
  return goalEnvelope.parse(res.body).goal;
}

function put(id: string, goal: unknown, extra: Record<string, unknown> = {}) {
  return api.send('PUT /goals/{id}', { params: { id: id }, body: { goal, ...extra } });
}

async function update(id: string, goal: Record<string, unknown>): Promise<Goal> {
  const res = await put(id, goal);
  expect(res.status, res.text).toBe(200);
  return goalEnvelope.parse(res.body).goal;
}

async function audits(id: string) {
  const rows = await auditRows(t, 'Goal', id);
  return rows.map((r) => ({ ...r, changes: JSON.parse(r.changes) as Record<string, [unknown, unknown]> }));
}

/** What a refused write must leave untouched: rows, the key counter, audit rows, links. */
async function snapshot() {
  const product = await t.service.store.db
    .selectFrom('products')
    .select('next_goal_num')
    .where('id', '=', fixture.plnId)
    .executeTakeFirstOrThrow();
  return { ...(await rowCounts(t, ['goals', 'audits', 'initiative_goals'])), next: product.next_goal_num };
}

const keyNumber = (g: Pick<Goal, 'reference_num'>): number => Number(g.reference_num.split('-').pop());
const frameRef = (f: { id: number; name: string; start_date: string | null; end_date: string | null }) => ({
  id: String(f.id),
  name: f.name,
  start_date: f.start_date,
  end_date: f.end_date,
});
/** A linked initiative's head; links also carry when it was made, its addresses and description. */
const initiativeRef = (i: { id: string; name: string; reference_num: string }) =>
  expect.objectContaining({
    id: i.id,
    name: i.name,
    reference_num: i.reference_num,
    url: expect.stringContaining(i.reference_num),
  });

describe('POST /products/:product_id/goals', () => {
  it('creates a goal with every field and answers the whole record', async () => {
    const res = await post({
      name: '  Grow enterprise revenue  ',
      description: '<p>Double <strong>ARR</strong></p>',
      effort: 8,
      value: 42.5,
      color: '#AB12CD',
      position: 3,
      time_frame: 'fy2031 q1',
      progress_source: 'progress_manual',
      progress: 35,
      initiatives: [fixture.initiativeB.reference_num.toLowerCase(), fixture.initiativeA.name],
    });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toBe(JSON_TYPE);
    const g = goalEnvelope.parse(res.body).goal;
    expect(g.reference_num).toMatch(/^PLN-G-\d+$/);
    expect(g).toMatchObject({
      name: 'Grow enterprise revenue',
      product_id: String(fixture.plnId),
      effort: 8,
      value: 42.5,
      color: '#ab12cd',
      position: 3,
      progress: 35,
      progress_source: 'progress_manual',
      time_frame: frameRef(fixture.q1),
      created_by_user: { id: String(fixture.adminId), email: 'admin@planner.local' },
      url: `${t.url}/goals/${g.reference_num}`,
      resource: `${t.url}/api/v1/goals/${g.reference_num}`,
    });
    expect(g.description?.body).toBe('<p>Double <strong>ARR</strong></p>');
    // Linked initiatives come back in the product's order (position, then id), not as sent.
    expect(g.initiatives).toEqual([initiativeRef(fixture.initiativeA), initiativeRef(fixture.initiativeB)]);
    expect(g.created_at).toBe(g.updated_at);
    expect(Number.isNaN(Date.parse(g.created_at))).toBe(false);

    // The link is visible from the initiative's side too, and the create is audited with the links.
    const linked = initiativeEnvelope.parse(
      (await api.call('GET /initiatives/{id}', { params: { id: fixture.initiativeA.id } })).body,
    ).initiative;
    expect(linked.goals.map((x) => x.id)).toContain(g.id);
    const rows = await audits(g.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ audit_action: 'create', user_id: fixture.adminId });
    expect(rows[0]?.changes.name).toEqual([null, 'Grow enterprise revenue']);
    expect(rows[0]?.changes.initiative_ids).toEqual([
      null,
      [Number(fixture.initiativeA.id), Number(fixture.initiativeB.id)].sort((a, b) => a - b),
    ]);
    expect(rows[0]?.changes.time_frame_id).toEqual([null, fixture.q1.id]);
  });

  it('defaults: the caller as creator, manual progress, default colour, placed last, no links', async () => {
    const first = await newGoal();
    const second = await newGoal();
    expect(second).toMatchObject({
      description: null,
      effort: null,
      value: null,
      color: '#4f7cac',
      progress: null,
      progress_source: 'progress_manual',
      time_frame: null,
      initiatives: [],
      created_by_user: { email: 'admin@planner.local' },
    });
    expect(second.position).toBe((first.position ?? 0) + 1);
    // Keys come from the product counter: consecutive, PLN-G-n.
    expect(keyNumber(second)).toBe(keyNumber(first) + 1);
    const mob = await newGoal({}, String(fixture.mobId));
    expect(mob.reference_num).toMatch(/^MOB-G-\d+$/);
    expect(mob.product_id).toBe(String(fixture.mobId));
  });

  it('skips a key already taken instead of failing on it', async () => {
    const db = t.service.store.db;
    const { next_goal_num: next } = await db
      .selectFrom('products')
      .select('next_goal_num')
      .where('id', '=', fixture.plnId)
      .executeTakeFirstOrThrow();
    const ts = new Date().toISOString();
    await db
      .insertInto('goals')
      .values({
        product_id: fixture.plnId,
        reference_num: `PLN-G-${next}`,
        name: 'Imported',
        created_at: ts,
        updated_at: ts,
      })
      .execute();
    expect((await newGoal()).reference_num).toBe(`PLN-G-${next + 1}`);
  });

  it('answers only the fields asked for with the top-level fields', async () => {
    const res = await post({ name: uniqueName('Fielded') }, { fields: 'name,reference_num,nonsense' });
    expect(res.status, res.text).toBe(200);
    const body = res.body as { goal: Record<string, unknown> };
    expect(Object.keys(body.goal).sort()).toEqual(['id', 'name', 'reference_num']);
    const all = await post({ name: uniqueName('Fielded') }, { fields: '*' });
    goalEnvelope.parse(all.body);
    expectFields(await post({ name: 'F' }, { fields: 5 }), 'fields');
  });

  it('requires a name that is not blank, reported with the other problems of the body', async () => {
    expect(expectFields(await post({ effort: 1 }), 'name').name).toEqual(["can't be blank"]);
    expectFields(await post({ name: '   ' }), 'name');
    expectFields(await post({ name: null }), 'name');
    const errors = expectFields(await post({ description: 'x', value: -1, time_frame: 'Never' }), 'name', 'value', 'time_frame');
    expect(errors.time_frame?.[0]).toMatch(/Never/);
  });

  it('refuses over-long strings', async () => {
    const long = 'x'.repeat(256);
    expectFields(await post({ name: long }), 'name');
    expect((await post({ name: 'x'.repeat(255) })).status).toBe(200);
    expectFields(await post({ name: 'Long', description: 'x'.repeat(100_001) }), 'description');
    expectFields(await post({ name: 'Long', time_frame: long }), 'time_frame');
    expectFields(await post({ name: 'Long', initiatives: [long] }), 'initiatives');
    expectFields(await post({ name: 'Long', initiatives: Array.from({ length: 101 }, (_, i) => String(i + 1)) }), 'initiatives');
    expectFields(await post({ name: 'Long' }, { fields: 'x'.repeat(2_001) }), 'fields');
  });

  it('answers wrong JSON types with 422 on the field, never 500', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 5 }, 'name'],
      [{ name: ['Goal'] }, 'name'],
      [{ description: 5 }, 'description'],
      [{ effort: '3' }, 'effort'],
      [{ value: true }, 'value'],
      [{ effort: -1 }, 'effort'],
      [{ value: 1_000_001 }, 'value'],
      [{ color: 5 }, 'color'],
      [{ color: 'red' }, 'color'],
      [{ position: 1.5 }, 'position'],
      [{ position: '2' }, 'position'],
      [{ progress: '50' }, 'progress'],
      [{ progress: 101 }, 'progress'],
      [{ progress_source: 'progress_from_features' }, 'progress_source'],
      [{ progress_source: 1 }, 'progress_source'],
      [{ time_frame: { label: 'FY2031 Q1' } }, 'time_frame'],
      [{ time_frame: true }, 'time_frame'],
      [{ time_frame: -1 }, 'time_frame'],
      [{ initiatives: fixture.initiativeA.reference_num }, 'initiatives'],
      [{ initiatives: [{ id: 1 }] }, 'initiatives'],
      [{ initiatives: [0] }, 'initiatives'],
    ];
    for (const [fields, field] of cases) {
      expectFields(await post({ name: 'Typed', ...fields }), field);
    }
    expectFields(await post('not an object'), 'goal');
    expectFields(await post([]), 'goal');
    expectFields(await post(5), 'goal');
    expectFields(
      await api.send('POST /products/{product_id}/goals', {
        params: { product_id: 'PLN' },
        body: { name: 'No envelope' },
      }),
      'goal',
    );
  });

  it('refuses progress under a computed source and unknown or foreign initiatives', async () => {
    const errors = expectFields(await post({ name: 'P', progress_source: 'progress_from_initiatives', progress: 10 }), 'progress');
    expect(errors.progress?.[0]).toMatch(/progress_manual/);
    // progress: null under a computed source is not a change anyone asked for: ignored.
    const computed = await newGoal({ progress_source: 'progress_from_initiatives', progress: null });
    expect(computed.progress).toBeNull();
    expectFields(await post({ name: 'P', initiatives: ['No such initiative'] }), 'initiatives');
    expectFields(await post({ name: 'P', initiatives: [fixture.mobInitiative.reference_num] }), 'initiatives');
    expectFields(await post({ name: 'P', initiatives: [Number(fixture.mobInitiative.id)] }), 'initiatives');
  });

  it('writes nothing and allocates no key when a create is refused', async () => {
    const before = await snapshot();
    expectOnlyFields(
      await post({
        name: 'Refused',
        effort: 'lots',
        progress_source: 'progress_from_initiatives',
        progress: 20,
        time_frame: 'Nope',
        initiatives: [fixture.initiativeA.id, 'Nope'],
      }),
      'effort',
      'progress',
      'time_frame',
      'initiatives',
    );
    expect(await snapshot()).toEqual(before);
  });

  it('answers malformed JSON, a non-JSON content type and non-object bodies with 400', async () => {
    const bad = await api.send('POST /products/{product_id}/goals', {
      params: { product_id: 'PLN' },
      rawBody: '{"goal": {"name": ',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toBe(JSON_TYPE);
    expect(errorBodySchema.parse(bad.body).error).toMatch(/Malformed JSON/);
    for (const rawBody of ['[1, 2]', '"goal"', 'null']) {
      const res = await api.send('POST /products/{product_id}/goals', {
        params: { product_id: 'PLN' },
        rawBody,
        headers: { 'Content-Type': 'application/json' },
      });
      expect(res.status, rawBody).toBe(400);
      errorBodySchema.parse(res.body);
    }
    const text = await api.send('POST /products/{product_id}/goals', {
      params: { product_id: 'PLN' },
      rawBody: '{"goal": {"name": "Text"}}',
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(text.status).toBe(400);
  });

  it('404s for an unknown product', async () => {
    for (const product of ['NOPE', '99999999', '0']) {
      const res = await post({ name: 'X' }, {}, product);
      expect(res.status, product).toBe(404);
      errorBodySchema.parse(res.body);
    }
  });
});

describe('time_frame on a goal', () => {
  it('takes a name (any case) or an id, as a number or a string', async () => {
    expect((await newGoal({ time_frame: 'SOMEDAY' })).time_frame).toEqual(frameRef(fixture.someday));
    expect((await newGoal({ time_frame: fixture.h2.id })).time_frame).toEqual(frameRef(fixture.h2));
    expect((await newGoal({ time_frame: ` ${fixture.h2.id} ` })).time_frame).toEqual(frameRef(fixture.h2));
    // An id match wins over a frame whose name is made of the same digits.
    expect((await newGoal({ time_frame: fixture.digits.name })).time_frame?.id).toBe(String(fixture.q1.id));
    // A name with a capital non-ASCII letter, exactly as stored (ASCII letters in any case).
    expect((await newGoal({ time_frame: 'Ökologie Q2' })).time_frame).toEqual(frameRef(fixture.accented));
    expect((await newGoal({ time_frame: 'Ökologie q2' })).time_frame).toEqual(frameRef(fixture.accented));
    // "" and null mean no time frame.
    expect((await newGoal({ time_frame: '' })).time_frame).toBeNull();
    expect((await newGoal({ time_frame: null })).time_frame).toBeNull();
  });

  it('refuses an unknown frame or one of another product with 422 naming time_frame', async () => {
    for (const ref of ['Q5 2099', 99_999_999, String(fixture.mob.id), fixture.mob.name]) {
      const errors = expectFields(await post({ name: 'Framed', time_frame: ref }), 'time_frame');
      expect(errors.time_frame?.[0]).toContain(String(ref));
    }
    // The MOB frame is fine for a MOB goal.
    expect((await newGoal({ time_frame: fixture.mob.name }, 'MOB')).time_frame).toEqual(frameRef(fixture.mob));
  });

  it('carries real YYYY-MM-DD dates (or null) on the goal', async () => {
    for (const f of [fixture.q1, fixture.h2, fixture.digits]) {
      const g = await newGoal({ time_frame: f.id });
      expect(g.time_frame?.start_date).toBe(f.start_date);
      expect(g.time_frame?.end_date).toBe(f.end_date);
      expect(isRealDate(g.time_frame?.start_date ?? '')).toBe(true);
      expect(isRealDate(g.time_frame?.end_date ?? '')).toBe(true);
    }
    const undated = await newGoal({ time_frame: fixture.someday.id });
    expect(undated.time_frame).toMatchObject({ start_date: null, end_date: null });
  });
});

describe('GET /products/:product_id/goals', () => {
  it('lists whole goals (as hosted) by position (unpositioned last) then id, with the pagination envelope', async () => {
    const unpositioned = await newGoal({ position: null });
    const res = await api.call('GET /products/{product_id}/goals', {
      params: { product_id: 'PLN' },
      query: { per_page: 200 },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toBe(JSON_TYPE);
    const page = goalPage.parse(res.body);
    for (const g of page.goals) {
      expect(Object.keys(g)).toEqual(
        expect.arrayContaining(['created_at', 'id', 'name', 'product_id', 'reference_num', 'initiatives', 'time_frame']),
      );
      expect(g.product_id).toBe(String(fixture.plnId));
    }
    const rows = await t.service.store.db.selectFrom('goals').select(['id', 'position']).where('product_id', '=', fixture.plnId).execute();
    const expected = [...rows].sort((x, y) => (x.position ?? Infinity) - (y.position ?? Infinity) || x.id - y.id).map((r) => String(r.id));
    expect(page.goals.map((g) => g.id)).toEqual(expected);
    expect(page.goals.at(-1)?.id).toBe(unpositioned.id);
    expect(page.pagination).toEqual({ total_records: rows.length, total_pages: 1, current_page: 1 });

    const second = goalPage.parse(
      (
        await api.call('GET /products/{product_id}/goals', {
          params: { product_id: 'PLN' },
          query: { per_page: 2, page: 2 },
        })
      ).body,
    );
    expect(second.goals.map((g) => g.id)).toEqual(expected.slice(2, 4));
    expect(second.pagination).toEqual({
      total_records: rows.length,
      total_pages: Math.ceil(rows.length / 2),
      current_page: 2,
    });
    const beyond = goalPage.parse(
      (
        await api.call('GET /products/{product_id}/goals', {
          params: { product_id: 'PLN' },
          query: { page: 999 },
        })
      ).body,
    );
    expect(beyond.goals).toEqual([]);
    expect(beyond.pagination.total_records).toBe(rows.length);
    // The default page is 30 items.
    const byId = goalPage.parse((await api.call('GET /products/{product_id}/goals', { params: { product_id: fixture.plnId } })).body);
    expect(byId.goals.map((g) => g.id)).toEqual(expected.slice(0, 30));
  });

  it('answers whole records with fields=* and chosen ones with a list', async () => {
    const g = await newGoal({
      time_frame: fixture.q1.name,
      initiatives: [fixture.initiativeA.id],
      effort: 3,
    });
    const all = goalPage.parse(
      (
        await api.call('GET /products/{product_id}/goals', {
          params: { product_id: 'PLN' },
          query: { fields: '*', per_page: 200 },
        })
      ).body,
    );
    const full = all.goals.find((x) => x.id === g.id);
    expect(full).toEqual(g);
    const some = (
      await api.call('GET /products/{product_id}/goals', {
        params: { product_id: 'PLN' },
        query: { fields: 'name,effort,time_frame', per_page: 200 },
      })
    ).body as { goals: Record<string, unknown>[] };
    const item = some.goals.find((x) => x.id === g.id);
    expect(item).toEqual({ id: g.id, name: g.name, effort: 3, time_frame: frameRef(fixture.q1) });
  });

  it("lists only the product's goals, and 404s for an unknown product", async () => {
    const mob = await newGoal({}, 'MOB');
    const pln = goalPage.parse(
      (
        await api.call('GET /products/{product_id}/goals', {
          params: { product_id: 'PLN' },
          query: { per_page: 200 },
        })
      ).body,
    );
    expect(pln.goals.map((g) => g.id)).not.toContain(mob.id);
    const mobs = goalPage.parse(
      (
        await api.call('GET /products/{product_id}/goals', {
          params: { product_id: 'mob' },
          query: { per_page: 200 },
        })
      ).body,
    );
    expect(mobs.goals.map((g) => g.id)).toContain(mob.id);
    expect((await api.call('GET /products/{product_id}/goals', { params: { product_id: 'NOPE' } })).status).toBe(404);
  });

  it('filters by q (name contains, any case) and updated_since (strictly after)', async () => {
    const a = await newGoal({ name: 'Reduce churn 7%_ by Q3' });
    const b = await newGoal({ name: 'reduce CHURN in EMEA' });
    const found = goalPage.parse(
      (
        await api.call('GET /products/{product_id}/goals', {
          params: { product_id: 'PLN' },
          query: { q: 'Reduce Churn', per_page: 200 },
        })
      ).body,
    );
    expect(found.goals.map((g) => g.id)).toEqual([a.id, b.id]);
    expect(found.pagination.total_records).toBe(2);
    // `%` and `_` are searched for as written, not as wildcards.
    const literal = goalPage.parse(
      (
        await api.call('GET /products/{product_id}/goals', {
          params: { product_id: 'PLN' },
          query: { q: '7%_' },
        })
      ).body,
    );
    expect(literal.goals.map((g) => g.id)).toEqual([a.id]);
    expect(
      goalPage
        .parse(
          (
            await api.call('GET /products/{product_id}/goals', {
              params: { product_id: 'PLN' },
              query: { q: '7%' },
            })
          ).body,
        )
        .goals.map((g) => g.id),
    ).toEqual([a.id]);
    expect(
      goalPage.parse(
        (
          await api.call('GET /products/{product_id}/goals', {
            params: { product_id: 'PLN' },
            query: { q: 'zzz-no-such-goal' },
          })
        ).body,
      ).pagination.total_records,
    ).toBe(0);

    const changed = await update(a.id, { effort: 3 });
    const since = goalPage.parse(
      (
        await api.call('GET /products/{product_id}/goals', {
          params: { product_id: 'PLN' },
          query: { updated_since: b.updated_at, per_page: 200 },
        })
      ).body,
    );
    expect(since.goals.map((g) => g.id)).toContain(a.id);
    expect(since.goals.map((g) => g.id)).not.toContain(b.id);
    const none = await api.call('GET /products/{product_id}/goals', {
      params: { product_id: 'PLN' },
      query: { updated_since: changed.updated_at },
    });
    expect(goalPage.parse(none.body).goals.map((g) => g.id)).not.toContain(a.id);
    expect(
      (
        await api.call('GET /products/{product_id}/goals', {
          params: { product_id: 'PLN' },
          query: { updated_since: 'yesterday' },
        })
      ).status,
    ).toBe(400);
  });

  it('answers 400 for bad paging parameters', async () => {
    for (const q of ['per_page=201', 'per_page=0', 'page=0', 'page=x', 'per_page=1.5']) {
      const res = await api.send('GET /products/{product_id}/goals', {
        params: { product_id: 'PLN' },
        query: Object.fromEntries(new URLSearchParams(q)),
      });
      expect(res.status, q).toBe(400);
      expect(errorBodySchema.parse(res.body).errors?.[q.split('=')[0] ?? '']).toBeDefined();
    }
  });
});

describe('a goal named from an initiative body', () => {
  it('is found by its exact name even with a capital non-ASCII letter', async () => {
    const g = await newGoal({ name: uniqueName('Überblick') });
    const res = await api.call('POST /products/{product_id}/initiatives', {
      params: { product_id: 'PLN' },
      body: {
        initiative: {
          name: uniqueName('Accented link'),
          workflow_status: { name: 'On track' },
          goals: [g.name],
        },
      },
    });
    expect(res.status, res.text).toBe(200);
    expect(initiativeEnvelope.parse(res.body).initiative.goals.map((x) => x.id)).toEqual([g.id]);
  });
});

describe('GET /goals/:id and /products/:product_id/goals/:id', () => {
  it('shows by id and by key (any case), whole by default, and honours fields', async () => {
    const g = await newGoal({ time_frame: fixture.h2.id, description: '<p>Why</p>' });
    expect(await getGoal(g.id)).toEqual(g);
    expect(await getGoal(g.reference_num.toLowerCase())).toEqual(g);
    const scoped = await api.call('GET /products/{product_id}/goals/{id}', {
      params: { product_id: 'PLN', id: g.reference_num },
    });
    expect(scoped.status).toBe(200);
    expect(goalEnvelope.parse(scoped.body).goal).toEqual(g);
    expect(
      goalEnvelope.parse(
        (
          await api.call('GET /products/{product_id}/goals/{id}', {
            params: { product_id: fixture.plnId, id: g.id },
          })
        ).body,
      ).goal,
    ).toEqual(g);
    const some = (await api.call('GET /goals/{id}', { params: { id: g.id }, query: { fields: 'name,color' } })).body as {
      goal: Record<string, unknown>;
    };
    expect(some.goal).toEqual({ id: g.id, name: g.name, color: g.color });
  });

  it('404s for unknown ids and keys, and for a goal of another product', async () => {
    const mob = await newGoal({}, 'MOB');
    const shows = ['99999999', 'PLN-G-99999', '99999999999999999999999', '0'].map((id) => api.call('GET /goals/{id}', { params: { id } }));
    const scoped = [
      ['PLN', mob.id],
      ['PLN', mob.reference_num],
      ['NOPE', '1'],
    ].map(([product_id = '', id = '']) => api.call('GET /products/{product_id}/goals/{id}', { params: { product_id, id } }));
    for (const res of await Promise.all([...shows, ...scoped])) {
      expect(res.status, res.text).toBe(404);
      errorBodySchema.parse(res.body);
    }
  });
});

describe('PUT /goals/:id', () => {
  it('marks the initiatives that gain or lose the goal as updated, from either side of the link', async () => {
    const stamp = async (id: string) =>
      initiativeEnvelope.parse((await api.call('GET /initiatives/{id}', { params: { id } })).body).initiative.updated_at;
    const g = await newGoal({ initiatives: [fixture.initiativeA.id] });
    const [a0, b0] = [await stamp(fixture.initiativeA.id), await stamp(fixture.initiativeB.id)];
    await new Promise((r) => setTimeout(r, 5));
    await update(g.id, { initiatives: [fixture.initiativeB.id] });
    const [a1, b1] = [await stamp(fixture.initiativeA.id), await stamp(fixture.initiativeB.id)];
    expect(a1 > a0 && b1 > b0, `${a0} → ${a1}, ${b0} → ${b1}`).toBe(true);

    // From the initiative's side, the goal it gains is marked too.
    const before = (await getGoal(g.id)).updated_at;
    await new Promise((r) => setTimeout(r, 5));
    const res = await api.send('PUT /initiatives/{id}', {
      params: { id: fixture.initiativeA.id },
      body: { initiative: { goals: [g.id] } },
    });
    expect(res.status, res.text).toBe(200);
    expect((await getGoal(g.id)).updated_at > before).toBe(true);
  });

  it('updates fields, answers the new record and audits old → new', async () => {
    const g = await newGoal({
      effort: 1,
      time_frame: fixture.q1.name,
      initiatives: [fixture.initiativeA.id],
    });
    await new Promise((r) => setTimeout(r, 5));
    const u = await update(g.reference_num, {
      name: 'Renamed goal',
      description: '<p>New</p>',
      effort: 2,
      value: 9,
      color: '#00FF00',
      position: 77,
      time_frame: fixture.h2.name,
      progress: 60,
      initiatives: [fixture.initiativeB.reference_num],
    });
    expect(u).toMatchObject({
      id: g.id,
      reference_num: g.reference_num,
      name: 'Renamed goal',
      effort: 2,
      value: 9,
      color: '#00ff00',
      position: 77,
      progress: 60,
      time_frame: frameRef(fixture.h2),
      initiatives: [initiativeRef(fixture.initiativeB)],
    });
    expect(u.description?.body).toBe('<p>New</p>');
    expect(u.updated_at > g.updated_at).toBe(true);
    expect(u.created_at).toBe(g.created_at);
    expect(await getGoal(g.id)).toEqual(u);

    const rows = await audits(g.id);
    expect(rows.map((r) => r.audit_action)).toEqual(['create', 'update']);
    const changes = rows[1]?.changes ?? {};
    expect(changes).toMatchObject({
      name: [g.name, 'Renamed goal'],
      effort: [1, 2],
      value: [null, 9],
      color: ['#4f7cac', '#00ff00'],
      position: [g.position, 77],
      progress: [null, 60],
      time_frame_id: [fixture.q1.id, fixture.h2.id],
      initiative_ids: [[Number(fixture.initiativeA.id)], [Number(fixture.initiativeB.id)]],
    });
    expect(Object.keys(changes)).not.toContain('updated_at');
    expect(rows[1]?.user_id).toBe(fixture.adminId);
  });

  it('clears nullable fields and links', async () => {
    const g = await newGoal({
      description: '<p>x</p>',
      effort: 1,
      value: 2,
      time_frame: fixture.q1.id,
      initiatives: [fixture.initiativeA.id],
    });
    // Each cleared field comes back empty.
    const cleared = { description: null, effort: null, value: null, position: null, time_frame: null, initiatives: [] };
    const u = await update(g.id, cleared);
    expect(u).toMatchObject(cleared);
    expect((await update(g.id, { time_frame: fixture.q1.name })).time_frame?.id).toBe(String(fixture.q1.id));
    expect((await update(g.id, { time_frame: '' })).time_frame).toBeNull();
  });

  it('writes nothing for an update that changes nothing', async () => {
    const g = await newGoal({
      effort: 5,
      initiatives: [fixture.initiativeA.reference_num],
      time_frame: fixture.q1.id,
    });
    const before = await snapshot();
    const same = await update(g.id, {
      name: g.name,
      effort: 5,
      color: g.color.toUpperCase(),
      initiatives: [fixture.initiativeA.name],
      time_frame: fixture.q1.name,
    });
    expect(same).toEqual(g);
    expect(await update(g.id, {})).toEqual(g);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a failing update as a whole and writes nothing', async () => {
    const g = await newGoal({ effort: 1, initiatives: [fixture.initiativeA.id], time_frame: fixture.q1.id });
    const before = await snapshot();
    expectOnlyFields(
      await put(g.id, {
        name: '',
        effort: 2,
        color: 'blue',
        time_frame: 'Nope',
        initiatives: [fixture.initiativeB.id, 'Nope'],
      }),
      'name',
      'color',
      'time_frame',
      'initiatives',
    );
    // The valid part (effort 2, initiative B) was not applied either.
    expect(await getGoal(g.id)).toEqual(g);
    expect(await snapshot()).toEqual(before);
    expectFields(await put(g.id, { time_frame: fixture.mob.id }), 'time_frame');
    expect(await getGoal(g.id)).toEqual(g);
  });

  it('accepts progress only under manual progress, sent or stored', async () => {
    const g = await newGoal({ progress: 10 });
    const computed = await update(g.id, { progress_source: 'progress_from_initiatives', initiatives: [] });
    expect(computed.progress_source).toBe('progress_from_initiatives');
    expectFields(await put(g.id, { progress: 50 }), 'progress');
    // null under a computed source is ignored, not a 422 and not a write.
    const auditCount = (await audits(g.id)).length;
    expect((await update(g.id, { progress: null })).progress).toBe(computed.progress);
    expect(await audits(g.id)).toHaveLength(auditCount);
    const manual = await update(g.id, { progress_source: 'progress_manual', progress: 75 });
    expect(manual).toMatchObject({ progress_source: 'progress_manual', progress: 75 });
  });

  it('answers wrong types with 422 and bad requests with 400/404', async () => {
    const g = await newGoal();
    for (const [body, field] of [
      [{ name: 5 }, 'name'],
      [{ effort: 'x' }, 'effort'],
      [{ initiatives: 'PLN-S-1' }, 'initiatives'],
      [{ time_frame: [] }, 'time_frame'],
      [{ progress_source: 'manual' }, 'progress_source'],
    ] as const) {
      expectFields(await put(g.id, body), field);
    }
    expectFields(await put(g.id, 'x'), 'goal');
    expectFields(await api.send('PUT /goals/{id}', { params: { id: g.id }, body: { name: 'No envelope' } }), 'goal');
    const bad = await api.send('PUT /goals/{id}', {
      params: { id: g.id },
      rawBody: '{',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(bad.status).toBe(400);
    expect((await put('99999999', { name: 'X' })).status).toBe(404);
    expect((await put('PLN-G-99999', { name: 'X' })).status).toBe(404);
    expect(await getGoal(g.id)).toEqual(g);
  });

  it('honours the top-level fields on update', async () => {
    const g = await newGoal();
    const res = await put(g.id, { effort: 4 }, { fields: 'effort' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ goal: { id: g.id, effort: 4 } });
  });
});

describe('GET /products/:product_id/time_frames', () => {
  it("lists the product's frames by start date (undated last), then id, paged", async () => {
    const res = await api.call('GET /products/{product_id}/time_frames', { params: { product_id: 'PLN' } });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toBe(JSON_TYPE);
    const page = timeFramePage.parse(res.body);
    const full = (f: typeof fixture.q1 | typeof fixture.someday) => ({
      ...frameRef(f),
      product_id: String(fixture.plnId),
    });
    const seeded = fixture.seededPln.map((f) => ({
      id: f.id,
      name: f.name,
      start_date: f.start_date,
      end_date: f.end_date,
      product_id: f.product_id,
    }));
    expect(page.time_frames).toEqual([
      ...seeded,
      full(fixture.h2),
      full(fixture.q1),
      full(fixture.accented),
      full(fixture.digits),
      full(fixture.someday),
    ]);
    const total = seeded.length + 5;
    expect(page.pagination).toEqual({ total_records: total, total_pages: 1, current_page: 1 });
    for (const f of page.time_frames) {
      for (const d of [f.start_date, f.end_date]) if (d !== null) expect(isRealDate(d), d).toBe(true);
    }
    const perPage = seeded.length + 3;
    const second = timeFramePage.parse(
      (
        await api.call('GET /products/{product_id}/time_frames', {
          params: { product_id: 'PLN' },
          query: { per_page: perPage, page: 2 },
        })
      ).body,
    );
    expect(second.time_frames).toEqual([full(fixture.digits), full(fixture.someday)]);
    expect(second.pagination).toEqual({ total_records: total, total_pages: 2, current_page: 2 });
  });

  it('narrows by q (name contains, any case) and by fields', async () => {
    const found = timeFramePage.parse(
      (
        await api.call('GET /products/{product_id}/time_frames', {
          params: { product_id: 'PLN' },
          query: { q: 'fy20' },
        })
      ).body,
    );
    expect(found.time_frames.map((f) => f.id)).toEqual([String(fixture.h2.id), String(fixture.q1.id)]);
    expect(found.pagination.total_records).toBe(2);
    const narrow = await api.call('GET /products/{product_id}/time_frames', {
      params: { product_id: 'PLN' },
      query: { q: 'someday', fields: 'name' },
    });
    expect(narrow.body).toMatchObject({ time_frames: [{ id: String(fixture.someday.id), name: 'Someday' }] });
    expect(Object.keys((narrow.body as { time_frames: object[] }).time_frames[0] ?? {}).sort()).toEqual(['id', 'name']);
  });

  it("lists only the product's frames, and answers 404 and 400 where due", async () => {
    const mob = timeFramePage.parse(
      (await api.call('GET /products/{product_id}/time_frames', { params: { product_id: fixture.mobId } })).body,
    );
    expect(mob.time_frames.map((f) => f.id)).toContain(String(fixture.mob.id));
    expect(new Set(mob.time_frames.map((f) => f.product_id))).toEqual(new Set([String(fixture.mobId)]));
    expect((await api.call('GET /products/{product_id}/time_frames', { params: { product_id: 'NOPE' } })).status).toBe(404);
    expect(
      (
        await api.call('GET /products/{product_id}/time_frames', {
          params: { product_id: 'PLN' },
          query: { per_page: 500 },
        })
      ).status,
    ).toBe(400);
  });
});

describe('authentication', () => {
  it('refuses every goal and time frame route without a token, or with a wrong one, with 401', async () => {
    const g = await newGoal();
    const before = await snapshot();
    const calls: [OpKey, Record<string, string>, unknown][] = [
      ['POST /products/{product_id}/goals', { product_id: 'PLN' }, { goal: { name: 'Anonymous' } }],
      ['GET /products/{product_id}/goals', { product_id: 'PLN' }, undefined],
      ['GET /products/{product_id}/goals/{id}', { product_id: 'PLN', id: g.id }, undefined],
      ['GET /goals/{id}', { id: g.id }, undefined],
      ['PUT /goals/{id}', { id: g.id }, { goal: { name: 'Anonymous' } }],
      ['GET /products/{product_id}/time_frames', { product_id: 'PLN' }, undefined],
    ];
    for (const [key, params, body] of calls) {
      for (const token of [null, 'wrong-token']) {
        // The operation's own parameters; `send` because the table cannot type a key chosen at run time.
        const res = await api.send(key, { params, body, token } as never);
        expect(res.status, key).toBe(401);
        expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
        errorBodySchema.parse(res.body);
      }
    }
    expect(await snapshot()).toEqual(before);
    expect(await getGoal(g.id)).toEqual(g);
  });
});
