// Release and release phase operations (8 and 15, show, update, lists, phase create/delete). Rows of
// the route table: the pipeline reads the body field by field so every problem is reported at once.
import { pagingQuerySchema, showQuerySchema } from '../../src/contract/common';
import {
  releaseCreateBody,
  releaseEnvelope,
  releaseListQuery,
  releasePage,
  releasePhaseCreateBody,
  releasePhaseEnvelope,
  releasePhasePage,
  releasePhaseUpdateBody,
  releaseUpdateBody,
} from '../../src/contract/releases';
import { compactOrWhole, listKind, listRow, pageAnswer } from '../http/list-rows';
import { changeInProduct, createIn, inProduct } from '../http/product-rows';
import { answerRow, createRow, deleteRow, recordKind, removeById, showRow, updateRow } from '../http/record-rows';
import {
  RELEASE_COMPACT_FIELDS,
  RELEASE_LIST_FIELDS,
  createPhase,
  createRelease,
  deletePhase,
  deleteRelease,
  listPhases,
  listReleases,
  phaseBodies,
  phaseBody,
  releaseBodies,
  releaseBody,
  releaseCompact,
  updatePhase,
  updateRelease,
} from '../store/releases';
import type { ReleaseScope } from '../store/releases';
import { requireGoal } from '../store/goals';
import { requireInitiative, requireProduct, requireRelease, requireReleasePhase } from '../store/resolve';
import type { ReleasePhaseRow } from '../store/schema';

const DELETE_RELEASE_ERRORS = { 422: 'The release still holds features or epics (named under `features` / `epics`)' } as const;
const DELETE_RELEASE =
  'Refused (422 naming `features` and/or `epics`) while features or epics are still in the release: move or delete them ' +
  'first. Its phases are deleted with it; releases that rolled up into it move up to its parent.';

const release = recordKind({
  path: '/releases/{id}',
  tags: ['Releases'],
  envelope: releaseEnvelope,
  resolve: requireRelease,
  answer: answerRow(releaseBody),
});

const phase = recordKind({
  path: '/release_phases/{id}',
  tags: ['Release phases'],
  envelope: releasePhaseEnvelope,
  resolve: requireReleasePhase,
  answer: ({ db }, row: ReleasePhaseRow) => phaseBody(db, row),
});

const releases = listKind({
  tags: release.tags,
  query: releaseListQuery,
  response: releasePage,
  answer: pageAnswer(
    'releases',
    (db, scope: ReleaseScope, p, query) =>
      listReleases(
        db,
        scope,
        {
          q: query.q,
          updatedSince: query.updated_since,
          parkingLot: query.parking_lot === undefined ? undefined : query.parking_lot === 'true',
        },
        p,
      ),
    compactOrWhole(RELEASE_COMPACT_FIELDS, releaseCompact, releaseBodies, RELEASE_LIST_FIELDS),
  ),
});
const phases = listKind({
  tags: phase.tags,
  query: pagingQuerySchema,
  response: releasePhasePage,
  answer: pageAnswer(
    'release_phases',
    (db, scope: { releaseId: number } | { account: true }, p) => listPhases(db, scope, p),
    (rows, c) => phaseBodies(c.get('store').db, rows),
  ),
});

export const releaseRoutes = [
  createRow(release, {
    path: '/products/{product_id}/releases',
    summary: 'Create a release in a product',
    description: 'Operation 8. Every problem of the body is answered at once in one 422.',
    body: releaseCreateBody,
    parent: requireProduct,
    create: createIn(createRelease),
  }),
  listRow(releases, {
    path: '/products/{product_id}/releases',
    summary: "List a product's releases",
    parent: requireProduct,
    scope: (product) => ({ productId: product.id }),
  }),
  listRow(releases, {
    path: '/releases/{release_id}/releases',
    summary: 'List the releases that roll up into a release',
    description: "The hosted roll-up release's releases: here, the releases whose `parent_id` is this release.",
    parent: requireRelease,
    scope: (release) => ({ parentId: release.id }),
  }),
  listRow(releases, {
    path: '/initiatives/{initiative_id}/releases',
    summary: "List an initiative's releases",
    description: "The releases linked to the initiative (a release body's `initiatives`).",
    parent: requireInitiative,
    scope: (initiative) => ({ initiativeId: initiative.id }),
  }),
  listRow(releases, {
    path: '/goals/{goal_id}/releases',
    summary: "List a goal's releases",
    description: 'Goals have no release link of their own: the releases linked to any initiative linked to the goal.',
    parent: requireGoal,
    scope: (goal) => ({ goalId: goal.id }),
  }),
  showRow(release, { ...inProduct(release), summary: 'Show a release of a product', query: showQuerySchema }),
  showRow(release, { summary: 'Show a release', query: showQuerySchema }),
  updateRow(release, {
    summary: 'Update a release',
    body: releaseUpdateBody,
    update: changeInProduct(updateRelease),
  }),
  updateRow(release, {
    ...inProduct(release),
    summary: 'Update a release of a product',
    description: 'As `PUT /releases/{id}`; a release of another product is a 404.',
    body: releaseUpdateBody,
    update: changeInProduct(updateRelease),
  }),
  deleteRow(release, {
    summary: 'Delete a release',
    description: DELETE_RELEASE,
    errors: DELETE_RELEASE_ERRORS,
    remove: removeById(deleteRelease),
  }),
  deleteRow(release, {
    ...inProduct(release),
    errors: DELETE_RELEASE_ERRORS,
    summary: 'Delete a release of a product',
    description: `${DELETE_RELEASE} A release of another product is a 404.`,
    remove: removeById(deleteRelease),
  }),
  listRow(phases, {
    path: '/releases/{id}/release_phases',
    summary: "List a release's phases and milestones",
    parent: requireRelease,
    scope: (release) => ({ releaseId: release.id }),
  }),
  listRow(phases, {
    path: '/release_phases',
    summary: "List the account's release phases and milestones",
    description: "Grouped by release, each release's in its own order.",
    scope: () => ({ account: true as const }),
  }),
  createRow(phase, {
    path: '/release_phases',
    summary: 'Create a release phase or milestone',
    description: 'The release is named in the body (`release_id`).',
    body: releasePhaseCreateBody,
    create: ({ db, user }, _none, body) => createPhase(db, user, body.data, body),
  }),
  showRow(phase, { summary: 'Show a release phase' }),
  updateRow(phase, {
    summary: 'Update a release phase',
    description: 'Operation 15. `phase_type` is required, as the spec says.',
    body: releasePhaseUpdateBody,
    update: ({ db, user }, row, body) => updatePhase(db, user, row, body.data, body),
  }),
  deleteRow(phase, { summary: 'Delete a release phase', remove: removeById(deletePhase) }),
] as const;
