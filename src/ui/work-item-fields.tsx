// Form parts that features and epics share — the team section with its dependent choices and the
// watchers checklist — so both forms look and behave the same. They take registrations and field
// props rather than a form control, so each form keeps its own typed react-hook-form instance.
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { Team, User } from '../contract/account';
import { SelectField } from './field';

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

export interface TeamFieldsetProps {
  teams: readonly Team[];
  /** The chosen team's id, '' for none. */
  teamId: string;
  registrations: {
    team: UseFormRegisterReturn;
    iteration: UseFormRegisterReturn;
    programIncrement: UseFormRegisterReturn;
    teamStatus: UseFormRegisterReturn;
  };
  errors: {
    team?: string | undefined;
    iteration?: string | undefined;
    programIncrement?: string | undefined;
    teamStatus?: string | undefined;
  };
}

/**
 * Team, then the iteration, program increment and team status of that team (disabled until a team
 * is chosen). The form clears the three dependents when the team changes (in the team
 * registration's onChange), because the service refuses another team's.
 */
export function TeamFieldset({ teams, teamId, registrations, errors }: TeamFieldsetProps) {
  const team = teamChoices(teams, teamId);
  const noTeamHint = teamId ? undefined : 'Choose a team first';
  return (
    <fieldset className="form-section">
      <legend className="form-section__title">Team</legend>
      <div className="form-grid">
        <SelectField
          label="Team"
          registration={registrations.team}
          options={teams.map((t) => ({ value: t.id, label: t.name }))}
          placeholder={teams.length === 0 ? 'No teams in this workspace' : 'No team'}
          error={errors.team}
        />
        <SelectField
          label="Iteration"
          registration={registrations.iteration}
          options={team.iterations.map((i) => ({ value: i.id, label: i.name }))}
          placeholder="No iteration"
          disabled={!teamId}
          hint={noTeamHint}
          error={errors.iteration}
        />
        <SelectField
          label="Program increment"
          registration={registrations.programIncrement}
          options={team.programIncrements.map((p) => ({
            value: p.id,
            label: `${p.reference_num} ${p.name}`,
          }))}
          placeholder="No program increment"
          disabled={!teamId}
          hint={noTeamHint}
          error={errors.programIncrement}
        />
        <SelectField
          label="Team status"
          registration={registrations.teamStatus}
          options={team.statuses.map((s) => ({ value: s.name, label: s.name }))}
          placeholder="No team status"
          disabled={!teamId}
          hint={noTeamHint}
          error={errors.teamStatus}
        />
      </div>
    </fieldset>
  );
}

export interface WatchersFieldProps {
  /** Chosen user ids. */
  value: readonly string[];
  onChange: (ids: string[]) => void;
  onBlur: () => void;
  users: readonly User[];
  error: string | undefined;
  /** Prefix for the error's element id (unique per form). */
  id: string;
}

/** The watchers as a checklist of users; the value keeps the users' order, not the click order. */
export function WatchersField({ value, onChange, onBlur, users, error, id }: WatchersFieldProps) {
  const selected = new Set(value);
  const toggle = (userId: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(userId);
    else next.delete(userId);
    // Kept in the users' order so the body does not depend on click order.
    onChange(users.filter((u) => next.has(u.id)).map((u) => u.id));
  };
  const errorId = `${id}-error`;
  return (
    <fieldset className="watchers field--wide" aria-describedby={error ? errorId : undefined}>
      <legend className="field__label">Watchers</legend>
      {users.length === 0 ? <p className="muted">No users to choose from.</p> : null}
      <div className="watchers__list">
        {users.map((u) => (
          <label key={u.id} className="checkbox">
            <input
              type="checkbox"
              name="watchers"
              value={u.id}
              checked={selected.has(u.id)}
              onChange={(event) => toggle(u.id, event.target.checked)}
              onBlur={onBlur}
            />
            <span>{u.name || u.email}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
