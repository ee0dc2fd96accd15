// `npm run bench`: the service's list and write latency on a large workspace, over real HTTP on
// loopback. Seeds 100,000 features (BENCH_FEATURES changes it) into a temporary database, then times
// each scenario a bounded number of times and prints p50/p95/max in milliseconds.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { seedBulk } from '../server/seed/bulk';
import { startService } from '../server/start';

const FEATURES = Number(process.env.BENCH_FEATURES ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const WARMUP = 5;
const TOKEN = 'bench-token-0123456789';

interface Row {
  scenario: string;
  p50: number;
  p95: number;
  max: number;
  note: string;
}

function quantile(sorted: number[], q: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i] ?? NaN;
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'planner-bench-'));
  const service = await startService({ dataDir, port: 0, adminToken: TOKEN, seed: 'demo' });
  const headers = { Authorization: `Bearer ${TOKEN}`, Accept: 'application/json', 'Content-Type': 'application/json' };
  const api = async (method: string, p: string, body?: unknown): Promise<{ status: number; json: unknown }> => {
    const res = await fetch(`${service.url}/api/v1${p}`, { method, headers, body: body ? JSON.stringify(body) : undefined });
    const text = await res.text();
    return { status: res.status, json: text ? JSON.parse(text) : null };
  };

  try {
    const product = await service.store.db
      .selectFrom('products')
      .select(['id', 'reference_prefix'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const release = await service.store.db
      .selectFrom('releases')
      .select(['id', 'reference_num'])
      .where('product_id', '=', product.id)
      .where('capacity_units', '=', 'time')
      .where('parking_lot', '=', 0)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const user = await service.store.db.selectFrom('users').select(['id', 'email']).orderBy('id').executeTakeFirstOrThrow();

    const t0 = performance.now();
    seedBulk(service.store, product.id, release.id, FEATURES);
    const seedMs = performance.now() - t0;
    console.log(`Seeded ${FEATURES.toLocaleString('en')} features in ${(seedMs / 1000).toFixed(1)} s\n`);

    const since = new Date(Date.now() - 60_000).toISOString();
    const lastPage = Math.max(1, Math.floor(FEATURES / 30));
    const scenarios: [string, string, string][] = [
      ['product features, page 1 of 30', `/products/${product.id}/features`, 'compact items'],
      ['product features, deep page', `/products/${product.id}/features?page=${lastPage}`, `page ${lastPage}`],
      ['product features, fields=*', `/products/${product.id}/features?fields=*`, 'full records'],
      ['release features, page 1', `/releases/${release.id}/features`, 'by position'],
      ['filter q (trigram)', `/products/${product.id}/features?q=timeline`, 'name contains'],
      ['filter q (2 chars)', `/products/${product.id}/features?q=ti`, 'LIKE fallback'],
      ['filter tag', `/products/${product.id}/features?tag=security`, ''],
      ['filter assignee', `/products/${product.id}/features?assigned_to_user=${encodeURIComponent(user.email)}`, ''],
      ['filter status', `/products/${product.id}/features?workflow_status=In%20development`, ''],
      ['filter updated_since', `/products/${product.id}/features?updated_since=${encodeURIComponent(since)}`, ''],
      ['filters combined', `/products/${product.id}/features?tag=api&workflow_status=New&q=export&fields=*`, ''],
      ['all features (account)', `/features?per_page=200`, '200 per page'],
      ['feature by key', `/features/${product.reference_prefix}-${Math.floor(FEATURES / 2)}`, 'full record'],
      ['release by key', `/releases/${release.reference_num}`, 'full record'],
    ];

    const rows: Row[] = [];
    for (const [name, p, note] of scenarios) {
      const times: number[] = [];
      for (let i = 0; i < WARMUP + RUNS; i++) {
        const s = performance.now();
        const r = await api('GET', p);
        const ms = performance.now() - s;
        if (r.status !== 200) throw new Error(`${name}: ${p} answered ${r.status} ${JSON.stringify(r.json)}`);
        if (i >= WARMUP) times.push(ms);
      }
      times.sort((a, b) => a - b);
      rows.push({ scenario: name, p50: quantile(times, 0.5), p95: quantile(times, 0.95), max: times.at(-1) ?? NaN, note });
    }

    // Writes: a create and an update each recompute roll-ups on a release of FEATURES features.
    const writes: number[] = [];
    const updates: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      let s = performance.now();
      const created = await api('POST', `/releases/${release.id}/features`, {
        feature: { name: `Bench feature ${i}`, initial_estimate_text: '1d 2h', tags: 'bench' },
      });
      writes.push(performance.now() - s);
      if (created.status !== 200) throw new Error(`create answered ${created.status} ${JSON.stringify(created.json)}`);
      const id = (created.json as { feature: { id: string } }).feature.id;
      s = performance.now();
      const updated = await api('PUT', `/features/${id}`, { feature: { remaining_estimate_text: '4h' } });
      updates.push(performance.now() - s);
      if (updated.status !== 200) throw new Error(`update answered ${updated.status}`);
    }
    for (const [name, times] of [
      ['create feature (op 1)', writes],
      ['update feature (op 2)', updates],
    ] as const) {
      times.sort((a, b) => a - b);
      rows.push({ scenario: name, p50: quantile(times, 0.5), p95: quantile(times, 0.95), max: times.at(-1) ?? NaN, note: 'with roll-ups' });
    }

    const pad = (s: string, n: number) => s.padEnd(n);
    const num = (n: number) => n.toFixed(2).padStart(8);
    console.log(`${pad('scenario', 34)}${'p50 ms'.padStart(8)}${'p95 ms'.padStart(8)}${'max ms'.padStart(8)}  note`);
    for (const r of rows) console.log(`${pad(r.scenario, 34)}${num(r.p50)}${num(r.p95)}${num(r.max)}  ${r.note}`);
    console.log(`\n${RUNS} timed runs per scenario after ${WARMUP} warm-up runs; HTTP over loopback, one client.`);
  } finally {
    await service.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
