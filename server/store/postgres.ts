// The store on PostgreSQL (PLANNER_DATABASE_URL=postgres://…): kysely's PostgreSQL dialect over a
// `pg` pool, brought up to date by the same Migrator as SQLite (migrations.ts), and made to answer
// exactly as the SQLite store does — numbers as numbers, NULLs ordered as SQLite orders them, text
// compared byte-wise — so that every store module and every API test runs unchanged on both.
//
// Several service instances may share one database. What keeps them one truth:
// - Every transaction takes one advisory lock when it begins (WRITE_LOCK, held to its end): write
//   transactions run one at a time across all instances, as SQLite's single writer runs them, so
//   the rules the store checks before it writes (a name not taken, a cap not reached, a number
//   not used, a roll-up summed from its children) hold when the write commits. Reads outside
//   transactions take nothing and run in parallel on every instance.
// - Nothing is cached per process that another instance's write could make stale: the count,
//   row and token caches of the SQLite store are keyed by SQLite's write version, which this
//   store does not register (store/write-version.ts), so they are off.
import { types } from 'pg';
import pg from 'pg';
import { CompiledQuery, Kysely, OperationNodeTransformer, PostgresDialect, PostgresDriver, RawNode, sql } from 'kysely';
import type {
  DatabaseConnection,
  Driver,
  KyselyPlugin,
  OrderByItemNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  TransactionSettings,
  UnknownRow,
} from 'kysely';
import type { Clock } from './clock';
import { systemClock } from './clock';
import { migrateToLatest } from './migrations';
import type { Database } from './schema';

/** The advisory lock every transaction holds: one writer at a time across every instance. */
export const WRITE_LOCK = 7_245_001;

// bigint (ids, counts, sums of integers) and numeric (sums of bigints) come back as JavaScript
// numbers, as SQLite answers them: every id is a sequence value far below 2^53.
types.setTypeParser(types.builtins.INT8, (v) => Number(v));
types.setTypeParser(types.builtins.NUMERIC, (v) => Number(v));

/** Takes the write lock as the transaction begins, before any statement of it reads. */
class LockingPostgresDriver extends PostgresDriver {
  override async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    await super.beginTransaction(connection, settings);
    await connection.executeQuery(CompiledQuery.raw(`select pg_advisory_xact_lock(${WRITE_LOCK})`));
  }
}

class LockingPostgresDialect extends PostgresDialect {
  readonly #pool: pg.Pool;
  constructor(pool: pg.Pool) {
    super({ pool });
    this.#pool = pool;
  }
  override createDriver(): Driver {
    return new LockingPostgresDriver({ pool: this.#pool });
  }
}

const isDescending = (node: OrderByItemNode): boolean =>
  node.direction !== undefined &&
  RawNode.is(node.direction) &&
  node.direction.sqlFragments.join('').trim().toLowerCase() === 'desc';

/**
 * SQLite's semantics in PostgreSQL's SQL: SQLite sorts NULL before every value, so each ORDER BY
 * item without a NULLS clause gets SQLite's; and the unary plus SQLite reads as "use no index for
 * this" (dialect.ts's noIndex) is dropped, PostgreSQL having none on text.
 */
class SqliteSemantics extends OperationNodeTransformer {
  protected override transformRaw(node: RawNode): RawNode {
    if (node.sqlFragments.length === 1 && node.sqlFragments[0] === '+' && node.parameters.length === 0) {
      return RawNode.createWithSql('');
    }
    return super.transformRaw(node);
  }

  protected override transformOrderByItem(node: OrderByItemNode): OrderByItemNode {
    const done = super.transformOrderByItem(node);
    if (done.nulls !== undefined) return done;
    return { ...done, nulls: isDescending(done) ? 'last' : 'first' };
  }
}

const nullOrderPlugin: KyselyPlugin = {
  transformQuery: (args: PluginTransformQueryArgs): RootOperationNode => new SqliteSemantics().transformNode(args.node),
  transformResult: (args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> => Promise.resolve(args.result),
};

export interface PostgresHandle {
  db: Kysely<Database>;
  pool: pg.Pool;
  created: boolean;
  migrated: string[];
  clock: Clock;
}

/** Connections per instance; PLANNER_DATABASE_POOL overrides it. */
const DEFAULT_POOL = 10;

export async function openPostgres(url: string, options: { clock?: Clock | undefined; poolSize?: number | undefined } = {}): Promise<PostgresHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? DEFAULT_POOL,
    application_name: 'planner',
    // Nothing waits forever: a request finding every connection busy for 30 s, or a transaction
    // waiting 30 s for the write lock (lock_timeout: 55P03), fails as "busy, try again" (503,
    // http/errors.ts) rather than hanging; a transaction left open by a stuck caller is ended
    // after a minute, so it cannot hold the write lock for every instance.
    connectionTimeoutMillis: 30_000,
    options: '-c lock_timeout=30000 -c idle_in_transaction_session_timeout=60000',
  });
  // An idle connection the server drops (restart, failover) must not take the process down.
  pool.on('error', (err) => console.error('postgres pool:', err.message));
  const db = new Kysely<Database>({ dialect: new LockingPostgresDialect(pool), plugins: [nullOrderPlugin] });
  try {
    const migrated = await migrateToLatest(db, undefined);
    // Whether this open is the first on the database, whose caller seeds it: the one instance that
    // flips the baseline's `seeded` flag while no user exists (instances starting together race for
    // the row; a database copied from SQLite, or made from a migrated template, is judged alike).
    const claim = await sql<{ n: number }>`UPDATE change_counters SET n = 1
      WHERE name = 'seeded' AND n = 0 AND NOT EXISTS (SELECT 1 FROM users) RETURNING n`.execute(db);
    const created = claim.rows.length > 0;
    return { db, pool, created, migrated, clock: options.clock ?? systemClock };
  } catch (err) {
    await db.destroy();
    throw err;
  }
}
