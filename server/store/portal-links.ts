// A product's portals as the hosted service links them (`POST` adds, `PUT` replaces
// `/products/{product_id}/idea_portals`). A hosted portal can show several workspaces; here a portal
// serves exactly one product (its ideas, statuses and categories), so linking a portal to a product
// moves it there, and a product cannot be left without a portal it has — the portal would serve no
// product. docs/decisions.md, "A product's portals".
import type { Kysely } from 'kysely';
import { now } from '../problems';
import type { Checked } from '../problems';
import { audit } from './audit';
import { findIdeaPortal } from './portals';
import type { Database, IdeaPortalRow, ProductRow, UserRow } from './schema';

export interface PortalLinks {
  /** The portals named, by id or subdomain. */
  ids: readonly string[];
  /** `PUT`: the list replaces the product's portals, so it must name each of them. */
  replace: boolean;
}

/**
 * Links the named portals to the product (moving those of other products) and answers every portal
 * of the product, by id. Unknown portals, and for a replace the product's portals left out, are one
 * 422 on `idea_portal_ids`; nothing is written then.
 */
export async function linkPortals(
  db: Kysely<Database>,
  user: UserRow,
  product: ProductRow,
  links: PortalLinks,
  checked: Checked,
): Promise<IdeaPortalRow[]> {
  return db.transaction().execute(async (trx) => {
    const { problems } = checked;
    const named = new Map<number, IdeaPortalRow>();
    const unknown: string[] = [];
    for (const id of links.ids) {
      const portal = await findIdeaPortal(trx, id);
      if (portal) named.set(portal.id, portal);
      else unknown.push(id);
    }
    if (unknown.length > 0) {
      problems.add(
        'idea_portal_ids',
        `${unknown.map((u) => `"${u}"`).join(', ')} ${unknown.length === 1 ? 'is not the id or subdomain of an idea portal' : 'are not ids or subdomains of idea portals'}`,
      );
    }
    if (links.replace) {
      const own = await trx.selectFrom('idea_portals').selectAll().where('product_id', '=', product.id).orderBy('id').execute();
      const left = own.filter((p) => !named.has(p.id));
      if (left.length > 0) {
        problems.add(
          'idea_portal_ids',
          `must name every portal of ${product.reference_prefix} (left out: ${left.map((p) => `${p.id} "${p.title}"`).join(', ')}): ` +
            'a portal serves exactly one product here, so it leaves one only by being linked to another',
        );
      }
    }
    problems.throwIfAny();
    const ts = now();
    for (const portal of named.values()) {
      if (portal.product_id === product.id) continue;
      await trx.updateTable('idea_portals').set({ product_id: product.id, updated_at: ts }).where('id', '=', portal.id).execute();
      await audit(trx, {
        userId: user.id,
        type: 'IdeaPortal',
        id: portal.id,
        action: 'update',
        changes: { product_id: [portal.product_id, product.id] },
      });
    }
    return trx.selectFrom('idea_portals').selectAll().where('product_id', '=', product.id).orderBy('id').execute();
  });
}
