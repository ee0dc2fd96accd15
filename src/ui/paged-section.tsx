// A titled section of a record page holding one list with its own paging: the count in the
// heading, an optional "new …" action, the list (usually a DataTable with its empty state, or "This
// page is empty" for a later page that came back empty) and a pager when there is more than one page.
import type { ReactNode } from 'react';
import { paginationSchema, type Pagination } from '../contract/common';
import { CountBadge } from './count-badge';
import { DataTable } from './data-table';
import { EmptyState } from './empty-state';
import type { Column } from './data-table-model';
import type { LoadState } from './load-state';
import { Pager } from './pager';
import './paged-section.css';

export interface PagedSectionProps {
  /** Id of the heading (the section is labelled by it). */
  id: string;
  title: string;
  /** Shown as a badge beside the title once known. */
  count?: number | null;
  /** Quiet text on the right of the heading, e.g. "1 of 2 complete". */
  aside?: ReactNode;
  /** Usually a small ButtonLink "New …". */
  action?: ReactNode;
  children: ReactNode;
  /** Server paging of the list; no pager when it fits one page. */
  pagination?: Pagination | undefined;
  onPageChange?: (page: number) => void;
  /** Plural noun for the pager ("features"). */
  noun?: string;
  /** The next page is loading. */
  paging?: boolean;
}

export function PagedSection({
  id,
  title,
  count,
  aside,
  action,
  children,
  pagination,
  onPageChange,
  noun = 'records',
  paging = false,
}: PagedSectionProps) {
  return (
    <section className="paged-section" aria-labelledby={id}>
      <div className="paged-section__header">
        <h2 id={id} className="paged-section__title">
          {title}
          {count === null || count === undefined ? null : <CountBadge>{count}</CountBadge>}
        </h2>
        {aside ? <span className="paged-section__aside">{aside}</span> : null}
        {action ? <div className="paged-section__action">{action}</div> : null}
      </div>
      {children}
      {pagination && onPageChange && pagination.total_pages > 1 ? (
        <Pager pagination={pagination} onPageChange={onPageChange} noun={noun} label={`Pages of ${noun}`} disabled={paging} />
      ) : null}
    </section>
  );
}

export interface PagedTableProps<T> extends Omit<PagedSectionProps, 'children' | 'pagination' | 'paging'> {
  /** Accessible name of the table, e.g. "Features of PLN-E-1". */
  label: string;
  columns: readonly Column<T>[];
  rows: readonly T[] | undefined;
  rowKey?: (row: T) => string;
  /** The list's query; its pagination (when it has one) drives the pager. */
  state: LoadState & { data?: unknown; isPlaceholderData?: boolean };
  /** Shown when the list is empty (usually a compact EmptyState); a later page says it is empty instead. */
  empty: ReactNode;
}

/** The `pagination` of a page envelope; lists without one (a tree) have no pager. */
function paginationOf(data: unknown): Pagination | undefined {
  if (typeof data !== 'object' || data === null || !('pagination' in data)) return undefined;
  const parsed = paginationSchema.safeParse(data.pagination);
  return parsed.success ? parsed.data : undefined;
}

/** A PagedSection holding one compact DataTable: the common case on record pages. */
export function PagedTable<T>({ label, columns, rows, rowKey, state, empty, noun = 'records', ...section }: PagedTableProps<T>) {
  const pagination = paginationOf(state.data);
  // Records removed meanwhile can leave the page one stood on empty; the pager still leads back.
  const laterPage = (pagination?.current_page ?? 1) > 1;
  return (
    <PagedSection noun={noun} pagination={pagination} paging={state.isPlaceholderData} {...section}>
      <DataTable
        compact
        label={label}
        noun={noun}
        columns={columns}
        rows={rows}
        rowKey={rowKey}
        state={state}
        empty={laterPage ? <EmptyState compact title="This page is empty" /> : empty}
      />
    </PagedSection>
  );
}
