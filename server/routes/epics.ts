// Epic operations: 5 (create in a release), 6 (a release's epics) and 7 (the account's epics), the
// product's and an initiative's lists, show, update, delete, and an epic's features (the feature
// list language, scoped to the epic). Rows of the route table.
import { showQuerySchema } from '../../src/contract/common';
import { epicCreateBody, epicEnvelope, epicUpdateBody } from '../../src/contract/epics';
import { epicList, featureList } from '../http/lists';
import { answerById, changeById, createRow, createUnder, deleteRow, recordKind, removeById, showRow, updateRow } from '../http/record-rows';
import { listRow } from '../http/list-rows';
import { createEpic, deleteEpic, loadEpic, requireEpic, updateEpic } from '../store/epics';
import { requireInitiative, requireProduct, requireRelease } from '../store/resolve';

const epic = recordKind({
  path: '/epics/{id}',
  tags: ['Epics'],
  envelope: epicEnvelope,
  resolve: requireEpic,
  answer: answerById(loadEpic),
});

export const epicRoutes = [
  createRow(epic, {
    path: '/releases/{release_id}/epics',
    summary: 'Create an epic in a release',
    description: 'Operation 5. Every problem of the body is answered at once in one 422.',
    body: epicCreateBody,
    parent: requireRelease,
    create: createUnder('release', createEpic),
  }),
  createRow(epic, {
    path: '/products/{product_id}/epics',
    summary: "Create an epic in a product's default release",
    description:
      "Epics belong to a release: the body's `release` (id or key of a release of the product) when sent, else the " +
      "product's first release still to ship (not a parking lot, status not complete) by release date, else its first " +
      'parking lot. A product with no release at all answers 422 on `release`.',
    body: epicCreateBody,
    parent: requireProduct,
    create: async ({ db, user }, product, body) => ({
      id: await createEpic(db, { release: { product }, input: body.data, checked: body, userId: user.id }),
    }),
  }),
  listRow(epicList, {
    path: '/epics',
    summary: "List the account's epics",
    description: 'Operation 7.',
    scope: () => ({}),
  }),
  listRow(epicList, {
    path: '/products/{product_id}/epics',
    summary: "List a product's epics",
    parent: requireProduct,
    scope: (product) => ({ productId: product.id }),
  }),
  listRow(epicList, {
    path: '/releases/{release_id}/epics',
    summary: "List a release's epics",
    description: 'Operation 6.',
    parent: requireRelease,
    // The product narrows which custom field definitions a filter reads.
    scope: (release) => ({ releaseId: release.id, productId: release.product_id }),
  }),
  listRow(epicList, {
    path: '/initiatives/{initiative_id}/epics',
    summary: "List an initiative's epics",
    parent: requireInitiative,
    scope: (initiative) => ({ initiativeId: initiative.id, productId: initiative.product_id }),
  }),
  showRow(epic, { summary: 'Show an epic', query: showQuerySchema }),
  updateRow(epic, {
    summary: 'Update an epic',
    body: epicUpdateBody,
    update: changeById(updateEpic),
  }),
  deleteRow(epic, {
    summary: 'Delete an epic (to the recycle bin)',
    remove: removeById(deleteEpic),
  }),
  listRow(featureList, {
    path: '/epics/{id}/features',
    summary: "List an epic's features",
    parent: requireEpic,
    scope: (epic) => ({ epicId: epic.id }),
  }),
] as const;
