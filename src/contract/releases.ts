// Releases and release phases: response shapes and request bodies (operations 8 and 15, release
// update, phase create). Cross-record rules (owner exists, status valid for the product, capacity
// text matching units) are checked by the service; shapes and formats are checked here.
import { z } from 'zod';
import {
  RELEASE_DURATION_SOURCES,
  RELEASE_PHASE_DURATION_SOURCES,
  RELEASE_PHASE_PROGRESS_SOURCES,
  RELEASE_PROGRESS_SOURCES,
} from '../domain/progress';
import {
  NAME_MAX,
  htmlInput,
  recordLinkSchema,
  unmodelledPlanningFields,
  recordWire,
  nameInput,
  parentIdInput,
  progressInput,
  recordTailFields,
  hostedRecordFields,
  timestampFields,
  customObjectLinksSchema,
  writeBody,
  listQuerySchema,
  integrationFieldSchema,
  projectRefSchema,
  timestampSchema,
  idSchema,
  noteBodySchema,
  nullableDateInput,
  nullableRefInputSchema,
  pageEnvelope,
  positionInput,
  recordEnvelope,
  statusInputSchema,
  userRefSchema,
  workflowStatusSchema,
} from './common';
import { customFieldValueSchema, customFieldsInput } from './custom-fields';

export const EXTERNAL_DATE_RESOLUTIONS = ['sync', 'exact', 'week', 'month', 'quarter', 'half', 'year'] as const;
export const CAPACITY_UNITS = ['time', 'story_points'] as const;
export const PHASE_TYPES = ['phase', 'milestone'] as const;

/**
 * Capacity units in an answer. The hosted service names none on its releases and work items (only
 * its products carry `default_capacity_units`): a hosted answer is read in time, the hosted default,
 * which only decides how the estimates, absent from such answers too, would be shown.
 */
export const capacityUnitsAnswer = z.enum(CAPACITY_UNITS).default('time');

export const releaseRefSchema = z.object({
  id: idSchema,
  reference_num: z.string(),
  name: z.string(),
  product_id: idSchema,
  start_date: z.string().nullable(),
  release_date: z.string().nullable(),
  parking_lot: z.boolean(),
  capacity_units: capacityUnitsAnswer,
  url: z.string(),
  resource: z.string(),
  /** The hosted members of an embedded release; optional so older answers still parse. */
  created_at: timestampSchema.optional(),
  integration_fields: z.array(integrationFieldSchema).optional(),
  owner: userRefSchema.nullable().optional(),
  project: projectRefSchema.nullable().optional(),
});
export type ReleaseRef = z.infer<typeof releaseRefSchema>;

export const releaseSchema = z.object({
  id: idSchema,
  product_id: idSchema,
  reference_num: z.string(),
  name: z.string(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  development_started_on: z.string().nullable(),
  release_date: z.string().nullable(),
  external_release_date: z.string().nullable(),
  external_date_resolution: z.enum(EXTERNAL_DATE_RESOLUTIONS).nullable(),
  released: z.boolean(),
  parking_lot: z.boolean(),
  // Defaults: members only this service answers, read with their empty values from a hosted answer.
  parent_id: idSchema.nullable().default(null),
  position: z.number().nullable(),
  progress: z.number().nullable(),
  progress_source: z.enum(RELEASE_PROGRESS_SOURCES),
  duration_source: z.enum(RELEASE_DURATION_SOURCES),
  capacity_units: capacityUnitsAnswer,
  /** Minutes (time) or points (story points). Only this service answers them (defaults). */
  total_capacity: z.number().nullable().default(null),
  total_capacity_text: z.string().nullable().default(null),
  theme: noteBodySchema.nullable(),
  workflow_status: workflowStatusSchema,
  owner: userRefSchema.nullable(),
  created_by_user: userRefSchema.nullable(),
  /** Some hosted answers (a release's update) leave the initiatives out: read as none. */
  initiatives: z.array(recordLinkSchema).default([]),
  /** Only this service counts a release's features: 0 in a hosted answer. */
  features_count: z.number().int().default(0),
  /** The external date at its resolution, as people read it (`Q1 2026`); null without a date. */
  external_release_date_description: z.string().nullable().optional(),
  /** Master releases are not modelled here: always false. */
  master_release: z.boolean().optional(),
  /** When the release was shipped (its status became a done one); null while it is not. */
  released_on: z.string().nullable().optional(),
  status_changed_on: z.string().nullable().optional(),
  custom_fields: z.array(customFieldValueSchema).optional(),
  goals: z.array(recordLinkSchema).optional(),
  watchers: z.array(userRefSchema).optional(),
  custom_object_links: customObjectLinksSchema,
  key_results: unmodelledPlanningFields.key_results,
  workflow_status_times: unmodelledPlanningFields.workflow_status_times,
  ...recordTailFields,
  ...hostedRecordFields,
});
export type Release = z.infer<typeof releaseSchema>;
/** List items: compact by default, any subset of fields with `fields`. */
export const {
  envelope: releaseEnvelope,
  listItem: releaseListItemSchema,
  page: releasePage,
} = recordWire('release', 'releases', releaseSchema);

export const releaseFieldsInput = z.object({
  name: nameInput,
  owner: nullableRefInputSchema.optional(),
  initiatives: z
    .array(z.union([z.string().max(NAME_MAX), z.number().int()]).transform(String))
    .max(100)
    .optional(),
  workflow_status: statusInputSchema.optional(),
  parent_id: parentIdInput.optional(),
  theme: htmlInput.nullable().optional(),
  start_date: nullableDateInput.optional(),
  end_date: nullableDateInput.optional(),
  release_date: nullableDateInput.optional(),
  development_started_on: nullableDateInput.optional(),
  parking_lot: z.boolean().optional(),
  external_release_date: nullableDateInput.optional(),
  external_date_resolution: z.enum(EXTERNAL_DATE_RESOLUTIONS).nullable().optional(),
  capacity_units: z.enum(CAPACITY_UNITS).optional(),
  total_capacity_text: z.string().max(64).nullable().optional(),
  progress_source: z.enum(RELEASE_PROGRESS_SOURCES).optional(),
  progress: progressInput.optional(),
  duration_source: z.enum(RELEASE_DURATION_SOURCES).optional(),
  custom_fields: customFieldsInput.optional(),
});
export const releaseCreateInput = releaseFieldsInput;
export const releaseUpdateInput = releaseFieldsInput.partial();
export type ReleaseCreateInput = z.input<typeof releaseCreateInput>;
export type ReleaseUpdateInput = z.input<typeof releaseUpdateInput>;
export const releaseCreateBody = writeBody('release', releaseCreateInput);
export const releaseUpdateBody = writeBody('release', releaseUpdateInput);

export const releasePhaseSchema = z.object({
  id: idSchema,
  name: z.string(),
  /** `phase` or `milestone`, named `type` in responses as in the hosted service. */
  type: z.enum(PHASE_TYPES),
  start_on: z.string().nullable(),
  end_on: z.string().nullable(),
  release_id: idSchema,
  /** Only this service orders and counts a phase's features: 0 and 0 in a hosted answer. */
  position: z.number().int().default(0),
  progress: z.number().nullable(),
  progress_source: z.enum(RELEASE_PHASE_PROGRESS_SOURCES),
  duration_source: z.enum(RELEASE_PHASE_DURATION_SOURCES),
  description: noteBodySchema.nullable(),
  features_count: z.number().int().default(0),
  /** This service's member (hosted phases answer none): its comments, for the app's count. */
  comments_count: z.number().int().default(0),
  ...timestampFields,
  integration_fields: hostedRecordFields.integration_fields,
  custom_fields: z.array(customFieldValueSchema).optional(),
});
/** A work item's phase (`belongs_to_release_phase`): the phase without its count and position. */
export const phaseLinkSchema = releasePhaseSchema
  .omit({ features_count: true, position: true, comments_count: true })
  .partial()
  .required({ id: true, name: true, type: true, start_on: true, end_on: true });
export type PhaseLink = z.infer<typeof phaseLinkSchema>;
export type ReleasePhase = z.infer<typeof releasePhaseSchema>;
export const releasePhaseEnvelope = recordEnvelope('release_phase', releasePhaseSchema);
export const releasePhasePage = pageEnvelope('release_phases', releasePhaseSchema);

const releasePhaseFields = z.object({
  name: nameInput,
  phase_type: z.enum(PHASE_TYPES),
  start_on: nullableDateInput.optional(),
  end_on: nullableDateInput.optional(),
  description: htmlInput.nullable().optional(),
  progress_source: z.enum(RELEASE_PHASE_PROGRESS_SOURCES).optional(),
  progress: progressInput.optional(),
  duration_source: z.enum(RELEASE_PHASE_DURATION_SOURCES).optional(),
  /** Sort key among the release's phases; null puts the phase last. */
  position: positionInput.optional(),
  custom_fields: customFieldsInput.optional(),
});
/** Create (`POST /release_phases`): the release is named in the body. */
export const releasePhaseCreateInput = releasePhaseFields.extend({
  release_id: z.union([z.string().min(1), z.number().int().positive()]).transform(String),
});
/** Update (operation 15): the spec marks `phase_type` required even here. */
export const releasePhaseUpdateInput = releasePhaseFields.partial().extend({ phase_type: z.enum(PHASE_TYPES) });
export type ReleasePhaseCreateInput = z.input<typeof releasePhaseCreateInput>;
export type ReleasePhaseUpdateInput = z.input<typeof releasePhaseUpdateInput>;
export const releasePhaseCreateBody = recordEnvelope('release_phase', releasePhaseCreateInput);
export const releasePhaseUpdateBody = recordEnvelope('release_phase', releasePhaseUpdateInput);

/** Query of a product's release list. */
export const releaseListQuery = listQuerySchema.extend({
  parking_lot: z.enum(['true', 'false'], 'must be true or false').optional(),
});
