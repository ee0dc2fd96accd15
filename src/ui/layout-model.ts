// The pure half of custom layouts in the app (no React): which of a layout's fields a create or
// edit form draws, in which sections, and which it requires; a record's custom field values as
// form values and back as the write body's `custom_fields`; the checks a form runs from the layout
// (required fields, custom values read by their definition's type); and the sections a detail page
// shows. `layout-form.tsx`, `layout-custom-field.tsx` and `layout-details.tsx` draw what this says.
import { z } from 'zod';
import type { CustomFieldDefinition } from '../contract/custom-fields';
import {
  STANDARD_FIELDS,
  customFieldKeyOf,
  type LayoutColumn,
  type LayoutField,
  type LayoutSection,
  type ScreenLayout,
  type ScreenableType,
} from '../contract/layouts';
import { isRealDate } from '../domain/dates';
import { webAddressProblem } from '../domain/web-address';

type Ctx = Pick<z.core.$RefinementCtx, 'addIssue'>;

// ---------- Custom fields ----------

/** The custom field types the forms edit, each with its own input. */
export const CUSTOM_FIELD_KINDS = ['string', 'number', 'date', 'select', 'multi_select', 'users', 'url'] as const;
export type CustomFieldKind = (typeof CUSTOM_FIELD_KINDS)[number];

/** The input a definition's type is edited with; null for a type the app does not edit (a hosted `other`). */
export function customFieldKind(type: string): CustomFieldKind | null {
  return CUSTOM_FIELD_KINDS.find((kind) => kind === type) ?? null;
}

/** Kinds whose value is a list of texts (options, user ids). */
export const isListKind = (kind: CustomFieldKind): boolean => kind === 'multi_select' || kind === 'users';

/** A custom field as a form draws it. */
export interface FormCustomField {
  key: string;
  /** The form field's name: `custom_fields.<key>`. */
  name: `custom_fields.${string}`;
  label: string;
  kind: CustomFieldKind;
  /**
   * The choices of a select or multi-select: the definition's options, then any value the edited
   * record holds that they no longer offer (an option since removed stays choosable, and valid).
   */
  options: string[];
  definition: CustomFieldDefinition;
}

/** A custom field value on the form: text, or a list of texts for multi-selects and users. */
export type CustomFieldFormValue = string | string[];
export type CustomFieldFormValues = Record<string, CustomFieldFormValue>;

/** The form's `custom_fields`: values by key. The layout's checks (`checkLayoutValues`) read them by type. */
export const customFieldFormValues = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

/** A custom field value in a write body: text, a number, a list (multi-select, users), null to clear. */
export type CustomFieldBodyValue = string | number | string[] | null;

/** What a record carries of its custom fields (`record.custom_fields`). */
export interface RecordCustomFields {
  custom_fields?: readonly { key: string; value: unknown }[] | undefined;
}

/** A stored value as a list of texts: a list as is, a text as its comma-separated items, nothing as none. */
function listOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v) => typeof v === 'string' || typeof v === 'number').map(String);
  if (typeof value === 'string')
    return value
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
  if (typeof value === 'number') return [String(value)];
  return [];
}

/** A stored value as one text ('' for none). */
function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return '';
}

function recordValue(record: RecordCustomFields | undefined, key: string): unknown {
  return record?.custom_fields?.find((v) => v.key === key)?.value ?? null;
}

function formCustomField(field: LayoutField, record: RecordCustomFields | undefined): FormCustomField | null {
  const definition = field.custom_field_definition;
  const key = customFieldKeyOf(field.field);
  if (!definition || key === null) return null;
  const kind = customFieldKind(definition.type);
  if (!kind) return null;
  const options = [...definition.options];
  if (kind === 'select' || kind === 'multi_select') {
    const current = kind === 'select' ? [textOf(recordValue(record, key))].filter(Boolean) : listOf(recordValue(record, key));
    for (const value of current) if (!options.includes(value)) options.push(value);
  }
  return { key, name: `custom_fields.${key}`, label: field.label || definition.name, kind, options, definition };
}

// ---------- Forms ----------

/** A field of a form drawn from a layout. */
export interface FormLayoutField {
  /** The standard field's key (`assigned_to_user`) or `custom_fields.<key>`. */
  field: string;
  label: string;
  required: boolean;
  /** Set for a custom field: what the kit draws it with. */
  custom: FormCustomField | null;
}

export interface FormLayoutSection {
  name: string;
  column: LayoutColumn;
  fields: FormLayoutField[];
}

/** What a create or edit form draws from a layout, and what it requires. */
export interface FormLayout {
  type: ScreenableType;
  mode: 'create' | 'edit';
  /** The layout's sections in order, each with its fields on the form; empty ones left out. */
  sections: FormLayoutSection[];
  /** Form field names the layout requires, on create only (as the service checks them). */
  required: ReadonlySet<string>;
  /** The custom fields the form draws, in layout order. */
  customFields: FormCustomField[];
}

export interface FormLayoutOptions {
  mode: 'create' | 'edit';
  /** The edited record: its custom values keep a removed select option choosable. */
  record?: RecordCustomFields | undefined;
  /**
   * The form field names of a standard field whose inputs are not named by its key
   * (`{ owner: ['owner_id'] }`): its required mark and check go to them. Default: the key itself.
   */
  names?: Readonly<Partial<Record<string, readonly string[]>>>;
}

/**
 * The form a layout draws: its sections with the fields on the form (locked fields always, and one
 * the layout lacks at the end of the first main section), custom fields of the types the app edits,
 * and, on create, the form fields it requires. Each field is drawn once, where it first stands.
 */
export function formLayout(layout: ScreenLayout, { mode, record, names = {} }: FormLayoutOptions): FormLayout {
  const type = layout.screenable_type;
  const seen = new Set<string>();
  const sections: FormLayoutSection[] = layout.sections.map((section) => ({
    name: section.name,
    column: section.column,
    fields: section.fields.flatMap((f): FormLayoutField[] => {
      if (seen.has(f.field) || !(f.on_form || f.locked)) return [];
      seen.add(f.field);
      if (!f.custom) return [{ field: f.field, label: f.label, required: f.required || f.field === 'name', custom: null }];
      const custom = formCustomField(f, record);
      return custom ? [{ field: f.field, label: custom.label, required: f.required, custom }] : [];
    }),
  }));
  const missingLocked = STANDARD_FIELDS[type].filter((s) => s.locked && !seen.has(s.key));
  if (missingLocked.length > 0) {
    let first = sections.find((s) => s.column === 'main');
    if (!first) {
      first = { name: 'Details', column: 'main', fields: [] };
      sections.unshift(first);
    }
    first.fields.push(...missingLocked.map((s) => ({ field: s.key, label: s.label, required: s.key === 'name', custom: null })));
  }
  const drawn = sections.filter((s) => s.fields.length > 0);
  const fields = drawn.flatMap((s) => s.fields);
  const required = new Set<string>(
    mode === 'create' ? fields.filter((f) => f.required).flatMap((f) => (f.custom ? [f.custom.name] : (names[f.field] ?? [f.field]))) : [],
  );
  return {
    type,
    mode,
    sections: drawn,
    required,
    customFields: fields.flatMap((f) => (f.custom ? [f.custom] : [])),
  };
}

/** The form values of the form's custom fields: the record's values, or empty ones for a new record. */
export function customFieldDefaults(model: Pick<FormLayout, 'customFields'>, record?: RecordCustomFields): CustomFieldFormValues {
  return Object.fromEntries(
    model.customFields.map((cf) => {
      const stored = recordValue(record, cf.key);
      return [cf.key, isListKind(cf.kind) ? listOf(stored) : textOf(stored)];
    }),
  );
}

function bodyValue(cf: FormCustomField, value: CustomFieldFormValue | undefined): CustomFieldBodyValue {
  if (isListKind(cf.kind)) {
    const list = Array.isArray(value) ? value : listOf(value);
    return list.length > 0 ? list : null;
  }
  const text = (Array.isArray(value) ? value.join(',') : (value ?? '')).trim();
  if (!text) return null;
  return cf.kind === 'number' ? Number(text) : text;
}

/**
 * The write body's `custom_fields` of the form's custom fields. Create: the filled ones only, or
 * nothing at all. Update: every field the form drew, an emptied one as null (which clears it);
 * values of fields the layout leaves out are not sent, so they stay as they are.
 */
export function customFieldsBody(
  model: Pick<FormLayout, 'customFields'>,
  values: Readonly<Partial<CustomFieldFormValues>> | undefined,
  mode: 'create' | 'update',
): Record<string, CustomFieldBodyValue> | undefined {
  const entries = model.customFields
    .map((cf) => [cf.key, bodyValue(cf, values?.[cf.key])] as const)
    .filter(([, value]) => mode === 'update' || value !== null);
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

// ---------- Checks ----------

/** Blank as the service reads it: nothing, blank text, an empty list. */
export function isBlankValue(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

function valueAt(values: unknown, path: readonly string[]): unknown {
  let at: unknown = values;
  for (const part of path) {
    if (!at || typeof at !== 'object' || !Object.hasOwn(at, part)) return undefined;
    at = Reflect.get(at, part);
  }
  return at;
}

/** An address a person can follow, as the service reads a `url` field: http(s):// written out, a host. */
export function isWebAddress(text: string): boolean {
  return webAddressProblem(text.trim()) === null;
}

/** The message for a custom value that does not read as its type, or null when it does (or is empty). */
export function customValueProblem(cf: Pick<FormCustomField, 'kind' | 'options'>, value: CustomFieldFormValue | undefined): string | null {
  if (isListKind(cf.kind)) {
    const list = Array.isArray(value) ? value : [];
    if (cf.kind === 'multi_select' && list.some((v) => !cf.options.includes(v))) return 'must be among its options';
    return null;
  }
  const text = typeof value === 'string' ? value.trim() : '';
  if (!text) return null;
  switch (cf.kind) {
    case 'number':
      return Number.isFinite(Number(text)) ? null : 'must be a number';
    case 'date':
      return isRealDate(text) ? null : 'must be a real date in the form YYYY-MM-DD';
    case 'select':
      return cf.options.includes(text) ? null : 'must be one of its options';
    case 'url':
      return webAddressProblem(text);
    default:
      return null;
  }
}

/**
 * The layout's checks, for a form schema's `superRefine`: each required field (on create) holds a
 * value — "is required", the service's words, on the field's own name — and each custom value reads
 * as its type. The form's values hold `custom_fields` as `customFieldFormValues`.
 */
export function checkLayoutValues(model: FormLayout, values: object, ctx: Ctx): void {
  for (const name of model.required) {
    // The name has its own rule ("can't be blank") in every kind's schema.
    if (name === 'name') continue;
    const path = name.split('.');
    if (isBlankValue(valueAt(values, path))) ctx.addIssue({ code: 'custom', path, message: 'is required' });
  }
  const custom = valueAt(values, ['custom_fields']);
  for (const cf of model.customFields) {
    const value = valueAt(custom, [cf.key]);
    const problem = customValueProblem(cf, typeof value === 'string' || Array.isArray(value) ? value : undefined);
    if (problem) ctx.addIssue({ code: 'custom', path: ['custom_fields', cf.key], message: problem });
  }
}

// ---------- Detail pages ----------

/** A section of a detail page: the layout's fields on the page, those drawn elsewhere left out. */
export interface DetailLayoutSection {
  name: string;
  column: LayoutColumn;
  fields: LayoutField[];
}

/** The layout's sections with their fields on the detail page, in order; `skip` (name, description …) and empty sections left out. */
export function detailSections(layout: ScreenLayout, skip: readonly string[] = []): DetailLayoutSection[] {
  return layout.sections
    .map((s: LayoutSection) => ({
      name: s.name,
      column: s.column,
      fields: s.fields.filter((f) => f.on_detail && !skip.includes(f.field)),
    }))
    .filter((s) => s.fields.length > 0);
}

/** Whether the layout shows a standard field on the detail page. */
export function onDetail(layout: ScreenLayout, field: string): boolean {
  return layout.sections.some((s) => s.fields.some((f) => f.field === field && f.on_detail));
}

/** A stored custom value as the texts to show: one for most types, each item of a list; none when empty. */
export function customValueTexts(kind: CustomFieldKind | null, value: unknown): string[] {
  if (kind !== null && isListKind(kind)) return listOf(value);
  if (Array.isArray(value)) return listOf(value);
  const text = textOf(value).trim();
  return text ? [text] : [];
}
