// Custom field values as records carry them, and as they are sent in write bodies.
import { z } from 'zod';
import { NAME_MAX } from './common';

export const CUSTOM_FIELD_TYPES = ['string', 'number', 'date', 'select'] as const;

export const customFieldValueSchema = z.object({
  id: z.string(),
  key: z.string(),
  name: z.string(),
  type: z.enum(CUSTOM_FIELD_TYPES),
  value: z.union([z.string(), z.number(), z.null()]),
});
export type CustomFieldValue = z.infer<typeof customFieldValueSchema>;

export const customFieldDefinitionSchema = z.object({
  id: z.string(),
  key: z.string(),
  name: z.string(),
  record_type: z.string(),
  type: z.enum(CUSTOM_FIELD_TYPES),
  options: z.array(z.string()),
});
export type CustomFieldDefinition = z.infer<typeof customFieldDefinitionSchema>;

/** `{"<key>": value}` in write bodies; null clears a value. */
export const customFieldsInput = z
  .record(z.string().max(100), z.union([z.string().max(NAME_MAX * 4), z.number(), z.null()]))
  .refine((r) => Object.keys(r).length <= 100, 'has too many fields (at most 100)');
