// Goal operations (create with links to initiatives, show, update, a product's list) and a
// product's time frames, which the initiative and goal forms offer. Rows of the route table.
import { listQuerySchema, showQuerySchema } from '../../src/contract/common';
import { goalCreateBody, goalEnvelope, goalUpdateBody, timeFramePage } from '../../src/contract/initiatives';
import { listKind, listRow, pageAnswer } from '../http/list-rows';
import { goalList } from '../http/lists';
import { changeInProduct, createRow, recordKind, showRow, updateRow } from '../http/record-rows';
import { createGoal, goalBody, listTimeFrames, requireGoal, timeFrameBody, updateGoal } from '../store/goals';
import { requireProduct } from '../store/resolve';
import type { GoalRow } from '../store/schema';

const goal = recordKind({
  path: '/goals/{id}',
  tags: ['Goals'],
  envelope: goalEnvelope,
  resolve: requireGoal,
  answer: ({ db, origin }, row: GoalRow) => goalBody(db, row, origin),
});

const timeFrames = listKind({
  tags: ['Time frames'],
  query: listQuerySchema,
  response: timeFramePage,
  answer: pageAnswer(
    'time_frames',
    (db, productId: number, p, query) => listTimeFrames(db, productId, p, query.q),
    (rows) => rows.map(timeFrameBody),
  ),
});

export const goalRoutes = [
  createRow(goal, {
    path: '/products/{product_id}/goals',
    summary: 'Create a goal in a product',
    body: goalCreateBody,
    parent: requireProduct,
    create: ({ db, user }, product, body) => createGoal(db, user, product, body.data, body),
  }),
  listRow(goalList, {
    path: '/products/{product_id}/goals',
    summary: "List a product's goals",
    parent: requireProduct,
    scope: (product) => ({ productId: product.id }),
  }),
  showRow(goal, {
    path: '/products/{product_id}/goals/{id}',
    summary: 'Show a goal of a product',
    query: showQuerySchema,
    parent: requireProduct,
    owns: (product, goal) => goal.product_id === product.id,
  }),
  showRow(goal, { summary: 'Show a goal', query: showQuerySchema }),
  updateRow(goal, {
    summary: 'Update a goal',
    body: goalUpdateBody,
    update: changeInProduct(updateGoal),
  }),
  listRow(timeFrames, {
    path: '/products/{product_id}/time_frames',
    summary: "List a product's time frames",
    description: 'Time frames are small records: whole by default, `fields` narrows them.',
    parent: requireProduct,
    scope: (product) => product.id,
  }),
] as const;
