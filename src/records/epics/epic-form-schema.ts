// The epic form's schema and its mapping to request bodies. The form holds what inputs hold
// (strings, lists of ids, one string per custom field); the schema is derived from the contract's
// epic input and models the spec's conditional rules as branches: `progress` exists only under
// manual progress, start and due dates only under manual duration (otherwise the service computes
// them), estimate text must read in the chosen release's capacity units, and custom field values
// must fit their field's type. Create and update bodies differ (watchers as a comma string vs an
// array), so each has its own pure mapping function.
import type { Path } from 'react-hook-form';
import { z } from 'zod';
import type { EpicCustomField } from '../../api/epics';
import { dateSchema, htmlInput } from '../../contract/common';
import { epicCreateInput, type Epic, type EpicCreateInput, type EpicUpdateInput } from '../../contract/epics';
import { isRealDate } from '../../domain/dates';
import type { CapacityUnits } from '../../domain/estimate';
import { EPIC_DURATION_SOURCES, EPIC_PROGRESS_SOURCES, type EpicProgressSource } from '../../domain/progress';
import { estimateError } from '../../ui/estimate-input';

const contract = epicCreateInput.shape;

export const ESTIMATE_FIELDS = ['initial_estimate_text', 'detailed_estimate_text', 'remaining_estimate_text'] as const;
export type EstimateField = (typeof ESTIMATE_FIELDS)[number];

type ComputedProgressSource = Exclude<EpicProgressSource, 'progress_manual'>;
export type EpicDurationSource = (typeof EPIC_DURATION_SOURCES)[number];
type ComputedDurationSource = Exclude<EpicDurationSource, 'duration_manual'>;

const COMPUTED_PROGRESS = EPIC_PROGRESS_SOURCES.filter((s): s is ComputedProgressSource => s !== 'progress_manual');
const COMPUTED_DURATION = EPIC_DURATION_SOURCES.filter((s): s is ComputedDurationSource => s !== 'duration_manual');

const dateText = z.union([z.literal(''), dateSchema]);
const estimateText = z.string().max(64, 'must be at most 64 characters');
/** The contract's 0–100 range, read from the text of a number input. */
const progressRange = contract.progress.unwrap().unwrap();

const baseFields = z.object({
  name: contract.name,
  /** Release id; required because epics are created inside a release. */
  release: z.string().min(1, 'choose a release'),
  /** Status name, '' for the workflow's first status. */
  workflow_status: z.string(),
  /** Initiative id, '' for none. */
  initiative: z.string(),
  /** Assignee email, '' for nobody. */
  assigned_to_user: z.string(),
  /** Comma-separated, as the service takes them. */
  tags: z.string().max(2_000, 'must be at most 2000 characters'),
  initial_estimate_text: estimateText,
  detailed_estimate_text: estimateText,
  remaining_estimate_text: estimateText,
  /** Team id, '' for none; iteration, program increment and team status belong to it. */
  team: z.string(),
  /** Disabled selects may hand over undefined, read as none. */
  iteration: z.string().default(''),
  program_increment: z.string().default(''),
  /** Team status name. */
  team_workflow_status: z.string().default(''),
  /** User ids. */
  watchers: z.array(z.string()),
  /** One value per custom field of the form, in the order of its fields; '' for none. */
  custom_fields: z.array(z.string()),
  description: htmlInput,
});

const progressBranches = z.discriminatedUnion('progress_source', [
  z.object({
    progress_source: z.literal('progress_manual'),
    progress: z
      .string()
      .trim()
      .min(1, 'enter a number from 0 to 100')
      .refine((v) => Number.isFinite(Number(v)), 'must be a number from 0 to 100')
      .transform(Number)
      .pipe(progressRange),
  }),
  // Under a computed source the service refuses `progress`. The hidden value is accepted (so
  // switching to manual starts from the current figure) and dropped from the output.
  z.object({ progress_source: z.enum(COMPUTED_PROGRESS), progress: z.string().optional() }),
]);

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
  | { duration_source: 'duration_manual'; start_date: string; due_date: string }
  | { duration_source: ComputedDurationSource };
export type EpicFormOutput = BaseOutput & ProgressOutput & DurationOutput;

export interface EpicFormSchemaOptions {
  /** Capacity units of a release id; the estimates are read in them. */
  unitsOf: (releaseId: string) => CapacityUnits;
  /** The custom fields the form shows, in order (`custom_fields[i]` is the value of the i-th). */
  customFields: readonly EpicCustomField[];
}

export function buildEpicFormSchema({ unitsOf, customFields }: EpicFormSchemaOptions) {
  return z
    .intersection(baseFields, z.intersection(progressBranches, durationBranches))
    .superRefine((v, ctx) => {
      if (v.duration_source === 'duration_manual' && v.start_date && v.due_date && v.due_date < v.start_date) {
        ctx.addIssue({ code: 'custom', path: ['due_date'], message: 'must not be before the start date' });
      }
      const units = unitsOf(v.release);
      for (const field of ESTIMATE_FIELDS) {
        const message = estimateError(v[field], units);
        if (message) ctx.addIssue({ code: 'custom', path: [field], message });
      }
      customFields.forEach((cf, i) => {
        const value = (v.custom_fields[i] ?? '').trim();
        if (!value) return;
        if (cf.type === 'number' && !Number.isFinite(Number(value))) {
          ctx.addIssue({ code: 'custom', path: ['custom_fields', i], message: 'must be a number' });
        }
        if (cf.type === 'date' && !isRealDate(value)) {
          ctx.addIssue({ code: 'custom', path: ['custom_fields', i], message: 'must be a real date in the form YYYY-MM-DD' });
        }
      });
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

/** Every field of the form, for putting the service's field errors where they belong. */
export const EPIC_FORM_FIELDS = [
  'name',
  'release',
  'workflow_status',
  'initiative',
  'assigned_to_user',
  'tags',
  'start_date',
  'due_date',
  'duration_source',
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
] as const;

/** Service field names that the form shows under another field; custom fields by their key. */
export function epicFieldAliases(customFields: readonly EpicCustomField[]): Partial<Record<string, Path<EpicFormValues>>> {
  const aliases: Partial<Record<string, Path<EpicFormValues>>> = {
    initial_estimate: 'initial_estimate_text',
    detailed_estimate: 'detailed_estimate_text',
    remaining_estimate: 'remaining_estimate_text',
    release_id: 'release',
  };
  customFields.forEach((cf, i) => {
    aliases[`custom_fields.${cf.key}`] = `custom_fields.${i}`;
  });
  return aliases;
}

/**
 * The custom fields the form shows: the workspace's definitions, plus any field or select value the
 * edited epic carries that they do not (a field or option since removed): its values stay editable.
 */
export function formCustomFields(defined: readonly EpicCustomField[], epic?: Pick<Epic, 'custom_fields'>): EpicCustomField[] {
  const list = defined.map((f) => ({ ...f, values: [...f.values] }));
  for (const cf of epic?.custom_fields ?? []) {
    const value = cf.value === null || cf.value === '' ? null : String(cf.value);
    const known = list.find((f) => f.key === cf.key);
    // `values` are choices, so only a select field takes the epic's value into them.
    const choice = value !== null && cf.type === 'select' ? value : null;
    if (!known) list.push({ key: cf.key, name: cf.name, type: cf.type, values: choice ? [choice] : [] });
    else if (choice && known.type === 'select' && !known.values.includes(choice)) known.values.push(choice);
  }
  return list;
}

export interface CreateDefaultsOptions {
  releaseId?: string;
  initiativeId?: string;
  /** First status of the product's Epic workflow. */
  statusName?: string;
  customFieldCount?: number;
}

export function createDefaults({
  releaseId = '',
  initiativeId = '',
  statusName = '',
  customFieldCount = 0,
}: CreateDefaultsOptions = {}): EpicFormValues {
  return {
    name: '',
    release: releaseId,
    workflow_status: statusName,
    initiative: initiativeId,
    assigned_to_user: '',
    tags: '',
    duration_source: 'duration_manual',
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
    custom_fields: Array.from({ length: customFieldCount }, () => ''),
    description: '',
  };
}

/** Form values of an existing epic; `customFields` is the form's list of fields, in order. */
export function editDefaults(epic: Epic, customFields: readonly EpicCustomField[]): EpicFormValues {
  const common = {
    name: epic.name,
    release: epic.release.id,
    workflow_status: epic.workflow_status.name,
    initiative: epic.initiative?.id ?? '',
    assigned_to_user: epic.assigned_to_user?.email ?? '',
    tags: epic.tags.join(', '),
    initial_estimate_text: epic.initial_estimate_text ?? '',
    detailed_estimate_text: epic.detailed_estimate_text ?? '',
    remaining_estimate_text: epic.remaining_estimate_text ?? '',
    team: epic.team?.id ?? '',
    iteration: epic.iteration?.id ?? '',
    program_increment: epic.program_increment?.id ?? '',
    team_workflow_status: epic.team_workflow_status?.name ?? '',
    watchers: epic.watchers.map((w) => w.id),
    custom_fields: customFields.map((cf) => {
      const value = epic.custom_fields.find((v) => v.key === cf.key)?.value;
      return value === null || value === undefined ? '' : String(value);
    }),
    description: epic.description?.body ?? '',
    start_date: epic.start_date ?? '',
    due_date: epic.due_date ?? '',
  };
  const progress = epic.progress === null ? '0' : String(epic.progress);
  const withProgress =
    epic.progress_source === 'progress_manual'
      ? { ...common, progress_source: 'progress_manual' as const, progress }
      : { ...common, progress_source: epic.progress_source, progress };
  return epic.duration_source === 'duration_manual'
    ? { ...withProgress, duration_source: 'duration_manual' }
    : { ...withProgress, duration_source: epic.duration_source };
}

function trimmedTags(tags: string): string {
  return tags
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean)
    .join(',');
}

function customFieldValue(cf: EpicCustomField, text: string): string | number | null {
  const value = text.trim();
  if (!value) return null;
  return cf.type === 'number' ? Number(value) : value;
}

/** Operation 5 body: only what was filled in; watchers as a comma-separated string of ids. */
export function toCreateInput(v: EpicFormOutput, customFields: readonly EpicCustomField[]): EpicCreateInput {
  const body: EpicCreateInput = { name: v.name, progress_source: v.progress_source, duration_source: v.duration_source };
  if (v.progress_source === 'progress_manual') body.progress = v.progress;
  if (v.duration_source === 'duration_manual') {
    if (v.start_date) body.start_date = v.start_date;
    if (v.due_date) body.due_date = v.due_date;
  }
  if (v.workflow_status) body.workflow_status = { name: v.workflow_status };
  if (v.initiative) body.initiative = v.initiative;
  if (v.assigned_to_user) body.assigned_to_user = v.assigned_to_user;
  const tags = trimmedTags(v.tags);
  if (tags) body.tags = tags;
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
  const custom: Record<string, string | number> = {};
  customFields.forEach((cf, i) => {
    const value = customFieldValue(cf, v.custom_fields[i] ?? '');
    if (value !== null) custom[cf.key] = value;
  });
  if (Object.keys(custom).length > 0) body.custom_fields = custom;
  if (v.description.trim()) body.description = v.description;
  return body;
}

/**
 * Epic update body: every field, emptied ones as null so they clear; watchers as an array of
 * numeric ids; dates only under manual duration (the service owns computed ones).
 */
export function toUpdateInput(v: EpicFormOutput, customFields: readonly EpicCustomField[]): EpicUpdateInput {
  const hasTeam = v.team !== '';
  const body: EpicUpdateInput = {
    name: v.name,
    release: v.release,
    initiative: v.initiative || null,
    assigned_to_user: v.assigned_to_user || null,
    tags: trimmedTags(v.tags),
    initial_estimate_text: v.initial_estimate_text.trim() || null,
    detailed_estimate_text: v.detailed_estimate_text.trim() || null,
    remaining_estimate_text: v.remaining_estimate_text.trim() || null,
    progress_source: v.progress_source,
    duration_source: v.duration_source,
    team: hasTeam ? v.team : null,
    iteration: hasTeam && v.iteration ? v.iteration : null,
    program_increment: hasTeam && v.program_increment ? v.program_increment : null,
    team_workflow_status: hasTeam && v.team_workflow_status ? { name: v.team_workflow_status } : null,
    watchers: v.watchers.map(Number),
    description: v.description.trim() ? v.description : null,
  };
  if (v.workflow_status) body.workflow_status = { name: v.workflow_status };
  if (v.progress_source === 'progress_manual') body.progress = v.progress;
  if (v.duration_source === 'duration_manual') {
    body.start_date = v.start_date || null;
    body.due_date = v.due_date || null;
  }
  if (customFields.length > 0) {
    body.custom_fields = Object.fromEntries(
      customFields.map((cf, i) => [cf.key, customFieldValue(cf, v.custom_fields[i] ?? '')]),
    );
  }
  return body;
}
