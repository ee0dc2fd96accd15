// `total_records` without counting the whole scope on every request. Every list of every kind asks
// `countMatches` for its total, and gets it one of two exact ways:
//
// - A list narrowed by nothing but its scope (a product's features, a release's epics, the
//   account's initiatives) reads a counter: `list_counts` holds one row per counted table and scope
//   value, kept by triggers in the same transaction as every insert, delete and re-parenting, so it
//   can never disagree with the rows. Counting a product's 100,000 features by index took 4 ms; the
//   counter is one primary-key read. A kind declares its scopes in COUNTED_SCOPES and adds a
//   migration calling `counterTriggers` for them (docs/platform.md); a list that always leaves
//   some rows out by a flag (ideas: spam) counts a subset (COUNTED_SUBSETS, `subsetCounterTriggers`).
// - Any other list (filters, tables without counters) counts once per write version: the count is
//   cached under its SQL text and parameters together with the connection's `total_changes()` (its
//   own writes, triggers included) and `data_version` (commits by any other connection — the read
//   workers' connections see the writer's commits that way). Any write anywhere retires every
//   cached count, so a cached count is exact; inside a transaction nothing is cached or read from
//   the cache (the transaction may see its own uncommitted rows, or roll back).
import type { Compilable, CompiledQuery, RawBuilder } from 'kysely';
import type { Db } from './audit';
import { writeVersionOf } from './write-version';

/** Counted tables and the columns that scope their lists (an empty list: the whole table only). */
export const COUNTED_SCOPES = {
  features: ['product_id', 'release_id', 'epic_id', 'initiative_id'],
  epics: ['product_id', 'release_id', 'initiative_id'],
  requirements: ['feature_id'],
  initiatives: ['product_id', 'parent_id'],
  goals: ['product_id'],
  releases: ['product_id'],
  release_phases: ['release_id'],
  pages: ['product_id'],
} as const satisfies Record<string, readonly string[]>;

export type CountedTable = keyof typeof COUNTED_SCOPES;

/**
 * Counted subsets: the rows of a table whose flag has one value (the ideas not marked spam, which
 * every idea list shows unless asked for the spam), in all and per scope column. Their counters
 * are named `<table>[<flag>=<value>]` and `<table>[<flag>=<value>].<column>`.
 */
export const COUNTED_SUBSETS = {
  ideas: { flag: 'spam', value: 0, columns: ['product_id'] },
} as const satisfies Record<string, { flag: string; value: number; columns: readonly string[] }>;

export type CountedSubsetTable = keyof typeof COUNTED_SUBSETS;

/** A list narrowed only by its scope: the counter answers. No column: the whole table (or subset). */
export type CountedScope =
  | {
      [T in CountedTable]: { table: T; subset?: undefined; column?: (typeof COUNTED_SCOPES)[T][number]; id?: number };
    }[CountedTable]
  | {
      [T in CountedSubsetTable]: { table: T; subset: true; column?: (typeof COUNTED_SUBSETS)[T]['columns'][number]; id?: number };
    }[CountedSubsetTable];

/** The subset's counter name: `ideas[spam=0]`. */
export const subsetName = (table: string, flag: string, value: number): string => `${table}[${flag}=${value}]`;

/** The name of the trigger (on SQLite the stem of the three) that keeps a subset's counters. */
export const subsetTrigger = (table: string, flag: string, value: number): string => `${table}_count_${flag}_${value}`;

function counterName(scope: CountedScope): string {
  const base = scope.subset ? subsetName(scope.table, COUNTED_SUBSETS[scope.table].flag, COUNTED_SUBSETS[scope.table].value) : scope.table;
  return scopeName(base, scope.column);
}

const scopeName = (table: string, column?: string): string => (column ? `${table}.${column}` : table);

/**
 * The triggers that keep a table's counters, and the statements that fill them from the rows
 * already there: what a migration runs for a newly counted table. `list_counts` must exist.
 */
export function counterTriggers(table: string, columns: readonly string[]): string {
  const bump = (scope: string, value: string, by: '+' | '-') =>
    by === '+'
      ? `INSERT INTO list_counts(scope, scope_id, n) SELECT '${scope}', ${value}, 1 WHERE ${value} IS NOT NULL
           ON CONFLICT(scope, scope_id) DO UPDATE SET n = n + 1;`
      : `UPDATE list_counts SET n = n - 1 WHERE scope = '${scope}' AND scope_id = ${value};`;
  const all = scopeName(table);
  const lines = [
    `CREATE TRIGGER ${table}_count_insert AFTER INSERT ON ${table} BEGIN
       ${bump(all, '0', '+')}
       ${columns.map((c) => bump(scopeName(table, c), `NEW.${c}`, '+')).join('\n')}
     END;`,
    `CREATE TRIGGER ${table}_count_delete AFTER DELETE ON ${table} BEGIN
       ${bump(all, '0', '-')}
       ${columns.map((c) => bump(scopeName(table, c), `OLD.${c}`, '-')).join('\n')}
     END;`,
    ...columns.map(
      (c) => `CREATE TRIGGER ${table}_count_move_${c} AFTER UPDATE OF ${c} ON ${table} WHEN OLD.${c} IS NOT NEW.${c} BEGIN
       ${bump(scopeName(table, c), `OLD.${c}`, '-')}
       ${bump(scopeName(table, c), `NEW.${c}`, '+')}
     END;`,
    ),
    `INSERT INTO list_counts(scope, scope_id, n) SELECT '${all}', 0, count(*) FROM ${table};`,
    ...columns.map(
      (c) =>
        `INSERT INTO list_counts(scope, scope_id, n)
         SELECT '${scopeName(table, c)}', ${c}, count(*) FROM ${table} WHERE ${c} IS NOT NULL GROUP BY ${c};`,
    ),
  ];
  return lines.join('\n');
}

/**
 * The triggers that keep a subset's counters (COUNTED_SUBSETS), and the statements that fill them:
 * a row counts while its flag has the value, so setting or clearing the flag moves it in or out as
 * an insert or a delete would. `list_counts` must exist.
 */
export function subsetCounterTriggers(table: string, flag: string, value: number, columns: readonly string[]): string {
  const all = subsetName(table, flag, value);
  const scopes = [{ name: all, of: () => '0' }, ...columns.map((c) => ({ name: scopeName(all, c), of: (row: string) => `${row}.${c}` }))];
  const add = (row: string) =>
    scopes.map(
      (s) => `INSERT INTO list_counts(scope, scope_id, n) SELECT '${s.name}', ${s.of(row)}, 1 WHERE ${row}.${flag} = ${value} AND ${s.of(row)} IS NOT NULL
         ON CONFLICT(scope, scope_id) DO UPDATE SET n = n + 1;`,
    );
  const sub = (row: string) =>
    scopes.map((s) => `UPDATE list_counts SET n = n - 1 WHERE ${row}.${flag} = ${value} AND scope = '${s.name}' AND scope_id = ${s.of(row)};`);
  const watched = [flag, ...columns];
  const name = subsetTrigger(table, flag, value);
  return [
    `CREATE TRIGGER ${name}_insert AFTER INSERT ON ${table} WHEN NEW.${flag} = ${value} BEGIN
       ${add('NEW').join('\n')}
     END;`,
    `CREATE TRIGGER ${name}_delete AFTER DELETE ON ${table} WHEN OLD.${flag} = ${value} BEGIN
       ${sub('OLD').join('\n')}
     END;`,
    `CREATE TRIGGER ${name}_update AFTER UPDATE OF ${watched.join(', ')} ON ${table}
       WHEN ${watched.map((c) => `OLD.${c} IS NOT NEW.${c}`).join(' OR ')} BEGIN
       ${sub('OLD').join('\n')}
       ${add('NEW').join('\n')}
     END;`,
    `INSERT INTO list_counts(scope, scope_id, n) SELECT '${all}', 0, count(*) FROM ${table} WHERE ${flag} = ${value};`,
    ...columns.map(
      (c) =>
        `INSERT INTO list_counts(scope, scope_id, n)
         SELECT '${scopeName(all, c)}', ${c}, count(*) FROM ${table} WHERE ${flag} = ${value} AND ${c} IS NOT NULL GROUP BY ${c};`,
    ),
  ].join('\n');
}

/** The counter of a scope (0 when it never had a row). */
async function readCounter(db: Db, scope: CountedScope): Promise<number> {
  const row = await db
    .selectFrom('list_counts')
    .select('n')
    .where('scope', '=', counterName(scope))
    .where('scope_id', '=', scope.column ? (scope.id ?? 0) : 0)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

const CACHE_SIZE = 2_000;
/** Per database handle: the cached counts and the write version they were counted at. */
const caches = new WeakMap<Db, { version: string; counts: Map<string, number> }>();

/**
 * How many rows a list's count query matches (`SELECT count(*) AS n …`): from the scope's counter
 * when the list is narrowed by its scope alone (`scope` given), else from the per-write-version
 * cache, else counted.
 */
export async function countMatches(
  db: Db,
  count: RawBuilder<{ n: number }> | Compilable<{ n: number }>,
  scope?: CountedScope,
): Promise<number> {
  if (scope) return readCounter(db, scope);
  const compiled: CompiledQuery<{ n: number }> = count.compile(db) as CompiledQuery<{ n: number }>;
  const run = async () => Number((await db.executeQuery(compiled)).rows[0]?.n ?? 0);
  const writeVersion = writeVersionOf(db);
  if (db.isTransaction || !writeVersion) return run();
  const version = writeVersion();
  let cache = caches.get(db);
  if (!cache || cache.version !== version) {
    cache = { version, counts: new Map() };
    caches.set(db, cache);
  }
  const key = `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
  const hit = cache.counts.get(key);
  if (hit !== undefined) return hit;
  const n = await run();
  // A write between the version read and the count would make this entry stale: re-check first.
  if (writeVersion() === version) {
    if (cache.counts.size >= CACHE_SIZE) cache.counts.delete(cache.counts.keys().next().value as string);
    cache.counts.set(key, n);
  }
  return n;
}
