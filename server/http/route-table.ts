// The route table: every operation of the API is one row naming its method, path, operation id,
// summary, tags and the contract schemas of its query, body and response, plus its handler. The
// same rows register the Hono routes, generate the OpenAPI document and type the test client, so
// the documentation and the tests cannot drift from the code.
import type { Context, Hono } from 'hono';
import type { z } from 'zod';
import type { AppEnv } from '../types';
import { StoreError, badRequest } from '../problems';
import { errorResponse } from './errors';
import { checkParamGrammars, paramChecker } from './path-params';
import { readQuery } from './query';
import { readOnlyFields, readRecord } from './record';
import type { RecordBody, RecordEnvelope, RecordKey } from './record';

export type Method = 'get' | 'post' | 'put' | 'delete';

/**
 * Who may call a row besides any enabled user with a token: `administrator` rows answer 403 to
 * members, in `mountRoutes` before the row's input is read.
 */
export type Access = 'administrator';

/** `{id}`-style parameter names of an OpenAPI path template. */
export type PathParams<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | PathParams<Rest> : never;

type ShapeOf<B> = B extends z.ZodObject<infer S> ? S : never;
type RecordOf<B> = ShapeOf<B>[RecordKey<B>];
/**
 * What a record body's handler receives: the fields that passed, the problems so far, `fields`. A
 * body without a record object is read at the top level (record.ts, `envelopeParts`).
 */
export type BodyOf<B> = B extends RecordEnvelope
  ? RecordOf<B> extends z.ZodObject
    ? RecordBody<z.output<RecordOf<B>>>
    : RecordBody<Omit<z.output<B>, 'fields'>>
  : undefined;
export type QueryOf<Q> = Q extends z.ZodType ? z.output<Q> : undefined;

export interface RouteInput<P extends string, Q, B> {
  params: { [K in PathParams<P>]: string };
  query: QueryOf<Q>;
  body: BodyOf<B>;
}

export interface Route<
  M extends Method = Method,
  P extends string = string,
  Q extends z.ZodObject | undefined = z.ZodObject | undefined,
  B extends RecordEnvelope | undefined = RecordEnvelope | undefined,
  R extends z.ZodType | null = z.ZodType | null,
> {
  method: M;
  /** OpenAPI path template under /api/v1, e.g. `/features/{id}`. */
  path: P;
  /** operationId: `<kind>_<action>`, unique in the table. */
  op: string;
  summary: string;
  description?: string;
  tags: readonly string[];
  /** Extra words on path parameters, shown in the document (all are strings: id, key or name). */
  params?: { readonly [K in PathParams<P>]?: string };
  query?: Q;
  /** The list also takes `custom_fields[<key>]=<value>` pairs, read by the handler beside `query`. */
  customFieldFilters?: boolean;
  /** A record envelope `{ "<kind>": {...}, "fields"? }` from the contract. */
  body?: B;
  /** The 200 answer's schema; null for 204 No Content. */
  response: R;
  /** Served without the bearer token (only the API document). */
  public?: boolean;
  /** Only administrators may call it (403 for members). */
  access?: Access;
  /** The handler reads a streamed upload itself (http/upload.ts); see `UploadSpec`. */
  upload?: UploadSpec;
  /** The answer is a file's bytes, served to the Bearer token or the file-session cookie; see `DownloadSpec`. */
  download?: DownloadSpec;
  /**
   * A GET answered on the main thread's writer connection instead of by a read worker, because its
   * handler writes (operation 9 refunds a finished search when it is first read).
   */
  mainThread?: boolean;
  /** Headers every answer of the row carries, its errors included (the historical searches' tokens). */
  answerHeaders?: AnswerHeaders;
  /**
   * Statuses the handler answers besides those every row of its shape gets in the document (see
   * http/openapi.ts), each with what it means here: a 403 of a rule on the record, a DELETE's 422.
   */
  errors?: RowErrors;
  handler: (c: Context<AppEnv>, input: RouteInput<P, Q, B>) => Response | Promise<Response>;
}

/** Extra statuses of a row and their descriptions. */
export type RowErrors = Readonly<Partial<Record<400 | 403 | 404 | 409 | 422 | 429, string>>>;

/** The headers of `answerHeaders`: how the document describes each, and their values for an answer. */
export interface AnswerHeaders {
  documented: Readonly<Record<string, { description: string; schema: Record<string, unknown> }>>;
  values: (c: Context<AppEnv>) => Promise<Record<string, string>>;
}

/**
 * A row whose body is an upload: multipart/form-data with the file in `part`, streamed by the
 * handler (never buffered, so the app's body cap does not apply to multipart bodies of these rows:
 * the upload has its own per-file cap), or the JSON `link` envelope. Documented as both.
 */
export interface UploadSpec {
  part: string;
  link: RecordEnvelope;
}

/**
 * A row answering a file: mounted ahead of the Bearer check, since `<img src>` and download links
 * cannot send a header — its handler accepts the Bearer token or the cookie named here itself.
 */
export interface DownloadSpec {
  cookie: string;
}

/** A row of any shape, as the table holds it. */
export interface AnyRoute {
  method: Method;
  path: string;
  op: string;
  summary: string;
  description?: string;
  tags: readonly string[];
  params?: Readonly<Record<string, string | undefined>>;
  query?: z.ZodObject;
  customFieldFilters?: boolean;
  body?: RecordEnvelope;
  response: z.ZodType | null;
  public?: boolean;
  access?: Access;
  upload?: UploadSpec;
  download?: DownloadSpec;
  mainThread?: boolean;
  answerHeaders?: AnswerHeaders;
  errors?: RowErrors;
  handler: (c: Context<AppEnv>, input: never) => Response | Promise<Response>;
}

/** Declares a row and keeps its literal method, path and schemas for the typed test client. */
export function route<
  M extends Method,
  P extends string,
  R extends z.ZodType | null,
  Q extends z.ZodObject | undefined = undefined,
  B extends RecordEnvelope | undefined = undefined,
>(row: Route<M, P, Q, B, R>): Route<M, P, Q, B, R> {
  return row;
}

/** `/features/{id}` → `/features/:id`. */
export function honoPath(path: string): string {
  return path.replace(/\{([^}]+)\}/g, ':$1');
}

/**
 * Query parameters a row does not read are refused (400 naming them and the ones it reads), never
 * ignored: a filter the caller meant but the list does not know would answer the unfiltered list,
 * which looks like everything matched. Custom-field pairs are the handler's to read (both the
 * `custom_fields[key]` and the `custom_fields.key` form) on rows that take them.
 */
function queryNameChecker(row: AnyRoute): (c: Context<AppEnv>) => void {
  const known = new Set(row.query ? Object.keys(row.query.shape) : []);
  return (c) => {
    if (!c.req.url.includes('?')) return;
    const unknown: string[] = [];
    for (const name of Object.keys(c.req.query())) {
      if (known.has(name) || unknown.includes(name)) continue;
      if (row.customFieldFilters && (name === 'custom_fields' || name.startsWith('custom_fields[') || name.startsWith('custom_fields.')))
        continue;
      unknown.push(name);
    }
    if (unknown.length === 0) return;
    const accepted = [...known, ...(row.customFieldFilters ? ['custom_fields[<key>]'] : [])];
    const hint = accepted.length > 0 ? `this operation reads ${accepted.join(', ')}` : 'this operation reads no query parameters';
    throw badRequest(
      Object.fromEntries(
        unknown.slice(0, 10).map((n) => [n.slice(0, 100), [`is not a parameter of ${row.method.toUpperCase()} ${row.path}: ${hint}`]]),
      ),
      'Unknown query parameter',
    );
  };
}

/** What a member is told of a row their role may not call: said for the person who meets it in a screen. */
export const ADMINISTRATORS_ONLY = 'Only an administrator can do this. Ask an administrator of your account to make the change.';

/** The 403 of a row the caller's role may not call. */
function refusedAccess(row: AnyRoute, c: Context<AppEnv>): StoreError | null {
  if (row.access !== 'administrator' || c.get('user').administrator === 1) return null;
  return new StoreError('forbidden', ADMINISTRATORS_ONLY);
}

/**
 * Registers every row on `app`. Before the handler, in this order for every row: the caller's role
 * (403), the path parameters' grammar (404, without touching the database), then the query and the
 * body read with the row's schemas (400 / 422).
 */
export function mountRoutes(app: Hono<AppEnv>, rows: readonly AnyRoute[]): void {
  for (const row of rows) {
    const checkParams = paramChecker(row.path);
    const checkNames = queryNameChecker(row);
    const readOnly = row.body ? readOnlyFields(row.body, row.response) : undefined;
    const answer = async (c: Context<AppEnv>): Promise<Response> => {
      const refused = refusedAccess(row, c);
      if (refused) throw refused;
      const params = c.req.param() as Record<string, string>;
      const badParam = checkParams(params);
      if (badParam) throw badParam;
      checkNames(c);
      const query = row.query ? readQuery(c, row.query) : undefined;
      const body = row.body ? await readRecord(c, row.body, readOnly) : undefined;
      // The row was declared with `route()`, which ties the handler's input to these schemas.
      const handler = row.handler as (c: Context<AppEnv>, input: unknown) => Response | Promise<Response>;
      if (row.method !== 'get') return handler(c, { params, query, body });
      // A read takes only its path and query: a rule its query breaks (an unknown `record_type`, a
      // range past the cut) is a bad query value, 400 as every other, never the 422 of a body.
      try {
        return await handler(c, { params, query, body });
      } catch (err) {
        if (err instanceof StoreError && err.kind === 'invalid') throw new StoreError('bad_request', err.message, err.errors);
        throw err;
      }
    };
    const extra = row.answerHeaders;
    app.on(
      row.method.toUpperCase(),
      honoPath(row.path),
      extra
        ? async (c) => {
            // The error answer is made here rather than by the app's handler, so it gets the headers too.
            const res = await answer(c).catch((err: unknown) => errorResponse(c, err));
            for (const [name, value] of Object.entries(await extra.values(c))) res.headers.set(name, value);
            return res;
          }
        : answer,
    );
  }
}

/** Operation ids must be unique, every (method, path) registered once, every path parameter given a grammar. */
export function checkTable(rows: readonly AnyRoute[]): void {
  const ops = new Set<string>();
  const seen = new Set<string>();
  for (const row of rows) {
    if (ops.has(row.op)) throw new Error(`Duplicate operation id ${row.op}`);
    ops.add(row.op);
    const key = `${row.method} ${row.path}`;
    if (seen.has(key)) throw new Error(`Duplicate route ${key}`);
    seen.add(key);
    checkParamGrammars(row.path);
    if (row.public && row.access) throw new Error(`${key}: a public row has no caller to check the role of`);
    if (row.access && row.errors?.[403]) throw new Error(`${key}: an administrator row's 403 is the role's`);
    if (row.upload && row.body) throw new Error(`${key}: an upload row reads its own body`);
    if (row.download && (row.public || row.access)) throw new Error(`${key}: a download row checks its own caller`);
    if (row.mainThread && (row.method !== 'get' || row.download || row.public))
      throw new Error(`${key}: only an authenticated GET is left to the main thread`);
  }
}

/**
 * Whether a request is a multipart body for an upload row (which streams it past the app's body
 * cap): its path against the rows' templates, built once.
 */
export function uploadMatcher(rows: readonly AnyRoute[]): (method: string, path: string) => boolean {
  const patterns = rows
    .filter((r) => r.upload)
    .map((r) => ({ method: r.method.toUpperCase(), path: new RegExp(`^/api/v1${r.path.replace(/\{[^}]+\}/g, '[^/]+')}$`) }));
  return (method, path) => patterns.some((p) => p.method === method && p.path.test(path));
}

/**
 * Whether an authenticated GET of `path` (under /api/v1, no query) is one a read worker must not
 * answer (`mainThread` rows): the first row whose template matches decides, as the router does, so
 * a fixed segment declared before a parameter (`/historical_audits/estimate`) keeps its own row's.
 */
export function mainThreadMatcher(rows: readonly AnyRoute[]): (path: string) => boolean {
  const patterns = rows
    .filter((r) => r.method === 'get' && !r.public && !r.download)
    .map((r) => ({ keep: Boolean(r.mainThread), path: new RegExp(`^/api/v1${r.path.replace(/\{[^}]+\}/g, '[^/]+')}$`) }));
  const kept = patterns.filter((p) => p.keep);
  // Most reads match no kept row: one test each, before the ordered look-up.
  return (path) => kept.some((p) => p.path.test(path)) && (patterns.find((p) => p.path.test(path))?.keep ?? false);
}
