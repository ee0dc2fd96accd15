// Request rate limits: a reusable limiter (one GCRA bucket per key and window, kept in typed arrays
// so a request costs a Map lookup and a few float operations, and idle keys are dropped without
// losing anything), the per-token middleware mounted after authentication, and the per-address
// throttle of failed authentications mounted around it.
import type { Context, MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

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
export function rateLimit(limiter: RateLimiter | undefined): MiddlewareHandler {
  if (!limiter || limiter.windows.length === 0) return (_c, next) => next();
  return async (c, next) => {
    const key = bearerToken(c.req.header('authorization'));
    if (key === undefined) return next();
    const d = limiter.decision;
    if (!limiter.take(key)) {
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

/** The peer's address; undefined when the app is called without a socket (`app.fetch` in tests). */
export function remoteAddress(c: Context): string | undefined {
  const env: unknown = c.env;
  if (typeof env !== 'object' || env === null) return undefined;
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

/**
 * Throttles wrong tokens per address, mounted just before the auth step: an answer of 401 to a
 * request that sent a token counts as a failure; once an address is over the limit, its requests
 * with a token answer 429 without being checked (checking them would still tell a guesser which
 * token is right) until the bucket has room. Requests without a token cost nothing and still get
 * 401; successful authentications are not counted.
 */
export function authFailureThrottle(limiter: RateLimiter | undefined): MiddlewareHandler {
  if (!limiter || limiter.windows.length === 0) return (_c, next) => next();
  return async (c, next) => {
    // Nothing recorded: nothing to look up (the common case costs one comparison).
    if (limiter.size === 0) {
      await next();
    } else {
      const address = remoteAddress(c);
      if (address !== undefined && c.req.header('authorization') && !limiter.peek(address)) {
        return tooMany(c, `Too many failed authentications from this address (at most ${describe(limiter.decision.window, 'failures')}).`, limiter.decision);
      }
      await next();
    }
    if (c.res.status === 401 && c.req.header('authorization')) {
      const address = remoteAddress(c);
      if (address !== undefined) limiter.take(address);
    }
  };
}
