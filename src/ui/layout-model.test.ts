// The layout model: what a form draws from a layout and requires, a record's custom values as form
// values and back as the body's `custom_fields`, the checks from the layout, and a page's sections.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { builtInLayout } from '../api/layouts';
import {
  checkLayoutValues,
  customFieldDefaults,
  customFieldsBody,
  customFieldFormValues,
  customValueTexts,
  detailSections,
  formLayout,
  isWebAddress,
  onDetail,
  type FormLayout,
} from './layout-model';
import { CUSTOMS, definition, eachCustom, testLayout } from './test/layouts';

const { risk } = CUSTOMS;
const sheet = definition('score', 'Score sheet', 'other');

const layout = testLayout('Feature', [
  ['Feature', 'main', ['name', 'release', { field: 'assigned_to_user', required: true }, { field: 'tags', on_form: false }]],
  ['Custom', 'side', eachCustom(sheet)],
  ['Empty', 'side', [{ field: 'watchers', on_form: false }]],
]);

/** The issues the layout's checks find in `values`, as "path: message". */
function issues(model: FormLayout, values: object): string[] {
  const schema = z
    .object({ custom_fields: customFieldFormValues.optional() })
    .passthrough()
    .superRefine((v, ctx) => checkLayoutValues(model, v, ctx));
  const result = schema.safeParse(values);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('formLayout', () => {
  it('draws the fields on the form in the layout’s sections, leaving out empty sections and types the app does not edit', () => {
    const model = formLayout(layout, { mode: 'create' });
    expect(model.sections.map((s) => [s.name, s.column, s.fields.map((f) => f.field)])).toEqual([
      ['Feature', 'main', ['name', 'release', 'assigned_to_user']],
      [
        'Custom',
        'side',
        [
          'custom_fields.risk',
          'custom_fields.arr',
          'custom_fields.launch',
          'custom_fields.regions',
          'custom_fields.owners',
          'custom_fields.spec',
        ],
      ],
    ]);
    expect(model.customFields.map((cf) => [cf.key, cf.kind])).toEqual([
      ['risk', 'select'],
      ['arr', 'number'],
      ['launch', 'date'],
      ['regions', 'multi_select'],
      ['owners', 'users'],
      ['spec', 'url'],
    ]);
  });

  it('requires the layout’s required fields on create only, under the form’s names', () => {
    expect([...formLayout(layout, { mode: 'create' }).required]).toEqual(['name', 'assigned_to_user', 'custom_fields.risk']);
    expect([...formLayout(layout, { mode: 'edit' }).required]).toEqual([]);
    const renamed = formLayout(layout, { mode: 'create', names: { assigned_to_user: ['owner_email'] } });
    expect(renamed.required.has('owner_email')).toBe(true);
    expect(renamed.required.has('assigned_to_user')).toBe(false);
  });

  it('always draws locked fields: one the layout lacks ends the first main section', () => {
    const noRelease = testLayout('Feature', [
      ['Links', 'side', ['initiative']],
      ['Feature', 'main', ['name', { field: 'release', on_form: false }]],
      ['More', 'main', ['tags']],
    ]);
    const model = formLayout(noRelease, { mode: 'create' });
    expect(model.sections.map((s) => s.fields.map((f) => f.field))).toEqual([['initiative'], ['name', 'release'], ['tags']]);
    const bare = formLayout(testLayout('Feature', [['Links', 'side', ['initiative']]]), { mode: 'create' });
    expect(bare.sections.map((s) => [s.name, s.column, s.fields.map((f) => f.field)])).toEqual([
      ['Details', 'main', ['name', 'release']],
      ['Links', 'side', ['initiative']],
    ]);
  });

  it('matches the built-in layout of every kind: the forms of before, nothing required but the name', () => {
    const model = formLayout(builtInLayout('Epic'), { mode: 'create' });
    expect(model.sections.map((s) => s.name)).toEqual(['Epic', 'Schedule', 'Strategy and tags', 'Team and people']);
    expect([...model.required]).toEqual(['name']);
    expect(model.customFields).toEqual([]);
  });

  it('keeps a removed option the record still holds choosable', () => {
    const record = {
      custom_fields: [
        { key: 'risk', value: 'Medium' },
        { key: 'regions', value: ['APAC', 'EU'] },
      ],
    };
    const model = formLayout(layout, { mode: 'edit', record });
    expect(model.customFields.find((cf) => cf.key === 'risk')?.options).toEqual(['High', 'Low', 'Medium']);
    expect(model.customFields.find((cf) => cf.key === 'regions')?.options).toEqual(['EU', 'US', 'APAC']);
  });
});

describe('custom field values', () => {
  const model = formLayout(layout, { mode: 'create' });

  it('reads a record’s values as form values: lists for multi-selects and people, text for the rest', () => {
    const record = {
      custom_fields: [
        { key: 'risk', value: 'High' },
        { key: 'arr', value: 1200.5 },
        { key: 'regions', value: 'EU, US' },
        { key: 'owners', value: ['3', '5'] },
        { key: 'unknown', value: 'kept out' },
      ],
    };
    expect(customFieldDefaults(model, record)).toEqual({
      risk: 'High',
      arr: '1200.5',
      launch: '',
      regions: ['EU', 'US'],
      owners: ['3', '5'],
      spec: '',
    });
    expect(customFieldDefaults(model)).toEqual({ risk: '', arr: '', launch: '', regions: [], owners: [], spec: '' });
  });

  it('sends the filled values on create, typed; every drawn field on update, emptied ones as null', () => {
    const values = { risk: 'High', arr: ' 1200.5 ', launch: '', regions: ['EU'], owners: [], spec: 'https://example.com/spec' };
    expect(customFieldsBody(model, values, 'create')).toEqual({
      risk: 'High',
      arr: 1200.5,
      regions: ['EU'],
      spec: 'https://example.com/spec',
    });
    expect(customFieldsBody(model, customFieldDefaults(model), 'create')).toBeUndefined();
    expect(customFieldsBody(model, values, 'update')).toEqual({
      risk: 'High',
      arr: 1200.5,
      launch: null,
      regions: ['EU'],
      owners: null,
      spec: 'https://example.com/spec',
    });
    expect(customFieldsBody(formLayout(builtInLayout('Feature'), { mode: 'edit' }), values, 'update')).toBeUndefined();
  });
});

describe('checkLayoutValues', () => {
  const model = formLayout(layout, { mode: 'create' });
  const filled = { name: 'Export', assigned_to_user: 'ada@example.com', custom_fields: { ...customFieldDefaults(model), risk: 'High' } };

  it('says "is required" on each required field left blank, with the service’s words', () => {
    expect(issues(model, filled)).toEqual([]);
    expect(issues(model, { ...filled, assigned_to_user: ' ', custom_fields: { ...filled.custom_fields, risk: '' } })).toEqual([
      'assigned_to_user: is required',
      'custom_fields.risk: is required',
    ]);
    // Editing requires nothing beyond the kind's own rules (the service checks required fields on create).
    expect(issues(formLayout(layout, { mode: 'edit' }), { ...filled, assigned_to_user: '' })).toEqual([]);
  });

  it('reads each custom value as its type: a number, a real date, one of the options, a web address', () => {
    const custom = { ...filled.custom_fields, arr: 'many', launch: '2026-02-30', regions: ['EU', 'Mars'], spec: 'javascript:alert(1)' };
    expect(issues(model, { ...filled, custom_fields: custom })).toEqual([
      'custom_fields.arr: must be a number',
      'custom_fields.launch: must be a real date in the form YYYY-MM-DD',
      'custom_fields.regions: must be among its options',
      'custom_fields.spec: must be a web address starting with http:// or https://',
    ]);
    expect(
      issues(model, { ...filled, custom_fields: { ...custom, arr: '12', launch: '2026-02-28', regions: [], spec: 'http://x.io/a' } }),
    ).toEqual([]);
    expect(issues(model, { ...filled, custom_fields: { ...filled.custom_fields, risk: 'Medium' } })).toEqual([
      'custom_fields.risk: must be one of its options',
    ]);
  });

  it('knows a web address', () => {
    expect(isWebAddress('https://example.com')).toBe(true);
    expect(isWebAddress('ftp://example.com')).toBe(false);
    expect(isWebAddress('example.com')).toBe(false);
  });
});

describe('detail sections', () => {
  it('lists the fields on the page by section, without those the page shows elsewhere', () => {
    const page = testLayout('Feature', [
      ['Feature', 'main', ['name', 'description', { field: 'release', on_detail: false }, 'assigned_to_user']],
      ['Only the form', 'side', [{ field: 'tags', on_detail: false }]],
      ['Custom', 'side', [{ custom: risk }]],
    ]);
    expect(detailSections(page, ['name', 'description']).map((s) => [s.name, s.fields.map((f) => f.field)])).toEqual([
      ['Feature', ['assigned_to_user']],
      ['Custom', ['custom_fields.risk']],
    ]);
    expect(onDetail(page, 'description')).toBe(true);
    expect(onDetail(page, 'release')).toBe(false);
  });

  it('shows values by their type', () => {
    expect(customValueTexts('multi_select', ['EU', 'US'])).toEqual(['EU', 'US']);
    expect(customValueTexts('users', 'EU, US')).toEqual(['EU', 'US']);
    expect(customValueTexts('number', 3)).toEqual(['3']);
    expect(customValueTexts('string', '  ')).toEqual([]);
    expect(customValueTexts(null, null)).toEqual([]);
  });
});
