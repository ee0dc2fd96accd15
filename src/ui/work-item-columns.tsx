// Column definitions every list of planning records shares (features, epics, requirements,
// initiatives, goals, releases): key above a linked name, status pill, assignee, estimate,
// progress, tags as chips, release, initiative, dates, colour swatch. A screen picks the columns it
// shows; the cells read the same everywhere.
import type { CSSProperties } from 'react';
import { Link } from 'react-router-dom';
import { CommentCount } from './comment-count';
import type { Column } from './data-table-model';
import { TagList } from './detail-list';
import { formatDate, formatDateRange } from './format';
import { paths } from './paths';
import { ProgressBar } from './progress-bar';
import { StatusPill } from './status-pill';

type Status = { name: string; color: string; complete?: boolean; position?: number };
type Person = { name: string; email: string };

/** What the shared columns read; every list item has a subset of it. */
export interface WorkItemRow {
  id: string;
  name?: string | null | undefined;
  reference_num?: string | null | undefined;
  color?: string | null | undefined;
  workflow_status?: Status | null | undefined;
  assigned_to_user?: Person | null | undefined;
  initial_estimate_text?: string | null | undefined;
  initial_estimate?: number | null | undefined;
  progress?: number | null | undefined;
  tags?: readonly string[] | null | undefined;
  release?: { id: string; name: string; reference_num?: string } | null | undefined;
  initiative?: { id: string; name: string; reference_num: string } | null | undefined;
  start_date?: string | null | undefined;
  due_date?: string | null | undefined;
  end_date?: string | null | undefined;
  comments_count?: number | null | undefined;
}

export type WorkItemKind = 'feature' | 'epic' | 'requirement' | 'initiative' | 'goal' | 'release' | 'idea';

const NOUNS: Record<WorkItemKind, string> = {
  feature: 'Feature',
  epic: 'Epic',
  requirement: 'Requirement',
  initiative: 'Initiative',
  goal: 'Goal',
  release: 'Release',
  idea: 'Idea',
};

export const itemName = (row: WorkItemRow, kind: WorkItemKind): string => row.name ?? `${NOUNS[kind]} ${row.id}`;

/** Where a row links: records with keys in their URLs use the key, the others their id. */
export function itemHref(row: WorkItemRow, kind: WorkItemKind): string | null {
  const ref = row.reference_num ?? row.id;
  switch (kind) {
    case 'feature':
      return paths.feature(ref);
    case 'epic':
      return paths.epic(ref);
    case 'initiative':
      return paths.initiative(row.id);
    case 'goal':
      return paths.goal(row.id);
    case 'release':
      return paths.release(row.id);
    case 'idea':
      return paths.idea(ref);
    case 'requirement':
      return null;
  }
}

const muted = (text: string) => <span className="muted">{text}</span>;

/** A colour from the service, only when it is a plain hex colour. */
function swatchStyle(color: string | null | undefined): CSSProperties | undefined {
  return color && /^#[0-9a-f]{3,8}$/i.test(color) ? { background: color } : undefined;
}

/** Key above the linked name (the link's name is the record's name alone). */
export function keyNameColumn<T extends WorkItemRow>(kind: WorkItemKind, header = 'Name'): Column<T> {
  return {
    id: 'name',
    header,
    sortValue: (r) => r.name,
    csvValue: (r) => [r.reference_num, r.name].filter(Boolean).join(' '),
    cell: (r) => {
      const name = itemName(r, kind);
      const href = itemHref(r, kind);
      const swatch = swatchStyle(r.color);
      return (
        <>
          {r.reference_num ? <span className="cell-key">{r.reference_num}</span> : null}
          <span className="cell-title">
            {swatch ? <span className="swatch" style={swatch} aria-hidden="true" /> : null}
            {href ? <Link to={href}>{name}</Link> : name}
          </span>
        </>
      );
    },
  };
}

export function statusColumn<T extends WorkItemRow>(): Column<T> {
  return {
    id: 'status',
    header: 'Status',
    width: '11rem',
    // Workflow order, not the alphabet: "New" before "Shipped".
    sortValue: (r) => r.workflow_status?.position ?? r.workflow_status?.name,
    csvValue: (r) => r.workflow_status?.name,
    cell: (r) => <StatusPill status={r.workflow_status ?? null} />,
  };
}

export function assigneeColumn<T extends WorkItemRow>(): Column<T> {
  return {
    id: 'assignee',
    header: 'Assignee',
    width: '8.5rem',
    sortValue: (r) => (r.assigned_to_user ? r.assigned_to_user.name || r.assigned_to_user.email : null),
    cell: (r) => (r.assigned_to_user ? r.assigned_to_user.name || r.assigned_to_user.email : muted('Unassigned')),
  };
}

export function estimateColumn<T extends WorkItemRow>(): Column<T> {
  return {
    id: 'estimate',
    header: 'Estimate',
    width: '5.5rem',
    align: 'end',
    sortValue: (r) => r.initial_estimate ?? null,
    csvValue: (r) => r.initial_estimate_text,
    cell: (r) => r.initial_estimate_text ?? muted('—'),
  };
}

export function progressColumn<T extends WorkItemRow>(kind: WorkItemKind): Column<T> {
  return {
    id: 'progress',
    header: 'Progress',
    width: '8.5rem',
    sortValue: (r) => r.progress,
    cell: (r) => <ProgressBar value={r.progress ?? null} size="sm" label={`Progress of ${itemName(r, kind)}`} />,
  };
}

export function tagsColumn<T extends WorkItemRow>(): Column<T> {
  return {
    id: 'tags',
    header: 'Tags',
    width: '12rem',
    csvValue: (r) => (r.tags ?? []).join(', '),
    cell: (r) => <TagList tags={r.tags} />,
  };
}

/** A linked record the row belongs to (its release, its initiative), by name. */
function linkColumn<T extends WorkItemRow>(id: string, header: string, link: (row: T) => { name: string; href: string } | null): Column<T> {
  return {
    id,
    header,
    width: '10rem',
    sortValue: (r) => link(r)?.name,
    cell: (r) => {
      const target = link(r);
      return target ? <Link to={target.href}>{target.name}</Link> : muted('—');
    },
  };
}

export const releaseColumn = <T extends WorkItemRow>() =>
  linkColumn<T>('release', 'Release', (r) => (r.release ? { name: r.release.name, href: paths.release(r.release.id) } : null));

export const initiativeColumn = <T extends WorkItemRow>() =>
  linkColumn<T>('initiative', 'Initiative', (r) =>
    r.initiative ? { name: r.initiative.name, href: paths.initiative(r.initiative.id) } : null,
  );

const rangeFormat = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
const utc = (iso: string): Date => new Date(`${iso.slice(0, 10)}T00:00:00Z`);

/** "Aug 23 – Dec 6, 2026": the year once when both ends share it, so the range fits its column. */
export function compactDateRange(start: string | null | undefined, end: string | null | undefined): string {
  if (!start && !end) return '—';
  if (start && end && !Number.isNaN(utc(start).getTime()) && !Number.isNaN(utc(end).getTime()) && start <= end) {
    return rangeFormat.formatRange(utc(start), utc(end));
  }
  return formatDateRange(start, end);
}

export function datesColumn<T extends WorkItemRow>(header = 'Dates'): Column<T> {
  return {
    id: 'dates',
    header,
    width: '10.5rem',
    sortValue: (r) => r.start_date ?? r.due_date ?? r.end_date,
    csvValue: (r) => compactDateRange(r.start_date, r.due_date ?? r.end_date),
    cell: (r) => {
      const text = compactDateRange(r.start_date, r.due_date ?? r.end_date);
      return text === '—' ? muted('—') : text;
    },
  };
}

/** One date of a record (e.g. a release date). */
export function dateColumn<T extends WorkItemRow>(id: string, header: string, value: (row: T) => string | null | undefined): Column<T> {
  return {
    id,
    header,
    width: '8.5rem',
    sortValue: value,
    cell: (r) => <span className="nowrap">{formatDate(value(r))}</span>,
  };
}

/** A plain number (effort, value, counts). */
export function numberColumn<T extends WorkItemRow>(id: string, header: string, value: (row: T) => number | null | undefined): Column<T> {
  return {
    id,
    header,
    width: `${Math.max(5.5, header.length * 0.6 + 2)}rem`,
    align: 'end',
    sortValue: value,
    cell: (r) => value(r) ?? muted('—'),
  };
}

/**
 * How many comments (the list must ask for `comments_count` in its `fields`). The header is for
 * assistive tech only: the bubble says what the number is, and lists are already tight for names.
 */
export function commentsColumn<T extends WorkItemRow>(): Column<T> {
  return {
    id: 'comments',
    header: 'Comments',
    hideHeader: true,
    width: '4.5rem',
    align: 'end',
    sortValue: (r) => r.comments_count ?? 0,
    csvValue: (r) => String(r.comments_count ?? 0),
    cell: (r) => <CommentCount count={r.comments_count} />,
  };
}

/** The columns of a record's child list (an epic's or a release's features): who, how far, how big. */
export function childItemColumns<T extends WorkItemRow>(kind: WorkItemKind, header: string): Column<T>[] {
  return [keyNameColumn<T>(kind, header), statusColumn<T>(), assigneeColumn<T>(), progressColumn<T>(kind), estimateColumn<T>()];
}
