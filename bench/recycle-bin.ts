// `npm run bench:bin` (and part of `npm run bench`): the recycle bin's delete and restore over real
// HTTP on loopback (issue 13's target: an epic with 1,000 features and their requirements, deleted
// and restored, ≤ 500 ms each). The epic's delete unlinks its 1,000 features (each with an update
// audit row) and keeps the links; its restore puts them back and recomputes the epic. A second
// scenario times the insert path: a feature whose 1,000 requirements go into the bin and come back
// row by row. Each cycle checks that what came back is what went.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { seedBulk } from '../server/seed/bulk';
import { startService } from '../server/start';

const FEATURES = Number(process.env.BENCH_BIN_FEATURES ?? 1_000);
const REQUIREMENTS_PER_FEATURE = Number(process.env.BENCH_BIN_REQUIREMENTS ?? 3);
const RUNS = Number(process.env.BENCH_BIN_RUNS ?? 10);
const TOKEN = 'bench-token-0123456789';

const quantile = (sorted: number[], q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'planner-bench-bin-'));
  const service = await startService({ dataDir, port: 0, adminToken: TOKEN, seed: 'demo' });
  const headers = { Authorization: `Bearer ${TOKEN}`, Accept: 'application/json', 'Content-Type': 'application/json' };
  const api = async (method: string, p: string, body?: unknown): Promise<{ status: number; json: unknown; deletion: string | null }> => {
    const res = await fetch(`${service.url}/api/v1${p}`, { method, headers, body: body ? JSON.stringify(body) : undefined });
    const text = await res.text();
    if (res.status >= 400) throw new Error(`${method} ${p}: ${res.status} ${text}`);
    return { status: res.status, json: text ? JSON.parse(text) : null, deletion: res.headers.get('x-deletion-id') };
  };
  const sqlite = service.store.sqlite;
  try {
    const release = (await api('POST', '/products/PLN/releases', { release: { name: 'Bench bin release' } })).json as {
      release: { id: string };
    };
    const releaseId = Number(release.release.id);
    const epic = (
      await api('POST', `/releases/${releaseId}/epics`, { epic: { name: 'Bench bin epic', progress_source: 'progress_from_features' } })
    ).json as { epic: { id: string } };
    const epicId = Number(epic.epic.id);
    const product = sqlite.prepare('SELECT product_id FROM releases WHERE id = ?').get(releaseId) as { product_id: number };
    seedBulk(service.store, product.product_id, releaseId, FEATURES);
    sqlite.prepare('UPDATE features SET epic_id = ? WHERE release_id = ?').run(epicId, releaseId);
    // Requirements, as a feature's are: numbered under it, in its product's requirement workflow.
    const status = sqlite
      .prepare(
        `SELECT s.id FROM workflow_statuses s JOIN workflows w ON w.id = s.workflow_id
         WHERE w.product_id = ? AND w.statusable_type = 'Requirement' ORDER BY s.position LIMIT 1`,
      )
      .get(product.product_id) as { id: number };
    const features = sqlite.prepare('SELECT id, reference_num FROM features WHERE release_id = ? ORDER BY id').all(releaseId) as {
      id: number;
      reference_num: string;
    }[];
    const insert = sqlite.prepare(
      `INSERT INTO requirements (feature_id, reference_num, name, position, workflow_status_id, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    const at = new Date().toISOString();
    sqlite.transaction(() => {
      for (const f of features) {
        for (let n = 1; n <= REQUIREMENTS_PER_FEATURE; n++)
          insert.run(f.id, `${f.reference_num}-${n}`, `Requirement ${n}`, n, status.id, at, at);
      }
    })();
    // The epic's numbers, as a write computes them (the bulk rows skipped the roll-ups; a change of
    // source there and back recomputes it).
    await api('PUT', `/epics/${epicId}`, { epic: { progress_source: 'progress_manual' } });
    await api('PUT', `/epics/${epicId}`, { epic: { progress_source: 'progress_from_features' } });
    const epicNow = async () =>
      ((await api('GET', `/epics/${epicId}?fields=progress,name`)).json as { epic: { progress: number | null } }).epic;
    const before = await epicNow();
    const linked = () => (sqlite.prepare('SELECT count(*) AS n FROM features WHERE epic_id = ?').get(epicId) as { n: number }).n;
    console.log(
      `Epic with ${linked().toLocaleString('en')} features and ${(features.length * REQUIREMENTS_PER_FEATURE).toLocaleString('en')} requirements; progress ${String(before.progress)}%\n`,
    );

    const cycle = async (del: string): Promise<[number, number, number]> => {
      let t0 = performance.now();
      const removed = await api('DELETE', del);
      const deleteMs = performance.now() - t0;
      t0 = performance.now();
      const answer = (await api('POST', `/deletions/${removed.deletion ?? ''}/restore`)).json as { unrestored_links: unknown[] };
      const restoreMs = performance.now() - t0;
      return [deleteMs, restoreMs, answer.unrestored_links.length];
    };

    const deletes: number[] = [];
    const restores: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const [d, r, unrestored] = await cycle(`/epics/${epicId}`);
      deletes.push(d);
      restores.push(r);
      if (unrestored !== 0 || linked() !== FEATURES)
        throw new Error(`restore ${i} lost links: ${unrestored} unrestored, ${linked()} linked`);
      const after = await epicNow();
      if (after.progress !== before.progress)
        throw new Error(`progress ${String(after.progress)} after restore, was ${String(before.progress)}`);
    }

    // The insert path: one feature holding 1,000 requirements.
    const heavy = features[0];
    if (!heavy) throw new Error('no feature');
    const extra = 1_000 - REQUIREMENTS_PER_FEATURE;
    sqlite.transaction(() => {
      for (let n = 1; n <= extra; n++)
        insert.run(
          heavy.id,
          `${heavy.reference_num}-${REQUIREMENTS_PER_FEATURE + n}`,
          `More ${n}`,
          REQUIREMENTS_PER_FEATURE + n,
          status.id,
          at,
          at,
        );
    })();
    const count = () => (sqlite.prepare('SELECT count(*) AS n FROM requirements WHERE feature_id = ?').get(heavy.id) as { n: number }).n;
    const held = count();
    const featureDeletes: number[] = [];
    const featureRestores: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const [d, r] = await cycle(`/features/${heavy.id}`);
      featureDeletes.push(d);
      featureRestores.push(r);
      if (count() !== held) throw new Error(`restore ${i} brought back ${count()} of ${held} requirements`);
    }

    const line = (name: string, times: number[], target: string) => {
      const sorted = [...times].sort((a, b) => a - b);
      const f = (n: number) => n.toFixed(1).padStart(8);
      console.log(`${name.padEnd(52)}${f(quantile(sorted, 0.5))}${f(quantile(sorted, 0.95))}${f(sorted.at(-1) ?? NaN)}  ${target}`);
    };
    console.log(`${'scenario'.padEnd(52)}${'p50 ms'.padStart(8)}${'p95 ms'.padStart(8)}${'max ms'.padStart(8)}  target`);
    line(`delete epic (${FEATURES} features unlinked, audited)`, deletes, '≤ 500 ms');
    line(`restore epic (${FEATURES} features relinked, roll-ups)`, restores, '≤ 500 ms');
    line(`delete feature (${held} requirements into the bin)`, featureDeletes, '—');
    line(`restore feature (${held} requirements back)`, featureRestores, '—');
    console.log(`\n${RUNS} delete/restore cycles each; every restore checked (links, progress, rows); HTTP over loopback.`);
  } finally {
    await service.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
