// The files of a page of comments, for their `attachments[]`: the one place the comment shaper asks
// for them, from the attachments slice's batched reader (`attachable_type = 'Comment'`).
import type { CommentAttachment } from '../../src/contract/comments';
import { attachmentsOf } from './attachments';
import type { Db } from './audit';

/** Each comment's attachments, by comment id, in one batched read; a comment without files is missing (read as []). */
export function commentAttachments(db: Db, ids: readonly number[], origin: string): Promise<Map<number, CommentAttachment[]>> {
  return attachmentsOf(db, 'Comment', ids, origin);
}
