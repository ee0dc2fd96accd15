// The historical audit search's token bucket (issue 13): one for the account, kept in the database so
// a restart neither refills nor empties it. It refills continuously: what it holds at any moment is
// what it held when last written plus the refill since, up to its capacity, so reading it (every
// answer's `X-Historical-Tokens-Available`, on any thread) writes nothing; only a charge (a search
// made) and a refund (a finished search first read) write.
import type { Db } from './audit';

const BUCKET = 'account';

/**
 * The defaults (docs/decisions.md, "Record history and historical audits"): a full bucket pays for a
 * search that may read a million rows and refills in under 17 minutes.
 */
export const DEFAULT_TOKENS = { capacity: 1_000, refillPerSecond: 1, rowsPerToken: 1_000 } as const;

export interface TokenSettings {
  /** Most tokens the bucket holds. */
  capacity: number;
  /** Tokens added per second, continuously. */
  refillPerSecond: number;
  /** Audit rows a token pays for. */
  rowsPerToken: number;
}

export interface Bucket extends TokenSettings {
  /** What it holds at `nowMs`, fractions included. */
  available: number;
}

/** A search the bucket cannot pay for now: how long until it can (whole seconds) and what it holds. */
export class TokensExhausted extends Error {
  constructor(
    readonly cost: number,
    readonly available: number,
    readonly retryAfter: number,
  ) {
    super(
      `This search could cost ${cost} tokens and ${Math.floor(available)} are available: try again in ${retryAfter} s, or narrow it ` +
        '(a shorter range, user_id, auditable_type, audit_action)',
    );
  }
}

/** The tokens a search pays for reading `rows` audit rows: one per `rowsPerToken` begun, at least one (the search itself). */
export const tokenCost = (rows: number, rowsPerToken: number): number => Math.max(1, Math.ceil(rows / rowsPerToken));

/** The bucket at `nowMs` (a clock moved back refills nothing). */
export async function readBucket(db: Db, nowMs: number): Promise<Bucket> {
  const row = await db.selectFrom('historical_token_buckets').selectAll().where('bucket', '=', BUCKET).executeTakeFirstOrThrow();
  const refilled = row.tokens + (Math.max(0, nowMs - row.updated_ms) / 1000) * row.refill_per_second;
  return {
    available: Math.min(row.capacity, refilled),
    capacity: row.capacity,
    refillPerSecond: row.refill_per_second,
    rowsPerToken: row.rows_per_token,
  };
}

/** The whole tokens available at `nowMs`: the header's value and the answers'. */
export const tokensAvailable = async (db: Db, nowMs: number): Promise<number> => Math.floor((await readBucket(db, nowMs)).available);

/** Seconds until the bucket holds `cost` (0 when it does now). */
export function secondsUntil(bucket: Bucket, cost: number): number {
  if (bucket.available >= cost) return 0;
  return Math.max(1, Math.ceil((cost - bucket.available) / bucket.refillPerSecond));
}

async function store(db: Db, tokens: number, nowMs: number): Promise<void> {
  await db.updateTable('historical_token_buckets').set({ tokens, updated_ms: nowMs }).where('bucket', '=', BUCKET).execute();
}

/**
 * Runs a read-then-write of the bucket in a transaction: the caller's, or one of its own. Between
 * the read and the write nothing else may change the bucket — on PostgreSQL another instance may
 * charge it at any moment, and only a transaction (which takes the write lock, postgres.ts) keeps
 * the two steps one.
 */
function inTransaction<T>(db: Db, run: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}

/** Takes `cost` tokens in the caller's transaction (or one of its own), or throws `TokensExhausted` (nothing written). */
export function chargeTokens(db: Db, cost: number, nowMs: number): Promise<Bucket> {
  return inTransaction(db, async (trx) => {
    const bucket = await readBucket(trx, nowMs);
    if (bucket.available < cost) throw new TokensExhausted(cost, bucket.available, secondsUntil(bucket, cost));
    await store(trx, bucket.available - cost, nowMs);
    return { ...bucket, available: bucket.available - cost };
  });
}

/** Gives `amount` tokens back in the caller's transaction (or one of its own), up to the capacity. */
export function refundTokens(db: Db, amount: number, nowMs: number): Promise<void> {
  return inTransaction(db, async (trx) => {
    const bucket = await readBucket(trx, nowMs);
    await store(trx, Math.min(bucket.capacity, bucket.available + amount), nowMs);
  });
}

/**
 * New settings (the service's options: tests and the bench). What the bucket holds stays (a restart
 * with the same settings changes nothing), cut to a smaller capacity; a full bucket stays full.
 * The service's start calls it outside any transaction, while other instances may be charging.
 */
export function configureTokens(db: Db, settings: Partial<TokenSettings>, nowMs: number): Promise<void> {
  return inTransaction(db, async (trx) => {
    const current = await readBucket(trx, nowMs);
    const capacity = settings.capacity ?? current.capacity;
    await trx
      .updateTable('historical_token_buckets')
      .set({
        capacity,
        refill_per_second: settings.refillPerSecond ?? current.refillPerSecond,
        rows_per_token: settings.rowsPerToken ?? current.rowsPerToken,
        tokens: current.available >= current.capacity ? capacity : Math.min(current.available, capacity),
        updated_ms: nowMs,
      })
      .where('bucket', '=', BUCKET)
      .execute();
  });
}
