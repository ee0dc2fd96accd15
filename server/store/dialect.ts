// The storage seam: every piece of SQL the store writes that only SQLite understands (or that means
// something else elsewhere) is a named helper here, so a PostgreSQL dialect can be written beside
// this one and the store modules stay as they are. Migrations are per dialect by nature and live in
// migrations.ts.
import { CompiledQuery, sql, SqliteAdapter, SqliteDialect, SqliteDriver } from 'kysely';
import type {
  DatabaseConnection,
  DialectAdapter,
  Driver,
  Expression,
  QueryExecutorProvider,
  RawBuilder,
  SqlBool,
  SqliteDialectConfig,
} from 'kysely';
import type BetterSqlite3 from 'better-sqlite3';
import { GroupCommitDriver } from './group-commit';
import type { GroupStatement } from './group-commit';
import { noteWrite } from './write-version';

/** Tables with a full-text name index (`<table>_fts`, trigram FTS5 kept in step by triggers). */
export type SearchableTable = 'features' | 'ideas';

/** A column by name (`f.name`) or any expression. */
export type Operand = string | Expression<unknown>;

const operand = (x: Operand): Expression<unknown> => (typeof x === 'string' ? sql.ref(x) : x);

export interface StoreDialect {
  /** Shortest query the name index can match (trigrams need three characters); shorter ones use `containsText`. */
  readonly textSearchMinLength: number;
  /** `id IN (ids of rows of table whose name contains q)`, through the full-text index. */
  textSearch(table: SearchableTable, id: Operand, q: string): RawBuilder<SqlBool>;
  /**
   * `id IN (…)` as textSearch, matched in one column of an index over several (ideas: `name` of
   * name and description).
   */
  textSearchIn(table: SearchableTable, column: string, id: Operand, q: string): RawBuilder<SqlBool>;
  /**
   * The related-idea search over `ideas_related` (word FTS of the ideas it may suggest: not spam, not
   * merged): those sharing any word (three characters or more) of `q`, of portal `portalId` when
   * given. `count` counts them; `top` is a subquery of `(id, score)` for one page, best first (lower
   * score is better: FTS5 bm25 with `weights` for name and description), ties by id. Null when `q`
   * has no word the index can match.
   */
  relatedSearch(
    q: string,
    weights: { name: number; description: number },
    portalId: number | undefined,
  ): { count: RawBuilder<{ n: number }>; top(limit: number, offset: number): RawBuilder<{ id: number; score: number }> } | null;
  /** Days (fractional) from the timestamp in `column` to now. */
  daysSince(column: Operand): RawBuilder<number>;
  /** `column` contains `text` literally (`%` and `_` are letters), ignoring ASCII case. */
  containsText(column: Operand, text: string): RawBuilder<SqlBool>;
  /** `column` equals `text` ignoring ASCII case. */
  equalsIgnoringCase(column: Operand, text: string): RawBuilder<SqlBool>;
  /** The same value as `expr`, written so the planner cannot serve it from an index. */
  noIndex(expr: Operand): RawBuilder<unknown>;
  /** The smaller of two values (a scalar, not the aggregate). */
  least(a: Operand, b: Operand): RawBuilder<unknown>;
  /** Column `a` differs from the value `b`, null counting as a value (null vs null is no difference). */
  isDistinctFrom(a: Operand, b: string | number | null): RawBuilder<SqlBool>;
  /** The planner's plan for a query, one line per step, for tests and benchmarks that check index use. */
  explain(db: QueryExecutorProvider, query: RawBuilder<unknown>): Promise<string[]>;
}

/** `"…"` phrase for FTS5 MATCH: quotes doubled, so no query text is read as FTS syntax. */
export const ftsPhrase = (q: string): string => `"${q.replace(/"/g, '""')}"`;

/** Escapes LIKE wildcards so a search for `50%` or `a_b` finds that text literally. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/**
 * SQLite's DDL is transactional, but kysely's SqliteAdapter says otherwise, which would make its
 * Migrator run each migration (and its bookkeeping row) outside a transaction. Saying so lets every
 * pending migration and its record commit together or not at all.
 */
class TransactionalSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

/**
 * Write transactions take the write lock when they begin (`BEGIN IMMEDIATE`), not at their first
 * write: a transaction that read first and then found the WAL checkpointed and started over by the
 * checkpoint thread (read-pool.ts) could not upgrade and failed at once with "database is locked",
 * where waiting for the lock (busy_timeout) is what is wanted.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class TransactionalSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  readonly #driver: (() => Driver) | undefined;

  constructor(config: SqliteDialectConfig, driver?: () => Driver) {
    super(config);
    this.#config = config;
    this.#driver = driver;
  }

  override createAdapter(): DialectAdapter {
    return new TransactionalSqliteAdapter();
  }

  override createDriver(): Driver {
    return this.#driver ? this.#driver() : new ImmediateSqliteDriver(this.#config);
  }
}

/** Statements kept prepared per connection; the store writes a few hundred distinct SQL texts. */
const STATEMENT_CACHE_SIZE = 500;

/** What the drivers call on a statement, and whether it is being iterated (the cache's concern). */
interface DriverStatement extends GroupStatement {
  readonly busy: boolean;
}

/**
 * A prepared statement whose rows are built as plain objects of one fixed shape. better-sqlite3
 * builds each row object property by property, which for a 30-column feature row costs more than
 * reading it (a 30-row page: 0.33 ms as objects, 0.13 ms as arrays mapped by a generated
 * constructor). Duplicate column names keep the last value, as better-sqlite3 does.
 */
function shapedStatement(database: BetterSqlite3.Database, stmt: BetterSqlite3.Statement): DriverStatement {
  if (!stmt.reader) {
    // Writes (and BEGIN / COMMIT / ROLLBACK) retire the connection's remembered write version.
    return {
      reader: false,
      readonly: stmt.readonly,
      get busy() {
        return stmt.busy;
      },
      all: (parameters) => stmt.all(...parameters),
      run: (parameters) => {
        try {
          return stmt.run(...parameters);
        } finally {
          noteWrite(database);
        }
      },
      iterate: (parameters) => stmt.iterate(...parameters),
    };
  }
  const names = stmt.columns().map((c) => c.name);
  const raw = stmt.raw(true);
  // Column names are data, so they go in as JSON string literals, never as code.
  const shape = new Function('r', `return {${names.map((n, i) => `${JSON.stringify(n)}: r[${i}]`).join(', ')}};`) as (
    row: unknown[],
  ) => unknown;
  // A statement that returns rows may still write (`… RETURNING`).
  const writes = !stmt.readonly;
  return {
    reader: true,
    readonly: !writes,
    get busy() {
      return raw.busy;
    },
    all: (parameters) => {
      try {
        return (raw.all(...parameters) as unknown[][]).map(shape);
      } finally {
        if (writes) noteWrite(database);
      }
    },
    run: (parameters) => raw.run(...parameters),
    *iterate(parameters) {
      for (const row of raw.iterate(...parameters) as IterableIterator<unknown[]>) yield shape(row);
    },
  };
}

/**
 * The connection as kysely sees it, with prepared statements reused by SQL text: kysely prepares
 * every query it runs, and compiling a statement costs SQLite more than running a 30-row page
 * (0.05–0.15 ms against tens of microseconds). A statement still being iterated is never handed
 * out twice; the least recently used ones are dropped past the cap.
 */
export function cachingStatements(database: BetterSqlite3.Database): { close(): void; prepare(sql: string): DriverStatement } {
  const cache = new Map<string, DriverStatement>();
  return {
    close: () => database.close(),
    prepare(text: string) {
      const hit = cache.get(text);
      if (hit && !hit.busy) {
        cache.delete(text); // re-insert: Map order is the recency order
        cache.set(text, hit);
        return hit;
      }
      const stmt = shapedStatement(database, database.prepare(text));
      cache.set(text, stmt);
      if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      return stmt;
    },
  };
}

/**
 * Kysely's dialect over an open better-sqlite3 handle. The writing connection commits its writes in
 * groups (`groupCommit`, store/group-commit.ts); a read-only connection has nothing to commit.
 */
export function sqliteKyselyDialect(database: BetterSqlite3.Database, options: { groupCommit?: boolean } = {}): SqliteDialect {
  const statements = cachingStatements(database);
  // kysely's SqliteDatabase type names better-sqlite3's statement; the driver uses only DriverStatement.
  const config = { database: statements as unknown as SqliteDialectConfig['database'] };
  const driver = options.groupCommit ? () => new GroupCommitDriver({ sqlite: database, prepare: statements.prepare }) : undefined;
  return new TransactionalSqliteDialect(config, driver);
}

export const sqliteDialect: StoreDialect = {
  textSearchMinLength: 3,
  textSearch: (table, id, q) =>
    sql<SqlBool>`${operand(id)} IN (SELECT rowid FROM ${sql.table(`${table}_fts`)} WHERE ${sql.table(`${table}_fts`)} MATCH ${ftsPhrase(q)})`,
  textSearchIn: (table, column, id, q) =>
    sql<SqlBool>`${operand(id)} IN (SELECT rowid FROM ${sql.table(`${table}_fts`)} WHERE ${sql.table(`${table}_fts`)} MATCH ${`{${column}} : ${ftsPhrase(q)}`})`,
  relatedSearch: (q, weights, portalId) => {
    // Each word a phrase of its own (no FTS syntax from the text), any of them matching, in name or
    // description only (the portal column holds the `portal<id>` filter token).
    const words = [...new Set(q.toLowerCase().split(/[^\p{L}\p{N}]+/u))].filter((w) => [...w].length >= 3).slice(0, 32);
    if (words.length === 0) return null;
    const portal = portalId !== undefined ? ` AND portal : ${ftsPhrase(`portal${portalId}`)}` : '';
    // Each word also as a prefix (`"expo" *`): a title typed so far finds `export` and `exports`.
    const match = `{name description} : (${words.map((w) => `${ftsPhrase(w)} *`).join(' OR ')})${portal}`;
    const where = sql`FROM ideas_related WHERE ideas_related MATCH ${match}`;
    const score = sql`bm25(ideas_related, ${sql.lit(weights.name)}, ${sql.lit(weights.description)}, 0)`;
    return {
      count: sql<{ n: number }>`SELECT count(*) AS n ${where}`,
      // Ranked and cut inside the FTS table, so only a page of ids is joined to ideas afterwards.
      top: (limit, offset) =>
        sql<{
          id: number;
          score: number;
        }>`SELECT rowid AS id, ${score} AS score ${where} ORDER BY score, rowid LIMIT ${limit} OFFSET ${offset}`,
    };
  },
  daysSince: (column) => sql<number>`(julianday('now') - julianday(${operand(column)}))`,
  // SQLite's LIKE ignores ASCII case; Kysely's `like` operator has no ESCAPE clause, hence raw SQL.
  containsText: (column, text) => sql<SqlBool>`${operand(column)} LIKE ${`%${escapeLike(text)}%`} ESCAPE '\\'`,
  // NOCASE folds ASCII only, exactly as SQLite's lower() would on both sides, and unlike lower() it
  // lets a NOCASE index (users.email) serve the comparison.
  equalsIgnoringCase: (column, text) => sql<SqlBool>`${operand(column)} = ${text} COLLATE NOCASE`,
  // Unary plus: SQLite's documented way to keep a term from driving an index.
  noIndex: (expr) => sql`+${operand(expr)}`,
  least: (a, b) => sql`min(${operand(a)}, ${operand(b)})`,
  isDistinctFrom: (a, b) => sql<SqlBool>`${operand(a)} IS NOT ${b}`,
  explain: async (db, query) => (await sql<{ detail: string }>`EXPLAIN QUERY PLAN ${query}`.execute(db)).rows.map((r) => r.detail),
};

/** The dialect the store runs on. */
export const dialect: StoreDialect = sqliteDialect;
