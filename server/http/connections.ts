// Slow and greedy clients at the socket level: time limits for a request's headers and its whole
// body, the keep-alive idle limit, and a cap on the connections one address holds open at once.
// Applied to the node http server @hono/node-server's `serve` returns, before it starts listening.
import http from 'node:http';
import type { Socket } from 'node:net';

export interface ConnectionLimits {
  /** A request's headers must arrive within this (ms from the start of the request); else 408 and close. */
  headersTimeoutMs: number;
  /** The whole request, body included, must arrive within this (ms); else 408 and close. 0 is none. */
  requestTimeoutMs: number;
  /** An idle keep-alive connection is closed after this (ms). */
  keepAliveTimeoutMs: number;
  /** Connections one remote address may hold open at once; more are closed at once. 0 is none. */
  maxConnectionsPerIp: number;
}

/** See docs/decisions.md ("Slow clients"). */
export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  maxConnectionsPerIp: 64,
};

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

  if (l.maxConnectionsPerIp > 0) {
    const max = l.maxConnectionsPerIp;
    // First in line, so an excess socket is gone before node's parser is attached to it.
    server.prependListener('connection', (socket: Socket) => {
      const address = socket.remoteAddress;
      if (address === undefined) return;
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
