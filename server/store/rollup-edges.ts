// The roll-up graph as data: which record kind's change can move which kind's computed numbers
// (progress, dates). The scheduler (`rollup-scheduler.ts`) walks these edges bottom-up after a write;
// the client's invalidation graph (`src/api/keys.ts`) is checked against them by a test, so a screen
// never shows a number the service has already moved. Pure data: no database, importable anywhere.

/** Kinds in bottom-up order: every edge goes from an earlier kind to the same or a later one. */
export const ROLLUP_KINDS = ['requirement', 'feature', 'phase', 'release', 'epic', 'initiative', 'goal'] as const;
export type RollupKind = (typeof ROLLUP_KINDS)[number];

export interface RollupEdge {
  from: RollupKind;
  to: RollupKind;
  /** Columns of `from` that the `to` record's roll-ups read (besides the link itself). */
  reads: readonly string[];
  /** The column of the `from` record naming its `to` record, when one does; else a query finds them. */
  link: string | null;
  /** How a `to` record is found from a `from` record, for people. */
  via: string;
}

const FEATURE_READS = ['progress', 'workflow_status_id', 'start_date', 'due_date', 'initial_estimate', 'detailed_estimate', 'remaining_estimate'] as const;
const STATUS_PROGRESS_DATES = ['progress', 'workflow_status_id', 'start_date', 'end_date'] as const;

export const ROLLUP_EDGES = [
  { from: 'requirement', to: 'feature', reads: ['workflow_status_id'], link: 'feature_id', via: 'requirements.feature_id' },
  { from: 'feature', to: 'phase', reads: FEATURE_READS, link: 'release_phase_id', via: 'features.release_phase_id' },
  { from: 'feature', to: 'release', reads: FEATURE_READS, link: 'release_id', via: 'features.release_id' },
  { from: 'feature', to: 'epic', reads: [...FEATURE_READS, 'release_id'], link: 'epic_id', via: 'features.epic_id' },
  { from: 'feature', to: 'initiative', reads: FEATURE_READS, link: 'initiative_id', via: 'features.initiative_id' },
  { from: 'phase', to: 'release', reads: ['progress', 'start_on', 'end_on'], link: 'release_id', via: 'release_phases.release_id' },
  { from: 'release', to: 'release', reads: ['progress', 'workflow_status_id', 'start_date', 'release_date'], link: 'parent_id', via: 'releases.parent_id' },
  { from: 'release', to: 'epic', reads: ['start_date', 'release_date'], link: null, via: 'epics.release_id (duration_from_releases)' },
  { from: 'release', to: 'initiative', reads: ['progress', 'workflow_status_id', 'start_date', 'release_date'], link: null, via: 'release_initiatives' },
  { from: 'epic', to: 'initiative', reads: ['progress', 'workflow_status_id', 'start_date', 'due_date'], link: 'initiative_id', via: 'epics.initiative_id' },
  { from: 'initiative', to: 'initiative', reads: STATUS_PROGRESS_DATES, link: 'parent_id', via: 'initiatives.parent_id' },
  { from: 'initiative', to: 'goal', reads: ['progress', 'workflow_status_id'], link: null, via: 'initiative_goals' },
] as const satisfies readonly RollupEdge[];

export type RollupEdgeOf = (typeof ROLLUP_EDGES)[number];

/** The edges leaving `kind`, in table order. */
export function edgesFrom(kind: RollupKind): RollupEdgeOf[] {
  return ROLLUP_EDGES.filter((e) => e.from === kind);
}

/** Every kind whose numbers a change of `kind` can move, directly or through others (not itself unless a cycle says so). */
export function rollupReach(kind: RollupKind): RollupKind[] {
  const seen = new Set<RollupKind>();
  const queue: RollupKind[] = [kind];
  while (queue.length > 0) {
    const k = queue.shift();
    if (k === undefined) break;
    for (const e of edgesFrom(k)) {
      if (seen.has(e.to)) continue;
      seen.add(e.to);
      queue.push(e.to);
    }
  }
  return ROLLUP_KINDS.filter((k) => seen.has(k));
}
