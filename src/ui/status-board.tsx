// The status board of the kit (features, ideas): one column per status of a workflow, in workflow
// order. Dragging a card to another column changes its status at once (the kind's optimistic
// `statusMoveMutation`) and puts it back with a message if the service refuses; every card also has
// a small "Move" menu button for keyboards and screen readers, and each move is announced. Columns
// share the width; when they cannot, the board scrolls sideways with shadows and buttons that say so.
// A kind's board page brings its queries, its toolbar and what a card shows below its key.
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type DragEvent, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { WorkflowStatus } from '../contract/common';
import { Button } from './button';
import { CountBadge } from './count-badge';
import { EmptyState } from './empty-state';
import { ErrorState, errorMessage } from './error-state';
import { Loading } from './loading';
import { MenuButton } from './menu-button';
import './status-board.css';

/** What a board needs of a record: its id, the key its card shows, and its status. */
export interface BoardItem {
  id: string;
  reference_num?: string | undefined;
  workflow_status?: WorkflowStatus | null | undefined;
}

export interface BoardColumn<T extends BoardItem> {
  status: WorkflowStatus;
  cards: T[];
}

/** Cards grouped under the statuses in workflow order; cards in an unknown status get a column of their own. */
export function boardColumns<T extends BoardItem>(statuses: readonly WorkflowStatus[], items: readonly T[]): BoardColumn<T>[] {
  const columns = new Map<string, BoardColumn<T>>(statuses.map((s) => [s.id, { status: s, cards: [] }]));
  for (const item of items) {
    const status = item.workflow_status;
    if (!status) continue;
    let column = columns.get(status.id);
    if (!column) {
      column = { status, cards: [] };
      columns.set(status.id, column);
    }
    column.cards.push(item);
  }
  return [...columns.values()];
}

/**
 * What stands in for a board until it can be drawn: a spinner while its queries load, the failure
 * with a retry, or, when the workspace has no statuses of the kind, an empty state saying so.
 */
export function BoardGate({
  queries,
  statuses,
  kind,
  children,
}: {
  queries: readonly UseQueryResult[];
  statuses: readonly WorkflowStatus[];
  /** The record type in words, e.g. "Feature": "No Feature statuses". */
  kind: string;
  children: ReactNode;
}) {
  if (queries.some((q) => q.isPending)) {
    return (
      <div className="card">
        <Loading label="Loading the board…" />
      </div>
    );
  }
  const failed = queries.filter((q) => q.isError);
  if (failed.length > 0) {
    return (
      <ErrorState
        error={failed[0]?.error}
        onRetry={() => failed.forEach((q) => void q.refetch())}
        retrying={failed.some((q) => q.isFetching)}
      />
    );
  }
  if (statuses.length === 0) {
    return (
      <div className="card">
        <EmptyState title={`No ${kind.toLowerCase()} workflow`}>
          This workspace has no {kind} statuses, so there are no columns to show.
        </EmptyState>
      </div>
    );
  }
  return <>{children}</>;
}

/** A card's usual body: the record's name as a link, then who has it and one fact as a tag. */
export function BoardCardBody({
  to,
  name,
  person,
  fact,
}: {
  to: string;
  name: string;
  person?: { name: string; email?: string } | null;
  fact?: ReactNode;
}) {
  return (
    <>
      <Link className="board-card__name" to={to} draggable={false}>
        {name}
      </Link>
      <div className="board-card__meta">
        <span className="board-card__assignee" title={person?.email}>
          {person?.name ?? 'Unassigned'}
        </span>
        {fact}
      </div>
    </>
  );
}

/** The mutation a board moves cards with (a kind's `statusMoveMutation` hook result). */
export interface BoardMove {
  mutate: (
    variables: { id: string; status: WorkflowStatus },
    callbacks: { onSuccess: () => void; onError: (error: unknown) => void },
  ) => void;
}

export interface StatusBoardProps<T extends BoardItem> {
  /** The kind in words: `{ one: 'feature', many: 'features' }` (column counts, empty columns). */
  noun: { one: string; many: string };
  statuses: readonly WorkflowStatus[];
  items: readonly T[];
  /** The card's name, used in the Move button's label and the announcements. */
  nameOf: (item: T) => string;
  /** What the card shows below its key and Move button: the name as a link, a line of facts. */
  renderCard: (item: T) => ReactNode;
  move: BoardMove;
}

export function StatusBoard<T extends BoardItem>({ noun, statuses, items, nameOf, renderCard, move }: StatusBoardProps<T>) {
  // Our own drag type, so text or files dragged in from elsewhere are not taken for a card.
  const dragType = `application/x-planner-${noun.one.replace(/\W+/g, '-')}`;
  const [moveError, setMoveError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  // The card just moved from its menu: its Move button takes the focus once it shows in that column
  // (or back in its old one, when the move fails).
  const [focusCard, setFocusCard] = useState<{ id: string; statusId: string } | null>(null);
  const { ref: boardRef, edges, scrollByColumns } = useSideScroll();
  const columns = boardColumns(statuses, items);

  const moveTo = (id: string, status: WorkflowStatus) => {
    const item = items.find((i) => i.id === id);
    if (!item || item.workflow_status?.id === status.id) return;
    const label = item.reference_num ?? nameOf(item);
    setMoveError(null);
    setAnnouncement(`Moving ${label} to ${status.name}…`);
    move.mutate(
      { id, status },
      {
        onSuccess: () => setAnnouncement(`Moved ${label} to ${status.name}.`),
        onError: (error) => {
          setAnnouncement('');
          setFocusCard((current) => (current?.id === id && item.workflow_status ? { id, statusId: item.workflow_status.id } : current));
          setMoveError(`${label} could not be moved to ${status.name}: ${errorMessage(error)}`);
        },
      },
    );
  };

  const clearFocusCard = useCallback(() => setFocusCard(null), []);

  const onDragOver = (event: DragEvent<HTMLElement>, statusId: string) => {
    if (!event.dataTransfer.types.includes(dragType)) return;
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
    const id = event.dataTransfer.getData(dragType) || event.dataTransfer.getData('text/plain');
    if (id) moveTo(id, status);
  };

  return (
    <>
      {moveError ? (
        <div className="form-error board-error" role="alert">
          <p className="form-error__title">The status was not changed</p>
          <p>{moveError}</p>
        </div>
      ) : null}
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      <div className={`board-frame${edges.atStart ? '' : ' board-frame--more-before'}${edges.atEnd ? '' : ' board-frame--more-after'}`}>
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
          {columns.map(({ status, cards }) => (
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
                  {cards.length}
                  <span className="visually-hidden">{cards.length === 1 ? ` ${noun.one}` : ` ${noun.many}`}</span>
                </CountBadge>
              </header>
              {cards.length === 0 ? (
                <p className="board__empty">No {noun.many}</p>
              ) : (
                <ul className="board__cards">
                  {cards.map((item) => (
                    <BoardCard
                      key={item.id}
                      item={item}
                      name={nameOf(item)}
                      dragType={dragType}
                      statuses={statuses}
                      focusMove={focusCard?.id === item.id && focusCard.statusId === status.id}
                      onFocused={clearFocusCard}
                      onMove={(next) => {
                        setFocusCard({ id: item.id, statusId: next.id });
                        moveTo(item.id, next);
                      }}
                    >
                      {renderCard(item)}
                    </BoardCard>
                  ))}
                </ul>
              )}
            </section>
          ))}
        </div>
      </div>
    </>
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
    setEdges((current) => (current.atStart === atStart && current.atEnd === atEnd ? current : { atStart, atEnd }));
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

function BoardCard<T extends BoardItem>({
  item,
  name,
  dragType,
  statuses,
  focusMove,
  onFocused,
  onMove,
  children,
}: {
  item: T;
  name: string;
  dragType: string;
  statuses: readonly WorkflowStatus[];
  focusMove: boolean;
  onFocused: () => void;
  onMove: (status: WorkflowStatus) => void;
  children: ReactNode;
}) {
  const [dragging, setDragging] = useState(false);
  const moveButton = useRef<HTMLButtonElement>(null);
  const color =
    item.workflow_status?.color && /^#[0-9a-f]{3,6}$/i.test(item.workflow_status.color) ? item.workflow_status.color : undefined;

  useEffect(() => {
    if (!focusMove) return;
    moveButton.current?.focus();
    onFocused();
  }, [focusMove, onFocused]);

  const onDragStart = (event: DragEvent<HTMLLIElement>) => {
    event.dataTransfer.setData(dragType, item.id);
    event.dataTransfer.setData('text/plain', item.id);
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
        <span className="board-card__ref mono">{item.reference_num}</span>
        {/* The other statuses; the kit's menu button does the keys, the focus and the placing. */}
        <MenuButton
          buttonRef={moveButton}
          label={`Move ${name}`}
          title="Move to another status"
          className="board-card__move"
          menuClassName="board-menu"
          itemClassName="board-menu__item"
          titleClassName="board-menu__title"
          menuTitle="Move to"
          width={200}
          items={statuses
            .filter((status) => status.id !== (item.workflow_status?.id ?? null))
            .map((status) => ({ key: status.id, content: status.name, onSelect: () => onMove(status) }))}
        >
          <svg className="board-card__move-icon" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
            <circle cx="3" cy="8" r="1.5" />
            <circle cx="8" cy="8" r="1.5" />
            <circle cx="13" cy="8" r="1.5" />
          </svg>
          Move
        </MenuButton>
      </div>
      {children}
    </li>
  );
}
