// Bodies on slow links (issue 29, part 4): a request body is held to how it arrives — no pause
// longer than the idle timeout, an average pace above the floor once past the grace — not to how
// long it takes in all. Over a raw socket, with the limits scaled down (idle 1 s, floor 5 KB/s,
// grace 1 s) so the test runs in seconds: an upload paced well above the floor runs far past any of
// them and is kept; one that goes silent is cut at the idle timeout, and one that trickles under the
// floor once past the grace, both with 408 and the connection closed, keeping neither a row nor a
// temporary file. (bench/slow-upload.ts times a 20 MiB upload at 400 KB/s against the defaults.)
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachmentEnvelope } from '../src/contract/attachments';
import { TEST_TOKEN, startTestService } from './test/harness';
import type { TestService } from './test/harness';
import { makeFeature, rowCount } from './test/records';

let t: TestService;
let commentId: string;

const IDLE_MS = 1000;
const FLOOR = 5000;
const GRACE_MS = 1000;
const BOUNDARY = 'planner-slow-body';

beforeAll(async () => {
  t = await startTestService({
    service: { connections: { bodyIdleTimeoutMs: IDLE_MS, bodyMinRate: FLOOR, bodyRateGraceMs: GRACE_MS } },
  });
  const releases = await t.get<{ releases: { id: string }[] }>('/products/PLN/releases');
  const feature = await makeFeature(t, releases.body.releases[0]?.id ?? '');
  const comment = await t.request<{ comment: { id: string } }>('POST', `/features/${feature.id}/comments`, { comment: { body: 'files' } });
  commentId = comment.body.comment.id;
});

afterAll(async () => {
  await t.close();
});

interface Sent {
  status: number;
  received: string;
  /** When the socket closed, ms after the request began. */
  afterMs: number;
}

/**
 * POSTs a multipart upload of `bytes` in `chunk`-byte pieces, one every `everyMs`; with `stopAt`
 * the sending stops (the socket left open, silent) once that many bytes of the file are sent.
 */
function slowUpload(bytes: Buffer, pace: { chunk: number; everyMs: number; stopAt?: number }): Promise<Sent> {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="attachment[data]"; filename="slow.bin"\r\n` +
      `Content-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const body = Buffer.concat([head, bytes, tail]);
  const port = new URL(t.url).port;
  const request =
    `POST /api/v1/comments/${commentId}/attachments HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
    `Authorization: Bearer ${TEST_TOKEN}\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\n` +
    `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n`;
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect({ host: '127.0.0.1', port: Number(port) });
    let received = '';
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => (received += d));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0), received, afterMs: Date.now() - started });
    });
    socket.once('connect', () => {
      socket.write(request);
      const stopAt = pace.stopAt === undefined ? body.length : head.length + pace.stopAt;
      timer = setInterval(() => {
        if (sent >= stopAt || socket.destroyed) return;
        const next = body.subarray(sent, Math.min(stopAt, sent + pace.chunk));
        sent += next.length;
        socket.write(next);
      }, pace.everyMs);
    });
  });
}

const tempFiles = (): string[] => fs.readdirSync(path.join(t.dataDir, 'blobs', 'tmp'));

describe('a request body on a slow link', () => {
  it('is taken however long it runs while it keeps a pace above the floor', async () => {
    // 480 KB at ≈ 120 KB/s (far above the floor, however late a busy machine's timers fire): about
    // 4 s, four times the idle timeout and the grace.
    const bytes = crypto.randomBytes(480 * 1024);
    const sent = await slowUpload(bytes, { chunk: 12 * 1024, everyMs: 100 });
    expect(sent.status, sent.received).toBe(200);
    expect(sent.afterMs).toBeGreaterThan(3 * IDLE_MS);
    const body = sent.received.slice(sent.received.indexOf('\r\n\r\n') + 4);
    const attachment = attachmentEnvelope.parse(JSON.parse(body)).attachment;
    expect(attachment.file_size).toBe(bytes.length);
    const sha = crypto.createHash('sha256').update(bytes).digest('hex');
    expect(fs.readFileSync(path.join(t.dataDir, 'blobs', sha.slice(0, 2), sha))).toEqual(bytes);
  });

  it('is cut at the idle timeout once it goes silent: 408, closed, nothing kept', async () => {
    const before = await rowCount(t, 'attachments');
    // 100 KB sent briskly, then nothing.
    const sent = await slowUpload(crypto.randomBytes(400 * 1024), { chunk: 20 * 1024, everyMs: 50, stopAt: 100 * 1024 });
    expect(sent.status, sent.received).toBe(408);
    expect(sent.received).toMatch(/Connection: close/i);
    expect(sent.received).toMatch(/No part of the request body arrived for 1 s/);
    // Silent from ≈ 250 ms: cut one idle timeout later, give or take a sweep and a loaded machine
    // (the bound only tells the cut from a body left to hang: a busy machine can delay the sweep).
    expect(sent.afterMs).toBeGreaterThanOrEqual(IDLE_MS);
    expect(sent.afterMs).toBeLessThan(IDLE_MS + 15_000);
    await expect.poll(tempFiles).toEqual([]);
    expect(await rowCount(t, 'attachments')).toBe(before);
  });

  it('is cut once past the grace when it trickles under the floor, though never silent: 408, nothing kept', async () => {
    const before = await rowCount(t, 'attachments');
    // 250 bytes every 100 ms: 2.5 KB/s, half the floor, never a pause near the idle timeout.
    const sent = await slowUpload(crypto.randomBytes(100 * 1024), { chunk: 250, everyMs: 100 });
    expect(sent.afterMs).toBeGreaterThanOrEqual(GRACE_MS);
    expect(sent.afterMs).toBeLessThan(GRACE_MS + 15_000);
    // The client is still sending when the connection closes: its system may drop the answer for
    // the reset that follows; when it arrives it is the 408.
    if (sent.received !== '') {
      expect(sent.status).toBe(408);
      expect(sent.received).toMatch(/slower than 5000 bytes per second/);
    }
    await expect.poll(tempFiles).toEqual([]);
    expect(await rowCount(t, 'attachments')).toBe(before);
  });
});
