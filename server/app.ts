// The HTTP app: security headers, body limit, CORS, bearer auth and the one error shape around the
// /api/v1 routes; the built browser app served from the same origin with an SPA fallback.
import fs from 'node:fs';
import path from 'node:path';
import type { Socket } from 'node:net';
import { Hono } from 'hono';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { cachedAuthenticator } from './auth';
import type { TokenCache } from './auth';
import { flatHeaders } from './read-pool';
import type { ReadPool } from './read-pool';
import type { UserRow } from './store/schema';
import type { BlobFiles } from './store/blob-files';
import { apiRoutes } from './api-routes';
import { nodeBodyLimit, nodeRequest } from './http/body';
import { isMultipart } from './http/upload';
import { HSTS_HEADER, HSTS_VALUE, JSON_CONTENT_TYPE, securityHeaders, wantsHsts } from './http/answer-headers';
import { NO_PROXIES, clientOf } from './http/proxies';
import type { TrustedProxies } from './http/proxies';
import { compressJson } from './http/compress';
import { HttpError, errorResponse } from './http/errors';
import { hostCheck } from './http/hosts';
import type { Site } from './http/hosts';
import { RateLimiter, SharedRateLimiter, authFailureThrottle, parseRateLimit, rateLimit } from './http/rate-limit';
import { DEFAULT_PORTAL_LIMITS, portalApp } from './portal/routes';
import type { PortalLimits } from './portal/routes';
import { mailDelivery } from './portal/mailer';
import type { MailSettings } from './portal/mailer';
import type { Deliver } from './store/portal-site';
import type { RateWindow } from './http/rate-limit';
import { mainThreadMatcher, mountRoutes, uploadMatcher } from './http/route-table';
import { DELETION_HEADER } from './http/record-rows';
import { HISTORICAL_TOKENS_HEADER } from '../src/contract/audits';
import { serveBuiltApp } from './http/static';
import type { UpstreamProxy } from './http/upstream';
import type { AnyRoute } from './http/route-table';
import type { AppEnv } from './types';
import type { Store } from './store/db';

export type { AppEnv } from './types';

export interface AppOptions {
  store: Store;
  maxBodyBytes: number;
  corsOrigins: string[];
  /** The public URL links are built on and the hosts the service answers to (`siteFor`). */
  site: Site;
  /** Folder of the built browser app; not served when absent. */
  staticDir?: string | undefined;
  /** Authenticated GET requests are answered by these read workers (server/read-pool.ts). */
  readPool?: ReadPool | undefined;
  /**
   * This app runs in a read worker: the main thread authenticated the request and passes the
   * user as the app's environment (`app.fetch(request, { user })`).
   */
  reader?: boolean;
  /** Requests per token (PLANNER_RATE_LIMIT); none when absent or empty. */
  rateLimit?: readonly RateWindow[] | undefined;
  /** Wrong tokens per remote address (PLANNER_AUTH_FAILURE_LIMIT); none when absent or empty. */
  authFailureLimit?: readonly RateWindow[] | undefined;
  /** The tokens and limiters to use (createGate); made from the options above when absent. */
  gate?: Gate | undefined;
  /** PLANNER_UPSTREAM: past the gate, every API request is passed through to it (http/upstream.ts). */
  upstream?: UpstreamProxy | undefined;
  /** Where uploaded files live and the per-file cap (store/blob-files.ts); without it uploads and downloads fail. */
  files?: BlobFiles | undefined;
  /** The ideas portals' site (portal/routes.ts): rate limits and how sign-in links are delivered. */
  portal?: PortalSettings | undefined;
  /** PLANNER_TRUSTED_PROXIES: whose forwarding headers name the client (http/proxies.ts); none when absent. */
  proxies?: TrustedProxies | undefined;
}

export interface PortalSettings {
  limits?: Partial<PortalLimits> | undefined;
  mail?: MailSettings | undefined;
  /** Replaces the mail settings: tests read the links they are sent. */
  deliver?: Deliver | undefined;
}

/** The portal's limits: those given, the defaults for the rest (a bad default is a bug here, not a user's mistake). */
function portalLimits(given: Partial<PortalLimits> | undefined): PortalLimits {
  const fallback = (text: string): RateWindow[] => {
    const parsed = parseRateLimit(text);
    if (typeof parsed === 'string') throw new Error(parsed);
    return parsed;
  };
  return {
    signIn: given?.signIn ?? fallback(DEFAULT_PORTAL_LIMITS.signIn),
    submit: given?.submit ?? fallback(DEFAULT_PORTAL_LIMITS.submit),
    vote: given?.vote ?? fallback(DEFAULT_PORTAL_LIMITS.vote),
    comment: given?.comment ?? fallback(DEFAULT_PORTAL_LIMITS.comment),
    linkFailures: given?.linkFailures ?? fallback(DEFAULT_PORTAL_LIMITS.linkFailures),
  };
}

/**
 * Who may ask and how often: the remembered tokens and the two limiters. One per service, shared by
 * the app and the read fast path ahead of it (http/front-door.ts), so both count the same buckets.
 */
export interface Gate {
  tokens: TokenCache;
  /** This process's limiters, on SQLite (one process serves it); undefined on PostgreSQL. */
  rateLimiter: RateLimiter | undefined;
  authFailures: RateLimiter | undefined;
  /**
   * On PostgreSQL the limits are kept in the database instead, so every instance behind the load
   * balancer counts the same buckets. (There is no read fast path there: it needs read workers.)
   */
  shared: { rateLimiter: SharedRateLimiter | undefined; authFailures: SharedRateLimiter | undefined } | undefined;
}

export function createGate(store: Store, options: Pick<AppOptions, 'rateLimit' | 'authFailureLimit'>): Gate {
  const rate = options.rateLimit && options.rateLimit.length > 0 ? options.rateLimit : undefined;
  const failures = options.authFailureLimit && options.authFailureLimit.length > 0 ? options.authFailureLimit : undefined;
  if (store.kind === 'postgres') {
    return {
      tokens: cachedAuthenticator(store),
      rateLimiter: undefined,
      authFailures: undefined,
      shared: {
        rateLimiter: rate ? new SharedRateLimiter(store.db, 'api', rate) : undefined,
        authFailures: failures ? new SharedRateLimiter(store.db, 'auth-failures', failures) : undefined,
      },
    };
  }
  return {
    tokens: cachedAuthenticator(store),
    rateLimiter: rate ? new RateLimiter(rate) : undefined,
    authFailures: failures ? new RateLimiter(failures) : undefined,
    shared: undefined,
  };
}

/** The environment a read worker's app is called with. */
export interface ReaderBindings {
  user: UserRow;
}

export function createApp(options: AppOptions): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { store } = options;

  // The security headers, the JSON charset and `no-store` (http/answer-headers.ts): set after the
  // answer is made, except on a read worker's answer (it has them) and in a read worker's app, whose
  // answers get them as a plain record (read-worker.ts).
  const security = securityHeaders(options.corsOrigins);
  // Who is asking, first of all: every per-address limit and the https decisions read it.
  const proxies = options.proxies ?? NO_PROXIES;
  app.use('*', (c, next) => {
    if (options.reader) {
      // The main thread handed the request over with the scheme it took it to have come by.
      c.set('client', { address: undefined, https: c.req.url.startsWith('https:') });
    } else {
      const incoming = nodeRequest(c);
      const socket = incoming?.socket as (Socket & { encrypted?: boolean }) | undefined;
      const header = (name: string): string | undefined => {
        const value = incoming?.headers[name];
        return Array.isArray(value) ? value.join(', ') : value;
      };
      c.set('client', clientOf(proxies, socket?.remoteAddress, header, socket?.encrypted === true));
    }
    return next();
  });
  if (!options.reader) {
    app.use('*', async (c, next) => {
      await next();
      if (c.get('forwarded')) return;
      const headers = c.res.headers;
      // A file answer keeps its own, stricter policy (routes/attachments.ts).
      const ownPolicy = c.res.headers.has('content-security-policy') && c.res.headers.has('content-disposition');
      for (const name in security) if (!(ownPolicy && name === 'content-security-policy')) headers.set(name, security[name] as string);
      if (wantsHsts(options.site.origin, c.get('client').https)) headers.set(HSTS_HEADER, HSTS_VALUE);
    });
  }
  // Before everything else: requests for another host name (DNS rebinding) are refused.
  app.use('*', hostCheck(options.site));

  // The spec's content type for every JSON answer, errors included.
  if (!options.reader) {
    app.use('/api/*', async (c, next) => {
      await next();
      if (c.get('forwarded')) return;
      if (c.res.headers.get('content-type') === 'application/json') c.res.headers.set('content-type', JSON_CONTENT_TYPE);
    });
  }

  const api = new Hono<AppEnv>();
  api.onError((err, c) => errorResponse(c, err));
  api.notFound((c) => c.json({ error: `No route for ${c.req.method} ${c.req.path}` }, 404));
  if (options.corsOrigins.length > 0) {
    const corsStep = cors({
      origin: options.corsOrigins,
      allowHeaders: ['Authorization', 'Content-Type', 'Accept'],
      // Not CORS-safelisted: without this a browser app on another origin cannot read how long to wait.
      exposeHeaders: [
        'Retry-After',
        'X-RateLimit-Limit',
        'X-RateLimit-Remaining',
        'X-RateLimit-Reset',
        DELETION_HEADER,
        HISTORICAL_TOKENS_HEADER,
      ],
    });
    api.use('*', async (c, next) => {
      await corsStep(c, next);
      // A read worker's answer went through this same step in the worker's app: the step here
      // appended its `Vary: Origin` a second time.
      if (c.get('forwarded')) {
        const vary = c.res.headers.get('vary');
        if (vary) c.res.headers.set('vary', [...new Set(vary.split(/\s*,\s*/))].join(', '));
      }
    });
  }
  api.use('*', async (c, next) => {
    await next();
    if (options.reader) return;
    if (!c.get('forwarded') && !c.res.headers.has('cache-control')) c.res.headers.set('Cache-Control', 'no-store');
    // Reads outside a transaction may see the writes of the group not yet committed
    // (store/group-commit.ts): no answer leaves before that group is. Writes are acknowledged only
    // once their own group committed; a read whose group then failed answers 503, as nothing it
    // showed can be trusted. (A write's answer stays: its own write is kept.)
    try {
      await store.settled();
    } catch {
      if (c.req.method === 'GET' || c.req.method === 'HEAD') {
        c.res = c.json({ error: 'The database could not save the latest changes; try again' }, 503, {
          'Retry-After': '1',
        });
      }
    }
  });
  api.use('*', compressJson());
  const tooLarge = (c: Context): Response => {
    // The rest of the body is never read, so the connection cannot be reused.
    c.header('Connection', 'close');
    return c.json({ error: `Request body is larger than ${options.maxBodyBytes} bytes` }, 413);
  };
  const limitBody = nodeBodyLimit(options.maxBodyBytes, tooLarge, bodyLimit({ maxSize: options.maxBodyBytes, onError: tooLarge }));
  // GET and HEAD carry no body; asking for one would build the platform's Request (with its abort
  // signal and stream) for every read, a third of a small read's cost.
  // An upload row's multipart body is streamed to disk under its own per-file cap (http/upload.ts).
  const isUpload = uploadMatcher(apiRoutes as readonly AnyRoute[]);
  api.use('*', (c, next) =>
    c.req.method === 'GET' || c.req.method === 'HEAD' || (isMultipart(c) && isUpload(c.req.method, c.req.path))
      ? next()
      : limitBody(c, next),
  );
  // The store and the blob folder, for every row (the download rows answer before the token check).
  api.use('*', (c, next) => {
    c.set('store', store);
    c.set('files', options.files);
    return next();
  });
  // Public rows (the API document) answer before the token check below, and so do the file
  // downloads, which check the token or the file-session cookie themselves (routes/attachments.ts).
  mountRoutes(
    api,
    (apiRoutes as readonly AnyRoute[]).filter((r) => r.public || r.download),
  );
  const gate = options.gate ?? createGate(store, options);
  api.use('*', authFailureThrottle(gate.shared?.authFailures ?? gate.authFailures));
  api.use('*', async (c, next) => {
    c.set('store', store);
    if (options.reader) {
      c.set('user', (c.env as ReaderBindings).user);
      return next();
    }
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match?.[1]) throw new HttpError(401, 'Missing access token: send Authorization: Bearer <token>');
    const user = await gate.tokens.authenticate(match[1]);
    if (!user) throw new HttpError(401, 'Invalid access token');
    c.set('user', user);
    await next();
  });
  api.use('*', rateLimit(gate.shared?.rateLimiter ?? gate.rateLimiter));
  // A hosted account answers instead of the database: ahead of the read workers and the routes,
  // so no API request is answered from local data. (The public API document above stays local.)
  if (options.upstream) api.use('*', options.upstream.handler);
  // Reads go to the read workers, which run this same app from here on.
  const pool = options.readPool;
  if (pool) {
    // A GET row that writes (`mainThread`: operation 9's refund) stays on the writer connection.
    const keepHere = mainThreadMatcher(apiRoutes as readonly AnyRoute[]);
    api.use('*', async (c, next) => {
      if (c.req.method !== 'GET' || keepHere(c.req.path)) return next();
      // Node's raw headers as received; the platform's Headers only when called without Node.
      const headers = nodeRequest(c)?.rawHeaders ?? flatHeaders(c.req.raw.headers);
      // Every answer of the pool is whole (a worker's, or its 503 with the same headers).
      c.set('forwarded', true);
      // The scheme the request came by (a trusted proxy's included): the worker's HSTS follows it.
      const url = c.get('client').https && c.req.url.startsWith('http:') ? `https:${c.req.url.slice(5)}` : c.req.url;
      return pool.handle({ method: 'GET', url, headers }, c.get('user'), c.get('rateLimitHeaders'));
    });
  }

  // Every row of the one route table; public and download rows were registered before the token check.
  mountRoutes(
    api,
    (apiRoutes as readonly AnyRoute[]).filter((r) => !r.public && !r.download),
  );

  app.route('/api/v1', api);
  // The ideas portals' own API (cookie sessions, not tokens): beside /api/v1, sharing none of its steps.
  if (!options.reader) {
    app.route(
      '/portal/:portal/api',
      portalApp({
        store,
        files: options.files,
        deliver: options.portal?.deliver ?? mailDelivery(options.portal?.mail ?? {}),
        limits: portalLimits(options.portal?.limits),
      }),
    );
  }
  app.all('/api/v1/*', (c) => c.json({ error: `No route for ${c.req.method} ${c.req.path}` }, 404));
  app.all('/api/*', (c) => c.json({ error: 'Unknown API version: use /api/v1' }, 404));

  if (options.staticDir && fs.existsSync(path.join(options.staticDir, 'index.html'))) {
    serveBuiltApp(app, options.staticDir);
  }
  app.onError((err, c) => errorResponse(c, err));
  return app;
}
