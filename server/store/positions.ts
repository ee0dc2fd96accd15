// The position a record takes at the end of its scope (a release's features, a product's goals…):
// one past the highest stored, 1 in an empty scope. One query per kind, the same for every kind.
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

export async function nextPosition<T extends keyof PositionScopes>(
  db: Db,
  table: T,
  scope: PositionScopes[T],
  scopeId: number,
): Promise<number> {
  const last = await db
    .selectFrom(table as keyof PositionScopes)
    .select(sql<number | null>`max(${sql.ref('position')})`.as('max'))
    .where(sql.ref(scope), '=', scopeId)
    .executeTakeFirst();
  return Number(last?.max ?? 0) + 1;
}
