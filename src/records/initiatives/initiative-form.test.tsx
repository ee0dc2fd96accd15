// @vitest-environment jsdom
// The initiative form as a person meets it: a status is required before anything is sent (operation
// 11), Progress exists only under manual progress and dates only under manual duration, the parent
// comes preselected from `?parent=` and never offers a loop, and the service's 422 on `parent_id`
// (a cycle someone else's move made possible) lands under "Parent initiative". Plus the pure mapping
// of form values to the create and update bodies; and the form drawn from a custom Initiative
// layout (its order, its required fields, its custom fields).
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { updateInitiative } from '../../api/initiatives';
import { builtInLayout } from '../../api/layouts';
import type { Initiative, InitiativeCreateInput, InitiativeListItem, InitiativeUpdateInput } from '../../contract/initiatives';
import { cleanUpAfterEach, renderForm, status, stubFetch, ts, user } from '../../ui/test/form-harness';
import { expectMarkedRequired, expectSubmitRefused } from '../../ui/test/form-refusal';
import { definition, testLayout } from '../../ui/test/layouts';
import { InitiativeForm, type InitiativeFormChoices } from './initiative-form';
import { buildInitiativeFormSchema, initiativeFormDefaults, toCreateInput, toUpdateInput } from './initiative-form-schema';

cleanUpAfterEach();

const item = (id: string, name: string, parent: string | null): InitiativeListItem => ({
  id,
  name,
  reference_num: `PLN-S-${id}`,
  parent_id: parent,
});

// 1 Growth ─┬─ 2 Onboarding ── 4 Wizard
//           └─ 3 Pricing
// 5 Enterprise
const choices: InitiativeFormChoices = {
  statuses: [status('1', 'Not started', 1), status('2', 'On track', 2), status('3', 'At risk', 3)],
  users: [user('7', 'Ada'), user('8', 'Grace')],
  initiatives: [
    item('1', 'Growth', null),
    item('2', 'Onboarding', '1'),
    item('3', 'Pricing', '1'),
    item('4', 'Wizard', '2'),
    item('5', 'Enterprise', null),
  ],
  goals: [
    { id: '11', name: 'Double active teams', reference_num: 'PLN-G-1' },
    { id: '12', name: 'Cut churn', reference_num: 'PLN-G-2' },
  ],
  timeFrames: [{ id: '21', name: 'H1 2027', start_date: '2027-01-01', end_date: '2027-06-30', product_id: '1' }],
  layout: builtInLayout('Initiative'),
};

function sampleInitiative(over: Partial<Initiative> = {}): Initiative {
  return {
    id: '2',
    name: 'Onboarding',
    reference_num: 'PLN-S-2',
    product_id: '1',
    workflow_status: status('2', 'On track', 2),
    description: null,
    assigned_to_user: null,
    created_by_user: null,
    effort: 8,
    value: 13,
    parent: { id: '1', name: 'Growth', reference_num: 'PLN-S-1' },
    parent_id: '1',
    children_count: 1,
    position: 1,
    presented: true,
    color: '#4f7cac',
    start_date: '2027-01-10',
    end_date: '2027-04-30',
    time_frame: null,
    progress: 40,
    progress_source: 'progress_manual',
    duration_source: 'duration_manual',
    goals: [{ id: '12', name: 'Cut churn', reference_num: 'PLN-G-2' }],
    custom_fields: [],
    epics_count: 0,
    features_count: 0,
    status_changed_on: null,
    created_at: ts,
    updated_at: ts,
    url: '',
    resource: '',
    ...over,
  };
}

function renderCreate(onSubmit: (input: InitiativeCreateInput) => Promise<unknown>, initialParent?: string, layout = choices.layout) {
  return renderForm(
    <InitiativeForm choices={{ ...choices, layout }} cancelHref="/w/1/initiatives" onSubmit={onSubmit} initialParent={initialParent} />,
  );
}

function renderEdit(initiative: Initiative, onSubmit: (input: InitiativeUpdateInput) => Promise<unknown>, layout = choices.layout) {
  return renderForm(
    <InitiativeForm
      initiative={initiative}
      choices={{ ...choices, layout }}
      cancelHref={`/initiatives/${initiative.id}`}
      onSubmit={onSubmit}
    />,
  );
}

const optionValues = (select: HTMLElement) =>
  within(select)
    .getAllByRole<HTMLOptionElement>('option')
    .map((o) => o.value);

describe('InitiativeForm', () => {
  it('requires a status before sending and says so on the Status field', async () => {
    const onSubmit = vi.fn(async () => undefined);
    const person = renderCreate(onSubmit);
    await person.type(screen.getByLabelText('Name'), 'Template gallery');
    await person.click(screen.getByRole('button', { name: 'Create initiative' }));

    const statusField = screen.getByLabelText('Status');
    expect(statusField.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('choose a status')).toBeTruthy();
    expect(statusField.getAttribute('aria-describedby')).toContain(screen.getByText('choose a status').id);
    expect(onSubmit).not.toHaveBeenCalled();

    await person.selectOptions(statusField, 'On track');
    await person.click(screen.getByRole('button', { name: 'Create initiative' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]).toEqual([
      expect.objectContaining({
        name: 'Template gallery',
        workflow_status: { name: 'On track' },
        parent_id: null,
      }),
    ]);
  });

  it('shows Progress only while the progress source is manual, and sends progress only then', async () => {
    const onSubmit = vi.fn(async (_input: InitiativeCreateInput) => undefined);
    const person = renderCreate(onSubmit);
    await person.type(screen.getByLabelText('Name'), 'Template gallery');
    await person.selectOptions(screen.getByLabelText('Status'), 'Not started');
    await person.type(screen.getByLabelText('Progress'), '25');

    await person.selectOptions(screen.getByLabelText('Progress source'), 'progress_from_children');
    expect(screen.queryByLabelText('Progress')).toBeNull();
    await person.click(screen.getByRole('button', { name: 'Create initiative' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ progress_source: 'progress_from_children' });
    expect(onSubmit.mock.calls[0]?.[0]).not.toHaveProperty('progress');

    await person.selectOptions(screen.getByLabelText('Progress source'), 'progress_manual');
    const progress = screen.getByLabelText('Progress');
    await person.clear(progress);
    await person.type(progress, '140');
    await person.click(screen.getByRole('button', { name: 'Create initiative' }));
    expect(await screen.findByText('must be between 0 and 100')).toBeTruthy();
    expect(onSubmit).toHaveBeenCalledTimes(1);

    await person.clear(progress);
    await person.type(progress, '25');
    await person.click(screen.getByRole('button', { name: 'Create initiative' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(onSubmit.mock.calls[1]?.[0]).toMatchObject({ progress_source: 'progress_manual', progress: 25 });
  });

  it('sets dates only under manual duration', async () => {
    const person = renderCreate(vi.fn(async () => undefined));
    const start = screen.getByLabelText<HTMLInputElement>('Start date');
    expect(start.disabled).toBe(false);
    await person.selectOptions(screen.getByLabelText('Duration source'), 'duration_from_children');
    expect(start.disabled).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('End date').disabled).toBe(true);
  });

  it('preselects the parent of ?parent= (by id or key) and offers every initiative in tree order', () => {
    renderCreate(
      vi.fn(async () => undefined),
      'PLN-S-2',
    );
    const parent = screen.getByLabelText<HTMLSelectElement>('Parent initiative');
    expect(parent.value).toBe('2');
    expect(optionValues(parent)).toEqual(['', '1', '2', '4', '3', '5']);
  });

  it('leaves the initiative itself and its descendants out of the parent choices when editing', () => {
    renderEdit(
      sampleInitiative(),
      vi.fn(async () => undefined),
    );
    const parent = screen.getByLabelText<HTMLSelectElement>('Parent initiative');
    expect(parent.value).toBe('1');
    expect(optionValues(parent)).toEqual(['', '1', '3', '5']);
    const goals = within(screen.getByRole('group', { name: 'Goals' }))
      .getAllByRole<HTMLInputElement>('checkbox')
      .filter((c) => c.checked)
      .map((c) => c.value);
    expect(goals).toEqual(['12']);
    expect(screen.getByRole('button', { name: 'Save initiative' })).toBeTruthy();
  });

  it('puts the service refusing a cycle (422 on parent_id) on the Parent initiative field', async () => {
    const sent = stubFetch(422, {
      error: 'The initiative is not valid',
      errors: { parent_id: ['would make a cycle: PLN-S-5 already rolls up into this initiative'] },
    });
    const initiative = sampleInitiative();
    const person = renderEdit(initiative, (input) => updateInitiative(initiative.id, input));
    await person.selectOptions(screen.getByLabelText('Parent initiative'), '5');
    await person.click(screen.getByRole('button', { name: 'Save initiative' }));

    const message = await screen.findByText('would make a cycle: PLN-S-5 already rolls up into this initiative');
    const parent = screen.getByLabelText('Parent initiative');
    expect(parent.getAttribute('aria-invalid')).toBe('true');
    expect(parent.getAttribute('aria-describedby')).toContain(message.id);
    expect(message.getAttribute('role')).toBe('alert');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.method).toBe('PUT');
    expect(sent[0]?.url).toBe('/api/v1/initiatives/2');
    expect(sent[0]?.body).toMatchObject({ initiative: { parent_id: '5', goals: [12] } });
  });
});

const parse = (values: unknown) => buildInitiativeFormSchema().parse(values);

describe('initiative form mapping', () => {
  it('sends the status as an object with a name, and goals only when some are chosen, on create', () => {
    const body = toCreateInput(parse({ ...initiativeFormDefaults(), name: 'Gallery', workflow_status: 'On track' }));
    expect(body).toMatchObject({
      name: 'Gallery',
      workflow_status: { name: 'On track' },
      parent_id: null,
      progress: null,
    });
    expect('goals' in body).toBe(false);
    const linked = toCreateInput(parse({ ...initiativeFormDefaults(), name: 'Gallery', workflow_status: 'On track', goals: ['11'] }));
    expect(linked.goals).toEqual([11]);
  });

  it('always sends goals on update, so an empty list unlinks them all', () => {
    const initiative = sampleInitiative();
    expect(toUpdateInput(parse(initiativeFormDefaults(initiative))).goals).toEqual([12]);
    expect(toUpdateInput(parse({ ...initiativeFormDefaults(initiative), goals: [] })).goals).toEqual([]);
  });

  it('leaves out dates under a computed duration and progress under a computed progress source', () => {
    const initiative = sampleInitiative();
    const body = toUpdateInput(
      parse({
        ...initiativeFormDefaults(initiative),
        duration_source: 'duration_from_releases',
        progress_source: 'progress_from_epics',
      }),
    );
    expect(body).toMatchObject({
      duration_source: 'duration_from_releases',
      progress_source: 'progress_from_epics',
    });
    for (const key of ['start_date', 'end_date', 'progress']) expect(key in body).toBe(false);
    expect(toUpdateInput(parse(initiativeFormDefaults(initiative)))).toMatchObject({
      start_date: '2027-01-10',
      end_date: '2027-04-30',
      progress: 40,
      parent_id: '1',
    });
  });

  it('refuses an end date before the start date under manual duration', () => {
    const result = buildInitiativeFormSchema().safeParse({
      ...initiativeFormDefaults(),
      name: 'Gallery',
      workflow_status: 'On track',
      start_date: '2027-05-01',
      end_date: '2027-04-01',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['end_date']);
  });
});

describe('InitiativeForm drawn from a custom layout', () => {
  const okr = definition('okr_url', 'OKR document', 'url');
  const sponsors = definition('sponsors', 'Sponsors', 'users');
  const layout = testLayout('Initiative', [
    ['Why', 'main', [{ custom: okr, required: true }, 'name', { field: 'goals', required: true }, 'progress']],
    ['Who', 'side', [{ custom: sponsors }, 'assigned_to_user', { field: 'time_frame', on_form: false }]],
  ]);
  const legends = () =>
    [...document.querySelectorAll('legend')].filter((l) => !l.classList.contains('visually-hidden')).map((l) => l.textContent);

  it('follows the layout’s sections and order, always draws the locked status, and leaves out the rest', () => {
    renderCreate(
      vi.fn(async () => undefined),
      undefined,
      layout,
    );
    expect(legends()).toEqual(['Why', 'Goals served * (required)', 'Who', 'Sponsors']);
    const main = document.querySelector('.form-shell__main')!;
    const names = [...main.querySelectorAll('input[name]:not([type=checkbox]), select[name]')].map((el) => el.getAttribute('name'));
    // The status is locked: the layout lacks it, so it ends the first main section.
    expect(names).toEqual(['custom_fields.okr_url', 'name', 'progress_source', 'progress', 'workflow_status']);
    for (const gone of ['Parent initiative', 'Time frame', 'Duration source', 'Effort', 'Color']) {
      expect(screen.queryByLabelText(gone)).toBeNull();
    }
    const aside = document.querySelector<HTMLElement>('.form-shell__aside')!;
    expect(within(aside).getByLabelText('Assignee')).toBeTruthy();
    expect(within(within(aside).getByRole('group', { name: 'Sponsors' })).getAllByRole('checkbox')).toHaveLength(2);
  });

  it('marks the required fields, refuses them blank with "is required", then sends the custom values', async () => {
    const onSubmit = vi.fn(async (_input: InitiativeCreateInput) => undefined);
    const person = renderCreate(onSubmit, undefined, layout);
    expectMarkedRequired(['OKR document']);
    expect(screen.getByRole('group', { name: /^Goals served ?\(required\)$/ })).toBeTruthy();
    await person.type(screen.getByLabelText('Name'), 'Template gallery');
    await person.selectOptions(screen.getByLabelText('Status'), 'On track');
    await expectSubmitRefused(person, 'Create initiative', ['OKR document: is required', 'Goals served: is required']);
    expect(onSubmit).not.toHaveBeenCalled();

    await person.type(screen.getByLabelText('OKR document'), 'https://example.com/okr');
    await person.click(screen.getByLabelText(/Cut churn/));
    await person.click(within(screen.getByRole('group', { name: 'Sponsors' })).getByLabelText('Grace'));
    await person.click(screen.getByRole('button', { name: 'Create initiative' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    // What the layout leaves off the form is sent with its default, as before.
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      name: 'Template gallery',
      goals: [12],
      time_frame: null,
      presented: true,
      custom_fields: { okr_url: 'https://example.com/okr', sponsors: ['8'] },
    });
  });

  it('puts the service’s required-field message for a custom field on that field', async () => {
    stubFetch(422, { error: 'Validation failed', errors: { 'custom_fields.sponsors': ['is required'] } });
    const initiative = sampleInitiative({
      custom_fields: [{ id: '1', key: 'okr_url', name: 'OKR document', type: 'url', value: 'https://example.com/okr' }],
    });
    const person = renderEdit(initiative, (input) => updateInitiative(initiative.id, input), layout);
    expect(screen.getByLabelText<HTMLInputElement>('OKR document').value).toBe('https://example.com/okr');
    await person.click(screen.getByRole('button', { name: 'Save initiative' }));
    const sponsorsGroup = screen.getByRole('group', { name: 'Sponsors' });
    await vi.waitFor(() => expect(within(sponsorsGroup).getByRole('alert').textContent).toBe('is required'));
  });
});
