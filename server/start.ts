// Starts the local planning service: opens (and on first start seeds) the database, makes sure the
// administrator has a token, and listens on 127.0.0.1. Used by the CLI and by the API tests.
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import http from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { createApp, createGate } from './app';
import { frontDoor } from './http/front-door';
import type { PortalSettings } from './app';
import type { FrontDoor } from './http/front-door';
import { siteFor } from './http/hosts';
import type { Site } from './http/hosts';
import { guardConnections } from './http/connections';
import { trustedProxies } from './http/proxies';
import type { ForwardedHeader } from './http/proxies';
import type { ConnectionLimits } from './http/connections';
import type { RateWindow } from './http/rate-limit';
import { upstreamProxy } from './http/upstream';
import type { UpstreamOptions } from './http/upstream';
import { mintToken, storeToken } from './auth';
import { blobFiles, sweepTemporaryFiles } from './store/blob-files';
import { sweepRecycleBin } from './store/recycle-bin';
import { openStore } from './store/db';
import type { Store } from './store/db';
import type { Clock } from './store/clock';
import { searchRunner } from './store/historical-search';
import { configureTokens } from './store/historical-tokens';
import type { TokenSettings } from './store/historical-tokens';
import { apiRoutes } from './api-routes';
import { mainThreadMatcher } from './http/route-table';
import type { AnyRoute } from './http/route-table';
import { seedAccount } from './seed/seed';
import { ReadPool } from './read-pool';

export interface ServiceOptions {
  /** Uploaded files, and the SQLite database unless `databaseUrl` names a PostgreSQL one. */
  dataDir: string;
  /** PLANNER_DATABASE_URL: the records are in this PostgreSQL database, shared with any other instance. */
  databaseUrl?: string | undefined;
  /** PLANNER_DATABASE_POOL: PostgreSQL connections of this instance. */
  databasePool?: number | undefined;
  /** 0 picks a free port. */
  port: number;
  host?: string;
  /** Fixed administrator token (PLANNER_TOKEN). */
  adminToken?: string | undefined;
  seed?: 'demo' | 'empty';
  maxBodyBytes?: number;
  /** Largest uploaded file, in bytes (PLANNER_MAX_UPLOAD_BYTES; default 25 MB). */
  maxUploadBytes?: number;
  corsOrigins?: string[];
  staticDir?: string | undefined;
  /** Worker threads answering GET requests on their own read-only connections; 0 answers them here. */
  readWorkers?: number;
  /** PLANNER_PUBLIC_URL: links are built on it; by default `http://<host>:<port>` as listening. */
  publicUrl?: string | undefined;
  /** PLANNER_ALLOWED_HOSTS: more host names (or host:port) the service answers to. */
  allowedHosts?: readonly string[] | undefined;
  /** PLANNER_TRUSTED_PROXIES: addresses, CIDR ranges or keywords of the proxies whose forwarding header is believed (http/proxies.ts). */
  trustedProxies?: readonly string[] | undefined;
  /** PLANNER_FORWARDED_HEADER: the header those proxies write (`x-forwarded-for` unless given). */
  forwardedHeader?: ForwardedHeader | undefined;
  /** Requests per token; none unless given (the CLI passes PLANNER_RATE_LIMIT, tests and benches opt in). */
  rateLimit?: readonly RateWindow[] | undefined;
  /** Wrong tokens per remote address; none unless given (the CLI passes PLANNER_AUTH_FAILURE_LIMIT). */
  authFailureLimit?: readonly RateWindow[] | undefined;
  /** The ideas portals' rate limits and mail (their defaults unless given; links go to the log without a mail server). */
  portal?: PortalSettings | undefined;
  /** Socket and body timeouts (DEFAULT_CONNECTION_LIMITS unless given) and connections per address (none unless given). */
  connections?: Partial<ConnectionLimits> | undefined;
  /** SQLite `synchronous` of the writing connection: `normal` (default) or `full` (survives power loss). */
  synchronous?: 'normal' | 'full' | undefined;
  /**
   * PLANNER_UPSTREAM: authenticated API requests are passed through to this hosted account
   * (http/upstream.ts) instead of answered from the database, which then only holds who may call.
   * No read workers and no front door: they would answer reads from the local data.
   */
  upstream?: UpstreamOptions | undefined;
  /** "Now" for date rules (recycle-bin window and sweep, audit search); the system's unless given (tests move it). */
  clock?: Clock | undefined;
  /** The historical search's token bucket (tests and the bench); kept in the database as it was unless given. */
  historicalTokens?: Partial<TokenSettings> | undefined;
}

export interface RunningService {
  url: string;
  /** The origin links are built on (PLANNER_PUBLIC_URL or `url`). */
  publicUrl: string;
  port: number;
  store: Store;
  /** True when this start created and seeded the database. */
  seeded: boolean;
  /** The token minted on first start when none was fixed; null otherwise. */
  mintedToken: string | null;
  adminEmail: string | null;
  /** The read workers, when reads are answered off the main thread. */
  readPool: ReadPool | undefined;
  /** The read fast path ahead of the app, with the read workers (http/front-door.ts). */
  frontDoor: FrontDoor | undefined;
  /** Purges what is past the recycle bin's window now (it also runs on its own every hour); answers how many went. */
  sweepRecycleBin(): Promise<number>;
  close(): Promise<void>;
}

/** How often the recycle bin is swept of what is past its window. */
const SWEEP_EVERY_MS = 60 * 60 * 1000;

const logSweepFailure = (err: unknown): void => {
  console.error('recycle-bin sweep failed:', err);
};

export async function startService(options: ServiceOptions): Promise<RunningService> {
  const host = options.host ?? '127.0.0.1';
  // Read first: a bad entry stops the start before anything is opened.
  const proxies = trustedProxies(options.trustedProxies, options.forwardedHeader);
  // Made first: a bad upstream URL stops the start before anything is opened.
  const upstream = options.upstream ? upstreamProxy({ ...options.upstream, corsOrigins: options.corsOrigins ?? [] }) : undefined;
  const store = await openStore(options.dataDir, { clock: options.clock, databaseUrl: options.databaseUrl, poolSize: options.databasePool });
  if (options.synchronous === 'full' && store.kind === 'sqlite') store.sqlite.pragma('synchronous = FULL');
  let seeded = false;
  let mintedToken: string | null = null;
  let adminEmail: string | null = null;
  try {
    if (store.created) {
      const result = await seedAccount(store.db, options.seed ?? 'demo');
      seeded = true;
      adminEmail = result.adminEmail;
      if (!options.adminToken) mintedToken = await mintToken(store.db, result.adminId, 'first start');
    }
    if (options.adminToken) {
      const admin = await store.db
        .selectFrom('users')
        .select(['id', 'email'])
        .where('administrator', '=', 1)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      adminEmail = admin.email;
      await storeToken(store.db, admin.id, options.adminToken, 'PLANNER_TOKEN');
    }
    if (options.historicalTokens) await configureTokens(store.db, options.historicalTokens, store.clock.now());
  } catch (err) {
    await store.close();
    throw err;
  }

  // The app is made once the port is known (port 0 picks one): its default public URL names it.
  // Nothing is served before: connections wait for the event loop, which runs after this code.
  let app: ReturnType<typeof createApp> | null = null;
  // Authenticated reads the read fast path can answer skip the app on this thread (http/front-door.ts).
  let door: FrontDoor | null = null;
  const server = await new Promise<http.Server>((resolve, reject) => {
    const fetch = (req: Request, env: unknown): Response | Promise<Response> =>
      app ? app.fetch(req, env) : new Response('Starting', { status: 503 });
    const listener = getRequestListener(fetch, { hostname: host });
    const s = http.createServer((req, res) => {
      if (!door?.take(req, res)) void listener(req, res);
    });
    // Like the rate limits, the per-address cap refuses scripts' bursts: only when asked (the CLI).
    // A trusted proxy's connections are every client's behind it: not held to the per-address cap.
    guardConnections(s, { maxConnectionsPerIp: 0, ...options.connections, uncounted: proxies.any ? proxies.trusts : undefined });
    s.once('error', reject);
    s.listen(options.port, host, () => resolve(s));
  });
  const port = (server.address() as AddressInfo).port;
  let site: Site;
  try {
    site = siteFor({ host, port, publicUrl: options.publicUrl, allowedHosts: options.allowedHosts });
  } catch (err) {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await store.close();
    throw err;
  }
  // What the main thread's app and the read workers' apps share (cloneable: no handles).
  const shared = {
    maxBodyBytes: options.maxBodyBytes ?? 1024 * 1024,
    corsOrigins: options.corsOrigins ?? [],
    site,
  };
  let readPool: ReadPool | undefined;
  // Read workers share SQLite's file through its WAL; on PostgreSQL every instance reads the
  // database itself, and more instances are the way to more reads.
  if ((options.readWorkers ?? 0) > 0 && !upstream && store.kind === 'sqlite') {
    try {
      readPool = await ReadPool.start(options.readWorkers ?? 0, { dataDir: options.dataDir, app: shared }, store.clock);
      // The pool's checkpoint thread copies the WAL into the database; the writer no longer does
      // it inside a write (CHECKPOINT_MS in read-pool.ts).
      store.sqlite.pragma('wal_autocheckpoint = 0');
    } catch (err) {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await store.close();
      throw err;
    }
  }
  const gate = createGate(store, {
    rateLimit: options.rateLimit,
    authFailureLimit: options.authFailureLimit,
  });
  // Uploads in progress when the last process stopped left temporary files: none is running now.
  const files = blobFiles(options.dataDir, options.maxUploadBytes);
  sweepTemporaryFiles(files);
  app = createApp({
    ...shared,
    store,
    files,
    readPool,
    staticDir: options.staticDir ? path.resolve(options.staticDir) : undefined,
    gate,
    upstream,
    portal: options.portal,
    proxies,
  });
  if (readPool) {
    const mainThread = mainThreadMatcher(apiRoutes as readonly AnyRoute[]);
    door = frontDoor({ site, pool: readPool, corsOrigins: shared.corsOrigins, mainThread, proxies, ...gate });
  }
  // Historical audit searches the last process left running go on (none with an upstream).
  const searches = upstream ? undefined : searchRunner(store);
  await searches?.resume();
  // What is past the recycle bin's window goes: soon after start, then every hour (not with an
  // upstream, whose local database holds no records).
  const sweep = () => sweepRecycleBin(store.db, files, store.clock.now());
  const sweeping = upstream ? undefined : setInterval(() => void sweep().catch(logSweepFailure), SWEEP_EVERY_MS);
  sweeping?.unref();
  const firstSweep = upstream ? undefined : setTimeout(() => void sweep().catch(logSweepFailure), 1000);
  firstSweep?.unref();

  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    publicUrl: site.origin,
    port,
    store,
    seeded,
    mintedToken,
    adminEmail,
    readPool,
    frontDoor: door ?? undefined,
    sweepRecycleBin: sweep,
    async close() {
      clearInterval(sweeping);
      clearTimeout(firstSweep);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ('closeAllConnections' in server) server.closeAllConnections();
      });
      upstream?.close();
      await searches?.stop();
      await readPool?.close();
      await store.close();
    },
  };
}
