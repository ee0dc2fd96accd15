// Release and release phase routes (operations 8 and 15, show, update, lists, phase create/delete):
// read the body field by field so every problem is reported at once, call the store, shape.
import { Hono } from 'hono';
import type { Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../types';
import { fieldsParamSchema } from '../../src/contract/common';
import {
  releaseCreateInput,
  releasePhaseCreateInput,
  releasePhaseUpdateInput,
  releaseUpdateInput,
} from '../../src/contract/releases';
import { listQuery, pageBody, paging, pickFields, readBody, readQuery, wantsOnly } from '../http';
import { FieldProblems, fieldError, notFound, zodProblems } from '../problems';
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
import type { Checked } from '../store/releases';
import { requireProduct, requireRelease, requireReleasePhase } from '../store/resolve';
import { originOf } from './account';

export interface RecordBody<T> extends Checked {
  data: Partial<T>;
  fields: string | undefined;
}

/**
 * Reads `{"<key>": {...}, "fields"?: "..."}`. Shape problems are collected per top-level field
 * (not thrown), and the fields that passed are returned, so the store can add its rule problems and
 * answer with all of them in one 422.
 */
export async function readRecord<S extends z.ZodObject>(
  c: Context<AppEnv>,
  key: string,
  schema: S,
): Promise<RecordBody<z.output<S>>> {
  const raw = await readBody(c, z.record(z.string(), z.unknown()));
  const record = raw[key];
  if (record === undefined || record === null) throw fieldError(key, "can't be blank");
  if (typeof record !== 'object' || Array.isArray(record)) throw fieldError(key, 'must be an object');
  const problems = new FieldProblems();
  const flagged = new Set<string>();
  const fields = fieldsParamSchema.safeParse(raw.fields);
  if (!fields.success) problems.add('fields', 'must be a comma-separated string of field names');

  // reportInput lets the messages tell a wrong type ("must be a string") from a missing value.
  const full = schema.safeParse(record, { reportInput: true });
  if (full.success) return { data: full.data, fields: fields.data, problems, flagged };
  for (const [field, messages] of Object.entries(zodProblems(full.error, 0))) {
    const top = field.split('.')[0] ?? field;
    flagged.add(top);
    for (const m of messages) problems.add(top, m);
  }
  const rest = Object.fromEntries(Object.entries(record).filter(([k]) => !flagged.has(k)));
  const partial = schema.partial().safeParse(rest);
  // Every field left passed on its own, so the partial parse succeeds; the cast only re-attaches
  // the generic output type that `partial()` loses.
  const data = (partial.success ? partial.data : {}) as Partial<z.output<S>>;
  return { data, fields: fields.data, problems, flagged };
}

const fieldsQuery = z.object({ fields: fieldsParamSchema });
const releaseListQuery = listQuery.extend({
  parking_lot: z.enum(['true', 'false'], 'must be true or false').optional(),
});

export function releaseRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post('/products/:product_id/releases', async (c) => {
    const db = c.get('store').db;
    const product = await requireProduct(db, c.req.param('product_id'));
    const body = await readRecord(c, 'release', releaseCreateInput);
    const row = await createRelease(db, c.get('user'), product, body.data, body);
    const release = await releaseBody(db, row, originOf(c.req.url));
    return c.json({ release: pickFields(release, body.fields, null) });
  });

  app.get('/products/:product_id/releases', async (c) => {
    const db = c.get('store').db;
    const product = await requireProduct(db, c.req.param('product_id'));
    const query = readQuery(c, releaseListQuery);
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
    const origin = originOf(c.req.url);
    // The compact shape comes straight from the rows; whole records batch their related rows.
    const items = wantsOnly(query.fields, RELEASE_COMPACT_FIELDS)
      ? page.rows.map((r) => pickFields(releaseCompact(r, origin), query.fields, RELEASE_COMPACT_FIELDS))
      : (await releaseBodies(db, page.rows, origin)).map((r) =>
          pickFields(r, query.fields, RELEASE_COMPACT_FIELDS),
        );
    return c.json(pageBody('releases', items, page.total, p));
  });

  app.get('/products/:product_id/releases/:id', async (c) => {
    const db = c.get('store').db;
    const product = await requireProduct(db, c.req.param('product_id'));
    const row = await requireRelease(db, c.req.param('id'));
    if (row.product_id !== product.id) throw notFound('Release', c.req.param('id'));
    const { fields } = readQuery(c, fieldsQuery);
    return c.json({ release: pickFields(await releaseBody(db, row, originOf(c.req.url)), fields, null) });
  });

  app.get('/releases/:id', async (c) => {
    const db = c.get('store').db;
    const row = await requireRelease(db, c.req.param('id'));
    const { fields } = readQuery(c, fieldsQuery);
    return c.json({ release: pickFields(await releaseBody(db, row, originOf(c.req.url)), fields, null) });
  });

  app.put('/releases/:id', async (c) => {
    const db = c.get('store').db;
    const existing = await requireRelease(db, c.req.param('id'));
    const product = await requireProduct(db, String(existing.product_id));
    const body = await readRecord(c, 'release', releaseUpdateInput);
    const row = await updateRelease(db, c.get('user'), product, existing, body.data, body);
    const release = await releaseBody(db, row, originOf(c.req.url));
    return c.json({ release: pickFields(release, body.fields, null) });
  });

  app.get('/releases/:id/release_phases', async (c) => {
    const db = c.get('store').db;
    const release = await requireRelease(db, c.req.param('id'));
    const p = paging(readQuery(c, listQuery));
    const page = await listPhases(db, release.id, p);
    return c.json(pageBody('release_phases', await phaseBodies(db, page.rows), page.total, p));
  });

  app.post('/release_phases', async (c) => {
    const db = c.get('store').db;
    const body = await readRecord(c, 'release_phase', releasePhaseCreateInput);
    const row = await createPhase(db, c.get('user'), body.data, body);
    return c.json({ release_phase: await phaseBody(db, row) });
  });

  app.get('/release_phases/:id', async (c) => {
    const db = c.get('store').db;
    const row = await requireReleasePhase(db, c.req.param('id'));
    return c.json({ release_phase: await phaseBody(db, row) });
  });

  app.put('/release_phases/:id', async (c) => {
    const db = c.get('store').db;
    const existing = await requireReleasePhase(db, c.req.param('id'));
    const body = await readRecord(c, 'release_phase', releasePhaseUpdateInput);
    const row = await updatePhase(db, c.get('user'), existing, body.data, body);
    return c.json({ release_phase: await phaseBody(db, row) });
  });

  app.delete('/release_phases/:id', async (c) => {
    const db = c.get('store').db;
    const existing = await requireReleasePhase(db, c.req.param('id'));
    await deletePhase(db, c.get('user'), existing);
    return c.body(null, 204);
  });

  return app;
}
