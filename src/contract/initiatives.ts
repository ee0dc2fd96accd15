// Initiatives, goals and time frames: response shapes and request bodies (operations 11 and 20,
// initiative show/update/lists, goals show/list/create, the initiative–goal link).
import { z } from 'zod';
import { GOAL_PROGRESS_SOURCES, INITIATIVE_DURATION_SOURCES, INITIATIVE_PROGRESS_SOURCES } from '../domain/progress';
import {
  EMAIL_MAX,
  NAME_MAX,
  fieldsParamSchema,
  htmlInput,
  listQuerySchema,
  idSchema,
  noteBodySchema,
  nullableDateInput,
  nullableRefInputSchema,
  pageEnvelope,
  recordEnvelope,
  statusInputSchema,
  timestampSchema,
  userRefSchema,
  workflowStatusSchema,
} from './common';
import { customFieldValueSchema, customFieldsInput } from './custom-fields';

const keyedRef = z.object({ id: idSchema, name: z.string(), reference_num: z.string() });

export const timeFrameSchema = z.object({
  id: idSchema,
  name: z.string(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  product_id: idSchema,
});
export type TimeFrame = z.infer<typeof timeFrameSchema>;
export const timeFramePage = pageEnvelope('time_frames', timeFrameSchema);

export const initiativeSchema = z.object({
  id: idSchema,
  name: z.string(),
  reference_num: z.string(),
  product_id: idSchema,
  workflow_status: workflowStatusSchema,
  description: noteBodySchema.nullable(),
  assigned_to_user: userRefSchema.nullable(),
  created_by_user: userRefSchema.nullable(),
  effort: z.number().nullable(),
  value: z.number().nullable(),
  parent: keyedRef.nullable(),
  parent_id: idSchema.nullable(),
  /** Direct children (the roll-up tree one level down). */
  children_count: z.number().int(),
  position: z.number().nullable(),
  presented: z.boolean(),
  color: z.string(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  time_frame: timeFrameSchema.pick({ id: true, name: true, start_date: true, end_date: true }).nullable(),
  progress: z.number().nullable(),
  progress_source: z.enum(INITIATIVE_PROGRESS_SOURCES),
  duration_source: z.enum(INITIATIVE_DURATION_SOURCES),
  goals: z.array(keyedRef),
  custom_fields: z.array(customFieldValueSchema),
  epics_count: z.number().int(),
  features_count: z.number().int(),
  status_changed_on: z.string().nullable(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
  url: z.string(),
  resource: z.string(),
});
export type Initiative = z.infer<typeof initiativeSchema>;
export const initiativeEnvelope = recordEnvelope('initiative', initiativeSchema);
export const initiativeListItemSchema = initiativeSchema.partial().extend({ id: idSchema });
export type InitiativeListItem = z.infer<typeof initiativeListItemSchema>;
export const initiativePage = pageEnvelope('initiatives', initiativeListItemSchema);

const numberInput = z.number().min(0, 'must not be negative').max(1_000_000, 'must be at most 1000000').nullable();

const initiativeFields = z.object({
  name: z.string().trim().min(1, "can't be blank").max(NAME_MAX),
  workflow_status: statusInputSchema,
  assigned_to_user: z
    .union([z.string().max(EMAIL_MAX), z.null()])
    .transform((v) => (v ? v : null))
    .optional(),
  created_by: z.string().max(EMAIL_MAX).optional(),
  description: htmlInput.nullable().optional(),
  effort: numberInput.optional(),
  value: numberInput.optional(),
  parent_id: z
    .union([idSchema, z.number().int().positive(), z.null()])
    .transform((v) => (v === null ? null : String(v)))
    .optional(),
  position: z.number().int().min(0).max(1_000_000).nullable().optional(),
  presented: z.boolean().optional(),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #4f7cac')
    .optional(),
  start_date: nullableDateInput.optional(),
  end_date: nullableDateInput.optional(),
  time_frame: nullableRefInputSchema.optional(),
  progress_source: z.enum(INITIATIVE_PROGRESS_SOURCES).optional(),
  progress: z.number().min(0, 'must be between 0 and 100').max(100, 'must be between 0 and 100').nullable().optional(),
  duration_source: z.enum(INITIATIVE_DURATION_SOURCES).optional(),
  /** Names, ids or keys of the product's goals this initiative serves (replaces the set). */
  goals: z.array(z.union([z.string().max(NAME_MAX), z.number().int().positive()]).transform(String)).max(100).optional(),
  custom_fields: customFieldsInput.optional(),
});

/** Operation 11: name and workflow_status are required. */
export const initiativeCreateInput = initiativeFields;
export const initiativeUpdateInput = initiativeFields.partial();
export type InitiativeCreateInput = z.input<typeof initiativeCreateInput>;
export type InitiativeUpdateInput = z.input<typeof initiativeUpdateInput>;
export const initiativeCreateBody = z.object({ initiative: initiativeCreateInput, fields: fieldsParamSchema });
export const initiativeUpdateBody = z.object({ initiative: initiativeUpdateInput, fields: fieldsParamSchema });

export const goalSchema = z.object({
  id: idSchema,
  name: z.string(),
  reference_num: z.string(),
  product_id: idSchema,
  description: noteBodySchema.nullable(),
  effort: z.number().nullable(),
  value: z.number().nullable(),
  color: z.string(),
  position: z.number().nullable(),
  progress: z.number().nullable(),
  progress_source: z.enum(GOAL_PROGRESS_SOURCES),
  time_frame: timeFrameSchema.pick({ id: true, name: true, start_date: true, end_date: true }).nullable(),
  initiatives: z.array(keyedRef),
  created_by_user: userRefSchema.nullable(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
  url: z.string(),
  resource: z.string(),
});
export type Goal = z.infer<typeof goalSchema>;
export const goalEnvelope = recordEnvelope('goal', goalSchema);
export const goalListItemSchema = goalSchema.partial().extend({ id: idSchema });
export const goalPage = pageEnvelope('goals', goalListItemSchema);

export const goalCreateInput = z.object({
  name: z.string().trim().min(1, "can't be blank").max(NAME_MAX),
  description: htmlInput.nullable().optional(),
  effort: numberInput.optional(),
  value: numberInput.optional(),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #4f7cac')
    .optional(),
  position: z.number().int().min(0).max(1_000_000).nullable().optional(),
  time_frame: nullableRefInputSchema.optional(),
  progress_source: z.enum(GOAL_PROGRESS_SOURCES).optional(),
  progress: z.number().min(0, 'must be between 0 and 100').max(100, 'must be between 0 and 100').nullable().optional(),
  /** Names, ids or keys of initiatives of the product to link. */
  initiatives: z.array(z.union([z.string().max(NAME_MAX), z.number().int().positive()]).transform(String)).max(100).optional(),
});
export type GoalCreateInput = z.input<typeof goalCreateInput>;
export const goalCreateBody = z.object({ goal: goalCreateInput, fields: fieldsParamSchema });
export const goalUpdateInput = goalCreateInput.partial();
export type GoalUpdateInput = z.input<typeof goalUpdateInput>;
export const goalUpdateBody = z.object({ goal: goalUpdateInput, fields: fieldsParamSchema });

/** Query of the initiative lists; `custom_fields[<key>]=value` pairs are read beside it. */
export const initiativeListQuery = listQuerySchema.extend({
  workflow_status: z.string().max(NAME_MAX).optional(),
  assigned_to_user: z.string().max(EMAIL_MAX).optional(),
  /** `null` (the word) for roots; else a parent's id or key. */
  parent_id: z.string().max(NAME_MAX).optional(),
});
