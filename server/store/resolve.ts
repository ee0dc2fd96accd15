// Shared look-ups of account and planning records by "numeric ID or key" (the spec's path rule),
// by email or by status name, so every route resolves references the same way. `find*` return the
// row or null (body references: the caller reports a 422 on the field); `require*` throw 404 (paths).
import { sql } from 'kysely';
import type { QueryExecutorProvider, RawBuilder, Selectable, SqlBool } from 'kysely';
import { notFound } from '../problems';
import { isNumericId } from '../../src/domain/reference';
import type { StatusInput } from '../../src/contract/common';
import { dialectOf } from './dialect';
import { preparedPer } from './prepared';
import { shapedOne } from './serialize';
import type { Db } from './audit';
import type { Database, InitiativesTable, ProductRow, ReleasePhaseRow, ReleaseRow, TeamRow, UserRow, WorkflowStatusRow } from './schema';

export type InitiativeRow = Selectable<InitiativesTable>;

/** Digits-only text is an id; anything else is a key. Ids beyond the safe range match nothing. */
export function asId(value: string | number): number | null {
  const text = String(value).trim();
  if (!isNumericId(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

const isIdText = (value: string | number): boolean => /^\d+$/.test(String(value).trim());

/** Tables whose rows a path or body names by numeric id or by a key column. */
type KeyedTable =
  'products' | 'releases' | 'users' | 'teams' | 'initiatives' | 'goals' | 'features' | 'epics' | 'requirements' | 'ideas' | 'pages';

// Every record page starts with one of these two look-ups: prepared once per table (store/prepared.ts).
const rowById = preparedPer((db, table: KeyedTable, id: number) => db.selectFrom(table).selectAll().where(sql.ref('id'), '=', id));
const rowByKey = preparedPer((db, tableKey: string, key: string) => {
  const [table, column] = tableKey.split('.') as [KeyedTable, string];
  return db.selectFrom(table).selectAll().where(sql.ref(column), '=', key);
});

/**
 * The spec's path rule for one table: digits are the id (null beyond the safe range), anything
 * else is matched against `key` — upper-cased for reference keys, case-insensitively for emails.
 */
export async function findByIdOrKey<T extends KeyedTable>(
  db: Db,
  table: T,
  key: 'reference_num' | 'reference_prefix' | 'email',
  idOrKey: string | number,
): Promise<Selectable<Database[T]> | null> {
  let rows: unknown[];
  if (isIdText(idOrKey)) {
    const id = asId(idOrKey);
    if (id === null) return null;
    rows = await rowById(db, table, id);
  } else if (key === 'email') {
    rows = await db
      .selectFrom(table as KeyedTable)
      .selectAll()
      .where(dialectOf(db).equalsIgnoringCase('email', String(idOrKey).trim()))
      .execute();
  } else {
    rows = await rowByKey(db, `${table}.${key}`, String(idOrKey).trim().toUpperCase());
  }
  return (rows[0] as Selectable<Database[T]> | undefined) ?? null;
}

/** The tables whose rows have an `id`. */
type IdTable = { [K in keyof Database]: Database[K] extends { id: unknown } ? K : never }[keyof Database];

/**
 * A record by id as the API shows it: its row (a 404 naming `what` when there is none) through the
 * kind's page shaper, which shapes many rows in a fixed number of queries.
 */
export async function loadOne<T extends IdTable, B>(
  db: Db,
  table: T,
  what: string,
  id: number,
  shape: (rows: Selectable<Database[T]>[]) => Promise<B[]>,
): Promise<B> {
  // Every table here has `id`; kysely cannot see that through the union.
  const row = await db
    .selectFrom(table as 'ideas')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(what, String(id));
  return shapedOne(shape([row as Selectable<Database[T]>]), what, id);
}

/** The row a path names, or the 404 that names what was asked for. */
export function required<R>(row: R | null, what: string, idOrKey: string): R {
  if (!row) throw notFound(what, idOrKey);
  return row;
}

/** A finder turned into a path parameter's resolver: the row, or the 404 naming `what`. */
export function requiring<R>(find: (db: Db, idOrKey: string) => Promise<R | null>, what: string): (db: Db, idOrKey: string) => Promise<R> {
  return async (db, idOrKey) => required(await find(db, idOrKey), what, idOrKey);
}

/** Product by numeric id or reference prefix (`PLN`, any case). */
export const findProduct = (db: Db, idOrKey: string | number): Promise<ProductRow | null> =>
  findByIdOrKey(db, 'products', 'reference_prefix', idOrKey);

/** Release by numeric id or reference key (`PLN-R-3`, any case). */
export const findRelease = (db: Db, idOrKey: string | number): Promise<ReleaseRow | null> =>
  findByIdOrKey(db, 'releases', 'reference_num', idOrKey);

/** Release phase by numeric id (the spec gives phases no key). */
export async function findReleasePhase(db: Db, id: string | number): Promise<ReleasePhaseRow | null> {
  const n = asId(id);
  if (n === null) return null;
  return (await db.selectFrom('release_phases').selectAll().where('id', '=', n).executeTakeFirst()) ?? null;
}

/** User by numeric id or email (emails compare case-insensitively). */
export const findUser = (db: Db, idOrEmail: string | number): Promise<UserRow | null> => findByIdOrKey(db, 'users', 'email', idOrEmail);

/** Team by numeric id or reference prefix. */
export const findTeam = (db: Db, idOrKey: string | number): Promise<TeamRow | null> =>
  findByIdOrKey(db, 'teams', 'reference_prefix', idOrKey);

/** The statuses of the product's workflow for a record kind. */
const workflowStatuses = (db: Db, productId: number, statusableType: string) =>
  db
    .selectFrom('workflow_statuses')
    .innerJoin('workflows', 'workflows.id', 'workflow_statuses.workflow_id')
    .selectAll('workflow_statuses')
    .where('workflows.product_id', '=', productId)
    .where('workflows.statusable_type', '=', statusableType);

/** A status of the product's workflow for a record kind, by name (case-insensitive), or null. */
export async function statusByName(db: Db, productId: number, statusableType: string, name: string): Promise<WorkflowStatusRow | null> {
  const row = await workflowStatuses(db, productId, statusableType)
    .where(dialectOf(db).equalsIgnoringCase('workflow_statuses.name', name.trim()))
    .orderBy('workflow_statuses.position')
    .executeTakeFirst();
  return row ?? null;
}

/**
 * The status a request names (`{"name": …}`, `{"id": …}`, or bare text) among the product's
 * statuses for a record kind, or null. Bare text is a name, or an id when no status has that name.
 */
export async function findStatus(db: Db, productId: number, statusableType: string, sent: StatusInput): Promise<WorkflowStatusRow | null> {
  if (sent.name !== undefined) {
    const named = await statusByName(db, productId, statusableType, sent.name);
    if (named || !isNumericId(sent.name.trim())) return named;
  }
  const id = asId(sent.id ?? sent.name ?? '');
  if (id === null) return null;
  const row = await workflowStatuses(db, productId, statusableType).where('workflow_statuses.id', '=', id).executeTakeFirst();
  return row ?? null;
}

/** The status as the request named it, for messages: `"Shipped"` or `id 42`. */
export const describeStatus = (sent: StatusInput): string => (sent.name !== undefined ? `"${sent.name}"` : `id ${sent.id}`);

/** A status by id (for serializing); null when it does not exist. */
export async function statusById(db: Db, id: number): Promise<WorkflowStatusRow | null> {
  return (await db.selectFrom('workflow_statuses').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

/** The first status (lowest position) of the product's workflow for a record kind: the default. */
export async function defaultStatus(db: Db, productId: number, statusableType: string): Promise<WorkflowStatusRow | null> {
  const row = await workflowStatuses(db, productId, statusableType)
    .orderBy('workflow_statuses.position')
    .orderBy('workflow_statuses.id')
    .executeTakeFirst();
  return row ?? null;
}

/**
 * What a list's `assigned_to_user` and `workflow_status` filters name: the user (by id or email) and
 * the statuses (an id, or a name in any case) of the kind's workflows — the product's when the list
 * is one product's — each with its product. Null when either names nothing: the list is empty.
 */
export async function filterTargets(
  db: Db,
  statusableType: string,
  filter: { productId?: number | undefined; assignedToUser?: string | undefined; workflowStatus?: string | undefined },
): Promise<{ assigneeId: number | null; statuses: { id: number; product_id: number }[] | null } | null> {
  const assignee = filter.assignedToUser?.trim() ?? '';
  const user = assignee === '' ? undefined : await findUser(db, assignee);
  if (user === null) return null;
  const status = filter.workflowStatus?.trim() ?? '';
  if (status === '') return { assigneeId: user?.id ?? null, statuses: null };
  let q = db
    .selectFrom('workflow_statuses as ws')
    .innerJoin('workflows as w', 'w.id', 'ws.workflow_id')
    .select(['ws.id', 'w.product_id'])
    .where('w.statusable_type', '=', statusableType);
  if (filter.productId !== undefined) q = q.where('w.product_id', '=', filter.productId);
  const id = isIdText(status) ? asId(status) : null;
  const statuses = await (id !== null ? q.where('ws.id', '=', id) : q.where(dialectOf(db).equalsIgnoringCase('ws.name', status))).execute();
  return statuses.length === 0 ? null : { assigneeId: user?.id ?? null, statuses };
}

/**
 * The id of a record of a product named by id, reference key (any case) or name (any case) — the
 * epic a feature sits in, what an idea was promoted to, a feature type (which has no key). An id
 * match wins over a name that happens to be digits; among equal names the oldest.
 */
export async function findInProduct(
  db: Db,
  table: 'features' | 'epics' | 'workflow_kinds',
  productId: number,
  ref: string,
): Promise<number | null> {
  const text = ref.trim();
  const id = isIdText(text) ? asId(text) : null;
  // Every table here has `id`, `product_id` and `name`; kysely cannot see that through the union.
  const row = await db
    .selectFrom(table as 'epics')
    .select('id')
    .where('product_id', '=', productId)
    .where((eb) =>
      eb.or([
        ...(id !== null ? [eb('id', '=', id)] : []),
        ...(table === 'workflow_kinds' ? [] : [eb('reference_num', '=', text.toUpperCase())]),
        dialectOf(db).equalsIgnoringCase('name', text),
      ]),
    )
    .orderBy(sql`id = ${id ?? -1}`, 'desc')
    .orderBy('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * An initiative or goal of a product by id, reference key (`PLN-S-1`, `PLN-G-1`, any case) or name
 * (any case; the oldest of equal names). An id match wins over a name that happens to be digits.
 */
export async function findKeyedInProduct<T extends 'initiatives' | 'goals'>(
  db: Db,
  table: T,
  productId: number,
  ref: string | number,
): Promise<Selectable<Database[T]> | null> {
  const text = String(ref).trim();
  // Both tables have `id`, `product_id`, `reference_num` and `name`; kysely cannot see that through the union.
  const q = db
    .selectFrom(table as 'initiatives')
    .selectAll()
    .where('product_id', '=', productId);
  const id = isIdText(text) ? asId(text) : null;
  const row =
    (id !== null ? await q.where('id', '=', id).executeTakeFirst() : undefined) ??
    (await q.where('reference_num', '=', text.toUpperCase()).executeTakeFirst()) ??
    (await q.where(dialectOf(db).equalsIgnoringCase('name', text)).orderBy('id').executeTakeFirst());
  return (row as Selectable<Database[T]> | undefined) ?? null;
}

/** Initiative of a product by id, reference key (`PLN-S-1`) or name (case-insensitive). */
export const findInitiative = (db: Db, productId: number, ref: string | number): Promise<InitiativeRow | null> =>
  findKeyedInProduct(db, 'initiatives', productId, ref);

/** Initiative anywhere in the account by numeric id or key (`PLN-S-1`, any case): path parameters. */
export const findInitiativeByIdOrKey = (db: Db, idOrKey: string | number): Promise<InitiativeRow | null> =>
  findByIdOrKey(db, 'initiatives', 'reference_num', idOrKey);

export const requireInitiative = requiring<InitiativeRow>(findInitiativeByIdOrKey, 'Initiative');

export const requireProduct = requiring<ProductRow>(findProduct, 'Product');

export const requireRelease = requiring<ReleaseRow>(findRelease, 'Release');

export const requireReleasePhase = requiring<ReleasePhaseRow>(findReleasePhase, 'Release phase');

export const requireUser = requiring<UserRow>(findUser, 'User');

export const requireTeam = requiring<TeamRow>(findTeam, 'Team');

/** `column` contains `text` literally (`%` and `_` are letters), ignoring ASCII case. */
export function containsText(db: QueryExecutorProvider, column: string, text: string): RawBuilder<SqlBool> {
  return dialectOf(db).containsText(column, text);
}
