// The epic form's schema and its pure mapping to request bodies: the conditional branches (progress
// only under manual progress, dates only under manual duration, team links only with a team),
// estimates read in the release's units, the layout's custom field values typed by their field
// and required fields checked, and the two watcher spellings (a comma string on create, an array on
// update).
import { describe, expect, it } from 'vitest';
import { builtInLayout } from '../../api/layouts';
import { epicCreateInput, epicUpdateInput, type Epic } from '../../contract/epics';
import { WORK_ITEM_FIELD_ALIASES } from '../../ui/form-schema';
import { formLayout } from '../../ui/layout-model';
import { definition, testLayout } from '../../ui/test/layouts';
import {
  EPIC_FIELD_ALIASES,
  buildEpicFormSchema,
  createDefaults,
  editDefaults,
  toCreateInput,
  toUpdateInput,
  type EpicFormOutput,
} from './epic-form-schema';
import { epicRecord } from './sample-epic';

// The built-in Epic layout with a section of three custom fields, the first required.
const builtIn = builtInLayout('Epic');
const screen = {
  ...builtIn,
  sections: [
    ...builtIn.sections,
    ...testLayout('Epic', [
      [
        'Custom fields',
        'side',
        [
          { custom: definition('risk', 'Risk', 'select', ['High', 'Low']), required: true },
          { custom: definition('arr', 'Target ARR', 'number') },
          { custom: definition('launch', 'Launch', 'date') },
        ],
      ],
    ]).sections,
  ],
};
const layout = formLayout(screen, { mode: 'create' });
const editLayout = (epic: Epic) => formLayout(screen, { mode: 'edit', record: epic });
const unitsOf = (id: string) => (id === '11' ? 'story_points' : 'time');
const schema = buildEpicFormSchema({ layout, unitsOf });
const parse = (values: unknown): EpicFormOutput => schema.parse(values);
const fresh = (over: Record<string, unknown> = {}) => ({
  ...createDefaults({ releaseId: '10', statusName: 'New', layout }),
  name: 'Billing',
  custom_fields: { risk: 'Low', arr: '', launch: '' },
  ...over,
});
const issues = (values: unknown) => (schema.safeParse(values).error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('epic form schema', () => {
  it('maps the defaults to the smallest create body, valid for the contract', () => {
    const body = toCreateInput(parse(fresh()), layout);
    expect(body).toEqual({
      name: 'Billing',
      workflow_status: { name: 'New' },
      progress_source: 'progress_manual',
      progress: 0,
      duration_source: 'duration_manual',
      custom_fields: { risk: 'Low' },
    });
    expect(epicCreateInput.safeParse(body).success).toBe(true);
  });

  it('keeps progress only under manual progress', () => {
    const computed = parse(fresh({ progress_source: 'progress_from_todos', progress: '55' }));
    expect('progress' in computed).toBe(false);
    expect(toCreateInput(computed, layout)).not.toHaveProperty('progress');
    expect(toCreateInput(parse(fresh({ progress: ' 55 ' })), layout).progress).toBe(55);
    expect(issues(fresh({ progress: '101' }))).toEqual(['progress: must be between 0 and 100']);
    expect(issues(fresh({ progress: '' }))).toEqual(['progress: enter a number from 0 to 100']);
    expect(issues(fresh({ progress: 'lots' }))).toEqual(['progress: must be a number from 0 to 100']);
  });

  it('keeps dates only under manual duration, and checks their order there', () => {
    const manual = toCreateInput(parse(fresh({ start_date: '2026-05-01', due_date: '2026-06-01' })), layout);
    expect(manual).toMatchObject({ start_date: '2026-05-01', due_date: '2026-06-01' });
    const computed = toCreateInput(
      parse(fresh({ duration_source: 'duration_from_features', start_date: '2026-05-01', due_date: '2026-04-01' })),
      layout,
    );
    expect(computed).not.toHaveProperty('start_date');
    expect(computed).not.toHaveProperty('due_date');
    expect(issues(fresh({ start_date: '2026-05-01', due_date: '2026-04-01' }))).toEqual(['due_date: must not be before the start date']);
  });

  it('reads estimate text in the capacity units of the chosen release', () => {
    expect(issues(fresh({ release: '11', initial_estimate_text: '5p' }))).toEqual([]);
    expect(issues(fresh({ release: '10', initial_estimate_text: '1d 2h' }))).toEqual([]);
    const wrong = issues(fresh({ release: '10', detailed_estimate_text: '5p' }));
    expect(wrong).toHaveLength(1);
    expect(wrong[0]).toMatch(/^detailed_estimate_text: "5p" is in story points/);
    expect(issues(fresh({ release: '11', remaining_estimate_text: '2h' }))).toHaveLength(1);
    expect(toCreateInput(parse(fresh({ release: '11', initial_estimate_text: ' 5p ' })), layout).initial_estimate_text).toBe('5p');
  });

  it('sends team links only with a team', () => {
    const withTeam = toCreateInput(
      parse(fresh({ team: '7', iteration: '701', program_increment: '790', team_workflow_status: 'Doing' })),
      layout,
    );
    expect(withTeam).toMatchObject({ team: '7', iteration: '701', program_increment: '790', team_workflow_status: { name: 'Doing' } });
    const noTeam = toCreateInput(parse(fresh({ team: '', iteration: '701', team_workflow_status: 'Doing' })), layout);
    expect(noTeam).not.toHaveProperty('team');
    expect(noTeam).not.toHaveProperty('iteration');
    expect(noTeam).not.toHaveProperty('team_workflow_status');
    // Disabled selects hand over undefined: read as none.
    expect(parse(fresh({ iteration: undefined, program_increment: undefined, team_workflow_status: undefined })).iteration).toBe('');
  });

  it('types custom field values by their field, checks them, and requires what the layout requires', () => {
    const body = toCreateInput(parse(fresh({ custom_fields: { risk: 'High', arr: ' 1200.5 ', launch: '' } })), layout);
    expect(body.custom_fields).toEqual({ risk: 'High', arr: 1200.5 });
    expect(issues(fresh({ custom_fields: { risk: 'High', arr: 'many', launch: '2026-02-30' } }))).toEqual([
      'custom_fields.arr: must be a number',
      'custom_fields.launch: must be a real date in the form YYYY-MM-DD',
    ]);
    expect(issues(fresh({ custom_fields: { risk: '', arr: '', launch: '' } }))).toEqual(['custom_fields.risk: is required']);
    // The built-in layout has no custom fields: none are sent.
    const plain = buildEpicFormSchema({ unitsOf }).parse({ ...createDefaults({ releaseId: '10' }), name: 'Billing' });
    expect(toCreateInput(plain)).not.toHaveProperty('custom_fields');
  });

  it('sends watchers as a comma-separated string on create and an array of numbers on update', () => {
    expect(toCreateInput(parse(fresh({ watchers: ['3', '5'] })), layout).watchers).toBe('3,5');
    expect(toCreateInput(parse(fresh()), layout)).not.toHaveProperty('watchers');
    const epic = sampleEpic();
    const fields = editLayout(epic);
    expect(toUpdateInput(parse({ ...editDefaults(epic, fields), watchers: ['3', '5'] }), fields).watchers).toEqual([3, 5]);
    expect(toUpdateInput(parse({ ...editDefaults(epic, fields), watchers: [] }), fields).watchers).toEqual([]);
  });

  it('round-trips an epic through the edit defaults, clearing emptied fields with null', () => {
    const epic = sampleEpic();
    const fields = editLayout(epic);
    const kept = toUpdateInput(parse(editDefaults(epic, fields)), fields);
    expect(kept).toMatchObject({
      name: 'Identity',
      release: '10',
      initiative: '30',
      tags: 'security,enterprise',
      initial_estimate_text: '1d 2h',
      detailed_estimate_text: null,
      team: '7',
      iteration: '701',
      program_increment: null,
      team_workflow_status: null,
      progress_source: 'progress_manual',
      progress: 40,
      duration_source: 'duration_manual',
      start_date: '2026-03-01',
      due_date: null,
      custom_fields: { risk: 'High', arr: 5, launch: null },
    });
    expect(epicUpdateInput.safeParse(kept).success).toBe(true);

    const cleared = toUpdateInput(
      // Editing requires nothing beyond the epic's own rules: the service checks required fields on create.
      buildEpicFormSchema({ layout: fields, unitsOf }).parse({
        ...editDefaults(epic, fields),
        initiative: '',
        team: '',
        tags: '',
        custom_fields: { risk: '', arr: '', launch: '' },
      }),
      fields,
    );
    expect(cleared).toMatchObject({
      initiative: null,
      team: null,
      iteration: null,
      tags: '',
      custom_fields: { risk: null, arr: null, launch: null },
    });
  });

  it('keeps a select option the epic carries that is no longer defined as a choice, and leaves a field the layout lacks alone', () => {
    const epic = sampleEpic({
      custom_fields: [
        { id: '1', key: 'risk', name: 'Risk', type: 'select', value: 'Medium' },
        { id: '9', key: 'owner', name: 'Owner', type: 'string', value: 'Ops' },
      ],
    });
    const fields = editLayout(epic);
    expect(fields.customFields.map((f) => f.key)).toEqual(['risk', 'arr', 'launch']);
    expect(fields.customFields[0]?.options).toEqual(['High', 'Low', 'Medium']);
    expect(editDefaults(epic, fields).custom_fields).toEqual({ risk: 'Medium', arr: '', launch: '' });
    // Owner is no field of the layout: an update does not send it, so it keeps its value.
    const values = buildEpicFormSchema({ layout: fields, unitsOf }).parse(editDefaults(epic, fields));
    expect(toUpdateInput(values, fields).custom_fields).toEqual({ risk: 'Medium', arr: null, launch: null });
  });

  it('names the form field of each service field error (custom fields by their own name)', () => {
    expect(EPIC_FIELD_ALIASES).toEqual(WORK_ITEM_FIELD_ALIASES);
    expect(layout.customFields.map((f) => f.name)).toEqual(['custom_fields.risk', 'custom_fields.arr', 'custom_fields.launch']);
  });
});

// The epic these tests round-trip: two tags, and a custom field value of each kind it defines.
const sampleEpic = (over: Partial<Epic> = {}) =>
  epicRecord({
    tags: ['security', 'enterprise'],
    custom_fields: [
      { id: '1', key: 'risk', name: 'Risk', type: 'select', value: 'High' },
      { id: '2', key: 'arr', name: 'Target ARR', type: 'number', value: 5 },
    ],
    ...over,
  });

describe('epic form: multi-select, users and url fields', () => {
  const listScreen = testLayout('Epic', [
    ['Epic', 'main', ['name', 'release']],
    [
      'Lists',
      'side',
      [
        { custom: definition('platforms', 'Platforms', 'multi_select', ['Web', 'API', 'Desktop']) },
        { custom: definition('reviewers', 'Reviewers', 'users') },
        { custom: definition('homepage', 'Home page', 'url') },
      ],
    ],
  ]);
  const listLayout = formLayout(listScreen, { mode: 'create' });
  const listSchema = buildEpicFormSchema({ layout: listLayout, unitsOf: () => 'time' });
  const start = (custom_fields: Record<string, string | string[]>) => ({
    ...createDefaults({ releaseId: '10', statusName: 'New', layout: listLayout }),
    name: 'Lists',
    custom_fields,
  });
  const epic = epicRecord({
    custom_fields: [
      { id: '1', key: 'platforms', name: 'Platforms', type: 'multi_select', value: ['Web', 'Legacy'] },
      { id: '2', key: 'reviewers', name: 'Reviewers', type: 'users', value: ['3', '7'] },
      { id: '3', key: 'homepage', name: 'Home page', type: 'url', value: 'https://example.com' },
    ],
  });

  it('sends lists as lists and leaves empty ones out of a create', () => {
    const body = toCreateInput(
      listSchema.parse(start({ platforms: ['API', 'Web'], reviewers: ['3'], homepage: ' https://a.example ' })),
      listLayout,
    );
    expect(body.custom_fields).toEqual({ platforms: ['API', 'Web'], reviewers: ['3'], homepage: 'https://a.example' });
    expect(epicCreateInput.safeParse(body).success).toBe(true);
    // A new form starts every field empty: nothing is sent for them.
    expect(createDefaults({ layout: listLayout }).custom_fields).toEqual({ platforms: [], reviewers: [], homepage: '' });
    expect(toCreateInput(listSchema.parse(start({ platforms: [], reviewers: [], homepage: '' })), listLayout)).not.toHaveProperty(
      'custom_fields',
    );
  });

  it('checks a web address as the service does', () => {
    const problems = (homepage: string) =>
      (listSchema.safeParse(start({ platforms: [], reviewers: [], homepage })).error?.issues ?? []).map(
        (i) => `${i.path.join('.')}: ${i.message}`,
      );
    expect(problems('https://example.com/a')).toEqual([]);
    for (const bad of ['javascript:alert(1)', 'www.acme.com', 'https://', 'ftp://example.com']) {
      expect(problems(bad), bad).toEqual(['custom_fields.homepage: must be a web address starting with http:// or https://']);
    }
  });

  it('edits an epic’s lists as lists, keeping an option no longer defined as a choice, and clears them with null', () => {
    const fields = formLayout(listScreen, { mode: 'edit', record: epic });
    expect(fields.customFields[0]?.options).toEqual(['Web', 'API', 'Desktop', 'Legacy']);
    const defaults = editDefaults(epic, fields);
    expect(defaults.custom_fields).toEqual({ platforms: ['Web', 'Legacy'], reviewers: ['3', '7'], homepage: 'https://example.com' });
    const editSchema = buildEpicFormSchema({ layout: fields, unitsOf: () => 'time' });
    const kept = toUpdateInput(editSchema.parse(defaults), fields);
    expect(kept.custom_fields).toEqual({ platforms: ['Web', 'Legacy'], reviewers: ['3', '7'], homepage: 'https://example.com' });
    expect(epicUpdateInput.safeParse(kept).success).toBe(true);
    const cleared = toUpdateInput(editSchema.parse({ ...defaults, custom_fields: { platforms: [], reviewers: [], homepage: '' } }), fields);
    expect(cleared.custom_fields).toEqual({ platforms: null, reviewers: null, homepage: null });
  });
});
