// One feature, everything about it on one screen: where it is planned (release, phase, team), who
// works on it, how big it is and how far along, its description (sanitised HTML) and its
// requirements, with edit and delete.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { rememberProductId } from '../../api/workspace';
import { featureQueries, useDeleteFeature } from '../../api/features';
import type { Feature } from '../../contract/features';
import { Button, ButtonLink } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { ErrorState, errorMessage } from '../../ui/error-state';
import { formatDate } from '../../ui/format';
import { HtmlView } from '../../ui/html-view';
import { sourceLabel } from '../../ui/labels';
import { Loading } from '../../ui/loading';
import { PageHeader } from '../../ui/page-header';
import { paths } from '../../ui/paths';
import { ProgressBar } from '../../ui/progress-bar';
import { StatusPill } from '../../ui/status-pill';
import { FeatureRequirements } from './feature-requirements';
import './features.css';

export function FeaturePage() {
  const { featureId = '' } = useParams();
  const feature = useQuery(featureQueries.detail(featureId));
  // Opening a feature of another workspace switches the sidebar (and its links) to that workspace.
  const productId = feature.data?.product_id;
  useEffect(() => {
    if (productId) rememberProductId(productId);
  }, [productId]);

  if (feature.isPending) return <Loading label="Loading the feature…" />;
  if (feature.isError) {
    return (
      <div className="stack">
        <ErrorState
          error={feature.error}
          title={feature.error.status === 404 ? 'This feature does not exist' : undefined}
          onRetry={feature.error.status === 404 ? undefined : () => void feature.refetch()}
          retrying={feature.isFetching}
        />
        <p>
          <Link to={paths.home}>Back to the start</Link>
        </p>
      </div>
    );
  }
  return <FeatureDetails feature={feature.data} />;
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

const none = <span className="muted">—</span>;

function FeatureDetails({ feature: f }: { feature: Feature }) {
  const navigate = useNavigate();
  const del = useDeleteFeature();
  const [confirming, setConfirming] = useState(false);

  const onDelete = () => {
    del.mutate(f.id, {
      onSuccess: () => navigate(paths.features(f.product_id), { replace: true }),
    });
  };

  return (
    <div className="stack">
      <PageHeader
        eyebrow={<span className="mono">{f.reference_num}</span>}
        title={f.name}
        meta={<StatusPill status={f.workflow_status} />}
        actions={
          <>
            <ButtonLink to={paths.editFeature(f.reference_num)}>Edit</ButtonLink>
            <Button variant="danger" onClick={() => setConfirming(true)}>
              Delete
            </Button>
          </>
        }
      />

      <div className="layout-2col">
        <div className="stack">
          <section className="card" aria-labelledby="feature-description">
            <h2 id="feature-description" className="feature-card-title">
              Description
            </h2>
            <HtmlView html={f.description?.body} emptyText="No description yet." />
          </section>
          <FeatureRequirements feature={f} />
        </div>

        <aside className="stack">
          <section className="card" aria-labelledby="feature-progress">
            <h2 id="feature-progress" className="feature-card-title">
              Progress
            </h2>
            <ProgressBar value={f.progress} label={`Progress of ${f.name}`} />
            <p className="muted feature-progress-source">Source: {sourceLabel(f.progress_source)}</p>
            <dl className="feature-facts">
              <Detail term="Initial estimate">{f.initial_estimate_text ?? none}</Detail>
              <Detail term="Detailed estimate">{f.detailed_estimate_text ?? none}</Detail>
              <Detail term="Remaining estimate">{f.remaining_estimate_text ?? none}</Detail>
              <Detail term="Units">{f.work_units === 'story_points' ? 'Story points' : 'Time'}</Detail>
            </dl>
          </section>

          <section className="card" aria-labelledby="feature-details">
            <h2 id="feature-details" className="feature-card-title">
              Details
            </h2>
            <dl className="feature-facts">
              <Detail term="Reference">
                <span className="mono">{f.reference_num}</span>
              </Detail>
              <Detail term="Status">
                <StatusPill status={f.workflow_status} />
              </Detail>
              <Detail term="Release">
                <Link to={paths.release(f.release.id)}>
                  {f.release.reference_num} {f.release.name}
                </Link>
              </Detail>
              <Detail term="Release phase">{f.belongs_to_release_phase?.name ?? none}</Detail>
              <Detail term="Kind">{f.workflow_kind?.name ?? none}</Detail>
              <Detail term="Assignee">{f.assigned_to_user ? userText(f.assigned_to_user) : none}</Detail>
              <Detail term="Created by">{f.created_by_user ? userText(f.created_by_user) : none}</Detail>
              <Detail term="Start date">{formatDate(f.start_date)}</Detail>
              <Detail term="Due date">{formatDate(f.due_date)}</Detail>
              <Detail term="Tags">
                {f.tags.length === 0 ? (
                  none
                ) : (
                  <span className="feature-tags">
                    {f.tags.map((t) => (
                      <span key={t} className="tag">
                        {t}
                      </span>
                    ))}
                  </span>
                )}
              </Detail>
              {f.initiative ? (
                <Detail term="Initiative">
                  <Link to={paths.initiative(f.initiative.reference_num)}>
                    <span className="mono">{f.initiative.reference_num}</span> {f.initiative.name}
                  </Link>
                </Detail>
              ) : null}
              {f.epic ? (
                <Detail term="Epic">
                  <Link to={paths.epic(f.epic.reference_num)}>
                    <span className="mono">{f.epic.reference_num}</span> {f.epic.name}
                  </Link>
                </Detail>
              ) : null}
              <Detail term="Watchers">
                {f.watchers.length === 0 ? none : f.watchers.map((w) => w.name || w.email).join(', ')}
              </Detail>
              <Detail term="Created">{formatDate(f.created_at)}</Detail>
              <Detail term="Updated">{formatDate(f.updated_at)}</Detail>
            </dl>
          </section>

          <section className="card" aria-labelledby="feature-team">
            <h2 id="feature-team" className="feature-card-title">
              Team
            </h2>
            <dl className="feature-facts">
              <Detail term="Team">{f.team?.name ?? none}</Detail>
              <Detail term="Iteration">{f.iteration?.name ?? none}</Detail>
              <Detail term="Program increment">
                {f.program_increment ? `${f.program_increment.reference_num} ${f.program_increment.name}` : none}
              </Detail>
              <Detail term="Team status">
                {f.team_workflow_status ? <StatusPill status={f.team_workflow_status} /> : none}
              </Detail>
            </dl>
          </section>
        </aside>
      </div>

      <ConfirmDialog
        open={confirming}
        title={`Delete ${f.reference_num}?`}
        confirmLabel="Delete feature"
        pending={del.isPending}
        error={del.isError ? errorMessage(del.error) : null}
        onConfirm={onDelete}
        onCancel={() => {
          setConfirming(false);
          del.reset();
        }}
      >
        “{f.name}” and its requirements will be moved to the recycle bin, where they can be restored for 30 days.
      </ConfirmDialog>
    </div>
  );
}

function userText(user: { name: string; email: string }): string {
  return user.name ? user.name : user.email;
}
