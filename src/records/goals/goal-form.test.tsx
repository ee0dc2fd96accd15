// @vitest-environment jsdom
// The "New goal" form as a person meets it: Progress only under manual progress, the initiatives to
// link ticked from a list in reference order, the service's field errors on their fields; and the
// create body, which carries only what was filled in.
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import type { GoalCreateInput } from '../../contract/initiatives';
import { GoalForm, sortInitiativeChoices } from './goal-form';
import { goalFormDefaults, goalFormSchema, toGoalCreateInput } from './goal-form-schema';

afterEach(cleanup);

const initiatives = [
  { id: '10', name: 'Self-serve onboarding', reference_num: 'PLN-S-10' },
  { id: '2', name: 'Enterprise readiness', reference_num: 'PLN-S-2' },
  { id: '1', name: 'Grow adoption', reference_num: 'PLN-S-1' },
];
const timeFrames = [
  { id: '21', name: 'H1 2027', start_date: '2027-01-01', end_date: '2027-06-30', product_id: '1' },
];

function renderForm(onSubmit: (input: GoalCreateInput) => Promise<unknown>) {
  const person = userEvent.setup();
  render(
    <GoalForm
      initiatives={initiatives}
      timeFrames={timeFrames}
      onSubmit={onSubmit}
      onCancel={() => undefined}
    />,
  );
  return person;
}

describe('GoalForm', () => {
  it('shows Progress only under manual progress and sends it only then', async () => {
    const onSubmit = vi.fn(async (_input: GoalCreateInput) => undefined);
    const person = renderForm(onSubmit);
    expect(screen.queryByLabelText('Progress')).toBeNull();
    await person.type(screen.getByLabelText('Name'), 'Cut churn');
    await person.selectOptions(screen.getByLabelText('Progress source'), 'progress_manual');
    await person.type(screen.getByLabelText('Progress'), '30');
    await person.selectOptions(screen.getByLabelText('Time frame'), 'H1 2027');
    expect(screen.getByText('Jan 1, 2027 – Jun 30, 2027')).toBeTruthy();
    await person.click(screen.getByRole('button', { name: 'Create goal' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      name: 'Cut churn',
      progress_source: 'progress_manual',
      progress: 30,
      time_frame: 21,
    });

    await person.selectOptions(screen.getByLabelText('Progress source'), 'progress_from_initiatives');
    expect(screen.queryByLabelText('Progress')).toBeNull();
    await person.click(screen.getByRole('button', { name: 'Create goal' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(onSubmit.mock.calls[1]?.[0]).not.toHaveProperty('progress');
  });

  it('lists the initiatives in reference order and sends the ticked ones as ids', async () => {
    const onSubmit = vi.fn(async (_input: GoalCreateInput) => undefined);
    const person = renderForm(onSubmit);
    const group = screen.getByRole('group', { name: 'Initiatives' });
    const boxes = within(group).getAllByRole<HTMLInputElement>('checkbox');
    expect(boxes.map((b) => b.value)).toEqual(['1', '2', '10']);
    await person.type(screen.getByLabelText('Name'), 'Win enterprise');
    await person.click(within(group).getByLabelText('PLN-S-10 Self-serve onboarding'));
    await person.click(within(group).getByLabelText('PLN-S-2 Enterprise readiness'));
    await person.click(screen.getByRole('button', { name: 'Create goal' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ initiatives: [2, 10] });
  });

  it('refuses a blank name without sending, and shows the service field errors on their fields', async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError(422, 'The goal is not valid', {
        'goal.name': ['has already been taken'],
        colour: ['is not a field'],
      });
    });
    const person = renderForm(onSubmit);
    await person.click(screen.getByRole('button', { name: 'Create goal' }));
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();

    await person.type(screen.getByLabelText('Name'), 'Cut churn');
    await person.click(screen.getByRole('button', { name: 'Create goal' }));
    expect(await screen.findByText('has already been taken')).toBeTruthy();
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Colour is not a field')).toBeTruthy();
  });
});

describe('goal form mapping', () => {
  it('sends only what was filled in, ids as numbers', () => {
    const body = toGoalCreateInput(
      goalFormSchema.parse({ ...goalFormDefaults(), name: 'Grow', effort: '5', initiatives: ['3'] }),
    );
    expect(body).toEqual({
      name: 'Grow',
      progress_source: 'progress_from_initiatives',
      effort: 5,
      initiatives: [3],
    });
  });

  it('orders references by their number, not as text', () => {
    expect(sortInitiativeChoices(initiatives).map((i) => i.reference_num)).toEqual([
      'PLN-S-1',
      'PLN-S-2',
      'PLN-S-10',
    ]);
  });
});
