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
import { createRow, deleteRow, recordKind, showRow, updateRow } from '../http/record-rows';
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

const requirement = recordKind({
  path: '/requirements/{id}',
  tags,
  envelope: requirementEnvelope,
  resolve: requireRequirement,
  answer: ({ db, origin }, ref: { id: number }) => loadRequirement(db, ref.id, origin),
});

export const requirementRoutes = [
  createRow(requirement, {
    path: '/features/{feature_id}/requirements',
    summary: 'Create a requirement under a feature',
    description: 'Operation 3.',
    body: requirementCreateBody,
    parent: requireFeature,
    create: async ({ db, user }, feature, body) => ({
      id: await createRequirement(db, { featureId: feature.id, input: body.data, checked: body, userId: user.id }),
    }),
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
  showRow(requirement, { summary: 'Show a requirement' }),
  updateRow(requirement, {
    summary: 'Update a requirement',
    body: requirementUpdateBody,
    update: async ({ db, user }, row, body) => {
      await updateRequirement(db, { requirementId: row.id, input: body.data, checked: body, userId: user.id });
      return row;
    },
  }),
  deleteRow(requirement, {
    summary: 'Delete a requirement (to the recycle bin)',
    remove: ({ db, user }, row) => deleteRequirement(db, { requirementId: row.id, userId: user.id }),
  }),
] as const;
