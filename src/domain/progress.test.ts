// Progress sources and roll-up maths: the create/update lists of the spec and each computation the
// service stores (from requirements, remaining estimate, children, completion).
import { describe, expect, it } from 'vitest';
import {
  FEATURE_PROGRESS_SOURCES_CREATE,
  FEATURE_PROGRESS_SOURCES_UPDATE,
  RELEASE_PHASE_PROGRESS_SOURCES,
  RELEASE_PROGRESS_SOURCES,
  baseSource,
  progressFromChildren,
  progressFromCompletion,
  progressFromRemaining,
  progressFromRemainingSum,
} from './progress';

describe('progress source lists', () => {
  it('offers the _with_dependents feature sources on create only', () => {
    expect(FEATURE_PROGRESS_SOURCES_CREATE).toContain('progress_from_requirements_with_dependents');
    expect(FEATURE_PROGRESS_SOURCES_UPDATE).not.toContain('progress_from_requirements_with_dependents');
    expect([...FEATURE_PROGRESS_SOURCES_UPDATE]).toEqual([
      'progress_manual',
      'progress_from_requirements',
      'progress_from_remaining_estimate',
      'progress_from_todos',
    ]);
    for (const s of FEATURE_PROGRESS_SOURCES_UPDATE) expect(FEATURE_PROGRESS_SOURCES_CREATE).toContain(s);
  });

  it('lists the release and phase sources of the spec', () => {
    expect(RELEASE_PROGRESS_SOURCES).toHaveLength(14);
    expect(RELEASE_PROGRESS_SOURCES).toContain('progress_from_sub_releases');
    expect(RELEASE_PHASE_PROGRESS_SOURCES).toHaveLength(7);
    expect(RELEASE_PHASE_PROGRESS_SOURCES).not.toContain('progress_from_release_phases');
  });

  it('computes _with_dependents like its base', () => {
    expect(baseSource('progress_from_requirements_with_dependents')).toBe('progress_from_requirements');
    expect(baseSource('progress_from_features')).toBe('progress_from_features');
  });
});

describe('progressFromCompletion', () => {
  it('is the share of complete items, rounded', () => {
    expect(progressFromCompletion([{ complete: true }, { complete: false }])).toBe(50);
    expect(progressFromCompletion([{ complete: true }, { complete: false }, { complete: false }])).toBe(33);
    expect(progressFromCompletion([{ complete: true }, { complete: true }, { complete: false }])).toBe(67);
    expect(progressFromCompletion([{ complete: true }])).toBe(100);
    expect(progressFromCompletion([{ complete: false }])).toBe(0);
  });

  it('is null with nothing to measure', () => {
    expect(progressFromCompletion([])).toBeNull();
  });
});

describe('progressFromRemaining', () => {
  it('is 1 − remaining / detailed, falling back to the initial estimate', () => {
    expect(progressFromRemaining({ initial: 1000, detailed: 400, remaining: 100 })).toBe(75);
    expect(progressFromRemaining({ initial: 400, detailed: null, remaining: 300 })).toBe(25);
    expect(progressFromRemaining({ initial: 400, detailed: null, remaining: 0 })).toBe(100);
  });

  it('caps remaining at the estimate and is null without an estimate or remaining', () => {
    expect(progressFromRemaining({ initial: 100, detailed: null, remaining: 500 })).toBe(0);
    expect(progressFromRemaining({ initial: null, detailed: null, remaining: 10 })).toBeNull();
    expect(progressFromRemaining({ initial: 0, detailed: null, remaining: 0 })).toBeNull();
    expect(progressFromRemaining({ initial: 100, detailed: null, remaining: null })).toBeNull();
  });
});

describe('progressFromRemainingSum', () => {
  it('sums estimates and remaining over estimated items', () => {
    expect(
      progressFromRemainingSum([
        { initial: 100, detailed: null, remaining: 0 },
        { initial: null, detailed: 300, remaining: 300 },
        { initial: null, detailed: null, remaining: 50 },
      ]),
    ).toBe(25);
  });

  it('counts an item without remaining as not started, and is null with no estimates', () => {
    expect(progressFromRemainingSum([{ initial: 100, detailed: null, remaining: null }])).toBe(0);
    expect(progressFromRemainingSum([])).toBeNull();
    expect(progressFromRemainingSum([{ initial: null, detailed: null, remaining: 5 }])).toBeNull();
  });
});

describe('progressFromChildren', () => {
  it('averages children, counting a complete child as 100 and no progress as 0', () => {
    expect(
      progressFromChildren([
        { progress: 50, complete: false },
        { progress: 10, complete: true },
        { progress: null, complete: false },
      ]),
    ).toBe(50);
    expect(progressFromChildren([{ progress: 33.4, complete: false }])).toBe(33);
  });

  it('clamps to 0–100 and is null with no children', () => {
    expect(progressFromChildren([{ progress: 150, complete: false }])).toBe(100);
    expect(progressFromChildren([])).toBeNull();
  });
});
