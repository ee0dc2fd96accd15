// Initiative and goal roll-up rules: progress per source, completed share, date spans, goals.
import { describe, expect, it } from 'vitest';
import {
  NO_STATS,
  completedShare,
  goalProgress,
  initiativeDates,
  initiativeProgress,
  initiativeProgressNeeds,
  meanProgress,
  statsOf,
} from './rollup';

describe('statsOf / meanProgress / completedShare', () => {
  it('counts complete records as 100 and records without progress as 0', () => {
    const s = statsOf([
      { progress: 50, complete: false },
      { progress: 10, complete: true },
      { progress: null, complete: false },
    ]);
    expect(s).toEqual({ count: 3, completed: 1, progressSum: 150 });
    expect(meanProgress(s)).toBe(50);
    expect(completedShare(s)).toBe(33);
  });

  it('is null for an empty set', () => {
    expect(meanProgress(NO_STATS)).toBeNull();
    expect(completedShare(NO_STATS)).toBeNull();
  });

  it('rounds and clamps through the domain rule', () => {
    expect(meanProgress({ count: 3, completed: 0, progressSum: 100 })).toBe(33);
    expect(completedShare({ count: 3, completed: 2, progressSum: 0 })).toBe(67);
  });
});

describe('initiativeProgress', () => {
  const children = statsOf([
    { progress: 20, complete: false },
    { progress: 40, complete: false },
  ]);
  const features = statsOf([
    { progress: 0, complete: true },
    { progress: 50, complete: false },
    { progress: 50, complete: false },
    { progress: null, complete: false },
  ]);
  const epics = statsOf([{ progress: 80, complete: false }]);
  const releases = statsOf([
    { progress: 10, complete: false },
    { progress: 30, complete: true },
  ]);
  const inputs = { children, features, epics, releases };

  it('computes each source from its own set', () => {
    expect(initiativeProgress('progress_from_children', inputs)).toBe(30);
    expect(initiativeProgress('progress_from_features', inputs)).toBe(50);
    expect(initiativeProgress('progress_from_features_completed', inputs)).toBe(25);
    expect(initiativeProgress('progress_from_epics', inputs)).toBe(80);
    expect(initiativeProgress('progress_from_releases', inputs)).toBe(55);
  });

  it('computes _with_dependents like its base', () => {
    expect(initiativeProgress('progress_from_children_with_dependents', inputs)).toBe(30);
    expect(initiativeProgress('progress_from_features_completed_with_dependents', inputs)).toBe(25);
  });

  it('leaves manual progress alone and is null when the set is empty', () => {
    expect(initiativeProgress('progress_manual', inputs)).toBeUndefined();
    expect(initiativeProgress('progress_from_children', {})).toBeNull();
  });

  it('names the one set each source reads', () => {
    expect(initiativeProgressNeeds('progress_manual')).toBeNull();
    expect(initiativeProgressNeeds('progress_from_features_completed_with_dependents')).toBe('features');
    expect(initiativeProgressNeeds('progress_from_releases')).toBe('releases');
  });
});

describe('initiativeDates', () => {
  const stored = { start: '2027-01-01', end: '2027-03-31' };

  it('takes the span of the dated items', () => {
    expect(
      initiativeDates(
        'duration_from_children',
        [
          { start: '2027-02-01', end: '2027-02-20' },
          { start: null, end: '2027-05-01' },
          { start: '2027-01-15', end: null },
        ],
        stored,
      ),
    ).toEqual({ start: '2027-01-15', end: '2027-05-01' });
  });

  it('keeps the stored dates with nothing dated, or under a manual source', () => {
    expect(initiativeDates('duration_from_releases', [{ start: null, end: null }], stored)).toEqual(stored);
    expect(initiativeDates('duration_manual', [{ start: '2030-01-01', end: '2030-02-01' }], stored)).toEqual(stored);
  });
});

describe('goalProgress', () => {
  it('is the mean of the initiatives under progress_from_initiatives, else untouched', () => {
    const s = statsOf([
      { progress: 40, complete: false },
      { progress: null, complete: true },
    ]);
    expect(goalProgress('progress_from_initiatives', s)).toBe(70);
    expect(goalProgress('progress_from_initiatives', NO_STATS)).toBeNull();
    expect(goalProgress('progress_manual', s)).toBeUndefined();
  });
});
