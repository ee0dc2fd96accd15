// Requirement operations: 3 (create under a feature) and 4 (the feature's list), plus show, update
// and delete on the requirement's own path (numeric id or key `PLN-12-1`). Rows of the route table.
import { listQuerySchema } from '../../src/contract/common';
import {
  requirementCreateBody,
  requirementEnvelope,
  requirementPage,
  requirementUpdateBody,
} from '../../src/contract/features';
import { originOf, pageBody, paging, pickFields } from '../http/query';
import { route } from '../http/route-table';
import { requireFeature } from '../store/features';
import {
  createRequirement,
  deleteRequirement,
  listRequirements,
  loadRequirement,
  requireRequirement,
  serializeRequirements,
  updateRequirement,
} from '../store/requirements';

const tags = ['Requirements'];

export const requirementRoutes = [
  route({
    method: 'post',
    path: '/features/{feature_id}/requirements',
    op: 'requirements_create',
    summary: 'Create a requirement under a feature',
    description: 'Operation 3.',
    tags,
    body: requirementCreateBody,
    response: requirementEnvelope,
    handler: async (c, { params, body }) => {
      const { db } = c.get('store');
      const feature = await requireFeature(db, params.feature_id);
      const id = await createRequirement(db, { featureId: feature.id, input: body.data, checked: body, userId: c.get('user').id });
      const requirement = await loadRequirement(db, id, originOf(c));
      return c.json({ requirement: pickFields(requirement, body.fields, null) });
    },
  }),
  route({
    method: 'get',
    path: '/features/{feature_id}/requirements',
    op: 'features_requirements_list',
    summary: "List a feature's requirements",
    description: 'Operation 4. Whole records by default; `fields` narrows them.',
    tags,
    query: listQuerySchema,
    response: requirementPage,
    handler: async (c, { params, query }) => {
      const { db } = c.get('store');
      const feature = await requireFeature(db, params.feature_id);
      const page = paging(query);
      const { rows, total } = await listRequirements(db, { featureId: feature.id, q: query.q, updatedSince: query.updated_since }, page);
      const items = await serializeRequirements(db, rows, originOf(c));
      return c.json(pageBody('requirements', items.map((i) => pickFields(i, query.fields, null)), total, page));
    },
  }),
  route({
    method: 'get',
    path: '/requirements/{id}',
    op: 'requirements_show',
    summary: 'Show a requirement',
    tags,
    response: requirementEnvelope,
    handler: async (c, { params }) => {
      const { db } = c.get('store');
      const row = await requireRequirement(db, params.id);
      return c.json({ requirement: await loadRequirement(db, row.id, originOf(c)) });
    },
  }),
  route({
    method: 'put',
    path: '/requirements/{id}',
    op: 'requirements_update',
    summary: 'Update a requirement',
    tags,
    body: requirementUpdateBody,
    response: requirementEnvelope,
    handler: async (c, { params, body }) => {
      const { db } = c.get('store');
      const row = await requireRequirement(db, params.id);
      await updateRequirement(db, { requirementId: row.id, input: body.data, checked: body, userId: c.get('user').id });
      return c.json({ requirement: await loadRequirement(db, row.id, originOf(c)) });
    },
  }),
  route({
    method: 'delete',
    path: '/requirements/{id}',
    op: 'requirements_delete',
    summary: 'Delete a requirement (to the recycle bin)',
    tags,
    response: null,
    handler: async (c, { params }) => {
      const { db } = c.get('store');
      const row = await requireRequirement(db, params.id);
      await deleteRequirement(db, { requirementId: row.id, userId: c.get('user').id });
      return c.body(null, 204);
    },
  }),
] as const;
