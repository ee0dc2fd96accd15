// Row factories for the operations every record kind repeats: create under a parent, show, update
// and delete on the record's own path. A kind's route module declares the kind once (its answer key,
// path, how a record is found and how it is answered) and each row adds only its summary and the
// store call; finding the record, the `{ "<key>": record }` envelope, `fields` and 204 live here.
import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { showQuerySchema } from '../../src/contract/common';
import type { Store } from '../store/db';
import { afterCommit } from '../store/db-errors';
import type { AppEnv } from '../types';
import { notFound } from '../problems';
import type { Checked } from '../problems';
import type { RecordChange, RecordCreate, RecordRemoval } from '../store/record-writes';
import type { Database, UserRow } from '../store/schema';
import { listOp } from './list-rows';
import { originOf, pickFields, wantedFields } from './query';
import type { RecordEnvelope } from './record';
import type { BodyOf, Method, Route, RowErrors } from './route-table';

/** What a row's store call gets besides the record: the database, who asks, and the origin for links. */
export interface RowContext {
  db: Store['db'];
  user: UserRow;
  origin: string;
}

/** A kind as its route module declares it; the answer key and operation ids are read from it. */
export interface RecordKindDecl<P extends `/${string}/{id}`, R extends z.ZodObject, Ref, Row extends Ref> {
  /** The record's own path; its first segment names the operations (`/epics/{id}` → `epics_show`, …). */
  path: P;
  tags: readonly string[];
  /** The answer's schema, `{ "<key>": record }`: its one key is the answer's key. */
  envelope: R;
  /** The record an `{id}` (numeric id or key) names, or a 404. */
  resolve: (db: Store['db'], id: string) => Promise<Row>;
  /** The whole record as the API shows it; `fields` lets the loader leave out what is not asked for. */
  answer: (ctx: RowContext, ref: Ref, fields: string | undefined) => { id: string } | Promise<{ id: string }>;
  /**
   * A show's answer from the row `resolve` has just read, sparing `answer` reading it again (a
   * feature page read its row twice). Not used after a write: that row is the one before it.
   */
  show?: (ctx: RowContext, row: Row, fields: string | undefined) => Promise<{ id: string }>;
}

/**
 * A record kind as its rows see it. `Ref` is what `answer` needs (an id or the whole row); `Row`,
 * what `resolve` finds, is at least that, so a found record can be answered as it is.
 */
export interface RecordKind<P extends `/${string}/{id}`, R extends z.ZodObject, Ref, Row extends Ref> extends RecordKindDecl<
  P,
  R,
  Ref,
  Row
> {
  /** `epic` in `{ "epic": {...} }`. */
  key: string;
  /** `Epic` in "Epic 12 not found". */
  noun: string;
  /** `epics` in `epics_show`. */
  op: string;
}

/** Declares a kind; the generics are inferred from `resolve` and `answer`. */
export function recordKind<P extends `/${string}/{id}`, R extends z.ZodObject, Ref, Row extends Ref>(
  decl: RecordKindDecl<P, R, Ref, Row>,
): RecordKind<P, R, Ref, Row> {
  const [key, ...others] = Object.keys(decl.envelope.shape);
  if (!key || others.length > 0) throw new Error(`The answer of ${decl.path} has exactly one key`);
  const noun = key.replaceAll('_', ' ');
  return {
    ...decl,
    key,
    noun: noun.charAt(0).toUpperCase() + noun.slice(1),
    op: decl.path.split('/')[1] ?? key,
  };
}

/** A kind's `answer` from its shaper of one whole row (`(db, row, origin) => body`). */
export function answerRow<Row, B extends { id: string }>(
  shape: (db: Store['db'], row: Row, origin: string) => Promise<B>,
): (ctx: RowContext, row: Row) => Promise<B> {
  return ({ db, origin }, row) => shape(db, row, origin);
}

/** A kind's `answer` from its loader by id, reading only what the `fields` asked for need. */
export function answerById<B extends { id: string }>(
  load: (db: Store['db'], id: number, origin: string, wanted: Set<string> | null) => Promise<B>,
): (ctx: RowContext, ref: { id: number }, fields: string | undefined) => Promise<B> {
  return ({ db, origin }, ref, fields) => load(db, ref.id, origin, wantedFields(fields, null));
}

/**
 * The create of a record under its parent by a store call that takes
 * `(db, { <key>: parent, input, checked, userId })` and answers the new record's id.
 */
export function createUnder<K extends string, A extends Record<K, unknown> & RecordCreate<unknown>>(
  key: K,
  create: (db: Kysely<Database>, args: A) => Promise<number>,
): (ctx: RowContext, parent: A[K], body: { data: A['input'] } & Checked) => Promise<{ id: number }> {
  return async ({ db, user }, parent, body) => {
    // A computed key is a string to TypeScript: `key` is K, so this is the object the call takes.
    const args = { [key]: parent, input: body.data, checked: body, userId: user.id } as unknown as A;
    return { id: await create(db, args) };
  };
}

/** The words of a row in the API document. */
interface RowText {
  summary: string;
  description?: string;
  params?: Readonly<Record<string, string>>;
  errors?: RowErrors;
}

type Params = Record<string, string>;
type Input = {
  params: Params;
  query?: { fields?: string | undefined };
  body?: { fields?: string | undefined };
};
type AnyKind = RecordKind<`/${string}/{id}`, z.ZodObject, never, never>;

/**
 * A row on a kind: the generic handler finds what it needs and answers `{ "<key>": record }`
 * narrowed by `fields` (or 204 when `handle` gives null). The handlers read their input loosely; the
 * row's type (what the table, the document and the test client see) is the one the factory names,
 * and mountRoutes hands every handler this shape.
 */
function kindRow<T>(
  kind: AnyKind,
  row: { method: Method; op: string; path: string; response: z.ZodType | null } & RowText & Partial<Pick<Route, 'query' | 'body'>>,
  handle: (ctx: RowContext, input: Input) => Promise<unknown>,
  fresh = false,
): T {
  // `fresh`: `handle` gives back the row just read, which `show` can answer as it is.
  const answer = ((fresh && kind.show) || kind.answer) as (
    ctx: RowContext,
    ref: unknown,
    fields: string | undefined,
  ) => Promise<{ id: string }> | { id: string };
  return {
    tags: kind.tags,
    ...row,
    handler: async (c: Context<AppEnv>, input: Input) => {
      const ctx: RowContext = { db: c.get('store').db, user: c.get('user'), origin: originOf(c) };
      const ref = await handle(ctx, input);
      if (ref === null) return c.body(null, 204);
      if (ref instanceof Removed) {
        // The deletion holding it, so a client can offer to undo (`POST /deletions/{id}/restore`).
        if (ref.deletionId !== null) c.header(DELETION_HEADER, String(ref.deletionId));
        return c.body(null, 204);
      }
      const fields = input.query?.fields ?? input.body?.fields;
      // A create or update is committed by now: the read-back failing does not undo it (db-errors.ts).
      // Some kinds shape their answer synchronously (portals): a plain value is awaited all the same.
      const shaped = await Promise.resolve()
        .then(() => answer(ctx, ref, fields))
        .catch((err: unknown) => {
          throw row.method === 'get' ? err : afterCommit(err);
        });
      return c.json({ [kind.key]: pickFields(shaped, fields, null) });
    },
  } as unknown as T;
}

/** The parent named by a path's first parameter, when the row has a parent to find. */
async function parentOf<Parent>(
  ctx: RowContext,
  path: string,
  params: Params,
  parent: ((db: Store['db'], idOrKey: string) => Promise<Parent>) | undefined,
): Promise<Parent | undefined> {
  const name = /\{([^}]+)\}/.exec(path)?.[1];
  return parent && name ? parent(ctx.db, params[name] ?? '') : undefined;
}

/**
 * Where a row on a record sits: by default its own path; with `path` and `parent` under its parent
 * (`/products/{product_id}/releases/{id}`), where `owns` says whether the record is the parent's.
 */
export interface Placement<SP extends string, Parent, Row> {
  path?: SP;
  parent?: (db: Store['db'], idOrKey: string) => Promise<Parent>;
  owns?: (parent: Parent, record: Row) => boolean;
}

/** `products_releases_update` from `/products/{product_id}/releases/{id}`, `releases_update` from `/releases/{id}`. */
const rowOp = (path: string, action: 'create' | 'show' | 'update' | 'delete'): string => listOp(path).replace(/_list$/, `_${action}`);

/**
 * The record `{id}` names, found under the parent the path's first parameter names when the row has
 * one: an unknown parent, an unknown record and a record of another parent are all 404, so a path
 * never reaches a record through a parent it does not belong to.
 */
async function ownedRecord<Row, Parent>(
  ctx: RowContext,
  kind: { resolve: (db: Store['db'], id: string) => Promise<Row>; noun: string },
  path: string,
  params: Params,
  placement: Pick<Placement<string, Parent, Row>, 'parent' | 'owns'>,
): Promise<Row> {
  const found = await parentOf(ctx, path, params, placement.parent);
  const record = await kind.resolve(ctx.db, params.id ?? '');
  if (placement.owns && !placement.owns(found as Parent, record)) throw notFound(kind.noun, params.id ?? '');
  return record;
}

/**
 * `GET <path>`: the record, narrowed by `fields` when the row takes the show query. With `path`
 * and `parent` it is shown under its parent (`/products/{product_id}/goals/{id}`), and a record of
 * another parent is a 404.
 */
export function showRow<
  P extends `/${string}/{id}`,
  R extends z.ZodObject,
  Ref,
  Row extends Ref,
  Q extends typeof showQuerySchema | undefined = undefined,
  SP extends string = P,
  Parent = undefined,
>(kind: RecordKind<P, R, Ref, Row>, row: RowText & Placement<SP, Parent, Row> & { query?: Q }): Route<'get', SP, Q, undefined, R> {
  const { parent, owns, ...text } = row;
  const path = row.path ?? kind.path;
  return kindRow(
    kind as unknown as AnyKind,
    { method: 'get', op: rowOp(path, 'show'), path, response: kind.envelope, ...text },
    (ctx, { params }) => ownedRecord(ctx, kind, path, params, { parent, owns }),
    true,
  );
}

/**
 * `PUT <path>`: the store call changes the record and gives back what to answer. With `path` and
 * `parent` (as for showRow) it is changed under its parent, and a record of another parent is a 404.
 */
export function updateRow<
  P extends `/${string}/{id}`,
  R extends z.ZodObject,
  Ref,
  Row extends Ref,
  B extends RecordEnvelope,
  SP extends string = P,
  Parent = undefined,
>(
  kind: RecordKind<P, R, Ref, Row>,
  row: RowText &
    Placement<SP, Parent, Row> & {
      body: B;
      update: (ctx: RowContext, record: Row, body: BodyOf<B>) => Promise<Ref>;
    },
): Route<'put', SP, undefined, B, R> {
  const { update, parent, owns, ...text } = row;
  const path = row.path ?? kind.path;
  return kindRow(
    kind as unknown as AnyKind,
    { method: 'put', op: rowOp(path, 'update'), response: kind.envelope, ...text, path },
    async (ctx, { params, body }) => update(ctx, await ownedRecord(ctx, kind, path, params, { parent, owns }), body as BodyOf<B>),
  );
}

/**
 * The change of a record by id (work items, idea organizations): their store calls take
 * `(db, { id, input, checked, userId })`; the row answers the record as it now is.
 */
export function changeById<Data>(
  change: (db: Kysely<Database>, args: RecordChange<Data>) => Promise<void>,
): <Row extends { id: number }>(ctx: RowContext, record: Row, body: { data: Data } & Checked) => Promise<Row> {
  return async ({ db, user }, record, body) => {
    await change(db, { id: record.id, input: body.data, checked: body, userId: user.id });
    return record;
  };
}

/** The delete of a record by id (every kind with shared writes): store calls that take `(db, { id, userId })`. */
export function removeById(
  remove: (db: Kysely<Database>, args: RecordRemoval) => Promise<number | void>,
): (ctx: RowContext, record: { id: number }) => Promise<number | void> {
  return ({ db, user }, record) => remove(db, { id: record.id, userId: user.id });
}

/** The header a DELETE answers with the id of the recycle-bin deletion that holds what it removed. */
export const DELETION_HEADER = 'X-Deletion-Id';

/** What a delete's handler hands back: the deletion holding the record (null when nothing went to the bin). */
class Removed {
  constructor(readonly deletionId: number | null) {}
}

/**
 * `DELETE <path>`: 204 once the store call has removed the record, with `X-Deletion-Id` when the store
 * call answers the recycle-bin deletion holding it; `path`/`parent`/`owns` as for updateRow.
 */
export function deleteRow<
  P extends `/${string}/{id}`,
  R extends z.ZodObject,
  Ref,
  Row extends Ref,
  SP extends string = P,
  Parent = undefined,
>(
  kind: RecordKind<P, R, Ref, Row>,
  row: RowText & Placement<SP, Parent, Row> & { remove: (ctx: RowContext, record: Row) => Promise<number | void> },
): Route<'delete', SP, undefined, undefined, null> {
  const { remove, parent, owns, ...text } = row;
  const path = row.path ?? kind.path;
  return kindRow(
    kind as unknown as AnyKind,
    { method: 'delete', op: rowOp(path, 'delete'), response: null, ...text, path },
    async (ctx, { params }) => {
      const deletionId = await remove(ctx, await ownedRecord(ctx, kind, path, params, { parent, owns }));
      return new Removed(typeof deletionId === 'number' ? deletionId : null);
    },
  );
}

/**
 * `POST <path>`: a new record under the parent the path's one parameter names (`parent` finds it,
 * or the body names it when the path has none); answered as show answers it.
 */
export function createRow<
  P extends `/${string}/{id}`,
  R extends z.ZodObject,
  Ref,
  Row extends Ref,
  CP extends string,
  B extends RecordEnvelope,
  Parent = undefined,
>(
  kind: RecordKind<P, R, Ref, Row>,
  row: RowText & {
    path: CP;
    body: B;
    parent?: (db: Store['db'], idOrKey: string) => Promise<Parent>;
    create: (ctx: RowContext, parent: Parent, body: BodyOf<B>) => Promise<Ref>;
  },
): Route<'post', CP, undefined, B, R> {
  const { create, parent, ...text } = row;
  return kindRow(
    kind as unknown as AnyKind,
    // From the path, as the other rows: a kind created under two parents gets two operation ids.
    { method: 'post', op: rowOp(row.path, 'create'), response: kind.envelope, ...text },
    async (ctx, { params, body }) => create(ctx, (await parentOf(ctx, row.path, params, parent)) as Parent, body as BodyOf<B>),
  );
}
