// The feature form's schema and its mapping to request bodies, composed from the work-item
// fragments in ui/form-schema: what is the feature's own is the release phase, kind, epic and
// initiative links, and the progress sources (a longer list on create than on update, `progress`
// only under manual progress). The workspace's Feature layout adds its custom fields and its
// required fields (ui/layout-model). Create and update bodies differ (watchers as a comma string vs
// an array), so each has its own pure mapping function.
import { z } from 'zod';
import { builtInLayout } from '../../api/layouts';
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
import {
  checkLayoutValues,
  customFieldDefaults,
  customFieldFormValues,
  customFieldsBody,
  formLayout,
  type FormLayout,
} from '../../ui/layout-model';

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
  /** The layout's custom fields by key. */
  custom_fields: customFieldFormValues,
});

const progressBySource = z.discriminatedUnion('progress_source', progressBranches(COMPUTED_SOURCES));

export interface FeatureFormSchemaOptions {
  mode: 'create' | 'edit';
  /** Capacity units of a release id; the estimates are read in them. */
  unitsOf: (releaseId: string) => CapacityUnits;
  /** On edit: the feature's current source, kept selectable even when the update list lacks it. */
  currentSource?: FeatureProgressSource;
  /** What the form draws of the workspace's layout; the built-in layout when omitted. */
  layout?: FormLayout;
}

/** The form the built-in Feature layout draws (what the form showed before layouts). */
export const defaultFeatureLayout = (mode: 'create' | 'edit', feature?: Feature): FormLayout =>
  formLayout(builtInLayout('Feature'), { mode, record: feature });

/** Progress sources the form offers: the create list, or the update list (plus the current one). */
export function progressSourceChoices(mode: 'create' | 'edit', currentSource?: FeatureProgressSource): FeatureProgressSource[] {
  if (mode === 'create') return [...FEATURE_PROGRESS_SOURCES_CREATE];
  const list: FeatureProgressSource[] = [...FEATURE_PROGRESS_SOURCES_UPDATE];
  if (currentSource && !list.includes(currentSource)) list.push(currentSource);
  return list;
}

export function buildFeatureFormSchema({ mode, unitsOf, currentSource, layout = defaultFeatureLayout(mode) }: FeatureFormSchemaOptions) {
  const allowed = progressSourceChoices(mode, currentSource);
  return z
    .intersection(baseFields, progressBySource)
    .superRefine((v, ctx) => {
      if (!allowed.includes(v.progress_source)) {
        ctx.addIssue({ code: 'custom', path: ['progress_source'], message: 'cannot be chosen when editing a feature' });
      }
      checkDateOrder(v.start_date, v.due_date, 'due_date', ctx);
      checkEstimates(v, unitsOf(v.release), ctx);
      checkLayoutValues(layout, v, ctx);
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
  /** The form's layout (its custom fields start empty). */
  layout?: FormLayout;
}

export function createDefaults({
  releaseId,
  statusName,
  epicId = '',
  initiativeId = '',
  layout = defaultFeatureLayout('create'),
}: CreateDefaultsOptions = {}): FeatureFormValues {
  return {
    ...workItemCreateValues(releaseId, statusName),
    release_phase: '',
    workflow_kind: '',
    epic: epicId,
    initiative: initiativeId,
    custom_fields: customFieldDefaults(layout),
  };
}

/** Form values of an existing feature, its custom values those of the fields the layout draws. */
export function editDefaults(feature: Feature, layout: FormLayout = defaultFeatureLayout('edit', feature)): FeatureFormValues {
  const common = {
    ...workItemEditValues(feature),
    release_phase: feature.belongs_to_release_phase?.id ?? '',
    workflow_kind: feature.workflow_kind?.id ?? '',
    epic: feature.epic?.id ?? '',
    initiative: feature.initiative?.id ?? '',
    custom_fields: customFieldDefaults(layout, feature),
  };
  return feature.progress_source === 'progress_manual'
    ? { ...common, progress_source: 'progress_manual' }
    : { ...common, progress_source: feature.progress_source };
}

/** Operation 1 body: only what was filled in; watchers as a comma-separated string of ids. */
export function toCreateInput(v: FeatureFormOutput, layout: FormLayout = defaultFeatureLayout('create')): FeatureCreateInput {
  const body: FeatureCreateInput = { name: v.name, progress_source: v.progress_source, ...workItemCreateBody(v) };
  if (v.progress_source === 'progress_manual') body.progress = v.progress;
  if (v.workflow_kind) body.workflow_kind = v.workflow_kind;
  if (v.release_phase) body.release_phase = v.release_phase;
  if (v.start_date) body.start_date = v.start_date;
  if (v.due_date) body.due_date = v.due_date;
  if (v.epic) body.epic = v.epic;
  if (v.initiative) body.initiative = v.initiative;
  const custom = customFieldsBody(layout, v.custom_fields, 'create');
  if (custom) body.custom_fields = custom;
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
export function toUpdateInput(
  v: FeatureFormOutput,
  original: Pick<Feature, 'progress_source'>,
  layout: FormLayout = defaultFeatureLayout('edit'),
): FeatureUpdateInput {
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
  // Only the custom fields the form drew: values of those the layout leaves out stay as they are.
  const custom = customFieldsBody(layout, v.custom_fields, 'update');
  if (custom) body.custom_fields = custom;
  return body;
}
