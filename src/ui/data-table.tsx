// The one table of the app: columns declared as data (header, cell, sort value, width, alignment),
// sortable headers with `aria-sort`, rows virtualised against the page's own scroll once a list is
// long (virtual-rows.tsx, loaded then; still a real <table>), CSV export of the
// visible columns, and the loading skeleton, error and empty state built in.
import { lazy, Suspense, useEffect, useRef, useState, type HTMLAttributes, type ReactNode } from 'react';
import type { Pagination } from '../contract/common';
import { Button } from './button';
import { minTableWidth, nextSort, sortRows, toCsv, type Column, type SortState } from './data-table-model';
import { LoadGate, type LoadState } from './load-state';
import { Pager } from './pager';
import './data-table.css';

export type { Column, SortState } from './data-table-model';

// Only long tables need the virtualiser: it loads with the first one (all rows are drawn meanwhile).
const VirtualRows = lazy(async () => ({ default: (await import('./virtual-rows')).VirtualRows }));

export interface DataTableProps<T> {
  /** Accessible name of the table. */
  label: string;
  columns: readonly Column<T>[];
  /** Undefined while the first page loads. */
  rows: readonly T[] | undefined;
  /** Defaults to the row's `id`. */
  rowKey?: (row: T) => string;
  /** The query the rows come from: its pending and error states are shown in place of the table. */
  state?: LoadState;
  /** Noun for the loading text, e.g. "features". */
  noun?: string;
  /** Beside "Try again" when loading failed. */
  errorAction?: ReactNode;
  /** Shown instead of the table when there are no rows (usually an EmptyState). */
  empty?: ReactNode;
  /** Controlled sort (e.g. from the URL); without `onSortChange` the table keeps its own. */
  sort?: SortState | null;
  onSortChange?: (sort: SortState | null) => void;
  /** The rows arrive sorted (the service sorted them): headers still say so, nothing is reordered. */
  serverSort?: boolean;
  /** Rows are rendered only near the viewport once there are more than `virtualizeFrom`. */
  virtualizeFrom?: number;
  /** Estimated row height for the virtualiser; rows are measured once drawn. */
  rowHeight?: number;
  /** File name (without `.csv`) of the "Export CSV" button; no button without it. */
  exportName?: string;
  /** The rows the CSV holds when they are more than those shown (every page fetched so far). */
  exportRows?: readonly T[];
  /** Left of the toolbar, e.g. a count or a hint. */
  summary?: ReactNode;
  /** Server paging: a Pager under the table, and a note that sorting orders the page on screen. */
  paging?: { pagination: Pagination | undefined; onPageChange: (page: number) => void; label: string; disabled?: boolean };
  /** A card of its own (list screens); inside a PagedSection the section is the card. */
  framed?: boolean;
  /** `treegrid` for a tree of rows (with `rowProps` carrying aria-level …). */
  role?: 'table' | 'treegrid';
  rowProps?: (row: T) => HTMLAttributes<HTMLTableRowElement>;
  /** A heading row before the row when this returns text (e.g. "Parking lot"). */
  groupOf?: (row: T, previous: T | undefined) => string | null;
  /** Placeholder data is on screen while the next page loads (default: the state is fetching). */
  busy?: boolean;
  compact?: boolean;
}

/** Rows of the planning API carry an `id`. */
function idOf(row: unknown): string {
  return typeof row === 'object' && row !== null && 'id' in row ? String(row.id) : JSON.stringify(row);
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

export function DataTable<T>(props: DataTableProps<T>) {
  const { state, rows, empty, framed = false, noun = 'rows' } = props;
  const body =
    state && (state.isPending || state.isError) ? (
      <LoadGate state={state} label={`Loading ${noun}…`} rows={6} errorAction={props.errorAction}>
        {null}
      </LoadGate>
    ) : !rows || rows.length === 0 ? (
      (empty ?? null)
    ) : (
      <Table {...props} rows={rows} />
    );
  const busy = (props.busy ?? state?.isFetching) || undefined;
  // A list screen's table is a landmark named like the table, so its state (empty, loading) is too.
  return framed ? (
    <section className="data-table data-table--framed" aria-label={props.label} aria-busy={busy}>
      {body}
    </section>
  ) : (
    <div className="data-table" aria-busy={busy}>
      {body}
    </div>
  );
}

function Table<T>({
  label,
  columns,
  rows,
  rowKey = idOf,
  sort: controlledSort,
  onSortChange,
  serverSort = false,
  virtualizeFrom = 60,
  rowHeight = 48,
  exportName,
  exportRows,
  summary,
  paging,
  noun = 'rows',
  role,
  rowProps,
  groupOf,
  compact = false,
}: DataTableProps<T> & { rows: readonly T[] }) {
  const [ownSort, setOwnSort] = useState<SortState | null>(null);
  const sort = onSortChange ? (controlledSort ?? null) : ownSort;
  const setSort = onSortChange ?? setOwnSort;
  const shown = serverSort ? [...rows] : sortRows(rows, columns, sort);

  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const wrapRef = useRef<HTMLDivElement>(null);
  const minWidth = minTableWidth(columns);
  const wide = useWiderThan(wrapRef, minWidth);
  const virtual = shown.length > virtualizeFrom && !groupOf;

  // The service does not sort: a header orders the page on screen, and says so when there are more.
  const note =
    summary ??
    (paging?.pagination && paging.pagination.total_pages > 1 && columns.some((c) => c.sortValue)
      ? `Sorting orders the ${noun} of this page.`
      : null);

  const exportCsv = () => {
    const blob = new Blob([toCsv(columns, exportRows ?? shown)], { type: 'text/csv;charset=utf-8' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = `${exportName ?? 'export'}.csv`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };

  const drawRows = (indexes: number[], measure: ((el: Element | null) => void) | undefined): ReactNode =>
    indexes.map((index) => {
      const row = shown[index];
      if (row === undefined) return null;
      // Groups follow the service's order; once sorted by a column they would mislead.
      const group = sort ? null : groupOf?.(row, shown[index - 1]);
      const extra = rowProps?.(row);
      return [
        group ? (
          <tr key={`group-${index}`} className="data-table__group">
            <th scope="colgroup" colSpan={columns.length}>
              {group}
            </th>
          </tr>
        ) : null,
        <tr key={rowKey(row)} {...extra} data-index={index} ref={measure} aria-rowindex={virtual ? index + 2 : undefined}>
          {columns.map((c) => (
            <td key={c.id} className={c.align === 'end' ? 'cell-num' : undefined}>
              {c.cell(row)}
            </td>
          ))}
        </tr>,
      ];
    });
  const everyRow = (): ReactNode =>
    drawRows(
      shown.map((_, i) => i),
      undefined,
    );

  return (
    <>
      {note || exportName ? (
        <div className="data-table__toolbar">
          <div className="data-table__summary">{note}</div>
          {exportName ? (
            <Button size="sm" variant="ghost" onClick={exportCsv}>
              Export CSV
            </Button>
          ) : null}
        </div>
      ) : null}
      <div ref={wrapRef} className={`data-table__wrap${wide ? ' data-table__wrap--scroll' : ''}`}>
        <table
          className={`table data-table__table${compact ? ' table--compact' : ''}`}
          style={{ minWidth: `${minWidth}rem` }}
          aria-label={label}
          role={role === 'treegrid' ? 'treegrid' : undefined}
          aria-rowcount={virtual ? shown.length + 1 : undefined}
        >
          <colgroup>
            {columns.map((c) => (
              <col key={c.id} style={c.width ? { width: c.width } : undefined} />
            ))}
          </colgroup>
          <thead>
            <tr aria-rowindex={virtual ? 1 : undefined}>
              {columns.map((c) => (
                <HeaderCell key={c.id} column={c} sort={sort} onSort={() => setSort(nextSort(sort, c.id))} />
              ))}
            </tr>
          </thead>
          <tbody ref={bodyRef}>
            {virtual ? (
              <Suspense fallback={everyRow()}>
                <VirtualRows count={shown.length} rowHeight={rowHeight} bodyRef={bodyRef} span={columns.length}>
                  {drawRows}
                </VirtualRows>
              </Suspense>
            ) : (
              everyRow()
            )}
          </tbody>
        </table>
      </div>
      {paging?.pagination ? (
        <div className="data-table__footer">
          <Pager
            pagination={paging.pagination}
            onPageChange={paging.onPageChange}
            noun={noun}
            label={paging.label}
            disabled={paging.disabled}
          />
        </div>
      ) : null}
    </>
  );
}

function HeaderCell<T>({ column: c, sort, onSort }: { column: Column<T>; sort: SortState | null; onSort: () => void }) {
  const className = c.align === 'end' ? 'cell-num' : undefined;
  if (c.hideHeader) {
    return (
      <th scope="col" className={className}>
        <span className="visually-hidden">{c.header}</span>
      </th>
    );
  }
  if (!c.sortValue) {
    return (
      <th scope="col" className={className}>
        {c.header}
      </th>
    );
  }
  const direction = sort?.column === c.id ? sort.direction : null;
  return (
    <th scope="col" className={className} aria-sort={direction ? ARIA_SORT[direction] : 'none'}>
      <button type="button" className="data-table__sort" onClick={onSort}>
        {c.header}
        <span className="data-table__arrow" aria-hidden="true">
          {direction === 'asc' ? '▲' : direction === 'desc' ? '▼' : '↕'}
        </span>
      </button>
    </th>
  );
}

/**
 * Whether the table needs more room than its frame has (its columns' widths and a readable minimum for
 * the flexible ones, `minTableWidth`): only then does the frame scroll sideways, since a scrolling
 * frame stops the header sticking to the page.
 */
function useWiderThan(ref: { current: HTMLElement | null }, minRem: number): boolean {
  const [wide, setWide] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
    const check = () => setWide(el.clientWidth < minRem * rem);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, minRem]);
  return wide;
}
