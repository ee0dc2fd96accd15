// Positions: the sort key of a record among its siblings (a release's features, epics and phases, a
// feature's requirements, a product's initiatives and goals). One rule for every ordered kind: a
// body may send `position` (an integer 0–1,000,000; lists order by it, then by id); a new record,
// or one moved to another scope, goes to the end unless the body places it; `null` sends it to the
// end (initiatives and goals, whose position may be empty, keep it empty: listed after the rest).
import { sql } from 'kysely';
import type { Db } from './audit';

/** The ordered tables and the column that scopes their positions. */
interface PositionScopes {
  epics: 'release_id';
  features: 'release_id';
  goals: 'product_id';
  initiatives: 'product_id';
  release_phases: 'release_id';
  requirements: 'feature_id';
}

/** One past the highest position in the scope (1 when empty), leaving out the record `exceptId`. */
export async function nextPosition<T extends keyof PositionScopes>(
  db: Db,
  table: T,
  scope: PositionScopes[T],
  scopeId: number,
  exceptId?: number,
): Promise<number> {
  let q = db
    .selectFrom(table as keyof PositionScopes)
    .select(sql<number | null>`max(${sql.ref('position')})`.as('max'))
    .where(sql.ref(scope), '=', scopeId);
  if (exceptId !== undefined) q = q.where(sql.ref('id'), '!=', exceptId);
  const last = await q.executeTakeFirst();
  return Number(last?.max ?? 0) + 1;
}

/**
 * The position a write gives a record of a kind whose every record has one: the body's `position`
 * when sent, the end of the scope for `null` or when the record enters the scope (created or moved),
 * otherwise undefined (unchanged).
 */
export async function placeIn<T extends Exclude<keyof PositionScopes, 'goals' | 'initiatives'>>(
  db: Db,
  at: { table: T; scope: PositionScopes[T]; scopeId: number; recordId?: number | undefined },
  sent: number | null | undefined,
  entering: boolean,
): Promise<number | undefined> {
  if (typeof sent === 'number') return sent;
  if (sent === null || entering) return nextPosition(db, at.table, at.scope, at.scopeId, at.recordId);
  return undefined;
}
