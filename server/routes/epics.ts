// Epic operations: 5 (create in a release), 6 (a release's epics) and 7 (the account's epics), the
// product's and an initiative's lists, show, update, delete, and an epic's features (the feature
// list language, scoped to the epic). Rows of the route table.
import { showQuerySchema } from '../../src/contract/common';
import { epicCreateBody, epicEnvelope, epicListQuery, epicPage, epicUpdateBody } from '../../src/contract/epics';
import { featureListQuery, featurePage } from '../../src/contract/features';
import { epicListResponse, featureListResponse } from '../http/lists';
import { originOf, pickFields } from '../http/query';
import { route } from '../http/route-table';
import { createEpic, deleteEpic, loadEpic, requireEpic, updateEpic } from '../store/epics';
import { wantedFields } from '../store/features';
import { requireInitiative, requireProduct, requireRelease } from '../store/resolve';

const tags = ['Epics'];

export const epicRoutes = [
  route({
    method: 'post',
    path: '/releases/{release_id}/epics',
    op: 'epics_create',
    summary: 'Create an epic in a release',
    description: 'Operation 5. Every problem of the body is answered at once in one 422.',
    tags,
    body: epicCreateBody,
    response: epicEnvelope,
    handler: async (c, { params, body }) => {
      const { db } = c.get('store');
      const release = await requireRelease(db, params.release_id);
      const id = await createEpic(db, { release, input: body.data, checked: body, userId: c.get('user').id });
      const epic = await loadEpic(db, id, originOf(c), wantedFields(body.fields, null));
      return c.json({ epic: pickFields(epic, body.fields, null) });
    },
  }),
  route({
    method: 'get',
    path: '/epics',
    op: 'epics_list',
    summary: "List the account's epics",
    description: 'Operation 7.',
    customFieldFilters: true,
    tags,
    query: epicListQuery,
    response: epicPage,
    handler: (c, { query }) => epicListResponse(c, query, {}),
  }),
  route({
    method: 'get',
    path: '/products/{product_id}/epics',
    op: 'products_epics_list',
    summary: "List a product's epics",
    customFieldFilters: true,
    tags,
    query: epicListQuery,
    response: epicPage,
    handler: async (c, { params, query }) => {
      const product = await requireProduct(c.get('store').db, params.product_id);
      return epicListResponse(c, query, { productId: product.id });
    },
  }),
  route({
    method: 'get',
    path: '/releases/{release_id}/epics',
    op: 'releases_epics_list',
    summary: "List a release's epics",
    description: 'Operation 6.',
    customFieldFilters: true,
    tags,
    query: epicListQuery,
    response: epicPage,
    handler: async (c, { params, query }) => {
      const release = await requireRelease(c.get('store').db, params.release_id);
      // The product narrows which custom field definitions a filter reads.
      return epicListResponse(c, query, { releaseId: release.id, productId: release.product_id });
    },
  }),
  route({
    method: 'get',
    path: '/initiatives/{initiative_id}/epics',
    op: 'initiatives_epics_list',
    summary: "List an initiative's epics",
    customFieldFilters: true,
    tags,
    query: epicListQuery,
    response: epicPage,
    handler: async (c, { params, query }) => {
      const initiative = await requireInitiative(c.get('store').db, params.initiative_id);
      return epicListResponse(c, query, { initiativeId: initiative.id, productId: initiative.product_id });
    },
  }),
  route({
    method: 'get',
    path: '/epics/{id}',
    op: 'epics_show',
    summary: 'Show an epic',
    tags,
    query: showQuerySchema,
    response: epicEnvelope,
    handler: async (c, { params, query }) => {
      const { db } = c.get('store');
      const row = await requireEpic(db, params.id);
      const epic = await loadEpic(db, row.id, originOf(c), wantedFields(query.fields, null));
      return c.json({ epic: pickFields(epic, query.fields, null) });
    },
  }),
  route({
    method: 'put',
    path: '/epics/{id}',
    op: 'epics_update',
    summary: 'Update an epic',
    tags,
    body: epicUpdateBody,
    response: epicEnvelope,
    handler: async (c, { params, body }) => {
      const { db } = c.get('store');
      const row = await requireEpic(db, params.id);
      await updateEpic(db, { epicId: row.id, input: body.data, checked: body, userId: c.get('user').id });
      const epic = await loadEpic(db, row.id, originOf(c), wantedFields(body.fields, null));
      return c.json({ epic: pickFields(epic, body.fields, null) });
    },
  }),
  route({
    method: 'delete',
    path: '/epics/{id}',
    op: 'epics_delete',
    summary: 'Delete an epic (to the recycle bin)',
    tags,
    response: null,
    handler: async (c, { params }) => {
      const { db } = c.get('store');
      const row = await requireEpic(db, params.id);
      await deleteEpic(db, { epicId: row.id, userId: c.get('user').id });
      return c.body(null, 204);
    },
  }),
  route({
    method: 'get',
    path: '/epics/{id}/features',
    op: 'epics_features_list',
    summary: "List an epic's features",
    tags: ['Features'],
    query: featureListQuery,
    response: featurePage,
    handler: async (c, { params, query }) => {
      const epic = await requireEpic(c.get('store').db, params.id);
      return featureListResponse(c, query, { epicId: epic.id });
    },
  }),
] as const;
