// Human labels for the enumerations of the wire format (progress and duration sources, capacity
// units, external date resolutions), so every select and detail view reads the same way.

const SOURCE_BASES: Record<string, string> = {
  manual: 'Manual',
  from_features: 'From features',
  from_features_completed: 'From completed features',
  from_release_phases: 'From phases and milestones',
  from_release_phases_features: 'From phases and features',
  from_todos: 'From to-dos',
  from_remaining_estimate: 'From remaining estimate',
  from_epics: 'From epics',
  from_sub_releases: 'From sub-releases',
  from_requirements: 'From requirements',
};

/** `progress_from_features_with_dependents` → "From features (with dependencies)". */
export function sourceLabel(source: string): string {
  const withDependents = source.endsWith('_with_dependents');
  const base = source.replace(/_with_dependents$/, '').replace(/^(progress|duration)_/, '');
  const label = SOURCE_BASES[base] ?? base.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
  return withDependents ? `${label} (with dependencies)` : label;
}

export const CAPACITY_UNIT_LABELS = {
  time: 'Time (hours and days)',
  story_points: 'Story points',
} as const satisfies Record<string, string>;

export const EXTERNAL_DATE_RESOLUTION_LABELS = {
  sync: 'Same as release date',
  exact: 'Exact date',
  week: 'Week',
  month: 'Month',
  quarter: 'Quarter',
  half: 'Half year',
  year: 'Year',
} as const satisfies Record<string, string>;

export const PHASE_TYPE_LABELS = { phase: 'Phase', milestone: 'Milestone' } as const satisfies Record<string, string>;

/** Options for a <SelectField> from a list of enum values. */
export function optionsOf<T extends string>(values: readonly T[], label: (value: T) => string) {
  return values.map((value) => ({ value, label: label(value) }));
}
