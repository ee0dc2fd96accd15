// Slow and greedy clients over raw sockets: requests whose headers stall, or whose body goes silent,
// are closed after the configured timeouts (408; slow-bodies.test.ts has bodies that keep coming), and one address cannot hold more than its share of connections
// while requests from it and from other addresses still work.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startService } from './start';
import type { RunningService, ServiceOptions } from './start';

const TOKEN = 'connections-admin-token-0123456789';

const running: { service: RunningService; dataDir: string }[] = [];

async function start(connections: ServiceOptions['connections']): Promise<RunningService> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'planner-conn-'));
  const service = await startService({ dataDir, port: 0, adminToken: TOKEN, seed: 'empty', connections });
  running.push({ service, dataDir });
  return service;
}

afterEach(async () => {
  for (const { service, dataDir } of running.splice(0)) {
    await service.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

interface Probe {
  socket: net.Socket;
  /** Resolves with what the server sent and when (ms after opening) the socket closed. */
  closed: Promise<{ afterMs: number; received: string }>;
}

/** Opens a socket from `from` and sends `payload` without ever finishing the request. */
function openStalled(port: number, payload: string, from = '127.0.0.1'): Promise<Probe> {
  return new Promise((resolve, reject) => {
    const opened = Date.now();
    const socket = net.connect({ host: '127.0.0.1', port, localAddress: from });
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    const closed = new Promise<{ afterMs: number; received: string }>((done) => {
      socket.on('close', () => done({ afterMs: Date.now() - opened, received }));
    });
    socket.on('error', () => undefined);
    socket.once('connect', () => {
      if (payload) socket.write(payload);
      resolve({ socket, closed });
    });
    socket.once('error', reject);
  });
}

async function getMe(url: string, from?: string): Promise<number> {
  const { port } = new URL(url);
  const probe = await openStalled(
    Number(port),
    `GET /api/v1/me HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${TOKEN}\r\nConnection: close\r\n\r\n`,
    from,
  );
  const { received } = await probe.closed;
  return Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0);
}

describe('slow clients', () => {
  it('closes requests whose headers or body stall after the timeouts, and serves others meanwhile', async () => {
    const service = await start({ headersTimeoutMs: 500, bodyIdleTimeoutMs: 1000, maxConnectionsPerIp: 0 });
    const host = `127.0.0.1:${service.port}`;
    const partialHeaders = `GET /api/v1/me HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${TOKEN}\r\nX-Slow: `;
    const partialBody =
      `POST /api/v1/products/PLN/initiatives HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${TOKEN}\r\n` +
      `Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"initiative": {"name": "`;
    const probes = await Promise.all([
      ...Array.from({ length: 25 }, () => openStalled(service.port, partialHeaders)),
      ...Array.from({ length: 25 }, () => openStalled(service.port, partialBody)),
      // Connected but silent.
      ...Array.from({ length: 5 }, () => openStalled(service.port, '')),
    ]);
    expect(await getMe(service.url)).toBe(200);

    const results = await Promise.all(probes.map((p) => p.closed));
    const headerCloses = results.slice(0, 25).map((r) => r.afterMs);
    const bodyCloses = results.slice(25, 50).map((r) => r.afterMs);
    const silentCloses = results.slice(50).map((r) => r.afterMs);
    // Headers: 500 ms plus one sweep (125 ms) plus scheduling slack on a loaded machine (node's own
    // sweep alone would take 30 s).
    expect(Math.max(...headerCloses, ...silentCloses)).toBeLessThan(3000);
    expect(Math.min(...headerCloses)).toBeGreaterThanOrEqual(450);
    // Body: silent for 1000 ms (from the start: the little it sent came with the headers).
    expect(Math.max(...bodyCloses)).toBeLessThan(3500);
    expect(Math.min(...bodyCloses)).toBeGreaterThanOrEqual(950);
    for (const r of results.slice(0, 50)) expect(r.received).toMatch(/^HTTP\/1\.1 408/);
    // Nothing was half-written by the stalled creates.
    expect(await service.store.db.selectFrom('initiatives').select('id').execute()).toEqual([]);
    expect(await getMe(service.url)).toBe(200);
  });

  it('closes the connections one address opens beyond its limit at once; requests still work', async () => {
    const service = await start({ headersTimeoutMs: 20_000, requestTimeoutMs: 20_000, maxConnectionsPerIp: 4 });
    const held = await Promise.all(Array.from({ length: 4 }, () => openStalled(service.port, 'GET / HTTP/1.1\r\n')));
    const excess = await Promise.all(Array.from({ length: 3 }, () => openStalled(service.port, '')));
    for (const probe of excess) {
      const { afterMs, received } = await probe.closed;
      // At once, not after the held ones' 20 s timeouts (a busy machine's turn can take a second).
      expect(afterMs).toBeLessThan(5_000);
      expect(received).toBe('');
    }
    // The held ones are still open, and another address is not affected.
    expect(held.every((p) => !p.socket.destroyed)).toBe(true);
    expect(await getMe(service.url, '127.0.0.2')).toBe(200);
    // A place freed is a place taken.
    held[0]?.socket.destroy();
    await held[0]?.closed;
    // Once the service has seen that close (a turn of its loop, later on a busy machine).
    await expect.poll(() => getMe(service.url), { timeout: 10_000 }).toBe(200);
    for (const p of held) p.socket.destroy();
  });
});
