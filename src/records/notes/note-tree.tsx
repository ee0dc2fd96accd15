// The notes tree of a workspace: a WAI-ARIA tree (one tab stop; ↑/↓ move, →/← open, close or go to
// the parent, Home/End, Enter opens the note) whose notes move by keyboard (Alt+↑/↓ among their
// siblings, Alt+→ under the note above, Alt+← out of their parent) and by drag and drop, with a line
// or a highlight where the drop will land. Only the rows of expanded notes are drawn, and a long
// list of them is virtualised inside the panel's own scroll, so a tree of thousands of notes opens fast.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { NoteMove, NoteNode } from '../../api/notes';
import { paths } from '../../ui/paths';
import { ancestorsOf, buildTree, keyboardPlace, moveFor, visibleRows, type DropPlace, type TreeRow } from './note-tree-model';

/** Above this many rows the tree draws only those near the panel's viewport. */
const VIRTUAL_FROM = 150;
const ROW_HEIGHT = 30;

export const noteLabel = (n: { name: string | null }): string => (n.name && n.name.trim() !== '' ? n.name : 'Untitled');

export interface NoteTreeProps {
  productId: string;
  nodes: readonly NoteNode[];
  /** The note shown beside the tree (highlighted, its ancestors opened). */
  currentId: string | null;
  onMove: (move: Omit<NoteMove, 'productId'>, label: string) => void;
  onCreateChild: (parentId: string) => void;
  /** Disables the per-row "new note" buttons while a create runs. */
  creating?: boolean;
}

export function NoteTree({ productId, nodes, currentId, onMove, onCreateChild, creating = false }: NoteTreeProps) {
  const navigate = useNavigate();
  const tree = useMemo(() => buildTree(nodes), [nodes]);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set(currentId ? ancestorsOf(tree, currentId) : []));
  const [focusedId, setFocusedId] = useState<string | null>(currentId);
  const [drag, setDrag] = useState<{ id: string; over: DropPlace | null } | null>(null);
  const focusWanted = useRef(false);
  const scrollRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLUListElement>(null);

  // The current note's ancestors open whenever it changes or moves (a link, a new child note, a move).
  useEffect(() => {
    if (!currentId || !tree.byId.has(currentId)) return;
    const up = ancestorsOf(tree, currentId);
    setExpanded((open) => (up.every((id) => open.has(id)) ? open : new Set([...open, ...up])));
  }, [currentId, tree]);
  // Another note opened: the tab stop follows it (not when the tree is merely read again).
  useEffect(() => {
    if (currentId) setFocusedId(currentId);
  }, [currentId]);

  const rows = useMemo(() => visibleRows(tree, expanded), [tree, expanded]);
  const indexOf = useMemo(() => new Map(rows.map((r, i) => [r.node.id, i])), [rows]);
  const tabStop = focusedId !== null && indexOf.has(focusedId) ? focusedId : (rows[0]?.node.id ?? null);

  const virtual = rows.length > VIRTUAL_FROM;
  // The virtualiser's functions change on every render by design; the compiler leaves this component as written.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: virtual ? rows.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });

  // Focus follows the keyboard: scroll the row into view (drawn, when virtual), then focus it.
  useEffect(() => {
    if (!focusWanted.current || tabStop === null) return;
    const index = indexOf.get(tabStop);
    if (index === undefined) return;
    if (virtual) virtualizer.scrollToIndex(index, { align: 'auto' });
    const el = listRef.current?.querySelector<HTMLElement>(`[data-note-id="${tabStop}"]`);
    if (el) {
      el.focus();
      focusWanted.current = false;
    } else requestAnimationFrame(() => listRef.current?.querySelector<HTMLElement>(`[data-note-id="${tabStop}"]`)?.focus());
  });

  const focusRow = (id: string | undefined) => {
    if (id === undefined) return;
    focusWanted.current = true;
    setFocusedId(id);
  };
  const toggle = (id: string, open: boolean) =>
    setExpanded((set) => {
      const next = new Set(set);
      if (open) next.add(id);
      else next.delete(id);
      return next;
    });

  const move = (id: string, place: DropPlace | null) => {
    const m = place ? moveFor(tree, id, place) : null;
    const note = tree.byId.get(id);
    if (!m || !note) return;
    if (m.parentId !== null) toggle(m.parentId, true);
    focusRow(id);
    onMove(m, noteLabel(note));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    // The row the key was pressed on (the focused one), else the tab stop.
    const on = e.target instanceof HTMLElement ? e.target.closest<HTMLElement>('[data-note-id]')?.dataset.noteId : undefined;
    const from = on ?? tabStop;
    if (from === null) return;
    const index = indexOf.get(from) ?? 0;
    const row = rows[index];
    if (!row) return;
    const id = row.node.id;
    if (e.altKey) {
      const direction = { ArrowUp: 'up', ArrowDown: 'down', ArrowRight: 'in', ArrowLeft: 'out' } as const;
      const d = direction[e.key as keyof typeof direction] as (typeof direction)[keyof typeof direction] | undefined;
      if (!d) return;
      e.preventDefault();
      move(id, keyboardPlace(tree, id, d));
      return;
    }
    switch (e.key) {
      case 'ArrowDown':
        focusRow(rows[index + 1]?.node.id);
        break;
      case 'ArrowUp':
        focusRow(rows[index - 1]?.node.id);
        break;
      case 'Home':
        focusRow(rows[0]?.node.id);
        break;
      case 'End':
        focusRow(rows.at(-1)?.node.id);
        break;
      case 'ArrowRight':
        if (row.hasChildren && !row.expanded) toggle(id, true);
        else if (row.expanded) focusRow(rows[index + 1]?.node.id);
        break;
      case 'ArrowLeft':
        if (row.expanded) toggle(id, false);
        else focusRow(row.node.parent_id ?? undefined);
        break;
      case 'Enter':
      case ' ':
        void navigate(paths.note(productId, row.node.reference_num));
        break;
      default:
        return;
    }
    e.preventDefault();
  };

  // Drag and drop: the top quarter of a row drops before it, the bottom quarter after it, the middle inside it.
  const placeAt = (e: DragEvent<HTMLElement>, row: TreeRow): DropPlace => {
    const box = e.currentTarget.getBoundingClientRect();
    const y = (e.clientY - box.top) / Math.max(box.height, 1);
    return { kind: y < 0.25 ? 'before' : y > 0.75 ? 'after' : 'inside', targetId: row.node.id };
  };
  const dragProps = (row: TreeRow) => ({
    draggable: true,
    onDragStart: (e: DragEvent<HTMLElement>) => {
      e.dataTransfer.effectAllowed = 'move';
      e.dataTransfer.setData('text/plain', row.node.reference_num);
      setDrag({ id: row.node.id, over: null });
    },
    onDragOver: (e: DragEvent<HTMLElement>) => {
      if (!drag) return;
      const place = placeAt(e, row);
      if (!moveFor(tree, drag.id, place)) {
        if (drag.over) setDrag({ ...drag, over: null });
        return;
      }
      e.preventDefault();
      e.dataTransfer.dropEffect = 'move';
      if (drag.over?.kind !== place.kind || drag.over.targetId !== place.targetId) setDrag({ ...drag, over: place });
    },
    onDrop: (e: DragEvent<HTMLElement>) => {
      e.preventDefault();
      if (drag) move(drag.id, placeAt(e, row));
      setDrag(null);
    },
    onDragEnd: () => setDrag(null),
  });

  const renderRow = (row: TreeRow, index: number, measure?: (el: Element | null) => void) => {
    const { node } = row;
    const label = noteLabel(node);
    const drop = drag?.over?.targetId === node.id ? drag.over.kind : null;
    const classes = [
      'note-tree__row',
      node.id === currentId ? 'note-tree__row--current' : '',
      drag?.id === node.id ? 'note-tree__row--dragging' : '',
      drop ? `note-tree__row--drop-${drop}` : '',
    ].join(' ');
    return (
      <li
        key={node.id}
        ref={measure}
        data-index={index}
        data-note-id={node.id}
        role="treeitem"
        aria-level={row.level}
        aria-setsize={row.setsize}
        aria-posinset={row.posinset}
        aria-expanded={row.hasChildren ? row.expanded : undefined}
        aria-selected={node.id === currentId}
        aria-labelledby={`note-tree-name-${node.id}`}
        tabIndex={node.id === tabStop ? 0 : -1}
        className={classes}
        style={{ paddingLeft: `${(row.level - 1) * 16 + 4}px` }}
        onFocus={(e) => {
          // A click on the name focuses the link inside: the row (the tree's one tab stop) takes it.
          if (e.target !== e.currentTarget) e.currentTarget.focus();
          else setFocusedId(node.id);
        }}
        {...dragProps(row)}
      >
        <span
          className={`note-tree__toggle${row.hasChildren ? '' : ' note-tree__toggle--leaf'}`}
          aria-hidden="true"
          onClick={(e) => {
            e.stopPropagation();
            if (row.hasChildren) toggle(node.id, !row.expanded);
          }}
        >
          {row.hasChildren ? (row.expanded ? '▾' : '▸') : ''}
        </span>
        <Link
          id={`note-tree-name-${node.id}`}
          className="note-tree__name"
          to={paths.note(productId, node.reference_num)}
          tabIndex={-1}
          draggable={false}
          title={label}
        >
          {label}
        </Link>
        <button
          type="button"
          className="note-tree__add"
          tabIndex={-1}
          aria-label={`New note under ${label}`}
          title="New note under this one"
          disabled={creating}
          onClick={(e) => {
            e.stopPropagation();
            toggle(node.id, true);
            onCreateChild(node.id);
          }}
        >
          +
        </button>
      </li>
    );
  };

  const items = virtualizer.getVirtualItems();
  const padTop = virtual && items.length > 0 ? (items[0]?.start ?? 0) : 0;
  const padBottom = virtual && items.length > 0 ? virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0) : 0;

  return (
    <div className="note-tree__scroll" ref={scrollRef}>
      <ul
        ref={listRef}
        role="tree"
        aria-label="Notes"
        className="note-tree"
        onKeyDown={onKeyDown}
        style={virtual ? { paddingTop: padTop, paddingBottom: padBottom } : undefined}
      >
        {virtual
          ? items.map((item) => {
              const row = rows[item.index];
              return row ? renderRow(row, item.index, virtualizer.measureElement) : null;
            })
          : rows.map((row, i) => renderRow(row, i))}
      </ul>
    </div>
  );
}
