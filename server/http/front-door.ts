// The read fast path, ahead of Hono on the main thread. An authenticated GET whose token is
// remembered goes straight from Node's request to a read worker and the worker's answer straight
// to the socket: the main thread's part of a feature page was ≈ 80 µs of CPU through Hono's
// request, router and middleware chain, for steps that here are a few comparisons (docs/bench.md).
//
// It takes a request only when the answer is certain to be the one the app would give — the same
// host check, token and limits, in the same order — and otherwise leaves it to the app (returns
// false): unknown or first-seen tokens, a request over its rate limit,
// a cross-origin request when CORS is on, any URL or Host header that is not in the plain form.
// The worker runs the whole app on the request (host check, routes, security headers,
// compression), so what it answers is complete; only the rate limit's headers are added here. A
// remembered token is valid: the failed-auth throttle never refuses it, whatever its address did.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TokenCache } from '../auth';
import type { ReadPool, ReadResponse } from '../read-pool';
import { answersTo } from './hosts';
import type { Site } from './hosts';
import { clientOf } from './proxies';
import type { TrustedProxies } from './proxies';
import { allowedHeaders, bearerToken } from './rate-limit';
import type { RateLimiter } from './rate-limit';

export interface FrontDoorOptions {
  site: Site;
  pool: ReadPool;
  tokens: TokenCache;
  /** Per-token limits (app.ts's `rateLimit` step); none when undefined. */
  rateLimiter: RateLimiter | undefined;
  /** The proxies whose forwarded scheme is believed (the worker's HSTS follows the request's scheme). */
  proxies: TrustedProxies;
  /** With CORS on, a request naming an Origin is left to the app, which answers CORS. */
  corsOrigins: readonly string[];
  /** Paths (no query) of GET rows answered on the main thread (`mainThreadMatcher`): left to the app. */
  mainThread?: ((path: string) => boolean) | undefined;
}

/**
 * Request targets @hono/node-server turns into a URL by concatenation (`http://` + host + target)
 * without normalising: with these, the URL the worker sees is the one the app would have built.
 * Anything else (dot segments, characters to escape, absolute-form targets) goes through the app.
 */
const PLAIN_TARGET = /^\/api\/v1\/[!#$&-;=?-[\]_a-z~]*$/;
const DOT_SEGMENT = /\/\.\.?(?:[/?#]|$)/;
/**
 * File downloads stream from disk on this thread (routes/attachments.ts): a worker answers whole
 * bodies, one request at a time, and would hold a whole file in memory.
 */
const STREAMED = /^\/api\/v1\/attachments\//;
const PLAIN_HOST = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/;
const BEARER = /^Bearer\s+(\S+)\s*$/i;

export interface FrontDoor {
  /** A Node request listener's first look: true when it took the request (and will answer it). */
  take(req: IncomingMessage, res: ServerResponse): boolean;
  /** Requests taken so far (tests and diagnostics). */
  readonly taken: number;
}

export function frontDoor(options: FrontDoorOptions): FrontDoor {
  const { site, pool, tokens, rateLimiter, proxies } = options;
  const cors = options.corsOrigins.length > 0;
  let taken = 0;
  const take = (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== 'GET') return false;
    const target = req.url ?? '';
    if (!PLAIN_TARGET.test(target) || DOT_SEGMENT.test(target) || STREAMED.test(target)) return false;
    if (options.mainThread?.(target.split('?', 1)[0] as string)) return false;
    const headers = req.headers;
    const host = headers.host;
    if (host === undefined || !PLAIN_HOST.test(host) || !answersTo(site, host)) return false;
    if (cors && headers.origin !== undefined) return false;
    const authorization = headers.authorization;
    const token = authorization === undefined ? undefined : BEARER.exec(authorization)?.[1];
    const user = token === undefined ? undefined : tokens.remembered(token);
    if (!user) return false;
    let limitHeaders: Record<string, string> | undefined;
    if (rateLimiter && rateLimiter.windows.length > 0) {
      const key = bearerToken(authorization) as string;
      // Refused: the app charges nothing more and answers the 429 with its message.
      if (!rateLimiter.peek(key)) return false;
      rateLimiter.take(key);
      limitHeaders = allowedHeaders(rateLimiter.decision);
    }
    const encrypted = (req.socket as { encrypted?: boolean }).encrypted === true;
    const header = (name: string): string | undefined => {
      const value = headers[name];
      return Array.isArray(value) ? value.join(', ') : value;
    };
    const https = proxies.any ? clientOf(proxies, req.socket.remoteAddress, header, encrypted).https : encrypted;
    const scheme = https ? 'https' : 'http';
    pool.send({ method: 'GET', url: `${scheme}://${host}${target}`, headers: req.rawHeaders }, user).then(
      (answer) => write(res, answer, limitHeaders),
      () => res.destroy(),
    );
    taken++;
    return true;
  };
  return {
    take,
    get taken() {
      return taken;
    },
  };
}

/** The worker's answer as it made it: status, plain headers and a body of known length. */
function write(res: ServerResponse, answer: ReadResponse, extra: Record<string, string> | undefined): void {
  const headers = extra ? Object.assign(answer.headers, extra) : answer.headers;
  const body = answer.status === 204 || answer.status === 304 ? null : answer.body;
  // Given in the head: Node would otherwise send a head written before `end` as chunked.
  if (body !== null) headers['content-length'] = String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength);
  res.writeHead(answer.status, headers);
  res.end(body ?? undefined);
}
