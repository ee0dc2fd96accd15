// The roll-up inputs of a release's or a phase's features, kept by triggers instead of aggregated on
// every write: a feature created in a release of 100,000 features used to sum the whole release
// (progress by status, estimates) before its answer; now the release reads a few rows.
//
// `feature_stats` holds, per scope (`release_id` or `release_phase_id`), scope id and workflow
// status: how many features, the sum of their progress (no progress counts 0), and over the
// features with an estimate (detailed, else initial, above 0) the sum of those estimates and of
// min(remaining ?? estimate, estimate). The triggers add a feature's share on insert, take it away
// on delete, and move it on any update of a column it depends on, in the writing transaction — so
// the numbers are those a full aggregate would give (sums of the same values; floating-point
// addition in another order can differ in the last bits, below the rounding of any progress shown).
// Dates are not kept here: a release's min(start_date) and max(due_date) are answered by
// (release_id, start_date) / (release_id, due_date) indexes in one probe each; a phase's read its
// features through features_phase (a phase holds a part of a release, and every index more is a
// page more written by every feature write).
import { sql } from 'kysely';
import type { Db } from './audit';

export type FeatureSet = 'release_id' | 'release_phase_id';

/** Columns whose change moves a feature's share: the triggers fire on exactly these. */
export const FEATURE_STATS_INPUTS = [
  'release_id',
  'release_phase_id',
  'workflow_status_id',
  'progress',
  'initial_estimate',
  'detailed_estimate',
  'remaining_estimate',
];
const INPUTS = FEATURE_STATS_INPUTS;

/**
 * A feature row's share of its scope's sums, as SQL over `NEW` or `OLD`: progress, estimate and
 * what is left of it. `least` is the dialect's scalar minimum (SQLite `min`, PostgreSQL `least`).
 */
export function featureShare(row: 'NEW' | 'OLD', least: 'min' | 'least'): { psum: string; total: string; left: string } {
  const est = `coalesce(${row}.detailed_estimate, ${row}.initial_estimate)`;
  return {
    psum: `coalesce(${row}.progress, 0)`,
    total: `CASE WHEN ${est} > 0 THEN ${est} ELSE 0 END`,
    left: `CASE WHEN ${est} > 0 THEN ${least}(coalesce(${row}.remaining_estimate, ${est}), ${est}) ELSE 0 END`,
  };
}

/** The DDL a migration runs: the triggers for both scopes and the statements filling the table. */
export function featureStatsTriggers(): string {
  const share = (row: 'NEW' | 'OLD') => featureShare(row, 'min');
  const add = (scope: FeatureSet) => {
    const s = share('NEW');
    return `INSERT INTO feature_stats(scope, scope_id, status_id, n, psum, est_total, est_left)
      SELECT '${scope}', NEW.${scope}, NEW.workflow_status_id, 1, ${s.psum}, ${s.total}, ${s.left} WHERE NEW.${scope} IS NOT NULL
      ON CONFLICT(scope, scope_id, status_id) DO UPDATE SET n = n + 1, psum = psum + excluded.psum,
        est_total = est_total + excluded.est_total, est_left = est_left + excluded.est_left;`;
  };
  const sub = (scope: FeatureSet) => {
    const s = share('OLD');
    return `UPDATE feature_stats SET n = n - 1, psum = psum - ${s.psum}, est_total = est_total - ${s.total}, est_left = est_left - ${s.left}
      WHERE scope = '${scope}' AND scope_id = OLD.${scope} AND status_id = OLD.workflow_status_id;`;
  };
  const fill = (scope: FeatureSet) => {
    const est = 'coalesce(detailed_estimate, initial_estimate)';
    return `INSERT INTO feature_stats(scope, scope_id, status_id, n, psum, est_total, est_left)
      SELECT '${scope}', ${scope}, workflow_status_id, count(*), total(coalesce(progress, 0)),
        total(CASE WHEN ${est} > 0 THEN ${est} ELSE 0 END),
        total(CASE WHEN ${est} > 0 THEN min(coalesce(remaining_estimate, ${est}), ${est}) ELSE 0 END)
      FROM features WHERE ${scope} IS NOT NULL GROUP BY ${scope}, workflow_status_id;`;
  };
  return `
CREATE TABLE feature_stats (
  scope TEXT NOT NULL, scope_id INTEGER NOT NULL, status_id INTEGER NOT NULL,
  n INTEGER NOT NULL, psum REAL NOT NULL, est_total REAL NOT NULL, est_left REAL NOT NULL,
  PRIMARY KEY (scope, scope_id, status_id)
) WITHOUT ROWID;
CREATE TRIGGER features_stats_insert AFTER INSERT ON features BEGIN
  ${add('release_id')}
  ${add('release_phase_id')}
END;
CREATE TRIGGER features_stats_delete AFTER DELETE ON features BEGIN
  ${sub('release_id')}
  ${sub('release_phase_id')}
END;
CREATE TRIGGER features_stats_update AFTER UPDATE OF ${INPUTS.join(', ')} ON features BEGIN
  ${sub('release_id')}
  ${sub('release_phase_id')}
  ${add('release_id')}
  ${add('release_phase_id')}
END;
${fill('release_id')}
${fill('release_phase_id')}
CREATE INDEX features_release_start ON features(release_id, start_date);
CREATE INDEX features_release_due ON features(release_id, due_date);
`;
}

/** Count, progress sum and count by workflow status of a release's or phase's features. */
export async function statsByStatus(db: Db, scope: FeatureSet, id: number): Promise<{ status: number; n: number; psum: number }[]> {
  return db
    .selectFrom('feature_stats')
    .select(['status_id as status', 'n', 'psum'])
    .where('scope', '=', scope)
    .where('scope_id', '=', id)
    .where('n', '>', 0)
    .execute();
}

/** Σ estimate and Σ min(remaining ?? estimate, estimate) over the estimated features of a set. */
export async function estimateTotals(db: Db, scope: FeatureSet, id: number): Promise<{ total: number; left: number }> {
  const r = await db
    .selectFrom('feature_stats')
    .select([sql<number>`coalesce(sum(est_total), 0.0)`.as('total'), sql<number>`coalesce(sum(est_left), 0.0)`.as('left')])
    .where('scope', '=', scope)
    .where('scope_id', '=', id)
    .executeTakeFirst();
  return { total: r?.total ?? 0, left: r?.left ?? 0 };
}

/** Earliest start and latest due date of a set (a release: one index probe each). */
export async function dateBounds(db: Db, scope: FeatureSet, id: number): Promise<{ minStart: string | null; maxDue: string | null }> {
  const start = await sql<{ d: string | null }>`SELECT min(start_date) AS d FROM features WHERE ${sql.ref(scope)} = ${id}`.execute(db);
  const due = await sql<{ d: string | null }>`SELECT max(due_date) AS d FROM features WHERE ${sql.ref(scope)} = ${id}`.execute(db);
  return { minStart: start.rows[0]?.d ?? null, maxDue: due.rows[0]?.d ?? null };
}
