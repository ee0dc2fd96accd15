// Estimate text: the one parser and formatter for `*_estimate_text`, shared by the forms (validate as
// you type) and the service (store minutes or points). Rules from the spec: units min, h, d, w, m
// with 1d = 8h, 1w = 5d, 1m = 22d (`m` is a month, `min` a minute); story points are `Np`.

export type CapacityUnits = 'time' | 'story_points';

export const MINUTES_PER = {
  min: 1,
  h: 60,
  d: 8 * 60,
  w: 5 * 8 * 60,
  m: 22 * 8 * 60,
} as const;

export type TimeUnit = keyof typeof MINUTES_PER;

/** Longest text accepted; anything longer is not an estimate a person typed. */
export const ESTIMATE_TEXT_MAX = 64;
/** Upper bound of a stored estimate: 100 years of working months in minutes, or a million points. */
export const MAX_MINUTES = 100 * 12 * MINUTES_PER.m;
export const MAX_POINTS = 1_000_000;

export type EstimateParse =
  | { ok: true; value: number | null; text: string | null; units: CapacityUnits }
  | { ok: false; error: string };

// A part is a number (integer or decimal) followed by a unit. `min` must be tried before `m`.
const PART = /(\d+(?:\.\d+)?|\.\d+)\s*(min|h|d|w|m|p)(?![a-z])/gy;

/**
 * Parses estimate text against the capacity units of the record's release.
 * Empty text clears the estimate (value null). Time is returned in whole minutes, points to two
 * decimals. A bare number is taken as points under story points and refused under time, because
 * "3" could mean hours or days and a silent guess would be worse than a question.
 */
export function parseEstimate(input: string, units: CapacityUnits): EstimateParse {
  const text = input.trim().toLowerCase();
  if (text === '') return { ok: true, value: null, text: null, units };
  if (text.length > ESTIMATE_TEXT_MAX) {
    return { ok: false, error: `is too long (at most ${ESTIMATE_TEXT_MAX} characters)` };
  }

  if (/^(\d+(?:\.\d+)?|\.\d+)$/.test(text)) {
    if (units === 'story_points') return pointsResult(Number(text), units);
    return { ok: false, error: `"${input.trim()}" needs a unit: min, h, d, w or m (for example 2h or 1d 4h)` };
  }

  const seen = new Set<string>();
  let minutes = 0;
  let points: number | null = null;
  let pos = 0;
  while (pos < text.length) {
    while (text[pos] === ' ' || text[pos] === ',') pos++;
    if (pos >= text.length) break;
    PART.lastIndex = pos;
    const match = PART.exec(text);
    if (!match) {
      return { ok: false, error: `"${input.trim()}" is not an estimate: use numbers with min, h, d, w, m or p (for example 1d 2h or 5p)` };
    }
    const amount = Number(match[1]);
    const unit = match[2] as TimeUnit | 'p';
    if (seen.has(unit)) return { ok: false, error: `gives the unit "${unit}" more than once` };
    seen.add(unit);
    if (unit === 'p') points = amount;
    else minutes += amount * MINUTES_PER[unit];
    pos = PART.lastIndex;
  }

  if (points !== null && seen.size > 1) {
    return { ok: false, error: 'mixes story points with time units' };
  }
  if (points !== null) {
    if (units === 'time') {
      return { ok: false, error: 'is in story points, but this release is estimated in time (use min, h, d, w or m)' };
    }
    return pointsResult(points, units);
  }
  if (units === 'story_points') {
    return { ok: false, error: 'is in time, but this release is estimated in story points (use for example 5p)' };
  }
  const whole = Math.round(minutes);
  if (whole > MAX_MINUTES) return { ok: false, error: 'is too large' };
  return { ok: true, value: whole, text: formatEstimate(whole, 'time'), units };
}

function pointsResult(raw: number, units: CapacityUnits): EstimateParse {
  const points = Math.round(raw * 100) / 100;
  if (points > MAX_POINTS) return { ok: false, error: 'is too large' };
  return { ok: true, value: points, text: formatEstimate(points, 'story_points'), units };
}

/** Canonical text of a stored estimate: days, hours and minutes for time (`1d 2h`), `5p` for points. */
export function formatEstimate(value: number | null | undefined, units: CapacityUnits): string | null {
  if (value === null || value === undefined) return null;
  if (units === 'story_points') return `${trimNumber(value)}p`;
  const total = Math.round(value);
  if (total === 0) return '0h';
  const days = Math.floor(total / MINUTES_PER.d);
  const hours = Math.floor((total % MINUTES_PER.d) / MINUTES_PER.h);
  const mins = total % MINUTES_PER.h;
  const parts: string[] = [];
  if (days) parts.push(`${days}d`);
  if (hours) parts.push(`${hours}h`);
  if (mins) parts.push(`${mins}min`);
  return parts.join(' ');
}

/** What the parser understood, for a person: `1d 2h = 10 h`, `5p = 5 points`. */
export function describeEstimate(value: number | null, text: string | null, units: CapacityUnits): string {
  if (value === null || text === null) return '';
  if (units === 'story_points') return `${text} = ${trimNumber(value)} ${value === 1 ? 'point' : 'points'}`;
  return `${text} = ${trimNumber(Math.round((value / MINUTES_PER.h) * 100) / 100)} h`;
}

function trimNumber(n: number): string {
  return Number.isInteger(n) ? String(n) : String(Math.round(n * 100) / 100);
}
