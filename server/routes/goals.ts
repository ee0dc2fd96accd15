// Goal routes (show, update, a product's list, create with links to initiatives) and a product's time
// frames, which the initiative and goal forms offer. Handlers read, call the store, shape.
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../types';
import { fieldsParamSchema } from '../../src/contract/common';
import { goalCreateInput } from '../../src/contract/initiatives';
import { listQuery, pageBody, paging, pickFields, readQuery, wantsOnly } from '../http';
import { notFound } from '../problems';
import {
  GOAL_COMPACT_FIELDS,
  createGoal,
  goalBodies,
  goalBody,
  goalCompact,
  listGoals,
  listTimeFrames,
  requireGoal,
  timeFrameBody,
  updateGoal,
} from '../store/goals';
import { requireProduct } from '../store/resolve';
import { originOf } from './account';
import { readRecord } from './releases';

const fieldsQuery = z.object({ fields: fieldsParamSchema });
const goalUpdateInput = goalCreateInput.partial();

export function goalRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post('/products/:product_id/goals', async (c) => {
    const db = c.get('store').db;
    const product = await requireProduct(db, c.req.param('product_id'));
    const body = await readRecord(c, 'goal', goalCreateInput);
    const row = await createGoal(db, c.get('user'), product, body.data, body);
    return c.json({ goal: pickFields(await goalBody(db, row, originOf(c.req.url)), body.fields, null) });
  });

  app.get('/products/:product_id/goals', async (c) => {
    const db = c.get('store').db;
    const product = await requireProduct(db, c.req.param('product_id'));
    const query = readQuery(c, listQuery);
    const p = paging(query);
    const page = await listGoals(db, { productId: product.id }, p, { q: query.q, updatedSince: query.updated_since });
    const origin = originOf(c.req.url);
    const items = wantsOnly(query.fields, GOAL_COMPACT_FIELDS)
      ? page.rows.map((g) => pickFields(goalCompact(g, origin), query.fields, GOAL_COMPACT_FIELDS))
      : (await goalBodies(db, page.rows, origin)).map((g) => pickFields(g, query.fields, GOAL_COMPACT_FIELDS));
    return c.json(pageBody('goals', items, page.total, p));
  });

  app.get('/products/:product_id/goals/:id', async (c) => {
    const db = c.get('store').db;
    const product = await requireProduct(db, c.req.param('product_id'));
    const row = await requireGoal(db, c.req.param('id'));
    if (row.product_id !== product.id) throw notFound('Goal', c.req.param('id'));
    const { fields } = readQuery(c, fieldsQuery);
    return c.json({ goal: pickFields(await goalBody(db, row, originOf(c.req.url)), fields, null) });
  });

  app.get('/goals/:id', async (c) => {
    const db = c.get('store').db;
    const row = await requireGoal(db, c.req.param('id'));
    const { fields } = readQuery(c, fieldsQuery);
    return c.json({ goal: pickFields(await goalBody(db, row, originOf(c.req.url)), fields, null) });
  });

  app.put('/goals/:id', async (c) => {
    const db = c.get('store').db;
    const existing = await requireGoal(db, c.req.param('id'));
    const product = await requireProduct(db, String(existing.product_id));
    const body = await readRecord(c, 'goal', goalUpdateInput);
    const row = await updateGoal(db, c.get('user'), product, existing, body.data, body);
    return c.json({ goal: pickFields(await goalBody(db, row, originOf(c.req.url)), body.fields, null) });
  });

  app.get('/products/:product_id/time_frames', async (c) => {
    const db = c.get('store').db;
    const product = await requireProduct(db, c.req.param('product_id'));
    const query = readQuery(c, listQuery);
    const p = paging(query);
    const page = await listTimeFrames(db, product.id, p, query.q);
    // Time frames are small records: whole by default, `fields` narrows them like any list.
    return c.json(pageBody('time_frames', page.rows.map((f) => pickFields(timeFrameBody(f), query.fields, null)), page.total, p));
  });

  return app;
}
