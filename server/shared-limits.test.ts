// Several service instances on one PostgreSQL database, as behind a load balancer: they count the
// same requests (the per-token limit, the failed-auth throttle, a portal limit: a client cannot get
// one allowance per instance), and they never both do the same background work — one sweeps the
// recycle bin at a time, and a historical search is scanned by the one instance holding its lease,
// which another takes over once it runs out or is given back.
import http from 'node:http';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../src/contract/common';
import { mintToken } from './auth';
import { RateLimiter, SharedRateLimiter, parseRateLimit } from './http/rate-limit';
import type { RateWindow } from './http/rate-limit';
import { FieldProblems } from './problems';
import { seedAccount } from './seed/seed';
import { startService } from './start';
import type { RunningService } from './start';
import { historyCut } from './store/audit-log';
import { openStore } from './store/db';
import type { Store } from './store/db';
import { SEARCH_LEASE_MS, claimSearch, createSearch, searchRunner } from './store/historical-search';
import { sweepRecycleBin, whileSweepClaimed } from './store/recycle-bin';
import { onPostgres, tempDirs, testDatabase } from './test/harness';

const TOKEN = 'shared-limits-admin-token-0123456789';

function windows(text: string): RateWindow[] {
  const parsed = parseRateLimit(text);
  if (typeof parsed === 'string') throw new Error(parsed);
  return parsed;
}

/** A request over a real socket, optionally from another loopback address (a peer of its own). */
function request(
  base: string,
  p: string,
  init: { method?: string; token?: string | null; from?: string; body?: unknown } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: unknown }> {
  const target = new URL(`${base}${p}`);
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = init.token === undefined ? TOKEN : init.token;
  if (token !== null) headers.Authorization = `Bearer ${token}`;
  const payload = init.body === undefined ? undefined : JSON.stringify(init.body);
  if (payload !== undefined) headers['Content-Type'] = 'application/json';
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: init.method ?? 'GET',
        headers,
        localAddress: init.from,
        agent: false,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text ? JSON.parse(text) : null }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const dirs = tempDirs('planner-shared-');

// Needs a PostgreSQL database (several instances share nothing else): runs in the PostgreSQL pass
// of `npm test`. On SQLite one process serves the file and keeps its limits in memory.
describe.skipIf(!onPostgres)('two instances on one PostgreSQL database', () => {
  let one: RunningService;
  let two: RunningService;
  let drop: (() => Promise<void>) | undefined;
  /** Another administrator token, for setting things up without spending TOKEN's allowance. */
  let setup: string;

  beforeAll(async () => {
    const database = await testDatabase();
    if (!database) throw new Error('TEST_DATABASE_URL is not set');
    drop = database.drop;
    const options = {
      databaseUrl: database.url,
      port: 0,
      adminToken: TOKEN,
      seed: 'empty' as const,
      // Windows long enough that a loaded machine refills nothing mid-test (one request per 2 min).
      rateLimit: windows('5/10min'),
      authFailureLimit: windows('3/10min'),
      portal: { limits: { signIn: windows('3/10min'), linkFailures: windows('2/10min') }, deliver: () => Promise.resolve('log' as const) },
    };
    one = await startService({ dataDir: dirs(), ...options });
    two = await startService({ dataDir: dirs(), ...options });
    const admin = await one.store.db.selectFrom('users').select('id').where('administrator', '=', 1).executeTakeFirstOrThrow();
    setup = await mintToken(one.store.db, admin.id, 'shared-limits setup');
  });

  afterAll(async () => {
    await one.close();
    await two.close();
    await drop?.();
  });

  it('the second instance finds the schema made and seeds nothing', () => {
    expect(one.store.kind).toBe('postgres');
    expect(one.seeded).toBe(true);
    expect(two.seeded).toBe(false);
  });

  it('share the per-token limit: three requests on one and three on the other, the sixth is 429', async () => {
    const remaining: (string | undefined)[] = [];
    for (const service of [one, one, one, two, two]) {
      const res = await request(service.url, '/api/v1/me');
      expect(res.status).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBe('5');
      remaining.push(res.headers['x-ratelimit-remaining'] as string | undefined);
    }
    // One count across both instances, as one instance alone counts.
    expect(remaining).toEqual(['4', '3', '2', '1', '0']);
    const refused = await request(two.url, '/api/v1/me');
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^[1-9]\d*$/);
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    expect(Number(refused.headers['x-ratelimit-reset'])).toBeGreaterThan(Number(refused.headers['retry-after']));
    expect(errorBodySchema.parse(refused.body).error).toMatch(/at most 5 requests per 10 minutes/);
    // Refused on the first instance too; another token has its own bucket on both.
    expect((await request(one.url, '/api/v1/me')).status).toBe(429);
    expect((await request(one.url, '/api/v1/me', { token: setup })).status).toBe(200);
    expect((await request(two.url, '/api/v1/me', { token: setup })).status).toBe(200);
  });

  it('share the failed-auth throttle: wrong tokens sent to either instance count for the address; valid ones pass', async () => {
    const from = '127.0.0.2';
    for (const service of [one, two, one]) {
      expect((await request(service.url, '/api/v1/me', { token: `wrong-token-${service.port}-0123456789`, from })).status).toBe(401);
    }
    const throttled = await request(two.url, '/api/v1/me', { token: 'wrong-token-x-0123456789', from });
    expect(throttled.status).toBe(429);
    expect(errorBodySchema.parse(throttled.body).error).toMatch(/at most 3 failures per 10 minutes/);
    expect((await request(one.url, '/api/v1/me', { token: 'wrong-token-y-0123456789', from })).status).toBe(429);
    // A valid token from that address is answered by either instance.
    expect((await request(two.url, '/api/v1/me', { token: setup, from })).status).toBe(200);
    expect((await request(one.url, '/api/v1/me', { token: setup, from })).status).toBe(200);
    // Another address is not affected.
    expect((await request(two.url, '/api/v1/me', { token: 'wrong-token-z-0123456789', from: '127.0.0.3' })).status).toBe(401);
  });

  it('share a portal limit: sign-in emails from one address, asked of either instance', async () => {
    const made = await request(one.url, '/api/v1/idea_portals', {
      method: 'POST',
      token: setup,
      body: { idea_portal: { product_id: 'PLN', title: 'Shared limits' } },
    });
    expect(made.status).toBe(200);
    const key = (made.body as { idea_portal: { subdomain: string } }).idea_portal.subdomain;
    const signIn = (service: RunningService, n: number) =>
      request(service.url, `/portal/${key}/api/sign_in`, {
        method: 'POST',
        token: null,
        from: '127.0.0.4',
        body: { email: `p${n}@example.com` },
      });
    expect((await signIn(one, 1)).status).toBe(202);
    expect((await signIn(two, 2)).status).toBe(202);
    expect((await signIn(one, 3)).status).toBe(202);
    const refused = await signIn(two, 4);
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^[1-9]\d*$/);
    // Wrong links opened are counted apart from the emails asked for, on either instance.
    const open = (service: RunningService, token: string) =>
      request(service.url, `/portal/${key}/api/session`, { method: 'POST', token: null, from: '127.0.0.4', body: { token } });
    expect((await open(one, 'made-up-1')).status).toBe(401);
    expect((await open(two, 'made-up-2')).status).toBe(401);
    expect((await open(one, 'made-up-3')).status).toBe(429);
  });
});

describe.skipIf(!onPostgres)('background work on one PostgreSQL database', () => {
  const start = Date.now();
  const clock = { now: () => start };
  let first: Store;
  let second: Store;
  let drop: (() => Promise<void>) | undefined;
  let adminId: number;

  beforeAll(async () => {
    // Stores of their own (no service, so no sweep or search starts on a timer): the claims below
    // are the only ones.
    const database = await testDatabase();
    if (!database) throw new Error('TEST_DATABASE_URL is not set');
    drop = database.drop;
    first = await openStore(dirs(), { databaseUrl: database.url, clock });
    second = await openStore(dirs(), { databaseUrl: database.url, clock });
    expect([first.created, second.created]).toEqual([true, false]);
    const seeded = await seedAccount(first.db, 'empty');
    adminId = seeded.adminId;
  });

  afterAll(async () => {
    await first.close();
    await second.close();
    await drop?.();
  });

  it('keeps limits that answer as the in-memory ones do: every window or none charged, keys stored hashed', async () => {
    const limits = windows('2/10min,3/h');
    const shared = [new SharedRateLimiter(first.db, 'test', limits), new SharedRateLimiter(second.db, 'test', limits)];
    const local = new RateLimiter(limits);
    const key = 'a-secret-bearer-token-0123456789';
    // Alternating instances, as a load balancer sends them; each step against the in-memory limiter's.
    for (let i = 0; i < 4; i++) {
      const d = await (shared[i % 2] as SharedRateLimiter).take(key);
      const allowed = local.take(key);
      const l = local.decision;
      expect({ allowed: d.allowed, remaining: d.remaining, per: d.window?.per }, `take ${i}`).toEqual({
        allowed,
        remaining: l.remaining,
        per: l.window?.per,
      });
      expect(Math.abs(d.retryAfterMs - l.retryAfterMs)).toBeLessThan(5_000);
    }
    // Two allowed, two refused by the 10-minute window; peeking charges nothing.
    expect((await (shared[0] as SharedRateLimiter).peek(key)).allowed).toBe(false);
    expect((await (shared[1] as SharedRateLimiter).peek('another key')).allowed).toBe(true);
    const rows = await first.db.selectFrom('rate_limit_buckets').select(['bucket', 'tat']).where('bucket', 'like', 'test:%').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.bucket).not.toContain(key);
    const [tenMinutes, hour] = (rows[0]?.tat ?? '').split(',').map(Number);
    // Only the two allowed requests were charged, to both windows (5 and 20 min each); the refused
    // ones charged neither, not even the hour window that had room.
    expect((hour ?? 0) - (tenMinutes ?? 0)).toBeCloseTo(2 * 1_200_000 - 2 * 300_000, -2);
    // A cost no window ever holds is refused without a row.
    expect((await (shared[0] as SharedRateLimiter).take('big', 5)).allowed).toBe(false);
    expect(await first.db.selectFrom('rate_limit_buckets').select('bucket').where('bucket', 'like', 'test:%').execute()).toHaveLength(1);
  });

  it('lets one instance sweep the recycle bin at a time; the other skips while it does', async () => {
    let entered!: () => void;
    let release!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const held = new Promise<void>((resolve) => (release = resolve));
    const sweeping = whileSweepClaimed(first.db, async () => {
      entered();
      await held;
      return 'first';
    });
    await inside;
    expect(await whileSweepClaimed(second.db, () => Promise.resolve('second'))).toBeNull();
    // The service's sweep of the other instance purges nothing meanwhile and says so.
    expect(await sweepRecycleBin(second.db, undefined, clock.now())).toBe(0);
    release();
    expect(await sweeping).toBe('first');
    // Given back: the other instance may sweep now.
    expect(await whileSweepClaimed(second.db, () => Promise.resolve('second'))).toBe('second');
  });

  it('leases a search to one instance; another takes it over once the lease runs out', async () => {
    const at = new Date(clock.now()).toISOString();
    const { id } = await first.db
      .insertInto('historical_searches')
      .values({
        user_id: adminId,
        filters: '{}',
        created_at: at,
        state: 'running',
        rows_in_range: 0,
        max_cost: 1,
        scan_position: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const now = clock.now();
    expect(await claimSearch(first.db, id, 'instance-a', now)).toBe(true);
    expect(await claimSearch(second.db, id, 'instance-b', now)).toBe(false);
    // The holder renews as it goes; the other is still refused while the lease lasts.
    expect(await claimSearch(first.db, id, 'instance-a', now + SEARCH_LEASE_MS / 2)).toBe(true);
    expect(await claimSearch(second.db, id, 'instance-b', now + SEARCH_LEASE_MS)).toBe(false);
    // Instance a stopped renewing (it died): once the lease ran out, b takes the search over, and a,
    // should it come back, no longer holds it.
    const later = now + SEARCH_LEASE_MS / 2 + SEARCH_LEASE_MS + 1;
    expect(await claimSearch(second.db, id, 'instance-b', later)).toBe(true);
    expect(await claimSearch(first.db, id, 'instance-a', later)).toBe(false);
    const row = await first.db
      .selectFrom('historical_searches')
      .select(['claimed_by', 'claimed_until'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ claimed_by: 'instance-b', claimed_until: new Date(later + SEARCH_LEASE_MS).toISOString() });
    // A search no longer running is claimed by nobody.
    await first.db.updateTable('historical_searches').set({ state: 'failed' }).where('id', '=', id).execute();
    expect(await claimSearch(first.db, id, 'instance-a', later + 10 * SEARCH_LEASE_MS)).toBe(false);
  });

  it('runs a search on the one runner that claimed it, and on the other once it is given back', async () => {
    // Old audit rows (older than the 12-month cut) for a search to read over several chunks.
    const base = historyCut(clock.now());
    const from = new Date(Date.parse(base) - 400 * 86_400_000).toISOString();
    await sql`
      INSERT INTO audits (user_id, created_at, auditable_type, auditable_id, audit_action, changes, product_id)
      SELECT ${adminId}, to_char((${from}::timestamptz + i * interval '60 seconds') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'Epic', 300000 + i % 20, 'update', '{}', (SELECT min(id) FROM products)
      FROM generate_series(1, 4000) AS i`.execute(first.db);
    const search = () =>
      createSearch(first.db, {
        input: { created_since: from, created_before: base, auditable_type: 'Epic' },
        checked: { problems: new FieldProblems(), flagged: new Set() },
        userId: adminId,
        nowMs: clock.now(),
      });
    const holder = async (id: number) =>
      await first.db.selectFrom('historical_searches').select(['state', 'claimed_by']).where('id', '=', id).executeTakeFirstOrThrow();

    const runA = searchRunner(first);
    const runB = searchRunner(second);
    expect(runA.owner).not.toBe(runB.owner);
    const a = await search();
    expect(a.running).toBe(true);
    // Both look for searches no one holds; only the first to look gets this one.
    await runA.look();
    await runB.look();
    await Promise.all([runA.idle(), runB.idle()]);
    expect(await holder(a.id)).toEqual({ state: 'complete', claimed_by: runA.owner });

    // A runner that stops gives its leases back: the other takes the search over on its next look.
    const b = await search();
    await sql`UPDATE historical_searches SET claimed_by = ${runA.owner}, claimed_until = ${new Date(clock.now() + SEARCH_LEASE_MS).toISOString()} WHERE id = ${b.id}`.execute(
      first.db,
    );
    await runB.look();
    await runB.idle();
    expect(await holder(b.id)).toEqual({ state: 'running', claimed_by: runA.owner });
    await runA.stop();
    expect(await holder(b.id)).toEqual({ state: 'running', claimed_by: null });
    await runB.look();
    await runB.idle();
    expect(await holder(b.id)).toEqual({ state: 'complete', claimed_by: runB.owner });
    await runB.stop();
  });
});
