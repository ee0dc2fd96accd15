// The board: one column per Feature status of the workspace, in workflow order. Dragging a card to
// another column changes its status at once (optimistically) and puts it back with a message if the
// service refuses; every card also has a small "Move" menu button for keyboards and screen readers,
// and each move is announced. Columns share the width; when they cannot, the board scrolls sideways
// with shadows and buttons that say so.
import { useQuery } from '@tanstack/react-query';
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type DragEvent,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { accountQueries, statusesFor } from '../../api/account';
import {
  FEATURE_BOARD_FIELDS,
  featureQueries,
  useMoveFeatureStatus,
  type FeatureScope,
} from '../../api/features';
import type { WorkflowStatus } from '../../contract/common';
import type { FeatureListItem } from '../../contract/features';
import { Button, ButtonLink } from '../../ui/button';
import { CountBadge } from '../../ui/count-badge';
import { EmptyState } from '../../ui/empty-state';
import { ErrorState, errorMessage } from '../../ui/error-state';
import { Loading } from '../../ui/loading';
import { PageHeader, screenTitle, useWorkspaceName } from '../../ui/page-header';
import { paths } from '../../ui/paths';
import { releaseChoicesQuery } from './feature-form-choices';
import './feature-board.css';

/** The service's largest page; a bigger workspace is narrowed with the release filter. */
const BOARD_LIMIT = 200;
/** Our own drag type, so text or files dragged in from elsewhere are not taken for a card. */
const DRAG_TYPE = 'application/x-planner-feature';

interface Column {
  status: WorkflowStatus;
  cards: FeatureListItem[];
}

/** Cards grouped under the statuses in workflow order; cards in an unknown status get a column of their own. */
export function boardColumns(
  statuses: readonly WorkflowStatus[],
  features: readonly FeatureListItem[],
): Column[] {
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

  const features = useQuery(
    featureQueries.list(scope, { fields: FEATURE_BOARD_FIELDS, perPage: BOARD_LIMIT }),
  );
  const workflows = useQuery(accountQueries.workflows(productId));
  const releases = useQuery(releaseChoicesQuery(productId));
  // `?release=` may carry a key (PLN-R-1) as well as an id; the select speaks ids.
  const releaseValue =
    releases.data?.releases.find((r) => r.id === release || r.reference_num === release)?.id ?? release;
  const move = useMoveFeatureStatus();
  const [moveError, setMoveError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  // The card just moved from its menu: its Move button takes the focus once it shows in that column
  // (or back in its old one, when the move fails).
  const [focusCard, setFocusCard] = useState<{ id: string; statusId: string } | null>(null);
  const releaseSelectId = useId();
  const workspaceName = useWorkspaceName(productId);
  const { ref: boardRef, edges, scrollByColumns } = useSideScroll();

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
          setFocusCard((current) =>
            current?.id === featureId && feature.workflow_status
              ? { id: featureId, statusId: feature.workflow_status.id }
              : current,
          );
          setMoveError(`${label} could not be moved to ${status.name}: ${errorMessage(error)}`);
        },
      },
    );
  };

  const clearFocusCard = useCallback(() => setFocusCard(null), []);

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
      <title>{screenTitle('Board', workspaceName)}</title>
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
            onChange={(e) => setParams(e.target.value ? { release: e.target.value } : {}, { replace: true })}
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
          Drag a card to another column, or use its “Move” button, to change its status.
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
              No features {release ? 'in this release' : 'in this workspace'} yet — the columns below are
              ready for them.
            </p>
          ) : null}
          <div
            className={`board-frame${edges.atStart ? '' : ' board-frame--more-before'}${edges.atEnd ? '' : ' board-frame--more-after'}`}
          >
            {edges.atStart && edges.atEnd ? null : (
              <div className="board-frame__pan">
                <Button
                  size="sm"
                  onClick={() => scrollByColumns(-1)}
                  disabled={edges.atStart}
                  aria-label="Scroll to earlier columns"
                  title="Earlier columns"
                >
                  <span aria-hidden="true">‹</span>
                </Button>
                <Button
                  size="sm"
                  onClick={() => scrollByColumns(1)}
                  disabled={edges.atEnd}
                  aria-label="Scroll to later columns"
                  title="Later columns"
                >
                  <span aria-hidden="true">›</span>
                </Button>
              </div>
            )}
            <div className="board" ref={boardRef}>
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
                    <CountBadge className="board__count">
                      {columnCards.length}
                      <span className="visually-hidden">
                        {columnCards.length === 1 ? ' feature' : ' features'}
                      </span>
                    </CountBadge>
                  </header>
                  {columnCards.length === 0 ? (
                    <p className="board__empty">No features</p>
                  ) : (
                    <ul className="board__cards">
                      {columnCards.map((f) => (
                        <BoardCard
                          key={f.id}
                          feature={f}
                          statuses={statuses}
                          focusMove={focusCard?.id === f.id && focusCard.statusId === status.id}
                          onFocused={clearFocusCard}
                          onMove={(featureId, next) => {
                            setFocusCard({ id: featureId, statusId: next.id });
                            moveTo(featureId, next);
                          }}
                        />
                      ))}
                    </ul>
                  )}
                </section>
              ))}
            </div>
          </div>
        </>
      )}
    </div>
  );
}

/** The board's sideways scroll: whether there is more on either side, and a step of a few columns. */
function useSideScroll() {
  const ref = useRef<HTMLDivElement | null>(null);
  const [edges, setEdges] = useState({ atStart: true, atEnd: true });
  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const atStart = el.scrollLeft <= 1;
    const atEnd = el.scrollLeft + el.clientWidth >= el.scrollWidth - 1;
    setEdges((current) =>
      current.atStart === atStart && current.atEnd === atEnd ? current : { atStart, atEnd },
    );
  }, []);
  const setRef = useCallback(
    (el: HTMLDivElement | null) => {
      ref.current?.removeEventListener('scroll', measure);
      ref.current = el;
      if (el) {
        el.addEventListener('scroll', measure, { passive: true });
        measure();
      }
    },
    [measure],
  );
  useLayoutEffect(() => {
    measure();
    if (typeof ResizeObserver === 'undefined' || !ref.current) return;
    const observer = new ResizeObserver(measure);
    observer.observe(ref.current);
    return () => observer.disconnect();
  });
  const scrollByColumns = (direction: -1 | 1) => {
    const el = ref.current;
    const column = el?.querySelector('.board__column');
    if (!el) return;
    const step = column ? column.getBoundingClientRect().width + 12 : 240;
    el.scrollBy({ left: direction * Math.max(step, el.clientWidth - step), behavior: 'smooth' });
  };
  return { ref: setRef, edges, scrollByColumns };
}

function BoardCard({
  feature: f,
  statuses,
  focusMove,
  onFocused,
  onMove,
}: {
  feature: FeatureListItem;
  statuses: readonly WorkflowStatus[];
  focusMove: boolean;
  onFocused: () => void;
  onMove: (featureId: string, status: WorkflowStatus) => void;
}) {
  const [dragging, setDragging] = useState(false);
  const moveButton = useRef<HTMLButtonElement>(null);
  const ref = f.reference_num ?? f.id;
  const name = f.name ?? `Feature ${f.id}`;
  const color =
    f.workflow_status?.color && /^#[0-9a-f]{3,6}$/i.test(f.workflow_status.color)
      ? f.workflow_status.color
      : undefined;

  useEffect(() => {
    if (!focusMove) return;
    moveButton.current?.focus();
    onFocused();
  }, [focusMove, onFocused]);

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
      <div className="board-card__top">
        <span className="board-card__ref mono">{f.reference_num}</span>
        <MoveMenu
          buttonRef={moveButton}
          name={name}
          current={f.workflow_status?.id ?? null}
          statuses={statuses}
          onPick={(status) => onMove(f.id, status)}
        />
      </div>
      <Link className="board-card__name" to={paths.feature(ref)} draggable={false}>
        {name}
      </Link>
      <div className="board-card__meta">
        <span className="board-card__assignee" title={f.assigned_to_user?.email}>
          {f.assigned_to_user?.name ?? 'Unassigned'}
        </span>
        {f.initial_estimate_text ? <span className="tag">{f.initial_estimate_text}</span> : null}
      </div>
    </li>
  );
}

/**
 * A card's "Move" button and its menu of the other statuses (the WAI-ARIA menu button pattern):
 * Enter, Space or ↓ opens it on the first choice, ↑/↓/Home/End move, Enter picks, Escape or Tab
 * closes. The menu is fixed to the window, so a column's or the board's edge never clips it.
 */
function MoveMenu({
  buttonRef,
  name,
  current,
  statuses,
  onPick,
}: {
  buttonRef: RefObject<HTMLButtonElement | null>;
  name: string;
  current: string | null;
  statuses: readonly WorkflowStatus[];
  onPick: (status: WorkflowStatus) => void;
}) {
  const id = useId();
  const [open, setOpen] = useState<{ top: number; left: number; focus: 'first' | 'last' } | null>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const choices = statuses.filter((s) => s.id !== current);

  const openMenu = (focus: 'first' | 'last') => {
    const box = buttonRef.current?.getBoundingClientRect();
    if (!box) return;
    const width = 200;
    setOpen({
      top: box.bottom + 4,
      left: Math.max(8, Math.min(box.right - width, window.innerWidth - width - 8)),
      focus,
    });
  };
  const close = (refocus: boolean) => {
    setOpen(null);
    if (refocus) buttonRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const items = menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]');
    items?.[open.focus === 'first' ? 0 : items.length - 1]?.focus();
    // A scroll or a click elsewhere leaves the menu where it no longer belongs: close it.
    const onPointer = (event: PointerEvent) => {
      const target = event.target;
      if (
        target instanceof Node &&
        (menuRef.current?.contains(target) || buttonRef.current?.contains(target))
      )
        return;
      setOpen(null);
    };
    const onScroll = () => setOpen(null);
    document.addEventListener('pointerdown', onPointer);
    window.addEventListener('scroll', onScroll, true);
    window.addEventListener('resize', onScroll);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      window.removeEventListener('scroll', onScroll, true);
      window.removeEventListener('resize', onScroll);
    };
    // Only when it opens: focus is placed once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open !== null]);

  const onMenuKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const items = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const go = (i: number) => items[(i + items.length) % items.length]?.focus();
    if (event.key === 'ArrowDown') go(at + 1);
    else if (event.key === 'ArrowUp') go(at - 1);
    else if (event.key === 'Home') go(0);
    else if (event.key === 'End') go(items.length - 1);
    else if (event.key === 'Escape') close(true);
    else if (event.key === 'Tab') close(false);
    else return;
    if (event.key !== 'Tab') event.preventDefault();
  };

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="board-card__move"
        id={`${id}-button`}
        aria-haspopup="menu"
        aria-expanded={open !== null}
        aria-controls={open ? `${id}-menu` : undefined}
        aria-label={`Move ${name}`}
        title="Move to another status"
        disabled={choices.length === 0}
        onClick={() => (open ? close(false) : openMenu('first'))}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            openMenu(event.key === 'ArrowDown' ? 'first' : 'last');
          }
        }}
      >
        <svg
          className="board-card__move-icon"
          viewBox="0 0 16 16"
          width="14"
          height="14"
          aria-hidden="true"
          focusable="false"
        >
          <circle cx="3" cy="8" r="1.5" />
          <circle cx="8" cy="8" r="1.5" />
          <circle cx="13" cy="8" r="1.5" />
        </svg>
        Move
      </button>
      {open ? (
        <ul
          ref={menuRef}
          className="board-menu"
          id={`${id}-menu`}
          role="menu"
          aria-labelledby={`${id}-button`}
          style={{ top: open.top, left: open.left }}
          onKeyDown={onMenuKey}
        >
          <li role="presentation" className="board-menu__title" aria-hidden="true">
            Move to
          </li>
          {choices.map((status) => (
            <li
              key={status.id}
              role="menuitem"
              tabIndex={-1}
              className="board-menu__item"
              onClick={() => {
                close(true);
                onPick(status);
              }}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  close(true);
                  onPick(status);
                }
              }}
            >
              {status.name}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
