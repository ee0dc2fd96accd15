// Custom fields on the wire: values as records carry them and as write bodies send them, and the
// definitions and select options the service lists.
import { z } from 'zod';
import { WEB_ADDRESS_MAX } from '../domain/web-address';
import { NAME_MAX, idSchema, pagingQuerySchema, wholeListEnvelope } from './common';

/**
 * The field types this service stores, and the forms and filters edit. `multi_select` holds several
 * of its options and `users` several people of the account: their values are lists of text (option
 * texts, user ids); `url` is a web address.
 */
export const CUSTOM_FIELD_TYPES = ['string', 'number', 'date', 'select', 'multi_select', 'users', 'url'] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

/** Types whose value is a list of texts rather than one. */
export const LIST_FIELD_TYPES = ['multi_select', 'users'] as const satisfies readonly CustomFieldType[];
export const isListFieldType = (type: string): type is (typeof LIST_FIELD_TYPES)[number] =>
  (LIST_FIELD_TYPES as readonly string[]).includes(type);

/** Types whose definition lists the allowed values (`options`). */
export const hasOptions = (type: string): boolean => type === 'select' || type === 'multi_select';

/**
 * The types an answer may name: ours, and `other` for a hosted type the app does not edit
 * (equation sheets, scorecards, attachments, record links, a hosted value's bare `array`), read
 * through the pass-through proxy (PLANNER_UPSTREAM). The app shows such a value as text (a list as
 * its items) and never sends it back.
 */
export const CUSTOM_FIELD_ANSWER_TYPES = [...CUSTOM_FIELD_TYPES, 'other'] as const;
export type CustomFieldAnswerType = (typeof CUSTOM_FIELD_ANSWER_TYPES)[number];

export const isEditableFieldType = (type: CustomFieldAnswerType): type is CustomFieldType => type !== 'other';

/**
 * Hosted type names as ours: values name an API type (`url`, `note`, `scorecard`, …), definitions a
 * class (`CustomFieldDefinitions::TextField`, …). Texts and notes are text to the app. A hosted
 * value of a list field names only `array`, which does not say whether it holds options, people or
 * tags: it stays `other` (shown, never sent back), while the definitions' classes say which it is.
 */
const HOSTED_FIELD_TYPES: Record<string, CustomFieldType> = {
  url: 'url',
  note: 'string',
  users: 'users',
  'CustomFieldDefinitions::TextField': 'string',
  'CustomFieldDefinitions::UrlField': 'url',
  'CustomFieldDefinitions::NoteField': 'string',
  'CustomFieldDefinitions::NumberField': 'number',
  'CustomFieldDefinitions::DateField': 'date',
  'CustomFieldDefinitions::SelectMultipleConstant': 'multi_select',
  'CustomFieldDefinitions::SelectMultipleEditable': 'multi_select',
  'CustomFieldDefinitions::Records::UsersField': 'users',
  'CustomFieldDefinitions::UsersField': 'users',
};
const answerType = (type: string): CustomFieldAnswerType =>
  (CUSTOM_FIELD_TYPES as readonly string[]).includes(type) ? (type as CustomFieldType) : (HOSTED_FIELD_TYPES[type] ?? 'other');

/** A field's type in an answer: ours as is, a hosted one as ours or `other`. The document shows the output. */
const customFieldTypeAnswer = z.codec(z.string(), z.enum(CUSTOM_FIELD_ANSWER_TYPES), {
  decode: answerType,
  encode: (type) => type,
});

/** A value as the app reads it: text, a number, a list of texts (multi-selects, users), or none. */
export type CustomFieldAnswerValue = string | number | string[] | null;

const isScalar = (v: unknown): v is string | number => typeof v === 'string' || typeof v === 'number';

/**
 * A value as the app reads it. A list (ours: multi-select options or user ids; a hosted `["web"]`)
 * is its text and number items as texts, or none when it has no such item; an equation sheet
 * (`{values: {<id>: {display_value}}}`) is its shown values joined into one text, as it was before
 * lists were read as lists; anything else is no value to show.
 */
function answerValue(value: unknown): CustomFieldAnswerValue {
  if (value === null || isScalar(value)) return value;
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) {
    const items = value.filter(isScalar).map(String);
    return items.length > 0 ? items : null;
  }
  const shown =
    value && typeof value === 'object' && 'values' in value && value.values && typeof value.values === 'object'
      ? Object.values(value.values)
          .map((v: unknown) => (v && typeof v === 'object' && 'display_value' in v ? v.display_value : null))
          .filter(isScalar)
      : [];
  return shown.length > 0 ? shown.join(', ') : null;
}

/** A value in an answer: text, a number, a list of texts or null; hosted values are read as above. */
const customFieldValueAnswer = z.codec(
  z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.unknown()), z.record(z.string(), z.unknown())]),
  z.union([z.string(), z.number(), z.array(z.string()), z.null()]),
  { decode: answerValue, encode: (v) => v },
);

export const customFieldValueSchema = z.object({
  /** A hosted answer gives the id as a number. */
  id: z.codec(z.union([z.string(), z.number()]), z.string(), { decode: (v) => String(v), encode: (s) => s }),
  key: z.string(),
  name: z.string(),
  type: customFieldTypeAnswer,
  /**
   * Text (`string`, `date` as `YYYY-MM-DD`, `select`, `url`), a number (`number`), or a list of texts
   * (`multi_select`: the chosen options in their defined order; `users`: user ids, ascending).
   * A hosted attachment field answers `attachments` and no value: read as none.
   */
  value: customFieldValueAnswer.default(null),
  /** When the value was last set (the hosted spelling); null for values older than this member. */
  updatedAt: z.string().nullable().optional(),
});
export type CustomFieldValue = z.infer<typeof customFieldValueSchema>;

/**
 * A definition as `GET /custom_field_definitions` answers it: the hosted service's members (`id`,
 * `key`, `name`, `type`, `internal_name`, `custom_fieldable_type`) with `type` as our own field type
 * (a hosted class name such as `CustomFieldDefinitions::UrlField` is read as ours, or `other`), plus
 * what a client needs to offer the field without a second request: its product, position and
 * options.
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
  /** The allowed values of a select or multi-select field, in order; empty for the other types. */
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
 * One option of a select or multi-select field in the hosted shape of
 * `/custom_field_definitions/{id}/options`. Options are stored as text, so `value` is the text itself
 * (the hosted service answers an option id) and there is no colour.
 */
export const customFieldOptionSchema = z.object({
  text: z.string(),
  value: z.string(),
  meta: z.object({ color: z.string().nullable() }),
});
export type CustomFieldOption = z.infer<typeof customFieldOptionSchema>;

export const customFieldOptionsEnvelope = z.object({ options: z.array(customFieldOptionSchema) });

/** At most this many items in one list value, each at most `NAME_MAX` characters. */
export const CUSTOM_FIELD_LIST_MAX = 100;

/**
 * A list value (`multi_select` options, `users` ids or emails). Its limits are checked on the list as
 * a whole rather than with zod's `max`, for the messages: the union around it would report a list
 * over its `max` as "no form matches", and an item's own `max` would not say which item. `meta` puts
 * the same limits in the published document.
 */
const customFieldList = z
  .array(z.union([z.string().meta({ maxLength: NAME_MAX }), z.number()]))
  .meta({ maxItems: CUSTOM_FIELD_LIST_MAX })
  .superRefine((items, ctx) => {
    if (items.length > CUSTOM_FIELD_LIST_MAX) {
      ctx.addIssue({ code: 'custom', message: `has too many items (at most ${CUSTOM_FIELD_LIST_MAX})` });
    }
    const long = items.findIndex((item) => typeof item === 'string' && item.length > NAME_MAX);
    if (long >= 0) ctx.addIssue({ code: 'custom', message: `has an item over ${NAME_MAX} characters (item ${long + 1})` });
  });

const CUSTOM_VALUE_FORMS = 'must be text, a number, a list of texts or numbers, or null';

/** Longest text a body may send for one value: a web address, with room for spaces around it. */
const CUSTOM_VALUE_TEXT_MAX = WEB_ADDRESS_MAX + 100;

/**
 * `{"<key>": value}` in write bodies: text or a number for the one-value types, a list of texts or
 * numbers for `multi_select` (option texts) and `users` (ids or emails) — a comma-separated text is
 * read as such a list too, as the hosted service takes it; null, `""` or `[]` clears a value. Whether
 * a value suits its field is the service's check (422 on `custom_fields.<key>`).
 */
export const customFieldsInput = z
  .record(
    z.string().max(100),
    z.union([z.string().max(CUSTOM_VALUE_TEXT_MAX), z.number(), z.null(), customFieldList], { error: CUSTOM_VALUE_FORMS }),
  )
  .refine((r) => Object.keys(r).length <= 100, 'has too many fields (at most 100)');
export type CustomFieldsInput = z.output<typeof customFieldsInput>;
export type CustomFieldInputValue = CustomFieldsInput[string];

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
