// `npm run bench:layouts` (and part of `npm run bench`): what custom layouts cost (issue 14), over
// real HTTP on loopback. Every form and record page reads the workspace's layouts (one request for
// all nine kinds), and every create checks the fields its layout requires: this times that read,
// and feature creates under the built-in default layout against creates under a layout requiring a
// custom field, the assignee and tags (the check's extra queries), bounded in count.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startService } from '../server/start';

const RUNS = Number(process.env.BENCH_LAYOUT_RUNS ?? 300);
const TOKEN = 'bench-token-0123456789';

const quantile = (sorted: number[], q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
const figures = (times: number[]): string => {
  const sorted = [...times].sort((a, b) => a - b);
  return `p50 ${quantile(sorted, 0.5).toFixed(2)} ms, p95 ${quantile(sorted, 0.95).toFixed(2)} ms, max ${quantile(sorted, 1).toFixed(2)} ms`;
};

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'planner-bench-layouts-'));
  const service = await startService({ dataDir, port: 0, adminToken: TOKEN, seed: 'demo' });
  const headers = { Authorization: `Bearer ${TOKEN}`, Accept: 'application/json', 'Content-Type': 'application/json' };
  const call = async (method: string, p: string, body?: unknown): Promise<{ status: number; json: unknown; ms: number }> => {
    const t0 = performance.now();
    const res = await fetch(`${service.url}/api/v1${p}`, { method, headers, body: body ? JSON.stringify(body) : undefined });
    const text = await res.text();
    return { status: res.status, json: text ? JSON.parse(text) : null, ms: performance.now() - t0 };
  };
  try {
    const release = (await call('POST', '/products/PLN/releases', { release: { name: 'Bench layouts release' } })).json as {
      release: { id: string };
    };
    const releaseId = release.release.id;

    const reads: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const res = await call('GET', '/products/PLN/screen_layouts');
      if (res.status !== 200) throw new Error(`screen_layouts: ${res.status}`);
      reads.push(res.ms);
    }
    console.log(`GET /products/PLN/screen_layouts (9 kinds, ${RUNS} reads): ${figures(reads)}`);

    const creates = async (label: string, body: (i: number) => unknown): Promise<number[]> => {
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const res = await call('POST', `/releases/${releaseId}/features`, body(i));
        if (res.status !== 200) throw new Error(`${label}: ${res.status} ${JSON.stringify(res.json)}`);
        times.push(res.ms);
      }
      console.log(`feature create, ${label} (${RUNS}): ${figures(times)}`);
      return times;
    };
    await creates('default layout', (i) => ({ feature: { name: `Bench default ${i}` } }));

    const layout = await call('POST', '/screen_definitions', {
      screen_definition: {
        name: 'Bench strict',
        screenable_type: 'Feature',
        product_ids: ['PLN'],
        sections: [
          {
            name: 'Strict',
            fields: [
              { field: 'custom_fields.customer_impact', required: true },
              { field: 'name' },
              { field: 'release' },
              { field: 'assigned_to_user', required: true },
              { field: 'tags', required: true },
            ],
          },
        ],
      },
    });
    if (layout.status !== 200) throw new Error(`layout: ${layout.status} ${JSON.stringify(layout.json)}`);
    await creates('three required fields', (i) => ({
      feature: {
        name: `Bench strict ${i}`,
        assigned_to_user: 'sam@planner.local',
        tags: 'bench',
        custom_fields: { customer_impact: 'High' },
      },
    }));
    const refused = await call('POST', `/releases/${releaseId}/features`, { feature: { name: 'Bench refused' } });
    console.log(`a create missing them: ${refused.status} ${JSON.stringify((refused.json as { errors?: unknown }).errors)}`);
  } finally {
    await service.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
