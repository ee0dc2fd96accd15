// One page of a list and the count of all its matches, the shape every list operation answers
// with: the count (store/counts.ts: a counter or a count cached per write version) of the filtered
// query, then the page on the same query in the list's order.
import { sql } from 'kysely';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Paging } from '../problems';
import { countMatches } from './counts';
import type { CountedScope } from './counts';
import type { Database } from './schema';

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
