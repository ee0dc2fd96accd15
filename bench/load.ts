// `npm run bench` (second half): the service under concurrent load, as `npm start` runs it, beside a
// bare Hono server answering the same bytes. Seeds 100,000 features into one release of a temporary
// database (LOAD_FEATURES), starts the service as its own process (compiled when `dist-server/`
// exists, otherwise through tsx), and drives each scenario with autocannon (LOAD_CONNECTIONS, 32 by
// default; LOAD_SECONDS each, LOAD_ROUNDS rounds), printing req/s and p50/p99 latency per scenario,
// and each scenario's share of what bare Hono serves for the same body beside the target
// as such a share — the ratio that stays meaningful on a noisy machine. Every scenario must answer 2xx only; anything else fails the bench.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { seedBulk } from '../server/seed/bulk';
import { startService } from '../server/start';
import { demoPlace } from './demo';
import { startProcess, stopProcess } from './child-process';

const FEATURES = Number(process.env.LOAD_FEATURES ?? 100_000);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 32);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 5);
const ROUNDS = Number(process.env.LOAD_ROUNDS ?? 2);
/** Seconds each scenario runs unmeasured first: the JIT and the page cache warm to that request. */
const WARMUP = Number(process.env.LOAD_WARMUP ?? 1);
const ONLY = process.env.LOAD_ONLY?.split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const TOKEN = 'bench-token-0123456789';
const ROOT = path.resolve(import.meta.dirname, '..');

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  /** Bytes per answer, headers included: what the req/s of a larger answer is to be read against. */
  kb: number;
}

interface Scenario {
  name: string;
  path: string;
  method?: 'GET' | 'POST';
  body?: () => string;
  connections?: number;
  target?: string;
  /**
   * The target as a share of bare Hono's req/s in the same run (its machine: bare Hono
   * 47,000 req/s): the ratio that stays meaningful on a machine of another speed.
   */
  needShare?: number;
}

async function load(url: string, s: Scenario, duration = SECONDS): Promise<Figures> {
  const result = await autocannon({
    url,
    connections: s.connections ?? CONNECTIONS,
    duration,
    method: s.method ?? 'GET',
    headers: { authorization: `Bearer ${TOKEN}`, accept: 'application/json', 'content-type': 'application/json' },
    ...(s.body ? { requests: [{ setupRequest: (req: autocannon.Request) => ({ ...req, body: s.body?.() ?? '' }) }] } : {}),
  });
  const bad = result.non2xx + result.errors + result.timeouts;
  if (bad > 0) {
    const codes = JSON.stringify(result.statusCodeStats);
    throw new Error(`${s.name}: ${result.non2xx} non-2xx (${codes}), ${result.errors} errors, ${result.timeouts} timeouts`);
  }
  const kb = result.requests.total > 0 ? result.throughput.total / result.requests.total / 1024 : 0;
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, kb };
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? NaN) : ((s[mid - 1] ?? NaN) + (s[mid] ?? NaN)) / 2;
};

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'planner-load-'));
  const children: ChildProcess[] = [];
  try {
    // Seed in this process, then hand the file to the service process.
    const seeding = await startService({ dataDir, port: 0, adminToken: TOKEN, seed: 'demo' });
    const { product, release } = await demoPlace(seeding.store.db);
    const t0 = performance.now();
    seedBulk(seeding.store, product.id, release.id, FEATURES);
    const middle = await seeding.store.db
      .selectFrom('features')
      .select('id')
      .where('release_id', '=', release.id)
      .orderBy('id')
      .offset(Math.floor(FEATURES / 2))
      .limit(1)
      .executeTakeFirstOrThrow();
    await seeding.close();
    console.log(`Seeded ${FEATURES.toLocaleString('en')} features in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const compiled = fs.existsSync(path.join(ROOT, 'dist-server', 'main.js'));
    const service = await startProcess(compiled ? ['dist-server/main.js'] : ['--import', 'tsx', 'server/main.ts'], {
      PORT: '0',
      HOST: '127.0.0.1',
      PLANNER_DATA_DIR: dataDir,
      PLANNER_TOKEN: TOKEN,
      PLANNER_RATE_LIMIT: 'off',
      NODE_ENV: 'production',
    });
    children.push(service.child);
    const api = `${service.url}/api/v1`;

    // The bare-Hono control answers exactly the list page's bytes.
    const listPath = `/products/${product.id}/features?per_page=30`;
    const listBody = await (await fetch(`${api}${listPath}`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
    const bodyFile = path.join(dataDir, 'control-body.json');
    fs.writeFileSync(bodyFile, listBody);
    const bare = await startProcess(['--import', 'tsx', 'bench/bare-hono.ts'], { CONTROL_BODY: bodyFile });
    children.push(bare.child);

    let n = 0;
    const scenarios: Scenario[] = [
      { name: 'bare Hono, same body', path: '', target: bare.url },
      // p99 ≤ 10 ms at 32 connections ≈ 3,500 req/s.
      { name: 'list page (per_page=30)', path: listPath, needShare: 3_500 / 47_000 },
      // p99 ≤ 15 ms where the list's 10 ms is 3,500 req/s.
      { name: 'list page, fields=*', path: `${listPath}&fields=*`, needShare: (3_500 * 10) / 15 / 47_000 },
      { name: 'list page 3000', path: `${listPath}&page=3000` },
      { name: 'search q=timeline, page 1', path: `/products/${product.id}/features?q=timeline` },
      { name: 'search q=timeline, page 300', path: `/products/${product.id}/features?q=timeline&page=300` },
      { name: `feature by id (${middle.id})`, path: `/features/${middle.id}`, needShare: 8_000 / 47_000 },
      { name: 'GET /me', path: '/me' },
      {
        name: `create feature (release ${release.id}, 10 conns)`,
        path: `/releases/${release.id}/features`,
        method: 'POST',
        connections: 10,
        body: () => JSON.stringify({ feature: { name: `Load feature ${++n}`, tags: 'load' } }),
        needShare: 1_000 / 47_000,
      },
    ];
    const chosen = ONLY ? scenarios.filter((s, i) => i === 0 || ONLY.some((o) => s.name.includes(o))) : scenarios;
    console.log(
      `${compiled ? 'compiled' : 'tsx'} service, ${CONNECTIONS} connections, ${WARMUP} s warm-up then ${SECONDS} s per scenario, ${ROUNDS} rounds (medians)\n`,
    );
    const figures = new Map<string, Figures[]>();
    if (WARMUP > 0) for (const s of chosen) await load(s.target ?? `${api}${s.path}`, s, WARMUP);
    for (let round = 0; round < ROUNDS; round++) {
      for (const s of chosen) {
        const url = s.target ?? `${api}${s.path}`;
        const f = await load(url, s);
        figures.set(s.name, [...(figures.get(s.name) ?? []), f]);
      }
    }
    const pad = (s: string, w: number) => s.padEnd(w);
    const num = (x: number, d = 1) => x.toFixed(d).padStart(10);
    const med = (name: string): Figures => {
      const fs_ = figures.get(name) ?? [];
      return {
        rps: median(fs_.map((f) => f.rps)),
        p50: median(fs_.map((f) => f.p50)),
        p99: median(fs_.map((f) => f.p99)),
        kb: median(fs_.map((f) => f.kb)),
      };
    };
    const bareRps = med('bare Hono, same body').rps;
    const pct = (x: number) => `${(100 * x).toFixed(1)}%`.padStart(10);
    console.log(
      `${pad('scenario', 44)}${'req/s'.padStart(10)}${'p50 ms'.padStart(10)}${'p99 ms'.padStart(10)}${'KB'.padStart(8)}${'share'.padStart(10)}${'needed'.padStart(10)}`,
    );
    const short: string[] = [];
    for (const s of chosen) {
      const f = med(s.name);
      const share = bareRps > 0 ? f.rps / bareRps : NaN;
      const needed = s.needShare === undefined ? '' : pct(s.needShare);
      console.log(
        `${pad(s.name, 44)}${num(f.rps, 0)}${num(f.p50)}${num(f.p99)}${f.kb.toFixed(1).padStart(8)}${s.target ? ''.padStart(10) : pct(share)}${needed}`,
      );
      if (s.needShare !== undefined && !(share >= s.needShare)) short.push(s.name);
    }
    console.log(
      `\nshare: req/s as a share of bare Hono's for the same body in this run; needed: the issue's target as that share (its bare Hono: 47,000 req/s)`,
    );
    console.log(short.length === 0 ? 'every scenario with a target reaches it' : `below target: ${short.join('; ')}`);
  } finally {
    for (const c of children) await stopProcess(c);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
