// @vitest-environment jsdom
// The "New goal" form as a person meets it: Progress only under manual progress, the initiatives to
// link ticked from a list in reference order, the service's field errors on their fields; the form
// drawn from the workspace's goal layout (its order, its required and custom fields); and the create
// body, which carries only what was filled in.
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { builtInLayout } from '../../api/layouts';
import type { GoalCreateInput } from '../../contract/initiatives';
import type { ScreenLayout } from '../../contract/layouts';
import { formLayout } from '../../ui/layout-model';
import { expectMarkedRequired, expectSubmitRefused } from '../../ui/test/form-refusal';
import { definition, testLayout } from '../../ui/test/layouts';
import { GoalForm, sortInitiativeChoices } from './goal-form';
import { buildGoalFormSchema, goalFormDefaults, goalFormSchema, toGoalCreateInput } from './goal-form-schema';

afterEach(cleanup);

const initiatives = [
  { id: '10', name: 'Self-serve onboarding', reference_num: 'PLN-S-10' },
  { id: '2', name: 'Enterprise readiness', reference_num: 'PLN-S-2' },
  { id: '1', name: 'Grow adoption', reference_num: 'PLN-S-1' },
];
const timeFrames = [{ id: '21', name: 'H1 2027', start_date: '2027-01-01', end_date: '2027-06-30', product_id: '1' }];

function renderForm(onSubmit: (input: GoalCreateInput) => Promise<unknown>, layout: ScreenLayout = builtInLayout('StrategicImperative')) {
  const person = userEvent.setup();
  render(<GoalForm initiatives={initiatives} timeFrames={timeFrames} layout={layout} onSubmit={onSubmit} onCancel={() => undefined} />);
  return person;
}

/** The names of the form's inputs, in the order they stand. */
const fieldOrder = () =>
  [...document.querySelectorAll('form [name]')].map((el) => el.getAttribute('name')).filter((n, i, all) => all.indexOf(n) === i);

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

describe('GoalForm drawn from a custom layout', () => {
  const kpi = definition('kpi', 'KPI', 'string');
  const horizon = definition('horizon', 'Horizon', 'select', ['Near', 'Far']);
  const layout = testLayout('StrategicImperative', [
    [
      'Goal',
      'main',
      [
        'time_frame',
        'name',
        { field: 'value', required: true },
        { custom: horizon, required: true },
        { field: 'description', on_form: false },
      ],
    ],
    ['Measures', 'main', [{ custom: kpi }, 'effort']],
  ]);

  it('follows the layout’s order, leaves out what it leaves out, and ends the first section with progress and initiatives', () => {
    renderForm(async () => undefined, layout);
    expect(fieldOrder()).toEqual([
      'time_frame',
      'name',
      'value',
      'custom_fields.horizon',
      'progress_source',
      'initiatives',
      'custom_fields.kpi',
      'effort',
    ]);
    expect(screen.queryByText('Description')).toBeNull();
    expect([...document.querySelectorAll('legend.form-section__title')].map((l) => l.textContent)).toEqual(['Goal', 'Measures']);
  });

  it('marks the required fields and refuses them blank with "is required", sending nothing; then sends the custom values', async () => {
    const onSubmit = vi.fn(async (_input: GoalCreateInput) => undefined);
    const person = renderForm(onSubmit, layout);
    expectMarkedRequired(['Value', 'Horizon'], ['Effort']);
    await person.type(screen.getByLabelText('Name'), 'Cut churn');
    await expectSubmitRefused(person, 'Create goal', ['Value: is required', 'Horizon: is required']);
    expect(screen.getByLabelText('Value').getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();

    await person.type(screen.getByLabelText('Value'), '8');
    await person.selectOptions(screen.getByLabelText('Horizon'), 'Far');
    await person.type(screen.getByLabelText('KPI'), 'Churn under 2%');
    await person.click(screen.getByRole('button', { name: 'Create goal' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      name: 'Cut churn',
      progress_source: 'progress_from_initiatives',
      value: 8,
      custom_fields: { horizon: 'Far', kpi: 'Churn under 2%' },
    });
  });

  it('puts the service’s required-field messages on their fields', async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError(422, 'Validation failed', { effort: ['is required'], 'custom_fields.kpi': ['is required'] });
    });
    const person = renderForm(onSubmit, layout);
    await person.type(screen.getByLabelText('Name'), 'Cut churn');
    await person.type(screen.getByLabelText('Value'), '8');
    await person.selectOptions(screen.getByLabelText('Horizon'), 'Near');
    await person.click(screen.getByRole('button', { name: 'Create goal' }));
    await vi.waitFor(() => expect(screen.getByLabelText('Effort').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByLabelText('KPI').getAttribute('aria-invalid')).toBe('true');
  });
});

describe('goal form mapping', () => {
  it('sends only what was filled in, ids as numbers', () => {
    const body = toGoalCreateInput(goalFormSchema.parse({ ...goalFormDefaults(), name: 'Grow', effort: '5', initiatives: ['3'] }));
    expect(body).toEqual({
      name: 'Grow',
      progress_source: 'progress_from_initiatives',
      effort: 5,
      initiatives: [3],
    });
  });

  it('checks what the layout requires, and sends only the filled custom fields', () => {
    const model = formLayout(
      testLayout('StrategicImperative', [
        ['Goal', 'main', ['name', { field: 'time_frame', required: true }, { custom: definition('kpi', 'KPI', 'string') }]],
      ]),
      { mode: 'create' },
    );
    const schema = buildGoalFormSchema(model);
    const blank = schema.safeParse({ ...goalFormDefaults(model), name: 'Grow' });
    expect(blank.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual(['time_frame: is required']);
    const body = toGoalCreateInput(schema.parse({ ...goalFormDefaults(model), name: 'Grow', time_frame: '21' }), model);
    expect(body).toEqual({ name: 'Grow', progress_source: 'progress_from_initiatives', time_frame: 21 });
  });

  it('orders references by their number, not as text', () => {
    expect(sortInitiativeChoices(initiatives).map((i) => i.reference_num)).toEqual(['PLN-S-1', 'PLN-S-2', 'PLN-S-10']);
  });
});
