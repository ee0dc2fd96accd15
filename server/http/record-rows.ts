// Row factories for the operations every record kind repeats: create under a parent, show, update
// and delete on the record's own path. A kind's route module declares the kind once (its answer key,
// path, how a record is found and how it is answered) and each row adds only its summary and the
// store call; finding the record, the `{ "<key>": record }` envelope, `fields` and 204 live here.
import type { Context } from 'hono';
import type { z } from 'zod';
import type { showQuerySchema } from '../../src/contract/common';
import type { Store } from '../store/db';
import type { UserRow } from '../store/schema';
import type { AppEnv } from '../types';
import { originOf, pickFields } from './query';
import type { RecordEnvelope } from './record';
import type { BodyOf, Route } from './route-table';

/** What a row's store call gets besides the record: the database, who asks, and the origin for links. */
export interface RowContext {
  db: Store['db'];
  user: UserRow;
  origin: string;
}

/**
 * A record kind as its rows see it. `Ref` is what `answer` needs (an id or the whole row); `Row`,
 * what `resolve` finds, is at least that, so a found record can be answered as it is.
 */
export interface RecordKind<K extends string, P extends `/${string}/{id}`, R extends z.ZodType, Ref, Row extends Ref> {
  /** The answer's key: `epic` in `{ "epic": {...} }`. */
  key: K;
  /** Operation ids are `<op>_show`, `<op>_update`, `<op>_delete`. */
  op: string;
  /** The record's own path. */
  path: P;
  tags: readonly string[];
  /** The answer's schema, `{ "<key>": record }`. */
  envelope: R;
  /** The record an `{id}` (numeric id or key) names, or a 404. */
  resolve: (db: Store['db'], id: string) => Promise<Row>;
  /** The whole record as the API shows it; `fields` lets the loader leave out what is not asked for. */
  answer: (ctx: RowContext, ref: Ref, fields: string | undefined) => Promise<{ id: string }>;
}

/** Declares a kind; the generics are inferred from `resolve` and `answer`. */
export function recordKind<K extends string, P extends `/${string}/{id}`, R extends z.ZodType, Ref, Row extends Ref>(
  kind: RecordKind<K, P, R, Ref, Row>,
): RecordKind<K, P, R, Ref, Row> {
  return kind;
}

/** The words of a row in the API document. */
interface RowText {
  summary: string;
  description?: string;
}

type Params = Record<string, string>;
type Input = { params: Params; query?: { fields?: string | undefined }; body?: { fields?: string | undefined } };

function contextOf(c: Context<AppEnv>): RowContext {
  return { db: c.get('store').db, user: c.get('user'), origin: originOf(c) };
}

async function answerWith<K extends string, Ref>(
  c: Context<AppEnv>,
  ctx: RowContext,
  kind: Pick<RecordKind<K, `/${string}/{id}`, z.ZodType, Ref, Ref>, 'key' | 'answer'>,
  ref: Ref,
  fields: string | undefined,
): Promise<Response> {
  return c.json({ [kind.key]: pickFields(await kind.answer(ctx, ref, fields), fields, null) });
}

/**
 * The generic handlers read their input loosely; the row's type (what the table, the document and
 * the test client see) is the one the factory names. mountRoutes hands every handler this shape.
 */
function asRow<T>(row: Omit<Route, 'handler'> & { handler: (c: Context<AppEnv>, input: Input) => Promise<Response> }): T {
  return row as unknown as T;
}

/** `GET <path>`: the record, narrowed by `fields` when the row takes the show query. */
export function showRow<
  K extends string,
  P extends `/${string}/{id}`,
  R extends z.ZodType,
  Ref,
  Row extends Ref,
  Q extends typeof showQuerySchema | undefined = undefined,
>(kind: RecordKind<K, P, R, Ref, Row>, row: RowText & { query?: Q }): Route<'get', P, Q, undefined, R> {
  return asRow({
    method: 'get',
    path: kind.path,
    op: `${kind.op}_show`,
    tags: kind.tags,
    response: kind.envelope,
    ...row,
    handler: async (c, { params, query }) => {
      const ctx = contextOf(c);
      const found = await kind.resolve(ctx.db, params.id ?? '');
      return answerWith(c, ctx, kind, found, query?.fields);
    },
  });
}

/** `PUT <path>`: the store call changes the record and gives back what to answer. */
export function updateRow<K extends string, P extends `/${string}/{id}`, R extends z.ZodType, Ref, Row extends Ref, B extends RecordEnvelope>(
  kind: RecordKind<K, P, R, Ref, Row>,
  row: RowText & { body: B; update: (ctx: RowContext, record: Row, body: BodyOf<B>) => Promise<Ref> },
): Route<'put', P, undefined, B, R> {
  const { update, ...text } = row;
  return asRow({
    method: 'put',
    path: kind.path,
    op: `${kind.op}_update`,
    tags: kind.tags,
    response: kind.envelope,
    ...text,
    handler: async (c, { params, body }) => {
      const ctx = contextOf(c);
      const found = await kind.resolve(ctx.db, params.id ?? '');
      const changed = await update(ctx, found, body as BodyOf<B>);
      return answerWith(c, ctx, kind, changed, body?.fields);
    },
  });
}

/** `DELETE <path>`: 204 once the store call has removed the record. */
export function deleteRow<K extends string, P extends `/${string}/{id}`, R extends z.ZodType, Ref, Row extends Ref>(
  kind: RecordKind<K, P, R, Ref, Row>,
  row: RowText & { remove: (ctx: RowContext, record: Row) => Promise<void> },
): Route<'delete', P, undefined, undefined, null> {
  const { remove, ...text } = row;
  return asRow({
    method: 'delete',
    path: kind.path,
    op: `${kind.op}_delete`,
    tags: kind.tags,
    response: null,
    ...text,
    handler: async (c, { params }) => {
      const ctx = contextOf(c);
      await remove(ctx, await kind.resolve(ctx.db, params.id ?? ''));
      return c.body(null, 204);
    },
  });
}

/**
 * `POST <path>`: a new record under the parent the path's one parameter names (`parent` finds it,
 * or the body names it when the path has none); answered as show answers it.
 */
export function createRow<
  K extends string,
  P extends `/${string}/{id}`,
  R extends z.ZodType,
  Ref,
  Row extends Ref,
  CP extends string,
  B extends RecordEnvelope,
  Parent = undefined,
>(
  kind: RecordKind<K, P, R, Ref, Row>,
  row: RowText & {
    path: CP;
    body: B;
    parent?: (db: Store['db'], idOrKey: string) => Promise<Parent>;
    create: (ctx: RowContext, parent: Parent, body: BodyOf<B>) => Promise<Ref>;
  },
): Route<'post', CP, undefined, B, R> {
  const { create, parent, ...text } = row;
  const name = /\{([^}]+)\}/.exec(row.path)?.[1];
  return asRow({
    method: 'post',
    op: `${kind.op}_create`,
    tags: kind.tags,
    response: kind.envelope,
    ...text,
    handler: async (c, { params, body }) => {
      const ctx = contextOf(c);
      const found = parent && name ? await parent(ctx.db, params[name] ?? '') : undefined;
      const made = await create(ctx, found as Parent, body as BodyOf<B>);
      return answerWith(c, ctx, kind, made, body?.fields);
    },
  });
}
