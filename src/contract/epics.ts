// Epics: response shapes and request bodies (operations 5–7, epic show, update, delete and lists).
// Cross-record rules (status valid for the product, team-bound choices, estimate units) are the
// service's; formats are here.
import { z } from 'zod';
import { EPIC_DURATION_SOURCES, EPIC_PROGRESS_SOURCES } from '../domain/progress';
import { ESTIMATE_TEXT_MAX } from '../domain/estimate';
import {
  EMAIL_MAX,
  NAME_MAX,
  TAGS_MAX,
  fieldsParamSchema,
  htmlInput,
  idSchema,
  noteBodySchema,
  nullableDateInput,
  nullableRefInputSchema,
  pageEnvelope,
  recordEnvelope,
  statusInputSchema,
  timestampSchema,
  userRefSchema,
  workItemListQuerySchema,
  workflowStatusSchema,
} from './common';
import { customFieldValueSchema, customFieldsInput } from './custom-fields';
import { CAPACITY_UNITS, releaseRefSchema } from './releases';

const namedRef = z.object({ id: idSchema, name: z.string() });
const keyedRef = z.object({ id: idSchema, name: z.string(), reference_num: z.string() });

export const epicSchema = z.object({
  id: idSchema,
  name: z.string(),
  reference_num: z.string(),
  product_id: idSchema,
  position: z.number().int(),
  release: releaseRefSchema,
  release_reference_num: z.string(),
  workflow_status: workflowStatusSchema,
  description: noteBodySchema.nullable(),
  created_by_user: userRefSchema.nullable(),
  assigned_to_user: userRefSchema.nullable(),
  tags: z.array(z.string()),
  start_date: z.string().nullable(),
  due_date: z.string().nullable(),
  /** Capacity units of the release: estimates below are minutes (`time`) or points. */
  work_units: z.enum(CAPACITY_UNITS),
  initial_estimate: z.number().nullable(),
  initial_estimate_text: z.string().nullable(),
  detailed_estimate: z.number().nullable(),
  detailed_estimate_text: z.string().nullable(),
  remaining_estimate: z.number().nullable(),
  remaining_estimate_text: z.string().nullable(),
  progress: z.number().nullable(),
  progress_source: z.enum(EPIC_PROGRESS_SOURCES),
  duration_source: z.enum(EPIC_DURATION_SOURCES),
  initiative: keyedRef.nullable(),
  initiative_reference_num: z.string().nullable(),
  team: namedRef.nullable(),
  team_workflow_status: workflowStatusSchema.nullable(),
  iteration: namedRef.nullable(),
  program_increment: keyedRef.nullable(),
  watchers: z.array(userRefSchema),
  custom_fields: z.array(customFieldValueSchema),
  features_count: z.number().int(),
  /** Features of the epic in a complete status. */
  features_completed_count: z.number().int(),
  status_changed_on: z.string().nullable(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
  url: z.string(),
  resource: z.string(),
});
export type Epic = z.infer<typeof epicSchema>;
export const epicEnvelope = recordEnvelope('epic', epicSchema);
/** List items: compact by default (`id, name, reference_num, created_at, product_id, url, resource`), any subset with `fields`. */
export const epicListItemSchema = epicSchema.partial().extend({ id: idSchema });
export type EpicListItem = z.infer<typeof epicListItemSchema>;
export const epicPage = pageEnvelope('epics', epicListItemSchema);

const estimateText = z.string().max(ESTIMATE_TEXT_MAX, `must be at most ${ESTIMATE_TEXT_MAX} characters`).nullable();
const estimateNumber = z.number().min(0, 'must not be negative').nullable();

const epicFields = z.object({
  name: z.string().trim().min(1, "can't be blank").max(NAME_MAX),
  release: z.union([z.string().min(1).max(NAME_MAX), z.number().int().positive()]).transform(String).optional(),
  workflow_status: statusInputSchema.optional(),
  description: htmlInput.nullable().optional(),
  created_by: z.string().max(EMAIL_MAX).optional(),
  assigned_to_user: z
    .union([z.string().max(EMAIL_MAX), z.null()])
    .transform((v) => (v ? v : null))
    .optional(),
  tags: z
    .union([z.string().max(TAGS_MAX), z.array(z.string().max(NAME_MAX)).max(100)])
    .transform((v) => (Array.isArray(v) ? v.join(',') : v))
    .optional(),
  initial_estimate_text: estimateText.optional(),
  detailed_estimate_text: estimateText.optional(),
  remaining_estimate_text: estimateText.optional(),
  initial_estimate: estimateNumber.optional(),
  detailed_estimate: estimateNumber.optional(),
  remaining_estimate: estimateNumber.optional(),
  start_date: nullableDateInput.optional(),
  due_date: nullableDateInput.optional(),
  initiative: nullableRefInputSchema.optional(),
  progress_source: z.enum(EPIC_PROGRESS_SOURCES).optional(),
  progress: z.number().min(0, 'must be between 0 and 100').max(100, 'must be between 0 and 100').nullable().optional(),
  duration_source: z.enum(EPIC_DURATION_SOURCES).optional(),
  team: nullableRefInputSchema.optional(),
  team_workflow_status: z.union([statusInputSchema, z.null()]).optional(),
  iteration: nullableRefInputSchema.optional(),
  program_increment: nullableRefInputSchema.optional(),
  custom_fields: customFieldsInput.optional(),
});

/** Operation 5. `watchers` is a comma-separated string of user ids on create. */
export const epicCreateInput = epicFields.extend({
  watchers: z.string().max(5_000).regex(/^\s*(\d+\s*(,\s*\d+\s*)*)?$/, 'must be comma-separated user ids').optional(),
});
/** Epic update: `watchers` as an array of user ids, as for features. */
export const epicUpdateInput = epicFields.partial().extend({
  watchers: z.array(z.union([idSchema, z.number().int().positive()]).transform(String)).max(500).optional(),
});
export type EpicCreateInput = z.input<typeof epicCreateInput>;
export type EpicUpdateInput = z.input<typeof epicUpdateInput>;
export const epicCreateBody = z.object({ epic: epicCreateInput, fields: fieldsParamSchema });
export const epicUpdateBody = z.object({ epic: epicUpdateInput, fields: fieldsParamSchema });

/** Query of the epic lists: the work-item list language; `custom_fields[<key>]=value` pairs are read beside it. */
export const epicListQuery = workItemListQuerySchema;
