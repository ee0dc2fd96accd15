// `npm run bench:databases`: the service on SQLite and on PostgreSQL side by side, each with
// 100,000 features in one release (BENCH_FEATURES), over real HTTP on loopback; then requests per
// second of a mixed load (reads and creates) on PostgreSQL with one instance and with two, and on
// SQLite with its one. PostgreSQL is a throwaway cluster (scripts/pg-cluster.mjs) unless
// BENCH_DATABASE_URL names one (its maintenance database, as a superuser); without either the
// PostgreSQL column says so. Figures: docs/bench.md ("PostgreSQL beside SQLite").
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { seedBulk } from '../server/seed/bulk';
import { seedBulkPostgres } from '../server/seed/bulk-postgres';
import { startService } from '../server/start';
import { startChildService } from '../server/test/child-service';
import type { ChildService } from '../server/test/child-service';
// @ts-expect-error: a plain ES module of the project's scripts, without types
import { findPostgres, startCluster } from '../scripts/pg-cluster.mjs';

const FEATURES = Number(process.env.BENCH_FEATURES ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const WARMUP = 5;
const TOKEN = 'bench-token-0123456789';

interface Figures {
  p50: number;
  p95: number;
}

const quantile = (sorted: number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;

async function call(base: string, method: string, p: string, body?: unknown): Promise<unknown> {
  const send = () =>
    fetch(`${base}/api/v1${p}`, {
      method,
      headers: { Authorization: `Bearer ${TOKEN}`, Accept: 'application/json', ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
  // A pooled connection the service closed while idle (its keep-alive timeout, during seeding)
  // fails at once, before anything reached the service: sent again on a fresh one.
  const res = await send().catch((err: unknown) => {
    if (err instanceof TypeError && (err.cause as { code?: string } | undefined)?.code === 'ECONNRESET') return send();
    throw err;
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${p}: ${res.status} ${text.slice(0, 200)}`);
  return text ? (JSON.parse(text) as unknown) : null;
}

async function timed(run: (i: number) => Promise<unknown>): Promise<Figures> {
  for (let i = 0; i < WARMUP; i++) await run(-1 - i);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await run(i);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: quantile(times, 0.5), p95: quantile(times, 0.95) };
}

interface Seeded {
  releaseId: number;
  featureId: number;
}

/** A release of FEATURES features in the demo workspace, made through the API and the bulk seeder. */
async function seed(base: string, store: Parameters<typeof seedBulk>[0] & { kind: 'sqlite' | 'postgres'; db: Parameters<typeof seedBulkPostgres>[0] }): Promise<Seeded> {
  const product = (await call(base, 'GET', '/products/PLN')) as { product: { id: string } };
  const release = (await call(base, 'POST', '/products/PLN/releases', { release: { name: 'Bench release' } })) as { release: { id: string } };
  const productId = Number(product.product.id);
  const releaseId = Number(release.release.id);
  const started = performance.now();
  const result = store.kind === 'postgres' ? await seedBulkPostgres(store.db, productId, releaseId, FEATURES) : seedBulk(store, productId, releaseId, FEATURES);
  console.log(`  ${store.kind}: ${FEATURES.toLocaleString('en')} features seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return { releaseId, featureId: Number(result.lastId) };
}

const SCENARIOS: { name: string; run: (base: string, s: Seeded, i: number) => Promise<unknown> }[] = [
  { name: 'release features, page 1 (30)', run: (b, s) => call(b, 'GET', `/releases/${s.releaseId}/features`) },
  { name: 'release features, page 2,000', run: (b, s) => call(b, 'GET', `/releases/${s.releaseId}/features?page=2000`) },
  { name: 'product features, name search "export"', run: (b) => call(b, 'GET', '/products/PLN/features?q=export') },
  { name: 'product features, tag filter', run: (b) => call(b, 'GET', '/products/PLN/features?tag=security') },
  { name: 'one feature', run: (b, s) => call(b, 'GET', `/features/${s.featureId}`) },
  { name: 'the release with its roll-ups', run: (b, s) => call(b, 'GET', `/releases/${s.releaseId}`) },
  { name: 'create a feature in the release', run: (b, s, i) => call(b, 'POST', `/releases/${s.releaseId}/features`, { feature: { name: `Bench create ${i}`, initial_estimate: 3 } }) },
  { name: 'update a feature', run: (b, s, i) => call(b, 'PUT', `/features/${s.featureId}`, { feature: { name: `Bench update ${i}` } }) },
];

interface Column {
  label: string;
  figures: Map<string, Figures>;
}

async function scenarios(kind: 'sqlite' | 'postgres', dataDir: string, databaseUrl?: string): Promise<{ column: Column; seeded: Seeded }> {
  const service = await startService({ dataDir, databaseUrl, port: 0, adminToken: TOKEN, seed: 'demo', readWorkers: kind === 'sqlite' ? 1 : 0 });
  try {
    const seeded = await seed(service.url, service.store);
    const figures = new Map<string, Figures>();
    for (const s of SCENARIOS) figures.set(s.name, await timed((i) => s.run(service.url, seeded, i)));
    return { column: { label: kind === 'sqlite' ? 'SQLite' : 'PostgreSQL', figures }, seeded };
  } finally {
    await service.close();
  }
}

/**
 * CLIENTS clients, each sending one request at a time for LOAD_SECONDS, spread over `bases` in
 * turn: four reads (a page of the release, one feature) for each create.
 */
async function load(bases: string[], seeded: Seeded, creates: boolean): Promise<{ perSecond: number; p50: number; p95: number; errors: number }> {
  const times: number[] = [];
  let errors = 0;
  const until = performance.now() + LOAD_SECONDS * 1000;
  let n = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, c) => {
      while (performance.now() < until) {
        const i = n++;
        const base = bases[(c + i) % bases.length] ?? '';
        const start = performance.now();
        try {
          if (creates && i % 5 === 4) await call(base, 'POST', `/releases/${seeded.releaseId}/features`, { feature: { name: `Load ${i}` } });
          else if (i % 2 === 0) await call(base, 'GET', `/releases/${seeded.releaseId}/features?page=${1 + (i % 500)}`);
          else await call(base, 'GET', `/features/${seeded.featureId - (i % 1000)}`);
          times.push(performance.now() - start);
        } catch {
          errors++;
        }
      }
    }),
  );
  times.sort((a, b) => a - b);
  return { perSecond: times.length / LOAD_SECONDS, p50: quantile(times, 0.5), p95: quantile(times, 0.95), errors };
}

async function throughput(label: string, envs: Record<string, string>[], seeded: Seeded): Promise<string[]> {
  const children: ChildService[] = [];
  try {
    for (const env of envs) children.push(await startChildService({ PLANNER_TOKEN: TOKEN, PLANNER_RATE_LIMIT: 'off', PLANNER_AUTH_FAILURE_LIMIT: 'off', PLANNER_MAX_CONNECTIONS_PER_IP: '0', ...env }));
    const bases = children.map((c) => c.url);
    const lines: string[] = [];
    for (const creates of [true, false]) {
      const r = await load(bases, seeded, creates);
      lines.push(`| ${label} | ${creates ? 'mixed' : 'reads only'} | ${r.perSecond.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.errors} |`);
    }
    return lines;
  } finally {
    for (const c of children) await c.kill();
  }
}

const fmt = (f: Figures | undefined): string => (f ? `${f.p50.toFixed(1)} / ${f.p95.toFixed(1)}` : '—');

async function main(): Promise<void> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'planner-bench-db-'));
  let cluster: { url: string; stop(): void } | null = null;
  let admin = process.env.BENCH_DATABASE_URL;
  if (!admin && findPostgres()) {
    cluster = (await startCluster()) as { url: string; stop(): void };
    admin = cluster.url;
  }
  try {
    console.log(`Seeding (${FEATURES.toLocaleString('en')} features in one release per database; ${RUNS} timed runs a scenario)`);
    const sqliteDir = path.join(root, 'sqlite');
    const lite = await scenarios('sqlite', sqliteDir);
    let pgRun: { column: Column; seeded: Seeded } | null = null;
    let databaseUrl: string | undefined;
    if (admin) {
      const client = new pg.Client({ connectionString: admin });
      await client.connect();
      await client.query('DROP DATABASE IF EXISTS planner_bench');
      await client.query('CREATE DATABASE planner_bench');
      await client.end();
      const url = new URL(admin);
      url.pathname = '/planner_bench';
      databaseUrl = url.toString();
      pgRun = await scenarios('postgres', path.join(root, 'pg-files'), databaseUrl);
    }
    console.log('\n| scenario (ms, p50 / p95) | SQLite | PostgreSQL |\n|---|---|---|');
    for (const s of SCENARIOS) console.log(`| ${s.name} | ${fmt(lite.column.figures.get(s.name))} | ${pgRun ? fmt(pgRun.column.figures.get(s.name)) : 'not run: no PostgreSQL'} |`);

    console.log(`\nLoad: ${CLIENTS} clients for ${LOAD_SECONDS} s each; mixed is 4 reads (a release page, a feature) to 1 create`);
    console.log('| instances | load | requests/s | p50 ms | p95 ms | errors |\n|---|---|---|---|---|---|');
    for (const line of await throughput('SQLite, 1 instance (read workers: 1)', [{ PLANNER_DATA_DIR: sqliteDir, PLANNER_READ_WORKERS: '1' }], lite.seeded)) {
      console.log(line);
    }
    if (pgRun && databaseUrl) {
      const pgEnv = { PLANNER_DATA_DIR: path.join(root, 'pg-files'), PLANNER_DATABASE_URL: databaseUrl, PLANNER_READ_WORKERS: '0' };
      for (const line of await throughput('PostgreSQL, 1 instance', [pgEnv], pgRun.seeded)) console.log(line);
      for (const line of await throughput('PostgreSQL, 2 instances', [pgEnv, pgEnv], pgRun.seeded)) console.log(line);
    } else console.log('| PostgreSQL | not run: PostgreSQL is not installed and BENCH_DATABASE_URL is not set | | | | |');
  } finally {
    cluster?.stop();
    fs.rmSync(root, { recursive: true, force: true });
  }
}

await main();
