// Form parts that the work items (features, epics; requirements and ideas next) share — the release
// with its estimate units, the three estimates read as typed, the team section with its dependent
// choices and the watchers (custom fields are the layout's: ./layout-custom-field) — bound by field name to the form of the FormShell
// around them, so each work-item form lists its parts instead of repeating them.
import { useController, useFormContext, useWatch } from 'react-hook-form';
import type { Team, User } from '../contract/account';
import type { CapacityUnits } from '../domain/estimate';
import { EstimateInput } from './estimate-input';
import { BoundChecklist, BoundSelect, LinkSelect, ProgressFields } from './form-fields';
import { releaseOptions, type ReleaseChoice } from './form-choices';
import { ESTIMATE_FIELDS, type EstimateField } from './form-schema';
import { FormSection } from './form-shell';
import { sourceLabel } from './labels';

/** Labels of the three estimate inputs, by form field name. */
export const ESTIMATE_LABELS = {
  initial_estimate_text: 'Initial estimate',
  detailed_estimate_text: 'Detailed estimate',
  remaining_estimate_text: 'Remaining estimate',
} as const;

/** Iterations, program increments and statuses of the chosen team; none without a team. */
export function teamChoices(teams: readonly Team[], teamId: string) {
  const team = teams.find((t) => t.id === teamId);
  return {
    iterations: team?.iterations ?? [],
    programIncrements: team?.program_increments ?? [],
    statuses: team ? [...team.team_workflow_statuses].sort((a, b) => a.position - b.position) : [],
  };
}

/** The capacity units of the chosen release: estimates are read in them. */
export function useReleaseUnits(releases: readonly ReleaseChoice[], fallback: CapacityUnits = 'time'): CapacityUnits {
  const releaseId = useWatch({ name: 'release' }) as string | undefined;
  return releases.find((r) => r.id === releaseId)?.capacity_units ?? fallback;
}

/** The release select; a change re-reads the estimates in the new release's units. */
export function ReleaseField({
  releases,
  units,
  onChange,
}: {
  releases: readonly ReleaseChoice[];
  units: CapacityUnits;
  /** What else follows the release (its phases). */
  onChange?: () => void;
}) {
  const { getValues, getFieldState, trigger } = useFormContext();
  const releaseId = useWatch({ name: 'release' }) as string | undefined;
  const options = releaseOptions(releases);
  return (
    <BoundSelect
      name="release"
      label="Release"
      required
      options={options}
      placeholder={options.length === 0 ? 'No releases yet' : 'Choose a release'}
      hint={releaseId ? (units === 'story_points' ? 'Estimated in story points' : 'Estimated in time') : undefined}
      onChange={() => {
        onChange?.();
        const filled = ESTIMATE_FIELDS.filter((f) => String(getValues(f) ?? '').trim() !== '' || getFieldState(f).error !== undefined);
        if (filled.length > 0) void trigger(filled);
      }}
    />
  );
}

function EstimateField({ name, units }: { name: EstimateField; units: CapacityUnits }) {
  const {
    field: { value, onChange, onBlur, ref },
    fieldState,
  } = useController({ name });
  return (
    <EstimateInput
      label={ESTIMATE_LABELS[name]}
      units={units}
      name={name}
      value={String(value ?? '')}
      onChange={onChange}
      onBlur={onBlur}
      ref={ref}
      error={fieldState.error?.message}
      maxLength={64}
    />
  );
}

/** Initial, detailed and remaining estimates, read as typed in the release's units. */
export function EstimateFields({ units }: { units: CapacityUnits }) {
  return (
    <>
      {ESTIMATE_FIELDS.map((name) => (
        <EstimateField key={name} name={name} units={units} />
      ))}
    </>
  );
}

/** The section of the three estimates with the progress source (and its manual percentage). */
export function EstimatesSection({ units, sources }: { units: CapacityUnits; sources: readonly string[] }) {
  return (
    <FormSection title="Estimates and progress" grid="form-grid form-grid--3">
      <EstimateFields units={units} />
      <ProgressFields sources={sources} labelOf={sourceLabel} />
    </FormSection>
  );
}

type TeamLinks = ReturnType<typeof teamChoices>;

/** The links that belong to a team, by form field, with the chosen team's options for each. */
const TEAM_LINKS = [
  { name: 'iteration', label: 'Iteration', options: (t: TeamLinks) => t.iterations.map((i) => ({ value: i.id, label: i.name })) },
  {
    name: 'program_increment',
    label: 'Program increment',
    options: (t: TeamLinks) => t.programIncrements.map((p) => ({ value: p.id, label: `${p.reference_num} ${p.name}` })),
  },
  {
    name: 'team_workflow_status',
    label: 'Team status',
    options: (t: TeamLinks) => t.statuses.map((s) => ({ value: s.name, label: s.name })),
  },
] as const;

const TEAM_FIELDS = ['team', ...TEAM_LINKS.map((link) => link.name)];

/**
 * Team, then the iteration, program increment and team status of that team (disabled until a team
 * is chosen). A change of team clears the three, because the service refuses another team's.
 * Collapsed while no team is set.
 */
export function TeamSection({ teams }: { teams: readonly Team[] }) {
  const { setValue, formState } = useFormContext();
  const teamId = (useWatch({ name: 'team' }) as string | undefined) ?? '';
  const team = teamChoices(teams, teamId);
  const chosen = teams.find((t) => t.id === teamId);
  return (
    <FormSection
      title="Team"
      collapsible
      filled={Boolean(formState.defaultValues?.team)}
      fields={TEAM_FIELDS}
      note={chosen ? chosen.name : 'No team'}
    >
      <LinkSelect
        name="team"
        label="Team"
        options={teams.map((t) => ({ value: t.id, label: t.name }))}
        onChange={() => {
          for (const link of TEAM_LINKS) setValue(link.name, '');
        }}
      />
      {TEAM_LINKS.map((link) => (
        <BoundSelect
          key={link.name}
          name={link.name}
          label={link.label}
          options={link.options(team)}
          placeholder={`No ${link.label.toLowerCase()}`}
          disabled={!teamId}
          hint={teamId ? undefined : 'Choose a team first'}
        />
      ))}
    </FormSection>
  );
}

/** The watchers as a checklist of enabled users (and anyone already watching). Collapsed while nobody watches. */
export function PeopleSection({ users, id }: { users: readonly User[]; id: string }) {
  const { formState } = useFormContext();
  const initial = (formState.defaultValues?.watchers as string[] | undefined) ?? [];
  const watchers = (useWatch({ name: 'watchers' }) as string[] | undefined) ?? [];
  const items = users.filter((u) => u.enabled || initial.includes(u.id)).map((u) => ({ value: u.id, label: u.name || u.email }));
  return (
    <FormSection
      title="People"
      collapsible
      filled={initial.length > 0}
      fields={['watchers']}
      note={watchers.length === 0 ? 'No watchers' : watchers.length === 1 ? '1 watcher' : `${watchers.length} watchers`}
      grid="form-grid form-grid--1"
    >
      <BoundChecklist name="watchers" legend="Watchers" items={items} empty="No users to choose from." id={id} className="field--wide" />
    </FormSection>
  );
}
