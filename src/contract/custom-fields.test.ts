// The custom field wire shapes: values as the app reads them (lists as lists of texts, hosted
// equation sheets as their shown text), hosted type names read as ours, and the write body's value
// forms with their limits named by the field's key.
import { describe, expect, it } from 'vitest';
import { customFieldDefinitionSchema, customFieldValueSchema, customFieldsInput } from './custom-fields';

const value = (type: string, v: unknown) => customFieldValueSchema.parse({ id: 1, key: 'k', name: 'K', type, value: v });

describe('custom field values in answers', () => {
  it('reads lists as lists of texts, whatever the type, and other values as before', () => {
    expect(value('multi_select', ['Web', 'API']).value).toEqual(['Web', 'API']);
    expect(value('users', ['3', 7]).value).toEqual(['3', '7']);
    // A hosted list (its type names only `array`): shown, never sent back.
    expect(value('array', ['web', { id: 1 }])).toMatchObject({ type: 'other', value: ['web'] });
    expect(value('array', [{ id: 1 }]).value).toBeNull();
    expect(value('number', 300).value).toBe(300);
    expect(value('string', 'P3').value).toBe('P3');
    expect(value('string', true).value).toBe('true');
  });

  it('keeps a hosted equation sheet as the text of its shown values', () => {
    const sheet = { values: { 1: { value: 10, display_value: '10.0' }, 2: { value: 'x', display_value: 'Foobar' } } };
    expect(value('equation_sheet', sheet)).toMatchObject({ type: 'other', value: '10.0, Foobar' });
  });

  it('reads hosted type names as ours where they are ours', () => {
    expect(value('url', 'www.acme.com').type).toBe('url');
    expect(value('note', '<p>x</p>').type).toBe('string');
    const def = (type: string) =>
      customFieldDefinitionSchema.parse({ id: '1', key: 'k', name: 'K', type, internal_name: null, custom_fieldable_type: 'Feature' }).type;
    expect(def('CustomFieldDefinitions::UrlField')).toBe('url');
    expect(def('CustomFieldDefinitions::SelectMultipleConstant')).toBe('multi_select');
    expect(def('CustomFieldDefinitions::SelectMultipleEditable')).toBe('multi_select');
    expect(def('CustomFieldDefinitions::Records::UsersField')).toBe('users');
    expect(def('CustomFieldDefinitions::SelectConstant')).toBe('other');
    expect(def('multi_select')).toBe('multi_select');
  });
});

describe('custom field values in write bodies', () => {
  const issues = (input: unknown) =>
    (customFieldsInput.safeParse(input).error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

  it('takes text, numbers, null and lists of texts or numbers', () => {
    expect(customFieldsInput.parse({ a: 'x', b: 2, c: null, d: ['Web', 3], e: [] })).toEqual({
      a: 'x',
      b: 2,
      c: null,
      d: ['Web', 3],
      e: [],
    });
  });

  it('names every problem of a value by its key', () => {
    expect(issues({ p: Array.from({ length: 101 }, () => 'Web') })).toEqual(['p: has too many items (at most 100)']);
    expect(issues({ p: ['Web', 'x'.repeat(256)] })).toEqual(['p: has an item over 255 characters (item 2)']);
    expect(issues({ p: [true] })).toEqual(['p: must be text, a number, a list of texts or numbers, or null']);
    expect(issues({ p: { id: 1 } })).toEqual(['p: must be text, a number, a list of texts or numbers, or null']);
    expect(issues({ p: 'x'.repeat(2_101) })).toHaveLength(1);
  });
});
