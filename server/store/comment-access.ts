// Who may change a comment: its author or an administrator, and only while it is not a deleted
// thread's placeholder. One rule for the comment's body, its deletion and its files (attaching and
// removing them), so a file cannot be put on or taken off a comment its caller may not edit.
import { StoreError } from '../problems';
import type { CommentRow, UserRow } from './schema';

/** The author or an administrator may change or delete a comment; anyone else is refused (403). */
export function checkMayChange(
  comment: Pick<CommentRow, 'id' | 'user_id'>,
  user: Pick<UserRow, 'id' | 'administrator'>,
  action: 'edit' | 'delete' | 'attach files to' | 'delete files of',
): void {
  if (user.administrator === 1 || comment.user_id === user.id) return;
  throw new StoreError('forbidden', `Only the author of comment ${comment.id} or an administrator may ${action} it`);
}

/** A deleted comment kept for its replies cannot be changed or deleted again. */
export function checkLive(comment: Pick<CommentRow, 'id' | 'deleted_at'>): void {
  if (comment.deleted_at !== null) throw new StoreError('not_found', `Comment ${comment.id} was deleted`);
}
