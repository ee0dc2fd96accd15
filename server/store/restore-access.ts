// Who may restore a deletion: whoever had the right the delete needed. Workspaces, teams and portal
// users are deleted by administrators only (their DELETE rows are `access: 'administrator'`), so only
// an administrator restores them; a comment is deleted by its author or an administrator, and so
// restored (undoing someone else's delete of their own words is changing them). Everything else any
// member deletes, and restores.
import { StoreError } from '../problems';
import type { RecycledRows } from './deletions';
import type { UserRow } from './schema';

/** The kinds whose delete is an administrator's (server/routes: products, teams, portal users). */
export const ADMIN_DELETED_TYPES: ReadonlySet<string> = new Set(['Product', 'Team', 'PortalUser']);

export type Restorer = Pick<UserRow, 'id' | 'administrator'>;

/** What the rule reads of a deletion: its kind and record, and for a comment its author (from the payload). */
export interface RestoreSubject {
  record_type: string;
  record_id: number;
  /** The deleted comment's author (null: a portal user's or unknown); read only for comments. */
  commentAuthorId?: number | null;
}

/** The author of the deleted comment in a comment deletion's payload (its own row, not a placeholder taken along). */
export function commentAuthorOf(payload: RecycledRows, recordId: number): number | null {
  const row = payload.comments?.find((c) => c.id === recordId);
  return typeof row?.user_id === 'number' ? row.user_id : null;
}

/** Why `user` may not restore `subject`, or null when they may. */
export function restoreRefusal(subject: RestoreSubject, user: Restorer): string | null {
  if (user.administrator === 1) return null;
  if (ADMIN_DELETED_TYPES.has(subject.record_type)) return `Only an administrator may restore a deleted ${subject.record_type}`;
  if (subject.record_type === 'Comment' && subject.commentAuthorId !== user.id)
    return `Only the author of comment ${subject.record_id} or an administrator may restore it`;
  return null;
}

/** Refuses (403) a restore `user` may not make. */
export function checkMayRestore(subject: RestoreSubject, user: Restorer): void {
  const refusal = restoreRefusal(subject, user);
  if (refusal) throw new StoreError('forbidden', refusal);
}
