// What features and epics share on the wire: the work-item fields of their answers (release,
// people, tags, dates, estimates, team planning) and of their request bodies. Each kind spreads these
// into its own shape and adds what is its own (an epic's features count, a feature's phase and epic).
import { z } from 'zod';
import { ESTIMATE_TEXT_MAX } from '../domain/estimate';
import {
  EMAIL_MAX,
  NAME_MAX,
  TAGS_MAX,
  assigneeEmailInput,
  htmlInput,
  idTextSchema,
  fullTagSchema,
  keyedRefSchema,
  recordLinkSchema,
  unmodelledPlanningFields,
  namedRefSchema,
  noteBodySchema,
  nullableDateInput,
  nullableRefInputSchema,
  positionInput,
  progressInput,
  recordHeadFields,
  statusInputSchema,
  userRefSchema,
  workflowStatusSchema,
} from './common';
import { customFieldValueSchema, customFieldsInput } from './custom-fields';
import { capacityUnitsAnswer, releaseRefSchema } from './releases';

/** Identity and placement of a work item in its release. */
export const workItemHeadFields = {
  ...recordHeadFields,
  position: z.number().int(),
  release: releaseRefSchema,
  /** Only this service answers an epic's release key beside `release`: empty in a hosted answer. */
  release_reference_num: z.string().default(''),
};

/** People, tags, dates and estimates, in the order the hosted service sends them. */
export const workItemBodyFields = {
  workflow_status: workflowStatusSchema,
  description: noteBodySchema.nullable(),
  created_by_user: userRefSchema.nullable(),
  assigned_to_user: userRefSchema.nullable(),
  tags: z.array(z.string()),
  start_date: z.string().nullable(),
  due_date: z.string().nullable(),
  /**
   * Capacity units of the release: estimates below are minutes (`time`) or points. The estimates
   * are this service's members (the hosted service answers `*_only_original_estimate` and the
   * like): a hosted answer is read as having none.
   */
  work_units: capacityUnitsAnswer,
  initial_estimate: z.number().nullable().default(null),
  initial_estimate_text: z.string().nullable().default(null),
  detailed_estimate: z.number().nullable().default(null),
  detailed_estimate_text: z.string().nullable().default(null),
  remaining_estimate: z.number().nullable().default(null),
  remaining_estimate_text: z.string().nullable().default(null),
  progress: z.number().nullable(),
};

/**
 * Members the hosted service's features and epics carry beyond ours: custom fields, tags with
 * colours, links to goals and to other work items, and what is not modelled here (scores, key
 * results, time per status) in its empty form. Optional so older answers still parse.
 */
export const workItemHostedFields = {
  custom_fields: z.array(customFieldValueSchema),
  full_tags: z.array(fullTagSchema).optional(),
  goals: z.array(recordLinkSchema).optional(),
  ...unmodelledPlanningFields,
};

/** `feature_links` / `epic_links`: dependencies between work items; not modelled here, always empty. */
export const workItemLinksSchema = z.array(z.object({ link_type: z.string() })).optional();

/**
 * Team planning: the team's own status, iteration and program increment. The hosted examples answer
 * none of these members (nor the watchers): a hosted answer is read as unplanned and unwatched.
 */
export const workItemTeamFields = {
  team: namedRefSchema.nullable().default(null),
  team_workflow_status: workflowStatusSchema.nullable().default(null),
  iteration: namedRefSchema.nullable().default(null),
  program_increment: keyedRefSchema.nullable().default(null),
  watchers: z.array(userRefSchema).default([]),
};

const estimateText = z.string().max(ESTIMATE_TEXT_MAX, `must be at most ${ESTIMATE_TEXT_MAX} characters`).nullable();
const estimateNumber = z.number().min(0, 'must not be negative').nullable();

/** Request fields every work item takes (all optional but `name`). */
export const workItemInputFields = {
  release: z
    .union([z.string().min(1).max(NAME_MAX), z.number().int().positive()])
    .transform(String)
    .optional(),
  workflow_status: statusInputSchema.optional(),
  description: htmlInput.nullable().optional(),
  created_by: z.string().max(EMAIL_MAX).optional(),
  assigned_to_user: assigneeEmailInput.optional(),
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
  progress: progressInput.optional(),
  /** Sort key among the release's items; null (or a move without one) puts the item last. */
  position: positionInput.optional(),
  team: nullableRefInputSchema.optional(),
  team_workflow_status: z.union([statusInputSchema, z.null()]).optional(),
  iteration: nullableRefInputSchema.optional(),
  program_increment: nullableRefInputSchema.optional(),
  /** `{"<key>": value}` of the product's custom fields for the kind; null clears one. */
  custom_fields: customFieldsInput.optional(),
};

/** `watchers` on create: a comma-separated string of user ids. */
export const watchersCreateInput = z
  .string()
  .max(5_000)
  .regex(/^\s*(\d+\s*(,\s*\d+\s*)*)?$/, 'must be comma-separated user ids');
/** `watchers` on update: an array of user ids. */
export const watchersUpdateInput = z.array(z.union([idTextSchema, z.number().int().positive()]).transform(String)).max(500);
