// Progress sources: which values each record kind accepts on create and on update (from the spec),
// and the roll-up rules the service computes when the source is not manual.

export const FEATURE_PROGRESS_SOURCES_CREATE = [
  'progress_manual',
  'progress_from_requirements',
  'progress_from_requirements_with_dependents',
  'progress_from_remaining_estimate',
  'progress_from_remaining_estimate_with_dependents',
  'progress_from_todos',
  'progress_from_todos_with_dependents',
] as const;

/** The spec lists a shorter set on update: the `_with_dependents` variants cannot be chosen there. */
export const FEATURE_PROGRESS_SOURCES_UPDATE = [
  'progress_manual',
  'progress_from_requirements',
  'progress_from_remaining_estimate',
  'progress_from_todos',
] as const;

export const RELEASE_PROGRESS_SOURCES = [
  'progress_manual',
  'progress_from_features',
  'progress_from_features_with_dependents',
  'progress_from_release_phases',
  'progress_from_release_phases_with_dependents',
  'progress_from_todos',
  'progress_from_todos_with_dependents',
  'progress_from_remaining_estimate',
  'progress_from_remaining_estimate_with_dependents',
  'progress_from_features_completed',
  'progress_from_features_completed_with_dependents',
  'progress_from_epics',
  'progress_from_epics_with_dependents',
  'progress_from_sub_releases',
] as const;

export const RELEASE_DURATION_SOURCES = [
  'duration_manual',
  'duration_from_release_phases_features',
  'duration_from_sub_releases',
] as const;

export const RELEASE_PHASE_PROGRESS_SOURCES = [
  'progress_manual',
  'progress_from_features',
  'progress_from_features_with_dependents',
  'progress_from_todos',
  'progress_from_todos_with_dependents',
  'progress_from_features_completed',
  'progress_from_features_completed_with_dependents',
] as const;

export const RELEASE_PHASE_DURATION_SOURCES = ['duration_manual', 'duration_from_features'] as const;

export type FeatureProgressSource = (typeof FEATURE_PROGRESS_SOURCES_CREATE)[number];
export type ReleaseProgressSource = (typeof RELEASE_PROGRESS_SOURCES)[number];
export type ReleasePhaseProgressSource = (typeof RELEASE_PHASE_PROGRESS_SOURCES)[number];

/** Drops the `_with_dependents` suffix: dependency links are not modelled yet, so both compute alike. */
export function baseSource(source: string): string {
  return source.replace(/_with_dependents$/, '');
}

const pct = (n: number): number => Math.max(0, Math.min(100, Math.round(n)));

/** Share of requirements in a complete status, 0–100; null when there are none to measure. */
export function progressFromCompletion(items: readonly { complete: boolean }[]): number | null {
  if (items.length === 0) return null;
  return pct((items.filter((i) => i.complete).length / items.length) * 100);
}

/**
 * Progress from remaining effort: 1 − remaining / estimate, where the estimate is the detailed one
 * when given, else the initial one. Null when nothing is estimated; 100 when remaining is 0.
 */
export function progressFromRemaining(e: {
  initial: number | null;
  detailed: number | null;
  remaining: number | null;
}): number | null {
  const total = e.detailed ?? e.initial;
  if (total === null || total <= 0 || e.remaining === null) return null;
  return pct((1 - Math.min(e.remaining, total) / total) * 100);
}

/** Sum form of the above for a set of records (a release's features). */
export function progressFromRemainingSum(
  items: readonly { initial: number | null; detailed: number | null; remaining: number | null }[],
): number | null {
  let total = 0;
  let left = 0;
  for (const i of items) {
    const t = i.detailed ?? i.initial;
    if (t === null || t <= 0) continue;
    total += t;
    left += Math.min(i.remaining ?? t, t);
  }
  return total > 0 ? pct((1 - left / total) * 100) : null;
}

/**
 * Mean progress of child records; a child in a complete status counts as 100 whatever its own
 * progress says, and a child with no progress yet counts as 0. Null when there are no children.
 */
export function progressFromChildren(items: readonly { progress: number | null; complete: boolean }[]): number | null {
  if (items.length === 0) return null;
  const sum = items.reduce((s, i) => s + (i.complete ? 100 : (i.progress ?? 0)), 0);
  return pct(sum / items.length);
}

export const EPIC_PROGRESS_SOURCES = [
  'progress_manual',
  'progress_from_features',
  'progress_from_features_with_dependents',
  'progress_from_remaining_estimate',
  'progress_from_remaining_estimate_with_dependents',
  'progress_from_todos',
  'progress_from_todos_with_dependents',
  'progress_from_features_completed',
  'progress_from_features_completed_with_dependents',
] as const;

export const EPIC_DURATION_SOURCES = ['duration_manual', 'duration_from_features', 'duration_from_releases'] as const;

export const INITIATIVE_PROGRESS_SOURCES = [
  'progress_manual',
  'progress_from_features',
  'progress_from_features_with_dependents',
  'progress_from_releases',
  'progress_from_releases_with_dependents',
  'progress_from_children',
  'progress_from_children_with_dependents',
  'progress_from_features_completed',
  'progress_from_features_completed_with_dependents',
  'progress_from_epics',
  'progress_from_epics_with_dependents',
] as const;

export const INITIATIVE_DURATION_SOURCES = [
  'duration_manual',
  'duration_from_children',
  'duration_from_releases',
  'duration_from_features_epics',
] as const;

/** Goals: manual, or the mean of their initiatives' progress. */
export const GOAL_PROGRESS_SOURCES = ['progress_manual', 'progress_from_initiatives'] as const;

export type EpicProgressSource = (typeof EPIC_PROGRESS_SOURCES)[number];
export type InitiativeProgressSource = (typeof INITIATIVE_PROGRESS_SOURCES)[number];
