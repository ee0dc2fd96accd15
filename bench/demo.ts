// The demo account's place the benches load their data into: its first workspace and that
// workspace's first time-based release that is not a parking lot.
import type { Kysely } from 'kysely';
import type { Database } from '../server/store/schema';

export interface DemoPlace {
  product: { id: number; reference_prefix: string };
  release: { id: number; reference_num: string };
}

export async function demoPlace(db: Kysely<Database>): Promise<DemoPlace> {
  const product = await db.selectFrom('products').select(['id', 'reference_prefix']).orderBy('id').executeTakeFirstOrThrow();
  const release = await db
    .selectFrom('releases')
    .select(['id', 'reference_num'])
    .where('product_id', '=', product.id)
    .where('capacity_units', '=', 'time')
    .where('parking_lot', '=', 0)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return { product, release };
}
