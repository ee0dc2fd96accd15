// Initiative and goal roll-up rules as pure functions: which inputs each progress or duration
// source reads and how they combine, so the service computes them and tests check them without I/O.
import { dateSpan } from './hierarchy';
import { baseSource, progressFromChildren } from './progress';

/**
 * A set of records reduced to what progress needs: how many there are, how many are in a complete
 * status, and the sum of their progress with complete ones counted as 100 and none as 0. Large sets
 * (an initiative's features) are aggregated in SQL into this shape.
 */
export interface ProgressStats {
  count: number;
  completed: number;
  progressSum: number;
}

export const NO_STATS: ProgressStats = { count: 0, completed: 0, progressSum: 0 };

/** The stats of a list of records (children, releases, epics). */
export function statsOf(items: readonly { progress: number | null; complete: boolean }[]): ProgressStats {
  let completed = 0;
  let progressSum = 0;
  for (const i of items) {
    if (i.complete) completed++;
    progressSum += i.complete ? 100 : (i.progress ?? 0);
  }
  return { count: items.length, completed, progressSum };
}

/** Mean progress of the set (complete = 100, none = 0) through the domain rule; null when empty. */
export function meanProgress(s: ProgressStats): number | null {
  if (s.count === 0) return null;
  return progressFromChildren([{ progress: s.progressSum / s.count, complete: false }]);
}

/** Share of the set in a complete status, 0–100; null when empty. */
export function completedShare(s: ProgressStats): number | null {
  if (s.count === 0) return null;
  return progressFromChildren([{ progress: (s.completed / s.count) * 100, complete: false }]);
}

/** What an initiative's progress can be computed from; only the sets its source reads are needed. */
export interface InitiativeProgressInputs {
  children?: ProgressStats;
  features?: ProgressStats;
  epics?: ProgressStats;
  releases?: ProgressStats;
}

/** The inputs an initiative progress source reads (after dropping `_with_dependents`). */
export function initiativeProgressNeeds(source: string): keyof InitiativeProgressInputs | null {
  switch (baseSource(source)) {
    case 'progress_from_children':
      return 'children';
    case 'progress_from_features':
    case 'progress_from_features_completed':
      return 'features';
    case 'progress_from_epics':
      return 'epics';
    case 'progress_from_releases':
      return 'releases';
    default:
      return null;
  }
}

/**
 * An initiative's computed progress for its source, or `undefined` for a manual source (the stored
 * value stays). `_with_dependents` computes like its base: dependency links are not modelled.
 */
export function initiativeProgress(source: string, inputs: InitiativeProgressInputs): number | null | undefined {
  const base = baseSource(source);
  switch (base) {
    case 'progress_from_children':
      return meanProgress(inputs.children ?? NO_STATS);
    case 'progress_from_features':
      return meanProgress(inputs.features ?? NO_STATS);
    case 'progress_from_features_completed':
      return completedShare(inputs.features ?? NO_STATS);
    case 'progress_from_epics':
      return meanProgress(inputs.epics ?? NO_STATS);
    case 'progress_from_releases':
      return meanProgress(inputs.releases ?? NO_STATS);
    default:
      return undefined;
  }
}

export interface DatedItem {
  start: string | null;
  end: string | null;
}

/**
 * An initiative's dates for its duration source: the span of its children, of its features and
 * epics, or of its linked releases. With nothing dated to follow (or a manual source) it keeps the
 * dates it has, so a new initiative with no work yet does not lose the dates a person gave it.
 */
export function initiativeDates(
  durationSource: string,
  items: readonly DatedItem[],
  stored: DatedItem,
): DatedItem {
  if (durationSource === 'duration_manual') return stored;
  const span = dateSpan(items);
  return { start: span.start ?? stored.start, end: span.end ?? stored.end };
}

/** A goal's computed progress: the mean of its initiatives' (complete = 100); undefined when manual. */
export function goalProgress(source: string, initiatives: ProgressStats): number | null | undefined {
  return source === 'progress_from_initiatives' ? meanProgress(initiatives) : undefined;
}
