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
import { originOf, pageBody, paging, pickFields, wantsOnly } from '../http/query';
import { route } from '../http/route-table';
import { notFound } from '../problems';
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

const tags = ['Releases'];
const phaseTags = ['Release phases'];

export const releaseRoutes = [
  route({
    method: 'post',
    path: '/products/{product_id}/releases',
    op: 'releases_create',
    summary: 'Create a release in a product',
    description: 'Operation 8. Every problem of the body is answered at once in one 422.',
    tags,
    body: releaseCreateBody,
    response: releaseEnvelope,
    handler: async (c, { params, body }) => {
      const db = c.get('store').db;
      const product = await requireProduct(db, params.product_id);
      const row = await createRelease(db, c.get('user'), product, body.data, body);
      const release = await releaseBody(db, row, originOf(c));
      return c.json({ release: pickFields(release, body.fields, null) });
    },
  }),
  route({
    method: 'get',
    path: '/products/{product_id}/releases',
    op: 'products_releases_list',
    summary: "List a product's releases",
    tags,
    query: releaseListQuery,
    response: releasePage,
    handler: async (c, { params, query }) => {
      const db = c.get('store').db;
      const product = await requireProduct(db, params.product_id);
      const p = paging(query);
      const page = await listReleases(
        db,
        product.id,
        {
          q: query.q,
          updatedSince: query.updated_since,
          parkingLot: query.parking_lot === undefined ? undefined : query.parking_lot === 'true',
        },
        p,
      );
      const origin = originOf(c);
      // The compact shape comes straight from the rows; whole records batch their related rows.
      const items = wantsOnly(query.fields, RELEASE_COMPACT_FIELDS)
        ? page.rows.map((r) => pickFields(releaseCompact(r, origin), query.fields, RELEASE_COMPACT_FIELDS))
        : (await releaseBodies(db, page.rows, origin)).map((r) => pickFields(r, query.fields, RELEASE_COMPACT_FIELDS));
      return c.json(pageBody('releases', items, page.total, p));
    },
  }),
  route({
    method: 'get',
    path: '/products/{product_id}/releases/{id}',
    op: 'products_releases_show',
    summary: 'Show a release of a product',
    tags,
    query: showQuerySchema,
    response: releaseEnvelope,
    handler: async (c, { params, query }) => {
      const db = c.get('store').db;
      const product = await requireProduct(db, params.product_id);
      const row = await requireRelease(db, params.id);
      if (row.product_id !== product.id) throw notFound('Release', params.id);
      return c.json({ release: pickFields(await releaseBody(db, row, originOf(c)), query.fields, null) });
    },
  }),
  route({
    method: 'get',
    path: '/releases/{id}',
    op: 'releases_show',
    summary: 'Show a release',
    tags,
    query: showQuerySchema,
    response: releaseEnvelope,
    handler: async (c, { params, query }) => {
      const db = c.get('store').db;
      const row = await requireRelease(db, params.id);
      return c.json({ release: pickFields(await releaseBody(db, row, originOf(c)), query.fields, null) });
    },
  }),
  route({
    method: 'put',
    path: '/releases/{id}',
    op: 'releases_update',
    summary: 'Update a release',
    tags,
    body: releaseUpdateBody,
    response: releaseEnvelope,
    handler: async (c, { params, body }) => {
      const db = c.get('store').db;
      const existing = await requireRelease(db, params.id);
      const product = await requireProduct(db, String(existing.product_id));
      const row = await updateRelease(db, c.get('user'), product, existing, body.data, body);
      const release = await releaseBody(db, row, originOf(c));
      return c.json({ release: pickFields(release, body.fields, null) });
    },
  }),
  route({
    method: 'get',
    path: '/releases/{id}/release_phases',
    op: 'releases_release_phases_list',
    summary: "List a release's phases and milestones",
    tags: phaseTags,
    query: pagingQuerySchema,
    response: releasePhasePage,
    handler: async (c, { params, query }) => {
      const db = c.get('store').db;
      const release = await requireRelease(db, params.id);
      const p = paging(query);
      const page = await listPhases(db, release.id, p);
      return c.json(pageBody('release_phases', await phaseBodies(db, page.rows), page.total, p));
    },
  }),
  route({
    method: 'post',
    path: '/release_phases',
    op: 'release_phases_create',
    summary: 'Create a release phase or milestone',
    description: 'The release is named in the body (`release_id`).',
    tags: phaseTags,
    body: releasePhaseCreateBody,
    response: releasePhaseEnvelope,
    handler: async (c, { body }) => {
      const db = c.get('store').db;
      const row = await createPhase(db, c.get('user'), body.data, body);
      return c.json({ release_phase: await phaseBody(db, row) });
    },
  }),
  route({
    method: 'get',
    path: '/release_phases/{id}',
    op: 'release_phases_show',
    summary: 'Show a release phase',
    tags: phaseTags,
    response: releasePhaseEnvelope,
    handler: async (c, { params }) => {
      const db = c.get('store').db;
      const row = await requireReleasePhase(db, params.id);
      return c.json({ release_phase: await phaseBody(db, row) });
    },
  }),
  route({
    method: 'put',
    path: '/release_phases/{id}',
    op: 'release_phases_update',
    summary: 'Update a release phase',
    description: 'Operation 15. `phase_type` is required, as the spec says.',
    tags: phaseTags,
    body: releasePhaseUpdateBody,
    response: releasePhaseEnvelope,
    handler: async (c, { params, body }) => {
      const db = c.get('store').db;
      const existing = await requireReleasePhase(db, params.id);
      const row = await updatePhase(db, c.get('user'), existing, body.data, body);
      return c.json({ release_phase: await phaseBody(db, row) });
    },
  }),
  route({
    method: 'delete',
    path: '/release_phases/{id}',
    op: 'release_phases_delete',
    summary: 'Delete a release phase',
    tags: phaseTags,
    response: null,
    handler: async (c, { params }) => {
      const db = c.get('store').db;
      const existing = await requireReleasePhase(db, params.id);
      await deletePhase(db, c.get('user'), existing);
      return c.body(null, 204);
    },
  }),
] as const;
