// The one estimate parser: every unit, the conversions of the spec, mixed and decimal text, story
// points, the refusals a person meets in a form, and canonical text that parses back to itself.
import { describe, expect, it } from 'vitest';
import { ESTIMATE_TEXT_MAX, MAX_MINUTES, MINUTES_PER, describeEstimate, formatEstimate, parseEstimate } from './estimate';

const value = (text: string, units: 'time' | 'story_points' = 'time'): number | null => {
  const r = parseEstimate(text, units);
  if (!r.ok) throw new Error(`expected "${text}" to parse, got: ${r.error}`);
  return r.value;
};
const error = (text: string, units: 'time' | 'story_points' = 'time'): string => {
  const r = parseEstimate(text, units);
  if (r.ok) throw new Error(`expected "${text}" to be refused, got ${String(r.value)}`);
  return r.error;
};

describe('parseEstimate: time units', () => {
  it('reads every unit in minutes', () => {
    expect(value('45min')).toBe(45);
    expect(value('2h')).toBe(120);
    expect(value('1d')).toBe(480);
    expect(value('1w')).toBe(2400);
    expect(value('1m')).toBe(10560);
  });

  it('applies the conversions of the spec: 1d = 8h, 1w = 5d, 1m = 22d', () => {
    expect(MINUTES_PER.d).toBe(8 * MINUTES_PER.h);
    expect(MINUTES_PER.w).toBe(5 * MINUTES_PER.d);
    expect(MINUTES_PER.m).toBe(22 * MINUTES_PER.d);
    expect(value('8h')).toBe(value('1d'));
    expect(value('5d')).toBe(value('1w'));
    expect(value('22d')).toBe(value('1m'));
  });

  it('tells a month (m) from a minute (min)', () => {
    expect(value('3m')).toBe(3 * 22 * 8 * 60);
    expect(value('3min')).toBe(3);
    expect(value('1m 30min')).toBe(10560 + 30);
  });

  it('adds mixed units, with or without spaces or commas, in any case', () => {
    expect(value('1d 2h')).toBe(600);
    expect(value('1d2h')).toBe(600);
    expect(value('1w, 2d 3h 15min')).toBe(2400 + 960 + 180 + 15);
    expect(value('  1D 2H ')).toBe(600);
  });

  it('takes decimals and rounds time to whole minutes', () => {
    expect(value('1.5d')).toBe(720);
    expect(value('.5h')).toBe(30);
    expect(value('0.01h')).toBe(1); // 0.6 minutes rounds to 1
  });

  it('clears the estimate on empty text', () => {
    expect(parseEstimate('', 'time')).toEqual({ ok: true, value: null, text: null, units: 'time' });
    expect(parseEstimate('   ', 'story_points')).toMatchObject({ ok: true, value: null });
  });

  it('refuses text that is not an estimate', () => {
    expect(error('3x')).toMatch(/not an estimate/);
    expect(error('abc')).toMatch(/not an estimate/);
    expect(error('1d -2h')).toMatch(/not an estimate/);
    expect(error('h')).toMatch(/not an estimate/);
  });

  it('refuses a unit given twice', () => {
    expect(error('1d 1d')).toMatch(/more than once/);
    expect(error('1h 30min 2h')).toMatch(/"h" more than once/);
  });

  it('refuses a bare number under time: it needs a unit', () => {
    expect(error('3')).toMatch(/needs a unit/);
  });

  it('refuses story points under a time release and mixed points and time', () => {
    expect(error('5p')).toMatch(/story points.*estimated in time/);
    expect(error('5p 2h', 'story_points')).toMatch(/mixes story points with time/);
  });

  it('refuses text that is too long or too large', () => {
    expect(error('1h '.repeat(30))).toMatch(/too long/);
    expect(ESTIMATE_TEXT_MAX).toBe(64);
    expect(error('1201m')).toMatch(/too large/);
    expect(value('1200m')).toBe(MAX_MINUTES);
  });
});

describe('parseEstimate: story points', () => {
  it('reads Np and bare numbers as points', () => {
    expect(value('5p', 'story_points')).toBe(5);
    expect(value('5', 'story_points')).toBe(5);
    expect(value('2.5p', 'story_points')).toBe(2.5);
    expect(value('1.234', 'story_points')).toBe(1.23);
  });

  it('refuses time units under a story-point release', () => {
    expect(error('2h', 'story_points')).toMatch(/in time.*story points/);
    expect(error('1d 2h', 'story_points')).toMatch(/story points/);
  });

  it('refuses too many points and gibberish', () => {
    expect(error('1000001p', 'story_points')).toMatch(/too large/);
    expect(error('3x', 'story_points')).toMatch(/not an estimate/);
  });
});

describe('formatEstimate', () => {
  it('writes time as days, hours and minutes', () => {
    expect(formatEstimate(600, 'time')).toBe('1d 2h');
    expect(formatEstimate(90, 'time')).toBe('1h 30min');
    expect(formatEstimate(2400, 'time')).toBe('5d');
    expect(formatEstimate(0, 'time')).toBe('0h');
    expect(formatEstimate(null, 'time')).toBeNull();
    expect(formatEstimate(undefined, 'story_points')).toBeNull();
  });

  it('writes points as Np', () => {
    expect(formatEstimate(5, 'story_points')).toBe('5p');
    expect(formatEstimate(2.5, 'story_points')).toBe('2.5p');
  });

  it('round-trips: canonical text parses back to the same value and text', () => {
    for (const text of ['1d 2h', '45min', '1w', '1m', '1.5d', '3h 20min', '2m 1w 3d 7h 59min']) {
      const first = parseEstimate(text, 'time');
      if (!first.ok || first.value === null || first.text === null) throw new Error(text);
      const again = parseEstimate(first.text, 'time');
      expect(again).toEqual(first);
      expect(formatEstimate(first.value, 'time')).toBe(first.text);
    }
    for (const text of ['5p', '0.5p', '13']) {
      const first = parseEstimate(text, 'story_points');
      if (!first.ok || first.text === null) throw new Error(text);
      expect(parseEstimate(first.text, 'story_points')).toEqual(first);
    }
  });

  it('returns the canonical text from the parser', () => {
    expect(parseEstimate('1w', 'time')).toMatchObject({ ok: true, value: 2400, text: '5d' });
    expect(parseEstimate('90min', 'time')).toMatchObject({ ok: true, value: 90, text: '1h 30min' });
  });
});

describe('describeEstimate', () => {
  it('says what the parser understood', () => {
    expect(describeEstimate(600, '1d 2h', 'time')).toBe('1d 2h = 10 h');
    expect(describeEstimate(5, '5p', 'story_points')).toBe('5p = 5 points');
    expect(describeEstimate(1, '1p', 'story_points')).toBe('1p = 1 point');
    expect(describeEstimate(null, null, 'time')).toBe('');
  });
});
