// One page of a list and the count of all its matches, the shape every list operation answers
// with: the count runs on the filtered query, then the page on the same query in the list's order.
import { sql } from 'kysely';
import type { SelectQueryBuilder } from 'kysely';
import type { Paging } from '../problems';

export interface Page<T> {
  rows: T[];
  total: number;
}

/**
 * Counts what `filtered` matches, then reads the page `ordered` selects from it. `ordered` picks the
 * columns and the order (always ending on a unique column, so pages do not overlap).
 */
export async function listPage<DB, TB extends keyof DB, O, Row>(
  filtered: SelectQueryBuilder<DB, TB, O>,
  p: Paging,
  ordered: (q: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, Row>,
): Promise<Page<Row>> {
  // The selection's type is generic here; the one column it adds is the count.
  const counted: unknown = await filtered.select(sql<number>`count(*)`.as('total')).executeTakeFirstOrThrow();
  const { total } = counted as { total: number };
  const rows = await ordered(filtered).limit(p.perPage).offset(p.offset).execute();
  return { rows, total: Number(total) };
}
