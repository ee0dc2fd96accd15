// Custom fields on the wire: values as records carry them and as write bodies send them, and the
// definitions and select options the service lists.
import { z } from 'zod';
import { NAME_MAX, idSchema, pagingQuerySchema, wholeListEnvelope } from './common';

/** The field types this service stores, and the forms and filters edit. */
export const CUSTOM_FIELD_TYPES = ['string', 'number', 'date', 'select'] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

/**
 * The types an answer may name: ours, and `other` for a hosted type the app does not edit
 * (equation sheets, scorecards, attachments, multi-value lists, record links), read through the
 * pass-through proxy (PLANNER_UPSTREAM). The app shows such a value as text and never sends it back.
 */
export const CUSTOM_FIELD_ANSWER_TYPES = [...CUSTOM_FIELD_TYPES, 'other'] as const;
export type CustomFieldAnswerType = (typeof CUSTOM_FIELD_ANSWER_TYPES)[number];

export const isEditableFieldType = (type: CustomFieldAnswerType): type is CustomFieldType => type !== 'other';

/**
 * Hosted type names as ours: values name an API type (`url`, `note`, `scorecard`, …), definitions a
 * class (`CustomFieldDefinitions::TextField`, …). Texts, addresses and notes are text to the app.
 */
const HOSTED_FIELD_TYPES: Record<string, CustomFieldType> = {
  url: 'string',
  note: 'string',
  'CustomFieldDefinitions::TextField': 'string',
  'CustomFieldDefinitions::UrlField': 'string',
  'CustomFieldDefinitions::NoteField': 'string',
  'CustomFieldDefinitions::NumberField': 'number',
  'CustomFieldDefinitions::DateField': 'date',
};
const answerType = (type: string): CustomFieldAnswerType =>
  (CUSTOM_FIELD_TYPES as readonly string[]).includes(type) ? (type as CustomFieldType) : (HOSTED_FIELD_TYPES[type] ?? 'other');

/** A field's type in an answer: ours as is, a hosted one as ours or `other`. The document shows the output. */
const customFieldTypeAnswer = z.codec(z.string(), z.enum(CUSTOM_FIELD_ANSWER_TYPES), {
  decode: answerType,
  encode: (type) => type,
});

type FieldValue = string | number | null;
/**
 * A value as text when it is not one: a hosted list (`["web"]`) joins its items, an equation sheet
 * (`{values: {<id>: {display_value}}}`) its shown values; anything else is no value to show.
 */
function valueText(value: unknown): FieldValue {
  if (value === null || typeof value === 'string' || typeof value === 'number') return value;
  if (typeof value === 'boolean') return String(value);
  const parts = Array.isArray(value)
    ? value
    : value && typeof value === 'object' && 'values' in value && value.values && typeof value.values === 'object'
      ? Object.values(value.values).map((v: unknown) => (v && typeof v === 'object' && 'display_value' in v ? v.display_value : null))
      : [];
  const texts = parts.filter((p): p is string | number => typeof p === 'string' || typeof p === 'number');
  return texts.length > 0 ? texts.join(', ') : null;
}

/** A value in an answer: text, a number or null; hosted lists and objects are read as their text. */
const customFieldValueAnswer = z.codec(
  z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.unknown()), z.record(z.string(), z.unknown())]),
  z.union([z.string(), z.number(), z.null()]),
  { decode: valueText, encode: (v) => v },
);

export const customFieldValueSchema = z.object({
  /** A hosted answer gives the id as a number. */
  id: z.codec(z.union([z.string(), z.number()]), z.string(), { decode: (v) => String(v), encode: (s) => s }),
  key: z.string(),
  name: z.string(),
  type: customFieldTypeAnswer,
  /** A hosted attachment field answers `attachments` and no value: read as none. */
  value: customFieldValueAnswer.default(null),
  /** When the value was last set (the hosted spelling); null for values older than this member. */
  updatedAt: z.string().nullable().optional(),
});
export type CustomFieldValue = z.infer<typeof customFieldValueSchema>;

/**
 * A definition as `GET /custom_field_definitions` answers it: the hosted service's members (`id`,
 * `key`, `name`, `type`, `internal_name`, `custom_fieldable_type`) with `type` as our own field type
 * (we do not model the hosted class names such as `CustomFieldDefinitions::SelectConstant`), plus
 * what a client needs to offer the field without a second request: its product, position and
 * select options.
 */
export const customFieldDefinitionSchema = z.object({
  id: z.string(),
  key: z.string(),
  name: z.string(),
  type: customFieldTypeAnswer,
  /** Always null: we keep no internal names (the hosted service answers null for most fields too). */
  internal_name: z.string().nullable(),
  /** The record kind: `Epic`, `Initiative`, … */
  custom_fieldable_type: z.string(),
  // Members only this service answers; a hosted definition (its list answers no more than the
  // members above) is read with their empty values.
  /** Null for a hosted definition: the account's, of no one product. */
  product_id: idSchema.nullable().default(null),
  position: z.number().int().default(0),
  /** The allowed values of a select field, in order; empty for the other types. */
  options: z.array(z.string()).default([]),
});
export type CustomFieldDefinition = z.infer<typeof customFieldDefinitionSchema>;

/** The hosted service answers its definitions whole, without `pagination`: read as one page. */
export const customFieldDefinitionPage = wholeListEnvelope(
  'custom_field_definitions',
  customFieldDefinitionSchema,
  'CustomFieldDefinitionsPage',
);
export type CustomFieldDefinitionPage = z.infer<typeof customFieldDefinitionPage>;

/**
 * One option of a select field in the hosted shape of `/custom_field_definitions/{id}/options`.
 * Options are stored as text, so `value` is the text itself (the hosted service answers an option
 * id) and there is no colour.
 */
export const customFieldOptionSchema = z.object({
  text: z.string(),
  value: z.string(),
  meta: z.object({ color: z.string().nullable() }),
});
export type CustomFieldOption = z.infer<typeof customFieldOptionSchema>;

export const customFieldOptionsEnvelope = z.object({ options: z.array(customFieldOptionSchema) });

/** `{"<key>": value}` in write bodies; null clears a value. */
export const customFieldsInput = z
  .record(z.string().max(100), z.union([z.string().max(NAME_MAX * 4), z.number(), z.null()]))
  .refine((r) => Object.keys(r).length <= 100, 'has too many fields (at most 100)');

/** A blank filter is no filter: a form that sends an empty choice should not empty the list. */
const filterText = z
  .string()
  .max(100, 'is too long (at most 100 characters)')
  .transform((s) => s.trim() || undefined)
  .optional();

/** Query of a product's definitions. */
export const productCustomFieldDefinitionQuery = pagingQuerySchema.extend({
  custom_fieldable_type: filterText,
});
/** Query of the account's definitions: a product filter besides the record kind. */
export const customFieldDefinitionQuery = productCustomFieldDefinitionQuery.extend({ product: filterText });
