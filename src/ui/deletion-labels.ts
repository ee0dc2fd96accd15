// The recycle bin in words: kinds as a person names them ("Release phase", "Note"), what came with a
// deletion ("12 requirements, 3 comments"), how long it can still be restored, what a delete and a
// restore say in their toasts, why a link did not come back, and where a restored record's page is.
// Pure, so the bin screen, its restore dialog and the undo toast read the same.
import { ApiError } from '../api/client';
import { RESTORE_WINDOW_DAYS } from '../contract/deletions';
import { kindNouns } from './kind-nouns';
import { paths } from './paths';

const capital = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** `ReleasePhase` → "Release phase", `Page` → "Note". */
export function deletionTypeLabel(type: string): string {
  return capital(kindNouns(type)[0]);
}

/** `Requirement`, 12 → "12 requirements"; 1 → "1 requirement". */
export function countOf(type: string, count: number): string {
  const [one, many] = kindNouns(type);
  return `${count} ${count === 1 ? one : many}`;
}

type Contents = readonly { type: string; count: number }[] | undefined;

/** What came with a deletion, for a table cell: "12 requirements, 3 comments"; '' when nothing did. */
export function contentsSummary(contents: Contents): string {
  return (contents ?? [])
    .filter((c) => c.count > 0)
    .map((c) => countOf(c.type, c.count))
    .join(', ');
}

/** "a", "a and b", "a, b and c". */
export function inWords(parts: readonly string[]): string {
  if (parts.length <= 1) return parts[0] ?? '';
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1] ?? ''}`;
}

const DAY_MS = 86_400_000;

export interface TimeLeft {
  /** Whole days left, rounded up (0 once the window has closed). */
  days: number;
  /** "30 days", "1 day", "Less than a day", "Expired". */
  text: string;
  /** Three days or fewer: the screen warns. */
  soon: boolean;
}

/**
 * How long a deletion can still be restored: until `restorable_until`, or the spec's 30 days after
 * `deleted_at` when the service did not say. A deletion made a moment ago reads "30 days".
 */
export function timeLeft(deletion: { deleted_at: string; restorable_until?: string | undefined }, now: number = Date.now()): TimeLeft {
  const until = deletion.restorable_until
    ? Date.parse(deletion.restorable_until)
    : Date.parse(deletion.deleted_at) + RESTORE_WINDOW_DAYS * DAY_MS;
  const ms = until - now;
  if (Number.isNaN(ms) || ms <= 0) return { days: 0, text: 'Expired', soon: true };
  const days = Math.ceil(ms / DAY_MS);
  if (ms < DAY_MS) return { days, text: 'Less than a day', soon: true };
  return { days, text: `${days} day${days === 1 ? '' : 's'}`, soon: days <= 3 };
}

interface RecordRef {
  type: string;
  name: string | null;
  reference_num: string | null;
}

/** "epic PLN-E-3 “Offline mode”", "comment “Looks good”", "portal user" (lower case, for a sentence). */
export function recordInWords({ type, name, reference_num }: RecordRef): string {
  return [kindNouns(type)[0], reference_num, name ? `“${name}”` : null].filter(Boolean).join(' ');
}

/** " with 3 requirements and 2 comments", or nothing. */
function withContents(contents: Contents): string {
  const parts = (contents ?? []).filter((c) => c.count > 0).map((c) => countOf(c.type, c.count));
  return parts.length > 0 ? ` with ${inWords(parts)}` : '';
}

/** The undo toast after a delete: "Deleted feature PLN-12 “Sync” with 3 requirements and 1 comment." */
export function deletedMessage(deletion: { record: RecordRef; contents?: Contents }): string {
  return `Deleted ${recordInWords(deletion.record)}${withContents(deletion.contents)}.`;
}

interface RestoreResult {
  restored: readonly RecordRef[];
  contents: Contents;
  unrestored_links: readonly unknown[];
}

/**
 * What a restore says: "Restored epic PLN-E-3 “Offline mode” with 2 comments." and, when links
 * could not come back, how many (the dialog lists them; a toast only counts).
 */
export function restoredMessage(answer: RestoreResult): string {
  const [first] = answer.restored;
  const own = first ? recordInWords(first) : 'the record';
  // `contents` counts every restored record by kind, the first one included.
  const others = (answer.contents ?? []).map((c) => ({ ...c, count: first && c.type === first.type ? c.count - 1 : c.count }));
  const lost = answer.unrestored_links.length;
  const links = lost > 0 ? ` ${lost === 1 ? '1 link' : `${lost} links`} could not be put back.` : '';
  return `Restored ${own}${withContents(others)}.${links}`;
}

/** Why a link did not come back, after "<link>: ". */
export function unrestoredReason(link: { reason: string; deletion_id: string | null }): string {
  switch (link.reason) {
    case 'deleted':
      return link.deletion_id
        ? `the record at its other end is in the recycle bin (deletion ${link.deletion_id})`
        : 'the record at its other end is in the recycle bin';
    case 'missing':
      return 'the record at its other end no longer exists';
    case 'changed':
      return 'the record at its other end has been linked elsewhere since';
    default:
      return link.reason;
  }
}

/** The restored records grouped by kind, in the order they came (the deleted record's kind first). */
export function groupByKind<T extends { type: string }>(records: readonly T[]): { type: string; label: string; records: T[] }[] {
  const groups = new Map<string, T[]>();
  for (const record of records) {
    const group = groups.get(record.type);
    if (group) group.push(record);
    else groups.set(record.type, [record]);
  }
  return [...groups].map(([type, list]) => ({ type, label: capital(countOf(type, list.length)), records: list }));
}

/**
 * What a refused restore says: the service's field messages (a 422 names the parent that is itself
 * deleted, or the closed window), else its message.
 */
export function restoreProblem(error: unknown): string {
  if (error instanceof ApiError) {
    const messages = Object.values(error.fieldErrors).flat();
    return messages.length > 0 ? messages.join(' ') : error.message;
  }
  return error instanceof Error && error.message ? error.message : 'The restore failed.';
}

/**
 * The page of a restored record (a record page takes its id or key), or null for kinds without a
 * page of their own (requirements, phases, comments, votes, portal users). A note's page needs its
 * workspace.
 */
export function restoredHref(
  record: { type: string; id: string; reference_num: string | null },
  productId: string | null | undefined,
): string | null {
  const ref = record.reference_num ?? record.id;
  switch (record.type) {
    case 'Feature':
      return paths.feature(ref);
    case 'Epic':
      return paths.epic(ref);
    case 'Release':
      return paths.release(record.id);
    case 'Initiative':
      return paths.initiative(record.id);
    case 'Goal':
      return paths.goal(record.id);
    case 'Idea':
      return paths.idea(ref);
    case 'Page':
      return productId ? paths.note(productId, ref) : null;
    default:
      return null;
  }
}
