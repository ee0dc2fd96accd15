// Requirement operations: 3 (create under a feature) and 4 (the feature's list), plus show, update
// and delete on the requirement's own path (numeric id or key `PLN-12-1`). Rows of the route table.
import { listQuerySchema } from '../../src/contract/common';
import { requirementCreateBody, requirementEnvelope, requirementPage, requirementUpdateBody } from '../../src/contract/features';
import { listKind, listRow, pageAnswer } from '../http/list-rows';
import { originOf } from '../http/query';
import { answerById, changeById, createRow, deleteRow, recordKind, removeById, showRow, updateRow } from '../http/record-rows';
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

const requirement = recordKind({
  path: '/requirements/{id}',
  tags: ['Requirements'],
  envelope: requirementEnvelope,
  resolve: requireRequirement,
  answer: answerById(loadRequirement),
});

const requirements = listKind({
  tags: requirement.tags,
  query: listQuerySchema,
  response: requirementPage,
  answer: pageAnswer(
    'requirements',
    (db, featureId: number, p, query) => listRequirements(db, { featureId, q: query.q, updatedSince: query.updated_since }, p),
    async (rows, c) => serializeRequirements(c.get('store').db, rows, originOf(c)),
  ),
});

export const requirementRoutes = [
  createRow(requirement, {
    path: '/features/{feature_id}/requirements',
    summary: 'Create a requirement under a feature',
    description: 'Operation 3.',
    body: requirementCreateBody,
    parent: requireFeature,
    create: async ({ db, user }, feature, body) => ({
      id: await createRequirement(db, {
        featureId: feature.id,
        input: body.data,
        checked: body,
        userId: user.id,
      }),
    }),
  }),
  listRow(requirements, {
    path: '/features/{feature_id}/requirements',
    summary: "List a feature's requirements",
    description: 'Operation 4. Whole records by default; `fields` narrows them.',
    parent: requireFeature,
    scope: (feature) => feature.id,
  }),
  showRow(requirement, { summary: 'Show a requirement' }),
  updateRow(requirement, {
    summary: 'Update a requirement',
    body: requirementUpdateBody,
    update: changeById(updateRequirement),
  }),
  deleteRow(requirement, {
    summary: 'Delete a requirement (to the recycle bin)',
    remove: removeById(deleteRequirement),
  }),
] as const;
