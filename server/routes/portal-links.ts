// A product's portals as the hosted service links them: `POST /products/{product_id}/idea_portals`
// adds portals, `PUT` replaces the product's set (administrators; top-level bodies, as hosted). A
// portal here serves one product, so linking moves it (store/portal-links.ts). Rows of the route table.
import type { Context } from 'hono';
import { ideaPortalLinksAnswer, ideaPortalLinksBody } from '../../src/contract/portal-links';
import type { IdeaPortalLinks } from '../../src/contract/portal-links';
import { originOf } from '../http/query';
import type { RecordBody } from '../http/record';
import { route } from '../http/route-table';
import { linkPortals } from '../store/portal-links';
import { ideaPortalBody } from '../store/portals';
import { requireProduct } from '../store/resolve';
import type { AppEnv } from '../types';

const TAGS = ['Idea portals'];

const LINK_RULES =
  '`{"idea_portal_ids": [...]}` at the top level, as hosted: ids (text or numbers) or subdomains, at most 100; an unknown one is a ' +
  '422 on `idea_portal_ids` and nothing changes. A hosted portal can show several workspaces; a portal here serves exactly one ' +
  'product (its ideas, statuses and categories), so linking a portal of another product moves it to this one — its portal ' +
  'users, votes and the ideas already submitted through it stay where they are. Answers every portal of the product, whole.';

async function answerLinks(
  c: Context<AppEnv>,
  productId: string,
  body: RecordBody<{ idea_portal_ids: string[] }>,
  replace: boolean,
): Promise<Response> {
  const { db } = c.get('store');
  const product = await requireProduct(db, productId);
  if (body.data.idea_portal_ids === undefined && !body.flagged.has('idea_portal_ids'))
    body.problems.add('idea_portal_ids', "can't be blank");
  const rows = await linkPortals(db, c.get('user'), product, { ids: body.data.idea_portal_ids ?? [], replace }, body);
  const answer: IdeaPortalLinks = { idea_portals: rows.map((r) => ideaPortalBody(r, originOf(c))) };
  return c.json(answer);
}

export const portalLinkRoutes = [
  route({
    method: 'post',
    path: '/products/{product_id}/idea_portals',
    op: 'products_idea_portals_link',
    summary: 'Link idea portals to a product',
    description: `${LINK_RULES} Portals already of the product stay; none are taken away. To make a new portal: \`POST /idea_portals\`.`,
    tags: TAGS,
    params: { product_id: 'Numeric id or reference prefix (e.g. PLN)' },
    body: ideaPortalLinksBody,
    response: ideaPortalLinksAnswer,
    access: 'administrator',
    handler: (c, { params, body }) => answerLinks(c, params.product_id, body, false),
  }),
  route({
    method: 'put',
    path: '/products/{product_id}/idea_portals',
    op: 'products_idea_portals_replace',
    summary: 'Replace the idea portals linked to a product',
    description:
      `${LINK_RULES} The list must name every portal the product has now (422 on \`idea_portal_ids\` naming those left out): ` +
      'a portal cannot be left without a product, so it leaves one only by being linked to another.',
    tags: TAGS,
    params: { product_id: 'Numeric id or reference prefix (e.g. PLN)' },
    body: ideaPortalLinksBody,
    response: ideaPortalLinksAnswer,
    access: 'administrator',
    handler: (c, { params, body }) => answerLinks(c, params.product_id, body, true),
  }),
] as const;
