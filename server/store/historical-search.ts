// The historical audit search (issue 13, operation 9): audits older than the 12-month cut, read by
// an asynchronous search that is charged up front and refunded once read.
//
// - Price. A search reads one index, audits_history (type, action, user, time), as one range per
//   combination of those values within its time span: each of the three filters leaves fewer
//   ranges, so fewer rows are read (with none of them every row of the span matches, and the time
//   index reads the same rows in order). What it may read is known before it runs from the monthly
//   counts of that index's keys (`audit_month_counts`): the rows of the whole calendar months its
//   span touches that match its three filters. That, in tokens (one per `rowsPerToken` rows
//   begun, store/historical-tokens.ts), is its maximum cost, charged when it is made; what it read
//   in its exact span is its actual cost, known when it finishes. The other filters (a record, an
//   associated record, `after_id`) are checked on each row read and do not lower the cost.
// - Run. On the main thread, in chunks: a chunk is one time window sized to hold about CHUNK_ROWS
//   rows, read and appended to the results in one transaction, then the event loop is free
//   (setImmediate) before the next. Windows follow each other in time and a window's rows are
//   appended in (time, id) order, so the results are ordered by seq and a page read while the
//   search runs never misses a row found later. The scan position is stored with each chunk: a
//   restart resumes where it was.
// - Read. A page is a seq range after the `next_token`'s seq: exact, never repeating or skipping.
//   The refund (maximum − actual) is paid once, by the first read of a finished search.
// - Instances. Several service instances may share a PostgreSQL database; a search is scanned by one
//   at a time, the holder of its lease (`claimed_by` until `claimed_until`, migration 20), which
//   each chunk checks and renews in its own transaction. Every instance looks for searches whose
//   lease ran out (their instance died) every LOOK_MS and takes them over; one that stops gives
//   its leases back.
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Kysely, QueryExecutorProvider, RawBuilder } from 'kysely';
import type { z } from 'zod';
import type { AuditAction, HistoricalEstimate, HistoricalSearchResult, historicalSearchInput } from '../../src/contract/audits';
import { FieldProblems, badRequest, fieldError, notFound } from '../problems';
import type { Checked, Paging } from '../problems';
import type { Db } from './audit';
import { AUDITED_TYPES, auditType, auditsByIds, historyCut, shapeAudits } from './audit-log';
import type { AuditBody } from './audit-log';
import type { Clock } from './clock';
import { dbFailure } from './db-errors';
import { dialectOf, postgresDialect } from './dialect';
import { asId, findUser } from './resolve';
import type { Database } from './schema';
import { chargeTokens, readBucket, refundTokens, secondsUntil, tokenCost } from './historical-tokens';

export type SearchInput = z.output<typeof historicalSearchInput>;

/** Rows of a page of operation 9. */
export const SEARCH_PAGE = 100;
/** Rows a chunk of the scan aims at: a few milliseconds of the event loop (bench/audits.ts). */
const CHUNK_ROWS = 1_500;
/** A finished search, its results included, is kept this long, then swept. */
export const SEARCH_KEPT_MS = 7 * 86_400_000;
const MONTH_START = (month: string): string => `${month}-01T00:00:00.000Z`;

/** A search's filters as checked: times as ISO 8601, records and users by id. */
export interface SearchPlan {
  since: string | null;
  before: string;
  auditableType?: string;
  auditableId?: number;
  associatedType?: string;
  associatedId?: number;
  userId?: number;
  action?: AuditAction;
  afterId?: number;
}

/** What a search row keeps of its plan: the plan, the values its ranges walk, its first window and its price per row. */
interface StoredSearch {
  plan: SearchPlan;
  types: string[];
  actions: string[];
  users: number[];
  /** Where the scan began (the span's start, or its first month with rows). */
  start: string;
  width: number;
  rowsPerToken: number;
}

// ---------------------------------------------------------------------------------------------
// Plan and price

const inTheLastYear = (cut: string): string =>
  `reaches into the last 12 calendar months (audits from ${cut} on), which GET /audits lists: end the range by then`;

/**
 * Checks a search's filters (the body of `POST /historical_audits`, or the estimate's query): every
 * problem on its field. Missing times mean from the oldest row, up to the cut.
 */
export async function planSearch(db: Db, input: SearchInput, nowMs: number, problems: FieldProblems): Promise<SearchPlan> {
  const cut = historyCut(nowMs);
  const since = input.created_since ?? null;
  const before = input.created_before ?? cut;
  if (since !== null && since >= cut) problems.add('created_since', inTheLastYear(cut));
  if (input.created_before !== undefined && input.created_before > cut) problems.add('created_before', inTheLastYear(cut));
  if (since !== null && before < since) problems.add('created_before', 'must not be before created_since');
  const plan: SearchPlan = { since, before: before > cut ? cut : before };
  for (const [field, key] of [
    ['auditable_type', 'auditableType'],
    ['associated_type', 'associatedType'],
  ] as const) {
    const sent = input[field];
    if (sent === undefined) continue;
    const type = auditType(sent);
    if (type) plan[key] = type;
    else problems.add(field, `must be one of: ${AUDITED_TYPES.join(', ')}`);
  }
  if (input.auditable_id !== undefined) plan.auditableId = Number(input.auditable_id);
  if (input.associated_id !== undefined) plan.associatedId = Number(input.associated_id);
  if (input.after_id !== undefined) plan.afterId = Number(input.after_id);
  if (input.audit_action !== undefined) plan.action = input.audit_action;
  if (input.user_id !== undefined) {
    const user = await findUser(db, input.user_id.trim());
    if (user) plan.userId = user.id;
    else problems.add('user_id', 'is not a user (send an id or an email)');
  }
  return plan;
}

/** The monthly counts a plan's span and three filters select (the span by whole months: an upper bound). */
function monthCounts(plan: SearchPlan): RawBuilder<unknown> {
  const last = new Date(Date.parse(plan.before) - 1).toISOString().slice(0, 7);
  const conditions: RawBuilder<unknown>[] = [sql`month <= ${last}`];
  if (plan.since !== null) conditions.push(sql`month >= ${plan.since.slice(0, 7)}`);
  if (plan.auditableType !== undefined) conditions.push(sql`auditable_type = ${plan.auditableType}`);
  if (plan.action !== undefined) conditions.push(sql`audit_action = ${plan.action}`);
  if (plan.userId !== undefined) conditions.push(sql`user_key = ${plan.userId}`);
  return sql`FROM audit_month_counts WHERE ${sql.join(conditions, sql` AND `)} AND n > 0`;
}

const emptySpan = (plan: SearchPlan): boolean => plan.since !== null && plan.since >= plan.before;

/** The rows a plan may read: its maximum cost's measure. */
export async function rowsInRange(db: Db, plan: SearchPlan): Promise<number> {
  if (emptySpan(plan)) return 0;
  const row = await sql<{ n: number | null }>`SELECT sum(n) AS n ${monthCounts(plan)}`.execute(db);
  return Number(row.rows[0]?.n ?? 0);
}

/** `GET /historical_audits/estimate`: what the search would be charged, and whether it can be now. Writes nothing. */
export async function estimateSearch(db: Db, input: SearchInput, nowMs: number): Promise<HistoricalEstimate> {
  const problems = new FieldProblems();
  const plan = await planSearch(db, input, nowMs, problems);
  problems.throwIfAny();
  const rows = await rowsInRange(db, plan);
  const bucket = await readBucket(db, nowMs);
  const maxCost = tokenCost(rows, bucket.rowsPerToken);
  return {
    max_cost: maxCost,
    tokens_available: Math.floor(bucket.available),
    rows_in_range: rows,
    capacity: bucket.capacity,
    refill_per_second: bucket.refillPerSecond,
    rows_per_token: bucket.rowsPerToken,
    retry_after: maxCost > bucket.capacity ? null : secondsUntil(bucket, maxCost),
    created_since: plan.since,
    created_before: plan.before,
  };
}

// ---------------------------------------------------------------------------------------------
// Create

/**
 * `POST /historical_audits`: checks the filters (422 on each), prices the search, charges its
 * maximum (`TokensExhausted` when the bucket cannot pay now; a 422 when it never could) and stores
 * it running. The caller starts the runner (`searchRunner(store).start(id)`).
 */
export async function createSearch(
  db: Kysely<Database>,
  args: { input: SearchInput; checked: Checked; userId: number; nowMs: number },
): Promise<{ id: number; maxCost: number; available: number; running: boolean }> {
  const { nowMs } = args;
  const plan = await planSearch(db, args.input, nowMs, args.checked.problems);
  args.checked.problems.throwIfAny();
  return db.transaction().execute(async (trx) => {
    const rows = await rowsInRange(trx, plan);
    const bucket = await readBucket(trx, nowMs);
    const maxCost = tokenCost(rows, bucket.rowsPerToken);
    if (maxCost > bucket.capacity) {
      throw fieldError(
        plan.since === null ? 'created_before' : 'created_since',
        `gives a search that may read ${rows} audit rows (${maxCost} tokens), more than the ${bucket.capacity} tokens the bucket ` +
          'holds: narrow the range or add user_id, auditable_type or audit_action',
      );
    }
    const charged = await chargeTokens(trx, maxCost, nowMs);
    const at = new Date(nowMs).toISOString();
    const empty = rows === 0;
    const scan = empty ? { types: [], actions: [], users: [], first: plan.before } : await scanValues(trx, plan);
    const start = plan.since !== null && plan.since > scan.first ? plan.since : scan.first;
    // The first window holds about CHUNK_ROWS rows if they are spread evenly over the span.
    const span = Math.max(1, Date.parse(plan.before) - Date.parse(start));
    const width = empty ? span : Math.max(1, Math.floor((span * CHUNK_ROWS) / rows));
    const { types, actions, users } = scan;
    const stored: StoredSearch = { plan, types, actions, users, start, width, rowsPerToken: bucket.rowsPerToken };
    const { id } = await trx
      .insertInto('historical_searches')
      .values({
        user_id: args.userId,
        filters: JSON.stringify(stored),
        created_at: at,
        state: empty ? 'complete' : 'running',
        rows_in_range: rows,
        max_cost: maxCost,
        scan_position: empty ? plan.before : start,
        token_cost: empty ? tokenCost(0, bucket.rowsPerToken) : null,
        finished_at: empty ? at : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id, maxCost, available: Math.floor(charged.available), running: !empty };
  });
}

/** The values each key of the history index takes within the plan's months (a filter: its one value), and the first month's start. */
async function scanValues(db: Db, plan: SearchPlan): Promise<{ types: string[]; actions: string[]; users: number[]; first: string }> {
  const from = monthCounts(plan);
  const types = await sql<{ v: string }>`SELECT DISTINCT auditable_type AS v ${from}`.execute(db);
  const actions = await sql<{ v: string }>`SELECT DISTINCT audit_action AS v ${from}`.execute(db);
  const users = await sql<{ v: number }>`SELECT DISTINCT user_key AS v ${from}`.execute(db);
  const first = await sql<{ m: string }>`SELECT min(month) AS m ${from}`.execute(db);
  return {
    types: types.rows.map((r) => r.v).sort(),
    actions: actions.rows.map((r) => r.v).sort(),
    users: users.rows.map((r) => r.v).sort((a, b) => a - b),
    first: MONTH_START(first.rows[0]?.m ?? plan.before.slice(0, 7)),
  };
}

// ---------------------------------------------------------------------------------------------
// Run

const narrowed = (plan: SearchPlan): boolean => plan.auditableType !== undefined || plan.action !== undefined || plan.userId !== undefined;

/**
 * `FROM … WHERE` of the rows a window reads. With one of the three filters: the history index, one
 * range per (type, action, user) value combination. Without: every row of the window matches them,
 * so the time index reads the same rows, already in order, without a range per combination.
 */
function indexRanges(db: QueryExecutorProvider, search: StoredSearch, from: string, to: string): RawBuilder<unknown> {
  const by = (index: string) => dialectOf(db).indexedBy(index);
  if (!narrowed(search.plan)) return sql`audits a${by('audits_created')} WHERE a.created_at >= ${from} AND a.created_at < ${to}`;
  return sql`audits a${by('audits_history')} WHERE a.auditable_type IN (${sql.join(search.types)})
    AND a.audit_action IN (${sql.join(search.actions)}) AND coalesce(a.user_id, 0) IN (${sql.join(search.users)})
    AND a.created_at >= ${from} AND a.created_at < ${to}`;
}

/** The filters checked on each row read. */
function probes(plan: SearchPlan): RawBuilder<unknown> {
  const out: RawBuilder<unknown>[] = [];
  if (plan.auditableId !== undefined) out.push(sql`a.auditable_id = ${plan.auditableId}`);
  if (plan.associatedType !== undefined) out.push(sql`a.associated_type = ${plan.associatedType}`);
  if (plan.associatedId !== undefined) out.push(sql`a.associated_id = ${plan.associatedId}`);
  if (plan.afterId !== undefined) out.push(sql`a.id > ${plan.afterId}`);
  return out.length === 0 ? sql`` : sql` AND ${sql.join(out, sql` AND `)}`;
}

const iso = (ms: number): string => new Date(ms).toISOString();

/**
 * The window from `from` a chunk reads: `width` ms (up to the search's end), narrowed while it holds
 * far more rows than a chunk should read (a burst denser than the span's average), so no chunk holds
 * the event loop long. Answers its end, the rows it holds and the width used.
 */
async function nextWindow(
  db: Db,
  search: StoredSearch,
  from: string,
  width: number,
): Promise<{ to: string; scanned: number; width: number }> {
  const end = search.plan.before;
  const endMs = Date.parse(end);
  for (;;) {
    const toMs = Math.min(Date.parse(from) + width, endMs);
    const to = toMs === endMs ? end : iso(toMs);
    const counted = await sql<{ n: number }>`
      SELECT count(*) AS n FROM ${indexRanges(db, search, from, to)}`.execute(db);
    const scanned = Number(counted.rows[0]?.n ?? 0);
    if (scanned <= CHUNK_ROWS * 4 || width <= 1) return { to, scanned, width };
    width = Math.max(1, Math.floor((width * CHUNK_ROWS) / scanned));
  }
}

// ---------------------------------------------------------------------------------------------
// Leases

/** How long a lease lasts unless renewed: each chunk renews it, so only an instance gone lets it run out. */
export const SEARCH_LEASE_MS = 60_000;
/** How often a runner looks for running searches no live instance holds. */
const LOOK_MS = 20_000;

/**
 * Whether `owner` may scan the search now: nobody holds it, the lease ran out, or it is `owner`'s
 * own. On SQLite one process serves the file, so a lease of another owner was left by a process
 * that is gone: the caller always may.
 */
function mayHold(db: Db, row: { claimed_by: string | null; claimed_until: string | null }, owner: string, nowMs: number): boolean {
  if (dialectOf(db) !== postgresDialect) return true;
  return row.claimed_by === null || row.claimed_by === owner || row.claimed_until === null || row.claimed_until <= iso(nowMs);
}

const leaseUntil = (owner: string, nowMs: number) => ({ claimed_by: owner, claimed_until: iso(nowMs + SEARCH_LEASE_MS) });

/**
 * Takes (or renews) the lease of a running search for `owner`, in a transaction, so two instances
 * asking at once are answered one after the other: true when `owner` holds it now. A search that
 * is not running, or whose lease another live instance holds, is not taken.
 */
export async function claimSearch(db: Kysely<Database>, id: number, owner: string, nowMs: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('historical_searches')
      .select(['state', 'claimed_by', 'claimed_until'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row || row.state !== 'running' || !mayHold(trx, row, owner, nowMs)) return false;
    await trx.updateTable('historical_searches').set(leaseUntil(owner, nowMs)).where('id', '=', id).execute();
    return true;
  });
}

/** Running searches `owner` may take: nobody's, past their lease, or its own (on SQLite, every one: see mayHold). */
async function searchesFree(db: Kysely<Database>, owner: string, nowMs: number): Promise<number[]> {
  let q = db.selectFrom('historical_searches').select('id').where('state', '=', 'running');
  if (dialectOf(db) === postgresDialect) {
    q = q.where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', iso(nowMs)), eb('claimed_by', '=', owner)]));
  }
  const rows = await q.orderBy('id').execute();
  return rows.map((r) => r.id);
}

// ---------------------------------------------------------------------------------------------
// Scan

/**
 * One chunk of a running search, in one transaction: the next window (narrowed while it holds far
 * more rows than a chunk should read), its matches appended in (time, id) order, the position and
 * counts stored, the lease renewed; the search finishes when the window reaches its end. Answers
 * whether it is done (for this runner: also when another instance holds the search's lease) and the
 * width for the next window. The time is read once the transaction has the write lock, so a lease
 * is judged when nothing else can take it.
 */
async function scanChunk(
  db: Kysely<Database>,
  id: number,
  width: number,
  clock: Clock,
  owner: string,
): Promise<{ done: boolean; width: number }> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('historical_searches').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row || row.state !== 'running') return { done: true, width };
    const nowMs = clock.now();
    if (!mayHold(trx, row, owner, nowMs)) return { done: true, width };
    const search = JSON.parse(row.filters) as StoredSearch;
    const end = search.plan.before;
    const from = row.scan_position;
    const window = await nextWindow(trx, search, from, width);
    const { to, scanned } = window;
    width = window.width;
    let found = 0;
    if (scanned > 0) {
      const inserted = await sql`
        INSERT INTO historical_search_results (search_id, seq, audit_id)
        SELECT ${id}, ${row.result_count} + row_number() OVER (ORDER BY a.created_at, a.id), a.id
        FROM ${indexRanges(trx, search, from, to)}${probes(search.plan)}`.execute(trx);
      found = Number(inserted.numAffectedRows ?? 0);
    }
    const done = to >= end;
    const totalScanned = row.scanned_rows + scanned;
    await trx
      .updateTable('historical_searches')
      .set({
        ...leaseUntil(owner, nowMs),
        scan_position: to,
        scanned_rows: totalScanned,
        result_count: row.result_count + found,
        ...(done
          ? {
              state: 'complete',
              // Never more than was charged (rows written into old months after the charge are read too).
              token_cost: Math.min(row.max_cost, tokenCost(totalScanned, search.rowsPerToken)),
              finished_at: iso(nowMs),
            }
          : {}),
      })
      .where('id', '=', id)
      .execute();
    // The next window: scaled to the density just seen.
    const next = scanned === 0 ? width * 4 : Math.floor((width * CHUNK_ROWS) / scanned);
    return { done, width: Math.max(1, Math.min(next, width * 4)) };
  });
}

/** A search stopped by an error: what it read so far is its cost, its results stay partial. Not one another instance holds. */
async function failSearch(db: Kysely<Database>, id: number, nowMs: number, owner: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('historical_searches').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row || row.state !== 'running' || !mayHold(trx, row, owner, nowMs)) return;
    const search = JSON.parse(row.filters) as StoredSearch;
    await trx
      .updateTable('historical_searches')
      .set({
        state: 'failed',
        token_cost: Math.min(row.max_cost, tokenCost(row.scanned_rows, search.rowsPerToken)),
        finished_at: iso(nowMs),
      })
      .where('id', '=', id)
      .execute();
  });
}

/** Deletes up to `limit` results of one expired search (and the search once none are left); answers whether any is left to sweep. */
async function sweepExpired(db: Kysely<Database>, nowMs: number, limit: number): Promise<boolean> {
  const expired = await db
    .selectFrom('historical_searches')
    .select('id')
    .where('state', '!=', 'running')
    .where('finished_at', '<', iso(nowMs - SEARCH_KEPT_MS))
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (!expired) return false;
  await db.transaction().execute(async (trx) => {
    const last = await trx
      .selectFrom('historical_search_results')
      .select('seq')
      .where('search_id', '=', expired.id)
      .orderBy('seq')
      .offset(limit - 1)
      .limit(1)
      .executeTakeFirst();
    if (last) {
      await trx.deleteFrom('historical_search_results').where('search_id', '=', expired.id).where('seq', '<=', last.seq).execute();
    } else {
      await trx.deleteFrom('historical_search_results').where('search_id', '=', expired.id).execute();
      await trx.deleteFrom('historical_searches').where('id', '=', expired.id).execute();
    }
  });
  return true;
}

/**
 * The scans of one service's running searches, on its writer connection: one chunk per turn of the
 * event loop, round-robin over the searches it holds the lease of, then the sweep of expired ones.
 * One runner per store; every `LOOK_MS` it looks for searches no live instance holds.
 */
export class SearchRunner {
  /** This runner's name in `claimed_by`: the host and process, for whoever reads the table, and a random part. */
  readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly queue: number[] = [];
  private readonly widths = new Map<number, number>();
  private timer: NodeJS.Immediate | null = null;
  private looking: NodeJS.Timeout | null = null;
  private working: Promise<void> | null = null;
  private stopped = false;
  private sweeping = true;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  /** Runs a search made now (or left running by the last process); the searches past their keeping go after it. */
  start(id: number): void {
    if (!this.queue.includes(id)) this.queue.push(id);
    this.sweeping = true;
    this.schedule();
  }

  /**
   * Picks up the searches a stopped process left running, and sweeps expired ones; from now on looks
   * again every LOOK_MS for searches whose instance is gone.
   */
  async resume(): Promise<void> {
    await this.look();
    this.sweeping = true;
    this.schedule();
    if (!this.looking && !this.stopped) {
      this.looking = setInterval(
        () => void this.look().catch((err: unknown) => console.error('Historical audit searches: look failed', err)),
        LOOK_MS,
      );
      this.looking.unref();
    }
  }

  /** Takes the lease of every running search no live instance holds, and runs them. */
  async look(): Promise<void> {
    for (const id of await searchesFree(this.db, this.owner, this.clock.now())) {
      if (this.stopped) return;
      if (!this.queue.includes(id) && (await claimSearch(this.db, id, this.owner, this.clock.now()))) this.start(id);
    }
  }

  /**
   * Stops after the chunk in progress (the service is closing) and gives its leases back, so another
   * instance takes its searches over on its next look; without one they resume on the next start.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearImmediate(this.timer);
    this.timer = null;
    if (this.looking) clearInterval(this.looking);
    this.looking = null;
    await this.working;
    await this.db
      .updateTable('historical_searches')
      .set({ claimed_by: null, claimed_until: null })
      .where('state', '=', 'running')
      .where('claimed_by', '=', this.owner)
      .execute()
      .catch(() => undefined);
  }

  /** Resolves once no search is running here (tests and the bench). */
  async idle(): Promise<void> {
    while (this.queue.length > 0 || this.working) await (this.working ?? new Promise((resolve) => setImmediate(resolve)));
  }

  private schedule(): void {
    if (this.stopped || this.timer || this.working) return;
    if (this.queue.length === 0 && !this.sweeping) return;
    this.timer = setImmediate(() => {
      this.timer = null;
      this.working = this.step().finally(() => {
        this.working = null;
        this.schedule();
      });
    });
  }

  private async step(): Promise<void> {
    const id = this.queue.shift();
    const nowMs = this.clock.now();
    if (id === undefined) {
      this.sweeping = await sweepExpired(this.db, nowMs, 10_000).catch(() => false);
      return;
    }
    try {
      const width = this.widths.get(id) ?? (await this.firstWidth(id));
      const next = await scanChunk(this.db, id, width, this.clock, this.owner);
      if (next.done) {
        this.widths.delete(id);
        this.sweeping = true;
      } else {
        this.widths.set(id, next.width);
        // A look during the chunk may have queued it again already.
        if (!this.queue.includes(id)) this.queue.push(id);
      }
    } catch (err) {
      if (this.stopped) return;
      // The database away or busy for now (a restart, a dropped connection): the chunk rolled back
      // whole, and the search is taken up again by the next look (LOOK_MS), this runner's lease
      // renewed, rather than failed for what was not its fault (nor retried at once, in a loop).
      const failure = dbFailure(err);
      if (failure?.kind === 'unavailable' || failure?.kind === 'busy') {
        console.error(`Historical audit search ${id} paused until the database answers: ${err instanceof Error ? err.message : String(err)}`);
        return;
      }
      this.widths.delete(id);
      console.error(`Historical audit search ${id} failed`, err);
      await failSearch(this.db, id, nowMs, this.owner).catch(() => undefined);
    }
  }

  private async firstWidth(id: number): Promise<number> {
    const row = await this.db.selectFrom('historical_searches').select('filters').where('id', '=', id).executeTakeFirst();
    return row ? (JSON.parse(row.filters) as StoredSearch).width : 1;
  }
}

const runners = new WeakMap<object, SearchRunner>();

/** The runner of a store's writer connection (made on first use). */
export function searchRunner(store: { db: Kysely<Database>; clock: Clock }): SearchRunner {
  let runner = runners.get(store.db);
  if (!runner) {
    runner = new SearchRunner(store.db, store.clock);
    runners.set(store.db, runner);
  }
  return runner;
}

// ---------------------------------------------------------------------------------------------
// Read (operation 9)

/** `next_token`: the search and the seq of the last row served, so a token of one search cannot page another. */
export const tokenFor = (id: number, seq: number): string => Buffer.from(`${id}:${seq}`).toString('base64url');

function seqOf(token: string | undefined, id: number): number {
  if (token === undefined || token === '') return 0;
  const match = /^(\d{1,16}):(\d{1,16})$/.exec(Buffer.from(token, 'base64url').toString('utf8'));
  if (!match || Number(match[1]) !== id) throw badRequest({ next_token: ['is not a token of this search'] });
  return Number(match[2]);
}

export type SearchResultBody = Omit<HistoricalSearchResult, 'audits'> & { audits: AuditBody[] };

/** A stored search, or a 404. */
async function requireSearch(db: Db, idText: string) {
  const id = asId(idText);
  const row = id === null ? undefined : await db.selectFrom('historical_searches').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Historical audit search', idText);
  return row;
}

/**
 * Operation 9: the page after `next_token`, in seq order. While the search runs, the page holds what
 * it found so far and `next_token` is always given (more may come); once it finished, `next_token`
 * is null on the page that reaches the end. The first read of a finished search refunds its maximum
 * minus its actual cost (a write: this runs on the main thread, see routes/audits.ts).
 */
export async function readSearch(
  db: Kysely<Database>,
  args: { id: string; nextToken: string | undefined; nowMs: number; origin: string },
): Promise<SearchResultBody> {
  let row = await requireSearch(db, args.id);
  const after = seqOf(args.nextToken, row.id);
  if (row.state !== 'running' && row.refunded_at === null) {
    const id = row.id;
    row = await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable('historical_searches')
        .set({ refunded_at: iso(args.nowMs) })
        .where('id', '=', id)
        .where('refunded_at', 'is', null)
        .executeTakeFirst();
      const current = await trx.selectFrom('historical_searches').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      if (Number(claimed.numUpdatedRows) === 1)
        await refundTokens(trx, current.max_cost - (current.token_cost ?? current.max_cost), args.nowMs);
      return current;
    });
  }
  const results = await db
    .selectFrom('historical_search_results')
    .select(['seq', 'audit_id'])
    .where('search_id', '=', row.id)
    .where('seq', '>', after)
    .orderBy('seq')
    .limit(SEARCH_PAGE + 1)
    .execute();
  const page = results.slice(0, SEARCH_PAGE);
  const running = row.state === 'running';
  const more = results.length > SEARCH_PAGE;
  const lastSeq = page.at(-1)?.seq ?? after;
  const audits = await shapeAudits(
    db,
    await auditsByIds(
      db,
      page.map((r) => r.audit_id),
    ),
    args.origin,
  );
  const search = JSON.parse(row.filters) as StoredSearch;
  const span = Date.parse(search.plan.before) - Date.parse(search.start);
  const done = Date.parse(row.scan_position) - Date.parse(search.start);
  return {
    audits,
    running,
    next_token: running || more ? tokenFor(row.id, lastSeq) : null,
    results_complete: row.state === 'complete',
    token_cost: running ? null : row.token_cost,
    max_cost: row.max_cost,
    progress: running ? Math.min(0.99, Math.max(0, span > 0 ? done / span : 0)) : 1,
    state: row.state as 'running' | 'complete' | 'failed',
    total_results: row.result_count,
    refunded: row.refunded_at === null ? null : row.max_cost - (row.token_cost ?? row.max_cost),
    search: planEcho(search.plan),
  };
}

/** A plan as the answer echoes it: the filters as sent, times as ISO 8601. */
function planEcho(plan: SearchPlan): Record<string, string> {
  const out: Record<string, string> = { created_before: plan.before };
  if (plan.since !== null) out.created_since = plan.since;
  if (plan.auditableType !== undefined) out.auditable_type = plan.auditableType;
  if (plan.auditableId !== undefined) out.auditable_id = String(plan.auditableId);
  if (plan.associatedType !== undefined) out.associated_type = plan.associatedType;
  if (plan.associatedId !== undefined) out.associated_id = String(plan.associatedId);
  if (plan.userId !== undefined) out.user_id = String(plan.userId);
  if (plan.action !== undefined) out.audit_action = plan.action;
  if (plan.afterId !== undefined) out.after_id = String(plan.afterId);
  return out;
}

// ---------------------------------------------------------------------------------------------
// The index (costs nothing)

export interface IndexRow {
  auditable_id: number;
  auditable_type: string;
  id: string;
  name: string;
  email: string;
  created_at: string;
  updated_at: string;
  dates_active: string[];
}

/**
 * `GET /historical_audits`: one row per record and person active on it within the span (audits
 * older than the cut only), with the days they were active, ordered by record then person. Rows the
 * service wrote itself (no person) are not in it. A filter naming nothing matches nothing.
 */
export async function historicalIndex(
  db: Db,
  input: Omit<SearchInput, 'audit_action' | 'after_id'>,
  p: Paging,
  nowMs: number,
): Promise<{ rows: IndexRow[]; total: number }> {
  const problems = new FieldProblems();
  const plan = await planSearch(db, { ...input, user_id: undefined }, nowMs, problems);
  problems.throwIfAny();
  const conditions: RawBuilder<unknown>[] = [sql`a.created_at < ${plan.before}`, sql`a.user_id IS NOT NULL`];
  if (plan.since !== null) conditions.push(sql`a.created_at >= ${plan.since}`);
  if (plan.auditableId !== undefined) conditions.push(sql`a.auditable_id = ${plan.auditableId}`);
  if (plan.associatedType !== undefined) conditions.push(sql`a.associated_type = ${plan.associatedType}`);
  if (plan.associatedId !== undefined) conditions.push(sql`a.associated_id = ${plan.associatedId}`);
  if (plan.auditableType !== undefined) conditions.push(sql`a.auditable_type = ${plan.auditableType}`);
  if (input.user_id !== undefined) {
    const user = await findUser(db, input.user_id.trim());
    if (!user) return { rows: [], total: 0 };
    conditions.push(sql`a.user_id = ${user.id}`);
  }
  if (emptySpan(plan)) return { rows: [], total: 0 };
  const where = sql.join(conditions, sql` AND `);
  const counted = await sql<{ n: number }>`
    SELECT count(*) AS n FROM (SELECT 1 FROM audits a WHERE ${where} GROUP BY a.auditable_type, a.auditable_id, a.user_id) g`.execute(db);
  const total = Number(counted.rows[0]?.n ?? 0);
  if (total === 0 || p.offset >= total) return { rows: [], total };
  const groups = await sql<{ auditable_type: string; auditable_id: number; user_id: number; days: string }>`
    SELECT a.auditable_type, a.auditable_id, a.user_id, ${dialectOf(db).groupConcatDistinct(sql`substr(a.created_at, 1, 10)`)} AS days
    FROM audits a WHERE ${where}
    GROUP BY a.auditable_type, a.auditable_id, a.user_id
    ORDER BY a.auditable_type, a.auditable_id, a.user_id
    LIMIT ${p.perPage} OFFSET ${p.offset}`.execute(db);
  const userIds = [...new Set(groups.rows.map((g) => g.user_id))];
  const users = await db.selectFrom('users').selectAll().where('id', 'in', userIds).execute();
  const byId = new Map(users.map((u) => [u.id, u]));
  const rows = groups.rows.flatMap((g): IndexRow[] => {
    const user = byId.get(g.user_id);
    if (!user) return [];
    return [
      {
        auditable_id: g.auditable_id,
        auditable_type: g.auditable_type,
        id: String(user.id),
        name: user.name,
        email: user.email,
        created_at: user.created_at,
        updated_at: user.updated_at,
        dates_active: g.days.split(',').sort(),
      },
    ];
  });
  return { rows, total };
}
