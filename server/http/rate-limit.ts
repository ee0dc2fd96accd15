// Request rate limits: a reusable limiter (one GCRA bucket per key and window, kept in typed arrays
// so a request costs a Map lookup and a few float operations, and idle keys are dropped without
// losing anything), the per-token middleware mounted after authentication, and the per-address
// throttle of failed authentications mounted around it. On PostgreSQL several instances serve one
// database behind a load balancer, so a limit kept in one process would let a client through once
// per instance: there the same buckets are kept in the database (SharedRateLimiter), one statement
// per check, and every instance counts the same requests.
import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Store } from '../store/db';
import type { Database } from '../store/schema';
import type { AppEnv } from '../types';

/** One limit: at most `limit` requests at once, refilled evenly over `periodMs`. */
export interface RateWindow {
  readonly limit: number;
  readonly periodMs: number;
  /** The period as messages name it: `second`, `minute`, `10 seconds`. */
  readonly per: string;
}

/** The default of `PLANNER_RATE_LIMIT`: see docs/decisions.md ("Rate limits") for how it was chosen. */
export const DEFAULT_RATE_LIMIT = '100/s,3000/min';
/** The default of `PLANNER_AUTH_FAILURE_LIMIT`: wrong tokens one address may send. */
export const DEFAULT_AUTH_FAILURE_LIMIT = '20/min';

const UNITS: Record<string, { ms: number; name: string }> = {
  s: { ms: 1000, name: 'second' },
  sec: { ms: 1000, name: 'second' },
  second: { ms: 1000, name: 'second' },
  m: { ms: 60_000, name: 'minute' },
  min: { ms: 60_000, name: 'minute' },
  minute: { ms: 60_000, name: 'minute' },
  h: { ms: 3_600_000, name: 'hour' },
  hour: { ms: 3_600_000, name: 'hour' },
  d: { ms: 86_400_000, name: 'day' },
  day: { ms: 86_400_000, name: 'day' },
};

/**
 * Reads `20/s,300/min` (also `100/10s`, `5000/hour`); `off` (or an empty text) is no limit.
 * Returns the windows, or the problem as a sentence.
 */
export function parseRateLimit(text: string): RateWindow[] | string {
  const trimmed = text.trim().toLowerCase();
  if (trimmed === '' || trimmed === 'off') return [];
  const windows: RateWindow[] = [];
  for (const part of trimmed.split(',')) {
    const match = /^(\d+)\s*\/\s*(\d*)\s*([a-z]+)$/.exec(part.trim());
    const unit = match?.[3] ? UNITS[match[3]] : undefined;
    if (!match || !unit) {
      return `"${part.trim()}" is not a limit: write requests/period, e.g. 20/s,300/min (units s, min, h, d) or off`;
    }
    const limit = Number(match[1]);
    const count = match[2] ? Number(match[2]) : 1;
    if (limit < 1 || count < 1 || limit > 1_000_000_000) return `"${part.trim()}": the count and the period must be at least 1`;
    const per = count === 1 ? unit.name : `${count} ${unit.name}s`;
    windows.push({ limit, periodMs: count * unit.ms, per });
  }
  return windows;
}

/** The outcome of the last `take`/`peek`; one object reused by the limiter (no allocation per call). */
export interface RateDecision {
  allowed: boolean;
  /** The window that decides: the one refused (the longest wait) or, when allowed, the one with the fewest left. */
  window: RateWindow | undefined;
  /** Requests left in that window after this one. */
  remaining: number;
  /** Milliseconds until that window is full again. */
  resetMs: number;
  /** Milliseconds until the refused request would be allowed; 0 when allowed. */
  retryAfterMs: number;
}

export interface RateLimiterOptions {
  /** Keys tracked at most; the memory is allocated once (16 bytes per key and window). */
  maxKeys?: number;
  /** Milliseconds clock; tests pass a fake one. */
  now?: () => number;
}

/**
 * A set of limits applied per key (a token, an address). Each window is a GCRA bucket: it holds
 * `limit` requests, a request may cost more than one (a future historical-audit search charges
 * its maximum cost and `refund`s the difference), and it refills evenly over the period. The state
 * of a key is one "theoretical arrival time" per window; a key whose buckets are all full again
 * holds nothing a fresh key would not, so it is dropped when room is needed.
 */
export class RateLimiter {
  readonly windows: readonly RateWindow[];
  /** Reused result of the last `take`/`peek`: read it before the next call. */
  readonly decision: RateDecision = { allowed: true, window: undefined, remaining: 0, resetMs: 0, retryAfterMs: 0 };
  private readonly maxKeys: number;
  private readonly now: () => number;
  private readonly slots = new Map<string, number>();
  /** Theoretical arrival time per slot and window, in ms of `now()`. */
  private readonly tat: Float64Array;
  private readonly free: Int32Array;
  private freeCount: number;
  private readonly interval: Float64Array;

  constructor(windows: readonly RateWindow[], options: RateLimiterOptions = {}) {
    this.windows = windows;
    this.maxKeys = Math.max(1, options.maxKeys ?? 10_000);
    this.now = options.now ?? Date.now;
    this.tat = new Float64Array(this.maxKeys * Math.max(1, windows.length));
    this.free = new Int32Array(this.maxKeys);
    for (let i = 0; i < this.maxKeys; i++) this.free[i] = this.maxKeys - 1 - i;
    this.freeCount = this.maxKeys;
    this.interval = Float64Array.from(windows, (w) => w.periodMs / w.limit);
  }

  /** Keys tracked now (idle ones stay until room is needed or a peek finds them full again). */
  get size(): number {
    return this.slots.size;
  }

  /** Charges `cost` requests to `key` when every window has room; `decision` says what happened. */
  take(key: string, cost = 1): boolean {
    return this.decide(key, cost, true);
  }

  /** Whether `take(key, cost)` would be allowed, without charging anything. */
  peek(key: string, cost = 1): boolean {
    return this.decide(key, cost, false);
  }

  /** Gives back `cost` requests charged earlier (never more than fills the buckets). */
  refund(key: string, cost: number): void {
    const slot = this.slots.get(key);
    if (slot === undefined) return;
    const now = this.now();
    const n = this.windows.length;
    for (let w = 0; w < n; w++) {
      const i = slot * n + w;
      this.tat[i] = Math.max(now, (this.tat[i] ?? 0) - cost * (this.interval[w] ?? 0));
    }
  }

  private decide(key: string, cost: number, charge: boolean): boolean {
    const d = this.decision;
    const n = this.windows.length;
    const now = this.now();
    let slot = this.slots.get(key);
    if (slot === undefined && charge) slot = this.claim(key, now);
    // An unknown key (only when peeking) has full buckets: its arrival time is now.
    const base = slot === undefined ? -1 : slot * n;
    d.allowed = true;
    d.window = undefined;
    d.remaining = n === 0 ? 0 : Infinity;
    d.resetMs = 0;
    d.retryAfterMs = 0;
    for (let w = 0; w < n; w++) {
      const win = this.windows[w] as RateWindow;
      const t = this.interval[w] ?? 0;
      const next = Math.max(base < 0 ? now : (this.tat[base + w] ?? 0), now) + cost * t;
      const wait = next - win.periodMs - now;
      if (wait > 1e-6) {
        // Refused: report the window that keeps it waiting longest.
        if (d.allowed || wait > d.retryAfterMs) {
          d.window = win;
          d.retryAfterMs = wait;
          d.remaining = 0;
          d.resetMs = next - cost * t - now;
        }
        d.allowed = false;
      } else if (d.allowed) {
        const remaining = Math.floor((win.periodMs - (next - now)) / t + 1e-9);
        if (remaining < d.remaining) {
          d.window = win;
          d.remaining = remaining;
          d.resetMs = next - now;
        }
      }
    }
    if (d.allowed && charge && base >= 0) {
      for (let w = 0; w < n; w++) {
        this.tat[base + w] = Math.max(this.tat[base + w] ?? 0, now) + cost * (this.interval[w] ?? 0);
      }
    } else if (!charge && slot !== undefined && this.isIdle(slot, now)) {
      // Peeking at a key that is full again: forget it now, so `size` falls back to 0.
      this.slots.delete(key);
      this.release(slot);
    }
    return d.allowed;
  }

  private claim(key: string, now: number): number {
    if (this.freeCount === 0) this.evict(now);
    const slot = this.free[--this.freeCount] ?? 0;
    this.slots.set(key, slot);
    const n = this.windows.length;
    for (let w = 0; w < n; w++) this.tat[slot * n + w] = now;
    return slot;
  }

  /**
   * Makes room: drops every idle key (all buckets full again: nothing is lost). When none is idle —
   * more active keys than `maxKeys`, only an attack makes that many — the oldest quarter goes, so
   * the cost stays amortised O(1) per new key.
   */
  private evict(now: number): void {
    for (const [key, slot] of this.slots) {
      if (this.isIdle(slot, now)) {
        this.slots.delete(key);
        this.release(slot);
      }
    }
    if (this.freeCount > 0) return;
    let drop = Math.max(1, Math.floor(this.maxKeys / 4));
    for (const [key, slot] of this.slots) {
      if (drop-- === 0) break;
      this.slots.delete(key);
      this.release(slot);
    }
  }

  /** Every bucket of the slot is full again: it holds nothing a fresh key would not. */
  private isIdle(slot: number, now: number): boolean {
    const n = this.windows.length;
    for (let w = 0; w < n; w++) if ((this.tat[slot * n + w] ?? 0) > now) return false;
    return true;
  }

  private release(slot: number): void {
    this.free[this.freeCount++] = slot;
  }
}

/**
 * The decision for a key whose buckets, once charged `cost`, are full again at `next` (ms, one per
 * window): RateLimiter's arithmetic on times read from the database. `allowed` is what the database
 * decided when it charged; a peek (undefined) decides here, as RateLimiter does.
 */
function judged(
  windows: readonly RateWindow[],
  intervals: readonly number[],
  now: number,
  cost: number,
  next: readonly number[],
  allowed?: boolean,
): RateDecision {
  const over = (w: number): number => (next[w] ?? now) - (windows[w]?.periodMs ?? 0) - now;
  const d: RateDecision = {
    allowed: allowed ?? windows.every((_, w) => over(w) <= 1e-6),
    window: undefined,
    remaining: windows.length === 0 ? 0 : Infinity,
    resetMs: 0,
    retryAfterMs: 0,
  };
  for (let w = 0; w < windows.length; w++) {
    const win = windows[w] as RateWindow;
    const t = intervals[w] ?? 0;
    const at = next[w] ?? now;
    if (!d.allowed) {
      const wait = over(w);
      if (wait > 1e-6 && (d.window === undefined || wait > d.retryAfterMs)) {
        d.window = win;
        d.retryAfterMs = wait;
        d.resetMs = at - cost * t - now;
      }
    } else {
      const remaining = Math.floor((win.periodMs - (at - now)) / t + 1e-9);
      if (remaining < d.remaining) {
        d.window = win;
        d.remaining = remaining;
        d.resetMs = at - now;
      }
    }
  }
  if (!d.allowed) d.remaining = 0;
  return d;
}

/** How often a shared limiter deletes the rows of keys whose buckets are all full again. */
const SHARED_SWEEP_MS = 60_000;

/** The database's clock, in ms: every instance judges by the same one, whatever its own says. */
const DB_NOW = sql<number>`(extract(epoch FROM clock_timestamp()) * 1000)::float8`;

/**
 * The same limits as RateLimiter, kept in PostgreSQL (`rate_limit_buckets`, migration 20) so that
 * every instance on the database counts the same buckets. A key is one row: the GCRA times of its
 * windows, as text. A check is one statement outside any transaction — it never takes the write
 * lock, so a request over its limit never waits behind a write: `INSERT … ON CONFLICT DO UPDATE`
 * charges every window or none (the row is locked for the statement, so two instances charging one
 * key at once are counted one after the other) and answers what it decided. Keys are stored as
 * their SHA-256: a bearer token must not be readable from the table. Each instance now and then
 * deletes the rows whose buckets are all full again, which hold nothing a missing row would not.
 */
export class SharedRateLimiter {
  readonly windows: readonly RateWindow[];
  private readonly intervals: number[];
  private readonly periods: number[];
  private readonly prefix: string;
  private lastSweep = Date.now();

  /** `scope` keeps the limits of different steps apart (`api`, `auth-failures`, `portal-vote`, …). */
  constructor(
    private readonly db: Kysely<Database>,
    scope: string,
    windows: readonly RateWindow[],
  ) {
    this.windows = windows;
    this.intervals = windows.map((w) => w.periodMs / w.limit);
    this.periods = windows.map((w) => w.periodMs);
    // The windows are part of the bucket's name: a row's times are only meaningful for the windows
    // they were counted with, so an instance started with other limits keeps its own buckets.
    this.prefix = `${scope}:${windows.map((w) => `${w.limit}/${w.periodMs}`).join(',')}:`;
  }

  private bucket(key: string): string {
    return this.prefix + createHash('sha256').update(key).digest('base64url');
  }

  /** A cost more than some window ever holds: refused without asking the database (as RateLimiter refuses it). */
  private neverFits(cost: number): RateDecision | null {
    if (!this.intervals.some((t, w) => cost * t - (this.periods[w] ?? 0) > 1e-6)) return null;
    const fresh = this.intervals.map((t) => cost * t);
    return judged(this.windows, this.intervals, 0, cost, fresh, false);
  }

  /** Charges `cost` requests to `key` when every window has room, in one statement; answers the decision. */
  async take(key: string, cost = 1): Promise<RateDecision> {
    if (this.windows.length === 0) return judged(this.windows, this.intervals, 0, cost, [], true);
    const refused = this.neverFits(cost);
    if (refused) return refused;
    this.sweepNowAndThen();
    const result = await sql<{ tat: string; allowed: number; checked_at: number }>`
      WITH fresh AS (
        SELECT c.now, array_agg(c.now + ${cost}::float8 * w.i ORDER BY w.k) AS tats
        FROM (SELECT ${DB_NOW} AS now) c, unnest(${this.intervals}::float8[]) WITH ORDINALITY AS w(i, k)
        GROUP BY c.now
      )
      INSERT INTO rate_limit_buckets AS b (bucket, tat, full_at, checked_at, allowed)
      SELECT ${this.bucket(key)}, array_to_string(fresh.tats, ','), (SELECT max(v) FROM unnest(fresh.tats) AS v), fresh.now, 1
      FROM fresh
      ON CONFLICT (bucket) DO UPDATE SET (tat, full_at, checked_at, allowed) = (
        SELECT CASE WHEN s.ok THEN s.tats ELSE b.tat END, CASE WHEN s.ok THEN s.latest ELSE b.full_at END,
          excluded.checked_at, CASE WHEN s.ok THEN 1 ELSE 0 END
        FROM (
          SELECT bool_and(x.n - x.p - excluded.checked_at <= 1e-6) AS ok,
            array_to_string(array_agg(x.n ORDER BY x.k), ',') AS tats, max(x.n) AS latest
          FROM (
            SELECT w.k, greatest(w.t, excluded.checked_at) + ${cost}::float8 * w.i AS n, w.p
            FROM unnest(string_to_array(b.tat, ',')::float8[], ${this.intervals}::float8[], ${this.periods}::float8[])
              WITH ORDINALITY AS w(t, i, p, k)
          ) x
        ) s
      )
      RETURNING b.tat, b.allowed, b.checked_at`.execute(this.db);
    const row = result.rows[0];
    if (!row) throw new Error('the rate limit statement answered no row');
    const now = Number(row.checked_at);
    const tats = row.tat.split(',').map(Number);
    const allowed = Number(row.allowed) === 1;
    // Allowed: the row holds the times after the charge. Refused: as they were, and the decision
    // names the wait the charge would have needed.
    const next = allowed ? tats : tats.map((t, w) => Math.max(t, now) + cost * (this.intervals[w] ?? 0));
    return judged(this.windows, this.intervals, now, cost, next, allowed);
  }

  /** Whether `take(key, cost)` would be allowed now, without charging anything (one read). */
  async peek(key: string, cost = 1): Promise<RateDecision> {
    if (this.windows.length === 0) return judged(this.windows, this.intervals, 0, cost, [], true);
    const refused = this.neverFits(cost);
    if (refused) return refused;
    const result = await sql<{ now: number; tat: string | null }>`
      SELECT ${DB_NOW} AS now, (SELECT tat FROM rate_limit_buckets WHERE bucket = ${this.bucket(key)}) AS tat`.execute(this.db);
    const row = result.rows[0];
    const now = Number(row?.now ?? Date.now());
    const tats = row?.tat ? row.tat.split(',').map(Number) : [];
    const next = this.intervals.map((t, w) => Math.max(tats[w] ?? now, now) + cost * t);
    return judged(this.windows, this.intervals, now, cost, next);
  }

  private sweepNowAndThen(): void {
    const now = Date.now();
    if (now - this.lastSweep < SHARED_SWEEP_MS) return;
    this.lastSweep = now;
    // Best effort and off the request's path: a row left over costs nothing but its space, and the
    // next sweep (of any instance) takes it.
    void sql`DELETE FROM rate_limit_buckets WHERE full_at < ${DB_NOW}`.execute(this.db).catch(() => undefined);
  }
}

/** Either limiter: this process's buckets (RateLimiter) or the database's (SharedRateLimiter). */
export type Limiter = RateLimiter | SharedRateLimiter;

/**
 * The limiter for a store: in this process on SQLite, which one process serves; in the database on
 * PostgreSQL, which several instances may share.
 */
export function limiterFor(store: Pick<Store, 'kind' | 'db'>, scope: string, windows: readonly RateWindow[]): Limiter {
  return store.kind === 'postgres' ? new SharedRateLimiter(store.db, scope, windows) : new RateLimiter(windows);
}

/**
 * Charges one request to `key`: null when allowed, the decision when refused (a copy of
 * RateLimiter's reused one, so an await after this cannot see another request's).
 */
export async function refusal(limiter: Limiter, key: string): Promise<RateDecision | null> {
  if (limiter instanceof RateLimiter) return limiter.take(key) ? null : { ...limiter.decision };
  const d = await limiter.take(key);
  return d.allowed ? null : d;
}

/** Whole seconds for `Retry-After` / `X-RateLimit-Reset`: rounded up, at least 1. */
function seconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

/** `5 requests per second` */
function describe(w: RateWindow | undefined, noun: string): string {
  return w ? `${w.limit} ${noun} per ${w.per}` : `a few ${noun}`;
}

export function tooMany(c: Context, message: string, d: RateDecision): Response {
  const retry = seconds(d.retryAfterMs);
  c.header('Retry-After', String(retry));
  if (d.window) c.header('X-RateLimit-Limit', String(d.window.limit));
  c.header('X-RateLimit-Remaining', '0');
  c.header('X-RateLimit-Reset', String(seconds(d.resetMs)));
  return c.json({ error: `${message} Retry after ${retry} s.` }, 429);
}

/**
 * The token of a request the auth step accepted (`Bearer <token>`, any spacing): the limiter's
 * key, so spelling the header differently never makes a second bucket.
 */
export function bearerToken(header: string | undefined): string | undefined {
  return header === undefined || header.length < 8 ? undefined : header.slice(6).trim();
}

/** The headers of an allowed request: the tightest window's limit, what is left, when it is full again. */
export function allowedHeaders(d: RateDecision): Record<string, string> {
  return {
    'X-RateLimit-Limit': String(d.window?.limit ?? 0),
    'X-RateLimit-Remaining': String(d.remaining),
    'X-RateLimit-Reset': String(seconds(d.resetMs)),
  };
}

/**
 * Per-token limits, mounted right after authentication (so only valid tokens make keys). Every
 * answer carries `X-RateLimit-Limit`, `-Remaining` and `-Reset` (seconds until that window is full
 * again) of the tightest window; over a limit the answer is 429 with `Retry-After`.
 */
export function rateLimit(limiter: Limiter | undefined): MiddlewareHandler {
  if (!limiter || limiter.windows.length === 0) return (_c, next) => next();
  return async (c, next) => {
    const key = bearerToken(c.req.header('authorization'));
    if (key === undefined) return next();
    // RateLimiter's decision is one reused object: read before anything awaits.
    const d = limiter instanceof RateLimiter ? (limiter.take(key), limiter.decision) : await limiter.take(key);
    if (!d.allowed) {
      return tooMany(c, `Rate limit exceeded: an access token may make at most ${describe(d.window, 'requests')}.`, d);
    }
    const values = allowedHeaders(d);
    // A read worker's answer takes them from here, as it is made (app.ts).
    c.set('rateLimitHeaders', values);
    await next();
    if (c.get('forwarded') === true) return;
    const headers = c.res.headers;
    for (const [name, value] of Object.entries(values)) headers.set(name, value);
  };
}

/**
 * The client's address (http/proxies.ts: the peer, or through trusted proxies the address they
 * name); undefined when the app is called without a socket (`app.fetch` in tests).
 */
export function remoteAddress(c: Context): string | undefined {
  const client = (c as Context<AppEnv>).get('client') as AppEnv['Variables']['client'] | undefined;
  if (client) return client.address;
  const env: unknown = c.env;
  if (typeof env !== 'object' || env === null) return undefined;
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

/**
 * Throttles wrong tokens per address, mounted just before the auth step. Every token is checked: a
 * valid one is answered as ever, whatever its address did (behind a NAT or a proxy one address is
 * many people, and one of them mistyping must not lock out the rest). An answer of 401 to a
 * request that sent a token is a failure, charged to its address; once the address is over the
 * limit, its failures answer 429 with Retry-After instead of 401, uncharged, until the bucket has
 * room. A guess still learns nothing it could use: tokens are 192 random bits. Requests without a
 * token cost nothing and still get 401; successful authentications are not counted.
 */
export function authFailureThrottle(limiter: Limiter | undefined): MiddlewareHandler {
  if (!limiter || limiter.windows.length === 0) return (_c, next) => next();
  return async (c, next) => {
    await next();
    if (c.res.status !== 401 || !c.req.header('authorization')) return;
    const address = remoteAddress(c);
    if (address === undefined) return;
    // Counted before the 401 leaves, so a guesser cannot send the next guess ahead of the count.
    const refused = await refusal(limiter, address);
    if (!refused) return;
    // The 429 says how long to wait; the 401's challenge is not repeated on it.
    c.res.headers.delete('WWW-Authenticate');
    c.res = tooMany(c, `Too many failed authentications from this address (at most ${describe(refused.window, 'failures')}).`, refused);
  };
}
