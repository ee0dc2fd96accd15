// Feature endpoints: operations 1 (create in a release) and 2 (update), show, delete and the three
// lists (account, product, release). Handlers parse with the contract, call the store, shape.
import { Hono } from 'hono';
import type { Context } from 'hono';
import { z } from 'zod';
import { NAME_MAX, EMAIL_MAX, fieldsParamSchema } from '../../src/contract/common';
import type { AppEnv } from '../types';
import { listQuery, pageBody, paging, pickFields, readBody, readQuery } from '../http';
import {
  FEATURE_COMPACT_FIELDS,
  createFeature,
  deleteFeature,
  listFeatures,
  loadFeature,
  requireFeature,
  serializeFeatures,
  updateFeature,
  wantedFields,
} from '../store/features';
import type { FeatureListFilter } from '../store/features';
import { requireProduct, requireRelease } from '../store/resolve';

const featureListQuery = listQuery.extend({
  tag: z.string().max(NAME_MAX).optional(),
  assigned_to_user: z.string().max(EMAIL_MAX).optional(),
  workflow_status: z.string().max(NAME_MAX).optional(),
});
const showQuery = z.object({ fields: fieldsParamSchema });
/** The envelope only: the record's fields are checked by the store, all problems together. */
const writeBody = z.object({ feature: z.record(z.string(), z.unknown()), fields: fieldsParamSchema });

const originOf = (c: Context): string => new URL(c.req.url).origin;

/** A page of features in a scope, with the one query language of every feature list (epics reuse it). */
export async function listResponse(
  c: Context<AppEnv>,
  scope: Pick<FeatureListFilter, 'productId' | 'releaseId' | 'epicId' | 'initiativeId'>,
): Promise<Response> {
  const query = readQuery(c, featureListQuery);
  const { db } = c.get('store');
  const page = paging(query);
  const { rows, total } = await listFeatures(
    db,
    {
      ...scope,
      q: query.q,
      updatedSince: query.updated_since,
      tag: query.tag,
      assignedToUser: query.assigned_to_user,
      workflowStatus: query.workflow_status,
    },
    page,
  );
  const features = await serializeFeatures(db, rows, originOf(c), wantedFields(query.fields, FEATURE_COMPACT_FIELDS));
  return c.json(pageBody('features', features.map((f) => pickFields(f, query.fields, FEATURE_COMPACT_FIELDS)), total, page));
}

export function featureRoutes(): Hono<AppEnv> {
  const r = new Hono<AppEnv>();

  r.post('/releases/:release_id/features', async (c) => {
    const { db } = c.get('store');
    const release = await requireRelease(db, c.req.param('release_id'));
    const body = await readBody(c, writeBody);
    const id = await createFeature(db, { release, body: body.feature, userId: c.get('user').id });
    const feature = await loadFeature(db, id, originOf(c), wantedFields(body.fields, null));
    return c.json({ feature: pickFields(feature, body.fields, null) });
  });

  r.get('/features', (c) => listResponse(c, {}));

  r.get('/products/:product_id/features', async (c) => {
    const product = await requireProduct(c.get('store').db, c.req.param('product_id'));
    return listResponse(c, { productId: product.id });
  });

  r.get('/releases/:release_id/features', async (c) => {
    const release = await requireRelease(c.get('store').db, c.req.param('release_id'));
    return listResponse(c, { releaseId: release.id });
  });

  r.get('/features/:id', async (c) => {
    const { db } = c.get('store');
    const { fields } = readQuery(c, showQuery);
    const row = await requireFeature(db, c.req.param('id'));
    const feature = await loadFeature(db, row.id, originOf(c), wantedFields(fields, null));
    return c.json({ feature: pickFields(feature, fields, null) });
  });

  r.put('/features/:id', async (c) => {
    const { db } = c.get('store');
    const row = await requireFeature(db, c.req.param('id'));
    const body = await readBody(c, writeBody);
    await updateFeature(db, { featureId: row.id, body: body.feature, userId: c.get('user').id });
    const feature = await loadFeature(db, row.id, originOf(c), wantedFields(body.fields, null));
    return c.json({ feature: pickFields(feature, body.fields, null) });
  });

  r.delete('/features/:id', async (c) => {
    const { db } = c.get('store');
    const row = await requireFeature(db, c.req.param('id'));
    await deleteFeature(db, { featureId: row.id, userId: c.get('user').id });
    return c.body(null, 204);
  });

  return r;
}
