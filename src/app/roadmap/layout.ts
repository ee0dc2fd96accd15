// The roadmap's geometry, free of React and the DOM: where a calendar day sits on the timeline at a
// zoom, which range of months or quarters is shown, the header ticks, bar boxes (clipped to the
// range, never thinner than can be seen or clicked) and the roll-up depth of initiatives.
//
// Months (or quarters) are drawn equally wide, as planning tools do: a day's position is its unit's
// index plus the fraction of the unit before it. Days are whole cells: a bar from Mon to Mon covers
// one day, so it ends where the next day begins. All dates are `YYYY-MM-DD` read as UTC days.
import { isRealDate, todayIso } from '../../domain/dates';

export type Zoom = 'month' | 'quarter';

export const ZOOMS: readonly Zoom[] = ['month', 'quarter'];

/** The zoom named in the address (`?zoom=quarter`); anything else is month. */
export function zoomFromParam(value: string | null | undefined): Zoom {
  return value === 'quarter' ? 'quarter' : 'month';
}

/** Pixels per month at month zoom, per quarter at quarter zoom. */
export const UNIT_WIDTH: Readonly<Record<Zoom, number>> = { month: 120, quarter: 120 };

const MONTHS_PER_UNIT: Readonly<Record<Zoom, number>> = { month: 1, quarter: 3 };

/** A bar is never drawn thinner than this, so a one-day record can still be seen and clicked. */
export const MIN_BAR_WIDTH = 8;

const MONTH_NAMES = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;
const MONTH_FULL_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

interface Ymd {
  year: number;
  /** 0–11 */
  month: number;
  /** 1–31 */
  day: number;
}

/** A real `YYYY-MM-DD` as numbers; anything else is null. */
function parse(iso: string | null | undefined): Ymd | null {
  if (!iso || !isRealDate(iso)) return null;
  return { year: Number(iso.slice(0, 4)), month: Number(iso.slice(5, 7)) - 1, day: Number(iso.slice(8, 10)) };
}

function iso(year: number, month: number, day: number): string {
  return new Date(Date.UTC(year, month, day)).toISOString().slice(0, 10);
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

/** The day `n` days after `date` (before, when negative). */
export function addDays(date: string, n: number): string {
  const d = parse(date);
  if (!d) throw new RangeError(`Not a date: ${date}`);
  return iso(d.year, d.month, d.day + n);
}

/** A month count since year 0, so unit arithmetic is plain integer arithmetic. */
const monthIndex = (d: Pick<Ymd, 'year' | 'month'>): number => d.year * 12 + d.month;

/** The first day of the month or quarter that holds `date`. */
export function unitStart(date: string, zoom: Zoom): string {
  const d = parse(date);
  if (!d) throw new RangeError(`Not a date: ${date}`);
  const per = MONTHS_PER_UNIT[zoom];
  return iso(d.year, d.month - (d.month % per), 1);
}

/** The first day of the unit `n` units after the unit that starts on (or holds) `date`. */
export function addUnits(date: string, n: number, zoom: Zoom): string {
  const start = parse(unitStart(date, zoom));
  if (!start) throw new RangeError(`Not a date: ${date}`);
  return iso(start.year, start.month + n * MONTHS_PER_UNIT[zoom], 1);
}

export interface Scale {
  zoom: Zoom;
  /** First day shown: the first day of a month (or quarter). */
  start: string;
  /** The day after the last one shown: the first day of the unit after the range. */
  end: string;
  /** Number of months (or quarters) shown. */
  units: number;
  unitWidth: number;
  /** Total width of the timeline in pixels. */
  width: number;
}

function scaleOf(start: string, units: number, zoom: Zoom): Scale {
  const unitWidth = UNIT_WIDTH[zoom];
  return { zoom, start, end: addUnits(start, units, zoom), units, unitWidth, width: units * unitWidth };
}

export interface RangeOptions {
  /** Always inside the range, so the today line can be shown and scrolled to. */
  today?: string;
  /** Whole empty units added before the first and after the last date. */
  marginUnits?: number;
  /** The timeline is at least this wide (e.g. the visible width), widened evenly on both sides. */
  minWidth?: number;
}

/**
 * The months (or quarters) that hold every given date (invalid and missing ones are ignored) and
 * today, plus a margin on both sides. Without any date the range is the margin around today.
 */
export function computeScale(
  dates: readonly (string | null | undefined)[],
  zoom: Zoom,
  options: RangeOptions = {},
): Scale {
  const { today, marginUnits = 1, minWidth = 0 } = options;
  const valid = [...dates, today].filter((d): d is string => parse(d) !== null);
  const anchor = valid.length > 0 ? valid : [todayIso()];
  const first = anchor.reduce((a, b) => (a < b ? a : b));
  const last = anchor.reduce((a, b) => (a > b ? a : b));
  const margin = Math.max(0, Math.floor(marginUnits));
  const startUnit = unitStart(first, zoom);
  let units = unitsBetween(startUnit, unitStart(last, zoom), zoom) + 1 + 2 * margin;
  let before = margin;
  const needed = Math.ceil(minWidth / UNIT_WIDTH[zoom]);
  if (units < needed) {
    const extra = needed - units;
    before += Math.floor(extra / 2);
    units = needed;
  }
  return scaleOf(addUnits(startUnit, -before, zoom), units, zoom);
}

/** Whole units from the unit starting at `a` to the one starting at `b`. */
function unitsBetween(a: string, b: string, zoom: Zoom): number {
  const da = parse(a);
  const db = parse(b);
  if (!da || !db) return 0;
  return Math.round((monthIndex(db) - monthIndex(da)) / MONTHS_PER_UNIT[zoom]);
}

/**
 * Horizontal position of the start of `date` in pixels from the range start. Dates outside the
 * range give positions below 0 or beyond the width, which bar clipping relies on.
 */
export function xOf(date: string, scale: Scale): number {
  const d = parse(date);
  const s = parse(scale.start);
  if (!d || !s) throw new RangeError(`Not a date: ${date}`);
  const per = MONTHS_PER_UNIT[scale.zoom];
  const months = monthIndex(d) - monthIndex(s);
  const unit = Math.floor(months / per);
  // Days of the unit before this day, over the unit's length in days.
  const unitFirstMonth = monthIndex(s) + unit * per;
  let before = d.day - 1;
  let length = 0;
  for (let i = 0; i < per; i++) {
    const m = unitFirstMonth + i;
    const days = daysInMonth(Math.floor(m / 12), m % 12);
    if (m < monthIndex(d)) before += days;
    length += days;
  }
  return (unit + before / length) * scale.unitWidth;
}

/** Where the day after `date` begins: the right edge of a bar that ends on `date`. */
export function xAfter(date: string, scale: Scale): number {
  return xOf(addDays(date, 1), scale);
}

/** The middle of a day: where milestones and the today line are drawn. */
export function xMid(date: string, scale: Scale): number {
  return (xOf(date, scale) + xAfter(date, scale)) / 2;
}

/** The today line's position, or null when today is outside the range. */
export function todayX(today: string, scale: Scale): number | null {
  if (!parse(today) || today < scale.start || today >= scale.end) return null;
  return xMid(today, scale);
}

export interface Tick {
  /** First day of the month or quarter. */
  date: string;
  x: number;
  width: number;
  /** "Jan" at month zoom, "Q1 2027" at quarter zoom. */
  label: string;
  /** "January 2027", "Q1 2027 (Jan – Mar)". */
  title: string;
  year: number;
  /** The first unit of a calendar year: its grid line is drawn stronger. */
  yearStart: boolean;
}

/** One tick per month (or quarter) of the range. */
export function ticks(scale: Scale): Tick[] {
  const out: Tick[] = [];
  for (let i = 0; i < scale.units; i++) {
    const date = addUnits(scale.start, i, scale.zoom);
    const d = parse(date);
    if (!d) continue;
    const x = i * scale.unitWidth;
    if (scale.zoom === 'month') {
      out.push({
        date,
        x,
        width: scale.unitWidth,
        label: MONTH_NAMES[d.month] ?? '',
        title: `${MONTH_FULL_NAMES[d.month] ?? ''} ${d.year}`,
        year: d.year,
        yearStart: d.month === 0,
      });
    } else {
      const q = Math.floor(d.month / 3) + 1;
      const label = `Q${q} ${d.year}`;
      out.push({
        date,
        x,
        width: scale.unitWidth,
        label,
        title: `${label} (${MONTH_NAMES[d.month] ?? ''} – ${MONTH_NAMES[d.month + 2] ?? ''})`,
        year: d.year,
        yearStart: d.month === 0,
      });
    }
  }
  return out;
}

export interface YearBand {
  year: number;
  x: number;
  width: number;
}

/** The header's upper row: one band per calendar year, cut to the range. */
export function yearBands(scale: Scale): YearBand[] {
  const bands: YearBand[] = [];
  for (const tick of ticks(scale)) {
    const current = bands[bands.length - 1];
    if (current && current.year === tick.year) current.width += tick.width;
    else bands.push({ year: tick.year, x: tick.x, width: tick.width });
  }
  return bands;
}

export interface Span {
  start: string;
  end: string;
  /** Which end was missing and borrowed from the other (a one-day span), if any. */
  open: 'start' | 'end' | null;
}

/**
 * The days a record covers, from its two dates. Reversed dates are put in order; with one date
 * the span is that day, marked open on the missing side; with none (or invalid ones) it is null.
 */
export function spanOf(start: string | null | undefined, end: string | null | undefined): Span | null {
  const s = parse(start) ? (start as string) : null;
  const e = parse(end) ? (end as string) : null;
  if (s && e) return s <= e ? { start: s, end: e, open: null } : { start: e, end: s, open: null };
  if (s) return { start: s, end: s, open: 'end' };
  if (e) return { start: e, end: e, open: 'start' };
  return null;
}

export interface BarBox {
  x: number;
  width: number;
  /** The record starts before the range: the bar's left edge is the range's. */
  clippedStart: boolean;
  /** The record ends after the range. */
  clippedEnd: boolean;
}

/**
 * The box of a bar from `span.start` to the end of `span.end`, clipped to the range and widened to
 * `minWidth` (around its middle, staying inside the range). Null when it lies wholly outside.
 */
export function barBox(
  span: Pick<Span, 'start' | 'end'>,
  scale: Scale,
  minWidth = MIN_BAR_WIDTH,
): BarBox | null {
  const [from, to] = span.start <= span.end ? [span.start, span.end] : [span.end, span.start];
  const x0 = xOf(from, scale);
  const x1 = xAfter(to, scale);
  if (x1 <= 0 || x0 >= scale.width) return null;
  const clippedStart = x0 < 0;
  const clippedEnd = x1 > scale.width;
  let left = Math.max(0, x0);
  let right = Math.min(scale.width, x1);
  const min = Math.min(minWidth, scale.width);
  if (right - left < min) {
    const mid = (left + right) / 2;
    left = Math.min(Math.max(0, mid - min / 2), scale.width - min);
    right = left + min;
  }
  return { x: left, width: right - left, clippedStart, clippedEnd };
}

/** Rough width of a line of text; enough to decide whether a label fits inside a bar. */
export function textWidth(text: string, fontPx = 12): number {
  return text.length * fontPx * 0.58;
}

export type LabelPlacement = 'inside' | 'after' | 'before';

/**
 * Where a bar's label goes: inside when it fits (with padding), else after the bar — or before it
 * when there is no room left of the range's end.
 */
export function labelPlacement(
  box: Pick<BarBox, 'x' | 'width'>,
  labelWidth: number,
  rangeWidth: number,
  padding = 16,
): LabelPlacement {
  if (labelWidth + padding <= box.width) return 'inside';
  const room = rangeWidth - (box.x + box.width);
  return room >= labelWidth + padding / 2 || box.x < labelWidth + padding / 2 ? 'after' : 'before';
}

/** Where the timeline should be scrolled so today sits a third of the way into the visible part. */
export function scrollLeftFor(x: number | null, visibleWidth: number, contentWidth: number): number {
  if (x === null) return 0;
  const target = x - visibleWidth / 3;
  return Math.max(0, Math.min(Math.round(target), Math.max(0, contentWidth - visibleWidth)));
}

export interface TreeNode {
  id: string;
  parent_id?: string | null | undefined;
}

/**
 * How many ancestors each record has through `parent_id`, counting only parents in the list.
 * A loop (A → B → A) stops where it comes back, so every depth is finite.
 */
export function treeDepths(items: readonly TreeNode[]): Map<string, number> {
  const parentOf = new Map<string, string | null>();
  for (const item of items) parentOf.set(item.id, item.parent_id ?? null);
  const depths = new Map<string, number>();
  for (const item of items) {
    const seen = new Set<string>([item.id]);
    let depth = 0;
    let parent = parentOf.get(item.id) ?? null;
    while (parent !== null && parentOf.has(parent) && !seen.has(parent)) {
      seen.add(parent);
      depth++;
      parent = parentOf.get(parent) ?? null;
    }
    depths.set(item.id, depth);
  }
  return depths;
}

/**
 * The records in tree order — each parent followed by its children — with their depth. Siblings
 * are ordered by `compare`. Records whose parent is not in the list start a tree of their own;
 * records caught in a loop are placed after the trees, once each.
 */
export function treeOrder<T extends TreeNode>(
  items: readonly T[],
  compare: (a: T, b: T) => number,
): { item: T; depth: number }[] {
  const ids = new Set(items.map((i) => i.id));
  const children = new Map<string | null, T[]>();
  for (const item of items) {
    const parent =
      item.parent_id && ids.has(item.parent_id) && item.parent_id !== item.id ? item.parent_id : null;
    const list = children.get(parent) ?? [];
    list.push(item);
    children.set(parent, list);
  }
  for (const list of children.values()) list.sort(compare);
  const out: { item: T; depth: number }[] = [];
  const visited = new Set<string>();
  const visit = (item: T, depth: number) => {
    if (visited.has(item.id)) return;
    visited.add(item.id);
    out.push({ item, depth });
    for (const child of children.get(item.id) ?? []) visit(child, depth + 1);
  };
  for (const root of children.get(null) ?? []) visit(root, 0);
  // Only loops are left: enter each at its first record in `compare` order.
  const rest = items.filter((i) => !visited.has(i.id)).sort(compare);
  for (const item of rest) visit(item, 0);
  return out;
}
