// Requirement endpoints: operations 3 (create under a feature) and 4 (the feature's list), plus
// show, update and delete on the requirement's own path (numeric id or key `PLN-12-1`).
import { Hono } from 'hono';
import type { Context } from 'hono';
import { z } from 'zod';
import { fieldsParamSchema } from '../../src/contract/common';
import type { AppEnv } from '../types';
import { listQuery, pageBody, paging, pickFields, readBody, readQuery } from '../http';
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

/** The envelope only: the record's fields are checked by the store, all problems together. */
const writeBody = z.object({ requirement: z.record(z.string(), z.unknown()), fields: fieldsParamSchema });

const originOf = (c: Context): string => new URL(c.req.url).origin;

export function requirementRoutes(): Hono<AppEnv> {
  const r = new Hono<AppEnv>();

  r.post('/features/:feature_id/requirements', async (c) => {
    const { db } = c.get('store');
    const feature = await requireFeature(db, c.req.param('feature_id'));
    const body = await readBody(c, writeBody);
    const id = await createRequirement(db, { featureId: feature.id, body: body.requirement, userId: c.get('user').id });
    const requirement = await loadRequirement(db, id, originOf(c));
    return c.json({ requirement: pickFields(requirement, body.fields, null) });
  });

  r.get('/features/:feature_id/requirements', async (c) => {
    const { db } = c.get('store');
    const feature = await requireFeature(db, c.req.param('feature_id'));
    const query = readQuery(c, listQuery);
    const page = paging(query);
    const { rows, total } = await listRequirements(db, { featureId: feature.id, q: query.q, updatedSince: query.updated_since }, page);
    const items = await serializeRequirements(db, rows, originOf(c));
    return c.json(pageBody('requirements', items.map((i) => pickFields(i, query.fields, null)), total, page));
  });

  r.get('/requirements/:id', async (c) => {
    const { db } = c.get('store');
    const row = await requireRequirement(db, c.req.param('id'));
    return c.json({ requirement: await loadRequirement(db, row.id, originOf(c)) });
  });

  r.put('/requirements/:id', async (c) => {
    const { db } = c.get('store');
    const row = await requireRequirement(db, c.req.param('id'));
    const body = await readBody(c, writeBody);
    await updateRequirement(db, { requirementId: row.id, body: body.requirement, userId: c.get('user').id });
    return c.json({ requirement: await loadRequirement(db, row.id, originOf(c)) });
  });

  r.delete('/requirements/:id', async (c) => {
    const { db } = c.get('store');
    const row = await requireRequirement(db, c.req.param('id'));
    await deleteRequirement(db, { requirementId: row.id, userId: c.get('user').id });
    return c.body(null, 204);
  });

  return r;
}
