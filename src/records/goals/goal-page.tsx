// One goal: its progress and where it comes from, size, time frame, description (sanitised HTML)
// and the initiatives that serve it, each with its status, progress and a link to its page.
import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { goalQueries } from '../../api/goals';
import { initiativeQueries } from '../../api/initiatives';
import { rememberProductId } from '../../api/workspace';
import type { Goal } from '../../contract/initiatives';
import { ButtonLink } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { ErrorState } from '../../ui/error-state';
import { formatDate, formatDateRange } from '../../ui/format';
import { HtmlView } from '../../ui/html-view';
import { sourceLabel } from '../../ui/labels';
import { Loading } from '../../ui/loading';
import { PageHeader } from '../../ui/page-header';
import { paths } from '../../ui/paths';
import { ProgressBar } from '../../ui/progress-bar';
import { StatusPill } from '../../ui/status-pill';
import './goals.css';

export function GoalPage() {
  const { goalId = '' } = useParams();
  const goal = useQuery(goalQueries.detail(goalId));
  const productId = goal.data?.product_id;
  useEffect(() => {
    if (productId) rememberProductId(productId);
  }, [productId]);

  if (goal.isPending) return <Loading label="Loading the goal…" />;
  if (goal.isError) {
    const missing = goal.error.status === 404;
    return (
      <div className="stack">
        <PageHeader title={missing ? 'Goal not found' : 'Goal'} />
        <div className="card">
          <ErrorState
            error={goal.error}
            title={missing ? 'This goal does not exist' : undefined}
            onRetry={missing ? undefined : () => void goal.refetch()}
            retrying={goal.isFetching}
            action={<ButtonLink to={paths.home}>Go to your workspace</ButtonLink>}
          />
        </div>
      </div>
    );
  }
  return <GoalDetails key={goal.data.id} goal={goal.data} />;
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

const none = <span className="faint">—</span>;

function GoalDetails({ goal: g }: { goal: Goal }) {
  return (
    <div className="stack">
      <title>{`${g.name} · Planner`}</title>
      <PageHeader
        eyebrow={
          <>
            <Link to={paths.goals(g.product_id)}>Goals</Link>
            <span aria-hidden="true">/</span>
            <span className="mono">{g.reference_num}</span>
          </>
        }
        title={
          <span className="goal-name">
            <span
              className="goal-swatch goal-swatch--lg"
              style={{ background: g.color }}
              aria-hidden="true"
            />
            {g.name}
          </span>
        }
        meta={
          <span>
            {g.initiatives.length} {g.initiatives.length === 1 ? 'initiative' : 'initiatives'}
          </span>
        }
      />

      <section className="card stack" aria-labelledby="goal-overview-heading">
        <h2 id="goal-overview-heading" className="visually-hidden">
          Overview
        </h2>
        <dl className="details">
          <Detail term="Reference">
            <span className="mono">{g.reference_num}</span>
          </Detail>
          <Detail term="Progress">
            <ProgressBar value={g.progress} label={`Progress of ${g.name}`} />
            <span className="faint">{sourceLabel(g.progress_source)}</span>
          </Detail>
          <Detail term="Effort">{g.effort ?? none}</Detail>
          <Detail term="Value">{g.value ?? none}</Detail>
          <Detail term="Time frame">
            {g.time_frame ? (
              <>
                {g.time_frame.name}
                <span className="faint">
                  {' '}
                  ({formatDateRange(g.time_frame.start_date, g.time_frame.end_date)})
                </span>
              </>
            ) : (
              none
            )}
          </Detail>
          <Detail term="Created by">
            {g.created_by_user ? g.created_by_user.name || g.created_by_user.email : none}
          </Detail>
          <Detail term="Updated">{formatDate(g.updated_at)}</Detail>
        </dl>
        <div className="stack">
          <h3>Description</h3>
          <HtmlView html={g.description?.body ?? null} emptyText="No description yet." />
        </div>
      </section>

      <GoalInitiatives goal={g} />
    </div>
  );
}

function GoalInitiatives({ goal: g }: { goal: Goal }) {
  // The goal names its initiatives; their status and progress come from the product's tree.
  const tree = useQuery({ ...initiativeQueries.tree(g.product_id), enabled: g.initiatives.length > 0 });
  const byId = new Map((tree.data?.initiatives ?? []).map((i) => [i.id, i]));
  return (
    <section className="card card--flush" aria-labelledby="goal-initiatives-heading">
      <div className="card__header">
        <h2 id="goal-initiatives-heading">Initiatives</h2>
        <ButtonLink to={paths.initiatives(g.product_id)} size="sm" variant="ghost">
          All initiatives
        </ButtonLink>
      </div>
      {g.initiatives.length === 0 ? (
        <EmptyState title="No initiatives serve this goal yet">
          Tick this goal on an initiative's form to link them.
        </EmptyState>
      ) : (
        <>
          {tree.isError ? (
            <p className="notice goal-notice" role="status">
              Status and progress of the initiatives could not be loaded.
            </p>
          ) : null}
          <div className="table-wrap">
            <table className="table table--compact">
              <thead>
                <tr>
                  <th scope="col">Reference</th>
                  <th scope="col">Name</th>
                  <th scope="col">Status</th>
                  <th scope="col">Progress</th>
                </tr>
              </thead>
              <tbody>
                {g.initiatives.map((ref) => {
                  const i = byId.get(ref.id);
                  return (
                    <tr key={ref.id}>
                      <td className="mono nowrap">{ref.reference_num}</td>
                      <td className="cell-name">
                        <Link to={paths.initiative(ref.id)}>{ref.name}</Link>
                      </td>
                      <td>
                        {tree.isPending ? (
                          <span className="faint">…</span>
                        ) : (
                          <StatusPill status={i?.workflow_status} />
                        )}
                      </td>
                      <td className="cell-progress">
                        {tree.isPending ? (
                          <span className="faint">…</span>
                        ) : (
                          <ProgressBar
                            value={i?.progress ?? null}
                            size="sm"
                            label={`Progress of ${ref.name}`}
                          />
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
