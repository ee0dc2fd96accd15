// Notes ("pages" in paths, issue 12): look-ups by id or key (`PLN-N-4`), the write rules of a body
// (a parent of the same product and never one of its own descendants, a status of the product's
// Note workflow, editor width, tags, custom fields — every problem at once, nothing written after a
// refusal), the exact sibling order (`placeInTree`), the delete that takes the subtree into the
// recycle bin as one deletion, the product's tree as one list, and the hosted shapes. Status,
// description, tags and custom fields follow the shared work-item rules (PAGE_ITEM).
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { noteInput } from '../../src/contract/notes';
import type { Note } from '../../src/contract/notes';
import type { Attachment } from '../../src/contract/common';
import type { CustomFieldValue } from '../../src/contract/custom-fields';
import { pageKey } from '../../src/domain/reference';
import type { Checked, FieldProblems, Paging } from '../problems';
import { attachmentsOf } from './attachments';
import type { Db } from './audit';
import { customFieldsFor, planCustomFields, removeCustomFields } from './custom-fields';
import { requireLayoutFields } from './layouts';
import { dialectOf } from './dialect';
import { listPage } from './pages';
import type { Page } from './pages';
import { placeInTree } from './positions';
import { deleteRecord } from './record-writes';
import type { RecordChange, RecordRemoval } from './record-writes';
import { allocateReference } from './reference-numbers';
import { asId, findByIdOrKey, loadOne, requiring } from './resolve';
import { rowsById } from './row-cache';
import type { Database, PageRow, PageUpdate, ProductRow } from './schema';
import { fullTags, links, noteBody, recordEnd, statusRef } from './serialize';
import { finishCreate, planStatus, planTags, updateWorkItem } from './work-item-rules';
import type { ItemPlan } from './work-item-rules';
import { PAGE_ITEM } from './work-items';

type NoteInput = z.output<typeof noteInput>;

/** The members of a list item unless `fields` asks for others: the hosted item and `position`. */
export const NOTE_COMPACT_FIELDS = [
  'id',
  'name',
  'title',
  'parent_id',
  'reference_num',
  'position',
  'created_at',
  'url',
  'resource',
] as const;

/** How deep a tree may go: a guard against a cycle that got in some other way, never a limit people meet. */
const MAX_DEPTH = 1_000;

// ---------------------------------------------------------------------------------------------
// Look-ups

/** A note by numeric id or reference key (`PLN-N-4`, any case). */
export const findNote = (db: Db, idOrKey: string): Promise<PageRow | null> => findByIdOrKey(db, 'pages', 'reference_num', idOrKey);

export const requireNote = requiring<PageRow>(findNote, 'Note');

/** The ids of a note's ancestors, its parent first. */
async function ancestorsOf(db: Db, parentId: number | null): Promise<number[]> {
  if (parentId === null) return [];
  const rows = await sql<{ id: number }>`
    WITH RECURSIVE up(id, parent_id, depth) AS (
      SELECT id, parent_id, 0 FROM pages WHERE id = ${parentId}
      UNION ALL SELECT p.id, p.parent_id, up.depth + 1 FROM pages p JOIN up ON p.id = up.parent_id WHERE up.depth < ${MAX_DEPTH}
    ) SELECT id FROM up ORDER BY depth`.execute(db);
  return rows.rows.map((r) => r.id);
}

/** A note's descendants, parents before their children (breadth first, siblings in order). */
async function descendantsOf(db: Db, id: number): Promise<PageRow[]> {
  const rows = await sql<PageRow & { depth: number }>`
    WITH RECURSIVE down(id, depth) AS (
      SELECT id, 1 FROM pages WHERE parent_id = ${id}
      UNION ALL SELECT p.id, down.depth + 1 FROM pages p JOIN down ON p.parent_id = down.id WHERE down.depth < ${MAX_DEPTH}
    ) SELECT p.*, down.depth FROM down JOIN pages p ON p.id = down.id ORDER BY down.depth, p.parent_id, p.position, p.id`.execute(db);
  return rows.rows.map(({ depth: _depth, ...row }) => row);
}

// ---------------------------------------------------------------------------------------------
// Write rules

type NotePlan = ItemPlan & { columns: PageUpdate };

/**
 * Checks a create (`stored` null) or update body against the stored records and turns it into
 * columns; every problem goes to `problems`. With no problem, the note's place among its (new)
 * siblings is made exact here too (`placeInTree`): the body's `position`, the end when it enters a
 * parent or is new, and `null` is the end.
 */
async function planNote(
  db: Db,
  ctx: { product: ProductRow; stored: PageRow | null },
  input: NoteInput,
  problems: FieldProblems,
): Promise<NotePlan> {
  const { product, stored } = ctx;
  const columns: PageUpdate = {};

  if (input.name !== undefined) columns.name = input.name;
  if (input.description_attributes !== undefined) columns.description = input.description_attributes;
  if (input.editor_width !== undefined) columns.editor_width = input.editor_width;
  await planStatus(db, PAGE_ITEM, { productId: product.id, stored }, input.workflow_status, columns, problems);
  const tags = planTags(input.tags, columns, problems);

  let parentId = stored?.parent_id ?? null;
  let parentKnown = true;
  if (input.parent_id === null) parentId = null;
  else if (input.parent_id !== undefined) {
    const id = asId(input.parent_id);
    const parent =
      id === null ? undefined : await db.selectFrom('pages').select(['id', 'product_id']).where('id', '=', id).executeTakeFirst();
    parentKnown = false;
    if (!parent) problems.add('parent_id', `must be the id of a note of ${product.reference_prefix} (${input.parent_id} is not a note)`);
    else if (parent.product_id !== product.id)
      problems.add('parent_id', `must be a note of the same product (${product.reference_prefix})`);
    else if (stored && parent.id === stored.id) problems.add('parent_id', 'cannot be the note itself');
    else if (stored && (await ancestorsOf(db, parent.id)).includes(stored.id)) {
      problems.add('parent_id', 'cannot be one of the note’s own descendants (that would make a cycle)');
    } else {
      parentId = parent.id;
      parentKnown = true;
    }
  }
  if (parentKnown && (stored === null || parentId !== stored.parent_id)) columns.parent_id = parentId;

  const customFields = await planCustomFields(db, product.id, PAGE_ITEM.recordType, input.custom_fields, problems, stored?.id);
  if (stored === null) await requireLayoutFields(db, product.id, PAGE_ITEM.recordType, input, problems);

  if (problems.empty) {
    const entering = stored === null || parentId !== stored.parent_id;
    const place = { table: 'pages' as const, productId: product.id, parentId, recordId: stored?.id };
    const position = await placeInTree(db, place, input.position, entering);
    if (position !== undefined) columns.position = position;
  }
  return { columns, customFields, ...(tags ? { tags } : {}) };
}

// ---------------------------------------------------------------------------------------------
// Writes

/** A new note in `product` (top level unless the body names a parent); answers its id. */
export async function createNote(
  db: Kysely<Database>,
  args: { product: ProductRow; input: Partial<NoteInput>; checked: Checked; userId: number },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { product } = args;
    const { problems } = args.checked;
    const plan = await planNote(trx, { product, stored: null }, args.input, problems);
    problems.throwIfAny();
    const at = new Date().toISOString();
    const row = {
      ...plan.columns,
      product_id: product.id,
      reference_num: await allocateReference(trx, 'page', product.id, (n) => pageKey(product.reference_prefix, n)),
      name: plan.columns.name ?? '',
      created_by_user_id: args.userId,
      created_at: at,
      updated_at: at,
    };
    return finishCreate(trx, PAGE_ITEM, row, plan, args.userId);
  });
}

/** Applies the body's fields to a stored note (moves and reorders included); a body that changes nothing writes nothing. */
export async function updateNote(db: Kysely<Database>, args: RecordChange<Partial<NoteInput>>): Promise<void> {
  await db.transaction().execute((trx) =>
    updateWorkItem(trx, PAGE_ITEM, args, async (stored, problems) => {
      const product = await trx.selectFrom('products').selectAll().where('id', '=', stored.product_id).executeTakeFirstOrThrow();
      return planNote(trx, { product, stored }, args.input, problems);
    }),
  );
}

/**
 * Deletes a note with its whole subtree, as one deletion of the recycle bin: the note, its
 * descendants (parents first, so a restore inserts them back in order), their tags and custom field
 * values. One destroy audit row, the note's: its descendants went with it.
 */
export function deleteNote(db: Kysely<Database>, args: RecordRemoval): Promise<number> {
  return db.transaction().execute((trx) =>
    deleteRecord(trx, PAGE_ITEM, args, async (note) => {
      const below = await descendantsOf(trx, note.id);
      if (below.length === 0) return { after: () => Promise.resolve() };
      const ids = below.map((p) => p.id);
      const tags = await trx.selectFrom('page_tags').selectAll().where('page_id', 'in', ids).execute();
      const values = await removeCustomFields(trx, PAGE_ITEM.recordType, ids);
      return {
        children: { pages: below, page_tags: tags, custom_field_values: values },
        after: async () => {
          await trx.deleteFrom('page_tags').where('page_id', 'in', ids).execute();
          // One statement: SQLite checks the parent links at its end, when the whole subtree is gone.
          await trx.deleteFrom('pages').where('id', 'in', ids).execute();
        },
      };
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Lists

export interface NoteListFilter {
  productId: number;
  q?: string | undefined;
  updatedSince?: string | undefined;
}

/**
 * A page of a product's notes in tree order: the top level first, then each parent's children
 * together (parent ids in order), siblings by position, then id — the `pages_tree` index's order,
 * so the whole tree is read from the index without a sort. The count is the product's counter when
 * nothing else narrows the list.
 */
export async function listNotes(db: Kysely<Database>, filter: NoteListFilter, p: Paging): Promise<Page<PageRow>> {
  let q = db.selectFrom('pages').where('product_id', '=', filter.productId);
  const text = filter.q?.trim() ?? '';
  if (text !== '') q = q.where(dialectOf(db).containsText('name', text));
  if (filter.updatedSince !== undefined) q = q.where('updated_at', '>', filter.updatedSince);
  const narrowed = text !== '' || filter.updatedSince !== undefined;
  return listPage(
    db,
    q,
    p,
    (f) => f.selectAll().orderBy('parent_id').orderBy('position').orderBy('id'),
    narrowed ? undefined : { table: 'pages', column: 'product_id', id: filter.productId },
  );
}

// ---------------------------------------------------------------------------------------------
// Response shape

const titleOf = (r: Pick<PageRow, 'name' | 'reference_num'>): string => `${r.reference_num} ${r.name === '' ? 'Untitled' : r.name}`;
const idOrNull = (id: number | null): string | null => (id === null ? null : String(id));
const isWidth = (w: string): w is 'NARROW' | 'FULL' => w === 'NARROW' || w === 'FULL';

/** A list item straight from the row: the hosted item's members and `position`. */
export function noteCompact(row: PageRow, origin: string): Pick<Note, (typeof NOTE_COMPACT_FIELDS)[number]> {
  return {
    id: String(row.id),
    name: row.name === '' ? null : row.name,
    title: titleOf(row),
    parent_id: idOrNull(row.parent_id),
    reference_num: row.reference_num,
    position: row.position,
    created_at: row.created_at,
    ...links(origin, 'pages', row.reference_num),
  };
}

/** Whole notes for rows (in their order): products, statuses and custom fields read once for all rows. */
export async function serializeNotes(db: Db, rows: PageRow[], origin: string, wanted: Set<string> | null): Promise<Note[]> {
  if (rows.length === 0) return [];
  const need = (name: string): boolean => wanted === null || wanted.has(name);
  const unique = (values: (number | null)[]): number[] => [...new Set(values.filter((v): v is number => v !== null))];
  const products = await rowsById(db, 'products', unique(rows.map((r) => r.product_id)));
  const statuses = await rowsById(db, 'workflow_statuses', need('workflow_status') ? unique(rows.map((r) => r.workflow_status_id)) : []);
  const customFields = need('custom_fields')
    ? await customFieldsFor(
        db,
        PAGE_ITEM.recordType,
        rows.map((r) => r.id),
      )
    : new Map<number, CustomFieldValue[]>();
  // The files of the page's descriptions, in one query (store/attachments.ts).
  const files = need('description')
    ? await attachmentsOf(
        db,
        'Page',
        rows.map((r) => r.id),
        origin,
      )
    : new Map<number, Attachment[]>();
  return rows.map((r): Note => {
    const status = r.workflow_status_id === null ? undefined : statuses.get(r.workflow_status_id);
    const tags = r.tags === '' ? [] : r.tags.split(',');
    return {
      id: String(r.id),
      name: r.name === '' ? null : r.name,
      title: titleOf(r),
      document_title: `${r.name === '' ? 'Untitled' : r.name} | Planner`,
      reference_num: r.reference_num,
      parent_id: idOrNull(r.parent_id),
      position: r.position,
      editor_width: isWidth(r.editor_width) ? r.editor_width : 'NARROW',
      document_type: 10,
      document_type_name: 'note',
      type_name: 'note',
      emoji_value: null,
      location: null,
      // The hosted kinds that link elsewhere (external and internal links) are not made here.
      external_url: null,
      linked_record_id: null,
      linked_record_type: null,
      edit_locked: false,
      product_id: String(r.product_id),
      description: noteBody({ id: r.id, type: 'Page' }, r.description, r.created_at, r.updated_at, files.get(r.id)),
      tags,
      full_tags: fullTags(tags),
      custom_fields: customFields.get(r.id) ?? [],
      workflow_status: status ? statusRef(status) : null,
      ...recordEnd('pages', r, products.get(r.product_id), origin),
    };
  });
}

/** One note's whole record by id. */
export const loadNote = (db: Db, id: number, origin: string, wanted: Set<string> | null = null): Promise<Note> =>
  loadOne(db, 'pages', 'Note', id, (rows) => serializeNotes(db, rows, origin, wanted));
