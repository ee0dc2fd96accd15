// The feature form's schema and its mapping to request bodies. The form holds what inputs hold
// (strings, a list of ids); the schema is derived from the contract's feature input and models the
// spec's conditional rules as branches: `progress` exists only under manual progress, estimate text
// must read in the chosen release's capacity units, and edits offer the shorter list of progress
// sources. Create and update bodies differ (watchers as a comma string vs an array), so each has
// its own pure mapping function.
import { z } from 'zod';
import { dateSchema, htmlInput } from '../../contract/common';
import { featureCreateInput, type Feature, type FeatureCreateInput, type FeatureUpdateInput } from '../../contract/features';
import type { CapacityUnits } from '../../domain/estimate';
import {
  FEATURE_PROGRESS_SOURCES_CREATE,
  FEATURE_PROGRESS_SOURCES_UPDATE,
  type FeatureProgressSource,
} from '../../domain/progress';
import { estimateError } from '../../ui/estimate-input';

const contract = featureCreateInput.shape;

export const ESTIMATE_FIELDS = ['initial_estimate_text', 'detailed_estimate_text', 'remaining_estimate_text'] as const;
export type EstimateField = (typeof ESTIMATE_FIELDS)[number];

const COMPUTED_SOURCES = FEATURE_PROGRESS_SOURCES_CREATE.filter(
  (s): s is Exclude<FeatureProgressSource, 'progress_manual'> => s !== 'progress_manual',
);

const dateText = z.union([z.literal(''), dateSchema]);
const estimateText = z.string().max(64, 'must be at most 64 characters');
/** The contract's 0–100 range, read from the text of a number input. */
const progressRange = contract.progress.unwrap().unwrap();

const baseFields = z.object({
  name: contract.name,
  /** Release id; required because features are created inside a release. */
  release: z.string().min(1, 'choose a release'),
  /** Phase id, '' for none. A disabled select may hand over undefined, read as none. */
  release_phase: z.string().default(''),
  /** Status name, '' for the workflow's first status. */
  workflow_status: z.string(),
  /** Kind id, '' for none. */
  workflow_kind: z.string(),
  /** Assignee email, '' for nobody. */
  assigned_to_user: z.string(),
  /** Comma-separated, as the service takes them. */
  tags: z.string().max(2_000, 'must be at most 2000 characters'),
  start_date: dateText,
  due_date: dateText,
  initial_estimate_text: estimateText,
  detailed_estimate_text: estimateText,
  remaining_estimate_text: estimateText,
  /** Team id, '' for none; iteration, program increment and team status belong to it. */
  team: z.string(),
  iteration: z.string().default(''),
  program_increment: z.string().default(''),
  /** Team status name. */
  team_workflow_status: z.string().default(''),
  /** User ids. */
  watchers: z.array(z.string()),
  description: htmlInput,
  /** Epic id, '' for none. */
  epic: z.string().default(''),
  /** Initiative id, '' for none. */
  initiative: z.string().default(''),
});

const manualBranch = baseFields.extend({
  progress_source: z.literal('progress_manual'),
  progress: z
    .string()
    .trim()
    .min(1, 'enter a number from 0 to 100')
    .refine((v) => Number.isFinite(Number(v)), 'must be a number from 0 to 100')
    .transform(Number)
    .pipe(progressRange),
});

// Under a computed source the service refuses `progress`. The hidden value is accepted (so switching
// to manual starts from the current figure) and dropped from the output by the schema's transform.
const computedBranch = baseFields.extend({
  progress_source: z.enum(COMPUTED_SOURCES),
  progress: z.string().optional(),
});

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
  return z.discriminatedUnion('progress_source', [manualBranch, computedBranch]).superRefine((v, ctx) => {
    if (!allowed.includes(v.progress_source)) {
      ctx.addIssue({ code: 'custom', path: ['progress_source'], message: 'cannot be chosen when editing a feature' });
    }
    if (v.start_date && v.due_date && v.due_date < v.start_date) {
      ctx.addIssue({ code: 'custom', path: ['due_date'], message: 'must not be before the start date' });
    }
    const units = unitsOf(v.release);
    for (const field of ESTIMATE_FIELDS) {
      const message = estimateError(v[field], units);
      if (message) ctx.addIssue({ code: 'custom', path: [field], message });
    }
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

/** Every field of the form, for putting the service's field errors where they belong. */
export const FEATURE_FORM_FIELDS = [
  'name',
  'release',
  'release_phase',
  'workflow_status',
  'workflow_kind',
  'assigned_to_user',
  'tags',
  'start_date',
  'due_date',
  'initial_estimate_text',
  'detailed_estimate_text',
  'remaining_estimate_text',
  'progress_source',
  'progress',
  'team',
  'iteration',
  'program_increment',
  'team_workflow_status',
  'watchers',
  'description',
  'epic',
  'initiative',
] as const;

/** Service field names that the form shows under another field. */
export const FEATURE_FIELD_ALIASES = {
  initial_estimate: 'initial_estimate_text',
  detailed_estimate: 'detailed_estimate_text',
  remaining_estimate: 'remaining_estimate_text',
  release_id: 'release',
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

export function createDefaults({
  releaseId = '',
  statusName = '',
  epicId = '',
  initiativeId = '',
}: CreateDefaultsOptions = {}): FeatureFormValues {
  return {
    name: '',
    release: releaseId,
    release_phase: '',
    workflow_status: statusName,
    workflow_kind: '',
    assigned_to_user: '',
    tags: '',
    start_date: '',
    due_date: '',
    initial_estimate_text: '',
    detailed_estimate_text: '',
    remaining_estimate_text: '',
    progress_source: 'progress_manual',
    progress: '0',
    team: '',
    iteration: '',
    program_increment: '',
    team_workflow_status: '',
    watchers: [],
    description: '',
    epic: epicId,
    initiative: initiativeId,
  };
}

/** Form values of an existing feature. */
export function editDefaults(feature: Feature): FeatureFormValues {
  const common = {
    name: feature.name,
    release: feature.release.id,
    release_phase: feature.belongs_to_release_phase?.id ?? '',
    workflow_status: feature.workflow_status.name,
    workflow_kind: feature.workflow_kind?.id ?? '',
    assigned_to_user: feature.assigned_to_user?.email ?? '',
    tags: feature.tags.join(', '),
    start_date: feature.start_date ?? '',
    due_date: feature.due_date ?? '',
    initial_estimate_text: feature.initial_estimate_text ?? '',
    detailed_estimate_text: feature.detailed_estimate_text ?? '',
    remaining_estimate_text: feature.remaining_estimate_text ?? '',
    team: feature.team?.id ?? '',
    iteration: feature.iteration?.id ?? '',
    program_increment: feature.program_increment?.id ?? '',
    team_workflow_status: feature.team_workflow_status?.name ?? '',
    watchers: feature.watchers.map((w) => w.id),
    description: feature.description?.body ?? '',
    epic: feature.epic?.id ?? '',
    initiative: feature.initiative?.id ?? '',
  };
  const progress = feature.progress === null ? '0' : String(feature.progress);
  return feature.progress_source === 'progress_manual'
    ? { ...common, progress_source: 'progress_manual', progress }
    : { ...common, progress_source: feature.progress_source, progress };
}

function trimmedTags(tags: string): string {
  return tags
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean)
    .join(',');
}

/** Operation 1 body: only what was filled in; watchers as a comma-separated string of ids. */
export function toCreateInput(v: FeatureFormOutput): FeatureCreateInput {
  const body: FeatureCreateInput = { name: v.name, progress_source: v.progress_source };
  if (v.progress_source === 'progress_manual') body.progress = v.progress;
  if (v.workflow_status) body.workflow_status = { name: v.workflow_status };
  if (v.workflow_kind) body.workflow_kind = v.workflow_kind;
  if (v.release_phase) body.release_phase = v.release_phase;
  if (v.assigned_to_user) body.assigned_to_user = v.assigned_to_user;
  const tags = trimmedTags(v.tags);
  if (tags) body.tags = tags;
  if (v.start_date) body.start_date = v.start_date;
  if (v.due_date) body.due_date = v.due_date;
  for (const field of ESTIMATE_FIELDS) {
    const text = v[field].trim();
    if (text) body[field] = text;
  }
  if (v.team) {
    body.team = v.team;
    if (v.iteration) body.iteration = v.iteration;
    if (v.program_increment) body.program_increment = v.program_increment;
    if (v.team_workflow_status) body.team_workflow_status = { name: v.team_workflow_status };
  }
  if (v.watchers.length > 0) body.watchers = v.watchers.join(',');
  if (v.description.trim()) body.description = v.description;
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
  const hasTeam = v.team !== '';
  const body: FeatureUpdateInput = {
    name: v.name,
    release: v.release,
    release_phase: v.release_phase || null,
    workflow_kind: v.workflow_kind || null,
    assigned_to_user: v.assigned_to_user || null,
    tags: trimmedTags(v.tags),
    start_date: v.start_date || null,
    due_date: v.due_date || null,
    initial_estimate_text: v.initial_estimate_text.trim() || null,
    detailed_estimate_text: v.detailed_estimate_text.trim() || null,
    remaining_estimate_text: v.remaining_estimate_text.trim() || null,
    team: hasTeam ? v.team : null,
    iteration: hasTeam && v.iteration ? v.iteration : null,
    program_increment: hasTeam && v.program_increment ? v.program_increment : null,
    team_workflow_status: hasTeam && v.team_workflow_status ? { name: v.team_workflow_status } : null,
    watchers: v.watchers.map(Number),
    description: v.description.trim() ? v.description : null,
    epic: v.epic || null,
    initiative: v.initiative || null,
  };
  if (v.workflow_status) body.workflow_status = { name: v.workflow_status };
  if (v.progress_source !== original.progress_source && isUpdateSource(v.progress_source)) {
    body.progress_source = v.progress_source;
  }
  if (v.progress_source === 'progress_manual') body.progress = v.progress;
  return body;
}
