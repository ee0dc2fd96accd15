// PLANNER_UPSTREAM: the service as a pass-through to a hosted account's planning API. Every API
// request that passes this service's own gate (host check, body limit, failed-auth throttle, this
// service's token, its rate limit — app.ts) is sent on to the upstream with the upstream's token,
// and the upstream's answer comes back as it was made. The gate stays because the upstream token is
// the account's key: without it, anyone who can reach this service would act as that account.
//
// What crosses, both ways, is an allowlist rather than "everything but the hop-by-hop headers":
// a header added later (a tracing cookie, `X-Forwarded-For` with the caller's address, the
// upstream's own CORS answer) stays on its side unless it is named here.
import http from 'node:http';
import https from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../types';
import { HSTS_HEADER, HSTS_VALUE, securityHeaders, wantsHsts } from './answer-headers';

export interface UpstreamOptions {
  /** PLANNER_UPSTREAM: the upstream API's base URL (`https://company.aha.io/api/v1`; an origin alone gets `/api/v1`). */
  url: string;
  /** PLANNER_UPSTREAM_TOKEN: sent upstream as `Authorization: Bearer <token>` in place of the caller's. */
  token: string;
  /** PLANNER_UPSTREAM_TIMEOUT_MS: time for the upstream's status and headers, and the longest pause in its body. */
  timeoutMs?: number | undefined;
}

export const DEFAULT_UPSTREAM_TIMEOUT_MS = 30_000;

/** Where this service's API lives; the part of a request's path below it is appended to the upstream's base. */
const API_PREFIX = '/api/v1';

/** The caller's headers that go upstream (names in lower case); `Authorization` is replaced, never copied. */
const REQUEST_HEADERS = [
  'accept',
  'accept-encoding',
  'accept-language',
  'content-type',
  'if-match',
  'if-modified-since',
  'if-none-match',
  'if-unmodified-since',
  'user-agent',
  'x-request-id',
] as const;

/**
 * The upstream's headers that come back, besides every `X-Ratelimit-*`. `Content-Encoding` and
 * `Content-Length` pass because the body does, byte for byte: the caller's `Accept-Encoding` went
 * upstream, so whatever coding the upstream chose is one the caller takes.
 */
const ANSWER_HEADERS = new Set([
  'cache-control',
  'content-disposition',
  'content-encoding',
  'content-language',
  'content-length',
  'content-type',
  'etag',
  'expires',
  'last-modified',
  'link',
  'location',
  'retry-after',
  'vary',
  'x-request-id',
]);

/** Statuses whose answer has no body (a Response refuses one). */
const NO_BODY = new Set([101, 204, 205, 304]);

/**
 * The upstream's API base from PLANNER_UPSTREAM, without a trailing slash. The spec appends
 * `/api/v1/...` to an account's base URL, so an origin alone (`https://company.aha.io`) means its
 * `/api/v1`; any other path (`https://gateway.example.com/aha/api/v1`) is taken as given.
 * Throws a sentence naming the problem: the token has its own variable, and a query or fragment
 * could not be combined with the caller's.
 */
export function upstreamBase(url: string): URL {
  let base: URL;
  try {
    base = new URL(url);
  } catch {
    throw new Error(`PLANNER_UPSTREAM: "${url}" is not a URL; give the API base, e.g. https://company.aha.io/api/v1`);
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:')
    throw new Error(`PLANNER_UPSTREAM must be an http(s) URL, not ${base.protocol}`);
  if (base.username || base.password)
    throw new Error('PLANNER_UPSTREAM must not hold credentials: put the token in PLANNER_UPSTREAM_TOKEN');
  if (base.search || base.hash) throw new Error('PLANNER_UPSTREAM is a base URL without query or fragment');
  const path = base.pathname.replace(/\/+$/, '');
  base.pathname = path === '' ? API_PREFIX : path;
  return base;
}

export interface UpstreamProxy {
  /** The upstream's base URL, as normalised by `upstreamBase`. */
  readonly base: URL;
  /** `host[:port]` of the upstream: named in error messages and in `X-Planner-Upstream`. */
  readonly host: string;
  /** Mounted on the API app after this service's gate; answers every request itself (never calls next). */
  readonly handler: MiddlewareHandler<AppEnv>;
  /** Drops the kept-alive connections to the upstream (the service is closing). */
  close(): void;
}

/** The request timed out before the upstream's status line and headers arrived. */
class UpstreamTimeout extends Error {}

export function upstreamProxy(options: UpstreamOptions & { corsOrigins: readonly string[] }): UpstreamProxy {
  const base = upstreamBase(options.url);
  const basePath = base.pathname;
  const host = base.host;
  const timeoutMs = options.timeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS;
  const client = base.protocol === 'https:' ? https : http;
  // Connections kept open between requests: a TLS handshake to a hosted service costs more than
  // most of its answers take.
  const agent = new client.Agent({ keepAlive: true, maxSockets: 64 });
  const authorization = `Bearer ${options.token}`;
  // The same headers the app's outer steps give every answer; they skip a `forwarded` one (below).
  const security = securityHeaders(options.corsOrigins);
  // http.request wants an IPv6 literal without its brackets.
  const hostname = base.hostname.replace(/^\[(.*)\]$/, '$1');

  /** A URL the upstream named (Location, Link) pointing back into its API, turned into this service's. */
  const rebase = (value: string, origin: string): string => {
    let url: URL;
    try {
      url = new URL(value, base);
    } catch {
      return value;
    }
    if (url.origin !== base.origin) return value;
    if (url.pathname !== basePath && !url.pathname.startsWith(`${basePath}/`)) return value;
    return `${origin}${API_PREFIX}${url.pathname.slice(basePath.length)}${url.search}${url.hash}`;
  };

  const failure = (c: Context<AppEnv>, status: 502 | 504, error: string): Response =>
    c.json({ error }, status, { 'X-Planner-Upstream': host });

  const handler: MiddlewareHandler<AppEnv> = async (c) => {
    // Parsed again here: the URL class resolves dot segments (also %2e%2e), so the path sent can
    // never climb above the upstream's base.
    const requested = new URL(c.req.url);
    // A target that climbed out of the API (`/api/v1/../x`) is nothing to pass on.
    if (requested.pathname !== API_PREFIX && !requested.pathname.startsWith(`${API_PREFIX}/`)) {
      return c.json({ error: `No route for ${c.req.method} ${requested.pathname}` }, 404);
    }
    const below = requested.pathname.slice(API_PREFIX.length);
    const headers: Record<string, string> = { authorization };
    for (const name of REQUEST_HEADERS) {
      const value = c.req.header(name);
      if (value !== undefined) headers[name] = value;
    }
    const method = c.req.method;
    let body: Buffer | undefined;
    if (method !== 'GET' && method !== 'HEAD') {
      // Already read and capped at PLANNER_MAX_BODY by the app's body limit: sent with its length.
      body = Buffer.from(await c.req.arrayBuffer());
      headers['content-length'] = String(body.byteLength);
    }

    let answer: IncomingMessage;
    try {
      answer = await new Promise<IncomingMessage>((resolve, reject) => {
        const req = client.request(
          {
            protocol: base.protocol,
            hostname,
            port: base.port || undefined,
            path: `${basePath}${below}${requested.search}`,
            method,
            headers,
            agent,
          },
          resolve,
        );
        const timer = setTimeout(() => req.destroy(new UpstreamTimeout()), timeoutMs);
        req.once('response', () => clearTimeout(timer));
        req.once('error', (err) => {
          clearTimeout(timer);
          reject(err);
        });
        // A caller who left needs no answer: the upstream request stops too.
        const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
        outgoing?.once('close', () => {
          if (!outgoing.writableFinished) req.destroy();
        });
        req.end(body);
      });
    } catch (err) {
      if (err instanceof UpstreamTimeout) {
        return failure(c, 504, `The upstream service at ${host} did not answer within ${timeoutMs / 1000} s`);
      }
      const code = (err as NodeJS.ErrnoException).code;
      return failure(c, 502, `The upstream service at ${host} could not be reached${code ? ` (${code})` : ''}`);
    }

    const status = answer.statusCode ?? 0;
    if (status === 401 || status < 200 || status > 599) {
      answer.resume();
      // The caller's token was good (this service checked it): a 401 from upstream is about
      // PLANNER_UPSTREAM_TOKEN, a fault of this gateway, not of the caller — who, told 401, would
      // sign out and in again to no avail.
      return failure(
        c,
        502,
        status === 401
          ? `The upstream service at ${host} refused PLANNER_UPSTREAM_TOKEN (401): the token is wrong or revoked`
          : `The upstream service at ${host} answered an invalid status (${status})`,
      );
    }
    // After the head, a body that stalls longer than the timeout is cut off (the caller sees the
    // connection end early rather than waiting for ever).
    answer.setTimeout(timeoutMs, () => answer.destroy(new UpstreamTimeout()));

    const out = new Headers();
    const origin = c.get('origin');
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined || (!ANSWER_HEADERS.has(name) && !name.startsWith('x-ratelimit-'))) continue;
      const text = Array.isArray(value) ? value.join(', ') : value;
      if (name === 'location') out.set(name, rebase(text, origin));
      else if (name === 'link')
        out.set(
          name,
          text.replace(/<([^>]*)>/g, (_m, url: string) => `<${rebase(url, origin)}>`),
        );
      else out.set(name, text);
    }
    // The upstream's rate-limit headers describe the hosted account's budget, the one that binds;
    // this service's own (app.ts's rate limit) fill in only where the upstream sent none.
    for (const [name, value] of Object.entries(c.get('rateLimitHeaders') ?? {})) if (!out.has(name)) out.set(name, value);
    if (!out.has('cache-control')) out.set('cache-control', 'no-store');
    for (const [name, value] of Object.entries(security)) out.set(name, value);
    // The upstream's own HSTS described its name, not this one's: this service's rule decides.
    if (wantsHsts(c.get('origin'), c.get('client').https)) out.set(HSTS_HEADER, HSTS_VALUE);
    else out.delete(HSTS_HEADER);
    out.set('x-planner-upstream', host);
    // The answer is whole: the app's outer steps (security headers, JSON charset, compression,
    // rate-limit headers) leave it as it is, as they do a read worker's.
    c.set('forwarded', true);
    const empty = method === 'HEAD' || NO_BODY.has(status);
    if (empty) answer.resume();
    const stream = empty ? null : (Readable.toWeb(answer) as unknown as ReadableStream<Uint8Array>);
    return new Response(stream, { status, headers: out });
  };

  return {
    base,
    host,
    handler,
    close() {
      agent.destroy();
    },
  };
}
