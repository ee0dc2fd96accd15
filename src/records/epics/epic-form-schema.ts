// The epic form's schema and its mapping to request bodies, composed from the work-item fragments
// in ui/form-schema. What is the epic's own: the initiative link and two conditional rules modelled
// as branches — `progress` only under manual progress, start and due dates only under manual
// duration (otherwise the service computes them). The workspace's Epic layout adds its custom fields
// and its required fields (ui/layout-model). Create and update bodies differ (watchers as a comma
// string vs an array), so each has its own pure mapping function.
import { z } from 'zod';
import { builtInLayout } from '../../api/layouts';
import { htmlInput } from '../../contract/common';
import { epicCreateInput, type Epic, type EpicCreateInput, type EpicUpdateInput } from '../../contract/epics';
import type { CapacityUnits } from '../../domain/estimate';
import { EPIC_DURATION_SOURCES, EPIC_PROGRESS_SOURCES, type EpicProgressSource } from '../../domain/progress';
import {
  WORK_ITEM_FIELD_ALIASES,
  checkDateOrder,
  checkEstimates,
  dateText,
  progressBranches,
  workItemCreateBody,
  workItemCreateValues,
  workItemEditValues,
  workItemFields,
  workItemUpdateBody,
} from '../../ui/form-schema';
import {
  checkLayoutValues,
  customFieldDefaults,
  customFieldFormValues,
  customFieldsBody,
  formLayout,
  type FormLayout,
} from '../../ui/layout-model';

export { ESTIMATE_FIELDS, type EstimateField } from '../../ui/form-schema';

type ComputedProgressSource = Exclude<EpicProgressSource, 'progress_manual'>;
export type EpicDurationSource = (typeof EPIC_DURATION_SOURCES)[number];
type ComputedDurationSource = Exclude<EpicDurationSource, 'duration_manual'>;

const COMPUTED_PROGRESS = EPIC_PROGRESS_SOURCES.filter((s): s is ComputedProgressSource => s !== 'progress_manual');
const COMPUTED_DURATION = EPIC_DURATION_SOURCES.filter((s): s is ComputedDurationSource => s !== 'duration_manual');

const baseFields = z.object({
  name: epicCreateInput.shape.name,
  ...workItemFields,
  /** Initiative id, '' for none. */
  initiative: z.string(),
  /** The layout's custom fields by key. */
  custom_fields: customFieldFormValues,
  description: htmlInput,
});

const progressBySource = z.discriminatedUnion('progress_source', progressBranches(COMPUTED_PROGRESS));

const durationBranches = z.discriminatedUnion('duration_source', [
  z.object({ duration_source: z.literal('duration_manual'), start_date: dateText, due_date: dateText }),
  // Computed dates are shown (disabled) but not sent: the service sets them from features or releases.
  z.object({
    duration_source: z.enum(COMPUTED_DURATION),
    start_date: z.string().optional(),
    due_date: z.string().optional(),
  }),
]);

type BaseOutput = z.output<typeof baseFields>;
type ProgressOutput = { progress_source: 'progress_manual'; progress: number } | { progress_source: ComputedProgressSource };
type DurationOutput =
  { duration_source: 'duration_manual'; start_date: string; due_date: string } | { duration_source: ComputedDurationSource };
export type EpicFormOutput = BaseOutput & ProgressOutput & DurationOutput;

export interface EpicFormSchemaOptions {
  /** Capacity units of a release id; the estimates are read in them. */
  unitsOf: (releaseId: string) => CapacityUnits;
  /** What the form draws of the workspace's layout; the built-in layout when omitted. */
  layout?: FormLayout;
}

/** The form the built-in Epic layout draws (what the form showed before layouts, without custom fields). */
export const defaultEpicLayout = (mode: 'create' | 'edit', epic?: Epic): FormLayout =>
  formLayout(builtInLayout('Epic'), { mode, record: epic });

export function buildEpicFormSchema({ unitsOf, layout = defaultEpicLayout('create') }: EpicFormSchemaOptions) {
  return z
    .intersection(baseFields, z.intersection(progressBySource, durationBranches))
    .superRefine((v, ctx) => {
      if (v.duration_source === 'duration_manual') checkDateOrder(v.start_date, v.due_date, 'due_date', ctx);
      checkEstimates(v, unitsOf(v.release), ctx);
      checkLayoutValues(layout, v, ctx);
    })
    .transform((v): EpicFormOutput => {
      const {
        progress: _progress,
        progress_source: _progressSource,
        duration_source: _durationSource,
        start_date: _start,
        due_date: _due,
        ...base
      } = v;
      const progress: ProgressOutput =
        v.progress_source === 'progress_manual'
          ? { progress_source: 'progress_manual', progress: v.progress }
          : { progress_source: v.progress_source };
      const duration: DurationOutput =
        v.duration_source === 'duration_manual'
          ? { duration_source: 'duration_manual', start_date: v.start_date, due_date: v.due_date }
          : { duration_source: v.duration_source };
      return { ...base, ...progress, ...duration };
    });
}

export type EpicFormSchema = ReturnType<typeof buildEpicFormSchema>;
export type EpicFormValues = z.input<EpicFormSchema>;

/** Service field names that the form shows under another field (custom fields find theirs by key). */
export const EPIC_FIELD_ALIASES = WORK_ITEM_FIELD_ALIASES;

export interface CreateDefaultsOptions {
  releaseId?: string;
  initiativeId?: string;
  /** First status of the product's Epic workflow. */
  statusName?: string;
  /** The form's layout (its custom fields start empty). */
  layout?: FormLayout;
}

export function createDefaults({
  releaseId,
  initiativeId = '',
  statusName,
  layout = defaultEpicLayout('create'),
}: CreateDefaultsOptions = {}): EpicFormValues {
  return {
    ...workItemCreateValues(releaseId, statusName),
    initiative: initiativeId,
    duration_source: 'duration_manual',
    custom_fields: customFieldDefaults(layout),
  };
}

/** Form values of an existing epic, its custom values those of the fields the layout draws. */
export function editDefaults(epic: Epic, layout: FormLayout = defaultEpicLayout('edit', epic)): EpicFormValues {
  const common = {
    ...workItemEditValues(epic),
    initiative: epic.initiative?.id ?? '',
    custom_fields: customFieldDefaults(layout, epic),
  };
  const withProgress =
    epic.progress_source === 'progress_manual'
      ? { ...common, progress_source: 'progress_manual' as const }
      : { ...common, progress_source: epic.progress_source };
  return epic.duration_source === 'duration_manual'
    ? { ...withProgress, duration_source: 'duration_manual' }
    : { ...withProgress, duration_source: epic.duration_source };
}

/** Operation 5 body: only what was filled in; watchers as a comma-separated string of ids. */
export function toCreateInput(v: EpicFormOutput, layout: FormLayout = defaultEpicLayout('create')): EpicCreateInput {
  const body: EpicCreateInput = {
    name: v.name,
    progress_source: v.progress_source,
    duration_source: v.duration_source,
    ...workItemCreateBody(v),
  };
  if (v.progress_source === 'progress_manual') body.progress = v.progress;
  if (v.duration_source === 'duration_manual') {
    if (v.start_date) body.start_date = v.start_date;
    if (v.due_date) body.due_date = v.due_date;
  }
  if (v.initiative) body.initiative = v.initiative;
  const custom = customFieldsBody(layout, v.custom_fields, 'create');
  if (custom) body.custom_fields = custom;
  return body;
}

/**
 * Epic update body: every field, emptied ones as null so they clear; watchers as an array of
 * numeric ids; dates only under manual duration (the service owns computed ones).
 */
export function toUpdateInput(v: EpicFormOutput, layout: FormLayout = defaultEpicLayout('edit')): EpicUpdateInput {
  const body: EpicUpdateInput = {
    name: v.name,
    ...workItemUpdateBody(v),
    initiative: v.initiative || null,
    progress_source: v.progress_source,
    duration_source: v.duration_source,
  };
  if (v.progress_source === 'progress_manual') body.progress = v.progress;
  if (v.duration_source === 'duration_manual') {
    body.start_date = v.start_date || null;
    body.due_date = v.due_date || null;
  }
  // Only the custom fields the form drew: values of those the layout leaves out stay as they are.
  const custom = customFieldsBody(layout, v.custom_fields, 'update');
  if (custom) body.custom_fields = custom;
  return body;
}
