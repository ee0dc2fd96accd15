// Slow and greedy clients at the socket level: a time limit for a request's headers, limits on how
// a body arrives — a pause with no byte of it, and an average pace below a floor — rather than on
// how long the whole body takes (a large upload on a slow link may take minutes and is welcome), the
// keep-alive idle limit, and a cap on the connections one address holds open at once. Applied to
// the node http server @hono/node-server's `serve` returns, before it starts listening.
import http from 'node:http';
import type { Socket } from 'node:net';

export interface ConnectionLimits {
  /** A request's headers must arrive within this (ms from the start of the request); else 408 and close. */
  headersTimeoutMs: number;
  /** The whole request, body included, must arrive within this (ms); else 408 and close. 0 (the default) is none. */
  requestTimeoutMs: number;
  /** A body that sends nothing for this long (ms) is cut: 408 and close. 0 is none. */
  bodyIdleTimeoutMs: number;
  /** A body whose average pace, once `bodyRateGraceMs` old, is below this (bytes/s) is cut: 408 and close. 0 is none. */
  bodyMinRate: number;
  /** How long a body may take before its pace is judged (ms). */
  bodyRateGraceMs: number;
  /** An idle keep-alive connection is closed after this (ms). */
  keepAliveTimeoutMs: number;
  /** Connections one remote address may hold open at once; more are closed at once. 0 is none. */
  maxConnectionsPerIp: number;
  /** Peers not held to `maxConnectionsPerIp`: trusted proxies carry every client's connections. */
  uncounted?: ((address: string) => boolean) | undefined;
}

/** See docs/decisions.md ("Slow clients"). */
export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 0,
  bodyIdleTimeoutMs: 30_000,
  bodyMinRate: 1024,
  bodyRateGraceMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  maxConnectionsPerIp: 64,
};

/** A request whose body is still arriving, as the body watch last saw it. */
interface Arriving {
  socket: Socket;
  req: http.IncomingMessage;
  res: http.ServerResponse;
  /** The socket's bytes read when the request began, and when. */
  startBytes: number;
  startAt: number;
  /** The bytes read at the last sweep that saw them grow, and when. */
  lastBytes: number;
  lastAt: number;
}

/** A 408 as node writes its own (raw, the connection closing), with this service's JSON error. */
function timeoutAnswer(message: string): string {
  const body = JSON.stringify({ error: message });
  return (
    'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n' +
    `Cache-Control: no-store\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
  );
}

/** Whether a request announces a body (a length above 0, or chunks). */
function hasBody(req: http.IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
}

/**
 * Sets the limits on a server that is not listening yet (node arms its timeout sweep on
 * 'listening', so the sweep interval set here is the one used). Returns the live count of
 * connections per address, for tests and diagnostics.
 */
export function guardConnections(server: unknown, limits: Partial<ConnectionLimits> = {}): ReadonlyMap<string, number> {
  const counts = new Map<string, number>();
  if (!(server instanceof http.Server)) return counts;
  const l = { ...DEFAULT_CONNECTION_LIMITS, ...limits };
  server.headersTimeout = l.headersTimeoutMs;
  server.requestTimeout = l.requestTimeoutMs;
  server.keepAliveTimeout = l.keepAliveTimeoutMs;
  // Node checks those two timeouts on a sweep (every 30 s by default, so a stalled request could
  // live 30 s past its limit): sweep at a quarter of the shorter one, at most once a second.
  const shortest = Math.min(l.headersTimeoutMs || Infinity, l.requestTimeoutMs || Infinity);
  if (Number.isFinite(shortest)) {
    // Not in @types/node's Server, but read by node at 'listening' (lib/_http_server.js).
    (server as http.Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = Math.max(25, Math.min(1000, Math.floor(shortest / 4)));
  }
  watchBodies(server, l);

  if (l.maxConnectionsPerIp > 0) {
    const max = l.maxConnectionsPerIp;
    // First in line, so an excess socket is gone before node's parser is attached to it.
    server.prependListener('connection', (socket: Socket) => {
      const address = socket.remoteAddress;
      if (address === undefined || l.uncounted?.(address)) return;
      const open = counts.get(address) ?? 0;
      if (open >= max) {
        // Closed without an answer: an address already holding this many connections is not a
        // browser (6 per origin), and writing answers to a flood costs more than dropping it.
        socket.destroy();
        return;
      }
      counts.set(address, open + 1);
      socket.once('close', () => {
        const left = (counts.get(address) ?? 1) - 1;
        if (left <= 0) counts.delete(address);
        else counts.set(address, left);
      });
    });
  }
  return counts;
}

/**
 * The body watch: every request with a body is looked at on a sweep (a quarter of the shorter
 * limit, at most once a second) until its body is in. The socket's byte count tells whether
 * anything arrived since the last look; a body silent for `bodyIdleTimeoutMs`, or slower on average
 * than `bodyMinRate` once `bodyRateGraceMs` old, is cut: 408 when no answer was started, and the
 * connection destroyed — the route reading the body sees it end short and keeps nothing of it.
 */
function watchBodies(server: http.Server, l: ConnectionLimits): void {
  const idle = l.bodyIdleTimeoutMs;
  const rate = l.bodyMinRate;
  if (idle <= 0 && rate <= 0) return;
  const arriving = new Set<Arriving>();
  server.prependListener('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (!hasBody(req)) return;
    const socket = req.socket;
    const now = Date.now();
    const bytes = socket.bytesRead;
    arriving.add({ socket, req, res, startBytes: bytes, startAt: now, lastBytes: bytes, lastAt: now });
  });
  const cut = (a: Arriving, message: string): void => {
    arriving.delete(a);
    if (!a.res.headersSent && a.socket.writable) a.socket.write(timeoutAnswer(message));
    a.socket.destroy();
  };
  const sweep = (): void => {
    const now = Date.now();
    for (const a of arriving) {
      if (a.req.complete || a.socket.destroyed) {
        arriving.delete(a);
        continue;
      }
      const read = a.socket.bytesRead;
      if (read !== a.lastBytes) {
        a.lastBytes = read;
        a.lastAt = now;
      }
      const age = now - a.startAt;
      if (idle > 0 && now - a.lastAt >= idle) {
        cut(a, `No part of the request body arrived for ${seconds(idle)}: the request is cut`);
      } else if (rate > 0 && age >= l.bodyRateGraceMs && ((read - a.startBytes) * 1000) / age < rate) {
        cut(a, `The request body arrived slower than ${rate} bytes per second: the request is cut`);
      }
    }
  };
  const every = Math.max(25, Math.min(1000, Math.floor(Math.min(idle > 0 ? idle : Infinity, rate > 0 ? l.bodyRateGraceMs || 1000 : Infinity) / 4)));
  let timer: NodeJS.Timeout | undefined;
  server.on('listening', () => {
    timer = setInterval(sweep, every);
    timer.unref();
  });
  server.on('close', () => clearInterval(timer));
}

/** `30 s`, `1.5 s`. */
function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`;
}
