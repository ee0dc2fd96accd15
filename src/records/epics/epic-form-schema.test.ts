// The epic form's schema and its pure mapping to request bodies: the conditional branches (progress
// only under manual progress, dates only under manual duration, team links only with a team),
// estimates read in the release's units, custom field values typed by their field, and the two
// watcher spellings (a comma string on create, an array on update).
import { describe, expect, it } from 'vitest';
import type { EpicCustomField } from '../../api/epics';
import { epicCreateInput, epicUpdateInput } from '../../contract/epics';
import {
  buildEpicFormSchema,
  createDefaults,
  editDefaults,
  epicFieldAliases,
  formCustomFields,
  toCreateInput,
  toUpdateInput,
  type EpicFormOutput,
} from './epic-form-schema';
import { epicRecord } from './sample-epic';

const customFields: EpicCustomField[] = [
  { key: 'risk', name: 'Risk', type: 'select', values: ['High', 'Low'] },
  { key: 'arr', name: 'Target ARR', type: 'number', values: [] },
  { key: 'launch', name: 'Launch', type: 'date', values: [] },
];
const schema = buildEpicFormSchema({ customFields, unitsOf: (id) => (id === '11' ? 'story_points' : 'time') });
const parse = (values: unknown): EpicFormOutput => schema.parse(values);
const fresh = (over: Record<string, unknown> = {}) => ({
  ...createDefaults({ releaseId: '10', statusName: 'New', customFieldCount: customFields.length }),
  name: 'Billing',
  ...over,
});
const issues = (values: unknown) => (schema.safeParse(values).error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('epic form schema', () => {
  it('maps the defaults to the smallest create body, valid for the contract', () => {
    const body = toCreateInput(parse(fresh()), customFields);
    expect(body).toEqual({
      name: 'Billing',
      workflow_status: { name: 'New' },
      progress_source: 'progress_manual',
      progress: 0,
      duration_source: 'duration_manual',
    });
    expect(epicCreateInput.safeParse(body).success).toBe(true);
  });

  it('keeps progress only under manual progress', () => {
    const computed = parse(fresh({ progress_source: 'progress_from_todos', progress: '55' }));
    expect('progress' in computed).toBe(false);
    expect(toCreateInput(computed, customFields)).not.toHaveProperty('progress');
    expect(toCreateInput(parse(fresh({ progress: ' 55 ' })), customFields).progress).toBe(55);
    expect(issues(fresh({ progress: '101' }))).toEqual(['progress: must be between 0 and 100']);
    expect(issues(fresh({ progress: '' }))).toEqual(['progress: enter a number from 0 to 100']);
    expect(issues(fresh({ progress: 'lots' }))).toEqual(['progress: must be a number from 0 to 100']);
  });

  it('keeps dates only under manual duration, and checks their order there', () => {
    const manual = toCreateInput(parse(fresh({ start_date: '2026-05-01', due_date: '2026-06-01' })), customFields);
    expect(manual).toMatchObject({ start_date: '2026-05-01', due_date: '2026-06-01' });
    const computed = toCreateInput(
      parse(fresh({ duration_source: 'duration_from_features', start_date: '2026-05-01', due_date: '2026-04-01' })),
      customFields,
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
    expect(toCreateInput(parse(fresh({ release: '11', initial_estimate_text: ' 5p ' })), customFields).initial_estimate_text).toBe('5p');
  });

  it('sends team links only with a team', () => {
    const withTeam = toCreateInput(
      parse(fresh({ team: '7', iteration: '701', program_increment: '790', team_workflow_status: 'Doing' })),
      customFields,
    );
    expect(withTeam).toMatchObject({ team: '7', iteration: '701', program_increment: '790', team_workflow_status: { name: 'Doing' } });
    const noTeam = toCreateInput(parse(fresh({ team: '', iteration: '701', team_workflow_status: 'Doing' })), customFields);
    expect(noTeam).not.toHaveProperty('team');
    expect(noTeam).not.toHaveProperty('iteration');
    expect(noTeam).not.toHaveProperty('team_workflow_status');
    // Disabled selects hand over undefined: read as none.
    expect(parse(fresh({ iteration: undefined, program_increment: undefined, team_workflow_status: undefined })).iteration).toBe('');
  });

  it('types custom field values by their field and checks numbers and dates', () => {
    const body = toCreateInput(parse(fresh({ custom_fields: ['High', ' 1200.5 ', ''] })), customFields);
    expect(body.custom_fields).toEqual({ risk: 'High', arr: 1200.5 });
    expect(issues(fresh({ custom_fields: ['', 'many', '2026-02-30'] }))).toEqual([
      'custom_fields.1: must be a number',
      'custom_fields.2: must be a real date in the form YYYY-MM-DD',
    ]);
    expect(toCreateInput(parse(fresh()), customFields)).not.toHaveProperty('custom_fields');
  });

  it('sends watchers as a comma-separated string on create and an array of numbers on update', () => {
    expect(toCreateInput(parse(fresh({ watchers: ['3', '5'] })), customFields).watchers).toBe('3,5');
    expect(toCreateInput(parse(fresh()), customFields)).not.toHaveProperty('watchers');
    const epic = sampleEpic();
    const fields = formCustomFields(customFields, epic);
    expect(toUpdateInput(parse({ ...editDefaults(epic, fields), watchers: ['3', '5'] }), fields).watchers).toEqual([3, 5]);
    expect(toUpdateInput(parse({ ...editDefaults(epic, fields), watchers: [] }), fields).watchers).toEqual([]);
  });

  it('round-trips an epic through the edit defaults, clearing emptied fields with null', () => {
    const epic = sampleEpic();
    const fields = formCustomFields(customFields, epic);
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
      parse({ ...editDefaults(epic, fields), initiative: '', team: '', tags: '', custom_fields: ['', '', ''] }),
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

  it('keeps a field or select option the epic carries that is no longer defined, the option as a choice', () => {
    const epic = {
      custom_fields: [
        { id: '1', key: 'risk', name: 'Risk', type: 'select' as const, value: 'Medium' },
        { id: '9', key: 'owner', name: 'Owner', type: 'string' as const, value: 'Ops' },
      ],
    };
    const fields = formCustomFields(customFields, epic);
    expect(fields.map((f) => f.key)).toEqual(['risk', 'arr', 'launch', 'owner']);
    expect(fields[0]?.values).toEqual(['High', 'Low', 'Medium']);
    // A free-text field has no choices, whatever its value.
    expect(fields[3]?.values).toEqual([]);
    // The list it was built from is left as it was.
    expect(customFields[0]?.values).toEqual(['High', 'Low']);
  });

  it('names the form field of each service field error', () => {
    const aliases = epicFieldAliases(customFields);
    expect(aliases).toMatchObject({
      initial_estimate: 'initial_estimate_text',
      release_id: 'release',
      'custom_fields.risk': 'custom_fields.0',
      'custom_fields.launch': 'custom_fields.2',
    });
  });
});

// The epic these tests round-trip: two tags, and a custom field value of each kind it defines.
const sampleEpic = () =>
  epicRecord({
    tags: ['security', 'enterprise'],
    custom_fields: [
      { id: '1', key: 'risk', name: 'Risk', type: 'select', value: 'High' },
      { id: '2', key: 'arr', name: 'Target ARR', type: 'number', value: 5 },
    ],
  });

describe('epic form: multi-select, users and url fields', () => {
  const listFields: EpicCustomField[] = [
    { key: 'platforms', name: 'Platforms', type: 'multi_select', values: ['Web', 'API', 'Desktop'] },
    { key: 'reviewers', name: 'Reviewers', type: 'users', values: [] },
    { key: 'homepage', name: 'Home page', type: 'url', values: [] },
  ];
  const listSchema = buildEpicFormSchema({ customFields: listFields, unitsOf: () => 'time' });
  const start = (custom_fields: unknown[]) => ({
    ...createDefaults({ releaseId: '10', statusName: 'New', customFieldCount: listFields.length }),
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

  it('sends lists as lists (a typed-in users text split at commas) and leaves empty ones out of a create', () => {
    const body = toCreateInput(listSchema.parse(start([['API', 'Web'], ' 3, sam@planner.local ', ' https://a.example '])), listFields);
    expect(body.custom_fields).toEqual({ platforms: ['API', 'Web'], reviewers: ['3', 'sam@planner.local'], homepage: 'https://a.example' });
    expect(epicCreateInput.safeParse(body).success).toBe(true);
    // A new form starts every field at '': nothing is sent for them.
    expect(toCreateInput(listSchema.parse(start(['', '', ''])), listFields)).not.toHaveProperty('custom_fields');
  });

  it('checks a web address as the service does', () => {
    const problems = (homepage: string) =>
      (listSchema.safeParse(start([[], [], homepage])).error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(problems('https://example.com/a')).toEqual([]);
    for (const bad of ['javascript:alert(1)', 'www.acme.com', 'https://', 'ftp://example.com']) {
      expect(problems(bad), bad).toEqual(['custom_fields.2: must be a web address starting with http:// or https://']);
    }
  });

  it('edits an epic’s lists as lists, keeping an option no longer defined as a choice, and clears them with null', () => {
    const fields = formCustomFields(listFields, epic);
    expect(fields[0]?.values).toEqual(['Web', 'API', 'Desktop', 'Legacy']);
    const defaults = editDefaults(epic, fields);
    expect(defaults.custom_fields).toEqual([['Web', 'Legacy'], ['3', '7'], 'https://example.com']);
    const kept = toUpdateInput(listSchema.parse(defaults), fields);
    expect(kept.custom_fields).toEqual({ platforms: ['Web', 'Legacy'], reviewers: ['3', '7'], homepage: 'https://example.com' });
    expect(epicUpdateInput.safeParse(kept).success).toBe(true);
    const cleared = toUpdateInput(listSchema.parse({ ...defaults, custom_fields: [[], '', ''] }), fields);
    expect(cleared.custom_fields).toEqual({ platforms: null, reviewers: null, homepage: null });
  });
});
