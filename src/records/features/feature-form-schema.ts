// The feature form's schema and its mapping to request bodies, composed from the work-item
// fragments in ui/form-schema: what is the feature's own is the release phase, kind, epic and
// initiative links, and the progress sources (a longer list on create than on update, `progress`
// only under manual progress). Create and update bodies differ (watchers as a comma string vs an
// array), so each has its own pure mapping function.
import { z } from 'zod';
import { htmlInput } from '../../contract/common';
import { featureCreateInput, type Feature, type FeatureCreateInput, type FeatureUpdateInput } from '../../contract/features';
import type { CapacityUnits } from '../../domain/estimate';
import { FEATURE_PROGRESS_SOURCES_CREATE, FEATURE_PROGRESS_SOURCES_UPDATE, type FeatureProgressSource } from '../../domain/progress';
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

export { ESTIMATE_FIELDS, type EstimateField } from '../../ui/form-schema';

const COMPUTED_SOURCES = FEATURE_PROGRESS_SOURCES_CREATE.filter(
  (s): s is Exclude<FeatureProgressSource, 'progress_manual'> => s !== 'progress_manual',
);

const baseFields = z.object({
  name: featureCreateInput.shape.name,
  ...workItemFields,
  /** Phase id, '' for none. A disabled select may hand over undefined, read as none. */
  release_phase: z.string().default(''),
  /** Kind id, '' for none. */
  workflow_kind: z.string(),
  start_date: dateText,
  due_date: dateText,
  description: htmlInput,
  /** Epic id, '' for none. */
  epic: z.string().default(''),
  /** Initiative id, '' for none. */
  initiative: z.string().default(''),
});

const progressBySource = z.discriminatedUnion('progress_source', progressBranches(COMPUTED_SOURCES));

export interface FeatureFormSchemaOptions {
  mode: 'create' | 'edit';
  /** Capacity units of a release id; the estimates are read in them. */
  unitsOf: (releaseId: string) => CapacityUnits;
  /** On edit: the feature's current source, kept selectable even when the update list lacks it. */
  currentSource?: FeatureProgressSource;
}

/** Progress sources the form offers: the create list, or the update list (plus the current one). */
export function progressSourceChoices(mode: 'create' | 'edit', currentSource?: FeatureProgressSource): FeatureProgressSource[] {
  if (mode === 'create') return [...FEATURE_PROGRESS_SOURCES_CREATE];
  const list: FeatureProgressSource[] = [...FEATURE_PROGRESS_SOURCES_UPDATE];
  if (currentSource && !list.includes(currentSource)) list.push(currentSource);
  return list;
}

export function buildFeatureFormSchema({ mode, unitsOf, currentSource }: FeatureFormSchemaOptions) {
  const allowed = progressSourceChoices(mode, currentSource);
  return z
    .intersection(baseFields, progressBySource)
    .superRefine((v, ctx) => {
      if (!allowed.includes(v.progress_source)) {
        ctx.addIssue({ code: 'custom', path: ['progress_source'], message: 'cannot be chosen when editing a feature' });
      }
      checkDateOrder(v.start_date, v.due_date, 'due_date', ctx);
      checkEstimates(v, unitsOf(v.release), ctx);
    })
    .transform((v) => {
      if (v.progress_source === 'progress_manual') return v;
      const { progress: _hidden, ...rest } = v;
      return rest;
    });
}

export type FeatureFormSchema = ReturnType<typeof buildFeatureFormSchema>;
export type FeatureFormValues = z.input<FeatureFormSchema>;
export type FeatureFormOutput = z.output<FeatureFormSchema>;

/** Service field names that the form shows under another field. */
export const FEATURE_FIELD_ALIASES = {
  ...WORK_ITEM_FIELD_ALIASES,
  belongs_to_release_phase: 'release_phase',
  epic_id: 'epic',
  initiative_id: 'initiative',
} as const;

export interface CreateDefaultsOptions {
  releaseId?: string;
  /** First status of the product's Feature workflow. */
  statusName?: string;
  /** Preselected epic and initiative ids (from the epic's or initiative's page). */
  epicId?: string;
  initiativeId?: string;
}

export function createDefaults({ releaseId, statusName, epicId = '', initiativeId = '' }: CreateDefaultsOptions = {}): FeatureFormValues {
  return {
    ...workItemCreateValues(releaseId, statusName),
    release_phase: '',
    workflow_kind: '',
    epic: epicId,
    initiative: initiativeId,
  };
}

/** Form values of an existing feature. */
export function editDefaults(feature: Feature): FeatureFormValues {
  const common = {
    ...workItemEditValues(feature),
    release_phase: feature.belongs_to_release_phase?.id ?? '',
    workflow_kind: feature.workflow_kind?.id ?? '',
    epic: feature.epic?.id ?? '',
    initiative: feature.initiative?.id ?? '',
  };
  return feature.progress_source === 'progress_manual'
    ? { ...common, progress_source: 'progress_manual' }
    : { ...common, progress_source: feature.progress_source };
}

/** Operation 1 body: only what was filled in; watchers as a comma-separated string of ids. */
export function toCreateInput(v: FeatureFormOutput): FeatureCreateInput {
  const body: FeatureCreateInput = { name: v.name, progress_source: v.progress_source, ...workItemCreateBody(v) };
  if (v.progress_source === 'progress_manual') body.progress = v.progress;
  if (v.workflow_kind) body.workflow_kind = v.workflow_kind;
  if (v.release_phase) body.release_phase = v.release_phase;
  if (v.start_date) body.start_date = v.start_date;
  if (v.due_date) body.due_date = v.due_date;
  if (v.epic) body.epic = v.epic;
  if (v.initiative) body.initiative = v.initiative;
  return body;
}

function isUpdateSource(source: string): source is (typeof FEATURE_PROGRESS_SOURCES_UPDATE)[number] {
  return (FEATURE_PROGRESS_SOURCES_UPDATE as readonly string[]).includes(source);
}

/**
 * Operation 2 body: every field, emptied ones as null so they clear; watchers as an array of
 * numeric ids. The progress source is sent only when changed, because a `_with_dependents` source
 * set at creation cannot be sent back on update.
 */
export function toUpdateInput(v: FeatureFormOutput, original: Pick<Feature, 'progress_source'>): FeatureUpdateInput {
  const body: FeatureUpdateInput = {
    name: v.name,
    ...workItemUpdateBody(v),
    release_phase: v.release_phase || null,
    workflow_kind: v.workflow_kind || null,
    start_date: v.start_date || null,
    due_date: v.due_date || null,
    epic: v.epic || null,
    initiative: v.initiative || null,
  };
  if (v.progress_source !== original.progress_source && isUpdateSource(v.progress_source)) {
    body.progress_source = v.progress_source;
  }
  if (v.progress_source === 'progress_manual') body.progress = v.progress;
  return body;
}
