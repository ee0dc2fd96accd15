// One page of a list and the count of all its matches, the shape every list operation answers
// with: the count (store/counts.ts: a counter or a count cached per write version) of the filtered
// query, then the page on the same query in the list's order.
import { sql } from 'kysely';
import type { Kysely, RawBuilder, SelectQueryBuilder } from 'kysely';
import type { Paging } from '../problems';
import { countMatches } from './counts';
import type { CountedScope } from './counts';
import type { Database } from './schema';
import { writeVersionOf } from './write-version';

export interface Page<T> {
  rows: T[];
  total: number;
}

/**
 * Counts what `filtered` matches, then reads the page `ordered` selects from it. `ordered` picks the
 * columns and the order (always ending on a unique column, so pages do not overlap). `scope`: the
 * list is narrowed by nothing but that scope, whose counter answers the count.
 */
export async function listPage<TB extends keyof Database, O, Row>(
  db: Kysely<Database>,
  filtered: SelectQueryBuilder<Database, TB, O>,
  p: Paging,
  ordered: (q: SelectQueryBuilder<Database, TB, O>) => SelectQueryBuilder<Database, TB, Row>,
  scope?: CountedScope,
): Promise<Page<Row>> {
  const total = await countMatches(db, filtered.select(sql<number>`count(*)`.as('n')) as never, scope);
  if (total === 0 || p.offset >= total) return { rows: [], total };
  const rows = await ordered(filtered).limit(p.perPage).offset(p.offset).execute();
  return { rows, total };
}

/** One column of a list's order: its SQL reference, direction, and the row field that holds it. */
export interface OrderColumn {
  ref: string;
  field: string;
  desc?: boolean;
}

/** A list's page query in parts, so a seek condition can join its conditions. */
export interface SeekableList {
  /** `SELECT … FROM …`, without WHERE. */
  select: RawBuilder<unknown>;
  conditions: RawBuilder<unknown>[];
  /** NOT NULL columns, the last one unique: every row has one place. */
  order: OrderColumn[];
}

const ANCHORS_PER_LIST = 1_000;
const LISTS_PER_DB = 500;
/** Per database handle: for each list query, the order key of the row just before each known offset. */
const anchorCaches = new WeakMap<object, { version: string; lists: Map<string, Map<number, unknown[]>> }>();

/** The list's query for `limit` rows after skipping `skip`, after the order key `seek` when given. */
export function seekQuery<Row>(list: SeekableList, limit: number, skip: number, seek: unknown[] | null = null): RawBuilder<Row> {
  const conditions = seek ? [...list.conditions, seekAfter(list.order, seek)] : list.conditions;
  const where = conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
  return sql<Row>`${list.select} ${where} ORDER BY ${orderBy(list.order)} LIMIT ${limit} OFFSET ${skip}`;
}

const orderBy = (order: OrderColumn[]): RawBuilder<unknown> =>
  sql.join(
    order.map((o) => (o.desc ? sql`${sql.ref(o.ref)} DESC` : sql`${sql.ref(o.ref)}`)),
    sql`, `,
  );

/**
 * One page of a list, read from the nearest known place instead of skipping `offset` rows: deep
 * pages cost what page 1 costs (keyset paging under the page numbers). Each page served remembers
 * the order key before it and after it, for this list query and this write version (any write
 * forgets them, so a remembered place is never stale); a page with no remembered place at or
 * before it skips rows from the nearest one, or from the start, as plain OFFSET paging does.
 * Sequential pages and repeated requests for the same deep page then seek straight to their rows.
 */
export async function seekPage<Row>(db: Kysely<Database>, list: SeekableList, p: Paging): Promise<Row[]> {
  const run = async (seek: unknown[] | null, limit: number, skip: number): Promise<Row[]> =>
    (await seekQuery<Row>(list, limit, skip, seek).execute(db)).rows;
  const writeVersion = writeVersionOf(db);
  if (db.isTransaction || !writeVersion) return run(null, p.perPage, p.offset);

  const version = writeVersion();
  let cache = anchorCaches.get(db);
  if (!cache || cache.version !== version) {
    cache = { version, lists: new Map() };
    anchorCaches.set(db, cache);
  }
  const where = list.conditions.length ? sql`WHERE ${sql.join(list.conditions, sql` AND `)}` : sql``;
  const compiled = sql`${list.select} ${where} ORDER BY ${orderBy(list.order)}`.compile(db);
  const id = `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
  let anchors = cache.lists.get(id);
  if (!anchors) {
    if (cache.lists.size >= LISTS_PER_DB) cache.lists.delete(cache.lists.keys().next().value as string);
    anchors = new Map();
    cache.lists.set(id, anchors);
  }
  const keyOf = (row: Row): unknown[] => list.order.map((o) => (row as Record<string, unknown>)[o.field]);

  // The nearest remembered place at or before the page (offset 0 is the start: no seek).
  let from = 0;
  let seek: unknown[] | null = null;
  for (const [at, key] of anchors) {
    if (at <= p.offset && at > from) {
      from = at;
      seek = key;
    }
  }
  // One row before the page when it has no remembered place: its key becomes the page's place.
  const before = p.offset > from ? 1 : 0;
  const rows = await run(seek, p.perPage + before, p.offset - from - before);
  if (writeVersion() !== version) return rows.slice(before);
  const page = rows.slice(before);
  const remember = (at: number, row: Row | undefined) => {
    if (!row || anchors.has(at)) return;
    if (anchors.size >= ANCHORS_PER_LIST) anchors.delete(anchors.keys().next().value as number);
    anchors.set(at, keyOf(row));
  };
  if (before) remember(p.offset, rows[0]);
  if (page.length === p.perPage) remember(p.offset + p.perPage, page.at(-1));
  return page;
}

/** Rows after `key` in the order: (a, b) > (x, y) lexicographically, each column in its direction. */
function seekAfter(order: OrderColumn[], key: unknown[]): RawBuilder<unknown> {
  // One direction: a row-value comparison, which SQLite answers as a range of the order's index.
  if (order.every((o) => Boolean(o.desc) === Boolean(order[0]?.desc))) {
    const columns = sql.join(order.map((o) => sql.ref(o.ref)));
    const values = sql.join(key.map((k) => sql`${k}`));
    return order[0]?.desc ? sql`(${columns}) < (${values})` : sql`(${columns}) > (${values})`;
  }
  // Mixed: (a > x) OR (a = x AND b > y) OR …; every column NOT NULL, so plain comparisons are exact.
  const alternatives = order.map((o, i) => {
    const equal = order.slice(0, i).map((e, j) => sql`${sql.ref(e.ref)} = ${key[j]}`);
    const beyond = o.desc ? sql`${sql.ref(o.ref)} < ${key[i]}` : sql`${sql.ref(o.ref)} > ${key[i]}`;
    return sql`(${sql.join([...equal, beyond], sql` AND `)})`;
  });
  return sql`(${sql.join(alternatives, sql` OR `)})`;
}
