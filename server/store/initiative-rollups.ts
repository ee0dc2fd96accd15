// Computed progress and dates of initiatives and goals, kept in their columns so reads never compute.
// Each function recomputes ONE record and says whether its numbers moved; the roll-up scheduler
// (`rollup-scheduler.ts`) calls them once per record per write after initiative writes, feature and
// epic writes (which name an initiative) and release roll-ups (linked releases).
//
// Sources computed (rules in src/domain/rollup.ts; `_with_dependents` computes like its base):
//   initiative progress_from_children          mean of child initiatives (complete status = 100)
//              progress_from_features          mean of its features' progress (complete = 100)
//              progress_from_features_completed share of its features in a complete status
//              progress_from_epics             mean of its epics' progress (complete = 100)
//              progress_from_releases          mean of its linked releases' progress (released = 100)
//              duration_from_children          span of the children's start/end dates
//              duration_from_features_epics    span of its features' and epics' start/due dates
//              duration_from_releases          span of its linked releases' start/release dates
//   then (the scheduler's walk) its parent, up the chain, and the goals linked to it:
//   goal       progress_from_initiatives       mean of its linked initiatives (complete = 100)
// With nothing dated to follow, an initiative keeps its dates. Derived values are not audited (the
// write that caused them is) but a changed record gets a new `updated_at` for `updated_since` syncs.
import { sql } from 'kysely';
import { baseSource } from '../../src/domain/progress';
import { NO_STATS, goalProgress, initiativeDates, initiativeProgress, initiativeProgressNeeds, statsOf } from '../../src/domain/rollup';
import type { DatedItem, InitiativeProgressInputs, ProgressStats } from '../../src/domain/rollup';
import type { Db } from './audit';
import { readsAny } from './rollups';

type LinkedTable = 'features' | 'epics';

/**
 * Progress stats of the features or epics that name an initiative, aggregated in SQL (an initiative
 * may gather many features) through the `*_initiative` index.
 */
async function linkedStats(db: Db, table: LinkedTable, initiativeId: number): Promise<ProgressStats> {
  const r = await sql<{ n: number; done: number | null; psum: number | null }>`
    SELECT count(*) AS n, sum(ws.complete) AS done,
           sum(CASE WHEN ws.complete = 1 THEN 100 ELSE coalesce(t.progress, 0) END) AS psum
    FROM ${sql.table(table)} t LEFT JOIN workflow_statuses ws ON ws.id = t.workflow_status_id
    WHERE t.initiative_id = ${initiativeId}`.execute(db);
  const row = r.rows[0];
  if (!row || row.n === 0) return NO_STATS;
  return { count: Number(row.n), completed: Number(row.done ?? 0), progressSum: Number(row.psum ?? 0) };
}

async function childRows(db: Db, initiativeId: number) {
  return db
    .selectFrom('initiatives as c')
    .leftJoin('workflow_statuses as ws', 'ws.id', 'c.workflow_status_id')
    .select(['c.progress', 'ws.complete', 'c.start_date', 'c.end_date'])
    .where('c.parent_id', '=', initiativeId)
    .execute();
}

async function releaseRows(db: Db, initiativeId: number) {
  return db
    .selectFrom('release_initiatives as ri')
    .innerJoin('releases as r', 'r.id', 'ri.release_id')
    .leftJoin('workflow_statuses as ws', 'ws.id', 'r.workflow_status_id')
    .select(['r.progress', 'ws.complete', 'r.start_date', 'r.release_date'])
    .where('ri.initiative_id', '=', initiativeId)
    .execute();
}

/** Dated items of an initiative's features and epics (start / due dates), span taken in SQL. */
async function workSpan(db: Db, initiativeId: number): Promise<DatedItem[]> {
  const r = await sql<{ s: string | null; e: string | null }>`
    SELECT min(coalesce(start_date, due_date)) AS s, max(coalesce(due_date, start_date)) AS e FROM (
      SELECT start_date, due_date FROM features WHERE initiative_id = ${initiativeId}
      UNION ALL
      SELECT start_date, due_date FROM epics WHERE initiative_id = ${initiativeId}
    ) AS items`.execute(db);
  const row = r.rows[0];
  return row ? [{ start: row.s, end: row.e }] : [];
}

/** Feature columns an initiative's roll-ups read, by its sources (see `featureColumnsRead`). */
function initiativeReadsOfFeatures(progressSource: string, durationSource: string): string[] {
  const cols: string[] = [];
  if (initiativeProgressNeeds(progressSource) === 'features') cols.push('progress', 'workflow_status_id');
  if (durationSource === 'duration_from_features_epics') cols.push('start_date', 'due_date');
  return cols;
}

/**
 * Recomputes one initiative's progress and dates when their sources are not manual; true when they
 * moved. `featureColumns`: the only feature columns that changed (null or absent: anything).
 */
export async function recomputeInitiative(db: Db, initiativeId: number, featureColumns: ReadonlySet<string> | null = null): Promise<boolean> {
  const i = await db
    .selectFrom('initiatives')
    .select(['id', 'parent_id', 'progress', 'progress_source', 'duration_source', 'start_date', 'end_date'])
    .where('id', '=', initiativeId)
    .executeTakeFirst();
  if (!i) return false;
  const needs = initiativeProgressNeeds(i.progress_source);
  const duration = i.duration_source;
  if (needs === null && duration === 'duration_manual') return false;
  if (!readsAny(featureColumns, initiativeReadsOfFeatures(i.progress_source, duration))) return false;

  const children = needs === 'children' || duration === 'duration_from_children' ? await childRows(db, i.id) : [];
  const releases = needs === 'releases' || duration === 'duration_from_releases' ? await releaseRows(db, i.id) : [];
  const inputs: InitiativeProgressInputs = {};
  if (needs === 'children') inputs.children = statsOf(children.map((c) => ({ progress: c.progress, complete: c.complete === 1 })));
  if (needs === 'releases') inputs.releases = statsOf(releases.map((r) => ({ progress: r.progress, complete: r.complete === 1 })));
  if (needs === 'features') inputs.features = await linkedStats(db, 'features', i.id);
  if (needs === 'epics') inputs.epics = await linkedStats(db, 'epics', i.id);
  const computed = initiativeProgress(i.progress_source, inputs);
  const progress = computed === undefined ? i.progress : computed;

  const items: DatedItem[] =
    duration === 'duration_from_children'
      ? children.map((c) => ({ start: c.start_date, end: c.end_date }))
      : duration === 'duration_from_releases'
        ? releases.map((r) => ({ start: r.start_date, end: r.release_date }))
        : duration === 'duration_from_features_epics'
          ? await workSpan(db, i.id)
          : [];
  const dates = initiativeDates(duration, items, { start: i.start_date, end: i.end_date });

  if (progress === i.progress && dates.start === i.start_date && dates.end === i.end_date) return false;
  await db
    .updateTable('initiatives')
    .set({ progress, start_date: dates.start, end_date: dates.end, updated_at: new Date().toISOString() })
    .where('id', '=', i.id)
    .execute();
  return true;
}

/** The goals that follow an initiative (progress from initiatives): the ones its roll-up must move. */
export async function goalsFollowing(db: Db, initiativeId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('initiative_goals as ig')
    .innerJoin('goals as g', 'g.id', 'ig.goal_id')
    .select('g.id')
    .distinct()
    .where('ig.initiative_id', '=', initiativeId)
    .where('g.progress_source', '=', 'progress_from_initiatives')
    .orderBy('g.id')
    .execute();
  return rows.map((g) => g.id);
}

/** The initiatives whose progress or dates follow a release: the ones its roll-up must move. */
export async function initiativesFollowing(db: Db, releaseId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('release_initiatives as ri')
    .innerJoin('initiatives as i', 'i.id', 'ri.initiative_id')
    .select('i.id')
    .distinct()
    .where('ri.release_id', '=', releaseId)
    .where((eb) =>
      eb.or([
        eb('i.progress_source', 'in', ['progress_from_releases', 'progress_from_releases_with_dependents']),
        eb('i.duration_source', '=', 'duration_from_releases'),
      ]),
    )
    .orderBy('i.id')
    .execute();
  return rows.map((r) => r.id);
}

/** Recomputes a goal's progress when it follows its initiatives; true when it moved. */
export async function recomputeGoal(db: Db, goalId: number): Promise<boolean> {
  const g = await db.selectFrom('goals').select(['id', 'progress', 'progress_source']).where('id', '=', goalId).executeTakeFirst();
  if (!g || baseSource(g.progress_source) === 'progress_manual') return false;
  const rows = await db
    .selectFrom('initiative_goals as ig')
    .innerJoin('initiatives as i', 'i.id', 'ig.initiative_id')
    .leftJoin('workflow_statuses as ws', 'ws.id', 'i.workflow_status_id')
    .select(['i.progress', 'ws.complete'])
    .where('ig.goal_id', '=', goalId)
    .execute();
  const computed = goalProgress(g.progress_source, statsOf(rows.map((r) => ({ progress: r.progress, complete: r.complete === 1 }))));
  if (computed === undefined || computed === g.progress) return false;
  await db.updateTable('goals').set({ progress: computed, updated_at: new Date().toISOString() }).where('id', '=', goalId).execute();
  return true;
}
