// @vitest-environment jsdom
// The DataTable as a person meets it: headers sort the rows and say so (aria-sort), blanks stay
// last, the CSV holds the visible columns safely quoted, the empty state and the skeleton show in
// place of the table, and a long list renders only the rows near the viewport.
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { DataTable } from './data-table';
import { FLEXIBLE_COLUMN_MIN_REM, csvField, minTableWidth, nextSort, parseSort, sortRows, toCsv, type Column } from './data-table-model';

afterEach(cleanup);

interface Row {
  id: string;
  name: string;
  estimate: number | null;
}

const columns: Column<Row>[] = [
  { id: 'name', header: 'Name', sortValue: (r) => r.name, cell: (r) => r.name },
  { id: 'estimate', header: 'Estimate', align: 'end', sortValue: (r) => r.estimate, cell: (r) => r.estimate ?? '—' },
  { id: 'actions', header: 'Actions', hideHeader: true, cell: () => <button type="button">Delete</button> },
];

const rows: Row[] = [
  { id: '1', name: 'Feature 10', estimate: null },
  { id: '2', name: 'feature 2', estimate: 5 },
  { id: '3', name: 'Audit', estimate: 13 },
];

describe('sorting', () => {
  it('orders text naturally and case-blind, numbers as numbers, blanks last both ways', () => {
    expect(sortRows(rows, columns, { column: 'name', direction: 'asc' }).map((r) => r.id)).toEqual(['3', '2', '1']);
    expect(sortRows(rows, columns, { column: 'estimate', direction: 'asc' }).map((r) => r.id)).toEqual(['2', '3', '1']);
    expect(sortRows(rows, columns, { column: 'estimate', direction: 'desc' }).map((r) => r.id)).toEqual(['3', '2', '1']);
    expect(sortRows(rows, columns, null).map((r) => r.id)).toEqual(['1', '2', '3']);
    expect(sortRows(rows, columns, { column: 'nope', direction: 'asc' }).map((r) => r.id)).toEqual(['1', '2', '3']);
  });

  it('cycles a header through ascending, descending and the service order', () => {
    expect(nextSort(null, 'name')).toEqual({ column: 'name', direction: 'asc' });
    expect(nextSort({ column: 'name', direction: 'asc' }, 'name')).toEqual({ column: 'name', direction: 'desc' });
    expect(nextSort({ column: 'name', direction: 'desc' }, 'name')).toBeNull();
    expect(nextSort({ column: 'name', direction: 'desc' }, 'estimate')).toEqual({ column: 'estimate', direction: 'asc' });
    expect(parseSort('-estimate')).toEqual({ column: 'estimate', direction: 'desc' });
    expect(parseSort('drop table')).toBeNull();
  });

  it('sorts on a header click and marks the header with aria-sort', async () => {
    const user = userEvent.setup();
    render(<DataTable label="Features" columns={columns} rows={rows} />);
    const table = screen.getByRole('table', { name: 'Features' });
    const names = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => (r as HTMLTableRowElement).cells[0]?.textContent);
    expect(names()).toEqual(['Feature 10', 'feature 2', 'Audit']);

    await user.click(screen.getByRole('button', { name: /Estimate/ }));
    expect(screen.getByRole('columnheader', { name: /Estimate/ }).getAttribute('aria-sort')).toBe('ascending');
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('none');
    expect(names()).toEqual(['feature 2', 'Audit', 'Feature 10']);

    await user.click(screen.getByRole('button', { name: /Estimate/ }));
    expect(screen.getByRole('columnheader', { name: /Estimate/ }).getAttribute('aria-sort')).toBe('descending');
    expect(names()).toEqual(['Audit', 'feature 2', 'Feature 10']);
    // A column without a sort value has no sort button and no aria-sort.
    expect(screen.getByRole('columnheader', { name: 'Actions' }).hasAttribute('aria-sort')).toBe(false);
  });
});

describe('width', () => {
  it('keeps a readable minimum for columns without a width, so a name column never folds to a letter a line', () => {
    expect(minTableWidth([{ width: '8.5rem' }, {}, { width: '4.5rem' }])).toBe(13 + FLEXIBLE_COLUMN_MIN_REM);
    // Widths in other units count as flexible.
    expect(minTableWidth([{ width: '40%' }])).toBe(FLEXIBLE_COLUMN_MIN_REM);
  });
});

describe('CSV', () => {
  it('exports the columns with values, header first, quoting what needs it', () => {
    expect(toCsv(columns, [{ id: '9', name: 'Say "hi", then go', estimate: 3 }])).toBe('Name,Estimate\r\n"Say ""hi"", then go",3\r\n');
    expect(toCsv(columns, [])).toBe('Name,Estimate\r\n');
  });

  it('defuses text a spreadsheet would run as a formula, but not numbers', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField(-5)).toBe('-5');
    expect(csvField(null)).toBe('');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
  });
});

describe('states', () => {
  const idle = { isPending: false, isError: false, error: null, isFetching: false, refetch: () => undefined };

  it('shows the empty state instead of an empty table, and a skeleton while loading', () => {
    const { rerender } = render(<DataTable label="Features" columns={columns} rows={[]} state={idle} empty={<p>Nothing yet</p>} />);
    expect(screen.getByText('Nothing yet')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    rerender(<DataTable label="Features" noun="features" columns={columns} rows={undefined} state={{ ...idle, isPending: true }} />);
    expect(screen.getByRole('status').textContent).toContain('Loading features…');
  });

  it('renders only the rows near the viewport of a long list, keeping the row count for assistive tech', async () => {
    const many = Array.from({ length: 500 }, (_, i) => ({ id: String(i), name: `Row ${i}`, estimate: i }));
    render(<DataTable label="Many" columns={columns} rows={many} rowHeight={40} />);
    const table = screen.getByRole('table', { name: 'Many' });
    expect(table.getAttribute('aria-rowcount')).toBe('501');
    // The virtualiser is its own chunk: every row is drawn until it has loaded.
    // jsdom measures drawn rows as 0 px tall, so more fit than on screen; still far from all 500.
    await waitFor(() => expect(within(table).getAllByRole('row').length).toBeLessThan(many.length), { timeout: 10_000 });
    expect(within(table).getAllByRole('row').length).toBeGreaterThan(1);
  });
});
