// Custom fields on the wire: values as records carry them and as write bodies send them, and the
// definitions and select options the service lists.
import { z } from 'zod';
import { NAME_MAX, pageEnvelope, pagingQuerySchema } from './common';

export const CUSTOM_FIELD_TYPES = ['string', 'number', 'date', 'select'] as const;

export const customFieldValueSchema = z.object({
  id: z.string(),
  key: z.string(),
  name: z.string(),
  type: z.enum(CUSTOM_FIELD_TYPES),
  value: z.union([z.string(), z.number(), z.null()]),
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
  type: z.enum(CUSTOM_FIELD_TYPES),
  /** Always null: we keep no internal names (the hosted service answers null for most fields too). */
  internal_name: z.string().nullable(),
  /** The record kind: `Epic`, `Initiative`, … */
  custom_fieldable_type: z.string(),
  product_id: z.string(),
  position: z.number().int(),
  /** The allowed values of a select field, in order; empty for the other types. */
  options: z.array(z.string()),
});
export type CustomFieldDefinition = z.infer<typeof customFieldDefinitionSchema>;

export const customFieldDefinitionPage = pageEnvelope(
  'custom_field_definitions',
  customFieldDefinitionSchema,
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
