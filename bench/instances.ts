// `npm run bench:instances` (and part of `npm run bench`): requests per second of one mixed load on
// one database of 100,000 features (INSTANCES_FEATURES), served by one service instance and then
// by two on PostgreSQL (bench/postgres.ts: BENCH_DATABASE_URL or a throwaway cluster), and by one
// on SQLite (its default read workers) for comparison. Each instance is its own process
// (`node --import tsx server/main.ts`), so two instances can use two cores; PostgreSQL instances
// run no read workers, more instances being PostgreSQL's way to more reads. The load: INSTANCES_CLIENTS
// clients (16) with a connection each, one request at a time, for INSTANCES_SECONDS (12) after a
// warm-up, twice: a mixed load, in which four in five requests read (a page of the product's
// features, a feature by id) and one in five creates a feature in the release of 100,000, then
// reads only; with two instances the clients alternate between them. Every answer must be 2xx. Figures: docs/bench.md ("PostgreSQL beside SQLite").
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { bulkSeeders } from '../server/seed/bulk-postgres';
import { startService } from '../server/start';
import { demoPlace } from './demo';
import { startProcess, stopProcess } from './child-process';
import { benchDatabase } from './postgres';

const FEATURES = Number(process.env.INSTANCES_FEATURES ?? 100_000);
const CLIENTS = Number(process.env.INSTANCES_CLIENTS ?? 16);
const SECONDS = Number(process.env.INSTANCES_SECONDS ?? 12);
const WARMUP_SECONDS = Number(process.env.INSTANCES_WARMUP ?? 2);
/** The loads: in "mixed" every fifth request of a client creates a feature (20 %); in "reads only" none does. */
const LOADS = [
  { name: 'mixed', createEvery: 5 },
  { name: 'reads only', createEvery: 0 },
] as const;
type Load = (typeof LOADS)[number];
const TOKEN = 'bench-token-0123456789';

interface Workspace {
  productId: number;
  releaseId: number;
  firstFeature: number;
  lastFeature: number;
}

/** A fresh database seeded in this process (demo account and FEATURES features), then closed for the instances. */
async function seed(dataDir: string, databaseUrl: string | undefined): Promise<Workspace> {
  const service = await startService({ dataDir, databaseUrl, port: 0, adminToken: TOKEN, seed: 'demo' });
  try {
    const { product, release } = await demoPlace(service.store.db);
    const t0 = performance.now();
    const made = await bulkSeeders(service.store).features(product.id, release.id, FEATURES);
    console.log(`  seeded ${FEATURES.toLocaleString('en')} features in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    return { productId: product.id, releaseId: release.id, firstFeature: made.firstId ?? 1, lastFeature: made.lastId ?? 1 };
  } finally {
    await service.close();
  }
}

interface Outcome {
  requests: number;
  seconds: number;
  reads: number[];
  creates: number[];
}

/** One request on a kept-alive connection; resolves with its status once the body is read. */
function send(agent: http.Agent, base: URL, method: string, p: string, body?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method,
        path: `/api/v1${p}`,
        headers: {
          authorization: `Bearer ${TOKEN}`,
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}),
        },
      },
      (res) => {
        res.resume();
        res.once('end', () => resolve(res.statusCode ?? 0));
        res.once('error', reject);
      },
    );
    req.once('error', reject);
    req.end(body);
  });
}

/**
 * Drives `urls` with CLIENTS clients (client k on urls[k % urls.length]) for `seconds`; answers
 * the latency of every request finished in that time. Any answer but 2xx stops the bench.
 */
async function drive(urls: string[], w: Workspace, seconds: number, label: string, load: Load): Promise<Outcome> {
  const agents = urls.map(() => new http.Agent({ keepAlive: true, maxSockets: CLIENTS }));
  const reads: number[] = [];
  const creates: number[] = [];
  const pages = Math.max(1, Math.floor(FEATURES / 30));
  const span = w.lastFeature - w.firstFeature + 1;
  let made = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  const client = async (k: number): Promise<void> => {
    const base = new URL(urls[k % urls.length] ?? '');
    const agent = agents[k % agents.length] ?? new http.Agent();
    // Spread where each client starts in the mix, so creates do not arrive in step.
    for (let i = k; performance.now() < end; i++) {
      const s = performance.now();
      let status: number;
      if (load.createEvery > 0 && i % load.createEvery === load.createEvery - 1) {
        const body = JSON.stringify({ feature: { name: `${label} feature ${++made}`, tags: 'load' } });
        status = await send(agent, base, 'POST', `/releases/${w.releaseId}/features`, body);
        creates.push(performance.now() - s);
      } else if (i % 2 === 0) {
        const page = 1 + Math.floor(Math.random() * Math.min(pages, 100));
        status = await send(agent, base, 'GET', `/products/${w.productId}/features?page=${page}`);
        reads.push(performance.now() - s);
      } else {
        const id = w.firstFeature + Math.floor(Math.random() * span);
        status = await send(agent, base, 'GET', `/features/${id}`);
        reads.push(performance.now() - s);
      }
      if (status < 200 || status >= 300) throw new Error(`${label}: an answer of ${status}`);
    }
  };
  try {
    await Promise.all(Array.from({ length: CLIENTS }, (_, k) => client(k)));
  } finally {
    for (const a of agents) a.destroy();
  }
  return { requests: reads.length + creates.length, seconds: (performance.now() - start) / 1000, reads, creates };
}

const quantile = (xs: number[], q: number): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
};

interface Line {
  setup: string;
  load: string;
  outcome: Outcome;
}

/** Starts `count` instances on one database, warms them and measures each load, stops them. */
async function measure(setup: string, count: number, env: NodeJS.ProcessEnv, w: Workspace, children: ChildProcess[]): Promise<Line[]> {
  const urls: string[] = [];
  const mine: ChildProcess[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const started = await startProcess(['--import', 'tsx', 'server/main.ts'], env);
      children.push(started.child);
      mine.push(started.child);
      urls.push(started.url);
    }
    console.log(`  ${setup}: ${urls.join(', ')} (PIDs ${mine.map((c) => c.pid).join(', ')})`);
    const lines: Line[] = [];
    for (const load of LOADS) {
      if (WARMUP_SECONDS > 0) await drive(urls, w, WARMUP_SECONDS, `${setup} warm-up`, load);
      lines.push({ setup, load: load.name, outcome: await drive(urls, w, SECONDS, setup, load) });
    }
    return lines;
  } finally {
    for (const c of mine) await stopProcess(c);
  }
}

async function main(): Promise<void> {
  const children: ChildProcess[] = [];
  const folders: string[] = [];
  const lines: Line[] = [];
  const service = (dataDir: string): NodeJS.ProcessEnv => ({
    PORT: '0',
    HOST: '127.0.0.1',
    PLANNER_DATA_DIR: dataDir,
    PLANNER_TOKEN: TOKEN,
    PLANNER_SEED: 'empty',
    PLANNER_RATE_LIMIT: 'off',
    NODE_ENV: 'production',
  });
  try {
    // SQLite: one instance with its default read workers.
    const sqliteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'planner-instances-'));
    folders.push(sqliteDir);
    console.log('SQLite');
    const onSqlite = await seed(sqliteDir, undefined);
    lines.push(...(await measure('SQLite, 1 instance (default read workers)', 1, service(sqliteDir), onSqlite, children)));

    const database = await benchDatabase();
    if ('skipped' in database) {
      console.log(`PostgreSQL skipped: ${database.skipped}`);
    } else {
      try {
        console.log(`PostgreSQL: ${database.where}`);
        const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'planner-instances-'));
        folders.push(filesDir);
        const onPostgres = await seed(filesDir, database.url);
        const env = { ...service(filesDir), PLANNER_DATABASE_URL: database.url, PLANNER_READ_WORKERS: '0' };
        lines.push(...(await measure('PostgreSQL, 1 instance', 1, env, onPostgres, children)));
        lines.push(...(await measure('PostgreSQL, 2 instances', 2, env, onPostgres, children)));
      } finally {
        await database.done();
      }
    }

    const pad = (s: string, n: number) => s.padEnd(n);
    const num = (x: number, d = 1) => x.toFixed(d).padStart(9);
    console.log(
      `\n${pad('setup', 44)}${pad('load', 12)}${'req/s'.padStart(9)}${'p50'.padStart(9)}${'p95'.padStart(9)}${'read p50'.padStart(10)}${'read p95'.padStart(10)}${'crt p50'.padStart(9)}${'crt p95'.padStart(9)}${'creates'.padStart(9)}`,
    );
    for (const { setup, load, outcome: o } of lines) {
      const all = [...o.reads, ...o.creates];
      console.log(
        `${pad(setup, 44)}${pad(load, 12)}${num(o.requests / o.seconds, 0)}${num(quantile(all, 0.5))}${num(quantile(all, 0.95))}${num(quantile(o.reads, 0.5)).padStart(10)}${num(quantile(o.reads, 0.95)).padStart(10)}${o.creates.length ? num(quantile(o.creates, 0.5)) : '—'.padStart(9)}${o.creates.length ? num(quantile(o.creates, 0.95)) : '—'.padStart(9)}${String(o.creates.length).padStart(9)}`,
      );
    }
    console.log(
      `\nms; ${CLIENTS} clients, one request at a time each, ${SECONDS} s per load after ${WARMUP_SECONDS} s of warm-up; reads: a page of 30 features or a feature by id, in turn; mixed: 1 request in 5 creates a feature in the release of ${FEATURES.toLocaleString('en')}.`,
    );
    console.log(`The clients run in this process on the same ${os.availableParallelism()} cores as the instances and the database.`);
  } finally {
    for (const c of children) await stopProcess(c);
    for (const f of folders) fs.rmSync(f, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
