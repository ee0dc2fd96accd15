// Epic endpoints: operations 5 (create in a release), 6 (a release's epics) and 7 (the account's
// epics), the product's list, show, update, delete, and an epic's features (the feature list
// language, scoped to the epic). Handlers parse with the contract, call the store, shape.
import { Hono } from 'hono';
import type { Context } from 'hono';
import { z } from 'zod';
import { NAME_MAX, EMAIL_MAX, fieldsParamSchema } from '../../src/contract/common';
import type { AppEnv } from '../types';
import { listQuery, pageBody, paging, pickFields, readBody, readQuery } from '../http';
import { readCustomFieldPairs } from '../store/custom-fields';
import {
  EPIC_COMPACT_FIELDS,
  createEpic,
  deleteEpic,
  listEpics,
  loadEpic,
  requireEpic,
  serializeEpics,
  updateEpic,
} from '../store/epics';
import type { EpicListFilter } from '../store/epics';
import { wantedFields } from '../store/features';
import { requireInitiative, requireProduct, requireRelease } from '../store/resolve';
import { listResponse as featureListResponse } from './features';

const epicListQuery = listQuery.extend({
  tag: z.string().max(NAME_MAX).optional(),
  assigned_to_user: z.string().max(EMAIL_MAX).optional(),
  workflow_status: z.string().max(NAME_MAX).optional(),
});
const showQuery = z.object({ fields: fieldsParamSchema });
/** The envelope only: the record's fields are checked by the store, all problems together. */
const writeBody = z.object({ epic: z.record(z.string(), z.unknown()), fields: fieldsParamSchema });

const originOf = (c: Context): string => new URL(c.req.url).origin;

async function listResponse(
  c: Context<AppEnv>,
  scope: Pick<EpicListFilter, 'productId' | 'releaseId' | 'initiativeId'>,
): Promise<Response> {
  const query = readQuery(c, epicListQuery);
  const customFields = readCustomFieldPairs(c.req.queries());
  const { db } = c.get('store');
  const page = paging(query);
  const { rows, total } = await listEpics(
    db,
    {
      ...scope,
      q: query.q,
      updatedSince: query.updated_since,
      tag: query.tag,
      assignedToUser: query.assigned_to_user,
      workflowStatus: query.workflow_status,
      customFields,
    },
    page,
  );
  const epics = await serializeEpics(db, rows, originOf(c), wantedFields(query.fields, EPIC_COMPACT_FIELDS));
  return c.json(pageBody('epics', epics.map((e) => pickFields(e, query.fields, EPIC_COMPACT_FIELDS)), total, page));
}

export function epicRoutes(): Hono<AppEnv> {
  const r = new Hono<AppEnv>();

  r.post('/releases/:release_id/epics', async (c) => {
    const { db } = c.get('store');
    const release = await requireRelease(db, c.req.param('release_id'));
    const body = await readBody(c, writeBody);
    const id = await createEpic(db, { release, body: body.epic, userId: c.get('user').id });
    const epic = await loadEpic(db, id, originOf(c), wantedFields(body.fields, null));
    return c.json({ epic: pickFields(epic, body.fields, null) });
  });

  r.get('/epics', (c) => listResponse(c, {}));

  r.get('/products/:product_id/epics', async (c) => {
    const product = await requireProduct(c.get('store').db, c.req.param('product_id'));
    return listResponse(c, { productId: product.id });
  });

  r.get('/releases/:release_id/epics', async (c) => {
    const release = await requireRelease(c.get('store').db, c.req.param('release_id'));
    // The product narrows which custom field definitions a filter reads.
    return listResponse(c, { releaseId: release.id, productId: release.product_id });
  });

  r.get('/initiatives/:initiative_id/epics', async (c) => {
    const initiative = await requireInitiative(c.get('store').db, c.req.param('initiative_id'));
    return listResponse(c, { initiativeId: initiative.id, productId: initiative.product_id });
  });

  r.get('/epics/:id', async (c) => {
    const { db } = c.get('store');
    const { fields } = readQuery(c, showQuery);
    const row = await requireEpic(db, c.req.param('id'));
    const epic = await loadEpic(db, row.id, originOf(c), wantedFields(fields, null));
    return c.json({ epic: pickFields(epic, fields, null) });
  });

  r.put('/epics/:id', async (c) => {
    const { db } = c.get('store');
    const row = await requireEpic(db, c.req.param('id'));
    const body = await readBody(c, writeBody);
    await updateEpic(db, { epicId: row.id, body: body.epic, userId: c.get('user').id });
    const epic = await loadEpic(db, row.id, originOf(c), wantedFields(body.fields, null));
    return c.json({ epic: pickFields(epic, body.fields, null) });
  });

  r.delete('/epics/:id', async (c) => {
    const { db } = c.get('store');
    const row = await requireEpic(db, c.req.param('id'));
    await deleteEpic(db, { epicId: row.id, userId: c.get('user').id });
    return c.body(null, 204);
  });

  r.get('/epics/:id/features', async (c) => {
    const epic = await requireEpic(c.get('store').db, c.req.param('id'));
    return featureListResponse(c, { epicId: epic.id });
  });

  return r;
}
