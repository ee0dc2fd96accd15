// Queries built and compiled once. Kysely builds a query as a tree of frozen nodes and compiles the
// tree to SQL on every execution: for the look-ups every read repeats (a record by id, the rows
// beside a page of records) that was a fifth of a feature page's CPU in a read worker, for SQL text
// that never changes. A prepared query is built once per shape with stand-ins for its values,
// compiled once per dialect, and run with the values of each call put in the stand-ins' places.
//
//   const byId = prepared((db, id: number) => db.selectFrom('features').selectAll().where('id', '=', id));
//   const row = (await byId(db, 42))[0];
//
// The builder must use its value arguments as values only (compared, listed, inserted), never
// compute with them: it runs once, with stand-ins. An array argument is a list of values (`in`):
// its length is part of the shape. A value that is not a stand-in stays as the builder gave it.
import type { Compilable, CompiledQuery, DialectAdapter, Kysely } from 'kysely';
import type { Db } from './audit';
import type { Database } from './schema';

/** Stands for the `index`-th argument (or, with `item`, that element of the list argument). */
class StandIn {
  constructor(
    readonly index: number,
    readonly item: number,
  ) {}
}

/** Shapes kept per prepared query; past this (lists of many lengths) a call compiles as usual. */
const MAX_SHAPES = 256;

/**
 * Every stand-in must have become a parameter of the SQL: one the builder computed with, or that
 * kysely wrote into the text, would leave its argument unused. A mistake in the code, found the
 * first time the query runs (in the tests).
 */
function checkUsed(values: readonly unknown[], parameters: readonly unknown[]): void {
  const used = new Set<unknown>(parameters.filter((p) => p instanceof StandIn));
  for (const v of values.flat()) {
    if (!used.has(v)) throw new Error(`prepared query: argument ${(v as StandIn).index} is not used as a value of the query`);
  }
}

/** A row of the query's result. */
type Row<Q> = Q extends Compilable<infer O> ? O : never;

export type PreparedQuery<A extends unknown[], Q> = (db: Db, ...args: A) => Promise<Row<Q>[]>;

/** A query whose values are its arguments. */
export function prepared<A extends unknown[], Q extends Compilable<unknown>>(build: (db: Kysely<Database>, ...args: A) => Q): PreparedQuery<A, Q> {
  const run = preparedQuery((db: Kysely<Database>, _table: null, ...args: A) => build(db, ...args));
  return (db, ...args) => run(db, null, ...args);
}

/**
 * A query per `part` (a table or column name: part of the SQL, not a value), whose values are the
 * other arguments: one helper for a look-up every table shares.
 */
export function preparedPer<P extends string | null, A extends unknown[], Q extends Compilable<unknown>>(
  build: (db: Kysely<Database>, part: P, ...args: A) => Q,
): (db: Db, part: P, ...args: A) => Promise<Row<Q>[]> {
  return preparedQuery(build);
}

function preparedQuery<P extends string | null, A extends unknown[], Q extends Compilable<unknown>>(
  build: (db: Kysely<Database>, part: P, ...args: A) => Q,
): (db: Db, part: P, ...args: A) => Promise<Row<Q>[]> {
  // Compiled SQL per dialect (its adapter) and shape (the part, the lengths of the list arguments).
  const compiled = new WeakMap<DialectAdapter, Map<string, CompiledQuery>>();
  const shapeOf = (part: P, args: readonly unknown[]): string => {
    let key = `${part ?? ''}:`;
    for (const a of args) key += Array.isArray(a) ? `${a.length},` : '.,';
    return key;
  };
  const standIns = (args: readonly unknown[]): unknown[] =>
    args.map((a, index) => (Array.isArray(a) ? a.map((_, item) => new StandIn(index, item)) : new StandIn(index, -1)));
  const valueOf = (args: readonly unknown[], p: unknown): unknown => {
    if (!(p instanceof StandIn)) return p;
    const arg = args[p.index];
    return p.item < 0 ? arg : (arg as unknown[])[p.item];
  };

  return async (db, part, ...args) => {
    const adapter = db.getExecutor().adapter;
    let shapes = compiled.get(adapter);
    if (!shapes) {
      shapes = new Map();
      compiled.set(adapter, shapes);
    }
    const shape = shapeOf(part, args);
    let template = shapes.get(shape);
    if (!template) {
      // Built on the caller's connection: only its compiler is used (nothing runs).
      const values = standIns(args);
      template = build(db as Kysely<Database>, part, ...(values as A)).compile();
      checkUsed(values, template.parameters);
      if (shapes.size < MAX_SHAPES) shapes.set(shape, template);
    }
    const parameters = template.parameters.map((p) => valueOf(args, p));
    return (await db.executeQuery<Row<Q>>({ ...template, parameters })).rows;
  };
}
