// @vitest-environment jsdom
// The feature form's conditional rules as a person meets them (progress only under manual progress,
// estimates read in the release's units, the shorter update list), and the pure mapping to request
// bodies (watchers as a comma string on create, an array on update). The team section's rules are
// the kit's (ui/work-item-fields.test.tsx).
import { cleanup, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { builtInLayout } from '../../api/layouts';
import { releaseQueries } from '../../api/releases';
import type { Feature } from '../../contract/features';
import { FEATURE_PROGRESS_SOURCES_UPDATE } from '../../domain/progress';
import {
  cleanUpAfterEach,
  optionTexts,
  renderForm as renderInApp,
  status,
  stubFetch,
  team,
  testQueryClient,
  user,
  userRef,
  workItemRecord,
} from '../../ui/test/form-harness';
import { definition, testLayout } from '../../ui/test/layouts';
import { FeatureForm } from './feature-form';
import type { FeatureFormChoices } from './feature-form-choices';
import {
  buildFeatureFormSchema,
  createDefaults,
  editDefaults,
  toCreateInput,
  toUpdateInput,
  type FeatureFormOutput,
} from './feature-form-schema';

cleanUpAfterEach();

const choices: FeatureFormChoices = {
  releases: [
    { id: '10', name: 'Spring', reference_num: 'PLN-R-1', capacity_units: 'time', parking_lot: false },
    {
      id: '11',
      name: 'Points',
      reference_num: 'PLN-R-2',
      capacity_units: 'story_points',
      parking_lot: false,
    },
  ],
  statuses: [status('1', 'New', 1), status('2', 'In development', 2)],
  kinds: [{ id: '5', name: 'New feature' }],
  users: [user('3', 'Ada'), user('4', 'Grace'), user('5', 'Linus')],
  teams: [
    team('7', 'Alpha', ['Sprint A1', 'Sprint A2'], ['Alpha PI'], ['Ready', 'Doing']),
    team('8', 'Beta', ['Sprint B1'], [], ['Queued']),
  ],
  epics: [
    { id: '20', name: 'Identity', reference_num: 'PLN-E-1', release: 'Spring' },
    { id: '21', name: 'Roadmaps', reference_num: 'PLN-E-2', release: 'Points' },
  ],
  initiatives: [{ id: '30', name: 'Enterprise readiness', reference_num: 'PLN-S-1' }],
  layout: builtInLayout('Feature'),
};

function renderForm(
  props: {
    feature?: Feature;
    initialRelease?: string;
    initialEpic?: string;
    initialInitiative?: string;
  } = {},
) {
  const queryClient = testQueryClient();
  // The phases of both releases are already known, so the form does not reach for the network.
  queryClient.setQueryData(releaseQueries.phases('10').queryKey, []);
  queryClient.setQueryData(releaseQueries.phases('11').queryKey, []);
  return renderInApp(<FeatureForm productId="1" choices={choices} {...props} />, queryClient);
}

// A person types into a large form here; on a busy machine that takes more than the default 5 s.
describe('FeatureForm', { timeout: 20_000 }, () => {
  it('shows the Progress field only while the progress source is manual', async () => {
    const person = renderForm({ initialRelease: '10' });
    expect(screen.getByLabelText('Progress')).toBeTruthy();
    await person.selectOptions(screen.getByLabelText('Progress source'), 'progress_from_requirements');
    expect(screen.queryByLabelText('Progress')).toBeNull();
    await person.selectOptions(screen.getByLabelText('Progress source'), 'progress_manual');
    expect(screen.getByLabelText('Progress')).toBeTruthy();
  });

  it('sends what was filled in, and puts the service field errors on their fields', async () => {
    const sent = stubFetch(422, {
      error: 'The feature is not valid',
      errors: { initial_estimate_text: ['is larger than the release capacity'], colour: ['is not a field'] },
    });
    const person = renderForm({ initialRelease: '10' });
    await person.type(screen.getByLabelText('Name'), 'Export');
    await person.type(screen.getByLabelText('Initial estimate'), '3d');
    await person.click(within(screen.getByRole('group', { name: 'Watchers' })).getByLabelText('Linus'));
    await person.click(within(screen.getByRole('group', { name: 'Watchers' })).getByLabelText('Ada'));
    await person.click(screen.getByRole('button', { name: 'Create feature' }));

    expect(await screen.findByText('is larger than the release capacity')).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.method).toBe('POST');
    expect(sent[0]?.url).toBe('/api/v1/releases/10/features');
    const body = (sent[0]?.body as { feature: Record<string, unknown> }).feature;
    expect(body).toEqual({
      name: 'Export',
      initial_estimate_text: '3d',
      watchers: '3,5',
      workflow_status: { name: 'New' },
      progress_source: 'progress_manual',
      progress: 0,
    });

    expect(screen.getByLabelText('Initial estimate').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Colour is not a field')).toBeTruthy();
  });

  it('preselects the release of ?release= (by id or key) and reads estimates in its units', async () => {
    const person = renderForm({ initialRelease: 'PLN-R-2' });
    expect(screen.getByLabelText<HTMLSelectElement>('Release').value).toBe('11');
    const estimate = screen.getByLabelText('Initial estimate');
    await person.type(estimate, '5p');
    expect(screen.getByText('5p = 5 points')).toBeTruthy();

    // The same text in a release estimated in time is refused. Saving stays possible to try, and a
    // try says what is wrong (a summary linking to the field) and takes the person there, sending nothing.
    const sent = stubFetch(200, { feature: sampleFeature() });
    await person.selectOptions(screen.getByLabelText('Release'), '10');
    expect(estimate.getAttribute('aria-invalid')).toBe('true');
    const create = screen.getByRole<HTMLButtonElement>('button', { name: 'Create feature' });
    expect(create.disabled).toBe(false);
    await person.type(screen.getByLabelText('Name'), 'Export');
    await person.click(create);
    const summary = await screen.findByText(/The form could not be saved/);
    const link = within(summary.parentElement!).getByRole('link', {
      name: /^Initial estimate: "5p" is in story points/,
    });
    expect(link.getAttribute('href')).toBe(`#${estimate.id}`);
    await vi.waitFor(() => expect(document.activeElement).toBe(estimate));
    expect(sent).toHaveLength(0);

    await person.clear(estimate);
    await person.type(estimate, '1d 2h');
    expect(screen.getByText('1d 2h = 10 h')).toBeTruthy();
  });

  it('keeps the Team and People sections closed while empty and opens them when they hold something', async () => {
    const person = renderForm({ initialRelease: '10' });
    const teamSection = screen.getByText('Team', { selector: 'summary *' }).closest('details')!;
    const peopleSection = screen.getByText('People', { selector: 'summary *' }).closest('details')!;
    expect(teamSection.open).toBe(false);
    expect(peopleSection.open).toBe(false);
    expect(within(peopleSection).getByText('No watchers')).toBeTruthy();
    // A keyboard person opens one with its summary.
    await person.click(screen.getByText('Team', { selector: 'summary *' }));
    expect(teamSection.open).toBe(true);
    cleanup();

    renderForm({ feature: sampleFeature() });
    expect(screen.getByText('People', { selector: 'summary *' }).closest('details')!.open).toBe(true);
  });

  it('preselects the epic and initiative of ?epic= and ?initiative= (by id or key) and sends them', async () => {
    const sent = stubFetch(200, { feature: sampleFeature() });
    const person = renderForm({ initialRelease: '10', initialEpic: 'pln-e-2', initialInitiative: '30' });
    expect(screen.getByLabelText<HTMLSelectElement>('Epic').value).toBe('21');
    expect(screen.getByLabelText<HTMLSelectElement>('Initiative').value).toBe('30');
    expect(optionTexts(screen.getByLabelText('Epic'))).toEqual(['No epic', 'Identity — Spring (PLN-E-1)', 'Roadmaps — Points (PLN-E-2)']);
    await person.type(screen.getByLabelText('Name'), 'Audit export');
    await person.click(screen.getByRole('button', { name: 'Create feature' }));
    // After a successful save the app refreshes its lists, so only the first request is the create.
    await vi.waitFor(() => expect(sent.length).toBeGreaterThan(0));
    expect(sent[0]?.method).toBe('POST');
    expect(sent[0]?.body).toMatchObject({ feature: { name: 'Audit export', epic: '21', initiative: '30' } });
  });

  it('shows an unknown epic refused by the service on the Epic field', async () => {
    stubFetch(422, { error: 'Validation failed', errors: { epic: ['is not an epic of this product'] } });
    const person = renderForm({ initialRelease: '10', initialEpic: '20' });
    await person.type(screen.getByLabelText('Name'), 'Audit export');
    await person.click(screen.getByRole('button', { name: 'Create feature' }));
    await vi.waitFor(() => expect(screen.getByLabelText('Epic').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('is not an epic of this product')).toBeTruthy();
  });

  it('puts a blank name and a missing release on their fields instead of sending', async () => {
    const person = renderForm();
    await person.click(screen.getByRole('button', { name: 'Create feature' }));
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Release').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText("can't be blank")).toBeTruthy();
  });

  it('offers the shorter list of progress sources when editing', () => {
    renderForm({ feature: sampleFeature() });
    const values = within(screen.getByLabelText('Progress source'))
      .getAllByRole<HTMLOptionElement>('option')
      .map((o) => o.value);
    expect(values).toEqual([...FEATURE_PROGRESS_SOURCES_UPDATE]);
    expect(screen.getByRole('button', { name: 'Save feature' })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Search');
    expect(screen.getByLabelText<HTMLInputElement>('Initial estimate').value).toBe('1d 2h');
  });

  it('keeps watchers as checkboxes of users, checked from the feature', () => {
    renderForm({ feature: sampleFeature() });
    const watchers = screen.getByRole('group', { name: 'Watchers' });
    const checked = within(watchers)
      .getAllByRole<HTMLInputElement>('checkbox')
      .filter((c) => c.checked)
      .map((c) => c.value);
    expect(checked).toEqual(['3', '5']);
  });
});

describe('FeatureForm drawn from a custom layout', { timeout: 20_000 }, () => {
  const risk = definition('risk', 'Risk', 'select', ['High', 'Low']);
  const regions = definition('regions', 'Regions', 'multi_select', ['EU', 'US']);
  const layout = testLayout('Feature', [
    ['Basics', 'main', ['name', 'release', { field: 'assigned_to_user', required: true }, 'tags', { custom: risk, required: true }]],
    ['Planning', 'main', ['estimates', { field: 'epic', on_form: false }]],
    ['More', 'side', [{ custom: regions }, 'team']],
  ]);
  const withLayout = (props: { feature?: Feature; initialRelease?: string } = {}) => {
    const queryClient = testQueryClient();
    queryClient.setQueryData(releaseQueries.phases('10').queryKey, []);
    return renderInApp(<FeatureForm productId="1" choices={{ ...choices, layout }} {...props} />, queryClient);
  };

  it('draws only the layout’s fields, in its sections, and sends the custom values', async () => {
    const sent = stubFetch(200, { feature: sampleFeature() });
    const person = withLayout({ initialRelease: '10' });
    const legends = [...document.querySelectorAll('legend')]
      .filter((l) => !l.classList.contains('visually-hidden'))
      .map((l) => l.textContent);
    expect(legends).toEqual(['Basics', 'Planning', 'More', 'Regions']);
    // Left out by the layout: not drawn. The dates are no layout field: they follow the assignee.
    for (const gone of ['Epic', 'Status', 'Initiative', 'Kind', 'Release phase']) expect(screen.queryByLabelText(gone)).toBeNull();
    const names = [...document.querySelectorAll('.form-shell__main [name]')].map((el) => el.getAttribute('name'));
    expect(names.slice(0, 6)).toEqual(['name', 'release', 'assigned_to_user', 'start_date', 'due_date', 'tags']);

    await person.type(screen.getByLabelText('Name'), 'Export');
    await person.selectOptions(screen.getByLabelText('Assignee'), 'ada@example.com');
    await person.selectOptions(screen.getByLabelText('Risk'), 'High');
    await person.click(within(screen.getByRole('group', { name: 'Regions' })).getByLabelText('US'));
    await person.click(screen.getByRole('button', { name: 'Create feature' }));
    await vi.waitFor(() => expect(sent.length).toBeGreaterThan(0));
    // What the form always sent (the first status, manual progress) it still sends.
    expect(sent[0]?.body).toEqual({
      feature: {
        name: 'Export',
        assigned_to_user: 'ada@example.com',
        workflow_status: { name: 'New' },
        progress_source: 'progress_manual',
        progress: 0,
        custom_fields: { risk: 'High', regions: ['US'] },
      },
    });
  });

  it('marks the required fields and says "is required" on each left blank, sending nothing', async () => {
    const sent = stubFetch(200, { feature: sampleFeature() });
    const person = withLayout({ initialRelease: '10' });
    expect(screen.getByLabelText('Assignee').getAttribute('aria-required')).toBe('true');
    expect(screen.getByLabelText('Risk').getAttribute('aria-required')).toBe('true');
    expect(screen.getByLabelText('Tags').getAttribute('aria-required')).toBeNull();
    await person.type(screen.getByLabelText('Name'), 'Export');
    await person.click(screen.getByRole('button', { name: 'Create feature' }));
    const summary = await screen.findByText(/The form could not be saved: 2 problems/);
    expect(
      within(summary.parentElement!)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Assignee: is required', 'Risk: is required']);
    expect(sent).toHaveLength(0);
  });

  it('lists a required description in the summary where it stands on the form', async () => {
    const withDescription = testLayout('Feature', [
      ['Basics', 'main', ['name', 'release', { field: 'description', required: true }, { field: 'assigned_to_user', required: true }]],
    ]);
    const queryClient = testQueryClient();
    queryClient.setQueryData(releaseQueries.phases('10').queryKey, []);
    const person = renderInApp(
      <FeatureForm productId="1" choices={{ ...choices, layout: withDescription }} initialRelease="10" />,
      queryClient,
    );
    await person.type(screen.getByLabelText('Name'), 'Export');
    await person.click(screen.getByRole('button', { name: 'Create feature' }));
    const summary = await screen.findByText(/The form could not be saved: 2 problems/);
    // The rich-text description has no `name`: the summary still finds it, names it and keeps the form's order.
    expect(
      within(summary.parentElement!)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Description: is required', 'Assignee: is required']);
  });

  it('puts the service’s required-field messages on their fields', async () => {
    stubFetch(422, { error: 'Validation failed', errors: { tags: ['is required'], 'custom_fields.regions': ['is required'] } });
    const person = withLayout({ initialRelease: '10' });
    await person.type(screen.getByLabelText('Name'), 'Export');
    await person.selectOptions(screen.getByLabelText('Assignee'), 'ada@example.com');
    await person.selectOptions(screen.getByLabelText('Risk'), 'Low');
    await person.click(screen.getByRole('button', { name: 'Create feature' }));
    await vi.waitFor(() => expect(screen.getByLabelText('Tags').getAttribute('aria-invalid')).toBe('true'));
    expect(within(screen.getByRole('group', { name: 'Regions' })).getByRole('alert').textContent).toBe('is required');
  });

  it('edits the record’s custom values and clears an emptied one, requiring nothing more', async () => {
    const sent = stubFetch(200, { feature: sampleFeature() });
    const feature = {
      ...sampleFeature(),
      custom_fields: [
        { id: '1', key: 'risk', name: 'Risk', type: 'select' as const, value: 'Medium' },
        { id: '2', key: 'launch', name: 'Launch', type: 'date' as const, value: '2026-05-01' },
      ],
    };
    const person = withLayout({ feature });
    // A removed option the feature still holds stays choosable.
    expect(optionTexts(screen.getByLabelText('Risk'))).toEqual(['None', 'High', 'Low', 'Medium']);
    expect(screen.getByLabelText<HTMLSelectElement>('Risk').value).toBe('Medium');
    await person.selectOptions(screen.getByLabelText('Risk'), '');
    await person.click(screen.getByRole('button', { name: 'Save feature' }));
    await vi.waitFor(() => expect(sent.length).toBeGreaterThan(0));
    // Launch is no field of the layout: its value is not sent, so it stays.
    expect((sent[0]?.body as { feature: { custom_fields: unknown } }).feature.custom_fields).toEqual({ risk: null, regions: null });
  });
});

function sampleFeature(): Feature {
  return {
    ...workItemRecord,
    id: '42',
    name: 'Search',
    reference_num: 'PLN-42',
    workflow_kind: null,
    custom_fields: [],
    workflow_status: status('2', 'In development', 2),
    tags: ['search', 'ux'],
    start_date: null,
    due_date: null,
    progress: 40,
    progress_source: 'progress_manual',
    belongs_to_release_phase: null,
    initiative: null,
    epic: null,
    team: null,
    iteration: null,
    watchers: [userRef(choices.users[0]!), userRef(choices.users[2]!)],
    requirements: [],
  };
}

const schema = buildFeatureFormSchema({
  mode: 'create',
  unitsOf: (id) => (id === '11' ? 'story_points' : 'time'),
});
const parse = (values: unknown): FeatureFormOutput => schema.parse(values);

describe('feature form mapping', () => {
  it('sends watchers as a comma-separated string of ids on create', () => {
    const body = toCreateInput(parse({ ...createDefaults({ releaseId: '10' }), name: 'Export', watchers: ['3', '5'] }));
    expect(body.watchers).toBe('3,5');
    expect(body).toMatchObject({ name: 'Export', progress_source: 'progress_manual', progress: 0 });
  });

  it('sends watchers as an array of numeric ids on update, and an empty array to clear them', () => {
    const feature = sampleFeature();
    const values = parse({ ...editDefaults(feature), watchers: ['3', '5'] });
    expect(toUpdateInput(values, feature).watchers).toEqual([3, 5]);
    expect(toUpdateInput(parse({ ...editDefaults(feature), watchers: [] }), feature).watchers).toEqual([]);
  });

  it('links an epic and an initiative on update and unlinks them with null', () => {
    const feature = {
      ...sampleFeature(),
      epic: { id: '20', name: 'Identity', reference_num: 'PLN-E-1' },
      initiative: { id: '30', name: 'Enterprise readiness', reference_num: 'PLN-S-1' },
    };
    const kept = toUpdateInput(parse(editDefaults(feature)), feature);
    expect(kept).toMatchObject({ epic: '20', initiative: '30' });
    const cleared = toUpdateInput(parse({ ...editDefaults(feature), epic: '', initiative: '' }), feature);
    expect(cleared).toMatchObject({ epic: null, initiative: null });
    const created = toCreateInput(parse({ ...createDefaults({ releaseId: '10' }), name: 'Export' }));
    expect('epic' in created || 'initiative' in created).toBe(false);
  });

  it('leaves watchers out of a create body when nobody watches', () => {
    const body = toCreateInput(parse({ ...createDefaults({ releaseId: '10' }), name: 'Export' }));
    expect('watchers' in body).toBe(false);
  });

  it('sends progress only under manual progress', () => {
    const computed = parse({
      ...createDefaults({ releaseId: '10' }),
      name: 'Export',
      progress_source: 'progress_from_requirements',
      progress: '55',
    });
    expect('progress' in computed).toBe(false);
    const body = toCreateInput(computed);
    expect(body.progress_source).toBe('progress_from_requirements');
    expect('progress' in body).toBe(false);

    const manual = toCreateInput(parse({ ...createDefaults({ releaseId: '10' }), name: 'Export', progress: '55' }));
    expect(manual.progress).toBe(55);
  });

  it('refuses progress outside 0–100 and estimates in the wrong units', () => {
    const result = schema.safeParse({
      ...createDefaults({ releaseId: '10' }),
      name: 'Export',
      progress: '120',
      initial_estimate_text: '5p',
    });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['progress', 'initial_estimate_text']));
  });

  it('sends the status, assignee, team links and estimates in their wire forms', () => {
    const body = toCreateInput(
      parse({
        ...createDefaults({ releaseId: '11', statusName: 'New' }),
        name: 'Export',
        assigned_to_user: 'ada@example.com',
        team: '7',
        iteration: '701',
        team_workflow_status: 'Doing',
        tags: ' a, b ,,c ',
        initial_estimate_text: ' 5p ',
      }),
    );
    expect(body).toMatchObject({
      workflow_status: { name: 'New' },
      assigned_to_user: 'ada@example.com',
      team: '7',
      iteration: '701',
      team_workflow_status: { name: 'Doing' },
      tags: 'a,b,c',
      initial_estimate_text: '5p',
    });
    expect('program_increment' in body).toBe(false);
  });

  it('clears emptied fields with null on update and sends the progress source only when it changed', () => {
    const feature = {
      ...sampleFeature(),
      progress_source: 'progress_from_requirements_with_dependents' as const,
    };
    const same = toUpdateInput(parse({ ...editDefaults(feature), initial_estimate_text: '' }), feature);
    expect(same.initial_estimate_text).toBeNull();
    expect(same.team).toBeNull();
    expect('progress_source' in same).toBe(false);

    const changed = toUpdateInput(parse({ ...editDefaults(feature), progress_source: 'progress_from_todos' }), feature);
    expect(changed.progress_source).toBe('progress_from_todos');
  });
});
