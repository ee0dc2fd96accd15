// Features and requirements: response shapes and request bodies (operations 1–4, feature show,
// update, delete and lists). Cross-record rules (status valid for the product, iteration of the
// selected team, estimate text in the release's units, …) are the service's; formats are here.
import { z } from 'zod';
import { FEATURE_PROGRESS_SOURCES_CREATE, FEATURE_PROGRESS_SOURCES_UPDATE } from '../domain/progress';
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
import { releasePhaseSchema, releaseRefSchema, CAPACITY_UNITS } from './releases';

const namedRef = z.object({ id: idSchema, name: z.string() });
const keyedRef = z.object({ id: idSchema, name: z.string(), reference_num: z.string() });

export const requirementSchema = z.object({
  id: idSchema,
  name: z.string(),
  reference_num: z.string(),
  position: z.number().int(),
  feature: z.object({ id: idSchema, name: z.string(), reference_num: z.string(), product_id: idSchema }),
  release_id: idSchema,
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  workflow_status: workflowStatusSchema,
  description: noteBodySchema.nullable(),
  assigned_to_user: userRefSchema.nullable(),
  created_by_user: userRefSchema.nullable(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
  url: z.string(),
  resource: z.string(),
});
export type Requirement = z.infer<typeof requirementSchema>;
export const requirementEnvelope = recordEnvelope('requirement', requirementSchema);
export const requirementPage = pageEnvelope('requirements', requirementSchema);

export const featureSchema = z.object({
  id: idSchema,
  name: z.string(),
  reference_num: z.string(),
  product_id: idSchema,
  position: z.number().int(),
  release: releaseRefSchema,
  release_reference_num: z.string(),
  workflow_kind: namedRef.nullable(),
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
  progress_source: z.enum(FEATURE_PROGRESS_SOURCES_CREATE),
  belongs_to_release_phase: releasePhaseSchema.pick({ id: true, name: true, type: true, start_on: true, end_on: true }).nullable(),
  initiative: keyedRef.nullable(),
  epic: keyedRef.nullable(),
  team: namedRef.nullable(),
  team_workflow_status: workflowStatusSchema.nullable(),
  iteration: namedRef.nullable(),
  program_increment: keyedRef.nullable(),
  watchers: z.array(userRefSchema),
  requirements: z.array(
    requirementSchema.pick({ id: true, name: true, reference_num: true, position: true, workflow_status: true }),
  ),
  status_changed_on: z.string().nullable(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
  url: z.string(),
  resource: z.string(),
});
export type Feature = z.infer<typeof featureSchema>;
export const featureEnvelope = recordEnvelope('feature', featureSchema);
/** List items: compact by default (`id, name, reference_num, created_at, product_id, url, resource`), any subset with `fields`. */
export const featureListItemSchema = featureSchema.partial().extend({ id: idSchema });
export type FeatureListItem = z.infer<typeof featureListItemSchema>;
export const featurePage = pageEnvelope('features', featureListItemSchema);

const estimateText = z.string().max(ESTIMATE_TEXT_MAX, `must be at most ${ESTIMATE_TEXT_MAX} characters`).nullable();
const estimateNumber = z.number().min(0, 'must not be negative').nullable();
const idList = z.array(z.union([idSchema, z.number().int().positive()]).transform(String)).max(500);

const featureFields = z.object({
  name: z.string().trim().min(1, "can't be blank").max(NAME_MAX),
  workflow_kind: nullableRefInputSchema.optional(),
  workflow_status: statusInputSchema.optional(),
  release: z.union([z.string().min(1).max(NAME_MAX), z.number().int().positive()]).transform(String).optional(),
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
  release_phase: nullableRefInputSchema.optional(),
  initiative: nullableRefInputSchema.optional(),
  epic: nullableRefInputSchema.optional(),
  progress: z.number().min(0, 'must be between 0 and 100').max(100, 'must be between 0 and 100').nullable().optional(),
  team: nullableRefInputSchema.optional(),
  team_workflow_status: z.union([statusInputSchema, z.null()]).optional(),
  iteration: nullableRefInputSchema.optional(),
  program_increment: nullableRefInputSchema.optional(),
});

/** Operation 1. `watchers` is a comma-separated string of user ids on create. */
export const featureCreateInput = featureFields.extend({
  progress_source: z.enum(FEATURE_PROGRESS_SOURCES_CREATE).optional(),
  watchers: z.string().max(5_000).regex(/^\s*(\d+\s*(,\s*\d+\s*)*)?$/, 'must be comma-separated user ids').optional(),
});
/** Operation 2. `watchers` is an array of user ids on update; fewer progress sources are allowed. */
export const featureUpdateInput = featureFields.partial().extend({
  progress_source: z.enum(FEATURE_PROGRESS_SOURCES_UPDATE).optional(),
  watchers: idList.optional(),
});
export type FeatureCreateInput = z.input<typeof featureCreateInput>;
export type FeatureUpdateInput = z.input<typeof featureUpdateInput>;
export const featureCreateBody = z.object({ feature: featureCreateInput, fields: fieldsParamSchema });
export const featureUpdateBody = z.object({ feature: featureUpdateInput, fields: fieldsParamSchema });

export const requirementFieldsInput = z.object({
  name: z.string().trim().min(1, "can't be blank").max(NAME_MAX),
  start_date: nullableDateInput.optional(),
  end_date: nullableDateInput.optional(),
  workflow_status: statusInputSchema.optional(),
  description: htmlInput.nullable().optional(),
  assigned_to_user: z.union([z.object({ email: z.string().max(EMAIL_MAX) }), z.null()]).optional(),
});
export const requirementCreateInput = requirementFieldsInput;
export const requirementUpdateInput = requirementFieldsInput.partial();
export type RequirementCreateInput = z.input<typeof requirementCreateInput>;
export type RequirementUpdateInput = z.input<typeof requirementUpdateInput>;
export const requirementCreateBody = z.object({ requirement: requirementCreateInput, fields: fieldsParamSchema });
export const requirementUpdateBody = z.object({ requirement: requirementUpdateInput });

/** Query of the feature lists (`/features`, `/products/{id}/features`, `/releases/{id}/features`, …). */
export const featureListQuery = workItemListQuerySchema;
export type FeatureListQuery = z.input<typeof featureListQuery>;
