// `npm run bench` (and `npm run bench:uploads`): 20 parallel 10 MB uploads against a real service
// process, to show that uploads are streamed, not held in memory. The service runs as a child
// process (`server/main.ts` on a temporary data directory); its memory is read from
// /proc/<pid>/status — VmRSS before, VmHWM (the peak) after — and the growth printed with the total
// time. Target (issue 12): growth ≤ 50 MB. BENCH_UPLOADS / BENCH_UPLOAD_MB change the load.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { benchApi } from './api';
import { startProcess, stopProcess } from './child-process';

const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 20);
const UPLOAD_MB = Number(process.env.BENCH_UPLOAD_MB ?? 10);
const TARGET_MB = 50;
const TOKEN = 'bench-token-0123456789';
const BOUNDARY = 'planner-bench-upload';

/** A line of /proc/<pid>/status, in MB. */
function memory(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

/** Starts the service as its own process and waits for its address. */
async function startChild(dataDir: string): Promise<{ pid: number; url: string; stop: () => Promise<void> }> {
  const { child, url } = await startProcess(['--import', 'tsx', 'server/main.ts'], {
    PORT: '0',
    PLANNER_DATA_DIR: dataDir,
    PLANNER_TOKEN: TOKEN,
    PLANNER_SEED: 'empty',
    PLANNER_RATE_LIMIT: 'off',
    PLANNER_MAX_UPLOAD_BYTES: String((UPLOAD_MB + 1) * 1024 * 1024),
    PLANNER_REQUEST_TIMEOUT_MS: '0',
  });
  return { pid: child.pid ?? 0, url, stop: () => stopProcess(child) };
}

const api = <T>(url: string, method: string, p: string, body?: unknown): Promise<T> => benchApi<T>(url, TOKEN, method, p, body);

/**
 * One upload of `mb` MB, written from a shared 1 MB chunk behind a unique first line (so each is a
 * new blob), with backpressure: the bench's own memory stays small too.
 */
function upload(url: string, commentId: string, index: number, chunk: Buffer, mb: number): Promise<number> {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="attachment[data]"; filename="file-${index}.bin"\r\n` +
      `Content-Type: application/octet-stream\r\n\r\nupload ${index} ${crypto.randomUUID()}\n`,
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const target = new URL(`${url}/api/v1/comments/${commentId}/attachments`);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        headers: {
          Authorization: `Bearer ${TOKEN}`,
          'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`,
          'Content-Length': String(head.length + chunk.length * mb + tail.length),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () =>
          res.statusCode === 200 ? resolve(res.statusCode) : reject(new Error(`upload ${index}: ${res.statusCode} ${text}`)),
        );
      },
    );
    req.on('error', reject);
    req.write(head);
    let sent = 0;
    const more = (): void => {
      while (sent < mb) {
        sent++;
        if (!req.write(chunk)) {
          req.once('drain', more);
          return;
        }
      }
      req.end(tail);
    };
    more();
  });
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'planner-bench-uploads-'));
  const service = await startChild(dataDir);
  try {
    const product = (await api<{ products: { id: string }[] }>(service.url, 'GET', '/products')).products[0]?.id ?? '';
    const release = await api<{ release: { id: string } }>(service.url, 'POST', `/products/${product}/releases`, {
      release: { name: 'Uploads' },
    });
    const feature = await api<{ feature: { id: string } }>(service.url, 'POST', `/releases/${release.release.id}/features`, {
      feature: { name: 'Files' },
    });
    const comment = await api<{ comment: { id: string } }>(service.url, 'POST', `/features/${feature.feature.id}/comments`, {
      comment: { body: '<p>Bench uploads</p>' },
    });
    const commentId = comment.comment.id;
    const chunk = crypto.randomBytes(1024 * 1024);
    // Warm-up: one small upload, so the baseline includes the code paths' own memory.
    await upload(service.url, commentId, 0, chunk, 1);
    await new Promise((r) => setTimeout(r, 500));
    const before = memory(service.pid, 'VmRSS');
    const started = performance.now();
    await Promise.all(Array.from({ length: UPLOADS }, (_, i) => upload(service.url, commentId, i + 1, chunk, UPLOAD_MB)));
    const ms = performance.now() - started;
    const peak = memory(service.pid, 'VmHWM');
    const after = memory(service.pid, 'VmRSS');
    const growth = peak - before;
    const total = UPLOADS * UPLOAD_MB;
    console.log(`\n${UPLOADS} parallel uploads of ${UPLOAD_MB} MB (${total} MB) to a service process on loopback`);
    console.log(`  total time        ${(ms / 1000).toFixed(2)} s (${(total / (ms / 1000)).toFixed(0)} MB/s)`);
    console.log(`  service RSS       ${before.toFixed(1)} MB before, ${after.toFixed(1)} MB after, peak ${peak.toFixed(1)} MB`);
    console.log(
      `  memory growth     ${growth.toFixed(1)} MB (peak - before; target ≤ ${TARGET_MB} MB): ${growth <= TARGET_MB ? 'ok' : 'OVER'}`,
    );
    if (growth > TARGET_MB) process.exitCode = 1;
  } finally {
    await service.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
