// The write steps every record kind shares, whatever its own rules (`work-items.ts` describes each
// kind): the set of links a record keeps in a join table, the roll-up marks of a write, the delete
// into the recycle bin, and the create and update of the planning records (releases, phases, goals,
// initiatives), whose modules plan a body into columns and hand the rest to these. Work items write
// through `work-item-rules.ts`, which builds on the same steps. Every step runs inside the caller's
// transaction and awaits nothing but it.
import { sql } from 'kysely';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Checked, FieldProblems } from '../problems';
import { notFound, now } from '../problems';
import { audit, auditDestroyed, auditDestroyedRow, diff } from './audit';
import { clearedLinks, recycle } from './deletions';
import type { RecycledRows } from './deletions';
import type { Db } from './audit';
import { recordCustomFields, removeCustomFields } from './custom-fields';
import type { CustomFieldPlan } from './custom-fields';
import { COMMENTABLE_TYPE_OF, COMMENTABLE_TYPE_OF_TABLE, removeDiscussion } from './discussions';
import type { DiscussionRows } from './discussions';
import { findKeyedInProduct } from './resolve';
import { ROLLUP_KINDS } from './rollup-edges';
import type { RollupKind } from './rollup-edges';
import { RollupScheduler } from './rollup-scheduler';
import type { Database, ProductRow } from './schema';
import { allocateReference } from './reference-numbers';
import type { CounterKind } from './reference-numbers';
import { inTransaction } from './transactions';
import type { LinkSet, RecordDescriptor } from './work-items';

/** What a create gets besides its parent: the body as read, its checks, who writes. */
export interface RecordCreate<I> {
  input: I;
  checked: Checked;
  userId: number;
}

/** What an update of a stored record gets: its id, the body as read, its checks, who writes. */
export interface RecordChange<I> {
  id: number;
  input: I;
  checked: Checked;
  userId: number;
}

/** What a delete of a stored record gets. */
export interface RecordRemoval {
  id: number;
  userId: number;
}

/** A row of any described kind: every one has an id. */
export type AnyRow = Record<string, unknown> & { id: number };
type RecordTable = RecordDescriptor['table'];
/** The row of a described kind, by its table. */
export type RowOf<T extends RecordTable> = Selectable<Database[T]>;

/** A record of the kind, or undefined. */
export async function readRecord<T extends RecordTable>(db: Db, item: { table: T }, id: number): Promise<RowOf<T> | undefined> {
  // Every described table has `id`; kysely cannot see through the union of tables.
  const row = await db
    .selectFrom(item.table as 'goals')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row as RowOf<T> | undefined;
}

// ---------------------------------------------------------------------------------------------
// Link sets

/** The ids a record links to through `set`, in id order. */
export async function linkedIds(db: Db, set: LinkSet, id: number): Promise<number[]> {
  const rows = await sql<{
    other: number;
  }>`SELECT ${sql.ref(set.other)} AS other FROM ${sql.table(set.table)} WHERE ${sql.ref(set.own)} = ${id} ORDER BY 1`.execute(db);
  return rows.rows.map((r) => r.other);
}

/**
 * Replaces a record's links with `ids` (each once). The linked records that answer the link and
 * gained or lost it get a new `updated_at`, so `updated_since` syncs see the change from their side.
 */
export async function writeLinks(db: Db, set: LinkSet, id: number, ids: readonly number[]): Promise<void> {
  const before = set.touches ? await linkedIds(db, set, id) : [];
  await sql`DELETE FROM ${sql.table(set.table)} WHERE ${sql.ref(set.own)} = ${id}`.execute(db);
  if (ids.length > 0) {
    const values = sql.join(ids.map((other) => sql`(${id}, ${other})`));
    await sql`INSERT INTO ${sql.table(set.table)} (${sql.ref(set.own)}, ${sql.ref(set.other)}) VALUES ${values}`.execute(db);
  }
  const touched = [...before.filter((x) => !ids.includes(x)), ...ids.filter((x) => !before.includes(x))];
  if (set.touches && touched.length > 0) {
    // Both tables keep `updated_at`; kysely cannot see through the union.
    await db
      .updateTable(set.touches as 'goals')
      .set({ updated_at: now() })
      .where('id', 'in', touched)
      .execute();
  }
}

/** The links a body asks for against the stored ones, both in id order, or null when the set stays. */
export async function linkChange(
  db: Db,
  set: LinkSet,
  id: number,
  wanted: readonly number[] | undefined,
): Promise<[number[], number[]] | null> {
  if (wanted === undefined) return null;
  const before = await linkedIds(db, set, id);
  const after = [...wanted].sort((a, b) => a - b);
  return before.join() === after.join() ? null : [before, after];
}

/**
 * The initiatives or goals a body links a record to (`"initiatives": ["PLN-S-1", "Growth"]`), each
 * named by id, key or name among the product's: every one not found is a problem on the field (named
 * as the table). Each once, in id order; undefined when the body sends none.
 */
export async function planLinks(
  db: Db,
  table: 'initiatives' | 'goals',
  product: ProductRow,
  refs: readonly string[] | undefined,
  problems: FieldProblems,
): Promise<number[] | undefined> {
  if (refs === undefined) return undefined;
  const ids: number[] = [];
  for (const ref of refs) {
    const row = await findKeyedInProduct(db, table, product.id, ref);
    if (!row) problems.add(table, `"${ref}" is not ${table === 'goals' ? 'a goal' : 'an initiative'} of ${product.reference_prefix}`);
    else if (!ids.includes(row.id)) ids.push(row.id);
  }
  return ids.sort((a, b) => a - b);
}

/**
 * The records of `table` that the records `ids` link to through a join table (`<table>(<own>,
 * <other>)`), each with `linked_from`, the id of the record that links it, in `order` (columns of
 * `table`): a page's linked records in one query.
 */
export async function rowsThrough<T extends 'initiatives' | 'goals' | 'releases' | 'idea_categories'>(
  db: Db,
  join: { table: LinkSet['table']; own: LinkSet['own']; other: string },
  table: T,
  ids: readonly number[],
  order: readonly string[],
): Promise<(Selectable<Database[T]> & { linked_from: number })[]> {
  if (ids.length === 0) return [];
  const { own, other } = join;
  const rows = await sql<Selectable<Database[T]> & { linked_from: number }>`
    SELECT t.*, l.${sql.ref(own)} AS linked_from FROM ${sql.table(join.table)} l JOIN ${sql.table(table)} t ON t.id = l.${sql.ref(other)}
    WHERE l.${sql.ref(own)} IN (${sql.join(ids)}) ORDER BY ${sql.join(order.map((c) => sql.ref(`t.${c}`)))}`.execute(db);
  return rows.rows;
}

/** The audited view of a record: its columns and, for a kind with a link set, the linked ids. */
const withLinks = (item: RecordDescriptor, row: Record<string, unknown>, ids: readonly number[] | null): Record<string, unknown> =>
  item.links && ids ? { ...row, [item.links.audit]: ids } : row;

// ---------------------------------------------------------------------------------------------
// Roll-up marks

const inRollupGraph = (kind: string): kind is RollupKind => (ROLLUP_KINDS as readonly string[]).includes(kind);

/**
 * Marks a write for the roll-ups: the record itself (with the columns it changed, so parents that
 * read none of them are left alone) and, for every roll-up link the write changed, the record it
 * left — through a column (a release's `parent_id`) or its link set (an initiative a release no
 * longer names). The records it now names are found from it by the scheduler. A delete (`id` null,
 * `changed` null, every link left) marks what the record named.
 */
export function markRecord(
  rollups: RollupScheduler,
  item: RecordDescriptor,
  write: {
    id: number | null;
    before: Readonly<Record<string, unknown>> | null;
    changed: readonly string[] | null;
    /** The linked ids before and after the write, when it changed them. */
    links?: readonly [readonly number[], readonly number[]] | null | undefined;
  },
): RollupScheduler {
  if (write.id !== null && inRollupGraph(item.kind)) rollups.wrote(item.kind, write.id, write.changed ?? undefined);
  for (const edge of item.rollups) {
    if (edge.link === null || !write.before) continue;
    if (write.changed !== null && !write.changed.includes(edge.link)) continue;
    const old = write.before[edge.link];
    if (typeof old === 'number') rollups.mark(edge.to, old);
  }
  const linkedKind = item.links?.rollup;
  if (linkedKind && write.links) {
    const [before, after] = write.links;
    for (const id of before) if (!after.includes(id)) rollups.mark(linkedKind, id);
  }
  return rollups;
}

// ---------------------------------------------------------------------------------------------
// Planning records: create and update

/** What a planning record's body turns into: the columns it sets, the links it names, its custom fields. */
export interface RecordPlan<T extends RecordTable> {
  values: Updateable<Database[T]>;
  links?: number[] | undefined;
  customFields: CustomFieldPlan;
}

/**
 * The columns every record created in a product starts with: the product, the next reference key of
 * the kind, its creator and the time.
 */
export async function newInProduct(
  trx: Db,
  item: { kind: CounterKind; key: (prefix: string, n: number) => string },
  product: ProductRow,
  user: { id: number },
): Promise<{ product_id: number; reference_num: string; created_by_id: number; created_at: string; updated_at: string }> {
  const reference = await allocateReference(trx, item.kind, product.id, (n) => item.key(product.reference_prefix, n));
  const at = now();
  return { product_id: product.id, reference_num: reference, created_by_id: user.id, created_at: at, updated_at: at };
}

/**
 * The create of a planning record once its body passed its checks, inside its transaction: inserts
 * `row`, writes its links and custom field values, one audit row with all of it (as the body set
 * them: derived values are not audited) and the roll-up marks. Answers the row as the roll-ups left it.
 */
export async function createRecord<T extends RecordTable>(
  trx: Db,
  item: RecordDescriptor & { table: T },
  row: Insertable<Database[T]>,
  plan: Omit<RecordPlan<T>, 'values'>,
  userId: number,
): Promise<RowOf<T>> {
  // One table stands for the union, as in readRecord; `row` is of the item's own table.
  const { id } = await trx
    .insertInto(item.table as 'goals')
    .values(row as Insertable<Database['goals']>)
    .returning('id')
    .executeTakeFirstOrThrow();
  const ids = item.links ? (plan.links ?? []) : null;
  if (item.links && ids) await writeLinks(trx, item.links, id, ids);
  const changes = diff(null, withLinks(item, (await readRecord(trx, item, id)) as AnyRow, ids));
  await recordCustomFields(trx, item.recordType, id, plan.customFields, changes, true);
  await audit(trx, { userId, type: item.recordType, id, action: 'create', changes });
  await markRecord(new RollupScheduler(trx), item, { id, before: null, changed: null }).flush();
  return (await readRecord(trx, item, id)) as RowOf<T>;
}

/**
 * The update of a planning record, inside its transaction: plans the body against the stored row
 * (every problem at once; nothing is written after a refusal). A body that changes nothing (columns,
 * links, custom fields) writes nothing and answers the row as it was; otherwise the row gets a new
 * `updated_at`, the links are replaced, one audit row says old → new (as the body set them) and the
 * roll-ups are marked, with the parent and the linked records it left.
 */
export async function updateRecord<T extends RecordTable>(
  trx: Db,
  item: RecordDescriptor & { table: T },
  args: { id: number; userId: number; checked: Checked },
  plan: (stored: RowOf<T>) => Promise<RecordPlan<T>>,
): Promise<RowOf<T>> {
  const found = await readRecord(trx, item, args.id);
  if (!found) throw notFound(item.recordType, String(args.id));
  const planned = await plan(found);
  args.checked.problems.throwIfAny();
  const before = found as AnyRow;
  const values = planned.values as Record<string, unknown>;
  const linksBefore = item.links ? await linkedIds(trx, item.links, before.id) : null;
  const linksAfter = planned.links ?? linksBefore;
  const changes = diff(withLinks(item, before, linksBefore), withLinks(item, { ...before, ...values }, linksAfter));
  await recordCustomFields(trx, item.recordType, before.id, planned.customFields, changes, false);
  if (Object.keys(changes).length === 0) return found;
  // One table stands for the union, as in readRecord.
  await trx
    .updateTable(item.table as 'goals')
    .set({ ...(values as Updateable<Database['goals']>), updated_at: now() })
    .where('id', '=', before.id)
    .execute();
  if (item.links && planned.links) await writeLinks(trx, item.links, before.id, planned.links);
  await audit(trx, { userId: args.userId, type: item.recordType, id: before.id, action: 'update', changes });
  const changed = Object.keys(values).filter((k) => before[k] !== values[k]);
  const links = linksBefore && linksAfter ? ([linksBefore, linksAfter] as const) : null;
  await markRecord(new RollupScheduler(trx), item, { id: before.id, before, changed, links }).flush();
  return (await readRecord(trx, item, before.id)) as RowOf<T>;
}

/** A record kind's planner: a body against the stored row (null on create) in its product; every problem to `checked`. */
export type Planner<T extends RecordTable, I> = (
  db: Db,
  product: ProductRow,
  stored: RowOf<T> | null,
  input: I,
  checked: Checked,
) => Promise<RecordPlan<T>>;

/** The columns `newInProduct` gives every record created in a product. */
type NewInProduct = 'product_id' | 'reference_num' | 'created_by_id' | 'created_at' | 'updated_at';

/**
 * The create and update of a kind numbered in its product (releases, goals, initiatives), as its
 * module declares them: its planner, and what a new row takes beyond the plan (name, defaults,
 * place). Every rule is checked first and all problems thrown together; then one transaction (or
 * the caller's: an idea's promotion creates an initiative inside its own). The update is
 * `updateRecord` with the planner given the record's product.
 */
export function writesInProduct<T extends 'releases' | 'goals' | 'initiatives', I>(
  item: RecordDescriptor & { table: T; kind: CounterKind; key: (prefix: string, n: number) => string },
  plan: Planner<T, I>,
  fill: (db: Db, values: Updateable<Database[T]>, product: ProductRow) => Promise<Omit<Insertable<Database[T]>, NewInProduct>>,
): {
  create: (db: Db, user: { id: number }, product: ProductRow, input: I, checked: Checked) => Promise<RowOf<T>>;
  update: (db: Db, user: { id: number }, product: ProductRow, record: RowOf<T>, input: I, checked: Checked) => Promise<RowOf<T>>;
} {
  return {
    create: (db, user, product, input, checked) =>
      inTransaction(db, async (trx) => {
        const planned = await plan(trx, product, null, input, checked);
        checked.problems.throwIfAny();
        const row = { ...(await newInProduct(trx, item, product, user)), ...planned.values, ...(await fill(trx, planned.values, product)) };
        return createRecord(trx, item, row as Insertable<Database[T]>, planned, user.id);
      }),
    update: (db, user, product, record, input, checked) =>
      inTransaction(db, (trx) =>
        updateRecord(trx, item, { id: (record as AnyRow).id, userId: user.id, checked }, (stored) =>
          plan(trx, product, stored, input, checked),
        ),
      ),
  };
}

// ---------------------------------------------------------------------------------------------
// Delete

/** What hangs from a record being deleted, beyond its tags, watchers, links and custom field values. */
export interface Hanging {
  /** Records removed with it (a feature's requirements, a release's phases), put back after it on a restore. */
  children?: RecycledRows;
  /** Links cleared on other records (features unlinked from an epic), put back last. */
  links?: RecycledRows;
  /** Runs once the payload is kept: removes the children, clears the links. */
  after: () => Promise<void>;
}

/** The product a record belongs to: its own column, else its parent's (a phase's release, a requirement's feature). */
async function productOf(db: Db, item: RecordDescriptor, row: AnyRow): Promise<number | null> {
  if (typeof row.product_id === 'number') return row.product_id;
  const parentId = row[item.parent.column];
  if (typeof parentId !== 'number') return null;
  // Releases and features both keep `product_id`; kysely cannot see through the union.
  const parent = await db
    .selectFrom((item.parent.kind === 'release' ? 'releases' : 'features') as 'features')
    .select('product_id')
    .where('id', '=', parentId)
    .executeTakeFirst();
  return parent?.product_id ?? null;
}

/**
 * The comments and attachment rows (its comments' and its description's) of a record being deleted
 * and of the children removed with it (a feature's requirements, a release's phases, a note's
 * subtree): removed, and answered for the same recycle-bin payload, so nothing is left on a record
 * that is gone.
 */
async function removeDiscussions(trx: Db, item: RecordDescriptor, id: number, children: RecycledRows): Promise<DiscussionRows> {
  const all = await removeDiscussion(trx, COMMENTABLE_TYPE_OF[item.recordType], [id]);
  for (const [table, rows] of Object.entries(children)) {
    const type = COMMENTABLE_TYPE_OF_TABLE[table];
    if (!type) continue;
    const ids = rows.map((r) => r.id).filter((v): v is number => typeof v === 'number');
    const removed = await removeDiscussion(trx, type, ids);
    all.comments.push(...removed.comments);
    all.attachments.push(...removed.attachments);
  }
  return all;
}

/**
 * Deletes a record into the recycle bin in its transaction: the row, its tags, watchers, links,
 * custom field values and comments, and what `hung` says hangs from it (with their comments), then
 * the destroy audit row and the roll-up marks of what it counted in. A record that is not there is a 404. `hung` runs before
 * anything is kept, so it may still refuse the delete (its throw rolls everything back). Answers the deletion's id.
 */
export async function deleteRecord<T extends RecordTable>(
  trx: Db,
  item: RecordDescriptor & { table: T },
  args: { id: number; userId: number },
  hung?: (row: RowOf<T>) => Promise<Hanging>,
): Promise<number> {
  const found = await readRecord(trx, item, args.id);
  if (!found) throw notFound(item.recordType, String(args.id));
  const row = found as AnyRow & { name: string };
  const rowsOf = async (table: string, column: string): Promise<Record<string, unknown>[]> =>
    (await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table)} WHERE ${sql.ref(column)} = ${row.id}`.execute(trx)).rows;
  const own = [item.tags, item.watchers].flatMap((link) => (link ? [link] : []));
  const kept: RecycledRows = {};
  for (const link of own) kept[link.table] = await rowsOf(link.table, link.column);
  if (item.links) kept[item.links.table] = await rowsOf(item.links.table, item.links.own);
  const linked = item.links ? await linkedIds(trx, item.links, row.id) : [];
  const values = await removeCustomFields(trx, item.recordType, [row.id]);
  const extra = hung ? await hung(found) : { after: () => Promise.resolve() };
  const { custom_field_values: childValues = [], ...children } = extra.children ?? {};
  const discussion = await removeDiscussions(trx, item, row.id, children);
  // Table names as keys, parents first, so a restore can insert them back in order. Rows of one table
  // from several parts are joined, not replaced: a tree's descendants (a note's subtree) come after
  // the record in its own table, and their tags beside its own.
  const rows: RecycledRows = {};
  const parts = [{ [item.table]: [row] }, children, kept, { custom_field_values: [...values, ...childValues] }];
  for (const part of parts) for (const [table, list] of Object.entries(part)) rows[table] = [...(rows[table] ?? []), ...list];
  for (const [table, removed] of Object.entries(discussion)) if (removed.length > 0) rows[table] = [...(rows[table] ?? []), ...removed];
  // Links the database clears by itself (an idea promoted to this feature) are kept beside the ones `hung` clears.
  const links: RecycledRows = { ...(extra.links ?? {}), ...(await clearedLinks(trx, item.table, [row.id])) };
  for (const [table, list] of Object.entries(children)) {
    const ids = list.map((r) => r.id).filter((v): v is number => typeof v === 'number');
    Object.assign(links, await clearedLinks(trx, table, ids));
  }
  const deletionId = await recycle(trx, {
    userId: args.userId,
    type: item.recordType,
    id: row.id,
    name: row.name,
    referenceNum: typeof row.reference_num === 'string' ? row.reference_num : null,
    productId: await productOf(trx, item, row),
    rows,
    links,
  });
  await extra.after();
  for (const link of own) await sql`DELETE FROM ${sql.table(link.table)} WHERE ${sql.ref(link.column)} = ${row.id}`.execute(trx);
  if (item.links) await writeLinks(trx, item.links, row.id, []);
  await trx
    .deleteFrom(item.table as 'goals')
    .where('id', '=', row.id)
    .execute();
  if (item.destroyed === 'row') await auditDestroyedRow(trx, args.userId, item.recordType, row);
  else await auditDestroyed(trx, args.userId, item.recordType, row as AnyRow & { name: string; reference_num: string });
  await markRecord(new RollupScheduler(trx), item, { id: null, before: row, changed: null, links: [linked, []] }).flush();
  return deletionId;
}
