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
import {
  AliasNode,
  ColumnNode,
  IdentifierNode,
  Kysely,
  OperationNodeTransformer,
  PostgresDialect,
  RawNode,
  ReferenceNode,
  TableNode,
  sql,
} from 'kysely';
import type {
  Driver,
  KyselyPlugin,
  OperationNode,
  OrderByItemNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryId,
  QueryResult,
  RootOperationNode,
  SelectQueryNode,
  UnknownRow,
} from 'kysely';
import type { Clock } from './clock';
import { systemClock } from './clock';
import { migrateToLatest } from './migrations';
import { postgresDialect } from './dialect';
import { PlannerPostgresDriver } from './postgres-driver';
import type { Database } from './schema';

/** The advisory lock every transaction holds: one writer at a time across every instance. */
export const WRITE_LOCK = 7_245_001;

// bigint (ids, counts, sums of integers) and numeric (sums of bigints) come back as JavaScript
// numbers, as SQLite answers them: every id is a sequence value far below 2^53.
types.setTypeParser(types.builtins.INT8, (v) => Number(v));
types.setTypeParser(types.builtins.NUMERIC, (v) => Number(v));

/** PostgreSQL's SQL and introspection, over the driver that takes the write lock and outlives the database (postgres-driver.ts). */
class PlannerPostgresDialect extends PostgresDialect {
  readonly #pool: pg.Pool;
  constructor(pool: pg.Pool) {
    super({ pool });
    this.#pool = pool;
  }
  override createDriver(): Driver {
    return new PlannerPostgresDriver({ pool: this.#pool, writeLock: WRITE_LOCK });
  }
}

/**
 * How long making one connection may take. A reachable server answers in milliseconds; one that
 * does not (a host gone from the network) must not hold requests for the pool's 30 s.
 */
const CONNECT_TIMEOUT_MS = 5000;

/** pg's client with its own connect timeout (the pool's connectionTimeoutMillis is the wait for a free connection). */
class PlannerClient extends pg.Client {
  constructor(config?: pg.ClientConfig) {
    super({ ...config, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  }
}

const isDescending = (node: OrderByItemNode): boolean =>
  node.direction !== undefined &&
  RawNode.is(node.direction) &&
  node.direction.sqlFragments.join('').trim().toLowerCase() === 'desc';

/** Table → column → NOT NULL, from the live schema once migrations ran (empty until then). */
type NotNullColumns = Map<string, ReadonlyMap<string, boolean>>;

/**
 * What an ORDER BY of one SELECT may refer to: its tables by the name the query gives them, when
 * every row source is a table of the schema joined so that none of its columns can come out NULL
 * (FROM and inner or cross joins); null when any source is something else — an outer join's
 * side, a subquery, a CTE, a set operation — whose columns may be NULL whatever the schema says.
 */
interface SelectScope {
  tables: Map<string, string> | null;
  /** The SELECT's output names (`AS`): an ORDER BY name means the output column first. */
  outputs: Set<string>;
}

const tableName = (node: OperationNode): string | null =>
  TableNode.is(node) && !node.table.schema ? node.table.identifier.name : null;

/** The name a FROM or JOIN item goes by and the table behind it, or null for anything else. */
function sourceOf(node: OperationNode): [string, string] | null {
  const table = tableName(node);
  if (table) return [table, table];
  if (AliasNode.is(node) && IdentifierNode.is(node.alias)) {
    const aliased = tableName(node.node);
    if (aliased) return [node.alias.name, aliased];
  }
  return null;
}

function scopeOf(node: SelectQueryNode, notNull: NotNullColumns): SelectScope {
  const outputs = new Set<string>();
  for (const s of node.selections ?? []) {
    if (AliasNode.is(s.selection) && IdentifierNode.is(s.selection.alias)) outputs.add(s.selection.alias.name);
  }
  const items = [...(node.from?.froms ?? [])];
  let plain = !node.setOperations && items.length > 0;
  for (const join of node.joins ?? []) {
    if (join.joinType !== 'InnerJoin' && join.joinType !== 'CrossJoin') plain = false;
    items.push(join.table);
  }
  if (!plain) return { tables: null, outputs };
  const tables = new Map<string, string>();
  for (const item of items) {
    const source = sourceOf(item);
    if (!source || !notNull.has(source[1])) return { tables: null, outputs };
    tables.set(source[0], source[1]);
  }
  return { tables, outputs };
}

/** Whether an ORDER BY item is a column of the scope's tables that cannot be NULL. */
function neverNull(item: OperationNode, scope: SelectScope | undefined, notNull: NotNullColumns): boolean {
  if (!scope?.tables || !ReferenceNode.is(item) || !ColumnNode.is(item.column)) return false;
  const column = item.column.column.name;
  if (item.table) {
    const table = item.table.table.schema ? undefined : scope.tables.get(item.table.table.identifier.name);
    return table !== undefined && notNull.get(table)?.get(column) === true;
  }
  if (scope.outputs.has(column)) return false;
  // Unqualified: NOT NULL in every table of the query that has such a column (and one has).
  const holders = [...scope.tables.values()].map((t) => notNull.get(t)?.get(column)).filter((n) => n !== undefined);
  return holders.length > 0 && holders.every((n) => n);
}

/**
 * SQLite's semantics in PostgreSQL's SQL: SQLite sorts NULL before every value, so each ORDER BY
 * item without a NULLS clause gets SQLite's; and the unary plus SQLite reads as "use no index for
 * this" (dialect.ts's noIndex) is dropped, PostgreSQL having none on text.
 *
 * The NULLS clause is left off a column that cannot be NULL (NOT NULL in the live schema, read
 * from a table no outer join can pad): it changes nothing there, and with it no index answers the
 * sort — a b-tree read backward gives `DESC NULLS FIRST`, so `votes DESC NULLS LAST, id DESC
 * NULLS LAST` over 100,000 ideas was a scan and a top-N sort (52.7 ms) where the index answers
 * `votes DESC, id DESC` in 0.14 ms.
 */
class SqliteSemantics extends OperationNodeTransformer {
  readonly #scopes: SelectScope[] = [];

  constructor(private readonly notNull: NotNullColumns) {
    super();
  }

  protected override transformRaw(node: RawNode): RawNode {
    if (node.sqlFragments.length === 1 && node.sqlFragments[0] === '+' && node.parameters.length === 0) {
      return RawNode.createWithSql('');
    }
    return super.transformRaw(node);
  }

  protected override transformSelectQuery(node: SelectQueryNode, queryId?: QueryId): SelectQueryNode {
    this.#scopes.push(scopeOf(node, this.notNull));
    try {
      return super.transformSelectQuery(node, queryId);
    } finally {
      this.#scopes.pop();
    }
  }

  protected override transformOrderByItem(node: OrderByItemNode, queryId?: QueryId): OrderByItemNode {
    const done = super.transformOrderByItem(node, queryId);
    if (done.nulls !== undefined) return done;
    if (neverNull(done.orderBy, this.#scopes.at(-1), this.notNull)) return done;
    return { ...done, nulls: isDescending(done) ? 'last' : 'first' };
  }
}

/** The plugin over a schema map filled once the database is migrated (`learnNotNull`). */
function sqliteSemantics(notNull: NotNullColumns): KyselyPlugin {
  return {
    transformQuery: (args: PluginTransformQueryArgs): RootOperationNode => new SqliteSemantics(notNull).transformNode(args.node, args.queryId),
    transformResult: (args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> => Promise.resolve(args.result),
  };
}

/** Fills `notNull` from the live schema (read after migrations, which are the only schema changes). */
async function learnNotNull(db: Kysely<Database>, notNull: NotNullColumns): Promise<void> {
  const schema = await postgresDialect.schemaInfo(db);
  for (const [table, columns] of schema.columns) notNull.set(table, new Map(columns.map((c) => [c.name, c.notNull])));
}

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
    // after a minute, so it cannot hold the write lock for every instance. A new connection gets
    // CONNECT_TIMEOUT_MS (PlannerClient), and a connection is dropped, restarts and all, without
    // taking the process down (postgres-driver.ts).
    connectionTimeoutMillis: 30_000,
    Client: PlannerClient,
    // A peer that vanished without a word (no RST) is noticed by TCP keep-alive, not never.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    options: '-c lock_timeout=30000 -c idle_in_transaction_session_timeout=60000',
  });
  const notNull: NotNullColumns = new Map();
  const db = new Kysely<Database>({ dialect: new PlannerPostgresDialect(pool), plugins: [sqliteSemantics(notNull)] });
  try {
    const migrated = await migrateToLatest(db, undefined);
    await learnNotNull(db, notNull);
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
