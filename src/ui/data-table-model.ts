// The pure half of the DataTable: columns as data, sorting rows by a column's value, the sort a
// header click leads to, the `?sort=` text of a sort, and CSV text of the visible columns.
import type { ReactNode } from 'react';

export type CellValue = string | number | boolean | null | undefined;

export interface Column<T> {
  /** Stable id: the `?sort=` value and the React key. */
  id: string;
  /** Header text (also the CSV header). */
  header: string;
  cell: (row: T) => ReactNode;
  /** What the column sorts by; a column without one cannot be sorted. */
  sortValue?: (row: T) => CellValue;
  /** CSV text; defaults to `sortValue`. A column with neither (actions) is left out of the export. */
  csvValue?: (row: T) => CellValue;
  /** CSS width of the column, e.g. `8rem` or `14%`; the columns without one share the rest. */
  width?: string;
  align?: 'start' | 'end';
  /** Keep the header for assistive tech only (e.g. a column of row actions). */
  hideHeader?: boolean;
}

export type SortDirection = 'asc' | 'desc';
export interface SortState {
  column: string;
  direction: SortDirection;
}

/** `name` → ascending, `-name` → descending; anything else → null. */
export function parseSort(text: string | null | undefined): SortState | null {
  if (!text) return null;
  const desc = text.startsWith('-');
  const column = desc ? text.slice(1) : text;
  if (!/^[a-z][a-z0-9_]*$/i.test(column)) return null;
  return { column, direction: desc ? 'desc' : 'asc' };
}

export function formatSort(sort: SortState | null | undefined): string {
  if (!sort) return '';
  return sort.direction === 'desc' ? `-${sort.column}` : sort.column;
}

/** A header click: ascending first, then descending, then back to the service's order. */
export function nextSort(current: SortState | null | undefined, column: string): SortState | null {
  if (!current || current.column !== column) return { column, direction: 'asc' };
  if (current.direction === 'asc') return { column, direction: 'desc' };
  return null;
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

function compareValues(a: CellValue, b: CellValue): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return collator.compare(String(a), String(b));
}

const blank = (v: CellValue): boolean => v === null || v === undefined || v === '';

/**
 * The rows in the order of `sort` (a stable sort: equal values keep the service's order). Blank
 * values go last in both directions: a person sorting by estimate wants the estimated ones first.
 */
export function sortRows<T>(rows: readonly T[], columns: readonly Column<T>[], sort: SortState | null | undefined): T[] {
  const column = sort ? columns.find((c) => c.id === sort.column) : undefined;
  const value = column?.sortValue;
  if (!sort || !value) return [...rows];
  const sign = sort.direction === 'desc' ? -1 : 1;
  return rows
    .map((row, index) => ({ row, index, key: value(row) }))
    .sort((x, y) => {
      const bx = blank(x.key);
      const by = blank(y.key);
      if (bx || by) return bx === by ? x.index - y.index : bx ? 1 : -1;
      return sign * compareValues(x.key, y.key) || x.index - y.index;
    })
    .map((x) => x.row);
}

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. Text that a
 * spreadsheet would run as a formula (`=`, `+`, `-`, `@` first) gets a leading apostrophe.
 */
export function csvField(value: CellValue): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The exportable columns of `columns` over `rows`, header first, CRLF line ends. */
export function toCsv<T>(columns: readonly Column<T>[], rows: readonly T[]): string {
  const exported = columns.filter((c) => c.csvValue ?? c.sortValue);
  const lines = [exported.map((c) => csvField(c.header)).join(',')];
  for (const row of rows) {
    lines.push(exported.map((c) => csvField((c.csvValue ?? c.sortValue)?.(row))).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * The columns of a list the service orders (a sort the person picks from a menu, e.g. ideas by
 * trend): the headers stop being sort buttons, which would only reorder the page on screen against
 * that order, and the CSV keeps the values the sort values gave.
 */
export function serverOrdered<T>(columns: readonly Column<T>[]): Column<T>[] {
  return columns.map(({ sortValue, ...column }) => {
    const csvValue = column.csvValue ?? sortValue;
    return csvValue ? { ...column, csvValue } : column;
  });
}

/** The least room a column without a width gets (rem): a name column must not fold to a letter a line. */
export const FLEXIBLE_COLUMN_MIN_REM = 14;

/**
 * The narrowest the table can be drawn readably, in rem: its columns' widths (rem values; others count
 * as the flexible minimum) plus the flexible minimum for each column without one.
 */
export function minTableWidth(columns: readonly { width?: string | undefined }[]): number {
  let total = 0;
  for (const c of columns) {
    const rem = c.width?.endsWith('rem') ? Number.parseFloat(c.width) : Number.NaN;
    total += Number.isFinite(rem) ? rem : FLEXIBLE_COLUMN_MIN_REM;
  }
  return total;
}
