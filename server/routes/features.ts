// Feature operations: 1 (create in a release) and 2 (update), show, delete and the three lists
// (account, product, release). Rows of the route table: the pipeline reads the query and body with
// the contract's schemas, the handler calls the store and shapes the answer.
import { showQuerySchema } from '../../src/contract/common';
import { featureCreateBody, featureEnvelope, featureUpdateBody } from '../../src/contract/features';
import { listRow } from '../http/list-rows';
import { featureList } from '../http/lists';
import { answerById, changeById, createRow, createUnder, deleteRow, recordKind, removeById, showRow, updateRow } from '../http/record-rows';
import { wantedFields } from '../http/query';
import { createFeature, deleteFeature, loadFeature, requireFeature, showFeature, updateFeature } from '../store/features';
import { requireProduct, requireRelease } from '../store/resolve';

const feature = recordKind({
  path: '/features/{id}',
  tags: ['Features'],
  envelope: featureEnvelope,
  resolve: requireFeature,
  answer: answerById(loadFeature),
  show: ({ db, origin }, row, fields) => showFeature(db, row, origin, wantedFields(fields, null)),
});

export const featureRoutes = [
  createRow(feature, {
    path: '/releases/{release_id}/features',
    summary: 'Create a feature in a release',
    description: 'Operation 1. Every problem of the body is answered at once in one 422.',
    body: featureCreateBody,
    parent: requireRelease,
    create: createUnder('release', createFeature),
  }),
  listRow(featureList, { path: '/features', summary: "List the account's features", scope: () => ({}) }),
  listRow(featureList, {
    path: '/products/{product_id}/features',
    summary: "List a product's features",
    parent: requireProduct,
    scope: (product) => ({ productId: product.id }),
  }),
  listRow(featureList, {
    path: '/releases/{release_id}/features',
    summary: "List a release's features",
    parent: requireRelease,
    scope: (release) => ({ releaseId: release.id }),
  }),
  showRow(feature, { summary: 'Show a feature', query: showQuerySchema }),
  updateRow(feature, {
    summary: 'Update a feature',
    description: 'Operation 2. Only the fields sent change.',
    body: featureUpdateBody,
    update: changeById(updateFeature),
  }),
  deleteRow(feature, {
    summary: 'Delete a feature (to the recycle bin)',
    remove: removeById(deleteFeature),
  }),
] as const;
