// Initiative operations: 11 (create), show, update, delete, the product and account lists, an
// initiative's features (the feature list, scoped) and operation 20 (its goals). Rows of the route
// table: the pipeline reads the body field by field so every problem comes back at once.
import type { Context } from 'hono';
import type { z } from 'zod';
import { listQuerySchema, showQuerySchema } from '../../src/contract/common';
import { featureListQuery, featurePage } from '../../src/contract/features';
import {
  goalPage,
  initiativeCreateBody,
  initiativeEnvelope,
  initiativeListQuery,
  initiativePage,
  initiativeUpdateBody,
} from '../../src/contract/initiatives';
import { featureListResponse, goalListResponse } from '../http/lists';
import { originOf, pageBody, paging, pickFields, wantsOnly } from '../http/query';
import { route } from '../http/route-table';
import type { AppEnv } from '../types';
import { customFieldFilter, readCustomFieldPairs } from '../store/custom-fields';
import {
  INITIATIVE_COMPACT_FIELDS,
  createInitiative,
  deleteInitiative,
  initiativeBodies,
  initiativeBody,
  initiativeCompact,
  listInitiatives,
  updateInitiative,
} from '../store/initiatives';
import { requireInitiative, requireProduct } from '../store/resolve';

const tags = ['Initiatives'];

async function listResponse(
  c: Context<AppEnv>,
  query: z.output<typeof initiativeListQuery>,
  productId: number | undefined,
): Promise<Response> {
  const db = c.get('store').db;
  const pairs = readCustomFieldPairs(c.req.queries());
  const p = paging(query);
  const parent = query.parent_id?.trim();
  const page = await listInitiatives(
    db,
    {
      productId,
      q: query.q,
      updatedSince: query.updated_since,
      workflowStatus: query.workflow_status,
      assignedToUser: query.assigned_to_user,
      parentId: parent === undefined || parent === '' ? undefined : parent.toLowerCase() === 'null' ? null : parent,
      customFields: await customFieldFilter(db, 'Initiative', pairs, {
        productIds: productId === undefined ? undefined : [productId],
      }),
    },
    p,
  );
  const origin = originOf(c);
  // The compact shape comes straight from the rows; whole records batch their related rows.
  const items = wantsOnly(query.fields, INITIATIVE_COMPACT_FIELDS)
    ? page.rows.map((r) => pickFields(initiativeCompact(r, origin), query.fields, INITIATIVE_COMPACT_FIELDS))
    : (await initiativeBodies(db, page.rows, origin)).map((r) => pickFields(r, query.fields, INITIATIVE_COMPACT_FIELDS));
  return c.json(pageBody('initiatives', items, page.total, p));
}

export const initiativeRoutes = [
  route({
    method: 'post',
    path: '/products/{product_id}/initiatives',
    op: 'initiatives_create',
    summary: 'Create an initiative in a product',
    description: 'Operation 11. `name` and `workflow_status` are required.',
    tags,
    body: initiativeCreateBody,
    response: initiativeEnvelope,
    handler: async (c, { params, body }) => {
      const db = c.get('store').db;
      const product = await requireProduct(db, params.product_id);
      const row = await createInitiative(db, c.get('user'), product, body.data, body);
      const initiative = await initiativeBody(db, row, originOf(c));
      return c.json({ initiative: pickFields(initiative, body.fields, null) });
    },
  }),
  route({
    method: 'get',
    path: '/products/{product_id}/initiatives',
    op: 'products_initiatives_list',
    summary: "List a product's initiatives",
    customFieldFilters: true,
    tags,
    query: initiativeListQuery,
    response: initiativePage,
    handler: async (c, { params, query }) => {
      const product = await requireProduct(c.get('store').db, params.product_id);
      return listResponse(c, query, product.id);
    },
  }),
  route({
    method: 'get',
    path: '/initiatives',
    op: 'initiatives_list',
    summary: "List the account's initiatives",
    customFieldFilters: true,
    tags,
    query: initiativeListQuery,
    response: initiativePage,
    handler: (c, { query }) => listResponse(c, query, undefined),
  }),
  route({
    method: 'get',
    path: '/initiatives/{id}',
    op: 'initiatives_show',
    summary: 'Show an initiative',
    tags,
    query: showQuerySchema,
    response: initiativeEnvelope,
    handler: async (c, { params, query }) => {
      const db = c.get('store').db;
      const row = await requireInitiative(db, params.id);
      return c.json({ initiative: pickFields(await initiativeBody(db, row, originOf(c)), query.fields, null) });
    },
  }),
  route({
    method: 'put',
    path: '/initiatives/{id}',
    op: 'initiatives_update',
    summary: 'Update an initiative',
    tags,
    body: initiativeUpdateBody,
    response: initiativeEnvelope,
    handler: async (c, { params, body }) => {
      const db = c.get('store').db;
      const existing = await requireInitiative(db, params.id);
      const product = await requireProduct(db, String(existing.product_id));
      const row = await updateInitiative(db, c.get('user'), product, existing, body.data, body);
      const initiative = await initiativeBody(db, row, originOf(c));
      return c.json({ initiative: pickFields(initiative, body.fields, null) });
    },
  }),
  route({
    method: 'delete',
    path: '/initiatives/{id}',
    op: 'initiatives_delete',
    summary: 'Delete an initiative (to the recycle bin)',
    tags,
    response: null,
    handler: async (c, { params }) => {
      const db = c.get('store').db;
      const existing = await requireInitiative(db, params.id);
      await deleteInitiative(db, c.get('user'), existing);
      return c.body(null, 204);
    },
  }),
  route({
    method: 'get',
    path: '/initiatives/{id}/features',
    op: 'initiatives_features_list',
    summary: "List an initiative's features",
    tags: ['Features'],
    query: featureListQuery,
    response: featurePage,
    handler: async (c, { params, query }) => {
      const row = await requireInitiative(c.get('store').db, params.id);
      return featureListResponse(c, query, { initiativeId: row.id });
    },
  }),
  route({
    method: 'get',
    path: '/initiatives/{initiative_id}/goals',
    op: 'initiatives_goals_list',
    summary: "List an initiative's goals",
    description: 'Operation 20. The spec gives a numeric id; keys are accepted too.',
    tags: ['Goals'],
    query: listQuerySchema,
    response: goalPage,
    handler: async (c, { params, query }) => {
      const initiative = await requireInitiative(c.get('store').db, params.initiative_id);
      return goalListResponse(c, query, { initiativeId: initiative.id });
    },
  }),
] as const;
