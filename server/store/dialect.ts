// The storage seam: every piece of SQL the store writes that only SQLite understands (or that means
// something else elsewhere) is a named helper here, so a PostgreSQL dialect can be written beside
// this one and the store modules stay as they are. Migrations are per dialect by nature and live in
// migrations.ts.
import { CompiledQuery, PostgresAdapter, sql, SqliteAdapter, SqliteDialect, SqliteDriver } from 'kysely';
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
import type { RelatedIndex, WordGroup } from './related-search';
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
   * The related-idea search's index (store/related-search.ts): the impact-ordered word lists of the
   * ideas it may suggest (not spam, not merged; migration 14) and the word FTS over the same ideas
   * (`ideas_related`, migration 12) for counts and AND queries.
   */
  readonly relatedIndex: RelatedIndex;
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
  /**
   * `column` holds a JSON array of texts (a multi-select or users custom field value) with `item`
   * among them. A value that is not JSON (written while its field had a one-value type) reads as a
   * list of itself rather than failing the whole query.
   */
  jsonListContains(column: Operand, item: string): RawBuilder<SqlBool>;
  /** `INDEXED BY index` where the planner takes it (SQLite), nothing where it chooses alone. */
  indexedBy(index: string): RawBuilder<unknown>;
  /** The distinct values of `expr` in a group, joined by commas. */
  groupConcatDistinct(expr: Operand): RawBuilder<string>;
  /**
   * The physical key of a row, for tables without an `id` (link tables): selected as `__rowid` and
   * handed back to `rowKeyIn` in the same transaction.
   */
  readonly rowKey: RawBuilder<unknown>;
  /** `rowKey IN (keys)`. */
  rowKeyIn(keys: readonly unknown[]): RawBuilder<SqlBool>;
  /**
   * Takes `n` ids of `table` that no row has and no later insert will be given (the seed's
   * history writes rows with ids of its own choosing): answers the first.
   */
  reserveIds(db: QueryExecutorProvider, table: string, n: number): Promise<number>;
  /** The planner's plan for a query, one line per step, for tests and benchmarks that check index use. */
  explain(db: QueryExecutorProvider, query: RawBuilder<unknown>): Promise<string[]>;
  /**
   * Every table's columns and the foreign keys between tables, as the live schema declares them:
   * what the recycle bin reads to put rows back and to find the links a delete clears.
   */
  schemaInfo(db: QueryExecutorProvider): Promise<SchemaInfo>;
}

/** A column of the live schema. */
export interface ColumnInfo {
  name: string;
  notNull: boolean;
}

/** A foreign key: `table.column` names a row of `target` by its `targetColumn`. */
export interface ForeignKeyInfo {
  table: string;
  column: string;
  target: string;
  targetColumn: string;
  /** What the database does to `column` when the named row is deleted. */
  onDelete: 'set null' | 'cascade' | 'restrict' | 'none';
}

export interface SchemaInfo {
  columns: ReadonlyMap<string, readonly ColumnInfo[]>;
  foreignKeys: readonly ForeignKeyInfo[];
}

/** Read once per process and dialect: the schema only changes in migrations, which run before anything else reads it. */
let schemaCache: Promise<SchemaInfo> | null = null;
let postgresSchemaCache: Promise<SchemaInfo> | null = null;

async function readSqliteSchema(db: QueryExecutorProvider): Promise<SchemaInfo> {
  const tables = await sql<{
    name: string;
  }>`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND sql NOT LIKE 'CREATE VIRTUAL%'`.execute(db);
  const columns = new Map<string, ColumnInfo[]>();
  const foreignKeys: ForeignKeyInfo[] = [];
  const onDelete = (action: string): ForeignKeyInfo['onDelete'] =>
    action === 'SET NULL' ? 'set null' : action === 'CASCADE' ? 'cascade' : action === 'RESTRICT' ? 'restrict' : 'none';
  for (const { name } of tables.rows) {
    const info = await sql<{ name: string; notnull: number }>`SELECT name, "notnull" FROM pragma_table_info(${name})`.execute(db);
    columns.set(
      name,
      info.rows.map((c) => ({ name: c.name, notNull: c.notnull === 1 })),
    );
    const keys = await sql<{ table: string; from: string; to: string | null; on_delete: string }>`
      SELECT "table", "from", "to", on_delete FROM pragma_foreign_key_list(${name})`.execute(db);
    for (const k of keys.rows) {
      foreignKeys.push({ table: name, column: k.from, target: k.table, targetColumn: k.to ?? 'id', onDelete: onDelete(k.on_delete) });
    }
  }
  return { columns, foreignKeys };
}

/**
 * Unary plus, SQLite's documented way to keep a term from driving an index. It is one raw node of
 * its own so that PostgreSQL's plugin (postgres.ts) drops it: PostgreSQL has no unary plus on text,
 * and its planner takes no hints.
 */
export const UNARY_PLUS = sql.raw('+');

/** The same value as `expr`, written so that SQLite's planner cannot serve it from an index. */
export const noIndex = (expr: Operand): RawBuilder<unknown> => sql`${UNARY_PLUS}${operand(expr)}`;

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

/** A word as an FTS5 prefix phrase (`"expo" *`) in the name or description columns. */
const ftsPrefixes = (prefixes: readonly string[]): string => prefixes.map((p) => `${ftsPhrase(p)} *`).join(' OR ');

/** `{name description} : (expression)`, narrowed to a portal by its token when given. */
const relatedMatch = (expression: string, portalId: number | undefined): string =>
  `{name description} : (${expression})${portalId !== undefined ? ` AND portal : ${ftsPhrase(`portal${portalId}`)}` : ''}`;

const portalFilter = (portalId: number | undefined): RawBuilder<unknown> =>
  portalId !== undefined ? sql` AND portal_id = ${portalId}` : sql``;

/** Terms starting with a prefix: `prefix` up to (not including) `prefix` followed by the last code point. */
const termsFrom = (prefix: RawBuilder<unknown> | string): RawBuilder<SqlBool> =>
  sql<SqlBool>`term >= ${prefix} AND term < ${prefix} || char(1114111)`;

/**
 * The SQL scoring of the related-idea search (RelatedIndex.ranked) over the word table both
 * databases keep alike; `termsFrom` is the dialect's prefix range.
 */
function rankedWith(termsFrom: (prefix: RawBuilder<unknown> | string) => RawBuilder<SqlBool>): RelatedIndex['ranked'] {
  return (strong, weak, floor, portalId, limit, offset) => {
    // One row per idea and strong word: a word of one completion reads its list as it is, one of
    // several keeps each idea's best completion.
    const parts = strong.map((w) =>
      w.terms.length === 1
        ? sql`SELECT idea_id, impact * ${w.idf} AS s FROM ideas_related_terms WHERE term = ${w.terms[0]}${portalFilter(portalId)}`
        : sql`SELECT idea_id, max(impact) * ${w.idf} AS s FROM ideas_related_terms
            WHERE ${termsFrom(w.prefix)}${portalFilter(portalId)} GROUP BY idea_id`,
    );
    // A weak word's best impact in each idea left: a look-up in the idea's own terms.
    const lookups = weak.map(
      (w) =>
        sql` + coalesce((SELECT max(t.impact) FROM ideas_related_terms t WHERE t.idea_id = x.idea_id AND ${
          w.terms.length === 1 ? sql`term = ${w.terms[0]}` : termsFrom(w.prefix)
        }), 0) * ${w.idf}`,
    );
    return sql<{ id: number; score: number }>`SELECT idea_id AS id, p${sql.join(lookups, sql``)} AS score FROM (
        SELECT idea_id, sum(s) AS p FROM (${sql.join(parts, sql` UNION ALL `)}) parts GROUP BY idea_id HAVING sum(s) >= ${floor}
      ) x ORDER BY score DESC, idea_id LIMIT ${limit} OFFSET ${offset}`;
  };
}

const sqliteRelatedIndex: RelatedIndex = {
  ideaCount: () => sql<{ n: number }>`SELECT coalesce((SELECT ideas FROM ideas_related_stats WHERE id = 1), 0) AS n`,
  completions: (prefixes) =>
    sql<{ prefix: number; term: string; ideas: number }>`SELECT p.key AS prefix, v.term, v.ideas
      FROM json_each(${JSON.stringify(prefixes)}) p JOIN ideas_related_vocab v ON ${termsFrom(sql`p.value`)}`,
  byImpact: (term, portalId, limit) =>
    sql<{ id: number; impact: number }>`SELECT idea_id AS id, impact FROM ideas_related_terms
      WHERE term = ${term}${portalFilter(portalId)} ORDER BY impact DESC, idea_id LIMIT ${limit}`,
  // Each idea's own rows read through (unary plus: not one seek per idea and term, which costs more).
  impacts: (ids, terms) =>
    sql<{ id: number; term: string; impact: number }>`SELECT t.idea_id AS id, t.term, t.impact
      FROM json_each(${JSON.stringify(ids)}) c JOIN ideas_related_terms t ON t.idea_id = c.value
      WHERE +t.term IN (SELECT value FROM json_each(${JSON.stringify(terms)}))`,
  count: (prefixes, portalId) =>
    sql<{ n: number }>`SELECT count(*) AS n FROM ideas_related WHERE ideas_related MATCH ${relatedMatch(ftsPrefixes(prefixes), portalId)}`,
  holding: (groups, portalId, limit) => {
    const word = (terms: readonly string[]): string => `(${terms.map(ftsPhrase).join(' OR ')})`;
    const expression = groups
      .map((g) => `(${[...g.all.map(word), ...(g.any.length > 0 ? [`(${g.any.map(word).join(' OR ')})`] : [])].join(' AND ')})`)
      .join(' OR ');
    const match = relatedMatch(expression, portalId);
    return sql<{ id: number }>`SELECT rowid AS id FROM ideas_related WHERE ideas_related MATCH ${match} LIMIT ${limit}`;
  },
  ranked: rankedWith(termsFrom),
};

export const sqliteDialect: StoreDialect = {
  textSearchMinLength: 3,
  textSearch: (table, id, q) =>
    sql<SqlBool>`${operand(id)} IN (SELECT rowid FROM ${sql.table(`${table}_fts`)} WHERE ${sql.table(`${table}_fts`)} MATCH ${ftsPhrase(q)})`,
  textSearchIn: (table, column, id, q) =>
    sql<SqlBool>`${operand(id)} IN (SELECT rowid FROM ${sql.table(`${table}_fts`)} WHERE ${sql.table(`${table}_fts`)} MATCH ${`{${column}} : ${ftsPhrase(q)}`})`,
  relatedIndex: sqliteRelatedIndex,
  daysSince: (column) => sql<number>`(julianday('now') - julianday(${operand(column)}))`,
  // SQLite's LIKE ignores ASCII case; Kysely's `like` operator has no ESCAPE clause, hence raw SQL.
  containsText: (column, text) => sql<SqlBool>`${operand(column)} LIKE ${`%${escapeLike(text)}%`} ESCAPE '\\'`,
  // NOCASE folds ASCII only, exactly as SQLite's lower() would on both sides, and unlike lower() it
  // lets a NOCASE index (users.email) serve the comparison.
  equalsIgnoringCase: (column, text) => sql<SqlBool>`${operand(column)} = ${text} COLLATE NOCASE`,
  noIndex,
  least: (a, b) => sql`min(${operand(a)}, ${operand(b)})`,
  isDistinctFrom: (a, b) => sql<SqlBool>`${operand(a)} IS NOT ${b}`,
  // json_each reads the list as rows; malformed JSON would be an error for the whole list query, so
  // a text that is not JSON is wrapped as a one-item list first.
  jsonListContains: (column, item) => {
    const c = operand(column);
    return sql<SqlBool>`EXISTS (SELECT 1 FROM json_each(CASE WHEN json_valid(${c}) THEN ${c} ELSE json_array(${c}) END) AS j WHERE j.value = ${item})`;
  },
  indexedBy: (index) => sql` INDEXED BY ${sql.raw(index)}`,
  groupConcatDistinct: (expr) => sql<string>`group_concat(DISTINCT ${operand(expr)})`,
  rowKey: sql`rowid`,
  rowKeyIn: (keys) => sql<SqlBool>`rowid IN (${sql.join(keys)})`,
  reserveIds: async (db, table, n) => {
    const seq = await sql<{ seq: number | null }>`SELECT max(seq) AS seq FROM sqlite_sequence WHERE name = ${table}`.execute(db);
    const max = await sql<{ id: number | null }>`SELECT max(id) AS id FROM ${sql.table(table)}`.execute(db);
    const first = Math.max(Number(seq.rows[0]?.seq ?? 0), Number(max.rows[0]?.id ?? 0)) + 1;
    const last = first + n - 1;
    const updated = await sql`UPDATE sqlite_sequence SET seq = ${last} WHERE name = ${table}`.execute(db);
    if (Number(updated.numAffectedRows ?? 0) === 0) await sql`INSERT INTO sqlite_sequence (name, seq) VALUES (${table}, ${last})`.execute(db);
    return first;
  },
  explain: async (db, query) => (await sql<{ detail: string }>`EXPLAIN QUERY PLAN ${query}`.execute(db)).rows.map((r) => r.detail),
  schemaInfo: (db) => (schemaCache ??= readSqliteSchema(db)),
};

/** Terms starting with a prefix, on PostgreSQL (`term` is byte-ordered text there too). */
const pgTermsFrom = (prefix: RawBuilder<unknown> | string): RawBuilder<SqlBool> =>
  sql<SqlBool>`term >= ${prefix} AND term < ${prefix} || chr(1114111)`;

/** The ideas holding any of a word's completions. */
const pgHolders = (terms: readonly string[], portalId: number | undefined): RawBuilder<unknown> =>
  sql`SELECT idea_id FROM ideas_related_terms WHERE term IN (${sql.join(terms)})${portalFilter(portalId)}`;

/**
 * The related-idea index on PostgreSQL: the same word tables as SQLite's (postgres-schema.ts fills
 * them with the same words and impacts), with the word index itself answering what SQLite's FTS5
 * table answers (how many ideas hold a prefix, which hold a set of words).
 */
const postgresRelatedIndex: RelatedIndex = {
  ideaCount: sqliteRelatedIndex.ideaCount,
  completions: (prefixes) =>
    sql<{ prefix: number; term: string; ideas: number }>`SELECT (p.ord - 1)::int AS prefix, v.term, v.ideas
      FROM jsonb_array_elements_text(${JSON.stringify(prefixes)}::jsonb) WITH ORDINALITY AS p(value, ord)
      JOIN ideas_related_vocab v ON ${pgTermsFrom(sql`p.value`)}`,
  byImpact: sqliteRelatedIndex.byImpact,
  // Arrays, so the primary key serves each (idea, term) pair: from JSON sets the planner guessed a
  // hundred rows each and read every row of the terms (20,000 ideas: 1.9 ms against 0.14).
  impacts: (ids, terms) =>
    sql<{ id: number; term: string; impact: number }>`SELECT idea_id AS id, term, impact FROM ideas_related_terms
      WHERE idea_id = ANY(${[...ids]}::bigint[]) AND term = ANY(${[...terms]}::text[])`,
  // One index-only range per prefix, merged: count(DISTINCT) over an OR of the ranges read the
  // table's rows and sorted them (20,000 ideas, 6,000 matches: 23 ms against 9).
  count: (prefixes, portalId) =>
    sql<{ n: number }>`SELECT count(*) AS n FROM (${sql.join(
      prefixes.map((p) => sql`SELECT idea_id FROM ideas_related_terms WHERE ${pgTermsFrom(p)}${portalFilter(portalId)}`),
      sql` UNION `,
    )}) held`,
  holding: (groups, portalId, limit) => {
    const group = (g: WordGroup) =>
      sql`(${sql.join(
        [...g.all.map((terms) => pgHolders(terms, portalId)), ...(g.any.length > 0 ? [pgHolders(g.any.flat(), portalId)] : [])],
        sql` INTERSECT `,
      )})`;
    return sql<{ id: number }>`SELECT idea_id AS id FROM (${sql.join(groups.map(group), sql` UNION `)}) held LIMIT ${limit}`;
  },
  ranked: rankedWith(pgTermsFrom),
};

async function readPostgresSchema(db: QueryExecutorProvider): Promise<SchemaInfo> {
  const cols = await sql<{ table_name: string; column_name: string; is_nullable: string }>`
    SELECT table_name, column_name, is_nullable FROM information_schema.columns
    WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position`.execute(db);
  const columns = new Map<string, ColumnInfo[]>();
  for (const c of cols.rows) {
    const list = columns.get(c.table_name) ?? [];
    list.push({ name: c.column_name, notNull: c.is_nullable === 'NO' });
    columns.set(c.table_name, list);
  }
  // Single-column keys (every key of this schema is one column).
  const keys = await sql<{ table: string; column: string; target: string; target_column: string; action: string }>`
    SELECT src.relname AS "table", a.attname AS "column", dst.relname AS target, b.attname AS target_column, c.confdeltype AS action
    FROM pg_constraint c
    JOIN pg_class src ON src.oid = c.conrelid
    JOIN pg_class dst ON dst.oid = c.confrelid
    JOIN pg_namespace n ON n.oid = src.relnamespace AND n.nspname = current_schema()
    JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
    JOIN pg_attribute b ON b.attrelid = c.confrelid AND b.attnum = c.confkey[1]
    WHERE c.contype = 'f' ORDER BY src.relname, c.conname`.execute(db);
  const onDelete = (action: string): ForeignKeyInfo['onDelete'] =>
    action === 'n' ? 'set null' : action === 'c' ? 'cascade' : action === 'r' ? 'restrict' : 'none';
  const foreignKeys = keys.rows.map((k) => ({
    table: k.table,
    column: k.column,
    target: k.target,
    targetColumn: k.target_column,
    onDelete: onDelete(k.action),
  }));
  return { columns, foreignKeys };
}

export const postgresDialect: StoreDialect = {
  textSearchMinLength: 3,
  // pg_trgm's GIN indexes (postgres-schema.ts) serve a contains-match on the name.
  textSearch: (table, id, q) =>
    sql<SqlBool>`${operand(id)} IN (SELECT id FROM ${sql.table(table)} WHERE name ILIKE ${`%${escapeLike(q)}%`} ESCAPE '\\')`,
  textSearchIn: (table, column, id, q) =>
    sql<SqlBool>`${operand(id)} IN (SELECT id FROM ${sql.table(table)} WHERE ${sql.ref(column)} ILIKE ${`%${escapeLike(q)}%`} ESCAPE '\\')`,
  relatedIndex: postgresRelatedIndex,
  daysSince: (column) => sql<number>`(extract(epoch FROM (now() - (${operand(column)})::timestamptz)) / 86400.0)`,
  containsText: (column, text) => sql<SqlBool>`${operand(column)} ILIKE ${`%${escapeLike(text)}%`} ESCAPE '\\'`,
  equalsIgnoringCase: (column, text) => sql<SqlBool>`lower(${operand(column)}) = lower(${text})`,
  // PostgreSQL's planner takes no hints; its statistics choose the index.
  noIndex: (expr) => sql`${operand(expr)}`,
  least: (a, b) => sql`least(${operand(a)}, ${operand(b)})`,
  isDistinctFrom: (a, b) => sql<SqlBool>`${operand(a)} IS DISTINCT FROM ${b}`,
  jsonListContains: (column, item) =>
    sql<SqlBool>`EXISTS (SELECT 1 FROM jsonb_array_elements_text(planner_json_list(${operand(column)})) AS j WHERE j = ${item})`,
  indexedBy: () => sql``,
  groupConcatDistinct: (expr) => sql<string>`string_agg(DISTINCT ${operand(expr)}, ',')`,
  // ctid: stable within the transaction that reads and deletes (no update moves the rows between).
  rowKey: sql`ctid`,
  rowKeyIn: (keys) => sql<SqlBool>`ctid = ANY(${keys.map(String)}::tid[])`,
  reserveIds: async (db, table, n) => {
    // Sequences are outside transactions: taking the block moves it for every instance at once.
    const r = await sql<{ first: number }>`SELECT nextval(pg_get_serial_sequence(${table}, 'id')) AS first`.execute(db);
    const first = Number(r.rows[0]?.first);
    await sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), ${first + n - 1})`.execute(db);
    return first;
  },
  explain: async (db, query) => (await sql<{ 'QUERY PLAN': string }>`EXPLAIN ${query}`.execute(db)).rows.map((r) => r['QUERY PLAN']),
  schemaInfo: (db) => (postgresSchemaCache ??= readPostgresSchema(db)),
};

/** The dialect of the database a handle (or transaction) runs on. */
export function dialectOf(db: QueryExecutorProvider): StoreDialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? postgresDialect : sqliteDialect;
}
