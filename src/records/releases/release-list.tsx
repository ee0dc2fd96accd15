// A workspace's releases, one server page at a time: scheduled releases first, then the parking
// lot, each with status, dates, progress and capacity.
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { releaseQueries, type ReleaseListParams } from '../../api/releases';
import type { releaseListItemSchema } from '../../contract/releases';
import { ButtonLink } from '../../ui/button';
import { DataTable, type Column } from '../../ui/data-table';
import { EmptyState } from '../../ui/empty-state';
import { paths } from '../../ui/paths';
import { ListHeader } from '../../ui/screen-header';
import { dateColumn, keyNameColumn, progressColumn, statusColumn } from '../../ui/work-item-columns';

type ReleaseListItem = z.infer<typeof releaseListItemSchema>;

export const RELEASES_PER_PAGE = 30;

/** The list query of a page; the route's loader warms the same key. */
export function releaseListParams(page: number): ReleaseListParams {
  return { page, perPage: RELEASES_PER_PAGE, fields: '*' };
}

/** `?page=` as a page number (1 when missing or nonsense). */
export function pageFromSearch(search: URLSearchParams, key = 'page'): number {
  const n = Number(search.get(key));
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

const columns: Column<ReleaseListItem>[] = [
  keyNameColumn<ReleaseListItem>('release'),
  statusColumn<ReleaseListItem>(),
  dateColumn<ReleaseListItem>('start', 'Start', (r) => r.start_date),
  dateColumn<ReleaseListItem>('release_date', 'Release date', (r) => r.release_date),
  progressColumn<ReleaseListItem>('release'),
  {
    id: 'capacity',
    header: 'Capacity',
    width: '7rem',
    align: 'end',
    sortValue: (r) => r.total_capacity,
    csvValue: (r) => r.total_capacity_text,
    // The text carries its unit (20d, 80p), so no unit column is needed.
    cell: (r) => r.total_capacity_text ?? <span className="muted">—</span>,
  },
];

/** Parking-lot releases are holding areas, not schedule: they go after the scheduled ones. */
export function scheduledFirst(releases: readonly ReleaseListItem[]): ReleaseListItem[] {
  return [...releases.filter((r) => !r.parking_lot), ...releases.filter((r) => r.parking_lot)];
}

export interface ReleaseListProps {
  productId: string;
  page: number;
  onPageChange: (page: number) => void;
}

export function ReleaseList({ productId, page, onPageChange }: ReleaseListProps) {
  const list = useQuery(releaseQueries.list(productId, releaseListParams(page)));
  const rows = list.data ? scheduledFirst(list.data.releases) : undefined;
  const total = list.data?.pagination.total_records ?? 0;
  return (
    <div className="stack">
      <ListHeader
        productId={productId}
        title="Releases"
        actions={
          <ButtonLink to={paths.newRelease(productId)} variant="primary">
            New release
          </ButtonLink>
        }
      />
      <DataTable
        framed
        label="Releases"
        noun="releases"
        columns={columns}
        rows={rows}
        state={list}
        exportName="releases"
        groupOf={(r, previous) => (r.parking_lot && previous && !previous.parking_lot ? 'Parking lot' : null)}
        paging={{ pagination: list.data?.pagination, onPageChange, label: 'Release pages', disabled: list.isPlaceholderData }}
        empty={
          total > 0 ? (
            <EmptyState kind="search" title="This page is empty" action={<ButtonLink to={paths.releases(productId)}>Go to the first page</ButtonLink>}>
              There are {total} releases on earlier pages.
            </EmptyState>
          ) : (
            <EmptyState
              title="No releases yet"
              action={
                <ButtonLink to={paths.newRelease(productId)} variant="primary">
                  Create the first release
                </ButtonLink>
              }
            >
              Releases hold the features you plan to ship together, with their phases and milestones.
            </EmptyState>
          )
        }
      />
    </div>
  );
}
