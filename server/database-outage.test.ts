// The service outlives its database (issue 29, part 1): two instances, each its own process, on a
// PostgreSQL cluster of this test's own, eight clients creating features without pause; then (a)
// every connection of the instances is ended by the server (pg_terminate_backend), and (b) the
// cluster is stopped (`pg_ctl stop -m fast`) and started again on the same port and data. Both
// processes stay up; every answer is 200 or 503 with Retry-After; while the database is down the
// answers are 503s; once it is back each instance answers a create within 5 s; every acknowledged
// create is in the database as acknowledged, nothing else is there but creates answered 503 (their
// COMMIT's outcome unknown), and the reference numbers run on without a repeat or a gap.
//
// PostgreSQL only, and on a cluster started here: the shared TEST_DATABASE_URL cluster serves the
// other test files in parallel and must not be restarted. On SQLite there is no server to lose (the
// database is a file of the process; its kill -9 test is durability.test.ts); without PostgreSQL's
// binaries (TEST_DATABASE_URL naming a server elsewhere) there is no cluster to start here.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { findPostgres, startCluster } from '../scripts/pg-cluster.mjs';
import type { Cluster } from '../scripts/pg-cluster.mjs';
import { startChildService } from './test/child-service';
import type { ChildService } from './test/child-service';
import { onPostgres } from './test/harness';

const TOKEN = 'outage-admin-token-0123456789';
/** Clients writing at once, half to each instance. */
const WRITERS = 8;
/** No request may hang the test; one waiting for a lost database must have been answered long before. */
const REQUEST_TIMEOUT_MS = 60_000;
/** How long the test waits for each count it drives by: generous, for a busy 2-core machine. */
const PHASE_CAP_MS = 90_000;

const ref = z.object({ id: z.union([z.string(), z.number()]).transform(String), reference_num: z.string() });

interface Outcome {
  instance: 'a' | 'b';
  name: string;
  sentAt: number;
  answeredAt: number;
  /** Undefined when no answer came (the connection refused or cut, or the time-out). */
  status?: number;
  retryAfter?: string | null;
  made?: z.output<typeof ref>;
  error?: string;
}

const numberOf = (key: string): number => Number(key.split('-').at(-1));

async function adminQuery<R extends pg.QueryResultRow>(url: string, statement: string): Promise<R[]> {
  // Named apart from the service's connections ('planner'), so terminating those leaves this one be.
  const client = new pg.Client({ connectionString: url, application_name: 'outage-test' });
  // The failure, if any, is the query's to report.
  client.on('error', () => undefined);
  await client.connect();
  try {
    return (await client.query<R>(statement)).rows;
  } finally {
    await client.end();
  }
}

/** Resolves once `done()` holds, checking as answers come; fails after `capMs` with `what`, or at once when a service died. */
async function until(done: () => boolean, what: string, services: readonly ChildService[], capMs = PHASE_CAP_MS): Promise<void> {
  const began = performance.now();
  while (!done()) {
    const dead = services.find((s) => s.exited());
    if (dead) throw new Error(`the service at ${dead.url} exited while waiting for ${what}:\n${dead.output()}`);
    if (performance.now() - began > capMs) throw new Error(`not within ${capMs / 1000} s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.skipIf(!onPostgres || !findPostgres())('PostgreSQL restarts and dropped connections under write load', () => {
  let cluster: Cluster | undefined;
  let dataDir = '';
  let url = '';
  const children: ChildService[] = [];

  beforeAll(async () => {
    cluster = await startCluster();
    await adminQuery(cluster.url, 'CREATE DATABASE planner');
    const u = new URL(cluster.url);
    u.pathname = '/planner';
    url = u.toString();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'planner-outage-'));
    const start = async () => {
      const child = await startChildService({
        PLANNER_DATABASE_URL: url,
        PLANNER_DATA_DIR: dataDir,
        PLANNER_TOKEN: TOKEN,
        PLANNER_SEED: 'demo',
        PLANNER_READ_WORKERS: '0',
        // The limits stay on (kept in the database: each request's check is one more statement
        // that meets the outage), high enough that the load is never refused for its rate.
        PLANNER_RATE_LIMIT: '100000/min',
        PLANNER_AUTH_FAILURE_LIMIT: '1000/min',
      });
      children.push(child);
      return child;
    };
    // One after the other: the first makes and seeds the database.
    await start();
    await start();
  }, 180_000);

  afterAll(async () => {
    for (const child of children) await child.kill();
    cluster?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('terminated connections and a restart: both processes stay up, 503 + Retry-After while away, back within 5 s, no acknowledged write lost', async () => {
    const [a, b] = children as [ChildService, ChildService];
    const base = { a: a.url, b: b.url };
    const waitFor = (done: () => boolean, what: string) => until(done, what, children);
    const call = async (instance: 'a' | 'b', method: string, p: string, body?: unknown) => {
      const res = await fetch(`${base[instance]}/api/v1${p}`, {
        method,
        headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json', Accept: 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      return { status: res.status, retryAfter: res.headers.get('retry-after'), text: await res.text() };
    };
    const made = await call('a', 'POST', '/products/PLN/releases', { release: { name: 'Outage' } });
    expect(made.status, made.text).toBe(200);
    const releaseKey = z.object({ release: ref }).parse(JSON.parse(made.text)).release.reference_num;
    const [counter] = await adminQuery<{ n: string }>(url, `SELECT next_feature_num AS n FROM products WHERE reference_prefix = 'PLN'`);
    const firstNumber = Number(counter?.n);

    // The load: each writer creates features one after the other until told to stop; after an
    // answer other than 200 it waits a moment, as a client told to retry would.
    const outcomes: Outcome[] = [];
    let stopping = false;
    const writer = async (w: number): Promise<void> => {
      const instance = w % 2 === 0 ? 'a' : 'b';
      for (let n = 0; !stopping; n++) {
        const name = `Outage ${w}-${n}`;
        const sentAt = performance.now();
        let o: Outcome;
        try {
          const res = await call(instance, 'POST', `/releases/${releaseKey}/features`, { feature: { name } });
          const parsed = res.status === 200 ? z.object({ feature: ref }).safeParse(JSON.parse(res.text)) : undefined;
          o = { instance, name, sentAt, answeredAt: performance.now(), status: res.status, retryAfter: res.retryAfter };
          if (parsed?.success) o.made = parsed.data.feature;
          else o.error = res.text.slice(0, 300);
        } catch (err) {
          o = { instance, name, sentAt, answeredAt: performance.now(), error: String((err as { cause?: unknown }).cause ?? err) };
        }
        outcomes.push(o);
        if (!o.made) await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const acknowledged = (instance: 'a' | 'b', after: number) =>
      outcomes.filter((o) => o.instance === instance && o.made && o.sentAt >= after).length;
    const load = Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));

    const figures: string[] = [];
    try {
      await waitFor(() => acknowledged('a', 0) >= 10 && acknowledged('b', 0) >= 10, 'ten creates acknowledged by each instance');

      // (a) The server ends every connection of both instances, three times, the load going on.
      const terminatedAt = performance.now();
      let terminated = 0;
      for (let round = 0; round < 3; round++) {
        const from = performance.now();
        const rows = await adminQuery<{ pid: number }>(
          url,
          "SELECT pg_terminate_backend(pid) AS pid FROM pg_stat_activity WHERE application_name = 'planner'",
        );
        terminated += rows.length;
        await waitFor(() => acknowledged('a', from) >= 5 && acknowledged('b', from) >= 5, `creates acknowledged after termination ${round + 1}`);
      }
      expect(terminated, 'connections terminated').toBeGreaterThan(0);
      const afterTermination = outcomes.filter((o) => o.sentAt >= terminatedAt);
      figures.push(
        `terminate ×3: ${terminated} connections ended; ${afterTermination.filter((o) => o.status === 503).length} × 503, ` +
          `${afterTermination.filter((o) => o.made).length} acknowledged`,
      );

      // (b) The cluster stops (fast: sessions ended, committed work kept) and starts again.
      const haltedFrom = performance.now();
      cluster?.halt('fast');
      const downAt = performance.now();
      const answeredWhileDown = () => outcomes.filter((o) => o.sentAt >= downAt && o.status !== undefined);
      await waitFor(
        () => (['a', 'b'] as const).every((i) => answeredWhileDown().filter((o) => o.instance === i).length >= 10),
        'ten answers from each instance while the database is down',
      );
      const whileDown = answeredWhileDown();
      cluster?.resume();
      const upAt = performance.now();
      const firstAcknowledged = (instance: 'a' | 'b') => outcomes.find((o) => o.instance === instance && o.made && o.answeredAt >= upAt);
      await waitFor(() => firstAcknowledged('a') !== undefined && firstAcknowledged('b') !== undefined, 'a create acknowledged by each instance after the restart');
      const recovery = (['a', 'b'] as const).map((i) => (firstAcknowledged(i)?.answeredAt ?? Infinity) - upAt);
      await waitFor(() => acknowledged('a', upAt) >= 10 && acknowledged('b', upAt) >= 10, 'ten creates acknowledged by each instance after the restart');

      expect(
        whileDown.filter((o) => o.status !== 503 || !o.retryAfter).map((o) => `${o.instance} ${o.name}: ${o.status ?? ''} ${o.error ?? ''}`),
        'answers while the database was down',
      ).toEqual([]);
      const downLatency = whileDown.map((o) => o.answeredAt - o.sentAt).sort((x, y) => x - y);
      const slowest = downLatency.at(-1) ?? 0;
      figures.push(
        `restart: stop took ${(downAt - haltedFrom).toFixed(0)} ms, down ${((upAt - downAt) / 1000).toFixed(1)} s; ` +
          `${whileDown.length} answers while down (all 503, median ${(downLatency[Math.floor(downLatency.length / 2)] ?? 0).toFixed(0)} ms, ` +
          `slowest ${slowest.toFixed(0)} ms); first create acknowledged ${recovery.map((r) => `${r.toFixed(0)} ms`).join(' / ')} after the start`,
      );
      // While the database is away a request is answered at once, not after the pool's wait.
      expect(slowest, 'slowest answer while the database was down (ms)').toBeLessThan(10_000);
      for (const r of recovery) expect(r, 'ms from the database back to a create acknowledged').toBeLessThanOrEqual(5000);
    } finally {
      stopping = true;
      await load;
    }

    // Both processes lived through it all, and said nothing of an unhandled error.
    for (const child of children) {
      expect(child.exited(), `${child.url} exited:\n${child.output()}`).toBe(false);
      expect(child.output(), child.url).not.toMatch(/Unhandled|uncaught/i);
    }
    // Every request was answered (no refused or cut connection), and only with 200 or 503 + Retry-After.
    expect(
      outcomes
        .filter((o) => !o.made && (o.status !== 503 || !o.retryAfter))
        .map((o) => `${o.instance} ${o.name}: ${o.status ?? 'no answer'} ${o.error ?? ''}`),
      'answers other than 200 and 503 + Retry-After',
    ).toEqual([]);

    // What the database holds: every acknowledged create as acknowledged; beside them only creates
    // answered 503 (a COMMIT whose answer was lost); numbers from the first one on, no repeat, no gap.
    const rows = await adminQuery<{ id: string; name: string; reference_num: string }>(
      url,
      `SELECT f.id, f.name, f.reference_num FROM features f JOIN releases r ON r.id = f.release_id
       WHERE r.reference_num = '${releaseKey}'`,
    );
    const present = new Map(rows.map((r) => [r.name, r]));
    const acked = outcomes.filter((o) => o.made);
    expect(
      acked
        .filter((o) => {
          const row = present.get(o.name);
          return !row || String(row.id) !== o.made?.id || row.reference_num !== o.made.reference_num;
        })
        .map((o) => `${o.name} ${o.made?.reference_num ?? ''}`),
      'acknowledged creates lost or changed',
    ).toEqual([]);
    // A create that committed and was answered 503 was told it may have been saved, never "try again".
    const maybeSaved = new Set(outcomes.filter((o) => o.status === 503 && /may have been saved/.test(o.error ?? '')).map((o) => o.name));
    const ackedNames = new Set(acked.map((o) => o.name));
    const extra = rows.filter((r) => !ackedNames.has(r.name));
    const byName = new Map(outcomes.map((o) => [o.name, o]));
    expect(
      extra.filter((r) => !maybeSaved.has(r.name)).map((r) => `${r.name}: ${byName.get(r.name)?.status ?? 'not sent'} ${byName.get(r.name)?.error ?? ''}`),
      'features saved whose create was not answered 200 or "may have been saved"',
    ).toEqual([]);
    const numbers = rows.map((r) => numberOf(r.reference_num)).sort((x, y) => x - y);
    expect(numbers, 'reference numbers: consecutive from the first, none repeated').toEqual(
      Array.from({ length: rows.length }, (_, k) => firstNumber + k),
    );
    figures.push(
      `${outcomes.length} creates sent: ${acked.length} acknowledged (all present), ${outcomes.filter((o) => o.status === 503).length} × 503 ` +
        `(${maybeSaved.size} told "may have been saved", of which ${extra.length} were), 0 other answers`,
    );
    console.log(`database outage:\n  ${figures.join('\n  ')}`);
  }, 400_000);
});
