// Cycle detection and date spans of roll-up trees.
import { describe, expect, it } from 'vitest';
import { dateSpan, wouldCreateCycle } from './hierarchy';

// 1 ← 2 ← 3 (3's parent is 2, 2's parent is 1), and 4 alone.
const parents = new Map<number, number | null>([
  [1, null],
  [2, 1],
  [3, 2],
  [4, null],
]);
const parentOf = (id: number) => parents.get(id);

describe('wouldCreateCycle', () => {
  it('allows roots and moves under unrelated records', () => {
    expect(wouldCreateCycle(3, null, parentOf)).toBe(false);
    expect(wouldCreateCycle(1, 4, parentOf)).toBe(false);
    expect(wouldCreateCycle(4, 3, parentOf)).toBe(false);
  });

  it('refuses a record as its own parent', () => {
    expect(wouldCreateCycle(2, 2, parentOf)).toBe(true);
  });

  it('refuses a descendant as parent, at any depth', () => {
    expect(wouldCreateCycle(1, 2, parentOf)).toBe(true);
    expect(wouldCreateCycle(1, 3, parentOf)).toBe(true);
    expect(wouldCreateCycle(2, 3, parentOf)).toBe(true);
  });

  it('stops on corrupt data that already loops', () => {
    const loop = new Map<number, number>([
      [7, 8],
      [8, 7],
    ]);
    expect(wouldCreateCycle(9, 7, (id) => loop.get(id), 50)).toBe(true);
  });
});

describe('dateSpan', () => {
  it('takes the earliest start and the latest end, reading a lone date as both', () => {
    expect(
      dateSpan([
        { start: '2026-03-01', end: '2026-04-01' },
        { start: null, end: '2026-06-30' },
        { start: '2026-01-15', end: null },
        { start: null, end: null },
      ]),
    ).toEqual({ start: '2026-01-15', end: '2026-06-30' });
  });

  it('is empty with no dates', () => {
    expect(dateSpan([])).toEqual({ start: null, end: null });
    expect(dateSpan([{ start: null, end: null }])).toEqual({ start: null, end: null });
  });
});
