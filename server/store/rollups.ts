// Computed progress and dates of features, release phases and releases. Stored in the records'
// `progress` (and date) columns so reads and lists never compute. Each function recomputes ONE record
// and says whether its numbers moved; the roll-up scheduler (`rollup-scheduler.ts`) calls them once
// per record per write, bottom-up along `rollup-edges.ts`: feature → its phase → its release → …
//
// Sources computed (the `_with_dependents` variants compute like their base: dependency links are
// not modelled yet):
//   feature  progress_from_requirements        share of its requirements in a complete status
//            progress_from_remaining_estimate  1 − remaining / (detailed ?? initial)
//            progress_from_todos               null (there are no to-dos yet)
//   phase    progress_from_features            mean of its features' progress (complete = 100)
//            progress_from_features_completed  share of its features in a complete status
//            progress_from_todos               null
//            duration_from_features            start_on / end_on = min start_date / max due_date
//   release  progress_from_features, progress_from_features_completed  as for phases
//            progress_from_release_phases      mean of its phases' progress (no progress = 0)
//            progress_from_remaining_estimate  sum form over its features
//            progress_from_sub_releases        mean of its child releases (complete status = 100)
//            progress_from_epics, progress_from_todos  null (not modelled yet)
//            duration_from_release_phases_features  start_date / release_date from phases + features
//            duration_from_sub_releases        start_date / release_date from child releases
//   (the parent release, up the chain, is the scheduler's walk).
// Manual sources are never touched. Derived values are not audited (the write that caused them is),
// but a record whose derived value changes gets a new `updated_at` so `updated_since` syncs see it.
//
// Set-level roll-ups read the release's and phase's feature sums the triggers keep
// (store/feature-stats.ts; a release may hold 100,000 features) and hand them to the domain rule as a
// single equivalent item, so rounding and clamping stay the domain's.
import {
  baseSource,
  progressFromChildren,
  progressFromCompletion,
  progressFromRemaining,
  progressFromRemainingSum,
} from '../../src/domain/progress';
import { dateBounds, estimateTotals, statsByStatus } from './feature-stats';
import type { FeatureSet } from './feature-stats';
import type { Db } from './audit';

/** Mean of n values given their sum, through the domain rule (null when there are none). */
function mean(sum: number, count: number): number | null {
  if (count === 0) return null;
  return progressFromChildren([{ progress: sum / count, complete: false }]);
}

/**
 * Progress inputs of a set of features: how many, how many complete, and the sum of progress with
 * complete features counted as 100 and no progress as 0 — from the per-status sums the triggers
 * keep (store/feature-stats.ts), not from the features themselves.
 */
async function progressStats(db: Db, column: FeatureSet, id: number): Promise<{ count: number; completed: number; progressSum: number }> {
  const groups = await statsByStatus(db, column, id);
  if (groups.length === 0) return { count: 0, completed: 0, progressSum: 0 };
  const complete = new Set(
    (
      await db
        .selectFrom('workflow_statuses')
        .select('id')
        .where('id', 'in', groups.map((g) => g.status))
        .where('complete', '=', 1)
        .execute()
    ).map((s) => s.id),
  );
  let count = 0;
  let completed = 0;
  let progressSum = 0;
  for (const g of groups) {
    count += g.n;
    if (complete.has(g.status)) {
      completed += g.n;
      progressSum += 100 * g.n;
    } else progressSum += g.psum;
  }
  return { count, completed, progressSum };
}


/**
 * Feature columns a release's or phase's roll-ups read, by its sources: a feature write that changed
 * none of them (and not the feature's membership) leaves the release's numbers where they are, so
 * the scheduler need not aggregate its (maybe 100,000) features again.
 */
export function featureColumnsRead(progressSource: string, datesFromFeatures: boolean): string[] {
  const source = baseSource(progressSource);
  const cols: string[] = [];
  if (source === 'progress_from_features' || source === 'progress_from_features_completed') cols.push('progress', 'workflow_status_id');
  else if (source === 'progress_from_remaining_estimate') cols.push('initial_estimate', 'detailed_estimate', 'remaining_estimate');
  if (datesFromFeatures) cols.push('start_date', 'due_date');
  return cols;
}

/** Whether a change limited to `changed` feature columns (null: anything) can move a record that reads `read`. */
export const readsAny = (changed: ReadonlySet<string> | null, read: readonly string[]): boolean =>
  changed === null || read.some((c) => changed.has(c));

const minDate = (a: string | null, b: string | null): string | null => (a === null ? b : b === null ? a : a < b ? a : b);
const maxDate = (a: string | null, b: string | null): string | null => (a === null ? b : b === null ? a : a > b ? a : b);

/** Recomputes a feature's progress when its source is not manual; true when it moved. */
export async function recomputeFeature(db: Db, featureId: number): Promise<boolean> {
  const f = await db
    .selectFrom('features')
    .select(['id', 'progress', 'progress_source', 'initial_estimate', 'detailed_estimate', 'remaining_estimate'])
    .where('id', '=', featureId)
    .executeTakeFirst();
  if (!f) return false;
  const source = baseSource(f.progress_source);
  let progress: number | null;
  switch (source) {
    case 'progress_manual':
      return false;
    case 'progress_from_requirements': {
      const reqs = await db
        .selectFrom('requirements as r')
        .innerJoin('workflow_statuses as ws', 'ws.id', 'r.workflow_status_id')
        .select('ws.complete')
        .where('r.feature_id', '=', featureId)
        .execute();
      progress = progressFromCompletion(reqs.map((r) => ({ complete: r.complete === 1 })));
      break;
    }
    case 'progress_from_remaining_estimate':
      progress = progressFromRemaining({
        initial: f.initial_estimate,
        detailed: f.detailed_estimate,
        remaining: f.remaining_estimate,
      });
      break;
    default:
      progress = null; // to-dos are not modelled yet
  }
  if (progress === f.progress) return false;
  await db.updateTable('features').set({ progress, updated_at: new Date().toISOString() }).where('id', '=', featureId).execute();
  return true;
}

/**
 * Recomputes a release phase's progress (and dates when duration comes from features); true when
 * they moved. `featureColumns`: the only feature columns that changed (null or absent: anything).
 */
export async function recomputePhase(db: Db, phaseId: number, featureColumns: ReadonlySet<string> | null = null): Promise<boolean> {
  const p = await db
    .selectFrom('release_phases')
    .select(['id', 'progress', 'progress_source', 'duration_source', 'start_on', 'end_on'])
    .where('id', '=', phaseId)
    .executeTakeFirst();
  if (!p) return false;
  const source = baseSource(p.progress_source);
  const fromDates = p.duration_source === 'duration_from_features';
  if (source === 'progress_manual' && !fromDates) return false;
  if (!readsAny(featureColumns, featureColumnsRead(p.progress_source, fromDates))) return false;
  let progress = p.progress;
  if (source === 'progress_from_features' || source === 'progress_from_features_completed') {
    const stats = await progressStats(db, 'release_phase_id', phaseId);
    progress =
      source === 'progress_from_features' ? mean(stats.progressSum, stats.count) : mean(stats.completed * 100, stats.count);
  } else if (source !== 'progress_manual') progress = null; // to-dos are not modelled yet

  // With no dated features the phase keeps the dates it has, rather than losing them.
  let startOn = p.start_on;
  let endOn = p.end_on;
  if (fromDates) {
    const dates = await dateBounds(db, 'release_phase_id', phaseId);
    startOn = dates.minStart ?? p.start_on;
    endOn = dates.maxDue ?? p.end_on;
  }

  if (progress === p.progress && startOn === p.start_on && endOn === p.end_on) return false;
  await db
    .updateTable('release_phases')
    .set({ progress, start_on: startOn, end_on: endOn, updated_at: new Date().toISOString() })
    .where('id', '=', phaseId)
    .execute();
  return true;
}

/**
 * Recomputes one release's progress (and dates when duration comes from phases and features or from
 * sub-releases); true when they moved. `featureColumns` as for `recomputePhase`; what reads the
 * release (its parent, epics dated by it, initiatives following it) is the scheduler's walk.
 */
export async function recomputeRelease(db: Db, releaseId: number, featureColumns: ReadonlySet<string> | null = null): Promise<boolean> {
  const r = await db
    .selectFrom('releases')
    .select(['id', 'parent_id', 'progress', 'progress_source', 'duration_source', 'start_date', 'release_date'])
    .where('id', '=', releaseId)
    .executeTakeFirst();
  if (!r) return false;
  const source = baseSource(r.progress_source);
  const duration = r.duration_source;
  const fromPhasesAndFeatures = duration === 'duration_from_release_phases_features';
  // Phases and sub-releases are not features: a feature-only change reaches only what reads features.
  if (!readsAny(featureColumns, featureColumnsRead(r.progress_source, fromPhasesAndFeatures))) return false;

  let progress = r.progress;
  let startDate = r.start_date;
  let releaseDate = r.release_date;

  const needsPhases = source === 'progress_from_release_phases' || fromPhasesAndFeatures;
  const phases = needsPhases
    ? await db
        .selectFrom('release_phases')
        .select(['progress', 'start_on', 'end_on'])
        .where('release_id', '=', releaseId)
        .execute()
    : [];

  const needsChildren = source === 'progress_from_sub_releases' || duration === 'duration_from_sub_releases';
  const children = needsChildren
    ? await db
        .selectFrom('releases as c')
        .innerJoin('workflow_statuses as ws', 'ws.id', 'c.workflow_status_id')
        .select(['c.progress', 'ws.complete', 'c.start_date', 'c.release_date'])
        .where('c.parent_id', '=', releaseId)
        .execute()
    : [];

  if (source === 'progress_from_features' || source === 'progress_from_features_completed') {
    const stats = await progressStats(db, 'release_id', releaseId);
    progress =
      source === 'progress_from_features' ? mean(stats.progressSum, stats.count) : mean(stats.completed * 100, stats.count);
  } else if (source === 'progress_from_remaining_estimate') {
    // The sums over all features are one equivalent estimate: same maths as the per-item sum.
    const e = await estimateTotals(db, 'release_id', releaseId);
    progress = progressFromRemainingSum([{ initial: null, detailed: e.total, remaining: e.left }]);
  } else if (source === 'progress_from_release_phases') {
    progress = progressFromChildren(phases.map((p) => ({ progress: p.progress, complete: false })));
  } else if (source === 'progress_from_sub_releases') {
    progress = progressFromChildren(children.map((c) => ({ progress: c.progress, complete: c.complete === 1 })));
  } else if (source !== 'progress_manual') progress = null; // epics and to-dos are not rolled up yet

  if (fromPhasesAndFeatures) {
    const dates = await dateBounds(db, 'release_id', releaseId);
    let start = dates.minStart;
    let end = dates.maxDue;
    for (const p of phases) {
      start = minDate(start, p.start_on);
      end = maxDate(end, p.end_on);
    }
    startDate = start ?? startDate;
    releaseDate = end ?? releaseDate;
  } else if (duration === 'duration_from_sub_releases') {
    let start: string | null = null;
    let end: string | null = null;
    for (const c of children) {
      start = minDate(start, c.start_date);
      end = maxDate(end, c.release_date);
    }
    startDate = start ?? startDate;
    releaseDate = end ?? releaseDate;
  }

  if (progress === r.progress && startDate === r.start_date && releaseDate === r.release_date) return false;
  await db
    .updateTable('releases')
    .set({ progress, start_date: startDate, release_date: releaseDate, updated_at: new Date().toISOString() })
    .where('id', '=', releaseId)
    .execute();
  return true;
}
