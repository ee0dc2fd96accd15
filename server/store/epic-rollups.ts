// An epic's computed progress and dates, kept in its columns so reads and lists never compute. The
// roll-up scheduler (`rollup-scheduler.ts`) calls this once per epic per write: after epic writes,
// feature writes (old and new epic) and release roll-ups (epics dated by their release); the
// initiative that reads the epic follows in the scheduler's walk.
//
// Sources computed (`_with_dependents` computes like its base: dependency links are not modelled):
//   progress_from_features            mean of its features' progress, complete status = 100, none = 0
//   progress_from_features_completed  share of its features in a complete status
//   progress_from_remaining_estimate  sum form over its estimated features in the capacity units of
//                                     the epic's release (minutes and points cannot be added; features
//                                     of releases in other units are left out); with none estimated,
//                                     the epic's own initial/detailed/remaining estimates
//   progress_from_todos               null (there are no to-dos yet)
//   duration_from_features            start_date / due_date = span of its features' dates; with no
//                                     dated feature the epic keeps its dates
//   duration_from_releases            start_date / due_date = its release's start_date / release_date;
//                                     a release with neither date leaves the epic's dates alone
// Manual sources are never touched. Derived values are not audited (the write that caused them is),
// but an epic whose derived value changes gets a new `updated_at` so `updated_since` syncs see it.
// Feature sets are aggregated in SQL through `features_epic` (an epic may gather many features).
import { sql } from 'kysely';
import { dateSpan } from '../../src/domain/hierarchy';
import {
  baseSource,
  progressFromChildren,
  progressFromRemaining,
  progressFromRemainingSum,
} from '../../src/domain/progress';
import { dialectOf } from './dialect';
import type { Db } from './audit';
import { readsAny } from './rollups';

/** Count, complete count and progress sum (complete = 100, none = 0) of an epic's features. */
export async function epicFeatureStats(db: Db, epicId: number): Promise<{ count: number; completed: number; progressSum: number }> {
  const r = await sql<{ n: number; done: number | null; psum: number | null }>`
    SELECT count(*) AS n, sum(ws.complete) AS done,
           sum(CASE WHEN ws.complete = 1 THEN 100 ELSE coalesce(f.progress, 0) END) AS psum
    FROM features f LEFT JOIN workflow_statuses ws ON ws.id = f.workflow_status_id
    WHERE f.epic_id = ${epicId}`.execute(db);
  const row = r.rows[0];
  return { count: Number(row?.n ?? 0), completed: Number(row?.done ?? 0), progressSum: Number(row?.psum ?? 0) };
}

/** Mean of n values given their sum, through the domain rule (null when there are none). */
function mean(sum: number, count: number): number | null {
  if (count === 0) return null;
  return progressFromChildren([{ progress: sum / count, complete: false }]);
}

/** Feature columns an epic's roll-ups read, by its sources (see `featureColumnsRead` for releases). */
function epicReadsOfFeatures(progressSource: string, durationSource: string): string[] {
  const source = baseSource(progressSource);
  const cols: string[] = [];
  if (source === 'progress_from_features' || source === 'progress_from_features_completed') cols.push('progress', 'workflow_status_id');
  // Features count in the units of their release, so a feature's move between releases counts too.
  else if (source === 'progress_from_remaining_estimate') cols.push('initial_estimate', 'detailed_estimate', 'remaining_estimate', 'release_id');
  if (durationSource === 'duration_from_features') cols.push('start_date', 'due_date');
  return cols;
}

/**
 * Recomputes an epic's progress and dates when their sources are not manual; true when they moved.
 * `featureColumns`: the only feature columns that changed (null or absent: anything).
 */
export async function recomputeEpic(db: Db, epicId: number, featureColumns: ReadonlySet<string> | null = null): Promise<boolean> {
  const e = await db
    .selectFrom('epics')
    .select([
      'id',
      'release_id',
      'initiative_id',
      'progress',
      'progress_source',
      'duration_source',
      'start_date',
      'due_date',
      'initial_estimate',
      'detailed_estimate',
      'remaining_estimate',
    ])
    .where('id', '=', epicId)
    .executeTakeFirst();
  if (!e) return false;
  if (!readsAny(featureColumns, epicReadsOfFeatures(e.progress_source, e.duration_source))) return false;
  const source = baseSource(e.progress_source);

  let progress = e.progress;
  if (source === 'progress_from_features' || source === 'progress_from_features_completed') {
    const s = await epicFeatureStats(db, epicId);
    progress = source === 'progress_from_features' ? mean(s.progressSum, s.count) : mean(s.completed * 100, s.count);
  } else if (source === 'progress_from_remaining_estimate') {
    const est = sql`coalesce(f.detailed_estimate, f.initial_estimate)`;
    // An epic's features may sit in releases estimated in other units (an epic spans releases):
    // adding their points to minutes would make the result meaningless, so only features whose
    // release uses the epic's release's units count.
    const r = await sql<{ total: number | null; left: number | null }>`
      SELECT sum(${est}) AS total, sum(${dialectOf(db).least(sql`coalesce(f.remaining_estimate, ${est})`, est)}) AS left
      FROM features f JOIN releases r ON r.id = f.release_id
      WHERE f.epic_id = ${epicId} AND ${est} > 0
        AND r.capacity_units = (SELECT capacity_units FROM releases WHERE id = ${e.release_id})`.execute(db);
    const total = r.rows[0]?.total ?? 0;
    // The sums are one equivalent estimate: the same maths as the per-feature sum form.
    progress =
      total > 0
        ? progressFromRemainingSum([{ initial: null, detailed: total, remaining: r.rows[0]?.left ?? 0 }])
        : progressFromRemaining({ initial: e.initial_estimate, detailed: e.detailed_estimate, remaining: e.remaining_estimate });
  } else if (source !== 'progress_manual') progress = null; // to-dos are not modelled yet

  let startDate = e.start_date;
  let dueDate = e.due_date;
  if (e.duration_source === 'duration_from_features') {
    const r = await sql<{ s: string | null; d: string | null }>`
      SELECT min(coalesce(start_date, due_date)) AS s, max(coalesce(due_date, start_date)) AS d
      FROM features WHERE epic_id = ${epicId}`.execute(db);
    const span = dateSpan([{ start: r.rows[0]?.s ?? null, end: r.rows[0]?.d ?? null }]);
    if (span.start !== null) {
      startDate = span.start;
      dueDate = span.end;
    }
  } else if (e.duration_source === 'duration_from_releases') {
    const release = await db
      .selectFrom('releases')
      .select(['start_date', 'release_date'])
      .where('id', '=', e.release_id)
      .executeTakeFirst();
    if (release && (release.start_date !== null || release.release_date !== null)) {
      startDate = release.start_date;
      dueDate = release.release_date;
    }
  }

  if (progress === e.progress && startDate === e.start_date && dueDate === e.due_date) return false;
  await db
    .updateTable('epics')
    .set({ progress, start_date: startDate, due_date: dueDate, updated_at: new Date().toISOString() })
    .where('id', '=', epicId)
    .execute();
  return true;
}

/**
 * The epics dated by a release (duration_from_releases) whose dates differ from the release's: the
 * ones its roll-up must move. A release with neither date leaves its epics alone, so none.
 */
export async function epicsDatedBy(db: Db, releaseId: number): Promise<number[]> {
  const r = await db.selectFrom('releases').select(['start_date', 'release_date']).where('id', '=', releaseId).executeTakeFirst();
  if (!r || (r.start_date === null && r.release_date === null)) return [];
  const rows = await sql<{ id: number }>`
    SELECT id FROM epics
    WHERE release_id = ${releaseId} AND duration_source = 'duration_from_releases'
      AND (${dialectOf(db).isDistinctFrom('start_date', r.start_date)} OR ${dialectOf(db).isDistinctFrom('due_date', r.release_date)})
    ORDER BY id`.execute(db);
  return rows.rows.map((row) => row.id);
}
