// `npm run bench:audits` (and part of `npm run bench`): the historical audit search (issue 13) over
// real HTTP on loopback. Writes 1,000,000 audit rows 13 to 30 months old (BENCH_AUDITS changes it)
// into a fresh database — 20 people, 8 record kinds, 3 actions — then times a search over all of
// them from its create to its end (target ≤ 5 s), the longest the event loop waited meanwhile (the
// scan runs in chunks beside the requests), reading pages of 100 by next_token at the start and
// deep in the results (target p95 ≤ 20 ms), what each filter does to the price, a filtered search,
// and the historical index over one month.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { historyCut } from '../server/store/audit-log';
import { tokenFor } from '../server/store/historical-search';
import { startService } from '../server/start';
import { seededRandom } from '../server/seed/random';

const AUDITS = Number(process.env.BENCH_AUDITS ?? 1_000_000);
const PAGES = Number(process.env.BENCH_AUDIT_PAGES ?? 200);
const TOKEN = 'bench-token-0123456789';
const TYPES = ['Feature', 'Epic', 'Requirement', 'Idea', 'Release', 'Initiative', 'Comment', 'Page'];
const ACTIONS = ['create', 'update', 'update', 'update', 'destroy'];
const PEOPLE = 20;
const MONTH_MS = 30.44 * 86_400_000;

const quantile = (sorted: number[], q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'planner-bench-audits-'));
  // Twice the default capacity: the search over every row costs a default bucket's whole 1,000
  // tokens, and the filtered search after it would wait for the refill.
  const service = await startService({ dataDir, port: 0, adminToken: TOKEN, seed: 'empty', historicalTokens: { capacity: 2_000 } });
  const headers = { Authorization: `Bearer ${TOKEN}`, Accept: 'application/json', 'Content-Type': 'application/json' };
  const api = async <T>(method: string, p: string, body?: unknown): Promise<{ json: T; tokens: string | null; ms: number }> => {
    const t0 = performance.now();
    const res = await fetch(`${service.url}/api/v1${p}`, { method, headers, body: body ? JSON.stringify(body) : undefined });
    const text = await res.text();
    const ms = performance.now() - t0;
    if (res.status >= 400) throw new Error(`${method} ${p}: ${res.status} ${text}`);
    return { json: JSON.parse(text) as T, tokens: res.headers.get('x-historical-tokens-available'), ms };
  };
  const sqlite = service.store.sqlite;
  try {
    // The people, then the rows, oldest first (ids follow time), in one transaction.
    let t0 = performance.now();
    const now = Date.now();
    const from = now - 30 * MONTH_MS;
    const to = Math.min(now - 13 * MONTH_MS, Date.parse(historyCut(now)) - 86_400_000);
    const addUser = sqlite.prepare(
      "INSERT INTO users (name, email, administrator, enabled, created_at, updated_at) VALUES (?, ?, 0, 1, '2020-01-01', '2020-01-01')",
    );
    const insert = sqlite.prepare(
      `INSERT INTO audits (user_id, created_at, auditable_type, auditable_id, audit_action, changes, associated_type, associated_id, product_id)
       VALUES (?, ?, ?, ?, ?, ?, NULL, NULL, 1)`,
    );
    // The audit table's indexes and triggers are set aside while the rows go in and made again after
    // (a sort each, not a million B-tree inserts); the monthly counts are then counted once.
    const dependents = sqlite
      .prepare("SELECT type, name, sql FROM sqlite_master WHERE tbl_name = 'audits' AND type IN ('index', 'trigger') AND sql IS NOT NULL")
      .all() as { type: string; name: string; sql: string }[];
    sqlite.transaction(() => {
      for (const d of dependents) sqlite.exec(`DROP ${d.type.toUpperCase()} ${d.name}`);
      const users = [1, 2, 3];
      for (let i = users.length; i < PEOPLE; i++)
        users.push(Number(addUser.run(`Bench person ${i}`, `bench${i}@example.com`).lastInsertRowid));
      // Spread evenly, the same rows on every run.
      const rand = seededRandom(7);
      for (let i = 0; i < AUDITS; i++) {
        const at = new Date(from + ((to - from) * i) / AUDITS).toISOString();
        const type = TYPES[Math.floor(rand() * TYPES.length)] as string;
        insert.run(
          users[Math.floor(rand() * PEOPLE)],
          at,
          type,
          1 + Math.floor(rand() * 50_000),
          ACTIONS[i % ACTIONS.length],
          '{"name":["a","b"]}',
        );
      }
      for (const d of dependents) sqlite.exec(d.sql);
      sqlite.exec(`INSERT INTO audit_month_counts (month, auditable_type, audit_action, user_key, n)
        SELECT substr(created_at, 1, 7), auditable_type, audit_action, coalesce(user_id, 0), count(*) FROM audits WHERE true GROUP BY 1, 2, 3, 4
        ON CONFLICT (month, auditable_type, audit_action, user_key) DO UPDATE SET n = excluded.n`);
    })();
    console.log(
      `Wrote ${AUDITS.toLocaleString('en')} audit rows (13–30 months old) in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`,
    );

    // The price of a search over every row, and what each filter does to it.
    const estimate = async (query: string) =>
      (await api<{ max_cost: number; rows_in_range: number; tokens_available: number }>('GET', `/historical_audits/estimate?${query}`))
        .json;
    const prices: [string, string][] = [
      ['every row', ''],
      ['+ user_id', 'user_id=2'],
      ['+ auditable_type', 'auditable_type=Feature'],
      ['+ audit_action', 'audit_action=destroy'],
      ['+ all three', 'user_id=2&auditable_type=Feature&audit_action=destroy'],
    ];
    console.log(`${'search'.padEnd(22)}${'rows it may read'.padStart(18)}${'max cost'.padStart(10)}`);
    for (const [name, query] of prices) {
      const e = await estimate(query);
      console.log(`${name.padEnd(22)}${e.rows_in_range.toLocaleString('en').padStart(18)}${String(e.max_cost).padStart(10)}`);
    }

    // A search over every row: from its create to the read that finds it finished.
    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    t0 = performance.now();
    const made = await api<{ search_id: string; max_cost: number }>('POST', '/historical_audits', { search: {} });
    const createMs = performance.now() - t0;
    let result: { running: boolean; token_cost: number | null; total_results?: number };
    let polls = 0;
    const pollTimes: number[] = [];
    do {
      const page = await api<typeof result>('GET', `/historical_audits/${made.json.search_id}`);
      result = page.json;
      pollTimes.push(page.ms);
      polls++;
      if (result.running) await new Promise((resolve) => setTimeout(resolve, 20));
    } while (result.running);
    const searchMs = performance.now() - t0;
    loop.disable();
    console.log(
      `\nSearch over ${(result.total_results ?? 0).toLocaleString('en')} rows: created in ${createMs.toFixed(1)} ms, finished in ` +
        `${(searchMs / 1000).toFixed(2)} s (target ≤ 5 s); ${polls} reads meanwhile, p95 ${quantile(
          pollTimes.sort((a, b) => a - b),
          0.95,
        ).toFixed(1)} ms; ` +
        `event loop delay max ${(loop.max / 1e6).toFixed(1)} ms, p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms; ` +
        `cost ${String(result.token_cost)} of ${made.json.max_cost} charged`,
    );

    // Pages of 100 by next_token: from the start, and deep in the results.
    const id = Number(made.json.search_id);
    const walk = async (token: string | undefined, pages: number): Promise<number[]> => {
      const times: number[] = [];
      let next = token;
      for (let i = 0; i < pages; i++) {
        const page = await api<{ next_token: string | null; audits: unknown[] }>(
          'GET',
          `/historical_audits/${id}${next ? `?next_token=${next}` : ''}`,
        );
        times.push(page.ms);
        if (page.json.next_token === null) break;
        next = page.json.next_token;
      }
      return times.sort((a, b) => a - b);
    };
    const f = (n: number) => n.toFixed(1).padStart(8);
    console.log(`\n${'pages of 100'.padEnd(34)}${'p50 ms'.padStart(8)}${'p95 ms'.padStart(8)}${'max ms'.padStart(8)}  target`);
    for (const [name, token] of [
      ['from the start', undefined],
      ['from row 500,000', tokenFor(id, Math.floor(AUDITS / 2))],
      ['to the end', tokenFor(id, Math.max(0, AUDITS - PAGES * 100))],
    ] as const) {
      const times = await walk(token, PAGES);
      console.log(`${name.padEnd(34)}${f(quantile(times, 0.5))}${f(quantile(times, 0.95))}${f(times.at(-1) ?? NaN)}  p95 ≤ 20 ms`);
    }

    // Filtered searches read through the history index: less, for less.
    console.log('');
    for (const [name, filters] of [
      ['audit_action=update', { audit_action: 'update' }],
      ['user_id + auditable_type', { user_id: 2, auditable_type: 'Feature' }],
    ] as const) {
      t0 = performance.now();
      const narrow = await api<{ search_id: string; max_cost: number }>('POST', '/historical_audits', { search: filters });
      let narrowResult: { running: boolean; token_cost: number | null; total_results?: number };
      do {
        narrowResult = (await api<typeof narrowResult>('GET', `/historical_audits/${narrow.json.search_id}`)).json;
        if (narrowResult.running) await new Promise((resolve) => setTimeout(resolve, 10));
      } while (narrowResult.running);
      console.log(
        `Search with ${name}: ${(narrowResult.total_results ?? 0).toLocaleString('en')} rows in ` +
          `${(performance.now() - t0).toFixed(0)} ms, cost ${String(narrowResult.token_cost)} of ${narrow.json.max_cost} charged`,
      );
    }

    // The index over one month (costs nothing).
    const month = new Date(from + 6 * MONTH_MS).toISOString().slice(0, 7);
    const monthEnd = new Date(Date.parse(`${month}-01T00:00:00Z`) + 32 * 86_400_000).toISOString().slice(0, 7);
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < 5; i++) {
      const index = await api<{ pagination: { total_records: number } }>(
        'GET',
        `/historical_audits?created_since=${month}-01T00:00:00Z&created_before=${monthEnd}-01T00:00:00Z&per_page=100`,
      );
      times.push(index.ms);
      total = index.json.pagination.total_records;
    }
    times.sort((a, b) => a - b);
    console.log(`Index over ${month} (${total.toLocaleString('en')} record/person rows): p50 ${f(quantile(times, 0.5)).trim()} ms`);
  } finally {
    await service.close();
    if (process.env.BENCH_KEEP) console.log(`Kept ${dataDir}`);
    else fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
