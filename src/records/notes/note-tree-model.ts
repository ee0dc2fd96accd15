// The notes tree as data: built once from the flat list the service answers (siblings by position,
// then id), the rows an expanded tree shows (only the children of expanded notes are walked, so a
// tree of thousands of notes costs what is open), and the moves — where a drop or an Alt+arrow puts
// a note, and the same move applied to the flat list as the service applies it (the optimistic tree).
import type { NoteMove, NoteNode } from '../../api/notes';

export interface NoteTree {
  byId: ReadonlyMap<string, NoteNode>;
  /** Each parent's children in order; `null` is the top level. */
  children: ReadonlyMap<string | null, readonly NoteNode[]>;
}

/** Ids are numeric strings of any length: compared as numbers without parsing them. */
export const compareIds = (a: string, b: string): number => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);

const bySiblingOrder = (a: NoteNode, b: NoteNode): number => a.position - b.position || compareIds(a.id, b.id);

/** The tree of a flat list. A note whose parent is not in the list is shown at the top level rather than lost. */
export function buildTree(nodes: readonly NoteNode[]): NoteTree {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const children = new Map<string | null, NoteNode[]>();
  for (const n of nodes) {
    const parent = n.parent_id !== null && byId.has(n.parent_id) ? n.parent_id : null;
    let list = children.get(parent);
    if (!list) {
      list = [];
      children.set(parent, list);
    }
    list.push(n);
  }
  for (const list of children.values()) list.sort(bySiblingOrder);
  return { byId, children };
}

const parentOf = (tree: NoteTree, id: string): string | null => {
  const parent = tree.byId.get(id)?.parent_id ?? null;
  return parent !== null && tree.byId.has(parent) ? parent : null;
};

export const siblingsOf = (tree: NoteTree, id: string): readonly NoteNode[] => tree.children.get(parentOf(tree, id)) ?? [];

/** A row of the tree as shown: the note, its depth (1 at the top) and its place among its siblings. */
export interface TreeRow {
  node: NoteNode;
  level: number;
  hasChildren: boolean;
  expanded: boolean;
  posinset: number;
  setsize: number;
}

/** The rows an expanded tree shows, depth first; notes under a collapsed note are never visited. */
export function visibleRows(tree: NoteTree, expanded: ReadonlySet<string>): TreeRow[] {
  const rows: TreeRow[] = [];
  const stack: { list: readonly NoteNode[]; index: number; level: number }[] = [
    { list: tree.children.get(null) ?? [], index: 0, level: 1 },
  ];
  while (stack.length > 0) {
    const top = stack[stack.length - 1];
    if (!top) break;
    const node = top.list[top.index];
    if (!node) {
      stack.pop();
      continue;
    }
    top.index += 1;
    const kids = tree.children.get(node.id) ?? [];
    const open = kids.length > 0 && expanded.has(node.id);
    rows.push({ node, level: top.level, hasChildren: kids.length > 0, expanded: open, posinset: top.index, setsize: top.list.length });
    if (open) stack.push({ list: kids, index: 0, level: top.level + 1 });
  }
  return rows;
}

/** A note's ancestors, its parent first. */
export function ancestorsOf(tree: NoteTree, id: string): string[] {
  const out: string[] = [];
  let at = parentOf(tree, id);
  while (at !== null && !out.includes(at)) {
    out.push(at);
    at = parentOf(tree, at);
  }
  return out;
}

/** How many notes are below a note (all levels). */
export function descendantCount(tree: NoteTree, id: string): number {
  let n = 0;
  const stack = [...(tree.children.get(id) ?? [])];
  for (let node = stack.pop(); node; node = stack.pop()) {
    n += 1;
    stack.push(...(tree.children.get(node.id) ?? []));
  }
  return n;
}

/** True when `id` is `rootId` or below it: a note cannot be dropped into its own subtree. */
export const isWithin = (tree: NoteTree, id: string, rootId: string): boolean => id === rootId || ancestorsOf(tree, id).includes(rootId);

/** Where a drop puts a note: before or after a note (its sibling then), or inside it (its last child). */
export interface DropPlace {
  kind: 'before' | 'after' | 'inside';
  targetId: string;
}

/**
 * The move that puts note `id` at `place`, in the service's terms: the new parent and the position
 * to send — a sibling's position puts the note right before that sibling, null puts it last. Null
 * when the drop is not allowed (into its own subtree) or changes nothing.
 */
export function moveFor(tree: NoteTree, id: string, place: DropPlace): Omit<NoteMove, 'productId'> | null {
  const note = tree.byId.get(id);
  const target = tree.byId.get(place.targetId);
  if (!note || !target || isWithin(tree, target.id, id)) return null;
  const current = parentOf(tree, id);
  if (place.kind === 'inside') {
    const kids = tree.children.get(target.id) ?? [];
    if (current === target.id && kids.at(-1)?.id === id) return null;
    return { id, parentId: target.id, position: null };
  }
  const parentId = parentOf(tree, target.id);
  const siblings = (tree.children.get(parentId) ?? []).filter((n) => n.id !== id);
  const at = siblings.findIndex((n) => n.id === target.id);
  const before = place.kind === 'before' ? siblings[at] : siblings[at + 1];
  // Already there: the note sits right before `before` (or last) among the same siblings.
  const all = tree.children.get(parentId) ?? [];
  const now = all.findIndex((n) => n.id === id);
  if (current === parentId && now >= 0 && (before ? all[now + 1]?.id === before.id : now === all.length - 1)) return null;
  return { id, parentId, position: before ? before.position : null };
}

/**
 * The keyboard moves: up and down among the siblings (Alt+↑/↓), in — under the previous sibling, as
 * its last child (Alt+→) — and out — after its parent (Alt+←). Null when the note cannot go that way.
 */
export function keyboardPlace(tree: NoteTree, id: string, direction: 'up' | 'down' | 'in' | 'out'): DropPlace | null {
  const siblings = siblingsOf(tree, id);
  const at = siblings.findIndex((n) => n.id === id);
  if (direction === 'up') {
    const prev = siblings[at - 1];
    return prev ? { kind: 'before', targetId: prev.id } : null;
  }
  if (direction === 'down') {
    const next = siblings[at + 1];
    return next ? { kind: 'after', targetId: next.id } : null;
  }
  if (direction === 'in') {
    const prev = siblings[at - 1];
    return prev ? { kind: 'inside', targetId: prev.id } : null;
  }
  const parent = parentOf(tree, id);
  return parent === null ? null : { kind: 'after', targetId: parent };
}

/**
 * A move applied to the flat list as the service applies it: the note takes the sent position among
 * its new siblings and the siblings from that position on move one place down when it was taken;
 * without a position it goes last.
 */
export function applyMove(nodes: readonly NoteNode[], move: Pick<NoteMove, 'id' | 'parentId' | 'position'>): NoteNode[] {
  const siblings = nodes.filter((n) => n.parent_id === move.parentId && n.id !== move.id);
  let position = move.position;
  let shift = false;
  if (position === null) position = siblings.reduce((max, n) => Math.max(max, n.position), 0) + 1;
  else shift = siblings.some((n) => n.position === position);
  const taken = position;
  return nodes.map((n) => {
    if (n.id === move.id) return { ...n, parent_id: move.parentId, position: taken };
    if (shift && n.parent_id === move.parentId && n.position >= taken) return { ...n, position: n.position + 1 };
    return n;
  });
}
