// Initiative routes: operation 11 (create), show, update, delete, the product and account lists,
// an initiative's epics and features (the lists of those kinds, scoped), and operation 20 (its goals).
// Handlers read the body field by field so every problem comes back at once, call the store, shape.
import { Hono } from 'hono';
import type { Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../types';
import { EMAIL_MAX, NAME_MAX, fieldsParamSchema } from '../../src/contract/common';
import { initiativeCreateInput, initiativeUpdateInput } from '../../src/contract/initiatives';
import { listQuery, pageBody, paging, pickFields, readQuery, wantsOnly } from '../http';
import { customFieldFilter, readCustomFieldPairs } from '../store/custom-fields';
import { GOAL_COMPACT_FIELDS, goalBodies, goalCompact, listGoals } from '../store/goals';
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
import { originOf } from './account';
import { listResponse as featureListResponse } from './features';
import { readRecord } from './releases';

const initiativeListQuery = listQuery.extend({
  workflow_status: z.string().max(NAME_MAX).optional(),
  assigned_to_user: z.string().max(EMAIL_MAX).optional(),
  /** `null` (the word) for roots; else a parent's id or key. */
  parent_id: z.string().max(NAME_MAX).optional(),
});
const fieldsQuery = z.object({ fields: fieldsParamSchema });

async function listResponse(c: Context<AppEnv>, productId: number | undefined): Promise<Response> {
  const db = c.get('store').db;
  const query = readQuery(c, initiativeListQuery);
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
  const origin = originOf(c.req.url);
  // The compact shape comes straight from the rows; whole records batch their related rows.
  const items = wantsOnly(query.fields, INITIATIVE_COMPACT_FIELDS)
    ? page.rows.map((r) => pickFields(initiativeCompact(r, origin), query.fields, INITIATIVE_COMPACT_FIELDS))
    : (await initiativeBodies(db, page.rows, origin)).map((r) => pickFields(r, query.fields, INITIATIVE_COMPACT_FIELDS));
  return c.json(pageBody('initiatives', items, page.total, p));
}

export function initiativeRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post('/products/:product_id/initiatives', async (c) => {
    const db = c.get('store').db;
    const product = await requireProduct(db, c.req.param('product_id'));
    const body = await readRecord(c, 'initiative', initiativeCreateInput);
    const row = await createInitiative(db, c.get('user'), product, body.data, body);
    const initiative = await initiativeBody(db, row, originOf(c.req.url));
    return c.json({ initiative: pickFields(initiative, body.fields, null) });
  });

  app.get('/products/:product_id/initiatives', async (c) => {
    const product = await requireProduct(c.get('store').db, c.req.param('product_id'));
    return listResponse(c, product.id);
  });

  app.get('/initiatives', (c) => listResponse(c, undefined));

  app.get('/initiatives/:id', async (c) => {
    const db = c.get('store').db;
    const row = await requireInitiative(db, c.req.param('id'));
    const { fields } = readQuery(c, fieldsQuery);
    return c.json({ initiative: pickFields(await initiativeBody(db, row, originOf(c.req.url)), fields, null) });
  });

  app.put('/initiatives/:id', async (c) => {
    const db = c.get('store').db;
    const existing = await requireInitiative(db, c.req.param('id'));
    const product = await requireProduct(db, String(existing.product_id));
    const body = await readRecord(c, 'initiative', initiativeUpdateInput);
    const row = await updateInitiative(db, c.get('user'), product, existing, body.data, body);
    const initiative = await initiativeBody(db, row, originOf(c.req.url));
    return c.json({ initiative: pickFields(initiative, body.fields, null) });
  });

  app.delete('/initiatives/:id', async (c) => {
    const db = c.get('store').db;
    const existing = await requireInitiative(db, c.req.param('id'));
    await deleteInitiative(db, c.get('user'), existing);
    return c.body(null, 204);
  });

  app.get('/initiatives/:id/features', async (c) => {
    const row = await requireInitiative(c.get('store').db, c.req.param('id'));
    return featureListResponse(c, { initiativeId: row.id });
  });

  // Operation 20. The spec gives `:initiative_id` as a numeric id; keys are accepted too.
  app.get('/initiatives/:initiative_id/goals', async (c) => {
    const db = c.get('store').db;
    const initiative = await requireInitiative(db, c.req.param('initiative_id'));
    const query = readQuery(c, listQuery);
    const p = paging(query);
    const page = await listGoals(db, { initiativeId: initiative.id }, p);
    const origin = originOf(c.req.url);
    const items = wantsOnly(query.fields, GOAL_COMPACT_FIELDS)
      ? page.rows.map((g) => pickFields(goalCompact(g, origin), query.fields, GOAL_COMPACT_FIELDS))
      : (await goalBodies(db, page.rows, origin)).map((g) => pickFields(g, query.fields, GOAL_COMPACT_FIELDS));
    return c.json(pageBody('goals', items, page.total, p));
  });

  return app;
}
