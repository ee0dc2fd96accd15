// Goal operations (create with links to initiatives, show, update and delete — also under their
// product —, the product's and the account's lists, a goal's epics and features) and a product's
// time frames, which the initiative and goal forms offer. Rows of the route table.
import { listQuerySchema, showQuerySchema } from '../../src/contract/common';
import { goalCreateBody, goalEnvelope, goalUpdateBody, timeFramePage } from '../../src/contract/initiatives';
import { listKind, listRow, pageAnswer } from '../http/list-rows';
import { epicList, featureList, goalList } from '../http/lists';
import { changeInProduct, createIn, inProduct } from '../http/product-rows';
import { answerRow, createRow, deleteRow, recordKind, removeById, showRow, updateRow } from '../http/record-rows';
import { createGoal, deleteGoal, goalBody, listTimeFrames, requireGoal, timeFrameBody, updateGoal } from '../store/goals';
import { requireProduct } from '../store/resolve';

const goal = recordKind({
  path: '/goals/{id}',
  tags: ['Goals'],
  envelope: goalEnvelope,
  resolve: requireGoal,
  answer: answerRow(goalBody),
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
    create: createIn(createGoal),
  }),
  listRow(goalList, {
    path: '/products/{product_id}/goals',
    summary: "List a product's goals",
    parent: requireProduct,
    scope: (product) => ({ productId: product.id }),
  }),
  showRow(goal, { ...inProduct(goal), summary: 'Show a goal of a product', query: showQuerySchema }),
  showRow(goal, { summary: 'Show a goal', query: showQuerySchema }),
  updateRow(goal, {
    summary: 'Update a goal',
    body: goalUpdateBody,
    update: changeInProduct(updateGoal),
  }),
  updateRow(goal, {
    ...inProduct(goal),
    summary: 'Update a goal of a product',
    description: 'As `PUT /goals/{id}`; a goal of another product is a 404.',
    body: goalUpdateBody,
    update: changeInProduct(updateGoal),
  }),
  deleteRow(goal, {
    ...inProduct(goal),
    summary: 'Delete a goal of a product',
    description:
      'The goal and its links to initiatives go (the initiatives stay); the recycle bin keeps them. A goal of another ' +
      'product is a 404.',
    remove: removeById(deleteGoal),
  }),
  listRow(goalList, {
    path: '/goals',
    summary: "List the account's goals",
    scope: () => ({ account: true as const }),
  }),
  listRow(epicList, {
    path: '/goals/{goal_id}/epics',
    summary: "List a goal's epics",
    description: 'Epics have no goal link of their own: the epics whose initiative is linked to the goal.',
    parent: requireGoal,
    // The product narrows which custom field definitions a filter reads.
    scope: (goal) => ({ goalId: goal.id, productId: goal.product_id }),
  }),
  listRow(featureList, {
    path: '/goals/{goal_id}/features',
    summary: "List a goal's features",
    description: 'Features have no goal link of their own: the features whose initiative is linked to the goal.',
    parent: requireGoal,
    scope: (goal) => ({ goalId: goal.id }),
  }),
  listRow(timeFrames, {
    path: '/products/{product_id}/time_frames',
    summary: "List a product's time frames",
    description: 'Time frames are small records: whole by default, `fields` narrows them.',
    parent: requireProduct,
    scope: (product) => product.id,
  }),
] as const;
