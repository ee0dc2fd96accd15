// `seedBulk` on PostgreSQL: the same features (bulk.ts's bulkFeatureRow), inserted as multi-row
// INSERTs through kysely. Batches commit on their own: the per-row triggers update the same
// counter rows (list_counts, feature_stats) once per feature, and PostgreSQL keeps every version a
// transaction writes of a row, so 100,000 features in one transaction walk ever longer chains.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { featureKey } from '../../src/domain/reference';
import type { Database } from '../store/schema';
import { bulkFeatureRow } from './bulk';
import type { BulkFeatureContext, BulkResult } from './bulk';

/** Features per batch: 17 columns each, well under PostgreSQL's 65,535 parameters a statement. */
const BATCH = 2_000;

export async function seedBulkPostgres(db: Kysely<Database>, productId: number, releaseId: number, count: number): Promise<BulkResult> {
  if (!Number.isInteger(count) || count < 0) throw new Error('count must be a whole number of features');
  const product = await db.selectFrom('products').select('reference_prefix').where('id', '=', productId).executeTakeFirst();
  if (!product) throw new Error(`No product ${productId}`);
  const release = await db
    .selectFrom('releases')
    .select(['id', 'capacity_units'])
    .where('id', '=', releaseId)
    .where('product_id', '=', productId)
    .executeTakeFirst();
  if (!release) throw new Error(`No release ${releaseId} in product ${productId}`);
  const statuses = await db
    .selectFrom('workflow_statuses as s')
    .innerJoin('workflows as w', 'w.id', 's.workflow_id')
    .select(['s.id', 's.complete'])
    .where('w.product_id', '=', productId)
    .where('w.statusable_type', '=', 'Feature')
    .orderBy('s.position')
    .execute();
  if (statuses.length === 0) throw new Error(`Product ${productId} has no feature workflow`);
  const kinds = (await db.selectFrom('workflow_kinds').select('id').where('product_id', '=', productId).orderBy('id').execute()).map((k) => k.id);
  const users = (await db.selectFrom('users').select('id').where('enabled', '=', 1).orderBy('id').execute()).map((u) => u.id);
  const top = await db.selectFrom('features').select(sql<number | null>`max(position)`.as('p')).where('release_id', '=', releaseId).executeTakeFirst();
  // The numbers are taken at once, as the store's allocator takes one.
  const taken = await sql<{ n: number }>`UPDATE products SET next_feature_num = next_feature_num + ${count}
    WHERE id = ${productId} RETURNING next_feature_num - ${count} AS n`.execute(db);
  const first = Number(taken.rows[0]?.n);
  const ctx: BulkFeatureContext = {
    productId,
    releaseId,
    prefix: product.reference_prefix,
    first,
    startPosition: Number(top?.p ?? 0) + 1,
    statuses,
    kinds,
    users,
    points: release.capacity_units === 'story_points',
    ts: new Date().toISOString(),
  };
  let firstId: number | null = null;
  let lastId: number | null = null;
  for (let start = 0; start < count; start += BATCH) {
    const made = Array.from({ length: Math.min(BATCH, count - start) }, (_, k) => bulkFeatureRow(ctx, start + k));
    await db.transaction().execute(async (trx) => {
      const ids = await trx
        .insertInto('features')
        .values(made.map((m) => m.row))
        .returning('id')
        .execute();
      const tags = ids.flatMap((r, k) => (made[k]?.tags ?? []).map((tag) => ({ feature_id: r.id, tag })));
      if (tags.length > 0) await trx.insertInto('feature_tags').values(tags).execute();
      firstId ??= ids[0]?.id ?? null;
      lastId = ids.at(-1)?.id ?? lastId;
    });
  }
  // The planner's statistics now, as db:copy takes them (autovacuum would, later).
  await sql`ANALYZE features, feature_tags, list_counts, feature_stats`.execute(db);
  return {
    inserted: count,
    firstId,
    lastId,
    firstReference: count ? featureKey(product.reference_prefix, first) : null,
    lastReference: count ? featureKey(product.reference_prefix, first + count - 1) : null,
  };
}
