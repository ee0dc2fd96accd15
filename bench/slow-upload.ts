// `npm run bench:slow-upload`: an upload on a slow link against the service's default limits
// (issue 29, part 4), timed for real. A service process (`server/main.ts`, default settings) takes
// a 20 MiB file paced at 400 KB/s — about 52 s, far past the 30 s that used to cut every request
// body — and then a body that goes silent after 1 MiB, which must be cut with 408 one idle timeout
// (30 s) after its last byte. BENCH_SLOW_MB / BENCH_SLOW_KBPS change the first.
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { benchApi } from './api';
import { startProcess, stopProcess } from './child-process';

const MB = Number(process.env.BENCH_SLOW_MB ?? 20);
const KBPS = Number(process.env.BENCH_SLOW_KBPS ?? 400);
const TOKEN = 'bench-token-0123456789';
const BOUNDARY = 'planner-bench-slow';
/** Bytes a tick sends: the pace is kept by the clock, so late timers send more, not fewer. */
const TICK_MS = 50;

const api = <T>(url: string, method: string, p: string, body?: unknown): Promise<T> => benchApi<T>(url, TOKEN, method, p, body);

interface Outcome {
  status: number;
  /** From the first byte of the request to the answer's first byte (or the close). */
  seconds: number;
  /** From the last byte sent to the answer (or the close). */
  afterLastByte: number;
  error: string;
}

/** POSTs `bytes` as an upload, `rate` bytes/s; stops sending (and stays connected) after `stopAt` file bytes. */
function pacedUpload(url: string, commentId: string, bytes: Buffer, rate: number, stopAt = bytes.length): Promise<Outcome> {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="attachment[data]"; filename="slow.bin"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const body = Buffer.concat([head, bytes, tail]);
  const limit = stopAt >= bytes.length ? body.length : head.length + stopAt;
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port) });
    const started = performance.now();
    let lastByteAt = started;
    let sent = 0;
    let received = '';
    let answeredAt = 0;
    let timer: NodeJS.Timeout | undefined;
    const finish = (): void => {
      clearInterval(timer);
      const end = answeredAt || performance.now();
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0),
        seconds: (end - started) / 1000,
        afterLastByte: (end - lastByteAt) / 1000,
        error: /"error":"([^"]*)"/.exec(received)?.[1] ?? '',
      });
    };
    socket.on('data', (d: Buffer) => {
      if (!answeredAt) answeredAt = performance.now();
      received += d.toString();
    });
    socket.on('error', () => undefined);
    socket.on('close', finish);
    socket.once('connect', () => {
      socket.write(
        `POST /api/v1/comments/${commentId}/attachments HTTP/1.1\r\nHost: ${hostname}:${port}\r\n` +
          `Authorization: Bearer ${TOKEN}\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\n` +
          `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
      );
      timer = setInterval(() => {
        const due = Math.min(limit, Math.floor(((performance.now() - started) / 1000) * rate));
        if (due <= sent || socket.destroyed) return;
        socket.write(body.subarray(sent, due));
        sent = due;
        lastByteAt = performance.now();
      }, TICK_MS);
    });
  });
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'planner-bench-slow-'));
  // The defaults: PLANNER_BODY_IDLE_TIMEOUT_MS, PLANNER_BODY_MIN_RATE, PLANNER_BODY_RATE_GRACE_MS unset.
  const { child, url } = await startProcess(['--import', 'tsx', 'server/main.ts'], {
    PORT: '0',
    PLANNER_DATA_DIR: dataDir,
    PLANNER_TOKEN: TOKEN,
    PLANNER_SEED: 'empty',
  });
  try {
    const product = (await api<{ products: { id: string }[] }>(url, 'GET', '/products')).products[0]?.id ?? '';
    const release = await api<{ release: { id: string } }>(url, 'POST', `/products/${product}/releases`, { release: { name: 'Slow' } });
    const feature = await api<{ feature: { id: string } }>(url, 'POST', `/releases/${release.release.id}/features`, {
      feature: { name: 'Files' },
    });
    const comment = await api<{ comment: { id: string } }>(url, 'POST', `/features/${feature.feature.id}/comments`, {
      comment: { body: '<p>Slow uploads</p>' },
    });
    const rate = KBPS * 1000;
    const bytes = crypto.randomBytes(MB * 1024 * 1024);
    console.log(`\nUploads on a slow link against the default limits (idle 30 s, floor 1024 B/s after 30 s)`);
    const steady = await pacedUpload(url, comment.comment.id, bytes, rate);
    console.log(
      `  ${MB} MiB at ${KBPS} KB/s   ${steady.status} after ${steady.seconds.toFixed(1)} s (${(bytes.length / steady.seconds / 1000).toFixed(0)} KB/s)${steady.error ? `: ${steady.error}` : ''}`,
    );
    const silent = await pacedUpload(url, comment.comment.id, crypto.randomBytes(4 * 1024 * 1024), rate, 1024 * 1024);
    console.log(
      `  silent after 1 MiB     ${silent.status} ${silent.afterLastByte.toFixed(1)} s after its last byte${silent.error ? `: ${silent.error}` : ''}`,
    );
    if (steady.status !== 200 || silent.status !== 408) process.exitCode = 1;
  } finally {
    await stopProcess(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
