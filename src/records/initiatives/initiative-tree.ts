// The roll-up tree of a product's initiatives, built in the browser from the flat list and each
// record's `parent_id`; the rows the tree screen shows once some nodes are collapsed or a filter is
// on; and the parents an initiative may choose without closing a loop. Pure functions.
import { wouldCreateCycle } from '../../domain/hierarchy';

export interface TreeItem {
  id: string;
  parent_id?: string | null | undefined;
}

export interface TreeNode<T extends TreeItem> {
  item: T;
  children: TreeNode<T>[];
  /** 1 for roots. */
  level: number;
}

/**
 * Nests the items under their parents, keeping the input order among siblings (the service sends
 * position, then id). An item whose parent is not in the list — a parent in another product, or one
 * the caller left out — is shown as a root rather than hidden. Items caught in a loop of parents
 * (corrupt data) are shown as roots too, each once.
 */
export function buildTree<T extends TreeItem>(items: readonly T[]): TreeNode<T>[] {
  const byId = new Map<string, T>();
  for (const item of items) if (!byId.has(item.id)) byId.set(item.id, item);

  const childrenOf = new Map<string, T[]>();
  const roots: T[] = [];
  for (const item of byId.values()) {
    const parentId = item.parent_id ?? null;
    if (parentId === null || parentId === item.id || !byId.has(parentId)) {
      roots.push(item);
    } else {
      const siblings = childrenOf.get(parentId);
      if (siblings) siblings.push(item);
      else childrenOf.set(parentId, [item]);
    }
  }

  const placed = new Set<string>();
  const grow = (item: T, level: number): TreeNode<T> => {
    placed.add(item.id);
    const children = (childrenOf.get(item.id) ?? [])
      .filter((c) => !placed.has(c.id))
      .map((c) => grow(c, level + 1));
    return { item, children, level };
  };

  const tree = roots.map((r) => grow(r, 1));
  // Whatever no root reaches sits in a loop: the first of each loop becomes a root.
  for (const item of byId.values()) {
    if (!placed.has(item.id)) tree.push(grow(item, 1));
  }
  return tree;
}

export interface TreeRow<T extends TreeItem> {
  item: T;
  level: number;
  /** Position among its shown siblings, from 1, and their number (`aria-posinset`, `aria-setsize`). */
  posInSet: number;
  setSize: number;
  hasChildren: boolean;
  expanded: boolean;
  /** False when the row is shown only as the ancestor of a match. */
  matches: boolean;
}

export interface VisibleRowsOptions<T extends TreeItem> {
  /** Ids of collapsed nodes; every other node is open. */
  collapsed: ReadonlySet<string>;
  /** When given, only matching items and their ancestors are shown, with every ancestor open. */
  match?: ((item: T) => boolean) | undefined;
}

/** The tree as the rows on screen, depth first. */
export function visibleRows<T extends TreeItem>(
  tree: readonly TreeNode<T>[],
  { collapsed, match }: VisibleRowsOptions<T>,
): TreeRow<T>[] {
  // With a filter, a node is kept when it or a descendant matches.
  const kept = new Map<string, boolean>();
  const keep = (node: TreeNode<T>): boolean => {
    const self = match ? match(node.item) : true;
    let below = false;
    for (const child of node.children) if (keep(child)) below = true;
    kept.set(node.item.id, self || below);
    return self || below;
  };
  for (const node of tree) keep(node);

  const rows: TreeRow<T>[] = [];
  const walk = (nodes: readonly TreeNode<T>[]) => {
    const shown = nodes.filter((n) => kept.get(n.item.id));
    shown.forEach((node, index) => {
      const shownChildren = node.children.filter((c) => kept.get(c.item.id));
      // A filter opens the way to every match; otherwise the person's choice holds.
      const expanded = match ? true : !collapsed.has(node.item.id);
      rows.push({
        item: node.item,
        level: node.level,
        posInSet: index + 1,
        setSize: shown.length,
        hasChildren: shownChildren.length > 0,
        expanded: shownChildren.length > 0 && expanded,
        matches: match ? match(node.item) : true,
      });
      if (expanded) walk(shownChildren);
    });
  };
  walk(tree);
  return rows;
}

/** Ids of every node that has children (for "Collapse all"). */
export function parentIds<T extends TreeItem>(tree: readonly TreeNode<T>[]): Set<string> {
  const ids = new Set<string>();
  const walk = (nodes: readonly TreeNode<T>[]) => {
    for (const node of nodes) {
      if (node.children.length > 0) {
        ids.add(node.item.id);
        walk(node.children);
      }
    }
  };
  walk(tree);
  return ids;
}

/**
 * The initiatives `selfId` may roll up to: every one except itself and its descendants, which
 * would close a loop. With no `selfId` (a new initiative) every one may be the parent.
 */
export function parentChoices<T extends TreeItem>(items: readonly T[], selfId?: string): T[] {
  if (!selfId) return [...items];
  const parents = new Map<number, number | null>();
  for (const item of items) parents.set(Number(item.id), item.parent_id ? Number(item.parent_id) : null);
  const self = Number(selfId);
  return items.filter((candidate) => !wouldCreateCycle(self, Number(candidate.id), (id) => parents.get(id)));
}
