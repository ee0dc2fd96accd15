// The board: one column per Feature status of the workspace, in workflow order. Dragging a card to
// another column changes its status at once (optimistically) and puts it back with a message if the
// service refuses; every card also has a "Move to…" select for keyboards and screen readers.
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type DragEvent } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { accountQueries, statusesFor } from '../../api/account';
import { FEATURE_BOARD_FIELDS, featureQueries, useMoveFeatureStatus, type FeatureScope } from '../../api/features';
import type { WorkflowStatus } from '../../contract/common';
import type { FeatureListItem } from '../../contract/features';
import { ButtonLink } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { ErrorState, errorMessage } from '../../ui/error-state';
import { Loading } from '../../ui/loading';
import { PageHeader } from '../../ui/page-header';
import { paths } from '../../ui/paths';
import { releaseChoicesQuery } from './feature-form-choices';
import './features.css';

/** The service's largest page; a bigger workspace is narrowed with the release filter. */
const BOARD_LIMIT = 200;
/** Our own drag type, so text or files dragged in from elsewhere are not taken for a card. */
const DRAG_TYPE = 'application/x-planner-feature';

interface Column {
  status: WorkflowStatus;
  cards: FeatureListItem[];
}

/** Cards grouped under the statuses in workflow order; cards in an unknown status get a column of their own. */
export function boardColumns(statuses: readonly WorkflowStatus[], features: readonly FeatureListItem[]): Column[] {
  const columns = new Map<string, Column>(statuses.map((s) => [s.id, { status: s, cards: [] }]));
  for (const f of features) {
    const status = f.workflow_status;
    if (!status) continue;
    let column = columns.get(status.id);
    if (!column) {
      column = { status, cards: [] };
      columns.set(status.id, column);
    }
    column.cards.push(f);
  }
  return [...columns.values()];
}

export function FeatureBoardPage() {
  const { productId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const release = params.get('release') ?? '';
  const scope: FeatureScope = release ? { release } : { product: productId };

  const features = useQuery(featureQueries.list(scope, { fields: FEATURE_BOARD_FIELDS, perPage: BOARD_LIMIT }));
  const workflows = useQuery(accountQueries.workflows(productId));
  const releases = useQuery(releaseChoicesQuery(productId));
  // `?release=` may carry a key (PLN-R-1) as well as an id; the select speaks ids.
  const releaseValue =
    releases.data?.releases.find((r) => r.id === release || r.reference_num === release)?.id ?? release;
  const move = useMoveFeatureStatus();
  const [moveError, setMoveError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  const releaseSelectId = useId();

  const statuses = statusesFor(workflows.data, 'Feature');
  const cards = features.data?.features ?? [];
  const columns = boardColumns(statuses, cards);

  const moveTo = (featureId: string, status: WorkflowStatus) => {
    const feature = cards.find((f) => f.id === featureId);
    if (!feature || feature.workflow_status?.id === status.id) return;
    const label = feature.reference_num ?? feature.name ?? `Feature ${feature.id}`;
    setMoveError(null);
    setAnnouncement(`Moving ${label} to ${status.name}…`);
    move.mutate(
      { featureId, status },
      {
        onSuccess: () => setAnnouncement(`Moved ${label} to ${status.name}.`),
        onError: (error) => {
          setAnnouncement('');
          setMoveError(`${label} could not be moved to ${status.name}: ${errorMessage(error)}`);
        },
      },
    );
  };

  const onDragOver = (event: DragEvent<HTMLElement>, statusId: string) => {
    if (!event.dataTransfer.types.includes(DRAG_TYPE)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    if (dropTarget !== statusId) setDropTarget(statusId);
  };
  const onDragLeave = (event: DragEvent<HTMLElement>, statusId: string) => {
    // Leaving for a card inside the same column is not leaving the column.
    const next = event.relatedTarget;
    if (next instanceof Node && event.currentTarget.contains(next)) return;
    if (dropTarget === statusId) setDropTarget(null);
  };
  const onDrop = (event: DragEvent<HTMLElement>, status: WorkflowStatus) => {
    event.preventDefault();
    setDropTarget(null);
    const id = event.dataTransfer.getData(DRAG_TYPE) || event.dataTransfer.getData('text/plain');
    if (id) moveTo(id, status);
  };

  const total = features.data?.pagination.total_records ?? 0;

  return (
    <div className="stack">
      <PageHeader
        title="Board"
        actions={
          <ButtonLink to={paths.newFeature(productId, { release: release || undefined })} variant="primary">
            New feature
          </ButtonLink>
        }
      />

      <div className="card board-toolbar">
        <div className="field">
          <label className="field__label" htmlFor={releaseSelectId}>
            Release
          </label>
          <select
            id={releaseSelectId}
            className="input select"
            value={releaseValue}
            onChange={(e) =>
              setParams(e.target.value ? { release: e.target.value } : {}, { replace: true })
            }
          >
            <option value="">All releases</option>
            {(releases.data?.releases ?? []).map((r) => (
              <option key={r.id} value={r.id}>
                {[r.reference_num, r.name].filter(Boolean).join(' ')}
              </option>
            ))}
          </select>
        </div>
        <p className="muted board-toolbar__hint">
          Drag a card to another column, or use its “Move to…” menu, to change its status.
        </p>
      </div>

      {moveError ? (
        <div className="form-error board-error" role="alert">
          <p className="form-error__title">The status was not changed</p>
          <p>{moveError}</p>
        </div>
      ) : null}
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>

      {features.isPending || workflows.isPending ? (
        <div className="card">
          <Loading label="Loading the board…" />
        </div>
      ) : features.isError || workflows.isError ? (
        <ErrorState
          error={features.error ?? workflows.error}
          onRetry={() => {
            if (features.isError) void features.refetch();
            if (workflows.isError) void workflows.refetch();
          }}
          retrying={features.isFetching || workflows.isFetching}
        />
      ) : statuses.length === 0 ? (
        <div className="card">
          <EmptyState title="No feature workflow">
            This workspace has no Feature statuses, so there are no columns to show.
          </EmptyState>
        </div>
      ) : (
        <>
          {total > cards.length ? (
            <p className="notice">
              Showing {cards.length} of {total} features. Choose a release to see all of its features.
            </p>
          ) : null}
          {cards.length === 0 ? (
            <p className="muted">
              No features {release ? 'in this release' : 'in this workspace'} yet — the columns below are ready for them.
            </p>
          ) : null}
          <div className="board">
            {columns.map(({ status, cards: columnCards }) => (
              <section
                key={status.id}
                className={`board__column${dropTarget === status.id ? ' board__column--over' : ''}`}
                role="region"
                aria-label={status.name}
                onDragOver={(e) => onDragOver(e, status.id)}
                onDragLeave={(e) => onDragLeave(e, status.id)}
                onDrop={(e) => onDrop(e, status)}
              >
                <header className="board__column-header">
                  <h2 className="board__column-title">{status.name}</h2>
                  <span className="board__count">
                    {columnCards.length}
                    <span className="visually-hidden">{columnCards.length === 1 ? ' feature' : ' features'}</span>
                  </span>
                </header>
                {columnCards.length === 0 ? (
                  <p className="board__empty">No features</p>
                ) : (
                  <ul className="board__cards">
                    {columnCards.map((f) => (
                      <BoardCard key={f.id} feature={f} statuses={statuses} onMove={moveTo} />
                    ))}
                  </ul>
                )}
              </section>
            ))}
          </div>
        </>
      )}
    </div>
  );
}

function BoardCard({
  feature: f,
  statuses,
  onMove,
}: {
  feature: FeatureListItem;
  statuses: readonly WorkflowStatus[];
  onMove: (featureId: string, status: WorkflowStatus) => void;
}) {
  const id = useId();
  const [dragging, setDragging] = useState(false);
  const ref = f.reference_num ?? f.id;
  const name = f.name ?? `Feature ${f.id}`;
  const color = f.workflow_status?.color && /^#[0-9a-f]{3,6}$/i.test(f.workflow_status.color) ? f.workflow_status.color : undefined;

  const onDragStart = (event: DragEvent<HTMLLIElement>) => {
    event.dataTransfer.setData(DRAG_TYPE, f.id);
    event.dataTransfer.setData('text/plain', f.id);
    event.dataTransfer.effectAllowed = 'move';
    setDragging(true);
  };

  return (
    <li
      className={`board-card${dragging ? ' board-card--dragging' : ''}`}
      draggable
      onDragStart={onDragStart}
      onDragEnd={() => setDragging(false)}
      style={color ? { borderLeftColor: color } : undefined}
    >
      <div className="board-card__ref mono">{f.reference_num}</div>
      <Link className="board-card__name" id={`${id}-name`} to={paths.feature(ref)} draggable={false}>
        {name}
      </Link>
      <div className="board-card__meta">
        <span className="board-card__assignee" title={f.assigned_to_user?.email}>
          {f.assigned_to_user?.name ?? 'Unassigned'}
        </span>
        {f.initial_estimate_text ? <span className="tag">{f.initial_estimate_text}</span> : null}
      </div>
      <div className="board-card__move">
        <label htmlFor={`${id}-move`}>Move to…</label>
        <select
          id={`${id}-move`}
          className="input select board-card__select"
          value={f.workflow_status?.id ?? ''}
          aria-describedby={`${id}-name`}
          onChange={(e) => {
            const status = statuses.find((s) => s.id === e.target.value);
            if (status) onMove(f.id, status);
          }}
        >
          {statuses.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
      </div>
    </li>
  );
}
