// Rate limits: the limiter's arithmetic on a fake clock (bursts, refill, several windows, refunds,
// bounded memory), then the service with PLANNER_RATE_LIMIT-style limits per token and the
// per-address throttle of wrong tokens, over real sockets (127.0.0.1 and 127.0.0.2 as two peers).
// In the PostgreSQL pass the service keeps its limits in the database (SharedRateLimiter) and
// answers exactly the same; shared-limits.test.ts has two instances share them.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../src/contract/common';
import { mintToken, storeToken } from './auth';
import { createApp } from './app';
import { readEnv } from './env';
import { siteFor } from './http/hosts';
import { RateLimiter, parseRateLimit } from './http/rate-limit';
import type { RateWindow } from './http/rate-limit';
import { seedAccount } from './seed/seed';
import { openStore } from './store/db';
import { startService } from './start';
import type { RunningService } from './start';
import { testDatabase } from './test/harness';

const TOKEN = 'rate-limit-admin-token-0123456789';

function windows(text: string): RateWindow[] {
  const parsed = parseRateLimit(text);
  if (typeof parsed === 'string') throw new Error(parsed);
  return parsed;
}

describe('parseRateLimit', () => {
  it('reads counts per period, several windows, and off', () => {
    expect(parseRateLimit('20/s,300/min')).toEqual([
      { limit: 20, periodMs: 1000, per: 'second' },
      { limit: 300, periodMs: 60_000, per: 'minute' },
    ]);
    expect(parseRateLimit(' 100 / 10s ')).toEqual([{ limit: 100, periodMs: 10_000, per: '10 seconds' }]);
    expect(parseRateLimit('5000/hour')).toEqual([{ limit: 5000, periodMs: 3_600_000, per: 'hour' }]);
    expect(parseRateLimit('off')).toEqual([]);
    expect(parseRateLimit('OFF')).toEqual([]);
  });

  it('names the part it cannot read', () => {
    expect(parseRateLimit('20/s,lots')).toMatch(/"lots" is not a limit/);
    expect(parseRateLimit('20/fortnight')).toMatch(/"20\/fortnight"/);
    expect(parseRateLimit('0/s')).toMatch(/at least 1/);
  });
});

describe('the configuration', () => {
  it('defaults to limits no person reaches, and reads off', () => {
    const env = readEnv({});
    expect(env.PLANNER_RATE_LIMIT.map((w) => `${w.limit}/${w.per}`)).toEqual(['100/second', '3000/minute']);
    expect(env.PLANNER_AUTH_FAILURE_LIMIT.map((w) => `${w.limit}/${w.per}`)).toEqual(['20/minute']);
    expect(env.PLANNER_MAX_CONNECTIONS_PER_IP).toBe(64);
    expect(readEnv({ PLANNER_RATE_LIMIT: 'off' }).PLANNER_RATE_LIMIT).toEqual([]);
  });

  it('names every bad setting at once', () => {
    expect(() => readEnv({ PLANNER_RATE_LIMIT: '20/s,lots', PLANNER_MAX_CONNECTIONS_PER_IP: '-1' })).toThrow(
      /PLANNER_RATE_LIMIT: "lots" is not a limit[\s\S]*PLANNER_MAX_CONNECTIONS_PER_IP/,
    );
    expect(() => readEnv({ PLANNER_HEADERS_TIMEOUT_MS: '20000', PLANNER_REQUEST_TIMEOUT_MS: '10000' })).toThrow(
      /PLANNER_REQUEST_TIMEOUT_MS: must be 0 or at least PLANNER_HEADERS_TIMEOUT_MS/,
    );
  });
});

describe('RateLimiter', () => {
  let clock = 0;
  const now = () => clock;

  it('lets a burst of `limit` through, refuses the next with the wait, and refills evenly', () => {
    clock = 1_000_000;
    const limiter = new RateLimiter(windows('10/s'), { now });
    for (let i = 0; i < 10; i++) {
      expect(limiter.take('a')).toBe(true);
      expect(limiter.decision.remaining).toBe(9 - i);
    }
    expect(limiter.take('a')).toBe(false);
    expect(limiter.decision.retryAfterMs).toBeCloseTo(100);
    expect(limiter.decision.window?.per).toBe('second');
    // Another key has its own buckets.
    expect(limiter.take('b')).toBe(true);
    clock += 100;
    expect(limiter.take('a')).toBe(true);
    expect(limiter.take('a')).toBe(false);
    clock += 1000;
    for (let i = 0; i < 10; i++) expect(limiter.take('a')).toBe(true);
    expect(limiter.take('a')).toBe(false);
  });

  it('applies every window: the tighter one decides, and a refused request charges none', () => {
    clock = 0;
    const limiter = new RateLimiter(windows('5/s,8/min'), { now });
    for (let i = 0; i < 5; i++) expect(limiter.take('k')).toBe(true);
    expect(limiter.take('k')).toBe(false);
    expect(limiter.decision.window?.per).toBe('second');
    clock += 1000;
    for (let i = 0; i < 3; i++) expect(limiter.take('k')).toBe(true);
    expect(limiter.take('k')).toBe(false);
    expect(limiter.decision.window?.per).toBe('minute');
    // One request per 7.5 s refills the minute window.
    expect(limiter.decision.retryAfterMs).toBeGreaterThan(6000);
    expect(limiter.decision.retryAfterMs).toBeLessThanOrEqual(7500);
    clock += 7500;
    expect(limiter.take('k')).toBe(true);
  });

  it('peeks without charging, charges costs above one, and refunds', () => {
    clock = 0;
    const limiter = new RateLimiter(windows('10/min'), { now });
    expect(limiter.peek('x')).toBe(true);
    expect(limiter.size).toBe(0);
    expect(limiter.take('x', 8)).toBe(true);
    expect(limiter.decision.remaining).toBe(2);
    expect(limiter.peek('x', 3)).toBe(false);
    expect(limiter.take('x', 3)).toBe(false);
    limiter.refund('x', 5);
    expect(limiter.take('x', 7)).toBe(true);
    expect(limiter.take('x')).toBe(false);
    // Once its bucket is full again, a peek forgets the key.
    clock += 60_000;
    expect(limiter.peek('x')).toBe(true);
    expect(limiter.size).toBe(0);
  });

  it('keeps memory bounded: idle keys are dropped first, then the oldest when all are active', () => {
    clock = 0;
    const limiter = new RateLimiter(windows('2/s'), { now, maxKeys: 4 });
    for (const k of ['a', 'b', 'c', 'd']) limiter.take(k);
    expect(limiter.size).toBe(4);
    // All four are still refilling: a fifth key drops the oldest quarter (one key).
    limiter.take('e');
    expect(limiter.size).toBe(4);
    clock += 5000;
    limiter.take('f');
    // Every earlier key was idle (full again): all dropped, nothing lost.
    expect(limiter.size).toBe(1);
    limiter.take('f');
    expect(limiter.take('f')).toBe(false);
  });
});

/** A request over a real socket, optionally from another loopback address. */
function request(
  url: string,
  init: { method?: string; token?: string | null; from?: string; path?: string } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: unknown }> {
  const target = new URL(`${url}/api/v1${init.path ?? '/me'}`);
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = init.token === undefined ? TOKEN : init.token;
  if (token !== null) headers.Authorization = `Bearer ${token}`;
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: target.hostname, port: target.port, path: target.pathname, method: init.method ?? 'GET', headers, localAddress: init.from, agent: false },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text ? JSON.parse(text) : null }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('the service with limits', () => {
  let service: RunningService;
  let dataDir: string;
  let morganToken: string;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'planner-limits-'));
    // The PostgreSQL pass: a database of its own (null on SQLite).
    const database = await testDatabase();
    drop = database?.drop;
    service = await startService({
      dataDir,
      databaseUrl: database?.url,
      port: 0,
      adminToken: TOKEN,
      seed: 'empty',
      // GETs are answered by a read worker: the limit and its headers wrap the worker's answers.
      readWorkers: 1,
      // One request back every 4 s: slow enough that a loaded machine cannot refill it mid-test.
      rateLimit: windows('5/20s,1000/h'),
      authFailureLimit: windows('3/min'),
    });
    const morgan = await service.store.db.selectFrom('users').select('id').where('email', 'like', 'morgan%').executeTakeFirstOrThrow();
    morganToken = await mintToken(service.store.db, morgan.id, 'test');
  });

  afterAll(async () => {
    await service.close();
    await drop?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 429 with Retry-After and X-RateLimit-* once a token is over its limit; other tokens go on', async () => {
    const first = await request(service.url);
    expect(first.status).toBe(200);
    expect(first.headers['x-ratelimit-limit']).toBe('5');
    expect(first.headers['x-ratelimit-remaining']).toBe('4');
    expect(Number(first.headers['x-ratelimit-reset'])).toBeGreaterThanOrEqual(1);
    for (let i = 0; i < 4; i++) expect((await request(service.url)).status).toBe(200);

    const refused = await request(service.url);
    expect(refused.status).toBe(429);
    expect(refused.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(refused.headers['retry-after']).toMatch(/^[1-9]\d*$/);
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    // Full again only when all five are back: 5 × 4 s after the burst began.
    expect(Number(refused.headers['x-ratelimit-reset'])).toBeGreaterThan(Number(refused.headers['retry-after']));
    expect(errorBodySchema.parse(refused.body).error).toMatch(/an access token may make at most 5 requests per 20 seconds/);

    // The same token spelled with other spacing is the same bucket.
    expect((await request(service.url, { token: `${TOKEN}  ` })).status).toBe(429);
    // Writes are refused before anything is done.
    const write = await request(service.url, { method: 'POST', path: '/products/PLN/initiatives' });
    expect(write.status).toBe(429);
    expect(await service.store.db.selectFrom('initiatives').select('id').execute()).toEqual([]);

    // Another token has its own bucket.
    expect((await request(service.url, { token: morganToken })).status).toBe(200);

    await new Promise((r) => setTimeout(r, Number(refused.headers['retry-after']) * 1000));
    expect((await request(service.url)).status).toBe(200);
  });

  it('throttles wrong tokens per address: 429 for that address, others untouched', async () => {
    const from = '127.0.0.2';
    for (let i = 0; i < 3; i++) {
      const wrong = await request(service.url, { token: `wrong-token-${i}-0123456789`, from });
      expect(wrong.status).toBe(401);
    }
    const throttled = await request(service.url, { token: 'wrong-token-x-0123456789', from });
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(throttled.headers['www-authenticate']).toBeUndefined();
    expect(errorBodySchema.parse(throttled.body).error).toMatch(/failed authentications from this address \(at most 3 failures per minute\)/);
    // A valid token from that address is answered: the throttle slows failures, never a right token.
    expect((await request(service.url, { token: morganToken, from })).status).toBe(200);
    expect((await request(service.url, { token: 'wrong-token-z-0123456789', from })).status).toBe(429);
    // Without a token there is nothing to guess: still 401.
    expect((await request(service.url, { token: null, from })).status).toBe(401);
    // Other addresses are not affected, and their successes are not counted.
    expect((await request(service.url, { token: morganToken, from: '127.0.0.3' })).status).toBe(200);
    expect((await request(service.url, { token: 'wrong-token-y-0123456789', from: '127.0.0.3' })).status).toBe(401);
  });

  it('answers every valid token of an address under a wrong-token storm; only the wrong ones get 429', async () => {
    const from = '127.0.0.4';
    // Four tokens of their own (5 requests per 20 s each): the per-token limit stays out of the way.
    const morgan = await service.store.db.selectFrom('users').select('id').where('email', 'like', 'morgan%').executeTakeFirstOrThrow();
    const tokens = await Promise.all([0, 1, 2, 3].map((i) => mintToken(service.store.db, morgan.id, `storm ${i}`)));
    const valid: number[] = [];
    const wrong: number[] = [];
    for (let round = 0; round < 20; round++) {
      wrong.push((await request(service.url, { token: `storm-wrong-${round}-0123456789`, from })).status);
      // A token's first request goes through the app's throttle and auth step; once remembered,
      // through the read fast path ahead of the app (both answered by the read worker).
      const token = tokens[round % 4] as string;
      valid.push((await request(service.url, { token, from, path: round % 5 === 4 ? '/products/PLN' : '/me' })).status);
    }
    expect(valid).toEqual(Array.from({ length: 20 }, () => 200));
    expect(wrong.slice(0, 3)).toEqual([401, 401, 401]);
    expect(wrong.slice(3)).toEqual(Array.from({ length: 17 }, () => 429));
  });
});

describe('the app called without a socket', () => {
  const HOST = '127.0.0.1:4780';
  it('limits tokens, counts no address, and lets other origins read how long to wait', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'planner-limits-'));
    const database = await testDatabase();
    const store = await openStore(dataDir, { databaseUrl: database?.url });
    try {
      const { adminId } = await seedAccount(store.db, 'empty');
      await storeToken(store.db, adminId, TOKEN, 'test');
      const app = createApp({
        store,
        maxBodyBytes: 1024,
        corsOrigins: ['http://other.test'],
        site: siteFor({ host: '127.0.0.1', port: 4780 }),
        authFailureLimit: windows('1/min'),
        rateLimit: windows('1/min'),
      });
      // No socket, no address: wrong tokens keep their 401.
      for (let i = 0; i < 3; i++) {
        const res = await app.request('/api/v1/me', { headers: { Host: HOST, Authorization: 'Bearer wrong-token-0123456789' } });
        expect(res.status).toBe(401);
      }
      const headers = { Host: HOST, Authorization: `Bearer ${TOKEN}`, Origin: 'http://other.test' };
      const first = await app.request('/api/v1/me', { headers });
      expect(first.status).toBe(200);
      expect(first.headers.get('x-ratelimit-remaining')).toBe('0');
      const second = await app.request('/api/v1/me', { headers });
      expect(second.status).toBe(429);
      expect(second.headers.get('retry-after')).toBe('60');
      expect(second.headers.get('access-control-expose-headers')?.toLowerCase()).toContain('retry-after');
    } finally {
      await store.close();
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
