// @vitest-environment jsdom
// The work-item form parts as a person meets them, tested once here rather than in every form that
// lists them: the team section's iterations, program increments and statuses follow the chosen team,
// and a change of team clears them, so only the links of the team chosen last are sent.
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { workItemFields } from './form-schema';
import { FormShell, useRecordForm } from './form-shell';
import { cleanUpAfterEach, optionTexts, renderForm, team } from './test/form-harness';
import { TeamSection } from './work-item-fields';

cleanUpAfterEach();

const { team: teamId, iteration, program_increment, team_workflow_status } = workItemFields;
const teamFields = z.object({ team: teamId, iteration, program_increment, team_workflow_status });
type TeamValues = z.output<typeof teamFields>;

const teams = [
  // The same iteration names on both teams: only the ids tell them apart.
  team('7', 'Alpha', ['Sprint 1', 'Sprint 2'], ['Alpha PI'], ['Ready', 'Doing']),
  team('8', 'Beta', ['Sprint 1'], [], ['Queued']),
];

function TeamForm({ onSave }: { onSave: (values: TeamValues) => Promise<unknown> }) {
  const form = useRecordForm(teamFields, () => ({ team: '', iteration: '', program_increment: '', team_workflow_status: '' }));
  return (
    <FormShell form={form} label="Work item" submitLabel="Save" cancel={{ onClick: () => undefined }} onSubmit={onSave}>
      <TeamSection teams={teams} />
    </FormShell>
  );
}

const select = (label: string) => screen.getByLabelText<HTMLSelectElement>(label);

describe('TeamSection', () => {
  it('offers the iterations, program increments and statuses of the chosen team, and clears them when the team changes', async () => {
    const person = renderForm(<TeamForm onSave={async () => undefined} />);
    expect(select('Iteration').disabled).toBe(true);
    expect(screen.getAllByText('Choose a team first')).toHaveLength(3);

    await person.selectOptions(select('Team'), '7');
    expect(select('Iteration').disabled).toBe(false);
    expect(optionTexts(select('Iteration'))).toEqual(['No iteration', 'Sprint 1', 'Sprint 2']);
    expect(optionTexts(select('Program increment'))).toEqual(['No program increment', 'PI-70 Alpha PI']);
    expect(optionTexts(select('Team status'))).toEqual(['No team status', 'Ready', 'Doing']);
    await person.selectOptions(select('Iteration'), 'Sprint 2');
    expect(select('Iteration').value).toBe('701');
    await person.selectOptions(select('Program increment'), 'PI-70 Alpha PI');
    await person.selectOptions(select('Team status'), 'Doing');

    // Another team's "Sprint 1" is another iteration: nothing stays selected.
    await person.selectOptions(select('Team'), '8');
    expect(optionTexts(select('Iteration'))).toEqual(['No iteration', 'Sprint 1']);
    expect(select('Iteration').value).toBe('');
    expect(optionTexts(select('Program increment'))).toEqual(['No program increment']);
    expect(select('Program increment').value).toBe('');
    expect(select('Team status').value).toBe('');

    await person.selectOptions(select('Team'), '');
    expect(select('Iteration').disabled).toBe(true);
  });

  it('hands over only the links of the team chosen last', async () => {
    const onSave = vi.fn(async (_values: TeamValues) => undefined);
    const person = renderForm(<TeamForm onSave={onSave} />);
    await person.selectOptions(select('Team'), '7');
    await person.selectOptions(select('Iteration'), '701');
    await person.selectOptions(select('Program increment'), 'PI-70 Alpha PI');
    await person.selectOptions(select('Team status'), 'Doing');
    await person.selectOptions(select('Team'), '8');
    await person.selectOptions(select('Team status'), 'Queued');
    await person.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]?.[0]).toEqual({ team: '8', iteration: '', program_increment: '', team_workflow_status: 'Queued' });
  });
});
