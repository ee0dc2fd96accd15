// Several service instances on one PostgreSQL database (the acceptance test): two instances,
// each its own process, take 500 creates at once split between them — every create answered, 500
// distinct ids and consecutive reference numbers, the release's and epic's counts and roll-ups
// exact and answered alike by both; then one instance is killed with SIGKILL in the middle of a
// load, and no write it acknowledged is lost, nothing half-written is left, and an instance started
// afterwards answers the same totals.
//
// PostgreSQL only: sharing one database between processes is what PLANNER_DATABASE_URL is for. A
// SQLite database is one file owned by one process (its read workers, group commit and caches are
// per process), so there is no second instance to start on it; its kill -9 test is durability.test.ts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { progressFromChildren, progressFromRemainingSum } from '../src/domain/progress';
import { startChildService } from './test/child-service';
import type { ChildService } from './test/child-service';
import { onPostgres, testDatabase } from './test/harness';

const TOKEN = 'instances-admin-token-0123456789';
/** Requests in flight at once to each instance (100 in all): a busy client, under each one's per-address connection cap (64). */
const IN_FLIGHT_EACH = 50;
/** No single request may hang the test: a create waits at most for the write lock's own limit (30 s) and then some. */
const REQUEST_TIMEOUT_MS = 60_000;

const id = z.union([z.string(), z.number()]).transform(String);
const ref = z.object({ id, reference_num: z.string() });
const listedFeature = z.object({
  id,
  name: z.string(),
  reference_num: z.string(),
  progress: z.number().nullable(),
  initial_estimate: z.number().nullable(),
  detailed_estimate: z.number().nullable(),
  remaining_estimate: z.number().nullable(),
  start_date: z.string().nullable(),
  due_date: z.string().nullable(),
  workflow_status: z.object({ complete: z.boolean() }),
  epic: z.object({ id }).nullable(),
});
type ListedFeature = z.infer<typeof listedFeature>;
const LISTED_FIELDS = Object.keys(listedFeature.shape).join(',');
const pagination = z.object({ total_records: z.number(), total_pages: z.number() });
const releaseAnswer = z.object({
  release: z.object({
    features_count: z.number(),
    progress: z.number().nullable(),
    start_date: z.string().nullable(),
    release_date: z.string().nullable(),
  }),
});
const epicAnswer = z.object({
  epic: z.object({
    features_count: z.number(),
    features_completed_count: z.number(),
    progress: z.number().nullable(),
    start_date: z.string().nullable(),
    due_date: z.string().nullable(),
  }),
});

interface Answer {
  status: number;
  json: unknown;
  text: string;
}

async function call(base: string, method: string, p: string, body?: unknown): Promise<Answer> {
  const res = await fetch(`${base}/api/v1${p}`, {
    method,
    headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json', Accept: 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // Not JSON (a proxy's page, an empty body): the status and text say what happened.
  }
  return { status: res.status, json, text };
}

async function ok(base: string, method: string, p: string, body?: unknown): Promise<unknown> {
  const res = await call(base, method, p, body);
  expect(res.status, `${method} ${p}: ${res.text}`).toBe(200);
  return res.json;
}

/** Every item of a paged list (200 a page), and the total the first page announced. */
async function listAll<T>(base: string, p: string, key: string, item: z.ZodType<T>): Promise<{ items: T[]; total: number }> {
  const items: T[] = [];
  let total = 0;
  for (let page = 1; ; page++) {
    const join = p.includes('?') ? '&' : '?';
    const json = z
      .object({ [key]: z.array(item), pagination })
      .parse(await ok(base, 'GET', `${p}${join}per_page=200&page=${page}`)) as Record<string, unknown> & {
      pagination: z.infer<typeof pagination>;
    };
    if (page === 1) total = json.pagination.total_records;
    items.push(...(json[key] as T[]));
    if (page >= json.pagination.total_pages) break;
  }
  return { items, total };
}

/** A release that rolls up from its features and an epic in it (the epic on `epicBase`'s instance). */
async function releaseWithEpic(
  releaseBase: string,
  epicBase: string,
  name: string,
): Promise<{ releaseKey: string; epic: z.output<typeof ref> }> {
  const releaseKey = ref.parse(
    z.object({ release: z.unknown() }).parse(
      await ok(releaseBase, 'POST', '/products/PLN/releases', {
        release: {
          name,
          progress_source: 'progress_from_remaining_estimate',
          duration_source: 'duration_from_release_phases_features',
        },
      }),
    ).release,
  ).reference_num;
  const epic = ref.parse(
    z.object({ epic: z.unknown() }).parse(
      await ok(epicBase, 'POST', `/releases/${releaseKey}/epics`, {
        epic: { name: `${name} epic`, progress_source: 'progress_from_features', duration_source: 'duration_from_features' },
      }),
    ).epic,
  );
  return { releaseKey, epic };
}

const totalOf = async (base: string, p: string): Promise<number> =>
  z.object({ pagination }).parse(await ok(base, 'GET', `${p}${p.includes('?') ? '&' : '?'}per_page=1`)).pagination.total_records;

/** A feature to create: its instance, and a body whose every value the roll-ups read. */
interface Job {
  n: number;
  target: 'a' | 'b';
  name: string;
  releaseKey: string;
  body: Record<string, unknown>;
}

interface Outcome {
  job: Job;
  /** When it was sent (performance.now()). */
  sentAt: number;
  status?: number;
  made?: { id: string; reference_num: string };
  error?: string;
}

/**
 * The n-th feature of a load: instances alternate; every other pair goes into the epic (so both
 * instances write into it); estimates on all, remaining on a third, progress on a quarter, a
 * complete status on a tenth, dates on a seventh — so each roll-up has something to sum.
 */
function job(prefix: string, n: number, releaseKey: string, epicKey: string): Job {
  const hours = (n % 8) + 1;
  const body: Record<string, unknown> = { name: `${prefix}-${n}`, initial_estimate_text: `${hours}h` };
  if (n % 3 === 0) body.remaining_estimate_text = `${Math.floor(hours / 2)}h`;
  if (n % 4 === 1) body.progress = (n * 7) % 101;
  if (n % 10 === 0) body.workflow_status = { name: 'Shipped' };
  if (n % 7 === 0) {
    const day = String((n % 28) + 1).padStart(2, '0');
    body.start_date = `2026-0${(n % 3) + 1}-${day}`;
    body.due_date = `2026-0${(n % 3) + 4}-${day}`;
  }
  if (Math.floor(n / 2) % 2 === 0) body.epic = epicKey;
  return { n, target: n % 2 === 0 ? 'a' : 'b', name: `${prefix}-${n}`, releaseKey, body };
}

/**
 * Sends each instance its jobs, at most IN_FLIGHT_EACH at once to each (as a load balancer keeps
 * its own connections to each backend: a slow instance must not gather the whole client's
 * connections and meet the per-address cap). A request that fails to connect or is cut is an
 * outcome with `error` (not acknowledged). `onAnswer` sees each outcome as it settles.
 */
async function runLoad(jobs: Job[], base: (target: Job['target']) => string, onAnswer?: (o: Outcome) => void): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  const send = async (queue: Job[]): Promise<void> => {
    for (let j = queue.shift(); j; j = queue.shift()) {
      const sentAt = performance.now();
      let o: Outcome;
      try {
        const res = await call(base(j.target), 'POST', `/releases/${j.releaseKey}/features`, { feature: j.body });
        const made = res.status === 200 ? z.object({ feature: ref }).safeParse(res.json) : undefined;
        o = {
          job: j,
          sentAt,
          status: res.status,
          ...(made?.success ? { made: made.data.feature } : { error: res.text.slice(0, 300) }),
        };
      } catch (err) {
        o = { job: j, sentAt, error: String((err as { cause?: unknown }).cause ?? err) };
      }
      outcomes.push(o);
      onAnswer?.(o);
    }
  };
  const queues = (['a', 'b'] as const).map((target) => jobs.filter((j) => j.target === target));
  await Promise.all(queues.flatMap((queue) => Array.from({ length: IN_FLIGHT_EACH }, () => send(queue))));
  return outcomes;
}

const numberOf = (key: string): number => Number(key.split('-').at(-1));

/** The product's next feature number, read in the database (the counter the API does not show). */
async function nextFeatureNumber(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const r = await client.query<{ n: string }>(`SELECT next_feature_num AS n FROM products WHERE reference_prefix = 'PLN'`);
    return Number(r.rows[0]?.n);
  } finally {
    await client.end();
  }
}

/**
 * What one instance answers about a load: its release's and epic's counts and roll-ups, the listed
 * features, and the create audits of features numbered from `firstNumber` on (the load's numbers:
 * the audit list's time filter alone would also catch the previous test's last creates).
 */
async function observe(base: string, releaseKey: string, epicKey: string, since: string, firstNumber: number) {
  const listed = await listAll(base, `/releases/${releaseKey}/features?fields=${LISTED_FIELDS}`, 'features', listedFeature);
  const epicListed = await listAll(base, `/epics/${epicKey}/features`, 'features', z.object({ id }));
  const release = releaseAnswer.parse(await ok(base, 'GET', `/releases/${releaseKey}`)).release;
  const epic = epicAnswer.parse(await ok(base, 'GET', `/epics/${epicKey}`)).epic;
  const audits = await listAll(
    base,
    `/audits?auditable_type=Feature&audit_action=create&created_since=${encodeURIComponent(since)}`,
    'audits',
    z.object({ id, auditable_id: id, created_at: z.string(), description: z.string(), reference_num: z.string().nullable().optional() }),
  );
  return {
    listed,
    epicTotal: epicListed.total,
    release,
    epic,
    createAudits: audits.items.filter((x) => x.reference_num == null || numberOf(x.reference_num) >= firstNumber),
  };
}
type Observed = Awaited<ReturnType<typeof observe>>;

/** The roll-ups the service must answer, computed here from the features it lists. */
function expectedRollups(features: ListedFeature[], epicId: string) {
  const inEpic = features.filter((f) => f.epic?.id === epicId);
  const dates = (fs2: ListedFeature[], pick: 'start_date' | 'due_date', most: 'min' | 'max') => {
    const values = fs2
      .map((f) => f[pick])
      .filter((d): d is string => d !== null)
      .sort();
    return (most === 'min' ? values[0] : values.at(-1)) ?? null;
  };
  return {
    release: {
      features_count: features.length,
      progress: progressFromRemainingSum(
        features.map((f) => ({ initial: f.initial_estimate, detailed: f.detailed_estimate, remaining: f.remaining_estimate })),
      ),
      start_date: dates(features, 'start_date', 'min'),
      release_date: dates(features, 'due_date', 'max'),
    },
    epic: {
      features_count: inEpic.length,
      features_completed_count: inEpic.filter((f) => f.workflow_status.complete).length,
      progress: progressFromChildren(inEpic.map((f) => ({ progress: f.progress, complete: f.workflow_status.complete }))),
      start_date: dates(inEpic, 'start_date', 'min'),
      due_date: dates(inEpic, 'due_date', 'max'),
    },
  };
}

/** The checks both tests make of one instance's answers: totals, roll-ups and one create audit per feature. */
function checkConsistent(seen: Observed, epicId: string): void {
  const features = seen.listed.items;
  expect(seen.listed.total, 'release list total').toBe(features.length);
  expect(new Set(features.map((f) => f.id)).size, 'distinct ids').toBe(features.length);
  expect(new Set(features.map((f) => f.reference_num)).size, 'distinct reference numbers').toBe(features.length);
  const want = expectedRollups(features, epicId);
  expect(seen.release).toEqual(want.release);
  expect(seen.epic).toEqual(want.epic);
  expect(seen.epicTotal, 'epic list total').toBe(want.epic.features_count);
  // Committed whole or not at all: every feature there has its create audit, written in its transaction.
  const audited = new Set(seen.createAudits.map((x) => x.auditable_id));
  expect(
    features.filter((f) => !audited.has(f.id)).map((f) => f.reference_num),
    'features without their create audit',
  ).toEqual([]);
  const ids = new Set(features.map((f) => f.id));
  expect(
    seen.createAudits.filter((x) => !ids.has(x.auditable_id)),
    'create audits of features that are not there',
  ).toEqual([]);
  expect(seen.createAudits.length, "create audits of the load's numbers").toBe(features.length);
}

/** The body values sent for a feature, as the service answers them (estimates in minutes). */
function checkValues(f: ListedFeature, j: Job): void {
  const hours = (j.n % 8) + 1;
  expect(
    { name: f.name, initial: f.initial_estimate, remaining: f.remaining_estimate, start: f.start_date, due: f.due_date },
    f.reference_num,
  ).toEqual({
    name: j.name,
    initial: hours * 60,
    remaining: j.n % 3 === 0 ? Math.floor(hours / 2) * 60 : null,
    start: (j.body.start_date as string | undefined) ?? null,
    due: (j.body.due_date as string | undefined) ?? null,
  });
  if (j.body.workflow_status) expect(f.workflow_status.complete, f.reference_num).toBe(true);
  else if (j.body.progress !== undefined) expect(f.progress, f.reference_num).toBe(j.body.progress);
  expect(f.epic !== null, f.reference_num).toBe(j.body.epic !== undefined);
}

describe.skipIf(!onPostgres)('two instances on one PostgreSQL database', () => {
  let dataDir = '';
  const children: ChildService[] = [];
  let database: { url: string; drop(): Promise<void> } | null = null;
  let a: ChildService;
  let b: ChildService;
  const seed = { products: 0, users: 0, features: 0 };

  const start = async (): Promise<ChildService> => {
    if (!database) throw new Error('no database');
    const child = await startChildService({
      PLANNER_DATABASE_URL: database.url,
      // Uploads are not involved: one folder serves both.
      PLANNER_DATA_DIR: dataDir,
      PLANNER_TOKEN: TOKEN,
      PLANNER_SEED: 'demo',
      PLANNER_READ_WORKERS: '0',
      // The load is a script, not people: no per-token rate limit. (The per-address connection cap
      // stays: runLoad keeps under it.)
      PLANNER_RATE_LIMIT: 'off',
      PLANNER_AUTH_FAILURE_LIMIT: 'off',
    });
    children.push(child);
    return child;
  };

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'planner-instances-'));
    database = await testDatabase();
    a = await start();
    seed.products = await totalOf(a.url, '/products');
    seed.users = await totalOf(a.url, '/users');
    seed.features = await totalOf(a.url, '/features');
    // Started after A has made and seeded the database: B must find both done.
    b = await start();
  }, 420_000);

  afterAll(async () => {
    for (const child of children) await child.kill();
    await database?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('the second instance finds the schema made and the account seeded, and seeds nothing again', async () => {
    expect(a.output()).toContain('created the database and seeded');
    expect(b.output()).not.toContain('seeded');
    expect(seed.products).toBeGreaterThan(0);
    expect(seed.features).toBeGreaterThan(0);
    for (const child of [a, b]) {
      expect(await totalOf(child.url, '/products'), child.url).toBe(seed.products);
      expect(await totalOf(child.url, '/users'), child.url).toBe(seed.users);
      expect(await totalOf(child.url, '/features'), child.url).toBe(seed.features);
    }
  });

  it('500 creates at once over both: every one answered, distinct consecutive numbers, exact roll-ups on both', async () => {
    if (!database) throw new Error('no database');
    const { releaseKey, epic } = await releaseWithEpic(a.url, b.url, 'Two instances');
    const featuresBefore = await totalOf(a.url, '/features');
    const firstNumber = await nextFeatureNumber(database.url);
    const since = new Date(Date.now() - 1000).toISOString();

    const jobs = Array.from({ length: 500 }, (_, n) => job('Parallel', n, releaseKey, epic.reference_num));
    const began = performance.now();
    const outcomes = await runLoad(jobs, (target) => (target === 'a' ? a.url : b.url));
    const seconds = (performance.now() - began) / 1000;
    console.log(
      `500 creates over 2 instances in ${seconds.toFixed(1)} s (${2 * IN_FLIGHT_EACH} in flight, ${(500 / seconds).toFixed(0)}/s)`,
    );

    const failed = outcomes.filter((o) => !o.made).map((o) => `${o.job.target} ${o.job.name}: ${o.status ?? ''} ${o.error ?? ''}`);
    expect(failed, 'creates not answered 200 with the feature').toEqual([]);
    const made = outcomes.map((o) => o.made as { id: string; reference_num: string });
    expect(new Set(made.map((m) => m.id)).size, 'distinct ids').toBe(500);
    const numbers = made.map((m) => numberOf(m.reference_num)).sort((x, y) => x - y);
    expect(numbers, 'the 500 numbers after the ones used before, no gap, no repeat').toEqual(
      Array.from({ length: 500 }, (_, k) => firstNumber + k),
    );
    expect(await nextFeatureNumber(database.url)).toBe(firstNumber + 500);

    const byName = new Map(jobs.map((j) => [j.name, j]));
    const seen: Observed[] = [];
    for (const child of [a, b]) {
      const s = await observe(child.url, releaseKey, epic.reference_num, since, firstNumber);
      expect(s.listed.items).toHaveLength(500);
      for (const f of s.listed.items) checkValues(f, byName.get(f.name) as Job);
      expect(new Set(s.listed.items.map((f) => f.reference_num))).toEqual(new Set(made.map((m) => m.reference_num)));
      checkConsistent(s, epic.id);
      expect(s.epic.features_count).toBe(jobs.filter((j) => j.body.epic !== undefined).length);
      expect(await totalOf(child.url, '/features'), 'account feature total').toBe(featuresBefore + 500);
      seen.push(s);
    }
    // Something to compare: every roll-up has a value to be wrong about.
    expect([seen[0]?.release.progress, seen[0]?.release.start_date, seen[0]?.epic.progress, seen[0]?.epic.due_date]).not.toContain(null);
    expect(seen[0]?.epic.features_completed_count).toBeGreaterThan(0);
    // Both instances answer the same numbers.
    expect(seen[1]?.release).toEqual(seen[0]?.release);
    expect(seen[1]?.epic).toEqual(seen[0]?.epic);
  }, 180_000);

  it('an instance killed mid-load loses no acknowledged write, leaves nothing half-written, and one started after answers alike', async () => {
    if (!database) throw new Error('no database');
    const { releaseKey, epic } = await releaseWithEpic(a.url, a.url, 'Killed instance');
    const firstNumber = await nextFeatureNumber(database.url);
    const since = new Date(Date.now() - 1000).toISOString();

    const jobs = Array.from({ length: 400 }, (_, n) => job('Killed', n, releaseKey, epic.reference_num));
    let fromB = 0;
    let killing: Promise<void> | undefined;
    let goneAt = Infinity;
    const outcomes = await runLoad(
      jobs,
      (target) => (target === 'a' ? a.url : b.url),
      (o) => {
        if (o.job.target === 'b' && o.made && ++fromB === 100) killing = b.kill().then(() => void (goneAt = performance.now()));
      },
    );
    await killing;

    // A answered every create; B answered some before it died and none after.
    const fromA = outcomes.filter((o) => o.job.target === 'a');
    expect(
      fromA.filter((o) => !o.made).map((o) => `${o.job.name}: ${o.status ?? ''} ${o.error ?? ''}`),
      'creates A did not answer',
    ).toEqual([]);
    const bOutcomes = outcomes.filter((o) => o.job.target === 'b');
    const bLost = bOutcomes.filter((o) => !o.made);
    expect(bOutcomes.filter((o) => o.made).length, 'B acknowledged its share before the kill').toBeGreaterThanOrEqual(100);
    expect(bLost.length, 'creates sent to B after it was killed').toBeGreaterThan(0);
    // A failure at B is the kill's (a refused or cut connection), never an answer.
    expect(bLost.filter((o) => o.status !== undefined).map((o) => `${o.job.name}: ${o.status} ${o.error ?? ''}`)).toEqual([]);
    // Sent before B was seen gone and not answered: it may have committed (whole) or not. Sent after: it cannot exist.
    const inDoubt = new Set(bLost.filter((o) => o.sentAt < goneAt).map((o) => o.job.name));
    const neverSent = new Set(bLost.filter((o) => o.sentAt >= goneAt).map((o) => o.job.name));
    const acknowledged = outcomes.filter((o) => o.made);

    const bAgain = await start();
    expect(bAgain.output()).not.toContain('seeded');
    const byName = new Map(jobs.map((j) => [j.name, j]));
    const seen: Observed[] = [];
    for (const child of [a, bAgain]) {
      const s = await observe(child.url, releaseKey, epic.reference_num, since, firstNumber);
      const present = new Map(s.listed.items.map((f) => [f.id, f]));
      // Every acknowledged write is there, as acknowledged.
      const missing = acknowledged.filter((o) => {
        const f = present.get(o.made?.id ?? '');
        return !f || f.name !== o.job.name || f.reference_num !== o.made?.reference_num;
      });
      expect(
        missing.map((o) => `${o.job.target} ${o.job.name} ${o.made?.reference_num ?? ''}`),
        'acknowledged creates lost',
      ).toEqual([]);
      // Anything more is one of the creates in flight at the kill.
      const acknowledgedIds = new Set(acknowledged.map((o) => o.made?.id));
      const extra = s.listed.items.filter((f) => !acknowledgedIds.has(f.id));
      expect(
        extra.filter((f) => !inDoubt.has(f.name)).map((f) => f.name),
        'unacknowledged features not in flight at the kill',
      ).toEqual([]);
      for (const f of s.listed.items) checkValues(f, byName.get(f.name) as Job);
      checkConsistent(s, epic.id);
      // Numbers are taken in the create's transaction: one rolled back by the kill leaves no gap.
      const numbers = s.listed.items.map((f) => numberOf(f.reference_num)).sort((x, y) => x - y);
      expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, k) => firstNumber + k));
      seen.push(s);
    }
    const committedInDoubt = (seen[0]?.listed.items ?? []).filter((f) => inDoubt.has(f.name)).length;
    console.log(
      `kill: ${acknowledged.length} of 400 creates acknowledged (${fromB} by B); of ${inDoubt.size} in flight at B's death ${committedInDoubt} committed; ${neverSent.size} refused after it`,
    );
    expect(await nextFeatureNumber(database.url)).toBe(firstNumber + (seen[0]?.listed.items.length ?? 0));
    expect(seen[1]?.release).toEqual(seen[0]?.release);
    expect(seen[1]?.epic).toEqual(seen[0]?.epic);
  }, 420_000);
});
