// @vitest-environment jsdom
// The epic form's conditional rules as a person meets them: progress only under manual progress,
// dates only under manual duration, estimates read in the chosen release's capacity units,
// `?release=` / `?initiative=` preselected, and the service's field errors put back on their fields.
// The team section's rules are the kit's (ui/work-item-fields.test.tsx).
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { builtInLayout } from '../../api/layouts';
import type { Epic } from '../../contract/epics';
import { EPIC_PROGRESS_SOURCES } from '../../domain/progress';
import {
  cleanUpAfterEach,
  optionTexts,
  renderForm as renderInApp,
  status,
  stubFetch,
  team,
  user,
  userRef,
} from '../../ui/test/form-harness';
import { definition, testLayout, type ShortField } from '../../ui/test/layouts';
import { EpicForm } from './epic-form';
import type { EpicFormChoices } from './epic-form-choices';
import { epicRecord } from './sample-epic';

cleanUpAfterEach();

/** The built-in Epic layout with a side section of these custom fields. */
function layoutWith(customs: ShortField[]) {
  const builtIn = builtInLayout('Epic');
  return { ...builtIn, sections: [...builtIn.sections, ...testLayout('Epic', [['Custom fields', 'side', customs]]).sections] };
}
const risk = definition('risk', 'Risk', 'select', ['High', 'Low']);
const arr = definition('arr', 'Target ARR', 'number');

const choices: EpicFormChoices = {
  releases: [
    { id: '10', name: 'Spring', reference_num: 'PLN-R-1', capacity_units: 'time', parking_lot: false },
    { id: '11', name: 'Points', reference_num: 'PLN-R-2', capacity_units: 'story_points', parking_lot: false },
  ],
  statuses: [status('1', 'New', 1), status('2', 'In progress', 2)],
  initiatives: [
    { id: '30', name: 'Enterprise readiness', reference_num: 'PLN-S-1' },
    { id: '31', name: 'Self-serve', reference_num: 'PLN-S-2' },
  ],
  users: [user('3', 'Ada'), user('4', 'Grace'), user('5', 'Linus')],
  teams: [
    // The same iteration names on both teams: only the ids tell them apart.
    team('7', 'Alpha', ['Sprint 1', 'Sprint 2'], ['Alpha PI'], ['Ready', 'Doing']),
    team('8', 'Beta', ['Sprint 1'], [], ['Queued']),
  ],
  layout: layoutWith([{ custom: risk }, { custom: arr }]),
};

function renderForm(props: { epic?: Epic; initialRelease?: string; initialInitiative?: string; choices?: EpicFormChoices } = {}) {
  return renderInApp(<EpicForm productId="1" {...props} choices={props.choices ?? choices} />);
}

const createButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Create epic' });

// A person types into a large form here; on a busy machine that takes more than the default 5 s.
describe('EpicForm', { timeout: 20_000 }, () => {
  it('shows the Progress field only while the progress source is manual, and sends progress only then', async () => {
    const sent = stubFetch(422, { error: 'Validation failed', errors: { name: ['is taken'] } });
    const person = renderForm({ initialRelease: '10' });
    expect(optionTexts(screen.getByLabelText('Progress source'))).toHaveLength(EPIC_PROGRESS_SOURCES.length);
    const progress = screen.getByLabelText<HTMLInputElement>('Progress');
    await person.clear(progress);
    await person.type(progress, '140');
    await person.type(screen.getByLabelText('Name'), 'Billing');
    await person.click(createButton());
    expect(screen.getByLabelText('Progress').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('must be between 0 and 100')).toBeTruthy();
    expect(sent).toHaveLength(0);

    await person.selectOptions(screen.getByLabelText('Progress source'), 'progress_from_features');
    expect(screen.queryByLabelText('Progress')).toBeNull();
    await person.click(createButton());
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    const body = (sent[0]?.body as { epic: Record<string, unknown> }).epic;
    expect(body.progress_source).toBe('progress_from_features');
    expect(body).not.toHaveProperty('progress');

    await person.selectOptions(screen.getByLabelText('Progress source'), 'progress_manual');
    expect(screen.getByLabelText<HTMLInputElement>('Progress').value).toBe('140');
  });

  it('offers the three duration sources and takes dates only under manual duration', async () => {
    const sent = stubFetch(422, { error: 'Validation failed', errors: { name: ['is taken'] } });
    const person = renderForm({ initialRelease: '10' });
    const source = screen.getByLabelText('Duration source');
    expect(optionTexts(source)).toEqual(['Manual', 'From features', 'From releases']);
    const start = screen.getByLabelText<HTMLInputElement>('Start date');
    const due = screen.getByLabelText<HTMLInputElement>('Due date');
    expect(start.disabled).toBe(false);
    await person.type(start, '2026-05-10');
    await person.type(due, '2026-05-01');
    await person.type(screen.getByLabelText('Name'), 'Billing');
    await person.click(createButton());
    expect(screen.getByText('must not be before the start date')).toBeTruthy();
    expect(sent).toHaveLength(0);

    await person.selectOptions(source, 'duration_from_releases');
    expect(start.disabled).toBe(true);
    expect(due.disabled).toBe(true);
    expect(screen.getAllByText('Set from the epic’s release')).toHaveLength(2);
    await person.click(createButton());
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    const body = (sent[0]?.body as { epic: Record<string, unknown> }).epic;
    expect(body.duration_source).toBe('duration_from_releases');
    expect(body).not.toHaveProperty('start_date');
    expect(body).not.toHaveProperty('due_date');
  });

  it('reads estimates in the capacity units of the chosen release and says what is wrong on a save while they do not fit', async () => {
    const sent = stubFetch(200, { epic: sampleEpic() });
    const person = renderForm({ initialRelease: 'PLN-R-2' });
    expect(screen.getByLabelText<HTMLSelectElement>('Release').value).toBe('11');
    expect(screen.getByText('Estimated in story points')).toBeTruthy();
    const estimate = screen.getByLabelText('Initial estimate');
    await person.type(estimate, '5p');
    expect(screen.getByText('5p = 5 points')).toBeTruthy();

    // The same text in a release estimated in time is refused; the button stays enabled, and a
    // click lists the problem at the top, moves the focus to the field and sends nothing.
    await person.selectOptions(screen.getByLabelText('Release'), '10');
    expect(screen.getByText('Estimated in time')).toBeTruthy();
    expect(estimate.getAttribute('aria-invalid')).toBe('true');
    expect(createButton().disabled).toBe(false);
    await person.type(screen.getByLabelText('Name'), 'Billing');
    await person.click(createButton());
    expect(await screen.findByRole('link', { name: /^Initial estimate: / })).toBeTruthy();
    await vi.waitFor(() => expect(document.activeElement).toBe(estimate));
    expect(sent).toHaveLength(0);

    await person.clear(estimate);
    await person.type(estimate, '1d 2h');
    expect(screen.getByText('1d 2h = 10 h')).toBeTruthy();
    expect(estimate.getAttribute('aria-invalid')).toBe('false');

    await person.type(screen.getByLabelText('Remaining estimate'), '3x');
    expect(screen.getByLabelText('Remaining estimate').getAttribute('aria-invalid')).toBe('true');
  });

  it('preselects the release and initiative of ?release= and ?initiative= (id or key, any case) and creates in that release', async () => {
    const sent = stubFetch(200, { epic: sampleEpic() });
    const person = renderForm({ initialRelease: 'pln-r-2', initialInitiative: 'pln-s-2' });
    expect(screen.getByLabelText<HTMLSelectElement>('Release').value).toBe('11');
    expect(screen.getByLabelText<HTMLSelectElement>('Initiative').value).toBe('31');
    expect(screen.getByLabelText<HTMLSelectElement>('Status').value).toBe('New');
    await person.type(screen.getByLabelText('Name'), 'Billing');
    await person.selectOptions(screen.getByLabelText('Risk'), 'High');
    await person.type(screen.getByLabelText('Target ARR'), '120000');
    await person.click(within(screen.getByRole('group', { name: 'Watchers' })).getByLabelText('Linus'));
    await person.click(within(screen.getByRole('group', { name: 'Watchers' })).getByLabelText('Ada'));
    await person.click(createButton());
    // After a successful save the app refreshes its lists, so only the first request is the create.
    await vi.waitFor(() => expect(sent.length).toBeGreaterThan(0));
    expect(sent[0]?.method).toBe('POST');
    expect(sent[0]?.url).toBe('/api/v1/releases/11/epics');
    expect(sent[0]?.body).toEqual({
      epic: {
        name: 'Billing',
        initiative: '31',
        workflow_status: { name: 'New' },
        progress_source: 'progress_manual',
        progress: 0,
        duration_source: 'duration_manual',
        watchers: '3,5',
        custom_fields: { risk: 'High', arr: 120000 },
      },
    });
  });

  it('offers the custom fields the layout places, with every option their definition has, and no others', async () => {
    const sent = stubFetch(200, { epic: sampleEpic() });
    const layout = layoutWith([
      { custom: definition('risk', 'Risk', 'select', ['Low', 'Medium', 'High']) },
      { custom: definition('launch', 'Launch day', 'date') },
    ]);
    const person = renderForm({ initialRelease: '10', choices: { ...choices, layout } });
    expect(optionTexts(screen.getByLabelText('Risk'))).toEqual(['None', 'Low', 'Medium', 'High']);
    expect(screen.getByLabelText<HTMLInputElement>('Launch day').type).toBe('date');
    expect(screen.queryByLabelText('Target ARR')).toBeNull();
    await person.type(screen.getByLabelText('Name'), 'Billing');
    await person.selectOptions(screen.getByLabelText('Risk'), 'Medium');
    await person.click(createButton());
    await vi.waitFor(() => expect(sent.length).toBeGreaterThan(0));
    expect((sent[0]?.body as { epic: Record<string, unknown> }).epic.custom_fields).toEqual({ risk: 'Medium' });
  });

  it('takes multi-select options and people as checkboxes and a web address, and sends lists as lists', async () => {
    const layout = layoutWith([
      { custom: definition('platforms', 'Platforms', 'multi_select', ['Web', 'API', 'Desktop']) },
      { custom: definition('reviewers', 'Reviewers', 'users') },
      { custom: definition('homepage', 'Home page', 'url') },
    ]);
    const sent = stubFetch(200, { epic: sampleEpic() });
    const person = renderForm({ initialRelease: '10', choices: { ...choices, layout } });
    const platforms = within(screen.getByRole('group', { name: 'Platforms' }));
    await person.click(platforms.getByLabelText('Desktop'));
    await person.click(platforms.getByLabelText('Web'));
    await person.click(within(screen.getByRole('group', { name: 'Reviewers' })).getByLabelText('Grace'));
    await person.type(screen.getByLabelText('Name'), 'Billing');
    await person.type(screen.getByLabelText('Home page'), 'javascript:alert(1)');
    await person.click(createButton());
    expect(screen.getByText('must be a web address starting with http:// or https://')).toBeTruthy();
    expect(sent).toHaveLength(0);
    await person.clear(screen.getByLabelText('Home page'));
    await person.type(screen.getByLabelText('Home page'), 'https://example.com');
    await person.click(createButton());
    await vi.waitFor(() => expect(sent.length).toBeGreaterThan(0));
    // The options' order, not the clicks'.
    expect((sent[0]?.body as { epic: Record<string, unknown> }).epic.custom_fields).toEqual({
      platforms: ['Web', 'Desktop'],
      reviewers: ['4'],
      homepage: 'https://example.com',
    });
  });

  it('edits an epic’s lists: its choices checked, someone no longer listed kept, emptied lists cleared', async () => {
    const layout = layoutWith([
      { custom: definition('platforms', 'Platforms', 'multi_select', ['Web', 'API']) },
      { custom: definition('reviewers', 'Reviewers', 'users') },
    ]);
    const epic = epicRecord({
      custom_fields: [
        { id: '1', key: 'platforms', name: 'Platforms', type: 'multi_select', value: ['API'] },
        { id: '2', key: 'reviewers', name: 'Reviewers', type: 'users', value: ['3', '99'] },
      ],
    });
    const sent = stubFetch(200, { epic });
    const person = renderForm({ epic, choices: { ...choices, layout } });
    const platforms = within(screen.getByRole('group', { name: 'Platforms' }));
    expect(platforms.getByLabelText<HTMLInputElement>('API').checked).toBe(true);
    expect(platforms.getByLabelText<HTMLInputElement>('Web').checked).toBe(false);
    const reviewers = within(screen.getByRole('group', { name: 'Reviewers' }));
    expect(reviewers.getByLabelText<HTMLInputElement>('Ada').checked).toBe(true);
    expect(reviewers.getByLabelText<HTMLInputElement>('User 99').checked).toBe(true);
    await person.click(platforms.getByLabelText('API'));
    await person.click(screen.getByRole('button', { name: 'Save epic' }));
    await vi.waitFor(() => expect(sent.length).toBeGreaterThan(0));
    expect((sent[0]?.body as { epic: Record<string, unknown> }).epic.custom_fields).toEqual({ platforms: null, reviewers: ['3', '99'] });
  });

  it('ignores a ?initiative= of no initiative of the workspace', () => {
    renderForm({ initialRelease: '10', initialInitiative: '999' });
    expect(screen.getByLabelText<HTMLSelectElement>('Initiative').value).toBe('');
  });

  it('puts the service field errors on their fields, custom fields and estimate numbers included, and the rest in the banner', async () => {
    stubFetch(422, {
      error: 'The epic is not valid',
      errors: {
        tags: ['has a tag longer than 255 characters'],
        initial_estimate: ['is too large'],
        'custom_fields.risk': ['must be one of: High, Low'],
        colour: ['is not a field'],
      },
    });
    const person = renderForm({ initialRelease: '10' });
    await person.type(screen.getByLabelText('Name'), 'Billing');
    await person.type(screen.getByLabelText('Tags'), 'x'.repeat(20));
    await person.type(screen.getByLabelText('Initial estimate'), '3d');
    await person.click(createButton());

    expect(await screen.findByText('has a tag longer than 255 characters')).toBeTruthy();
    const tags = screen.getByLabelText('Tags');
    expect(tags.getAttribute('aria-invalid')).toBe('true');
    const describedBy = tags.getAttribute('aria-describedby') ?? '';
    const message = describedBy
      .split(' ')
      .map((id) => document.getElementById(id))
      .find((el) => el?.getAttribute('role') === 'alert');
    expect(message?.textContent).toBe('has a tag longer than 255 characters');
    expect(screen.getByLabelText('Initial estimate').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('is too large')).toBeTruthy();
    expect(screen.getByLabelText('Risk').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('must be one of: High, Low')).toBeTruthy();
    expect(screen.getByText('Colour is not a field')).toBeTruthy();
    // The summary names every problem, linked to its field, in the order of the form; the first
    // bad field of the form (the main column comes first) takes the focus.
    const links = screen.getAllByRole('link').filter((a) => a.closest('.form-summary'));
    expect(links.map((a) => a.textContent)).toEqual([
      'Initial estimate: is too large',
      'Tags: has a tag longer than 255 characters',
      'Risk: must be one of: High, Low',
    ]);
    await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Initial estimate')));
  });

  it('puts a blank name and a missing release on their fields instead of sending', async () => {
    const sent = stubFetch(200, { epic: sampleEpic() });
    const person = renderForm();
    await person.click(createButton());
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Release').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText("can't be blank")).toBeTruthy();
    expect(screen.getByText('choose a release')).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it('edits an epic: its values as defaults, Save epic, and a PUT that clears what was emptied', async () => {
    const sent = stubFetch(200, { epic: sampleEpic() });
    const person = renderForm({ epic: sampleEpic() });
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Identity');
    expect(screen.getByLabelText<HTMLInputElement>('Initial estimate').value).toBe('1d 2h');
    expect(screen.getByLabelText<HTMLSelectElement>('Team').value).toBe('7');
    expect(screen.getByLabelText<HTMLSelectElement>('Iteration').value).toBe('701');
    expect(screen.getByLabelText<HTMLSelectElement>('Risk').value).toBe('High');
    // Computed progress: no Progress field; computed dates: shown, not editable.
    expect(screen.queryByLabelText('Progress')).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('Start date').disabled).toBe(true);

    await person.selectOptions(screen.getByLabelText('Risk'), '');
    await person.selectOptions(screen.getByLabelText('Initiative'), '');
    await person.click(screen.getByRole('button', { name: 'Save epic' }));
    await vi.waitFor(() => expect(sent.length).toBeGreaterThan(0));
    expect(sent[0]?.method).toBe('PUT');
    expect(sent[0]?.url).toBe('/api/v1/epics/42');
    const body = (sent[0]?.body as { epic: Record<string, unknown> }).epic;
    expect(body).toMatchObject({
      name: 'Identity',
      release: '10',
      initiative: null,
      team: '7',
      iteration: '701',
      program_increment: null,
      watchers: [3],
      progress_source: 'progress_from_features',
      duration_source: 'duration_from_features',
      custom_fields: { risk: null, arr: null },
    });
    expect(body).not.toHaveProperty('progress');
    expect(body).not.toHaveProperty('start_date');
  });
});

// The epic the edit tests open: computed progress and dates, one watcher, one custom field value.
const sampleEpic = () =>
  epicRecord({
    due_date: '2026-04-01',
    progress_source: 'progress_from_features',
    duration_source: 'duration_from_features',
    watchers: [userRef(choices.users[0]!)],
    custom_fields: [{ id: '1', key: 'risk', name: 'Risk', type: 'select', value: 'High' }],
    features_count: 2,
    features_completed_count: 1,
  });
