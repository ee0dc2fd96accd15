// Row factories for lists: one list (its query language, page schema and answer) served under
// several paths, the account's and a parent's (`/epics`, `/products/{id}/epics`, …). A kind's route
// module declares the list once and each row names its path, words and how the parent narrows it.
import type { Context } from 'hono';
import type { z } from 'zod';
import type { Store } from '../store/db';
import type { AppEnv } from '../types';
import type { Paging } from '../problems';
import { originOf, pageBody, paging, pickFields, wantedFields, wantsOnly } from './query';
import type { Route } from './route-table';

type Db = Store['db'];

/** One list: what every path serving it shares. */
export interface ListKind<Q extends z.ZodObject, R extends z.ZodType, Scope> {
  tags: readonly string[];
  query: Q;
  response: R;
  /** The list also takes `custom_fields[<key>]=<value>` pairs. */
  customFieldFilters?: boolean;
  /** The page for a query in a scope (the account's when the path names no parent). */
  answer: (c: Context<AppEnv>, query: z.output<Q>, scope: Scope) => Promise<Response>;
}

export function listKind<Q extends z.ZodObject, R extends z.ZodType, Scope>(list: ListKind<Q, R, Scope>): ListKind<Q, R, Scope> {
  return list;
}

/**
 * `<parents>_<kind>_list` from the path's fixed segments: `/products/{product_id}/epics` is
 * `products_epics_list`, `/epics` is `epics_list`.
 */
export function listOp(path: string): string {
  return `${path
    .split('/')
    .filter((s) => s !== '' && !s.startsWith('{'))
    .join('_')}_list`;
}

/** `GET <path>`: the list, narrowed to the parent the path's one parameter names (found by `parent`). */
export function listRow<P extends string, Q extends z.ZodObject, R extends z.ZodType, Scope, Parent = undefined>(
  list: ListKind<Q, R, Scope>,
  row: {
    path: P;
    summary: string;
    description?: string;
    tags?: readonly string[];
    parent?: (db: Db, idOrKey: string) => Promise<Parent>;
    scope: (parent: Parent) => Scope;
  },
): Route<'get', P, Q, undefined, R> {
  const { parent, scope, ...text } = row;
  const name = /\{([^}]+)\}/.exec(row.path)?.[1];
  const answer = list.answer;
  const handler = async (c: Context<AppEnv>, input: { params: Record<string, string>; query: z.output<Q> }) => {
    const found = parent && name ? await parent(c.get('store').db, input.params[name] ?? '') : undefined;
    return answer(c, input.query, scope(found as Parent));
  };
  // The handler reads its input loosely; the row's type (table, document, test client) is named above.
  return {
    method: 'get',
    op: listOp(row.path),
    tags: list.tags,
    query: list.query,
    response: list.response,
    ...(list.customFieldFilters ? { customFieldFilters: true } : {}),
    ...text,
    handler,
  } as unknown as Route<'get', P, Q, undefined, R>;
}

/**
 * The answer of a plain paged list: the store's page, its rows as the API shows them, under `key`.
 * `maxPerPage`: a list read whole in one request (a product's notes tree) allows larger pages; its
 * query schema must allow the same.
 */
export function pageAnswer<Q extends { page?: number | undefined; per_page?: number | undefined }, Scope, Row, Item = Row>(
  key: string,
  load: (db: Db, scope: Scope, p: Paging, query: Q) => Promise<{ rows: Row[]; total: number }>,
  items: (rows: Row[], c: Context<AppEnv>, query: Q) => Item[] | Promise<Item[]> = (rows) => rows as unknown as Item[],
  maxPerPage?: number,
): (c: Context<AppEnv>, query: Q, scope: Scope) => Promise<Response> {
  return async (c, query, scope) => {
    const p = paging(query, maxPerPage);
    const page = await load(c.get('store').db, scope, p, query);
    let made = await items(page.rows, c, query);
    // `fields` chooses the members of every list's items (the spec's rule for list queries).
    const fields = (query as { fields?: string | undefined }).fields;
    if (fields !== undefined) made = made.map((item) => pickFields(item as unknown as { id: string }, fields, null) as unknown as Item);
    return c.json(pageBody(key, made, page.total, p));
  };
}

/**
 * Items of a list whose items can be built cheaply from their rows (`compact`, which makes the
 * `compactFields`) or whole, batching their related rows. `defaults` are the members an item has
 * when the query names no `fields`: the compact ones (unless given), a longer list the hosted
 * service answers by default, or null for the whole record. The compact builder is used whenever
 * the members asked for are all among its fields.
 */
export function compactOrWhole<Row, Compact extends { id: string }, Whole extends { id: string }>(
  compactFields: readonly string[],
  compact: (row: Row, origin: string) => Compact,
  whole: (db: Db, rows: Row[], origin: string, wanted: Set<string> | null) => Promise<Whole[]>,
  defaults: readonly string[] | null = compactFields,
): (rows: Row[], c: Context<AppEnv>, query: { fields?: string | undefined }) => Promise<Partial<Compact | Whole>[]> {
  const byDefault = defaults === null ? '*' : defaults.join(',');
  return async (rows, c, { fields }) => {
    const origin = originOf(c);
    const asked = fields === undefined || fields.trim() === '' ? byDefault : fields;
    const items: (Compact | Whole)[] = wantsOnly(asked, compactFields)
      ? rows.map((r) => compact(r, origin))
      : await whole(c.get('store').db, rows, origin, wantedFields(asked, null));
    return items.map((item) => pickFields(item, asked, compactFields));
  };
}
