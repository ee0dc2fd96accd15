// The roadmap's geometry: where a day sits at month and quarter zoom, which range is shown, how bars
// are clipped and widened, where today and milestones go, and how records nest.
import { describe, expect, it } from 'vitest';
import {
  MIN_BAR_WIDTH,
  UNIT_WIDTH,
  addDays,
  addUnits,
  barBox,
  computeScale,
  labelPlacement,
  scrollLeftFor,
  spanOf,
  ticks,
  todayX,
  treeDepths,
  treeOrder,
  unitStart,
  xAfter,
  xMid,
  xOf,
  yearBands,
  zoomFromParam,
  type Scale,
} from './layout';

const M = UNIT_WIDTH.month;
const Q = UNIT_WIDTH.quarter;

/** A range starting on `start` of `units` months or quarters, with no margin around the data. */
function scale(start: string, units: number, zoom: 'month' | 'quarter'): Scale {
  const s = computeScale([start, addDays(addUnits(start, units, zoom), -1)], zoom, {
    marginUnits: 0,
    today: start,
  });
  expect(s.start).toBe(start);
  expect(s.units).toBe(units);
  return s;
}

describe('zoomFromParam', () => {
  it('reads quarter from the address and falls back to month', () => {
    expect(zoomFromParam('quarter')).toBe('quarter');
    expect(zoomFromParam('month')).toBe('month');
    expect(zoomFromParam(null)).toBe('month');
    expect(zoomFromParam('year')).toBe('month');
  });
});

describe('calendar units', () => {
  it('finds the first day of the month or quarter', () => {
    expect(unitStart('2026-05-17', 'month')).toBe('2026-05-01');
    expect(unitStart('2026-05-17', 'quarter')).toBe('2026-04-01');
    expect(unitStart('2026-12-31', 'quarter')).toBe('2026-10-01');
  });

  it('steps whole units across year ends, both ways', () => {
    expect(addUnits('2026-11-20', 2, 'month')).toBe('2027-01-01');
    expect(addUnits('2026-02-10', -3, 'month')).toBe('2025-11-01');
    expect(addUnits('2026-11-20', 1, 'quarter')).toBe('2027-01-01');
    expect(addUnits('2026-01-01', -1, 'quarter')).toBe('2025-10-01');
  });

  it('adds days across month ends and leap days', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
  });
});

describe('computeScale (range from the data)', () => {
  it('covers the months of every date plus one empty month each side', () => {
    const s = computeScale(['2026-05-02', '2026-03-15'], 'month', { today: '2026-04-01' });
    expect(s).toMatchObject({
      zoom: 'month',
      start: '2026-02-01',
      end: '2026-07-01',
      units: 5,
      width: 5 * M,
    });
  });

  it('covers whole quarters at quarter zoom', () => {
    const s = computeScale(['2026-03-15', '2026-08-02'], 'quarter', { today: '2026-04-01' });
    expect(s).toMatchObject({
      zoom: 'quarter',
      start: '2025-10-01',
      end: '2027-01-01',
      units: 5,
      width: 5 * Q,
    });
  });

  it('always includes today, so the today line can be shown', () => {
    const s = computeScale(['2026-03-15'], 'month', { today: '2026-09-10', marginUnits: 0 });
    expect(s.start).toBe('2026-03-01');
    expect(s.end).toBe('2026-10-01');
  });

  it('ignores missing and impossible dates', () => {
    const s = computeScale([null, undefined, '', '2026-02-30', 'soon', '2026-06-01'], 'month', {
      today: '2026-06-20',
      marginUnits: 0,
    });
    expect(s).toMatchObject({ start: '2026-06-01', units: 1 });
  });

  it('without any date, is the margin around today', () => {
    const s = computeScale([], 'month', { today: '2026-06-10' });
    expect(s).toMatchObject({ start: '2026-05-01', end: '2026-08-01', units: 3 });
  });

  it('widens evenly to fill the visible width', () => {
    // 3 units of data and margin; 700px needs 6 units: 1 more before, 2 more after.
    const s = computeScale(['2026-06-10'], 'month', { today: '2026-06-10', minWidth: 700 });
    expect(s).toMatchObject({ start: '2026-04-01', units: 6, end: '2026-10-01' });
    expect(s.width).toBeGreaterThanOrEqual(700);
  });

  it('treats a negative or fractional margin as whole units from 0', () => {
    expect(computeScale(['2026-06-10'], 'month', { today: '2026-06-10', marginUnits: -2 }).units).toBe(1);
    expect(computeScale(['2026-06-10'], 'month', { today: '2026-06-10', marginUnits: 1.7 }).units).toBe(3);
  });
});

describe('xOf (date → x)', () => {
  it('at month zoom gives every month the same width, days in proportion', () => {
    const s = scale('2026-01-01', 3, 'month');
    expect(xOf('2026-01-01', s)).toBe(0);
    expect(xOf('2026-02-01', s)).toBe(M);
    expect(xOf('2026-01-16', s)).toBeCloseTo((15 / 31) * M);
    // February 2026 has 28 days: the 15th is half way through it.
    expect(xOf('2026-02-15', s)).toBeCloseTo(1.5 * M);
    expect(xOf('2026-04-01', s)).toBe(3 * M);
  });

  it('knows leap years', () => {
    const s = scale('2028-02-01', 1, 'month');
    expect(xOf('2028-02-29', s)).toBeCloseTo((28 / 29) * M);
    expect(xAfter('2028-02-29', s)).toBeCloseTo(M);
  });

  it('at quarter zoom measures days over the whole quarter', () => {
    const s = scale('2026-01-01', 4, 'quarter');
    // Q1 2026: 31 + 28 + 31 = 90 days; Feb 15 is the 46th.
    expect(xOf('2026-02-15', s)).toBeCloseTo((45 / 90) * Q);
    expect(xOf('2026-04-01', s)).toBe(Q);
    expect(xOf('2026-12-31', s)).toBeCloseTo(3 * Q + (91 / 92) * Q);
    expect(xAfter('2026-12-31', s)).toBeCloseTo(4 * Q);
  });

  it('places dates outside the range before 0 or beyond the width', () => {
    const s = scale('2026-03-01', 2, 'month');
    expect(xOf('2026-02-01', s)).toBe(-M);
    expect(xOf('2026-06-01', s)).toBe(3 * M);
    expect(xOf('2025-12-31', s)).toBeLessThan(-2 * M);
  });

  it('puts a day’s middle half way between its start and the next day', () => {
    const s = scale('2026-01-01', 1, 'month');
    expect(xMid('2026-01-01', s)).toBeCloseTo(M / 31 / 2);
    expect(xAfter('2026-01-31', s)).toBe(M);
  });

  it('refuses what is not a date', () => {
    const s = scale('2026-01-01', 1, 'month');
    expect(() => xOf('2026-13-01', s)).toThrow(RangeError);
  });
});

describe('todayX', () => {
  const s = scale('2026-01-01', 3, 'month');

  it('is the middle of today inside the range', () => {
    expect(todayX('2026-02-15', s)).toBeCloseTo(xMid('2026-02-15', s));
    expect(todayX('2026-01-01', s)).toBeGreaterThan(0);
  });

  it('is null outside the range (the end is exclusive) and for a bad date', () => {
    expect(todayX('2025-12-31', s)).toBeNull();
    expect(todayX('2026-04-01', s)).toBeNull();
    expect(todayX('nonsense', s)).toBeNull();
  });
});

describe('ticks and year bands', () => {
  it('labels months and marks the first of a year', () => {
    const s = scale('2026-11-01', 4, 'month');
    const t = ticks(s);
    expect(t.map((x) => x.label)).toEqual(['Nov', 'Dec', 'Jan', 'Feb']);
    expect(t.map((x) => x.x)).toEqual([0, M, 2 * M, 3 * M]);
    expect(t.map((x) => x.yearStart)).toEqual([false, false, true, false]);
    expect(t[2]?.title).toBe('January 2027');
    expect(yearBands(s)).toEqual([
      { year: 2026, x: 0, width: 2 * M },
      { year: 2027, x: 2 * M, width: 2 * M },
    ]);
  });

  it('labels quarters with their year and months', () => {
    const s = scale('2026-10-01', 3, 'quarter');
    const t = ticks(s);
    expect(t.map((x) => x.label)).toEqual(['Q4 2026', 'Q1 2027', 'Q2 2027']);
    expect(t[1]).toMatchObject({
      date: '2027-01-01',
      x: Q,
      width: Q,
      yearStart: true,
      title: 'Q1 2027 (Jan – Mar)',
    });
    expect(yearBands(s).map((b) => [b.year, b.width])).toEqual([
      [2026, Q],
      [2027, 2 * Q],
    ]);
  });
});

describe('spanOf (records without dates)', () => {
  it('takes both dates, putting reversed ones in order', () => {
    expect(spanOf('2026-01-05', '2026-02-01')).toEqual({
      start: '2026-01-05',
      end: '2026-02-01',
      open: null,
    });
    expect(spanOf('2026-02-01', '2026-01-05')).toEqual({
      start: '2026-01-05',
      end: '2026-02-01',
      open: null,
    });
  });

  it('with one date is that day, open on the missing side', () => {
    expect(spanOf('2026-01-05', null)).toEqual({ start: '2026-01-05', end: '2026-01-05', open: 'end' });
    expect(spanOf(undefined, '2026-03-01')).toEqual({
      start: '2026-03-01',
      end: '2026-03-01',
      open: 'start',
    });
    expect(spanOf('2026-02-30', '2026-03-01')).toEqual({
      start: '2026-03-01',
      end: '2026-03-01',
      open: 'start',
    });
  });

  it('without a real date is null, so the record is listed, not drawn', () => {
    expect(spanOf(null, null)).toBeNull();
    expect(spanOf(undefined, '')).toBeNull();
    expect(spanOf('someday', '2026-13-01')).toBeNull();
  });
});

describe('barBox', () => {
  const s = scale('2026-01-01', 3, 'month');

  it('runs from the start of the first day to the end of the last', () => {
    expect(barBox({ start: '2026-02-01', end: '2026-02-28' }, s)).toEqual({
      x: M,
      width: M,
      clippedStart: false,
      clippedEnd: false,
    });
  });

  it('clips a bar that starts before the range, and says so', () => {
    const box = barBox({ start: '2025-11-10', end: '2026-01-31' }, s);
    expect(box).toEqual({ x: 0, width: M, clippedStart: true, clippedEnd: false });
  });

  it('clips a bar that ends after the range, and says so', () => {
    const box = barBox({ start: '2026-03-01', end: '2026-09-30' }, s);
    expect(box).toEqual({ x: 2 * M, width: M, clippedStart: false, clippedEnd: true });
  });

  it('clips both ends of a bar longer than the range', () => {
    expect(barBox({ start: '2025-01-01', end: '2027-01-01' }, s)).toEqual({
      x: 0,
      width: s.width,
      clippedStart: true,
      clippedEnd: true,
    });
  });

  it('is null for a bar wholly outside the range', () => {
    expect(barBox({ start: '2025-10-01', end: '2025-12-31' }, s)).toBeNull();
    expect(barBox({ start: '2026-04-01', end: '2026-05-01' }, s)).toBeNull();
  });

  it('widens a one-day bar to the minimum around its middle, inside the range', () => {
    const box = barBox({ start: '2026-02-15', end: '2026-02-15' }, s);
    expect(box?.width).toBe(MIN_BAR_WIDTH);
    expect((box?.x ?? 0) + MIN_BAR_WIDTH / 2).toBeCloseTo(xMid('2026-02-15', s));
    const first = barBox({ start: '2026-01-01', end: '2026-01-01' }, s);
    expect(first?.x).toBe(0);
    const last = barBox({ start: '2026-03-31', end: '2026-03-31' }, s);
    expect((last?.x ?? 0) + (last?.width ?? 0)).toBe(s.width);
  });

  it('accepts a reversed span', () => {
    expect(barBox({ start: '2026-02-28', end: '2026-02-01' }, s)?.x).toBe(M);
  });
});

describe('milestones', () => {
  it('sit in the middle of their day, at either zoom', () => {
    const month = scale('2026-01-01', 3, 'month');
    const quarter = scale('2026-01-01', 2, 'quarter');
    // Mar 31 is the last day of Q1: its middle is half a day before the quarter line.
    expect(xMid('2026-03-31', quarter)).toBeCloseTo(Q - Q / 90 / 2);
    expect(xMid('2026-03-31', month)).toBeCloseTo(3 * M - M / 31 / 2);
    // The same day is further right at month zoom, where a day is wider.
    expect(xMid('2026-02-10', month)).toBeGreaterThan(xMid('2026-02-10', quarter));
  });
});

describe('labelPlacement', () => {
  it('puts the label inside when it fits, after the bar when there is room, else before', () => {
    expect(labelPlacement({ x: 0, width: 200 }, 100, 1000)).toBe('inside');
    expect(labelPlacement({ x: 100, width: 20 }, 100, 1000)).toBe('after');
    expect(labelPlacement({ x: 880, width: 100 }, 150, 1000)).toBe('before');
    // No room on either side: after, where the timeline can still be scrolled to.
    expect(labelPlacement({ x: 20, width: 20 }, 200, 100)).toBe('after');
  });
});

describe('scrollLeftFor', () => {
  it('puts today a third of the way in, within the scrollable range', () => {
    expect(scrollLeftFor(900, 600, 2000)).toBe(700);
    expect(scrollLeftFor(100, 600, 2000)).toBe(0);
    expect(scrollLeftFor(1990, 600, 2000)).toBe(1400);
    expect(scrollLeftFor(null, 600, 2000)).toBe(0);
    expect(scrollLeftFor(300, 600, 400)).toBe(0);
  });
});

describe('treeDepths and treeOrder', () => {
  const items = [
    { id: '3', parent_id: '1', name: 'c' },
    { id: '1', parent_id: null, name: 'a' },
    { id: '4', parent_id: '3', name: 'd' },
    { id: '2', parent_id: '99', name: 'b' },
    { id: '5', parent_id: '6', name: 'e' },
    { id: '6', parent_id: '5', name: 'f' },
  ];
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

  it('counts ancestors in the list, and stops at loops', () => {
    const depths = treeDepths(items);
    expect(Object.fromEntries(depths)).toEqual({ '1': 0, '3': 1, '4': 2, '2': 0, '5': 1, '6': 1 });
  });

  it('lists each parent before its children, orphans as roots, loops last and once', () => {
    const order = treeOrder(items, byName).map(({ item, depth }) => `${item.name}${depth}`);
    expect(order).toEqual(['a0', 'c1', 'd2', 'b0', 'e0', 'f1']);
  });
});
