// The pure half of the comments panel (./comments-panel.tsx): comments as the service pages them,
// grouped back into threads; who may change a comment; how long ago, in words; initials for the
// avatar; and the order a person last chose, remembered per user in localStorage.
import type { Comment } from '../contract/comments';

/** A top-level comment and its replies (oldest first), as the service orders them. */
export interface Thread {
  comment: Comment;
  replies: Comment[];
}

/**
 * The loaded pages as threads. The service lists each thread whole and in order (its top-level
 * comment, then its replies), but a page may end inside a thread: the replies on the next page join
 * the thread they belong to. A reply whose comment is not loaded (cannot happen in thread order)
 * is kept as a thread of its own rather than dropped.
 */
export function groupThreads(comments: readonly Comment[]): Thread[] {
  const threads: Thread[] = [];
  const byId = new Map<string, Thread>();
  for (const comment of comments) {
    const parent = comment.parent_comment_id === null ? undefined : byId.get(comment.parent_comment_id);
    if (parent) {
      // A page fetched again after a write can repeat a comment already seen: keep one.
      if (!parent.replies.some((r) => r.id === comment.id)) parent.replies.push(comment);
      continue;
    }
    if (byId.has(comment.id)) continue;
    const thread = { comment, replies: [] };
    threads.push(thread);
    byId.set(comment.id, thread);
  }
  return threads;
}

/** The people a comment's actions depend on: the signed-in user, and whether they administer. */
export interface Viewer {
  id: string;
  administrator: boolean;
}

/** The author or an administrator may edit or delete a comment (the service's rule); a deleted one takes neither. */
export const canChange = (comment: Comment, viewer: Viewer | undefined): boolean =>
  !comment.deleted && viewer !== undefined && (viewer.administrator || comment.user?.id === viewer.id);

/** Replies hang from top-level comments only, and not from a deleted one's placeholder. */
export const canReply = (comment: Comment): boolean => comment.parent_comment_id === null && !comment.deleted;

/** Edited: its body changed after it was written (the service moves `updated_at` only then). */
export const isEdited = (comment: Comment): boolean => !comment.deleted && Date.parse(comment.updated_at) > Date.parse(comment.created_at);

/** Up to two initials of a name ("Ada Lovelace" → "AL", "cher" → "C"); "?" for no name. */
export function initials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

// Made once: a formatter costs far more to build than to use, and a thread formats two times a comment.
const RELATIVE = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const EXACT = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** "just now", "5 minutes ago", "yesterday", "3 weeks ago" (English, as the rest of the app). */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  if (Number.isNaN(seconds)) return '';
  if (Math.abs(seconds) < 45) return 'just now';
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return RELATIVE.format(Math.round(seconds / size), unit);
  }
  return RELATIVE.format(Math.round(seconds / 60), 'minute');
}

/** The exact time for the tooltip: "25 Nov 2026, 19:22". */
export function exactTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return EXACT.format(date);
}

/** The order a person last chose lives with the thread's query (the route loaders read it too). */
export { readOrder, saveOrder } from '../api/comments';

/**
 * Who wrote a comment, as the panel names them: a user of the service, or someone who wrote in the
 * ideas portal (issue 15); a user since removed is "A former user".
 */
export function authorName(comment: Pick<Comment, 'user' | 'portal_user'>): string {
  return comment.user?.name ?? comment.portal_user?.name ?? 'A former user';
}
