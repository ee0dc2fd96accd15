// The notes tree model: building the tree from the service's flat list, the rows an expanded tree
// shows, and the moves (drops and Alt+arrows) in the service's terms, applied as the service applies them.
import { describe, expect, it } from 'vitest';
import type { NoteNode } from '../../api/notes';
import { applyMove, buildTree, compareIds, descendantCount, keyboardPlace, moveFor, visibleRows } from './note-tree-model';

const node = (id: string, parent: string | null, position: number): NoteNode => ({
  id,
  name: `Note ${id}`,
  reference_num: `PLN-N-${id}`,
  parent_id: parent,
  position,
});

// 1: [2, 3: [4, 5]], 6
const NODES = [node('6', null, 2), node('1', null, 1), node('3', '1', 2), node('2', '1', 1), node('5', '3', 2), node('4', '3', 1)];
const ids = (rows: { node: NoteNode }[]) => rows.map((r) => r.node.id);

/** The tree after a move, as the ids of each parent's children. */
function shape(nodes: NoteNode[]): Record<string, string[]> {
  const tree = buildTree(nodes);
  return Object.fromEntries([...tree.children.entries()].map(([parent, kids]) => [parent ?? 'top', kids.map((k) => k.id)]));
}

describe('the notes tree', () => {
  it('orders siblings by position, then id (numeric, whatever the length)', () => {
    expect(compareIds('9', '10')).toBeLessThan(0);
    const tree = buildTree([...NODES, node('10', null, 2), node('9', null, 2)]);
    expect(tree.children.get(null)?.map((n) => n.id)).toEqual(['1', '6', '9', '10']);
  });

  it('shows only what is expanded, with levels and places for the ARIA tree', () => {
    const tree = buildTree(NODES);
    expect(ids(visibleRows(tree, new Set()))).toEqual(['1', '6']);
    const open = visibleRows(tree, new Set(['1', '3']));
    expect(ids(open)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(open.map((r) => r.level)).toEqual([1, 2, 2, 3, 3, 1]);
    expect(open[2]).toMatchObject({ hasChildren: true, expanded: true, posinset: 2, setsize: 2 });
    expect(open[5]).toMatchObject({ hasChildren: false, expanded: false, posinset: 2, setsize: 2 });
    expect(descendantCount(tree, '1')).toBe(4);
  });

  it('puts a note whose parent is missing at the top level', () => {
    expect(ids(visibleRows(buildTree([node('7', '99', 1)]), new Set()))).toEqual(['7']);
  });

  it('walks only the expanded part of a large tree', () => {
    const many = Array.from({ length: 5000 }, (_, i) => node(String(i + 1), i < 50 ? null : String(Math.floor((i - 50) / 4) + 1), i + 1));
    const tree = buildTree(many);
    expect(visibleRows(tree, new Set())).toHaveLength(50);
    expect(visibleRows(tree, new Set(['1']))).toHaveLength(54);
  });
});

describe('moves', () => {
  const tree = buildTree(NODES);

  it('drops before or after a sibling (the position of the note it goes before) and inside a note (last)', () => {
    expect(moveFor(tree, '5', { kind: 'before', targetId: '4' })).toEqual({ id: '5', parentId: '3', position: 1 });
    expect(moveFor(tree, '4', { kind: 'after', targetId: '5' })).toEqual({ id: '4', parentId: '3', position: null });
    expect(moveFor(tree, '2', { kind: 'after', targetId: '1' })).toEqual({ id: '2', parentId: null, position: 2 });
    expect(moveFor(tree, '6', { kind: 'inside', targetId: '3' })).toEqual({ id: '6', parentId: '3', position: null });
  });

  it('refuses a drop into the note’s own subtree, and a drop that changes nothing', () => {
    expect(moveFor(tree, '1', { kind: 'inside', targetId: '4' })).toBeNull();
    expect(moveFor(tree, '1', { kind: 'before', targetId: '1' })).toBeNull();
    expect(moveFor(tree, '4', { kind: 'before', targetId: '5' })).toBeNull();
    expect(moveFor(tree, '5', { kind: 'after', targetId: '4' })).toBeNull();
    expect(moveFor(tree, '5', { kind: 'inside', targetId: '3' })).toBeNull();
  });

  it('moves by keyboard: up, down, in (under the previous sibling) and out (after the parent)', () => {
    expect(keyboardPlace(tree, '3', 'up')).toEqual({ kind: 'before', targetId: '2' });
    expect(keyboardPlace(tree, '2', 'up')).toBeNull();
    expect(keyboardPlace(tree, '4', 'down')).toEqual({ kind: 'after', targetId: '5' });
    expect(keyboardPlace(tree, '3', 'in')).toEqual({ kind: 'inside', targetId: '2' });
    expect(keyboardPlace(tree, '2', 'in')).toBeNull();
    expect(keyboardPlace(tree, '4', 'out')).toEqual({ kind: 'after', targetId: '3' });
    expect(keyboardPlace(tree, '1', 'out')).toBeNull();
  });

  it('applies a move as the service does: the sent position taken, the siblings from it moved down', () => {
    const up = moveFor(tree, '3', { kind: 'before', targetId: '2' });
    expect(up).not.toBeNull();
    if (!up) return;
    const after = applyMove(NODES, up);
    expect(shape(after)['1']).toEqual(['3', '2']);
    const out = moveFor(tree, '4', { kind: 'after', targetId: '3' });
    if (!out) throw new Error('no move');
    expect(shape(applyMove(NODES, out))).toMatchObject({ top: ['1', '6'], '1': ['2', '3', '4'], '3': ['5'] });
    const inside = applyMove(NODES, { id: '6', parentId: '2', position: null });
    expect(shape(inside)).toMatchObject({ top: ['1'], '2': ['6'] });
  });
});
