// Initiatives, goals and time frames: response shapes and request bodies (operations 11 and 20,
// initiative show/update/lists, goals show/list/create, the initiative–goal link).
import { z } from 'zod';
import { GOAL_PROGRESS_SOURCES, INITIATIVE_DURATION_SOURCES, INITIATIVE_PROGRESS_SOURCES } from '../domain/progress';
import {
  EMAIL_MAX,
  NAME_MAX,
  assigneeEmailInput,
  colorInput,
  htmlInput,
  compactItemSchema,
  keyedRefSchema,
  recordLinkSchema,
  unmodelledPlanningFields,
  recordHeadFields,
  recordWire,
  nameInput,
  parentIdInput,
  positionInput,
  progressInput,
  recordTailFields,
  hostedRecordFields,
  refListInput,
  writeBody,
  listQuerySchema,
  idSchema,
  customObjectLinksSchema,
  noteBodySchema,
  nullableDateInput,
  nullableRefInputSchema,
  pageEnvelope,
  statusInputSchema,
  userRefSchema,
  workflowStatusSchema,
} from './common';
import { customFieldValueSchema, customFieldsInput } from './custom-fields';
import { releaseRefSchema } from './releases';

export const timeFrameSchema = z.object({
  id: idSchema,
  name: z.string(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  product_id: idSchema,
});
export type TimeFrame = z.infer<typeof timeFrameSchema>;
/** How initiatives and goals name their time frame. */
const timeFrameRefSchema = timeFrameSchema.pick({ id: true, name: true }).extend({
  /** The hosted service names a time frame by id and name alone: read as undated. */
  start_date: timeFrameSchema.shape.start_date.default(null),
  end_date: timeFrameSchema.shape.end_date.default(null),
});
export const timeFramePage = pageEnvelope('time_frames', timeFrameSchema);

export const initiativeSchema = z.object({
  ...recordHeadFields,
  workflow_status: workflowStatusSchema,
  description: noteBodySchema.nullable(),
  assigned_to_user: userRefSchema.nullable(),
  created_by_user: userRefSchema.nullable(),
  effort: z.number().nullable(),
  value: z.number().nullable(),
  // Defaults: members only this service answers (the tree, the counts, when the status changed),
  // read with their empty values from a hosted answer.
  parent: keyedRefSchema.nullable().default(null),
  parent_id: idSchema.nullable().default(null),
  /** Direct children (the roll-up tree one level down). */
  children_count: z.number().int().default(0),
  position: z.number().nullable(),
  presented: z.boolean(),
  color: z.string(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  time_frame: timeFrameRefSchema.nullable().default(null),
  progress: z.number().nullable(),
  progress_source: z.enum(INITIATIVE_PROGRESS_SOURCES),
  duration_source: z.enum(INITIATIVE_DURATION_SOURCES),
  goals: z.array(recordLinkSchema),
  custom_fields: z.array(customFieldValueSchema).default([]),
  epics_count: z.number().int().default(0),
  features_count: z.number().int().default(0),
  status_changed_on: z.string().nullable().default(null),
  /** The hosted service's older status word: the workflow status's name in snake case. */
  status: z.string().nullable().optional(),
  /** What serves the initiative, as list items (the hosted members; `master_features` is the older name of `epic`). */
  features: z.array(compactItemSchema).optional(),
  epic: z.array(recordLinkSchema).optional(),
  master_features: z.array(recordLinkSchema).optional(),
  releases: z.array(releaseRefSchema).optional(),
  /** Initiatives take no watchers or custom objects here: always empty. */
  watchers: z.array(userRefSchema).optional(),
  custom_object_links: customObjectLinksSchema,
  ...unmodelledPlanningFields,
  ...recordTailFields,
  ...hostedRecordFields,
});
export type Initiative = z.infer<typeof initiativeSchema>;
/**
 * Every member of an initiative but the lists of what serves it (features, epics, releases), which
 * can run to thousands of items: a product's list answers these by default, and the app's tree asks
 * for them.
 */
export const INITIATIVE_LIST_FIELDS = Object.keys(initiativeSchema.shape).filter(
  (k) => !['features', 'epic', 'master_features', 'releases'].includes(k),
);
/**
 * The members of the account's initiative list items by default: the compact ones and, as the hosted
 * list answers them, the status word, effort, value and whether it was presented.
 */
export const INITIATIVE_ACCOUNT_LIST_FIELDS = [
  'id',
  'name',
  'reference_num',
  'status',
  'effort',
  'value',
  'presented',
  'created_at',
  'product_id',
  'url',
  'resource',
] as const;
export const {
  envelope: initiativeEnvelope,
  listItem: initiativeListItemSchema,
  page: initiativePage,
} = recordWire('initiative', 'initiatives', initiativeSchema);
export type InitiativeListItem = z.infer<typeof initiativeListItemSchema>;

const numberInput = z.number().min(0, 'must not be negative').max(1_000_000, 'must be at most 1000000').nullable();

const initiativeFields = z.object({
  name: nameInput,
  workflow_status: statusInputSchema,
  assigned_to_user: assigneeEmailInput.optional(),
  created_by: z.string().max(EMAIL_MAX).optional(),
  description: htmlInput.nullable().optional(),
  effort: numberInput.optional(),
  value: numberInput.optional(),
  parent_id: parentIdInput.optional(),
  position: positionInput.optional(),
  presented: z.boolean().optional(),
  color: colorInput.optional(),
  start_date: nullableDateInput.optional(),
  end_date: nullableDateInput.optional(),
  time_frame: nullableRefInputSchema.optional(),
  progress_source: z.enum(INITIATIVE_PROGRESS_SOURCES).optional(),
  progress: progressInput.optional(),
  duration_source: z.enum(INITIATIVE_DURATION_SOURCES).optional(),
  /** Names, ids or keys of the product's goals this initiative serves (replaces the set). */
  goals: refListInput.optional(),
  custom_fields: customFieldsInput.optional(),
});

/** Operation 11: name and workflow_status are required. */
export const initiativeCreateInput = initiativeFields;
export const initiativeUpdateInput = initiativeFields.partial();
export type InitiativeCreateInput = z.input<typeof initiativeCreateInput>;
export type InitiativeUpdateInput = z.input<typeof initiativeUpdateInput>;
export const initiativeCreateBody = writeBody('initiative', initiativeCreateInput);
export const initiativeUpdateBody = writeBody('initiative', initiativeUpdateInput);

export const goalSchema = z.object({
  ...recordHeadFields,
  description: noteBodySchema.nullable(),
  effort: z.number().nullable(),
  value: z.number().nullable(),
  color: z.string(),
  position: z.number().nullable(),
  progress: z.number().nullable(),
  progress_source: z.enum(GOAL_PROGRESS_SOURCES),
  /** A hosted goal's answer may leave out its time frame and its author: read as none. */
  time_frame: timeFrameRefSchema.nullable().default(null),
  initiatives: z.array(recordLinkSchema),
  created_by_user: userRefSchema.nullable().default(null),
  custom_fields: z.array(customFieldValueSchema).optional(),
  /** How the goal is measured (name, text, status of the initiative workflow); null when it has none. */
  success_metric: z
    .object({
      name: z.string().nullable(),
      description: noteBodySchema.nullable(),
      workflow_status: workflowStatusSchema.nullable(),
      workflow_status_times: unmodelledPlanningFields.workflow_status_times,
    })
    .nullable()
    .optional(),
  /**
   * Hosted members this service does not model, always in their empty forms: parent goals (goals
   * form no tree here), key results, and direct links to features and releases (goals are served
   * by initiatives).
   */
  parent: recordLinkSchema.nullable().optional(),
  parents: z.array(recordLinkSchema).optional(),
  key_results: unmodelledPlanningFields.key_results,
  features: z.array(compactItemSchema).optional(),
  releases: z.array(releaseRefSchema).optional(),
  watchers: z.array(userRefSchema).optional(),
  custom_object_links: customObjectLinksSchema,
  ...recordTailFields,
  ...hostedRecordFields,
});
export type Goal = z.infer<typeof goalSchema>;
export const { envelope: goalEnvelope, listItem: goalListItemSchema, page: goalPage } = recordWire('goal', 'goals', goalSchema);

export const goalCreateInput = z.object({
  name: nameInput,
  description: htmlInput.nullable().optional(),
  effort: numberInput.optional(),
  value: numberInput.optional(),
  color: colorInput.optional(),
  position: positionInput.optional(),
  time_frame: nullableRefInputSchema.optional(),
  progress_source: z.enum(GOAL_PROGRESS_SOURCES).optional(),
  progress: progressInput.optional(),
  /** Names, ids or keys of initiatives of the product to link. */
  initiatives: refListInput.optional(),
  /**
   * How the goal is measured (hosted): a name, an HTML text and a status of the product's
   * initiative workflow; members left out stay as they are, null clears the metric.
   */
  success_metric: z
    .strictObject({
      name: z.string().trim().max(NAME_MAX).nullable().optional(),
      description: htmlInput.nullable().optional(),
      workflow_status: statusInputSchema.nullable().optional(),
    })
    .nullable()
    .optional(),
  custom_fields: customFieldsInput.optional(),
});
export type GoalCreateInput = z.input<typeof goalCreateInput>;
export const goalCreateBody = writeBody('goal', goalCreateInput);
export const goalUpdateInput = goalCreateInput.partial();
export type GoalUpdateInput = z.input<typeof goalUpdateInput>;
export const goalUpdateBody = writeBody('goal', goalUpdateInput);

/** Query of the initiative lists; `custom_fields[<key>]=value` pairs are read beside it. */
export const initiativeListQuery = listQuerySchema.extend({
  workflow_status: z.string().max(NAME_MAX).optional(),
  assigned_to_user: z.string().max(EMAIL_MAX).optional(),
  /** `null` (the word) for roots; else a parent's id or key. */
  parent_id: z.string().max(NAME_MAX).optional(),
});
