// The historical audit search (issue 13, operation 9) on a service whose clock the tests move: only
// administrators (403 for members, 401 without a token), the tokens header on every answer, the
// 422s naming their field (the 12-month cut among them), the price (each of user_id,
// auditable_type and audit_action lowers it), the charge up front and the one refund on the first
// read of a finished search, 429 with Retry-After and the refill over time, pages by next_token
// that never repeat or skip a row (also while the search runs), a search resumed after a restart,
// and the index.
import { PostgresAdapter, sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { HISTORICAL_TOKENS_HEADER, historicalSearchResult } from '../src/contract/audits';
import type { HistoricalSearchResult } from '../src/contract/audits';
import { mintToken } from './auth';
import { FieldProblems } from './problems';
import { historyCut } from './store/audit-log';
import { dialectOf } from './store/dialect';
import { createSearch } from './store/historical-search';
import { configureTokens, tokenCost } from './store/historical-tokens';
import { fileService } from './test/client';
import type { TestResponse } from './test/harness';
import { expect400, expectFields, makeFeature, makeRelease } from './test/records';

/** The service's clock: frozen (no refill between two requests) unless a test moves it. */
const start = Date.now();
let offset = 0;
const clock = { now: () => start + offset };
const ROWS_PER_TOKEN = 10;
const { t, api } = await fileService({
  service: { clock, historicalTokens: { capacity: 300, refillPerSecond: 1, rowsPerToken: ROWS_PER_TOKEN } },
});
const db = () => t.service.store.db;

const MONTH = 30.44 * 86_400_000;
const cut = historyCut(start);
/** An ISO time `months` calendar-ish months before the service's now. */
const monthsAgo = (months: number): string => new Date(start - months * MONTH).toISOString();
/** The first instant of the calendar month of an ISO time. */
const monthStart = (iso: string): string => `${iso.slice(0, 7)}-01T00:00:00.000Z`;

let member: string;

const tokens = (res: TestResponse): number => {
  const value = res.headers.get(HISTORICAL_TOKENS_HEADER);
  if (value === null) throw new Error(`no ${HISTORICAL_TOKENS_HEADER} on ${res.status} ${res.text}`);
  return Number(value);
};

/** Reads a search until it has finished; the last answer (the read that found it finished). */
async function finished(id: string): Promise<{ res: TestResponse; body: HistoricalSearchResult }> {
  for (let i = 0; i < 500; i++) {
    const res = await api.call('GET /historical_audits/{search_id}', { params: { search_id: id } });
    const body = res.data();
    if (!body.running) return { res, body };
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`search ${id} did not finish`);
}

/** Every page of a search by next_token: the audit ids in order, and how many pages were read while it ran. */
async function walk(id: string): Promise<{ ids: string[]; whileRunning: number }> {
  const ids: string[] = [];
  let token: string | undefined;
  let whileRunning = 0;
  for (let i = 0; i < 10_000; i++) {
    const page = (await api.call('GET /historical_audits/{search_id}', { params: { search_id: id }, query: { next_token: token } })).data();
    ids.push(...page.audits.map((a) => a.id));
    if (page.running) whileRunning++;
    if (page.next_token === null) return { ids, whileRunning };
    if (page.running && page.audits.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    token = page.next_token;
  }
  throw new Error('too many pages');
}

const search = async (filters: Record<string, unknown>) => api.call('POST /historical_audits', { body: { search: filters } });

beforeAll(async () => {
  const morgan = await db().selectFrom('users').select('id').where('email', '=', 'morgan@planner.local').executeTakeFirstOrThrow();
  member = await mintToken(db(), morgan.id, 'historical-audits.test');
  // 720 rows older than the cut, 14 to 25 months back, by three people, on four kinds, three actions.
  const types = ['Feature', 'Epic', 'Idea', 'Requirement'];
  const actions = ['create', 'update', 'destroy'] as const;
  const rows = Array.from({ length: 720 }, (_, i) => ({
    user_id: (i % 3) + 1,
    created_at: new Date(Date.parse(monthsAgo(25)) + i * ((11 * MONTH) / 720)).toISOString(),
    auditable_type: types[i % 4] as string,
    auditable_id: 100_000 + (i % 40),
    audit_action: actions[i % 3] as string,
    changes: JSON.stringify({ name: [`old ${i}`, `new ${i}`] }),
    associated_type: null,
    associated_id: null,
    product_id: 1,
  }));
  for (let i = 0; i < rows.length; i += 100)
    await db()
      .insertInto('audits')
      .values(rows.slice(i, i + 100))
      .execute();
});

describe('who may call the historical operations', () => {
  const calls = [
    ['GET', '/historical_audits'],
    ['GET', '/historical_audits/estimate'],
    ['POST', '/historical_audits'],
    ['GET', '/historical_audits/1'],
  ] as const;

  it('answers 403 to a member, with the tokens header, and 401 without a token', async () => {
    for (const [method, path] of calls) {
      const body = method === 'POST' ? { search: {} } : undefined;
      const refused = await t.request(method, path, body, { token: member });
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(tokens(refused)).toBeGreaterThanOrEqual(0);
      expect((await t.request(method, path, body, { token: null })).status, `${method} ${path}`).toBe(401);
    }
  });

  it('answers an unknown search with 404, with the header', async () => {
    const res = await t.get('/historical_audits/999999');
    expect(res.status).toBe(404);
    expect(tokens(res)).toBeGreaterThan(0);
  });
});

describe('the rules of a search', () => {
  it('refuses a range that reaches into the last 12 calendar months, pointing at GET /audits', async () => {
    const inside = await t.request('POST', '/historical_audits', { search: { created_since: monthsAgo(3) } });
    expect(expectFields(inside, 'created_since').created_since?.[0]).toMatch(/GET \/audits/);
    expect(tokens(inside)).toBeGreaterThan(0);
    const after = await t.request('POST', '/historical_audits', { search: { created_since: monthsAgo(20), created_before: monthsAgo(1) } });
    expectFields(after, 'created_before');
    // The cut itself is the last instant a range may end at.
    expect((await search({ created_since: monthsAgo(20), created_before: cut })).status).toBe(200);
    // In a query the same rules are bad query values: 400 naming the parameter.
    const estimate = await t.get(`/historical_audits/estimate?created_since=${monthsAgo(2)}`);
    expect400(estimate, 'created_since');
    expect(tokens(estimate)).toBeGreaterThan(0);
    expect400(await t.get(`/historical_audits?created_before=${monthsAgo(2)}`), 'created_before');
  });

  it('names each bad field of a body in one 422', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ created_since: 'last spring' }, 'created_since'],
      [{ created_before: '2024-02-31T99:00:00Z' }, 'created_before'],
      [{ created_since: monthsAgo(14), created_before: monthsAgo(20) }, 'created_before'],
      [{ audit_action: 'delete' }, 'audit_action'],
      [{ auditable_type: 'Spaceship' }, 'auditable_type'],
      [{ associated_type: 'Spaceship' }, 'associated_type'],
      [{ user_id: 'nobody@example.com' }, 'user_id'],
      [{ auditable_id: 'twelve' }, 'auditable_id'],
      [{ after_id: -4 }, 'after_id'],
    ];
    for (const [filters, field] of cases) {
      const res = await t.request('POST', '/historical_audits', { search: filters });
      expectFields(res, field);
      expect(tokens(res)).toBeGreaterThan(0);
    }
    const both = await t.request('POST', '/historical_audits', { search: { audit_action: 'delete', auditable_type: 'Spaceship' } });
    expectFields(both, 'audit_action', 'auditable_type');
    expectFields(await t.request('POST', '/historical_audits', {}), 'search');
    // A query with a bad parameter is a 400 naming it.
    const bad = await t.get<{ errors: Record<string, string[]> }>('/historical_audits/estimate?audit_action=delete');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(['audit_action']);
  });

  it('prices a search by the rows its months hold: each of user_id, auditable_type and audit_action lowers it', async () => {
    const range = { created_since: monthsAgo(24), created_before: monthsAgo(15) };
    const estimate = async (extra: Record<string, string>) =>
      (await api.call('GET /historical_audits/estimate', { query: { ...range, ...extra } })).data();
    const base = await estimate({});
    // The whole calendar months the range touches.
    const counted = await db()
      .selectFrom('audits')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('created_at', '>=', monthStart(range.created_since))
      .where(
        'created_at',
        '<',
        new Date(Date.parse(monthStart(range.created_before)) + 40 * 86_400_000).toISOString().slice(0, 7) + '-01T00:00:00.000Z',
      )
      .executeTakeFirstOrThrow();
    expect(base.rows_in_range).toBe(Number(counted.n));
    expect(base.max_cost).toBe(tokenCost(base.rows_in_range, ROWS_PER_TOKEN));
    const byUser = await estimate({ user_id: 'sam@planner.local' });
    const byType = await estimate({ auditable_type: 'Epic' });
    const byAction = await estimate({ audit_action: 'destroy' });
    for (const narrowed of [byUser, byType, byAction]) {
      expect(narrowed.max_cost).toBeLessThan(base.max_cost);
      expect(narrowed.rows_in_range).toBeLessThan(base.rows_in_range);
    }
    const all = await estimate({ user_id: 'sam@planner.local', auditable_type: 'Epic', audit_action: 'destroy' });
    expect(all.rows_in_range).toBeLessThan(Math.min(byUser.rows_in_range, byType.rows_in_range, byAction.rows_in_range));
    // A record's id does not narrow what is read: the price stays.
    expect((await estimate({ auditable_type: 'Epic', auditable_id: '100001' })).max_cost).toBe(byType.max_cost);
    expect(base).toMatchObject({ capacity: 300, refill_per_second: 1, rows_per_token: ROWS_PER_TOKEN, retry_after: 0 });
  });
});

describe('a search', () => {
  it('is charged its maximum when made, costs what it read, and is refunded the difference once, on its first finished read', async () => {
    // Mid-month ends: the price counts whole months, the search reads the exact range.
    const day = 86_400_000;
    const range = {
      created_since: new Date(Date.parse(monthStart(monthsAgo(23))) + 25 * day).toISOString(),
      created_before: new Date(Date.parse(monthStart(monthsAgo(17))) + 3 * day).toISOString(),
    };
    const before = tokens(await t.get('/historical_audits/estimate'));
    const made = await search({ ...range, audit_action: 'update' });
    const { search_id: id, max_cost: maxCost } = made.data();
    if (maxCost === undefined) throw new Error('no max_cost');
    expect(tokens(made)).toBe(before - maxCost);
    expect(made.data().tokens_available).toBe(before - maxCost);

    const { res, body } = await finished(id);
    const read = await db()
      .selectFrom('audits')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('created_at', '>=', range.created_since)
      .where('created_at', '<', range.created_before)
      .where('audit_action', '=', 'update')
      .executeTakeFirstOrThrow();
    const cost = tokenCost(Number(read.n), ROWS_PER_TOKEN);
    expect(body).toMatchObject({
      running: false,
      results_complete: true,
      state: 'complete',
      token_cost: cost,
      max_cost: maxCost,
      progress: 1,
    });
    expect(cost).toBeLessThan(maxCost);
    expect(body.refunded).toBe(maxCost - cost);
    expect(tokens(res)).toBe(before - cost);
    // Read again: no second refund.
    const again = await api.call('GET /historical_audits/{search_id}', { params: { search_id: id } });
    expect(tokens(again)).toBe(before - cost);
    expect(again.data().refunded).toBe(maxCost - cost);
    expect(historicalSearchResult.parse(again.body).search).toMatchObject({ audit_action: 'update', created_before: range.created_before });
  });

  it('pages by next_token without repeating or skipping a row, and finds what a direct query finds', async () => {
    const range = { created_since: monthsAgo(26), created_before: cut };
    const { search_id: id } = (await search(range)).data();
    await finished(id);
    const expected = (
      await db()
        .selectFrom('audits')
        .select('id')
        .where('created_at', '>=', range.created_since)
        .where('created_at', '<', range.created_before)
        .orderBy('created_at')
        .orderBy('id')
        .execute()
    ).map((r) => String(r.id));
    expect(expected.length).toBeGreaterThan(700);
    const { ids } = await walk(id);
    expect(ids).toEqual(expected);
    // Filters checked on each row: a record's rows, and after_id.
    const one = (await search({ ...range, auditable_type: 'Idea', auditable_id: 100_002, after_id: Number(expected[10]) })).data()
      .search_id;
    await finished(one);
    const theirs = await db()
      .selectFrom('audits')
      .select('id')
      .where('created_at', '<', cut)
      .where('auditable_type', '=', 'Idea')
      .where('auditable_id', '=', 100_002)
      .where('id', '>', Number(expected[10]))
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    const found = await walk(one);
    expect(found.ids).toEqual(theirs.map((r) => String(r.id)));
    const page = (await api.call('GET /historical_audits/{search_id}', { params: { search_id: one } })).data();
    expect(page.audits[0]).toMatchObject({ auditable_type: 'Idea', auditable_id: '100002', auditable_url: null });
    expect(page.audits[0]?.description).toMatch(/^(created|updated|deleted) idea/);
    // A token of another search is refused.
    const first = (await api.call('GET /historical_audits/{search_id}', { params: { search_id: id } })).data();
    const foreign = await t.get<{ errors: Record<string, string[]> }>(`/historical_audits/${one}?next_token=${first.next_token ?? ''}`);
    expect(foreign.status).toBe(400);
    expect(Object.keys(foreign.body.errors)).toEqual(['next_token']);
  });

  it('answers 429 with Retry-After when the bucket cannot pay, and the bucket refills over time', async () => {
    const range = { created_since: monthsAgo(26), created_before: cut };
    const price = (await api.call('GET /historical_audits/estimate', { query: range })).data().max_cost;
    let available = tokens(await t.get('/historical_audits/estimate'));
    // Searches never read, so never refunded, until the bucket cannot pay for another.
    while (available >= price) available = (await search(range)).data().tokens_available ?? 0;
    const refused = await t.request('POST', '/historical_audits', { search: range });
    expect(refused.status, refused.text).toBe(429);
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBe(Math.ceil(price - available));
    expect(tokens(refused)).toBe(available);
    expect((await api.call('GET /historical_audits/estimate', { query: range })).data().retry_after).toBe(wait);
    // Time passes: the bucket refills continuously, and the search can be paid.
    offset += 5_000;
    expect(tokens(await t.get('/historical_audits/estimate'))).toBe(available + 5);
    offset += (wait - 5) * 1000;
    expect((await search(range)).status).toBe(200);
    // Never more than the capacity.
    offset += 3_600_000;
    expect(tokens(await t.get('/historical_audits/estimate'))).toBe(300);
    // A search that could never be paid is a 422, not a wait.
    await configureTokens(db(), { rowsPerToken: 1 }, clock.now());
    expectFields(await t.request('POST', '/historical_audits', { search: range }), 'created_since');
    await configureTokens(db(), { rowsPerToken: ROWS_PER_TOKEN }, clock.now());
  });

  it('keeps the bucket and resumes a running search across a restart', async () => {
    const spent = (await search({ created_since: monthsAgo(26), created_before: cut })).data().tokens_available;
    // Made without its runner, as a search the last process left running.
    const made = await createSearch(db(), {
      input: { created_since: monthsAgo(26), created_before: cut, auditable_type: 'Feature' },
      checked: { problems: new FieldProblems(), flagged: new Set() },
      userId: 1,
      nowMs: clock.now(),
    });
    expect(made.running).toBe(true);
    await t.restart();
    expect(tokens(await t.get('/historical_audits/estimate'))).toBe(made.available);
    expect(made.available).toBeLessThan(spent ?? 0);
    const { body } = await finished(String(made.id));
    expect(body.results_complete).toBe(true);
    expect(body.audits.every((a) => a.auditable_type === 'Feature')).toBe(true);
  });

  it('is read while it runs: pages found so far, in order, none lost to the rows found later', async () => {
    // 15,000 more old rows: a search over them takes several chunks.
    // The times are a minute apart from 22 months ago, written as each database spells it.
    const minuteAfter =
      db().getExecutor().adapter instanceof PostgresAdapter
        ? sql`to_char((${monthsAgo(22)}::timestamptz + i * interval '60 seconds') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
        : sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${monthsAgo(22)}, '+' || (i * 60) || ' seconds')`;
    await sql`
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 15000)
      INSERT INTO audits (user_id, created_at, auditable_type, auditable_id, audit_action, changes, product_id)
      SELECT 1 + i % 3, ${minuteAfter}, 'Epic', 200000 + i % 50,
        'update', '{}', 1 FROM n`.execute(db());
    await configureTokens(db(), { rowsPerToken: 1000 }, clock.now());
    try {
      const range = { created_since: monthsAgo(26), created_before: cut, auditable_type: 'Epic' };
      const { search_id: id } = (await search(range)).data();
      const { ids, whileRunning } = await walk(id);
      const expected = await db()
        .selectFrom('audits')
        .select('id')
        .where('created_at', '>=', range.created_since)
        .where('created_at', '<', cut)
        .where('auditable_type', '=', 'Epic')
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      expect(ids).toEqual(expected.map((r) => String(r.id)));
      expect(whileRunning).toBeGreaterThan(0);
    } finally {
      await configureTokens(db(), { rowsPerToken: ROWS_PER_TOKEN }, clock.now());
    }
  });
});

describe('keeping searches', () => {
  it('sweeps a finished search and its results a week after it finished, when searches are next used', async () => {
    const { search_id: old } = (await search({ created_since: monthsAgo(20), created_before: monthsAgo(19) })).data();
    await finished(old);
    offset += 8 * 86_400_000;
    try {
      const { search_id: fresh } = (await search({ created_since: monthsAgo(20), created_before: monthsAgo(19) })).data();
      await finished(fresh);
      for (let i = 0; i < 100 && (await t.get(`/historical_audits/${old}`)).status !== 404; i++)
        await new Promise((r) => setTimeout(r, 10));
      expect((await t.get(`/historical_audits/${old}`)).status).toBe(404);
      const left = await db().selectFrom('historical_search_results').select('seq').where('search_id', '=', Number(old)).execute();
      expect(left).toEqual([]);
      expect((await t.get(`/historical_audits/${fresh}`)).status).toBe(200);
    } finally {
      offset -= 8 * 86_400_000;
    }
  });
});

describe('the historical index', () => {
  it('lists each record and person with the days they were active, filters by person, and costs nothing', async () => {
    const range = { created_since: monthsAgo(25), created_before: monthsAgo(19) };
    const before = tokens(await t.get('/historical_audits/estimate'));
    const res = await api.call('GET /historical_audits', {
      query: { ...range, user_id: 'morgan@planner.local', auditable_type: 'Feature', per_page: 200 },
    });
    expect(tokens(res)).toBe(before);
    const page = res.data();
    const expected = await db()
      .selectFrom('audits')
      .select([
        'auditable_id',
        dialectOf(db())
          .groupConcatDistinct(sql`substr(created_at, 1, 10)`)
          .as('days'),
      ])
      .where('created_at', '>=', range.created_since)
      .where('created_at', '<', range.created_before)
      .where('user_id', '=', 2)
      .where('auditable_type', '=', 'Feature')
      .groupBy('auditable_id')
      .orderBy('auditable_id')
      .execute();
    expect(page.pagination.total_records).toBe(expected.length);
    expect(page.historical_audits.map((r) => [r.auditable_id, r.dates_active])).toEqual(
      expected.map((e) => [String(e.auditable_id), e.days.split(',').sort()]),
    );
    expect(page.historical_audits.every((r) => r.email === 'morgan@planner.local' && r.auditable_type === 'Feature')).toBe(true);
    // The demo's own old history is there too (the retired first release).
    const demo = (await api.call('GET /historical_audits', { query: { auditable_type: 'Release' } })).data();
    expect(demo.historical_audits.length).toBeGreaterThan(0);
  });
});

describe('the 12-month cut on the service clock', () => {
  it('moves rows from GET /audits to the historical search as time passes', async () => {
    const release = await makeRelease(t);
    const feature = await makeFeature(t, release.id);
    const listed = async () =>
      (await api.call('GET /audits', { query: { auditable_type: 'Feature', auditable_id: feature.id } })).data().audits.length;
    expect(await listed()).toBe(1);
    const madeAt = new Date().toISOString();
    offset += 14 * MONTH;
    try {
      expect(await listed()).toBe(0);
      const { search_id: id } = (
        await search({ created_since: new Date(Date.parse(madeAt) - 60_000).toISOString(), auditable_type: 'Feature' })
      ).data();
      const { ids } = await walk(id);
      const row = await db()
        .selectFrom('audits')
        .select('id')
        .where('auditable_type', '=', 'Feature')
        .where('auditable_id', '=', Number(feature.id))
        .executeTakeFirstOrThrow();
      expect(ids).toContain(String(row.id));
    } finally {
      offset -= 14 * MONTH;
    }
  });
});
