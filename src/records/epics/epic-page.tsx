// One epic, everything about it on one screen: where it is planned (release, initiative, team), who
// works on it, its dates and where they come from, how big it is and how far along, its custom
// fields, its description (sanitised HTML) and its features, with edit and delete.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { epicQueries, useDeleteEpic } from '../../api/epics';
import { rememberProductId } from '../../api/workspace';
import type { Epic } from '../../contract/epics';
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
import { EpicFeatures } from './epic-features';
import './epics.css';

export function EpicPage() {
  const { epicId = '' } = useParams();
  const epic = useQuery(epicQueries.detail(epicId));
  // Opening an epic of another workspace switches the sidebar (and its links) to that workspace.
  const productId = epic.data?.product_id;
  useEffect(() => {
    if (productId) rememberProductId(productId);
  }, [productId]);

  if (epic.isPending) return <Loading label="Loading the epic…" />;
  if (epic.isError) {
    return (
      <ErrorState
        error={epic.error}
        title={epic.error.status === 404 ? 'This epic does not exist' : undefined}
        onRetry={epic.error.status === 404 ? undefined : () => void epic.refetch()}
        retrying={epic.isFetching}
        action={<Link to={paths.allEpics}>Back to all epics</Link>}
      />
    );
  }
  return <EpicDetails epic={epic.data} />;
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

function userText(user: { name: string; email: string }): string {
  return user.name ? user.name : user.email;
}

function customFieldText(value: string | number | null, type: string): ReactNode {
  if (value === null || value === '') return none;
  if (type === 'date' && typeof value === 'string') return formatDate(value, value);
  return String(value);
}

function EpicDetails({ epic: e }: { epic: Epic }) {
  const navigate = useNavigate();
  const del = useDeleteEpic();
  const [confirming, setConfirming] = useState(false);

  const onDelete = () => {
    del.mutate(e.id, {
      onSuccess: () => navigate(paths.epics(e.product_id), { replace: true }),
    });
  };

  return (
    <div className="stack">
      <PageHeader
        eyebrow={
          <>
            <Link to={paths.epics(e.product_id)}>Epics</Link> / <span className="mono">{e.reference_num}</span>
          </>
        }
        title={e.name}
        meta={<StatusPill status={e.workflow_status} />}
        actions={
          <>
            {/* A new feature starts in the epic's release, inside the epic and under its initiative. */}
            <ButtonLink
              to={paths.newFeature(e.product_id, {
                release: e.release.id,
                epic: e.id,
                ...(e.initiative ? { initiative: e.initiative.id } : {}),
              })}
            >
              New feature in this epic
            </ButtonLink>
            <ButtonLink to={paths.editEpic(e.reference_num)}>Edit</ButtonLink>
            <Button variant="danger" onClick={() => setConfirming(true)}>
              Delete
            </Button>
          </>
        }
      />

      <div className="layout-2col">
        <div className="stack">
          <section className="card" aria-labelledby="epic-description">
            <h2 id="epic-description" className="epic-card-title">
              Description
            </h2>
            <HtmlView html={e.description?.body} emptyText="No description yet." />
          </section>
          <EpicFeatures epic={e} />
        </div>

        <aside className="stack">
          <section className="card" aria-labelledby="epic-progress">
            <h2 id="epic-progress" className="epic-card-title">
              Progress
            </h2>
            <ProgressBar value={e.progress} label={`Progress of ${e.name}`} />
            <p className="muted epic-progress-source">Source: {sourceLabel(e.progress_source)}</p>
            <dl className="epic-facts">
              <Detail term="Initial estimate">{e.initial_estimate_text ?? none}</Detail>
              <Detail term="Detailed estimate">{e.detailed_estimate_text ?? none}</Detail>
              <Detail term="Remaining estimate">{e.remaining_estimate_text ?? none}</Detail>
              <Detail term="Units">{e.work_units === 'story_points' ? 'Story points' : 'Time'}</Detail>
            </dl>
          </section>

          <section className="card" aria-labelledby="epic-details">
            <h2 id="epic-details" className="epic-card-title">
              Details
            </h2>
            <dl className="epic-facts">
              <Detail term="Reference">
                <span className="mono">{e.reference_num}</span>
              </Detail>
              <Detail term="Status">
                <StatusPill status={e.workflow_status} />
              </Detail>
              <Detail term="Release">
                <Link to={paths.release(e.release.id)}>
                  {e.release.reference_num} {e.release.name}
                </Link>
              </Detail>
              <Detail term="Initiative">
                {e.initiative ? (
                  <Link to={paths.initiative(e.initiative.reference_num)}>
                    <span className="mono">{e.initiative.reference_num}</span> {e.initiative.name}
                  </Link>
                ) : (
                  none
                )}
              </Detail>
              <Detail term="Assignee">{e.assigned_to_user ? userText(e.assigned_to_user) : none}</Detail>
              <Detail term="Created by">{e.created_by_user ? userText(e.created_by_user) : none}</Detail>
              <Detail term="Start date">{formatDate(e.start_date)}</Detail>
              <Detail term="Due date">{formatDate(e.due_date)}</Detail>
              <Detail term="Dates from">{sourceLabel(e.duration_source)}</Detail>
              <Detail term="Tags">
                {e.tags.length === 0 ? (
                  none
                ) : (
                  <span className="epic-tags">
                    {e.tags.map((t) => (
                      <span key={t} className="tag">
                        {t}
                      </span>
                    ))}
                  </span>
                )}
              </Detail>
              <Detail term="Watchers">
                {e.watchers.length === 0 ? none : e.watchers.map((w) => w.name || w.email).join(', ')}
              </Detail>
              <Detail term="Created">{formatDate(e.created_at)}</Detail>
              <Detail term="Updated">{formatDate(e.updated_at)}</Detail>
            </dl>
          </section>

          <section className="card" aria-labelledby="epic-team">
            <h2 id="epic-team" className="epic-card-title">
              Team
            </h2>
            <dl className="epic-facts">
              <Detail term="Team">{e.team?.name ?? none}</Detail>
              <Detail term="Iteration">{e.iteration?.name ?? none}</Detail>
              <Detail term="Program increment">
                {e.program_increment ? `${e.program_increment.reference_num} ${e.program_increment.name}` : none}
              </Detail>
              <Detail term="Team status">
                {e.team_workflow_status ? <StatusPill status={e.team_workflow_status} /> : none}
              </Detail>
            </dl>
          </section>

          {e.custom_fields.length > 0 ? (
            <section className="card" aria-labelledby="epic-custom-fields">
              <h2 id="epic-custom-fields" className="epic-card-title">
                Custom fields
              </h2>
              <dl className="epic-facts">
                {e.custom_fields.map((cf) => (
                  <Detail key={cf.key} term={cf.name}>
                    {customFieldText(cf.value, cf.type)}
                  </Detail>
                ))}
              </dl>
            </section>
          ) : null}
        </aside>
      </div>

      <ConfirmDialog
        open={confirming}
        title={`Delete ${e.reference_num}?`}
        confirmLabel="Delete epic"
        pending={del.isPending}
        error={del.isError ? errorMessage(del.error) : null}
        onConfirm={onDelete}
        onCancel={() => {
          setConfirming(false);
          del.reset();
        }}
      >
        “{e.name}” will be moved to the recycle bin, where it can be restored for 30 days.
        {e.features_count > 0
          ? ` Its ${e.features_count === 1 ? 'feature stays' : `${e.features_count} features stay`} in the release, without an epic.`
          : null}
      </ConfirmDialog>
    </div>
  );
}
