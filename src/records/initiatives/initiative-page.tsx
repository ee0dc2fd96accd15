// One initiative in full: where it sits in the roll-up tree (parent, children), who owns it, its
// size, dates and progress with their sources, its description (sanitised HTML), the goals it
// serves (operation 20) and the epics and features grouped under it, with edit and "new epic".
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { initiativeQueries } from '../../api/initiatives';
import { rememberProductId } from '../../api/workspace';
import type { Pagination } from '../../contract/common';
import type { Initiative } from '../../contract/initiatives';
import { ButtonLink } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { ErrorState } from '../../ui/error-state';
import { formatDate, formatDateRange } from '../../ui/format';
import { HtmlView } from '../../ui/html-view';
import { Loading } from '../../ui/loading';
import { PageHeader } from '../../ui/page-header';
import { Pager } from '../../ui/pager';
import { paths } from '../../ui/paths';
import { ProgressBar } from '../../ui/progress-bar';
import { StatusPill } from '../../ui/status-pill';
import { initiativeSourceLabel } from './initiative-labels';
import './initiatives.css';

export const INITIATIVE_ITEMS_PER_PAGE = 20;
const CHILD_FIELDS = 'name,reference_num,workflow_status,progress,children_count';

export function InitiativePage() {
  const { initiativeId = '' } = useParams();
  const initiative = useQuery(initiativeQueries.detail(initiativeId));
  // Opening an initiative of another workspace switches the sidebar (and its links) to that workspace.
  const productId = initiative.data?.product_id;
  useEffect(() => {
    if (productId) rememberProductId(productId);
  }, [productId]);

  if (initiative.isPending) return <Loading label="Loading the initiative…" />;
  if (initiative.isError) {
    const missing = initiative.error.status === 404;
    return (
      <div className="stack">
        <PageHeader title={missing ? 'Initiative not found' : 'Initiative'} />
        <div className="card">
          <ErrorState
            error={initiative.error}
            title={missing ? 'This initiative does not exist' : undefined}
            onRetry={missing ? undefined : () => void initiative.refetch()}
            retrying={initiative.isFetching}
            action={<ButtonLink to={paths.home}>Go to your workspace</ButtonLink>}
          />
        </div>
      </div>
    );
  }
  return <InitiativeDetails key={initiative.data.id} initiative={initiative.data} />;
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

function InitiativeDetails({ initiative: i }: { initiative: Initiative }) {
  return (
    <div className="stack">
      <title>{`${i.name} · Planner`}</title>
      <PageHeader
        eyebrow={
          <>
            <Link to={paths.initiatives(i.product_id)}>Initiatives</Link>
            <span aria-hidden="true">/</span>
            {i.parent ? (
              <>
                <Link to={paths.initiative(i.parent.id)}>{i.parent.name}</Link>
                <span aria-hidden="true">/</span>
              </>
            ) : null}
            <span className="mono">{i.reference_num}</span>
          </>
        }
        title={
          <span className="initiative-title">
            <span
              className="initiative-swatch initiative-swatch--lg"
              style={{ background: i.color }}
              aria-hidden="true"
            />
            {i.name}
          </span>
        }
        meta={
          <>
            <StatusPill status={i.workflow_status} />
            <span>
              {i.assigned_to_user
                ? `Assignee: ${i.assigned_to_user.name || i.assigned_to_user.email}`
                : 'Unassigned'}
            </span>
            {i.presented ? <span className="tag">On roadmaps</span> : null}
          </>
        }
        actions={
          <>
            <ButtonLink to={paths.newEpic(i.product_id, { initiative: i.id })}>
              New epic for this initiative
            </ButtonLink>
            <ButtonLink to={paths.newInitiative(i.product_id, { parent: i.id })}>
              Add child initiative
            </ButtonLink>
            <ButtonLink to={paths.editInitiative(i.id)} variant="primary">
              Edit
            </ButtonLink>
          </>
        }
      />

      <section className="card stack" aria-labelledby="initiative-overview-heading">
        <h2 id="initiative-overview-heading" className="visually-hidden">
          Overview
        </h2>
        <dl className="details">
          <Detail term="Reference">
            <span className="mono">{i.reference_num}</span>
          </Detail>
          <Detail term="Status">
            <StatusPill status={i.workflow_status} />
          </Detail>
          <Detail term="Parent initiative">
            {i.parent ? (
              <Link to={paths.initiative(i.parent.id)}>
                <span className="mono">{i.parent.reference_num}</span> {i.parent.name}
              </Link>
            ) : (
              <span className="muted">None (top level)</span>
            )}
          </Detail>
          <Detail term="Assignee">
            {i.assigned_to_user ? i.assigned_to_user.name || i.assigned_to_user.email : none}
          </Detail>
          <Detail term="Effort">{i.effort ?? none}</Detail>
          <Detail term="Value">{i.value ?? none}</Detail>
          <Detail term="Start date">{formatDate(i.start_date)}</Detail>
          <Detail term="End date">{formatDate(i.end_date)}</Detail>
          <Detail term="Dates from">{initiativeSourceLabel(i.duration_source)}</Detail>
          <Detail term="Time frame">
            {i.time_frame ? (
              <>
                {i.time_frame.name}
                <span className="faint">
                  {' '}
                  ({formatDateRange(i.time_frame.start_date, i.time_frame.end_date)})
                </span>
              </>
            ) : (
              none
            )}
          </Detail>
          <Detail term="Progress">
            <ProgressBar value={i.progress} label={`Progress of ${i.name}`} />
            <span className="faint">{initiativeSourceLabel(i.progress_source)}</span>
          </Detail>
          <Detail term="Presented on roadmaps">{i.presented ? 'Yes' : 'No'}</Detail>
          <Detail term="Created by">
            {i.created_by_user ? i.created_by_user.name || i.created_by_user.email : none}
          </Detail>
          <Detail term="Updated">{formatDate(i.updated_at)}</Detail>
        </dl>
        <div className="stack">
          <h3>Description</h3>
          <HtmlView html={i.description?.body ?? null} emptyText="No description yet." />
        </div>
      </section>

      <div className="initiative-columns">
        <InitiativeChildren initiative={i} />
        <InitiativeGoals initiative={i} />
      </div>
      <InitiativeEpics initiative={i} />
      <InitiativeFeatures initiative={i} />
    </div>
  );
}

function SectionBody({
  query,
  empty,
  children,
  noun,
}: {
  query: {
    isPending: boolean;
    isError: boolean;
    error: unknown;
    isFetching: boolean;
    refetch: () => unknown;
  };
  empty: ReactNode | null;
  children: ReactNode;
  noun: string;
}) {
  if (query.isPending) return <Loading variant="skeleton" rows={3} label={`Loading ${noun}…`} />;
  if (query.isError) {
    return (
      <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    );
  }
  return empty ?? children;
}

function InitiativeChildren({ initiative: i }: { initiative: Initiative }) {
  const children = useQuery(
    initiativeQueries.list(i.product_id, { parentId: i.id, perPage: 200, fields: CHILD_FIELDS }),
  );
  const rows = children.data?.initiatives ?? [];
  const addHref = paths.newInitiative(i.product_id, { parent: i.id });
  return (
    <section className="card card--flush" aria-labelledby="initiative-children-heading">
      <div className="card__header">
        <h2 id="initiative-children-heading">Child initiatives</h2>
        <ButtonLink to={addHref} size="sm">
          Add child
        </ButtonLink>
      </div>
      <SectionBody
        query={children}
        noun="child initiatives"
        empty={
          rows.length === 0 ? (
            <EmptyState title="No child initiatives">
              Nest initiatives to roll their progress up here.
            </EmptyState>
          ) : null
        }
      >
        <ul className="initiative-links">
          {rows.map((c) => (
            <li key={c.id}>
              <span className="initiative-links__name">
                <span className="mono muted">{c.reference_num}</span>{' '}
                <Link to={paths.initiative(c.id)}>{c.name ?? `Initiative ${c.id}`}</Link>
                {c.children_count ? <span className="faint"> · {c.children_count} below</span> : null}
              </span>
              <StatusPill status={c.workflow_status} />
              <ProgressBar value={c.progress} size="sm" label={`Progress of ${c.name ?? c.id}`} />
            </li>
          ))}
        </ul>
      </SectionBody>
    </section>
  );
}

function InitiativeGoals({ initiative: i }: { initiative: Initiative }) {
  const [page, setPage] = useState(1);
  const goals = useQuery(initiativeQueries.goals(i.id, { page, perPage: INITIATIVE_ITEMS_PER_PAGE }));
  const rows = goals.data?.goals ?? [];
  return (
    <section className="card card--flush" aria-labelledby="initiative-goals-heading">
      <div className="card__header">
        <h2 id="initiative-goals-heading">Goals</h2>
        <ButtonLink to={paths.goals(i.product_id)} size="sm" variant="ghost">
          All goals
        </ButtonLink>
      </div>
      <SectionBody
        query={goals}
        noun="goals"
        empty={
          rows.length === 0 ? (
            <EmptyState title={page > 1 ? 'This page is empty' : 'Serves no goals yet'}>
              {page > 1 ? null : 'Edit the initiative to tick the goals it serves.'}
            </EmptyState>
          ) : null
        }
      >
        <ul className="initiative-links initiative-links--goals">
          {rows.map((g) => (
            <li key={g.id}>
              <span className="initiative-links__name">
                <span className="mono muted">{g.reference_num}</span>{' '}
                <Link to={paths.goal(g.id)}>{g.name ?? `Goal ${g.id}`}</Link>
              </span>
              {g.progress !== undefined ? (
                <ProgressBar value={g.progress} size="sm" label={`Progress of ${g.name ?? g.id}`} />
              ) : null}
            </li>
          ))}
        </ul>
        {goals.data ? (
          <SubPager
            pagination={goals.data.pagination}
            onPageChange={setPage}
            noun="goals"
            disabled={goals.isPlaceholderData}
          />
        ) : null}
      </SectionBody>
    </section>
  );
}

function SubPager({
  pagination,
  onPageChange,
  noun,
  disabled,
}: {
  pagination: Pagination;
  onPageChange: (page: number) => void;
  noun: string;
  disabled: boolean;
}) {
  if (pagination.total_pages <= 1) return null;
  return (
    <div className="initiative-pager">
      <Pager
        pagination={pagination}
        onPageChange={onPageChange}
        noun={noun}
        label={`Pages of ${noun}`}
        disabled={disabled}
      />
    </div>
  );
}

function WorkTable({
  rows,
  kind,
}: {
  rows: readonly {
    id: string;
    name?: string | undefined;
    reference_num?: string | undefined;
    workflow_status?: { name: string; color: string; complete?: boolean } | undefined;
    progress?: number | null | undefined;
    release?: { id: string; name: string } | undefined;
  }[];
  kind: 'epic' | 'feature';
}) {
  return (
    <div className="table-wrap">
      <table className="table table--compact">
        <thead>
          <tr>
            <th scope="col">Reference</th>
            <th scope="col">Name</th>
            <th scope="col">Status</th>
            <th scope="col">Release</th>
            <th scope="col">Progress</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            const name = r.name ?? `${kind === 'epic' ? 'Epic' : 'Feature'} ${r.id}`;
            const ref = r.reference_num ?? r.id;
            return (
              <tr key={r.id}>
                <td className="mono nowrap">{r.reference_num ?? '—'}</td>
                <td className="cell-name">
                  <Link to={kind === 'epic' ? paths.epic(ref) : paths.feature(ref)}>{name}</Link>
                </td>
                <td>
                  <StatusPill status={r.workflow_status} />
                </td>
                <td>{r.release ? <Link to={paths.release(r.release.id)}>{r.release.name}</Link> : none}</td>
                <td className="cell-progress">
                  <ProgressBar value={r.progress} size="sm" label={`Progress of ${name}`} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function InitiativeEpics({ initiative: i }: { initiative: Initiative }) {
  const [page, setPage] = useState(1);
  const epics = useQuery(initiativeQueries.epics(i.id, { page, perPage: INITIATIVE_ITEMS_PER_PAGE }));
  const rows = epics.data?.epics ?? [];
  const newEpicHref = paths.newEpic(i.product_id, { initiative: i.id });
  return (
    <section className="card card--flush" aria-labelledby="initiative-epics-heading">
      <div className="card__header">
        <h2 id="initiative-epics-heading">
          Epics <span className="initiative-count">{i.epics_count}</span>
        </h2>
        <ButtonLink to={newEpicHref} size="sm">
          New epic
        </ButtonLink>
      </div>
      <SectionBody
        query={epics}
        noun="epics"
        empty={
          rows.length === 0 ? (
            // No second "New epic for this initiative" link here: the header's stays the only one.
            <EmptyState title={page > 1 ? 'This page is empty' : 'No epics under this initiative yet'}>
              {page > 1 ? null : 'Start one with "New epic"; it joins this initiative.'}
            </EmptyState>
          ) : null
        }
      >
        <WorkTable rows={rows} kind="epic" />
        {epics.data ? (
          <SubPager
            pagination={epics.data.pagination}
            onPageChange={setPage}
            noun="epics"
            disabled={epics.isPlaceholderData}
          />
        ) : null}
      </SectionBody>
    </section>
  );
}

function InitiativeFeatures({ initiative: i }: { initiative: Initiative }) {
  const [page, setPage] = useState(1);
  const features = useQuery(initiativeQueries.features(i.id, { page, perPage: INITIATIVE_ITEMS_PER_PAGE }));
  const rows = features.data?.features ?? [];
  return (
    <section className="card card--flush" aria-labelledby="initiative-features-heading">
      <div className="card__header">
        <h2 id="initiative-features-heading">
          Features <span className="initiative-count">{i.features_count}</span>
        </h2>
      </div>
      <SectionBody
        query={features}
        noun="features"
        empty={
          rows.length === 0 ? (
            <EmptyState title={page > 1 ? 'This page is empty' : 'No features under this initiative yet'}>
              {page > 1 ? null : 'Features join an initiative from their own form or through an epic.'}
            </EmptyState>
          ) : null
        }
      >
        <WorkTable rows={rows} kind="feature" />
        {features.data ? (
          <SubPager
            pagination={features.data.pagination}
            onPageChange={setPage}
            noun="features"
            disabled={features.isPlaceholderData}
          />
        ) : null}
      </SectionBody>
    </section>
  );
}
