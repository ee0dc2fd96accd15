// Goal operations (create with links to initiatives, show, update, a product's list) and a
// product's time frames, which the initiative and goal forms offer. Rows of the route table.
import { listQuerySchema, showQuerySchema } from '../../src/contract/common';
import { goalCreateBody, goalEnvelope, goalPage, goalUpdateBody, timeFramePage } from '../../src/contract/initiatives';
import { goalListResponse } from '../http/lists';
import { originOf, pageBody, paging, pickFields } from '../http/query';
import { route } from '../http/route-table';
import { notFound } from '../problems';
import { createGoal, goalBody, listTimeFrames, requireGoal, timeFrameBody, updateGoal } from '../store/goals';
import { requireProduct } from '../store/resolve';

const tags = ['Goals'];

export const goalRoutes = [
  route({
    method: 'post',
    path: '/products/{product_id}/goals',
    op: 'goals_create',
    summary: 'Create a goal in a product',
    tags,
    body: goalCreateBody,
    response: goalEnvelope,
    handler: async (c, { params, body }) => {
      const db = c.get('store').db;
      const product = await requireProduct(db, params.product_id);
      const row = await createGoal(db, c.get('user'), product, body.data, body);
      return c.json({ goal: pickFields(await goalBody(db, row, originOf(c)), body.fields, null) });
    },
  }),
  route({
    method: 'get',
    path: '/products/{product_id}/goals',
    op: 'products_goals_list',
    summary: "List a product's goals",
    tags,
    query: listQuerySchema,
    response: goalPage,
    handler: async (c, { params, query }) => {
      const product = await requireProduct(c.get('store').db, params.product_id);
      return goalListResponse(c, query, { productId: product.id }, { q: query.q, updatedSince: query.updated_since });
    },
  }),
  route({
    method: 'get',
    path: '/products/{product_id}/goals/{id}',
    op: 'products_goals_show',
    summary: 'Show a goal of a product',
    tags,
    query: showQuerySchema,
    response: goalEnvelope,
    handler: async (c, { params, query }) => {
      const db = c.get('store').db;
      const product = await requireProduct(db, params.product_id);
      const row = await requireGoal(db, params.id);
      if (row.product_id !== product.id) throw notFound('Goal', params.id);
      return c.json({ goal: pickFields(await goalBody(db, row, originOf(c)), query.fields, null) });
    },
  }),
  route({
    method: 'get',
    path: '/goals/{id}',
    op: 'goals_show',
    summary: 'Show a goal',
    tags,
    query: showQuerySchema,
    response: goalEnvelope,
    handler: async (c, { params, query }) => {
      const db = c.get('store').db;
      const row = await requireGoal(db, params.id);
      return c.json({ goal: pickFields(await goalBody(db, row, originOf(c)), query.fields, null) });
    },
  }),
  route({
    method: 'put',
    path: '/goals/{id}',
    op: 'goals_update',
    summary: 'Update a goal',
    tags,
    body: goalUpdateBody,
    response: goalEnvelope,
    handler: async (c, { params, body }) => {
      const db = c.get('store').db;
      const existing = await requireGoal(db, params.id);
      const product = await requireProduct(db, String(existing.product_id));
      const row = await updateGoal(db, c.get('user'), product, existing, body.data, body);
      return c.json({ goal: pickFields(await goalBody(db, row, originOf(c)), body.fields, null) });
    },
  }),
  route({
    method: 'get',
    path: '/products/{product_id}/time_frames',
    op: 'products_time_frames_list',
    summary: "List a product's time frames",
    description: 'Time frames are small records: whole by default, `fields` narrows them.',
    tags: ['Time frames'],
    query: listQuerySchema,
    response: timeFramePage,
    handler: async (c, { params, query }) => {
      const db = c.get('store').db;
      const product = await requireProduct(db, params.product_id);
      const p = paging(query);
      const page = await listTimeFrames(db, product.id, p, query.q);
      return c.json(pageBody('time_frames', page.rows.map((f) => pickFields(timeFrameBody(f), query.fields, null)), page.total, p));
    },
  }),
] as const;
