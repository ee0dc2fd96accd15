// The epics table of both lists (a workspace's and the account's), on the kit's DataTable with the
// shared work-item columns. The account list adds a Workspace column; the workspace list shows the
// initiative instead.
import type { ReactNode } from 'react';
import type { EpicListItem } from '../../contract/epics';
import type { Pagination } from '../../contract/common';
import { DataTable, type Column, type SortState } from '../../ui/data-table';
import type { LoadState } from '../../ui/load-state';
import {
  assigneeColumn,
  commentsColumn,
  datesColumn,
  initiativeColumn,
  keyNameColumn,
  progressColumn,
  releaseColumn,
  statusColumn,
} from '../../ui/work-item-columns';

const featuresColumn: Column<EpicListItem> = {
  id: 'features',
  header: 'Features',
  width: '6.5rem',
  align: 'end',
  sortValue: (e) => e.features_count,
  csvValue: (e) => (e.features_count === undefined ? null : `${e.features_completed_count ?? 0}/${e.features_count}`),
  cell: (e) => {
    const total = e.features_count;
    if (total === undefined) return <span className="muted">—</span>;
    if (total === 0) return <span className="muted">None</span>;
    return (
      <span
        title={`${e.features_completed_count ?? 0} of ${total} features complete`}
      >{`${e.features_completed_count ?? 0} / ${total}`}</span>
    );
  },
};

/** The columns of a list; `workspaceOf` (the account list) puts a Workspace column first instead of Initiative. */
export function epicColumns(
  workspaceOf?: (productId: string | undefined) => { name: string; prefix: string } | null,
): Column<EpicListItem>[] {
  const workspace: Column<EpicListItem> = {
    id: 'workspace',
    header: 'Workspace',
    width: '8rem',
    sortValue: (e) => workspaceOf?.(e.product_id)?.name,
    cell: (e) => {
      const w = workspaceOf?.(e.product_id);
      return w ? (
        <>
          <span className="cell-key">{w.prefix}</span>
          {w.name}
        </>
      ) : (
        <span className="muted">—</span>
      );
    },
  };
  return [
    ...(workspaceOf ? [workspace] : []),
    keyNameColumn<EpicListItem>('epic', 'Epic'),
    statusColumn<EpicListItem>(),
    releaseColumn<EpicListItem>(),
    ...(workspaceOf ? [] : [initiativeColumn<EpicListItem>()]),
    assigneeColumn<EpicListItem>(),
    progressColumn<EpicListItem>('epic'),
    featuresColumn,
    datesColumn<EpicListItem>(),
    commentsColumn<EpicListItem>(),
  ];
}

export interface EpicTableProps {
  columns: Column<EpicListItem>[];
  query: LoadState & { data: { epics: EpicListItem[]; pagination: Pagination } | undefined; isPlaceholderData: boolean };
  label: string;
  sort: SortState | null;
  onSortChange: (sort: SortState | null) => void;
  onPageChange: (page: number) => void;
  empty: ReactNode;
  errorAction?: ReactNode;
}

export function EpicTable({ columns, query, label, sort, onSortChange, onPageChange, empty, errorAction }: EpicTableProps) {
  return (
    <DataTable
      framed
      label={label}
      noun="epics"
      columns={columns}
      rows={query.data?.epics}
      state={query}
      sort={sort}
      onSortChange={onSortChange}
      exportName="epics"
      rowHeight={58}
      empty={empty}
      errorAction={errorAction}
      paging={{ pagination: query.data?.pagination, onPageChange, label: 'Epic pages', disabled: query.isPlaceholderData }}
    />
  );
}
