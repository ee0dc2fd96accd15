// Deleting a workspace (product) or a team (issue 13): the container and everything that hangs from
// it go into the recycle bin as one deletion, gathered off the schema (store/cascade.ts), so a
// restore brings the whole of it back under the same ids and keys. Administrators only (the routes).
import type { Kysely } from 'kysely';
import { fieldError, notFound, now } from '../problems';
import { audit } from './audit';
import type { Changes, Db } from './audit';
import { gather, removeGathered } from './cascade';
import { recycle } from './deletions';
import type { Database } from './schema';

/** A container's row: what its deletion is named by. */
interface Container {
  id: number;
  name: string;
  reference_prefix: string;
}

/**
 * Gathers, removes and recycles a container with what hangs from it, and audits its destroy, inside
 * the caller's transaction; answers the deletion's id.
 */
async function deleteContainer(
  trx: Db,
  what: { table: 'products' | 'teams'; type: 'Product' | 'Team'; row: Container; productId: number | null; userId: number },
): Promise<number> {
  const { row } = what;
  const gathered = await gather(trx, what.table, [row.id]);
  const rows = await removeGathered(trx, gathered, now());
  const deletionId = await recycle(trx, {
    userId: what.userId,
    type: what.type,
    id: row.id,
    name: row.name,
    referenceNum: row.reference_prefix,
    productId: what.productId,
    rows,
    links: gathered.links,
  });
  const changes: Changes = { name: [row.name, null], reference_prefix: [row.reference_prefix, null] };
  await audit(trx, { userId: what.userId, type: what.type, id: row.id, action: 'destroy', changes });
  return deletionId;
}

/**
 * Deletes a workspace with all of its records, comments and files. The account's last workspace is
 * refused (422 on `id`): the app needs one to open on.
 */
export function deleteProduct(db: Kysely<Database>, args: { id: number; userId: number }): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const product = await trx.selectFrom('products').selectAll().where('id', '=', args.id).executeTakeFirst();
    if (!product) throw notFound('Product', String(args.id));
    const others = await trx.selectFrom('products').select('id').where('id', '!=', product.id).limit(1).execute();
    if (others.length === 0) throw fieldError('id', "is the account's only workspace: make another one before deleting it");
    return deleteContainer(trx, { table: 'products', type: 'Product', row: product, productId: product.id, userId: args.userId });
  });
}

/**
 * Deletes a team with its statuses, iterations and program increments; features and epics keep
 * their place and lose the team's links (kept by the deletion, put back by a restore).
 */
export function deleteTeam(db: Kysely<Database>, args: { id: number; userId: number }): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const team = await trx.selectFrom('teams').selectAll().where('id', '=', args.id).executeTakeFirst();
    if (!team) throw notFound('Team', String(args.id));
    return deleteContainer(trx, { table: 'teams', type: 'Team', row: team, productId: team.product_id, userId: args.userId });
  });
}
