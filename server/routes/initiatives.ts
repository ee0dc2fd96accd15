// Initiative operations: 11 (create), show, update, delete, the product and account lists, an
// initiative's features (the feature list, scoped) and operation 20 (its goals). Rows of the route
// table: the pipeline reads the body field by field so every problem comes back at once.
import type { Context } from 'hono';
import type { z } from 'zod';
import { showQuerySchema } from '../../src/contract/common';
import {
  INITIATIVE_ACCOUNT_LIST_FIELDS,
  INITIATIVE_LIST_FIELDS,
  initiativeCreateBody,
  initiativeEnvelope,
  initiativeListQuery,
  initiativePage,
  initiativeUpdateBody,
} from '../../src/contract/initiatives';
import { compactOrWhole, listKind, listRow } from '../http/list-rows';
import { featureList, goalList } from '../http/lists';
import { pageBody, paging } from '../http/query';
import { changeInProduct, createIn, inProduct } from '../http/product-rows';
import { answerRow, createRow, deleteRow, recordKind, removeById, showRow, updateRow } from '../http/record-rows';
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
import { requireGoal } from '../store/goals';
import { requireInitiative, requireProduct } from '../store/resolve';

/** The account's initiatives are compact by default, with the status word, effort, value and `presented` as hosted. */
const initiativeItems = compactOrWhole(INITIATIVE_COMPACT_FIELDS, initiativeCompact, initiativeBodies, INITIATIVE_ACCOUNT_LIST_FIELDS);
/**
 * A product's initiatives are whole by default but for what serves them (features, epics, releases),
 * and a goal's whole: as the hosted service lists them. `fields` chooses otherwise.
 */
const productInitiativeItems = compactOrWhole(INITIATIVE_COMPACT_FIELDS, initiativeCompact, initiativeBodies, INITIATIVE_LIST_FIELDS);
const goalInitiativeItems = compactOrWhole(INITIATIVE_COMPACT_FIELDS, initiativeCompact, initiativeBodies, null);

async function listResponse(
  c: Context<AppEnv>,
  query: z.output<typeof initiativeListQuery>,
  { productId, goalId }: { productId?: number; goalId?: number },
): Promise<Response> {
  const db = c.get('store').db;
  const pairs = readCustomFieldPairs(c.req.queries());
  const p = paging(query);
  const parent = query.parent_id?.trim();
  const page = await listInitiatives(
    db,
    {
      productId,
      goalId,
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
  const items = await (goalId !== undefined ? goalInitiativeItems : productId !== undefined ? productInitiativeItems : initiativeItems)(
    page.rows,
    c,
    query,
  );
  return c.json(pageBody('initiatives', items, page.total, p));
}

const initiative = recordKind({
  path: '/initiatives/{id}',
  tags: ['Initiatives'],
  envelope: initiativeEnvelope,
  resolve: requireInitiative,
  answer: answerRow(initiativeBody),
});

const initiativeList = listKind({
  tags: initiative.tags,
  query: initiativeListQuery,
  response: initiativePage,
  customFieldFilters: true,
  answer: listResponse,
});

export const initiativeRoutes = [
  createRow(initiative, {
    path: '/products/{product_id}/initiatives',
    summary: 'Create an initiative in a product',
    description: 'Operation 11. `name` and `workflow_status` are required.',
    body: initiativeCreateBody,
    parent: requireProduct,
    create: createIn(createInitiative),
  }),
  listRow(initiativeList, {
    path: '/products/{product_id}/initiatives',
    summary: "List a product's initiatives",
    parent: requireProduct,
    scope: (product) => ({ productId: product.id }),
  }),
  listRow(initiativeList, {
    path: '/initiatives',
    summary: "List the account's initiatives",
    scope: () => ({}),
  }),
  showRow(initiative, { summary: 'Show an initiative', query: showQuerySchema }),
  updateRow(initiative, {
    summary: 'Update an initiative',
    body: initiativeUpdateBody,
    update: changeInProduct(updateInitiative),
  }),
  deleteRow(initiative, { summary: 'Delete an initiative (to the recycle bin)', remove: removeById(deleteInitiative) }),
  updateRow(initiative, {
    ...inProduct(initiative),
    summary: 'Update an initiative of a product',
    description: 'As `PUT /initiatives/{id}`; an initiative of another product is a 404.',
    body: initiativeUpdateBody,
    update: changeInProduct(updateInitiative),
  }),
  deleteRow(initiative, {
    ...inProduct(initiative),
    summary: 'Delete an initiative of a product (to the recycle bin)',
    description: 'As `DELETE /initiatives/{id}`; an initiative of another product is a 404.',
    remove: removeById(deleteInitiative),
  }),
  listRow(initiativeList, {
    path: '/goals/{goal_id}/initiatives',
    summary: "List a goal's initiatives",
    description: 'The initiatives linked to the goal (its `initiatives`), in the initiative list language.',
    parent: requireGoal,
    scope: (goal) => ({ goalId: goal.id, productId: goal.product_id }),
  }),
  listRow(featureList, {
    path: '/initiatives/{id}/features',
    summary: "List an initiative's features",
    parent: requireInitiative,
    scope: (initiative) => ({ initiativeId: initiative.id }),
  }),
  listRow(goalList, {
    path: '/initiatives/{initiative_id}/goals',
    summary: "List an initiative's goals",
    description: 'Operation 20. The spec gives a numeric id; keys are accepted too.',
    parent: requireInitiative,
    scope: (initiative) => ({ initiativeId: initiative.id }),
  }),
] as const;
