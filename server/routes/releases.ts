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
import { changeInProduct, createRow, deleteRow, recordKind, showRow, updateRow } from '../http/record-rows';
import {
  RELEASE_COMPACT_FIELDS,
  createPhase,
  createRelease,
  deletePhase,
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
import { requireProduct, requireRelease, requireReleasePhase } from '../store/resolve';
import type { ReleasePhaseRow, ReleaseRow } from '../store/schema';

const release = recordKind({
  path: '/releases/{id}',
  tags: ['Releases'],
  envelope: releaseEnvelope,
  resolve: requireRelease,
  answer: ({ db, origin }, row: ReleaseRow) => releaseBody(db, row, origin),
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
    (db, productId: number, p, query) =>
      listReleases(
        db,
        productId,
        {
          q: query.q,
          updatedSince: query.updated_since,
          parkingLot: query.parking_lot === undefined ? undefined : query.parking_lot === 'true',
        },
        p,
      ),
    compactOrWhole(RELEASE_COMPACT_FIELDS, releaseCompact, releaseBodies),
  ),
});
const phases = listKind({
  tags: phase.tags,
  query: pagingQuerySchema,
  response: releasePhasePage,
  answer: pageAnswer(
    'release_phases',
    (db, releaseId: number, p) => listPhases(db, releaseId, p),
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
    create: ({ db, user }, product, body) => createRelease(db, user, product, body.data, body),
  }),
  listRow(releases, {
    path: '/products/{product_id}/releases',
    summary: "List a product's releases",
    parent: requireProduct,
    scope: (product) => product.id,
  }),
  showRow(release, {
    path: '/products/{product_id}/releases/{id}',
    summary: 'Show a release of a product',
    query: showQuerySchema,
    parent: requireProduct,
    owns: (product, release) => release.product_id === product.id,
  }),
  showRow(release, { summary: 'Show a release', query: showQuerySchema }),
  updateRow(release, {
    summary: 'Update a release',
    body: releaseUpdateBody,
    update: changeInProduct(updateRelease),
  }),
  listRow(phases, {
    path: '/releases/{id}/release_phases',
    summary: "List a release's phases and milestones",
    parent: requireRelease,
    scope: (release) => release.id,
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
  deleteRow(phase, {
    summary: 'Delete a release phase',
    remove: ({ db, user }, row) => deletePhase(db, user, row),
  }),
] as const;
