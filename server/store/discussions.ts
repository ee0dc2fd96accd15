// What the record kinds need to know of their comments, without knowing comments.ts: the hosted
// type a kind's comments are filed under, the batched `comments_count` of a page of records, and the
// removal of the comments and files (a comment's, a description's) of records being deleted. Record shapers and
// the generic delete (`record-writes.ts`) import this small module; comments.ts builds on it.
import { sql } from 'kysely';
import { COMMENTABLE_TYPES } from '../../src/contract/comments';
import type { CommentableType } from '../../src/contract/comments';
import type { Db } from './audit';
import { prepared } from './prepared';
import type { RecordDescriptor } from './work-items';

/**
 * The hosted type of each described kind's comments, by the descriptor's `recordType` (audits say
 * `Goal` and `Idea`; comments, as hosted, `StrategicImperative` and `Ideas::Idea`). The one place
 * the two names meet.
 */
export const COMMENTABLE_TYPE_OF = {
  Feature: COMMENTABLE_TYPES.features,
  Epic: COMMENTABLE_TYPES.epics,
  Requirement: COMMENTABLE_TYPES.requirements,
  Idea: COMMENTABLE_TYPES.ideas,
  Initiative: COMMENTABLE_TYPES.initiatives,
  Goal: COMMENTABLE_TYPES.goals,
  Release: COMMENTABLE_TYPES.releases,
  ReleasePhase: COMMENTABLE_TYPES.release_phases,
  Page: COMMENTABLE_TYPES.pages,
} as const satisfies Record<RecordDescriptor['recordType'], CommentableType>;

/** The hosted type of the comments on records kept in `table` (a deleted record's children), if it takes comments. */
export const COMMENTABLE_TYPE_OF_TABLE: Readonly<Record<string, CommentableType | undefined>> = COMMENTABLE_TYPES;

// One statement per page shape: the count of each record's comments from the covering index.
const countQuery = prepared((db, type: string, ids: number[]) =>
  db
    .selectFrom('comments')
    .select(['commentable_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('commentable_type', '=', type)
    .where('commentable_id', 'in', ids)
    .where('deleted_at', 'is', null)
    .groupBy('commentable_id'),
);

/**
 * `comments_count` of a page of records of one type, in one query: by record id, 0 when none.
 * A deleted placeholder is not counted (nothing of it can be read); its replies are.
 */
export async function commentCounts(db: Db, type: CommentableType, ids: readonly number[]): Promise<Map<number, number>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await countQuery(db, type, unique);
  return new Map(rows.map((r) => [r.commentable_id, Number(r.n)]));
}

/** The rows a removal took, by table (`comments`, `attachments`), for the recycle bin's payload. */
export type DiscussionRows = { comments: Record<string, unknown>[]; attachments: Record<string, unknown>[] };

/**
 * Removes every comment of the records `ids` of one type, the attachment rows of those comments and
 * the records' own (description) attachment rows, in the caller's transaction; answers the rows
 * removed (replies after their parents, so a restore inserts them in order). The files stay: a kept
 * payload still names them.
 */
export async function removeDiscussion(trx: Db, type: CommentableType, ids: readonly number[]): Promise<DiscussionRows> {
  if (ids.length === 0) return { comments: [], attachments: [] };
  const on = sql`commentable_type = ${type} AND commentable_id IN (${sql.join([...ids])})`;
  const comments = (await sql<Record<string, unknown>>`SELECT * FROM comments WHERE ${on} ORDER BY id`.execute(trx)).rows;
  // A record's description files are filed under its hosted type, as its comments are.
  const theirs = sql`(attachable_type = ${type} AND attachable_id IN (${sql.join([...ids])}))`;
  const files =
    comments.length === 0
      ? theirs
      : sql`(${theirs} OR (attachable_type = 'Comment' AND attachable_id IN (SELECT id FROM comments WHERE ${on})))`;
  const attachments = (await sql<Record<string, unknown>>`SELECT * FROM attachments WHERE ${files} ORDER BY id`.execute(trx)).rows;
  if (attachments.length > 0) await sql`DELETE FROM attachments WHERE ${files}`.execute(trx);
  // One statement: replies and their parents go together (foreign keys are checked at its end).
  if (comments.length > 0) await sql`DELETE FROM comments WHERE ${on}`.execute(trx);
  return { comments, attachments };
}
