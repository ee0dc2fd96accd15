// The roll-up tree built from a flat list: roots first, children under their parents in the
// service's order, orphans (parent in another product) and loops shown as roots; the rows shown
// once nodes are collapsed or a filter is on; and the parents an initiative may choose.
import { describe, expect, it } from 'vitest';
import { buildTree, parentChoices, parentIds, visibleRows, type TreeNode } from './initiative-tree';

interface Item {
  id: string;
  parent_id: string | null;
  name: string;
}
const item = (id: string, parent: string | null, name = `I${id}`): Item => ({ id, parent_id: parent, name });

/** `name(child, child(…))` — the shape of a tree, for readable expectations. */
function shape(nodes: readonly TreeNode<Item>[]): string {
  return nodes.map((n) => (n.children.length ? `${n.item.id}(${shape(n.children)})` : n.item.id)).join(' ');
}

// 1 ─┬─ 2 ── 4
//    └─ 3
// 5
const flat = [item('1', null), item('2', '1'), item('3', '1'), item('4', '2'), item('5', null)];

describe('buildTree', () => {
  it('puts roots first and nests children under their parents, keeping the list order', () => {
    const tree = buildTree(flat);
    expect(shape(tree)).toBe('1(2(4) 3) 5');
    expect(tree.map((n) => n.level)).toEqual([1, 1]);
    expect(tree[0]?.children[0]?.children[0]?.level).toBe(3);
  });

  it('nests a child even when it comes before its parent in the list', () => {
    expect(shape(buildTree([item('4', '2'), item('2', '1'), item('1', null)]))).toBe('1(2(4))');
  });

  it('shows an initiative whose parent is in another product as a root, with its own children', () => {
    const tree = buildTree([item('1', null), item('7', '99'), item('8', '7')]);
    expect(shape(tree)).toBe('1 7(8)');
    expect(tree[1]?.level).toBe(1);
    expect(tree[1]?.children[0]?.level).toBe(2);
  });

  it('shows every item exactly once even when the data holds a loop of parents', () => {
    const tree = buildTree([item('1', '3'), item('2', '1'), item('3', '2'), item('4', '4')]);
    const ids: string[] = [];
    const walk = (nodes: readonly TreeNode<Item>[]) =>
      nodes.forEach((n) => (ids.push(n.item.id), walk(n.children)));
    walk(tree);
    expect(ids.sort()).toEqual(['1', '2', '3', '4']);
    expect(shape(tree)).toBe('4 1(2(3))');
  });

  it('is empty for an empty list', () => {
    expect(buildTree([])).toEqual([]);
  });
});

describe('visibleRows', () => {
  const tree = buildTree(flat);

  it('lists every node depth first with its level, position and set size when all are open', () => {
    const rows = visibleRows(tree, { collapsed: new Set() });
    expect(rows.map((r) => [r.item.id, r.level, r.posInSet, r.setSize, r.hasChildren, r.expanded])).toEqual([
      ['1', 1, 1, 2, true, true],
      ['2', 2, 1, 2, true, true],
      ['4', 3, 1, 1, false, false],
      ['3', 2, 2, 2, false, false],
      ['5', 1, 2, 2, false, false],
    ]);
  });

  it('hides the descendants of a collapsed node', () => {
    const rows = visibleRows(tree, { collapsed: new Set(['1']) });
    expect(rows.map((r) => r.item.id)).toEqual(['1', '5']);
    expect(rows[0]?.expanded).toBe(false);
    expect(rows[0]?.hasChildren).toBe(true);
  });

  it('with a filter, shows the matches and the ancestors leading to them, opened, marking which match', () => {
    const rows = visibleRows(tree, { collapsed: new Set(['1', '2']), match: (i) => i.id === '4' });
    expect(rows.map((r) => [r.item.id, r.matches, r.expanded])).toEqual([
      ['1', false, true],
      ['2', false, true],
      ['4', true, false],
    ]);
  });

  it('collapse all closes every node that has children', () => {
    expect([...parentIds(tree)].sort()).toEqual(['1', '2']);
  });
});

describe('parentChoices', () => {
  it('offers every initiative to a new one', () => {
    expect(parentChoices(flat).map((i) => i.id)).toEqual(['1', '2', '3', '4', '5']);
  });

  it('leaves out the initiative itself and all of its descendants', () => {
    expect(parentChoices(flat, '1').map((i) => i.id)).toEqual(['5']);
    expect(parentChoices(flat, '2').map((i) => i.id)).toEqual(['1', '3', '5']);
    expect(parentChoices(flat, '4').map((i) => i.id)).toEqual(['1', '2', '3', '5']);
  });
});
