// The epic's features as a compact, server-paged table with links to each feature, and how many
// of them are complete.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { EPIC_FEATURE_FIELDS, epicQueries } from '../../api/epics';
import type { Epic } from '../../contract/epics';
import { EmptyState } from '../../ui/empty-state';
import { ErrorState } from '../../ui/error-state';
import { Loading } from '../../ui/loading';
import { Pager } from '../../ui/pager';
import { paths } from '../../ui/paths';
import { ProgressBar } from '../../ui/progress-bar';
import { StatusPill } from '../../ui/status-pill';

export const EPIC_FEATURES_PER_PAGE = 30;

export function EpicFeatures({ epic }: { epic: Epic }) {
  const [page, setPage] = useState(1);
  const features = useQuery(
    epicQueries.features(epic.id, { page, perPage: EPIC_FEATURES_PER_PAGE, fields: EPIC_FEATURE_FIELDS }),
  );
  const total = epic.features_count;
  const done = epic.features_completed_count;

  return (
    <section className="card card--flush" aria-labelledby="epic-features-heading">
      <div className="card__header">
        <h2 id="epic-features-heading">Features</h2>
        <span className="muted epic-features__count">
          {total === 0 ? 'None yet' : `${done} of ${total} complete`}
        </span>
      </div>
      {features.isPending ? (
        <Loading variant="skeleton" rows={4} label="Loading features…" />
      ) : features.isError ? (
        <ErrorState error={features.error} onRetry={() => void features.refetch()} retrying={features.isFetching} />
      ) : features.data.features.length === 0 ? (
        <EmptyState title={page > 1 ? 'This page is empty' : 'No features in this epic yet'}>
          {page > 1 ? undefined : 'Choose this epic on a feature to add it here.'}
        </EmptyState>
      ) : (
        <>
          <div className="table-wrap">
            <table className="table table--compact epic-features__table">
              <thead>
                <tr>
                  <th scope="col">Feature</th>
                  <th scope="col">Status</th>
                  <th scope="col">Assignee</th>
                  <th scope="col">Progress</th>
                  <th scope="col" className="cell-num">
                    Estimate
                  </th>
                </tr>
              </thead>
              <tbody>
                {features.data.features.map((f) => {
                  const name = f.name ?? `Feature ${f.id}`;
                  return (
                    <tr key={f.id}>
                      <td className="cell-name">
                        <span className="mono epic-features__ref">{f.reference_num}</span>
                        <Link to={paths.feature(f.reference_num ?? f.id)}>{name}</Link>
                      </td>
                      <td>
                        <StatusPill status={f.workflow_status ?? null} />
                      </td>
                      <td>{f.assigned_to_user?.name ?? <span className="faint">Unassigned</span>}</td>
                      <td className="cell-progress">
                        <ProgressBar value={f.progress ?? null} label={`Progress of ${name}`} size="sm" />
                      </td>
                      <td className="cell-num nowrap">{f.initial_estimate_text ?? '—'}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <Pager
            pagination={features.data.pagination}
            onPageChange={setPage}
            noun="features"
            label="Feature pages"
            disabled={features.isPlaceholderData}
          />
        </>
      )}
    </section>
  );
}
