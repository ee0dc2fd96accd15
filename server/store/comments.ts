// Comments (issue 12) on the nine commentable kinds: which records take them (one declaration per
// kind, read from the record descriptors), their lists in thread order with deep pages, the hosted
// answer shape of a page in a fixed number of queries, and the writes — create (a reply's parent
// must be a live top-level comment of the same record), edit and delete by the author or an
// administrator, each one transaction with an audit row, deletes through the recycle bin. A
// top-level comment deleted while it has replies stays as their placeholder until its last reply
// goes (docs/decisions.md, "Comments"). @-mentions make the mentioned users watchers of the record
// when its kind has watchers.
import { sql } from 'kysely';
import type { RawBuilder } from 'kysely';
import { COMMENTABLE_KINDS } from '../../src/contract/comments';
import type {
  Comment,
  CommentableKind,
  CommentableType,
  CommentOrder,
  commentCreateInput,
  commentUpdateInput,
} from '../../src/contract/comments';
import type { z } from 'zod';
import { fieldError, notFound, now } from '../problems';
import type { Checked, Paging } from '../problems';
import { audit, diff } from './audit';
import { recycle } from './deletions';
import type { Db } from './audit';
import { checkLive, checkMayChange } from './comment-access';
import { commentAttachments } from './comment-attachments';
import { countMatches } from './counts';
import { COMMENTABLE_TYPE_OF } from './discussions';
import { seekPage } from './pages';
import type { OrderColumn, Page, SeekableList } from './pages';
import { asId } from './resolve';
import { rowsById } from './row-cache';
import { DATABASE_COLUMNS } from './schema';
import type { CommentRow, PortalUserRow, UserRow } from './schema';
import { links, portalUserName, userRef } from './serialize';
import { inTransaction } from './transactions';
import {
  EPIC_ITEM,
  FEATURE_ITEM,
  GOAL_RECORD,
  IDEA_ITEM,
  INITIATIVE_RECORD,
  PAGE_ITEM,
  PHASE_RECORD,
  RELEASE_RECORD,
  REQUIREMENT_ITEM,
} from './work-items';
import type { RecordDescriptor } from './work-items';

export type CreateInput = Partial<z.output<typeof commentCreateInput>>;
export type UpdateInput = Partial<z.output<typeof commentUpdateInput>>;

// ---------------------------------------------------------------------------------------------
// What takes comments

/** A commentable kind: where its records are, how a path names one, where its workspace is, its watchers. */
export interface Commentable {
  kind: CommentableKind;
  type: CommentableType;
  /** "feature" in messages. */
  noun: string;
  table: RecordDescriptor['table'];
  /** The key a path may name a record by besides its id (release phases have none). */
  key: 'reference_num' | null;
  /** Where the record's `product_id` is: its own row, or its parent's (a requirement's feature, a phase's release). */
  productVia: { table: 'features' | 'releases'; column: 'feature_id' | 'release_id' } | null;
  watchers: RecordDescriptor['watchers'];
}

/** A kind's declaration from its record descriptor: the descriptor says where it lives and what hangs from it. */
function commentable(kind: CommentableKind, item: RecordDescriptor, noun: string, keyed: boolean): Commentable {
  const ownProduct = 'product_id' in DATABASE_COLUMNS[item.table];
  const parentTable = item.parent.kind === 'feature' ? 'features' : 'releases';
  const parentColumn = item.parent.column === 'feature_id' ? 'feature_id' : 'release_id';
  return {
    kind,
    type: COMMENTABLE_TYPE_OF[item.recordType],
    noun,
    table: item.table,
    key: keyed ? 'reference_num' : null,
    productVia: ownProduct ? null : { table: parentTable, column: parentColumn },
    watchers: item.watchers,
  };
}

/** Every kind that takes comments (the spec's "path parameter rules": phases by id only). */
export const COMMENTABLES = {
  features: commentable('features', FEATURE_ITEM, 'feature', true),
  epics: commentable('epics', EPIC_ITEM, 'epic', true),
  requirements: commentable('requirements', REQUIREMENT_ITEM, 'requirement', true),
  ideas: commentable('ideas', IDEA_ITEM, 'idea', true),
  initiatives: commentable('initiatives', INITIATIVE_RECORD, 'initiative', true),
  goals: commentable('goals', GOAL_RECORD, 'goal', true),
  releases: commentable('releases', RELEASE_RECORD, 'release', true),
  release_phases: commentable('release_phases', PHASE_RECORD, 'release phase', false),
  pages: commentable('pages', PAGE_ITEM, 'note', true),
} as const satisfies Record<CommentableKind, Commentable>;

const BY_TYPE = new Map<string, Commentable>(COMMENTABLE_KINDS.map((k) => [COMMENTABLES[k].type, COMMENTABLES[k]]));

/** A commented record as comments show it: its kind, id, workspace and the key its address uses. */
export interface Target {
  of: Commentable;
  id: number;
  product_id: number;
  /** Its reference key, or its id for a kind without keys. */
  ref: string;
}

/** The heads of records of one kind, by id or by key: id, workspace and key in one query. */
function heads(of: Commentable, where: RawBuilder<unknown>): RawBuilder<{ id: number; product_id: number; ref: string }> {
  const ref = of.key ? sql`r.reference_num` : sql`CAST(r.id AS TEXT)`;
  const product = of.productVia ? sql`p.product_id` : sql`r.product_id`;
  const join = of.productVia ? sql`JOIN ${sql.table(of.productVia.table)} p ON p.id = r.${sql.ref(of.productVia.column)}` : sql``;
  return sql`SELECT r.id AS id, ${product} AS product_id, ${ref} AS ref FROM ${sql.table(of.table)} r ${join} WHERE ${where}`;
}

/** The record a path names (numeric id, or key where the kind has keys), or a 404 naming the kind. */
export async function requireTarget(db: Db, of: Commentable, idOrKey: string): Promise<Target> {
  const id = asId(idOrKey);
  const where = id !== null ? sql`r.id = ${id}` : of.key ? sql`r.reference_num = ${idOrKey.trim().toUpperCase()}` : null;
  const row = where ? (await heads(of, where).execute(db)).rows[0] : undefined;
  const noun = of.noun.charAt(0).toUpperCase() + of.noun.slice(1);
  if (!row) throw notFound(noun, idOrKey);
  return { of, id: row.id, product_id: row.product_id, ref: row.ref };
}

/** The commented records of a page of comments, by `type:id`: one query per kind on the page (at most nine). */
async function targetsOf(db: Db, rows: readonly CommentRow[]): Promise<Map<string, Target>> {
  const out = new Map<string, Target>();
  const byType = new Map<string, Set<number>>();
  for (const r of rows) {
    const set = byType.get(r.commentable_type) ?? new Set<number>();
    set.add(r.commentable_id);
    byType.set(r.commentable_type, set);
  }
  for (const [type, ids] of byType) {
    const of = BY_TYPE.get(type);
    if (!of) continue;
    const found = await heads(of, sql`r.id IN (${sql.join([...ids])})`).execute(db);
    for (const h of found.rows) out.set(`${type}:${h.id}`, { of, id: h.id, product_id: h.product_id, ref: h.ref });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Shapes

/** Comments as the hosted service answers them, for rows in their order: authors, records and files batched. */
export async function commentBodies(db: Db, rows: readonly CommentRow[], origin: string): Promise<Comment[]> {
  if (rows.length === 0) return [];
  const userIds = [...new Set(rows.map((r) => r.user_id).filter((v): v is number => v !== null))];
  const users = await rowsById(db, 'users', userIds);
  const portalUserIds = [...new Set(rows.map((r) => r.portal_user_id).filter((v): v is number => v !== null))];
  const portalUsers = await rowsById(db, 'portal_users', portalUserIds);
  const targets = await targetsOf(db, rows);
  const files = await commentAttachments(
    db,
    rows.map((r) => r.id),
    origin,
  );
  return rows.map((r) => {
    const target = targets.get(`${r.commentable_type}:${r.commentable_id}`);
    const record = target ? links(origin, target.of.kind, target.ref) : { url: '', resource: '' };
    const deleted = r.deleted_at !== null;
    return {
      id: String(r.id),
      body: deleted ? '' : r.body,
      created_at: r.created_at,
      updated_at: r.updated_at,
      parent_comment_id: r.parent_comment_id === null ? null : String(r.parent_comment_id),
      user: userRef(r.user_id === null ? null : users.get(r.user_id)),
      portal_user: portalUserRef(r.portal_user_id === null ? undefined : portalUsers.get(r.portal_user_id)),
      attachments: deleted ? [] : (files.get(r.id) ?? []),
      commentable: { type: r.commentable_type, id: String(r.commentable_id), product_id: String(r.product_id), ...record },
      ...links(origin, 'comments', String(r.id)),
      reactions: [],
      deleted,
    };
  });
}

/** A portal user as a comment's author: the name they gave, else their email. */
function portalUserRef(row: PortalUserRow | undefined): Comment['portal_user'] {
  if (!row) return null;
  return { id: String(row.id), name: portalUserName(row), email: row.email };
}

/** A comment by numeric id (placeholders too: they are in their threads), or a 404. */
export async function requireComment(db: Db, idText: string): Promise<CommentRow> {
  const id = asId(idText);
  const row = id === null ? undefined : await db.selectFrom('comments').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Comment', idText);
  return row;
}

export async function loadComment(db: Db, id: number, origin: string): Promise<Comment> {
  const row = await requireComment(db, String(id));
  const [body] = await commentBodies(db, [row], origin);
  if (!body) throw new Error(`Comment ${id} could not be shaped`);
  return body;
}

// ---------------------------------------------------------------------------------------------
// Lists

/** Whose comments a list shows: one record's, or every comment of a workspace. */
export type CommentScope = { target: Target } | { productId: number };

/**
 * Thread order: threads by their top-level comment (oldest or newest first), each thread's
 * comments oldest first with the top-level one leading (its id is the thread's). Both orders are
 * served by an index (`comments_record` / `comments_product`, a descending twin for `newest`).
 */
const orderOf = (order: CommentOrder): OrderColumn[] => [
  { ref: 'thread_id', field: 'thread_id', desc: order === 'newest' },
  { ref: 'id', field: 'id' },
];

/** A page of comments in thread order, and how many there are; deep pages seek (`seekPage`). */
export async function listComments(db: Db, scope: CommentScope, p: Paging, order: CommentOrder = 'oldest'): Promise<Page<CommentRow>> {
  const conditions =
    'target' in scope
      ? [sql`commentable_type = ${scope.target.of.type}`, sql`commentable_id = ${scope.target.id}`]
      : [sql`product_id = ${scope.productId}`];
  const where = sql.join(conditions, sql` AND `);
  const total = await countMatches(db, sql<{ n: number }>`SELECT count(*) AS n FROM comments WHERE ${where}`);
  if (total === 0 || p.offset >= total) return { rows: [], total };
  const list: SeekableList = { select: sql`SELECT * FROM comments`, conditions, order: orderOf(order) };
  const rows = await seekPage<CommentRow>(db, list, p);
  return { rows, total };
}

// ---------------------------------------------------------------------------------------------
// Rules

/** Text a person can read in a body: tags dropped, entities of spaces and the zero-width ones too. */
function visibleText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;|&#160;|&#xa0;|\u200b|\u200c|\u200d|\ufeff/gi, ' ')
    .trim();
}

/** A body is empty when nothing of it shows: no text and no embedded image or media. */
const isBlank = (html: string): boolean => visibleText(html) === '' && !/<(img|video|audio|iframe)\b/i.test(html);

/** `body`, required, with something in it. */
function planBody(body: string | undefined, required: boolean, checked: Checked): string | undefined {
  if (checked.flagged.has('body')) return undefined;
  if (body === undefined) {
    if (required) checked.problems.add('body', "can't be blank");
    return undefined;
  }
  if (isBlank(body)) checked.problems.add('body', "can't be blank: write something (an empty paragraph is empty)");
  return body;
}

/** The parent a reply names: a live top-level comment of the same record. */
async function planParent(db: Db, target: Target, sent: string | null | undefined, checked: Checked): Promise<CommentRow | null> {
  if (sent === undefined || sent === null || checked.flagged.has('parent_comment_id')) return null;
  const id = asId(sent);
  const parent = id === null ? undefined : await db.selectFrom('comments').selectAll().where('id', '=', id).executeTakeFirst();
  const problem = !parent
    ? `is not a comment: comment ${sent} not found`
    : parent.commentable_type !== target.of.type || parent.commentable_id !== target.id
      ? `must be a comment on the same ${target.of.noun} (comment ${sent} is on another record)`
      : parent.parent_comment_id !== null
        ? `is a reply: replies to replies are not supported (reply to comment ${parent.parent_comment_id})`
        : parent.deleted_at !== null
          ? `was deleted: its thread takes no new replies`
          : null;
  if (problem) checked.problems.add('parent_comment_id', problem);
  return problem ? null : (parent ?? null);
}

/** The user ids a body @-mentions (`<span data-type="mention" data-id="12">`, TipTap's mention HTML). */
export function mentionedIds(html: string): number[] {
  const ids = new Set<number>();
  for (const [tag] of html.matchAll(/<span\b[^>]*>/gi)) {
    if (!/\bdata-type\s*=\s*["']mention["']/i.test(tag)) continue;
    const id = asId(/\bdata-id\s*=\s*["']([^"']*)["']/i.exec(tag)?.[1] ?? '');
    if (id !== null) ids.add(id);
  }
  return [...ids];
}

/**
 * Mentioned users who exist and are enabled watch the record, when its kind has watchers (features
 * and epics); already watching is fine. Other kinds keep no watchers, so a mention there is only text.
 */
async function watchMentioned(trx: Db, target: Target, body: string): Promise<void> {
  const watchers = target.of.watchers;
  const ids = mentionedIds(body);
  if (!watchers || ids.length === 0) return;
  const users = await trx.selectFrom('users').select('id').where('id', 'in', ids).where('enabled', '=', 1).execute();
  if (users.length === 0) return;
  const values = sql.join(users.map((u) => sql`(${target.id}, ${u.id})`));
  await sql`INSERT INTO ${sql.table(watchers.table)} (${sql.ref(watchers.column)}, user_id) VALUES ${values} ON CONFLICT DO NOTHING`.execute(trx);
}

// ---------------------------------------------------------------------------------------------
// Writes

const COMMENT = 'Comment';
/** The audited view of a comment: what a person wrote and where. */
const audited = (r: Pick<CommentRow, 'body' | 'parent_comment_id' | 'commentable_type' | 'commentable_id'>) => ({
  body: r.body,
  parent_comment_id: r.parent_comment_id,
  commentable_type: r.commentable_type,
  commentable_id: r.commentable_id,
});

/** A new comment (or reply) on `target`; every problem of the body at once, nothing written after a refusal. */
export async function createComment(
  db: Db,
  args: { target: Target; input: CreateInput; checked: Checked; user: UserRow },
): Promise<number> {
  const { target, input, checked, user } = args;
  return inTransaction(db, async (trx) => {
    const body = planBody(input.body, true, checked);
    const parent = await planParent(trx, target, input.parent_comment_id, checked);
    checked.problems.throwIfAny();
    if (body === undefined) throw fieldError('body', "can't be blank");
    const at = now();
    const { id } = await trx
      .insertInto('comments')
      .values({
        commentable_type: target.of.type,
        commentable_id: target.id,
        product_id: target.product_id,
        parent_comment_id: parent?.id ?? null,
        // A top-level comment leads its own thread: its id, known once inserted.
        thread_id: parent?.id ?? 0,
        body,
        user_id: user.id,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (!parent) await trx.updateTable('comments').set({ thread_id: id }).where('id', '=', id).execute();
    await watchMentioned(trx, target, body);
    const row = { body, parent_comment_id: parent?.id ?? null, commentable_type: target.of.type, commentable_id: target.id };
    await audit(trx, { userId: user.id, type: COMMENT, id, action: 'create', changes: diff(null, audited(row)) });
    return id;
  });
}

/** A comment's new body, by its author or an administrator; `updated_at` moves only when the body does. */
export async function updateComment(
  db: Db,
  args: { comment: CommentRow; input: UpdateInput; checked: Checked; user: UserRow },
): Promise<void> {
  const { comment, input, checked, user } = args;
  checkLive(comment);
  checkMayChange(comment, user, 'edit');
  await inTransaction(db, async (trx) => {
    const body = planBody(input.body, false, checked);
    checked.problems.throwIfAny();
    if (body === undefined || body === comment.body) return;
    await trx.updateTable('comments').set({ body, updated_at: now() }).where('id', '=', comment.id).execute();
    const target = BY_TYPE.get(comment.commentable_type);
    if (target) {
      await watchMentioned(trx, { of: target, id: comment.commentable_id, product_id: comment.product_id, ref: '' }, body);
    }
    await audit(trx, { userId: user.id, type: COMMENT, id: comment.id, action: 'update', changes: { body: [comment.body, body] } });
  });
}

/** The attachment rows of comments, removed and answered for the recycle bin. */
async function takeAttachments(trx: Db, ids: readonly number[]): Promise<Record<string, unknown>[]> {
  if (ids.length === 0) return [];
  const rows = await trx
    .selectFrom('attachments')
    .selectAll()
    .where('attachable_type', '=', COMMENT)
    .where('attachable_id', 'in', ids)
    .execute();
  if (rows.length > 0) {
    await trx.deleteFrom('attachments').where('attachable_type', '=', COMMENT).where('attachable_id', 'in', ids).execute();
  }
  return rows;
}

/**
 * Deletes a comment, by its author or an administrator, into the recycle bin with its attachment
 * rows and a destroy audit row. A top-level comment with replies stays as their placeholder (body
 * blanked, `deleted_at` set; the payload keeps the body); a reply that was the last one under a
 * placeholder takes the placeholder with it.
 */
export async function deleteComment(db: Db, args: { comment: CommentRow; user: UserRow }): Promise<number> {
  const { comment, user } = args;
  checkLive(comment);
  checkMayChange(comment, user, 'delete');
  return inTransaction(db, async (trx) => {
    const at = now();
    const row = await trx.selectFrom('comments').selectAll().where('id', '=', comment.id).executeTakeFirstOrThrow();
    const replies = await trx.selectFrom('comments').select('id').where('parent_comment_id', '=', row.id).limit(1).execute();
    const kept: Record<string, unknown>[] = [row];
    const attachments = await takeAttachments(trx, [row.id]);
    if (replies.length > 0) {
      // The thread stays: the row is its placeholder, with nothing of what was written.
      await trx.updateTable('comments').set({ body: '', deleted_at: at, updated_at: at }).where('id', '=', row.id).execute();
    } else {
      await trx.deleteFrom('comments').where('id', '=', row.id).execute();
      const parent =
        row.parent_comment_id === null
          ? undefined
          : await trx.selectFrom('comments').selectAll().where('id', '=', row.parent_comment_id).executeTakeFirst();
      if (parent && parent.deleted_at !== null) {
        const left = await trx.selectFrom('comments').select('id').where('parent_comment_id', '=', parent.id).limit(1).execute();
        if (left.length === 0) {
          // Its last reply gone, the placeholder has nothing left to hold: it goes too (parents first in the payload).
          kept.unshift(parent);
          await trx.deleteFrom('comments').where('id', '=', parent.id).execute();
        }
      }
    }
    const deletionId = await recycle(trx, {
      userId: user.id,
      type: COMMENT,
      id: row.id,
      name: visibleText(row.body).slice(0, 255),
      productId: row.product_id,
      rows: { comments: kept, ...(attachments.length > 0 ? { attachments } : {}) },
    });
    await audit(trx, { userId: user.id, type: COMMENT, id: row.id, action: 'destroy', changes: { body: [row.body, null] } });
    return deletionId;
  });
}
