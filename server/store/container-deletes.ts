// Deleting a workspace (product) or a team (issue 13): the container and everything that hangs from
// it go into the recycle bin as one deletion, gathered off the schema (store/cascade.ts), so a
// restore brings the whole of it back under the same ids and keys. Administrators only (the routes).
import type { Kysely } from 'kysely';
import { fieldError, notFound, now } from '../problems';
import { audit } from './audit';
import type { Changes } from './audit';
import { gather, removeGathered } from './cascade';
import { recycle } from './deletions';
import type { Database } from './schema';

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
    const gathered = await gather(trx, 'products', [product.id]);
    const rows = await removeGathered(trx, gathered, now());
    const deletionId = await recycle(trx, {
      userId: args.userId,
      type: 'Product',
      id: product.id,
      name: product.name,
      referenceNum: product.reference_prefix,
      productId: product.id,
      rows,
      links: gathered.links,
    });
    const changes: Changes = { name: [product.name, null], reference_prefix: [product.reference_prefix, null] };
    await audit(trx, { userId: args.userId, type: 'Product', id: product.id, action: 'destroy', changes });
    return deletionId;
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
    const gathered = await gather(trx, 'teams', [team.id]);
    const rows = await removeGathered(trx, gathered, now());
    const deletionId = await recycle(trx, {
      userId: args.userId,
      type: 'Team',
      id: team.id,
      name: team.name,
      referenceNum: team.reference_prefix,
      productId: team.product_id,
      rows,
      links: gathered.links,
    });
    const changes: Changes = { name: [team.name, null], reference_prefix: [team.reference_prefix, null] };
    await audit(trx, { userId: args.userId, type: 'Team', id: team.id, action: 'destroy', changes });
    return deletionId;
  });
}
