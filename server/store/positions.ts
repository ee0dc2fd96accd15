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

/**
 * Tables ordered as a tree inside their product (notes): siblings are the records of one parent,
 * and a null parent is the product's top level, so the scope is the pair (product, parent).
 */
interface TreeScopes {
  pages: 'parent_id';
}

/** Where a record of a tree sits: its product and parent (null: the top level). */
export interface TreePlace {
  table: keyof TreeScopes;
  productId: number;
  parentId: number | null;
}

const siblingsIn = (db: Db, place: TreePlace) => {
  const q = db.selectFrom(place.table).where('product_id', '=', place.productId);
  return place.parentId === null ? q.where('parent_id', 'is', null) : q.where('parent_id', '=', place.parentId);
};

/** One past the highest position among the siblings (1 when there are none), leaving out `exceptId`. */
export async function nextTreePosition(db: Db, place: TreePlace, exceptId?: number): Promise<number> {
  const last = await siblingsIn(db, place)
    .select((eb) => eb.fn.max('position').as('max'))
    .where('id', '!=', exceptId ?? 0)
    .executeTakeFirst();
  return Number(last?.max ?? 0) + 1;
}

/**
 * The position a write gives a record of a tree, making it exact: the body's `position` when sent —
 * and when a sibling already holds it, that sibling and every one after it move one place down, so
 * the record sits right before the sibling that held the place —, the end for `null` or when the
 * record enters the scope (created, or moved to another parent), otherwise undefined (unchanged).
 * The siblings moved keep their `updated_at`: their order is the parent's, not theirs.
 */
export async function placeInTree(
  db: Db,
  place: TreePlace & { recordId?: number | undefined },
  sent: number | null | undefined,
  entering: boolean,
): Promise<number | undefined> {
  if (typeof sent === 'number') {
    const except = place.recordId ?? 0;
    const taken = await siblingsIn(db, place).select('id').where('position', '=', sent).where('id', '!=', except).executeTakeFirst();
    if (taken) {
      let shift = db
        .updateTable(place.table)
        .set((eb) => ({ position: eb('position', '+', 1) }))
        .where('product_id', '=', place.productId)
        .where('position', '>=', sent)
        .where('id', '!=', except);
      shift = place.parentId === null ? shift.where('parent_id', 'is', null) : shift.where('parent_id', '=', place.parentId);
      await shift.execute();
    }
    return sent;
  }
  if (sent === null || entering) return nextTreePosition(db, place, place.recordId);
  return undefined;
}
