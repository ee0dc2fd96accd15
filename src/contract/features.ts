// Features and requirements: response shapes and request bodies (operations 1–4, feature show,
// update, delete and lists). Cross-record rules (status valid for the product, iteration of the
// selected team, estimate text in the release's units, …) are the service's; formats are here.
import { z } from 'zod';
import { FEATURE_PROGRESS_SOURCES_CREATE, FEATURE_PROGRESS_SOURCES_UPDATE } from '../domain/progress';
import {
  assigneeEmailInput,
  htmlInput,
  idSchema,
  fullTagSchema,
  recordLinkSchema,
  unmodelledPlanningFields,
  recordWire,
  nameInput,
  namedRefSchema,
  noteBodySchema,
  nullableDateInput,
  nullableRefInputSchema,
  pageEnvelope,
  positionInput,
  recordEnvelope,
  recordTailFields,
  hostedRecordFields,
  statusInputSchema,
  userRefSchema,
  workItemListQuerySchema,
  workflowStatusSchema,
  writeBody,
} from './common';
import { customFieldValueSchema, customFieldsInput } from './custom-fields';
import { phaseLinkSchema } from './releases';
import {
  watchersCreateInput,
  watchersUpdateInput,
  workItemBodyFields,
  workItemHeadFields,
  workItemInputFields,
  workItemHostedFields,
  workItemLinksSchema,
  workItemTeamFields,
} from './work-items';

export const requirementSchema = z.object({
  id: idSchema,
  name: z.string(),
  reference_num: z.string(),
  position: z.number().int(),
  feature: recordLinkSchema.extend({ product_id: idSchema }),
  release_id: idSchema,
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  workflow_status: workflowStatusSchema,
  description: noteBodySchema.nullable(),
  assigned_to_user: userRefSchema.nullable(),
  created_by_user: userRefSchema.nullable(),
  /** Requirements take no tags here: both lists are always empty (hosted members). */
  tags: z.array(z.string()).optional(),
  full_tags: z.array(fullTagSchema).optional(),
  custom_fields: z.array(customFieldValueSchema).optional(),
  workflow_status_times: unmodelledPlanningFields.workflow_status_times,
  ...recordTailFields,
  ...hostedRecordFields,
});
export type Requirement = z.infer<typeof requirementSchema>;
export const requirementEnvelope = recordEnvelope('requirement', requirementSchema);
export const requirementPage = pageEnvelope('requirements', requirementSchema);

export const featureSchema = z.object({
  ...workItemHeadFields,
  workflow_kind: namedRefSchema.nullable(),
  ...workItemBodyFields,
  progress_source: z.enum(FEATURE_PROGRESS_SOURCES_CREATE),
  // Links a hosted create answer may leave out (the record has none yet): read as none.
  belongs_to_release_phase: phaseLinkSchema.nullable().default(null),
  initiative: recordLinkSchema.nullable().default(null),
  initiative_reference_num: z.string().nullable().optional(),
  epic: recordLinkSchema.nullable().default(null),
  epic_reference_num: z.string().nullable().optional(),
  /** The hosted service's older name of `epic`, answered beside it. */
  master_feature: recordLinkSchema.nullable().optional(),
  ...workItemTeamFields,
  /** The feature's requirements, whole as hosted (older answers had only their heads). */
  requirements: z.array(
    requirementSchema.partial().required({ id: true, name: true, reference_num: true, position: true, workflow_status: true }),
  ),
  status_changed_on: z.string().nullable(),
  /**
   * The hosted service's estimate members of the feature alone, without its requirements' (which
   * carry no estimates here, so they equal the feature's): `original` is the initial estimate (as
   * the epic's `epic_only_original_estimate`), `remaining` the remaining one, in the release's
   * units. Time is not logged here, so work done is null. Optional so older answers still parse.
   */
  feature_only_original_estimate: z.number().nullable().optional(),
  feature_only_remaining_estimate: z.number().nullable().optional(),
  feature_only_work_done: z.number().nullable().optional(),
  ...workItemHostedFields,
  feature_links: workItemLinksSchema,
  ...recordTailFields,
  ...hostedRecordFields,
});
export type Feature = z.infer<typeof featureSchema>;
/** List items: compact by default (`id, name, reference_num, created_at, product_id, url, resource`), any subset with `fields`. */
export const {
  envelope: featureEnvelope,
  listItem: featureListItemSchema,
  page: featurePage,
} = recordWire('feature', 'features', featureSchema);
export type FeatureListItem = z.infer<typeof featureListItemSchema>;

const featureFields = z.object({
  name: nameInput,
  workflow_kind: nullableRefInputSchema.optional(),
  ...workItemInputFields,
  release_phase: nullableRefInputSchema.optional(),
  epic: nullableRefInputSchema.optional(),
});

/** Operation 1. `watchers` is a comma-separated string of user ids on create. */
export const featureCreateInput = featureFields.extend({
  progress_source: z.enum(FEATURE_PROGRESS_SOURCES_CREATE).optional(),
  watchers: watchersCreateInput.optional(),
});
/** Operation 2. `watchers` is an array of user ids on update; fewer progress sources are allowed. */
export const featureUpdateInput = featureFields.partial().extend({
  progress_source: z.enum(FEATURE_PROGRESS_SOURCES_UPDATE).optional(),
  watchers: watchersUpdateInput.optional(),
});
export type FeatureCreateInput = z.input<typeof featureCreateInput>;
export type FeatureUpdateInput = z.input<typeof featureUpdateInput>;
export const featureCreateBody = writeBody('feature', featureCreateInput);
export const featureUpdateBody = writeBody('feature', featureUpdateInput);

export const requirementFieldsInput = z.object({
  name: nameInput,
  start_date: nullableDateInput.optional(),
  end_date: nullableDateInput.optional(),
  workflow_status: statusInputSchema.optional(),
  description: htmlInput.nullable().optional(),
  assigned_to_user: assigneeEmailInput.optional(),
  /** Sort key among the feature's requirements; null puts it last. */
  position: positionInput.optional(),
  custom_fields: customFieldsInput.optional(),
});
export const requirementCreateInput = requirementFieldsInput;
export const requirementUpdateInput = requirementFieldsInput.partial();
export type RequirementCreateInput = z.input<typeof requirementCreateInput>;
export type RequirementUpdateInput = z.input<typeof requirementUpdateInput>;
export const requirementCreateBody = writeBody('requirement', requirementCreateInput);
/** Requirement updates take no `fields`. */
export const requirementUpdateBody = recordEnvelope('requirement', requirementUpdateInput);

/** Query of the feature lists (`/features`, `/products/{id}/features`, `/releases/{id}/features`, …). */
export const featureListQuery = workItemListQuerySchema;
export type FeatureListQuery = z.input<typeof featureListQuery>;
