// A workspace's releases, one server page at a time: scheduled releases first, then the parking
// lot, each with status, dates, progress and capacity.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { accountQueries } from '../../api/account';
import { releaseQueries, type ReleaseListParams } from '../../api/releases';
import type { z } from 'zod';
import type { releaseListItemSchema } from '../../contract/releases';
import { ButtonLink } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { ErrorState } from '../../ui/error-state';
import { formatDate } from '../../ui/format';
import { Loading } from '../../ui/loading';
import { PageHeader } from '../../ui/page-header';
import { Pager } from '../../ui/pager';
import { paths } from '../../ui/paths';
import { ProgressBar } from '../../ui/progress-bar';
import { StatusPill } from '../../ui/status-pill';

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

export interface ReleaseListProps {
  productId: string;
  page: number;
  onPageChange: (page: number) => void;
}

export function ReleaseList({ productId, page, onPageChange }: ReleaseListProps) {
  const product = useQuery({ ...accountQueries.products(), select: (d) => d.products.find((p) => p.id === productId) });
  const list = useQuery(releaseQueries.list(productId, releaseListParams(page)));

  const productName = product.data?.name;
  return (
    <>
      <title>{`Releases${productName ? ` · ${productName}` : ''} · Planner`}</title>
      <PageHeader
        eyebrow={productName}
        title="Releases"
        actions={
          <ButtonLink to={paths.newRelease(productId)} variant="primary">
            New release
          </ButtonLink>
        }
      />
      <section className="card card--flush" aria-label="Releases" aria-busy={list.isFetching}>
        {list.isPending ? (
          <Loading variant="skeleton" label="Loading releases…" rows={6} />
        ) : list.isError ? (
          <ErrorState error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />
        ) : list.data.releases.length === 0 ? (
          list.data.pagination.total_records > 0 ? (
            <EmptyState title="This page is empty" action={<ButtonLink to={paths.releases(productId)}>Go to the first page</ButtonLink>}>
              There are {list.data.pagination.total_records} releases on earlier pages.
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
        ) : (
          <>
            <ReleaseTable releases={list.data.releases} />
            <Pager
              pagination={list.data.pagination}
              onPageChange={onPageChange}
              noun="releases"
              label="Release pages"
              disabled={list.isPlaceholderData}
            />
          </>
        )}
      </section>
    </>
  );
}

function ReleaseTable({ releases }: { releases: readonly ReleaseListItem[] }) {
  // Parking-lot releases are holding areas, not schedule: they go after the scheduled ones.
  const scheduled = releases.filter((r) => !r.parking_lot);
  const parked = releases.filter((r) => r.parking_lot);
  return (
    <div className="table-wrap">
      <table className="table">
        <thead>
          <tr>
            <th scope="col">Reference</th>
            <th scope="col">Name</th>
            <th scope="col">Status</th>
            <th scope="col">Start</th>
            <th scope="col">Release date</th>
            <th scope="col">Progress</th>
            <th scope="col">Capacity</th>
          </tr>
        </thead>
        <tbody>
          {scheduled.map((r) => (
            <ReleaseRow key={r.id} release={r} />
          ))}
          {parked.length > 0 && scheduled.length > 0 ? (
            <tr className="table-group-row">
              <td colSpan={7}>Parking lot</td>
            </tr>
          ) : null}
          {parked.map((r) => (
            <ReleaseRow key={r.id} release={r} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ReleaseRow({ release: r }: { release: ReleaseListItem }) {
  const name = r.name ?? `Release ${r.id}`;
  return (
    <tr>
      <td className="mono nowrap">{r.reference_num}</td>
      <td className="cell-name">
        <span className="row">
          <Link to={paths.release(r.id)}>{name}</Link>
          {r.parking_lot ? <span className="tag tag--parking">Parking lot</span> : null}
        </span>
      </td>
      <td>
        <StatusPill status={r.workflow_status} />
      </td>
      <td className="nowrap">{formatDate(r.start_date)}</td>
      <td className="nowrap">{formatDate(r.release_date)}</td>
      <td className="cell-progress">
        <ProgressBar value={r.progress} label={`Progress of ${name}`} size="sm" />
      </td>
      <td className="nowrap">
        {/* The text carries its unit (20d, 80p), so no unit column is needed. */}
        {r.total_capacity_text ?? <span className="faint">—</span>}
      </td>
    </tr>
  );
}
