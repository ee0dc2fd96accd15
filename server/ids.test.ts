// Ids are never reused and reference numbers are taken atomically, through the API: delete the
// newest record of a kind and create another — neither the id nor the key comes back; hundreds of
// creates at once get distinct ids and keys, and each counter ends exactly that many further on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService } from './test/harness';
import type { TestService } from './test/harness';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(async () => {
  await t.close();
});

interface Made {
  id: number;
  key: string | null;
}

/** POSTs `{ [envelope]: body }` and reads back the record's id and reference number. */
async function create(path: string, envelope: string, body: Record<string, unknown>): Promise<Made> {
  const res = await t.request<Record<string, { id: string | number; reference_num?: string } | undefined>>('POST', path, { [envelope]: body });
  expect(res.status, res.text).toBe(200);
  const record = res.body[envelope];
  if (!record) throw new Error(`no ${envelope} in ${res.text}`);
  return { id: Number(record.id), key: record.reference_num ?? null };
}

async function remove(path: string): Promise<void> {
  const res = await t.request('DELETE', path);
  expect(res.status, res.text).toBeLessThan(300);
}

let release = '';
let releaseId = 0;
let featureId = 0;
beforeAll(async () => {
  const made = await create('/products/PLN/releases', 'release', { name: 'Ids release' });
  release = made.key ?? '';
  releaseId = made.id;
  featureId = (await create(`/releases/${release}/features`, 'feature', { name: 'Ids feature' })).id;
});

type Kind = {
  kind: string;
  make: () => Promise<Made>;
  /** Through the API where the kind can be deleted; the goal and release tables have no delete yet. */
  drop: (made: Made) => Promise<void>;
};

const kinds: Kind[] = [
  {
    kind: 'feature',
    make: () => create(`/releases/${release}/features`, 'feature', { name: 'Short-lived feature' }),
    drop: (m) => remove(`/features/${m.id}`),
  },
  {
    kind: 'requirement',
    make: () => create(`/features/${featureId}/requirements`, 'requirement', { name: 'Short-lived requirement' }),
    drop: (m) => remove(`/requirements/${m.id}`),
  },
  {
    kind: 'epic',
    make: () => create(`/releases/${release}/epics`, 'epic', { name: 'Short-lived epic' }),
    drop: (m) => remove(`/epics/${m.id}`),
  },
  {
    kind: 'initiative',
    make: () => create('/products/PLN/initiatives', 'initiative', { name: 'Short-lived initiative', workflow_status: { name: 'On track' } }),
    drop: (m) => remove(`/initiatives/${m.id}`),
  },
  {
    kind: 'release phase',
    make: () => create('/release_phases', 'release_phase', { release_id: releaseId, name: 'Short-lived phase', phase_type: 'phase' }),
    drop: (m) => remove(`/release_phases/${m.id}`),
  },
  {
    kind: 'goal',
    make: () => create('/products/PLN/goals', 'goal', { name: 'Short-lived goal' }),
    drop: async (m) => {
      await t.service.store.db.deleteFrom('goals').where('id', '=', m.id).execute();
    },
  },
  {
    kind: 'release',
    make: () => create('/products/PLN/releases', 'release', { name: 'Short-lived release' }),
    drop: async (m) => {
      await t.service.store.db.deleteFrom('releases').where('id', '=', m.id).execute();
    },
  },
];

describe('a deleted record’s id and key are never handed out again', () => {
  it.each(kinds)('$kind', async ({ make, drop }) => {
    const gone = await make();
    await drop(gone);
    const next = await make();
    // The deleted record had the highest id, which a plain INTEGER PRIMARY KEY would give again.
    expect(next.id).toBeGreaterThan(gone.id);
    if (gone.key !== null) expect(next.key).not.toBe(gone.key);
  });
});

async function counters(): Promise<Record<string, number>> {
  const product = await t.service.store.db.selectFrom('products').selectAll().where('reference_prefix', '=', 'PLN').executeTakeFirstOrThrow();
  const feature = await t.service.store.db.selectFrom('features').select('next_requirement_num').where('id', '=', featureId).executeTakeFirstOrThrow();
  return {
    feature: product.next_feature_num,
    epic: product.next_epic_num,
    initiative: product.next_initiative_num,
    goal: product.next_goal_num,
    release: product.next_release_num,
    requirement: feature.next_requirement_num,
  };
}

const distinct = <T,>(values: T[]): number => new Set(values).size;

describe('creates at once', () => {
  it('give 500 features 500 distinct ids and keys, and the counter moves by 500', async () => {
    const before = await counters();
    const made = await Promise.all(
      Array.from({ length: 500 }, (_, i) => create(`/releases/${release}/features`, 'feature', { name: `Parallel feature ${i}` })),
    );
    expect(distinct(made.map((m) => m.id))).toBe(500);
    expect(distinct(made.map((m) => m.key))).toBe(500);
    const after = await counters();
    expect(after.feature).toBe((before.feature ?? 0) + 500);
    // The keys are exactly the 500 numbers the counter moved over.
    const numbers = made.map((m) => Number(/-(\d+)$/.exec(m.key ?? '')?.[1])).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 500 }, (_, i) => (before.feature ?? 0) + i));
  }, 120_000);

  it('of every kind together share no key and move each counter by its own count', async () => {
    const before = await counters();
    const per = 40;
    const batches: Record<string, () => Promise<Made>> = {
      epic: () => create(`/releases/${release}/epics`, 'epic', { name: 'Parallel epic' }),
      initiative: () => create('/products/PLN/initiatives', 'initiative', { name: 'Parallel initiative', workflow_status: { name: 'On track' } }),
      goal: () => create('/products/PLN/goals', 'goal', { name: 'Parallel goal' }),
      release: () => create('/products/PLN/releases', 'release', { name: 'Parallel release' }),
      requirement: () => create(`/features/${featureId}/requirements`, 'requirement', { name: 'Parallel requirement' }),
    };
    const jobs = Object.entries(batches).flatMap(([kind, make]) => Array.from({ length: per }, () => make().then((m) => ({ kind, ...m }))));
    const made = await Promise.all(jobs);
    const after = await counters();
    for (const kind of Object.keys(batches)) {
      const mine = made.filter((m) => m.kind === kind);
      expect(distinct(mine.map((m) => m.id)), kind).toBe(per);
      expect(distinct(mine.map((m) => m.key)), kind).toBe(per);
      expect(after[kind], kind).toBe((before[kind] ?? 0) + per);
    }
  }, 120_000);
});
