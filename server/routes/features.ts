// Feature operations: 1 (create in a release) and 2 (update), show, delete and the three lists
// (account, product, release). Rows of the route table: the pipeline reads the query and body with
// the contract's schemas, the handler calls the store and shapes the answer.
import { showQuerySchema } from '../../src/contract/common';
import {
  featureCreateBody,
  featureEnvelope,
  featureListQuery,
  featurePage,
  featureUpdateBody,
} from '../../src/contract/features';
import { featureListResponse } from '../http/lists';
import { originOf, pickFields } from '../http/query';
import { route } from '../http/route-table';
import { createFeature, deleteFeature, loadFeature, requireFeature, updateFeature, wantedFields } from '../store/features';
import { requireProduct, requireRelease } from '../store/resolve';

const tags = ['Features'];

export const featureRoutes = [
  route({
    method: 'post',
    path: '/releases/{release_id}/features',
    op: 'features_create',
    summary: 'Create a feature in a release',
    description: 'Operation 1. Every problem of the body is answered at once in one 422.',
    tags,
    body: featureCreateBody,
    response: featureEnvelope,
    handler: async (c, { params, body }) => {
      const { db } = c.get('store');
      const release = await requireRelease(db, params.release_id);
      const id = await createFeature(db, { release, input: body.data, checked: body, userId: c.get('user').id });
      const feature = await loadFeature(db, id, originOf(c), wantedFields(body.fields, null));
      return c.json({ feature: pickFields(feature, body.fields, null) });
    },
  }),
  route({
    method: 'get',
    path: '/features',
    op: 'features_list',
    summary: "List the account's features",
    tags,
    query: featureListQuery,
    response: featurePage,
    handler: (c, { query }) => featureListResponse(c, query, {}),
  }),
  route({
    method: 'get',
    path: '/products/{product_id}/features',
    op: 'products_features_list',
    summary: "List a product's features",
    tags,
    query: featureListQuery,
    response: featurePage,
    handler: async (c, { params, query }) => {
      const product = await requireProduct(c.get('store').db, params.product_id);
      return featureListResponse(c, query, { productId: product.id });
    },
  }),
  route({
    method: 'get',
    path: '/releases/{release_id}/features',
    op: 'releases_features_list',
    summary: "List a release's features",
    tags,
    query: featureListQuery,
    response: featurePage,
    handler: async (c, { params, query }) => {
      const release = await requireRelease(c.get('store').db, params.release_id);
      return featureListResponse(c, query, { releaseId: release.id });
    },
  }),
  route({
    method: 'get',
    path: '/features/{id}',
    op: 'features_show',
    summary: 'Show a feature',
    tags,
    query: showQuerySchema,
    response: featureEnvelope,
    handler: async (c, { params, query }) => {
      const { db } = c.get('store');
      const row = await requireFeature(db, params.id);
      const feature = await loadFeature(db, row.id, originOf(c), wantedFields(query.fields, null));
      return c.json({ feature: pickFields(feature, query.fields, null) });
    },
  }),
  route({
    method: 'put',
    path: '/features/{id}',
    op: 'features_update',
    summary: 'Update a feature',
    description: 'Operation 2. Only the fields sent change.',
    tags,
    body: featureUpdateBody,
    response: featureEnvelope,
    handler: async (c, { params, body }) => {
      const { db } = c.get('store');
      const row = await requireFeature(db, params.id);
      await updateFeature(db, { featureId: row.id, input: body.data, checked: body, userId: c.get('user').id });
      const feature = await loadFeature(db, row.id, originOf(c), wantedFields(body.fields, null));
      return c.json({ feature: pickFields(feature, body.fields, null) });
    },
  }),
  route({
    method: 'delete',
    path: '/features/{id}',
    op: 'features_delete',
    summary: 'Delete a feature (to the recycle bin)',
    tags,
    response: null,
    handler: async (c, { params }) => {
      const { db } = c.get('store');
      const row = await requireFeature(db, params.id);
      await deleteFeature(db, { featureId: row.id, userId: c.get('user').id });
      return c.body(null, 204);
    },
  }),
] as const;
