// What the rows of a product's records (releases, goals, initiatives) add to the row factories of
// `record-rows.ts`: the same show, update or delete under the record's product
// (`/products/{product_id}/goals/{id}`, where a record of another product is a 404), and the store
// calls of these kinds, which take the product beside the record.
import type { Kysely } from 'kysely';
import type { Checked } from '../problems';
import type { Store } from '../store/db';
import { requireProduct } from '../store/resolve';
import type { Database, ProductRow, UserRow } from '../store/schema';
import type { Placement, RowContext } from './record-rows';

/**
 * A row on a record of a product placed under its product (`/products/{product_id}/goals/{id}`
 * beside `/goals/{id}`): a record of another product is a 404.
 */
export function inProduct<P extends `/${string}/{id}`, Row extends { product_id: number }>(kind: {
  path: P;
  resolve: (db: Store['db'], id: string) => Promise<Row>;
}): Required<Placement<`/products/{product_id}${P}`, ProductRow, Row>> {
  return {
    path: `/products/{product_id}${kind.path}`,
    parent: requireProduct,
    owns: (product, record) => record.product_id === product.id,
  };
}

/** The create of a record in its parent (releases, goals, initiatives in a product): store calls `(db, user, parent, data, checked)`. */
export function createIn<Parent, Data, Out>(
  create: (db: Kysely<Database>, user: UserRow, parent: Parent, data: Data, checked: Checked) => Promise<Out>,
): (ctx: RowContext, parent: Parent, body: { data: Data } & Checked) => Promise<Out> {
  return ({ db, user }, parent, body) => create(db, user, parent, body.data, body);
}

/**
 * The change of a record that belongs to a product (releases, goals, initiatives): their store calls
 * take the record's product beside it, `(db, user, product, record, data, checked)`.
 */
export function changeInProduct<Row extends { product_id: number }, Data, Out>(
  change: (db: Kysely<Database>, user: UserRow, product: ProductRow, record: Row, data: Data, checked: Checked) => Promise<Out>,
): (ctx: RowContext, record: Row, body: { data: Data } & Checked) => Promise<Out> {
  return async ({ db, user }, record, body) =>
    change(db, user, await requireProduct(db, String(record.product_id)), record, body.data, body);
}
