// Schema fragments the record forms compose, so a rule is written once: what a date, an amount, a
// percentage or an estimate may be typed as; the work-item fields (status, assignee, tags, team,
// watchers, estimates) and their request-body forms; the cross-field checks (dates in order,
// estimates in the release's units). Custom fields are the layout's (./layout-model). Forms hold what
// inputs hold (strings, booleans, lists of ids); bodies are built from them by the mapping helpers here.
import { z } from 'zod';
import { dateSchema, htmlInput } from '../contract/common';
import { isRealDate } from '../domain/dates';
import type { CapacityUnits } from '../domain/estimate';
import { estimateError } from './estimate-input';

type Ctx = Pick<z.core.$RefinementCtx, 'addIssue'>;

/** A date input's text: '' for none or a real date. */
export const dateText = z.union([z.literal(''), dateSchema]);
/** A date input's text checked by the calendar ('' for none), with the form's own message. */
export const calendarDateText = z.string().refine((v) => v === '' || isRealDate(v), 'must be a real date in the form YYYY-MM-DD');
/** The same, for an input that may be disabled (a disabled input hands over undefined). */
export const optionalDateText = calendarDateText.optional();

/** A rich-text field's HTML. */
export const htmlText = htmlInput;

/** The text of a number input the form fills from a nullable number: '' for none. */
export const numberText = (n: number | null | undefined): string => (n === null || n === undefined ? '' : String(n));

/** The names of a form's fields, in the order its schema declares them (for mapping field errors). */
export function formFieldNames<Shape extends Record<string, unknown>>(schema: { shape: Shape }): (keyof Shape & string)[] {
  return Object.keys(schema.shape) as (keyof Shape & string)[];
}

/** Text of a number input for effort or value: '' for none, else 0 to 1,000,000. */
export const amountText = z
  .string()
  .trim()
  .refine((v) => v === '' || Number.isFinite(Number(v)), 'must be a number')
  .refine((v) => v === '' || Number(v) >= 0, 'must not be negative')
  .refine((v) => v === '' || Number(v) <= 1_000_000, 'must be at most 1000000');

/** '' → null, else the number typed. */
export const amount = (text: string | undefined): number | null => (!text || text.trim() === '' ? null : Number(text));

/** Manual progress that must be given: text → a number from 0 to 100. */
export const requiredProgressText = z
  .string()
  .trim()
  .min(1, 'enter a number from 0 to 100')
  .refine((v) => Number.isFinite(Number(v)), 'must be a number from 0 to 100')
  .transform(Number)
  .pipe(z.number().min(0, 'must be between 0 and 100').max(100, 'must be between 0 and 100'));

/**
 * The progress source with its percentage, as branches on the source (for `z.discriminatedUnion`):
 * under manual progress the percentage is required; under a computed source the service refuses it,
 * so the hidden value is accepted (switching back to manual starts from it) for the form's transform
 * to drop.
 */
export function progressBranches<S extends string>(computed: readonly S[]) {
  return [
    z.object({ progress_source: z.literal('progress_manual'), progress: requiredProgressText }),
    z.object({ progress_source: z.enum(computed), progress: z.string().optional() }),
  ] as const;
}

/** Manual progress that may be left empty: checks the text when there is some. */
export function checkProgressText(source: string, progress: string | undefined, ctx: Ctx): void {
  if (source !== 'progress_manual') return;
  const text = (progress ?? '').trim();
  const n = Number(text);
  if (text !== '' && (!Number.isFinite(n) || n < 0 || n > 100)) {
    ctx.addIssue({ code: 'custom', path: ['progress'], message: 'must be between 0 and 100' });
  }
}

/** An end date before its start is refused on the end field. */
export function checkDateOrder(
  start: string | undefined,
  end: string | undefined,
  endField: string,
  ctx: Ctx,
  message = 'must not be before the start date',
): void {
  if (start && end && end < start) ctx.addIssue({ code: 'custom', path: [endField], message });
}

// ---------- Work items (features, epics, requirements, ideas) ----------

export const ESTIMATE_FIELDS = ['initial_estimate_text', 'detailed_estimate_text', 'remaining_estimate_text'] as const;
export type EstimateField = (typeof ESTIMATE_FIELDS)[number];

const estimateText = z.string().max(64, 'must be at most 64 characters');

/** The fields every work item's form has besides its own (name, parents, sources). */
export const workItemFields = {
  /** Release id; required because work items are created inside a release. */
  release: z.string().min(1, 'choose a release'),
  /** Status name, '' for the workflow's first status. */
  workflow_status: z.string(),
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
};

/** Estimate text must read in the release's capacity units. */
export function checkEstimates(v: Record<EstimateField, string>, units: CapacityUnits, ctx: Ctx): void {
  for (const field of ESTIMATE_FIELDS) {
    const message = estimateError(v[field], units);
    if (message) ctx.addIssue({ code: 'custom', path: [field], message });
  }
}

/** Service field names that work-item forms show under another field. */
export const WORK_ITEM_FIELD_ALIASES = {
  initial_estimate: 'initial_estimate_text',
  detailed_estimate: 'detailed_estimate_text',
  remaining_estimate: 'remaining_estimate_text',
  release_id: 'release',
} as const;

export interface WorkItemRecord {
  name: string;
  release: { id: string };
  workflow_status: { name: string };
  assigned_to_user: { email: string } | null;
  tags: readonly string[];
  start_date: string | null;
  due_date: string | null;
  initial_estimate_text: string | null;
  detailed_estimate_text: string | null;
  remaining_estimate_text: string | null;
  team: { id: string } | null;
  iteration: { id: string } | null;
  program_increment: { id: string } | null;
  team_workflow_status: { name: string } | null;
  watchers: readonly { id: string }[];
  description: { body: string } | null;
  progress: number | null;
}

/** The work-item values of a new record. */
export function workItemCreateValues(releaseId = '', statusName = '') {
  return {
    name: '',
    release: releaseId,
    workflow_status: statusName,
    assigned_to_user: '',
    tags: '',
    start_date: '',
    due_date: '',
    initial_estimate_text: '',
    detailed_estimate_text: '',
    remaining_estimate_text: '',
    progress_source: 'progress_manual' as const,
    progress: '0',
    team: '',
    iteration: '',
    program_increment: '',
    team_workflow_status: '',
    watchers: [] as string[],
    description: '',
  };
}

/** The work-item values of an existing record. */
export function workItemEditValues(r: WorkItemRecord) {
  return {
    name: r.name,
    release: r.release.id,
    workflow_status: r.workflow_status.name,
    assigned_to_user: r.assigned_to_user?.email ?? '',
    tags: r.tags.join(', '),
    start_date: r.start_date ?? '',
    due_date: r.due_date ?? '',
    initial_estimate_text: r.initial_estimate_text ?? '',
    detailed_estimate_text: r.detailed_estimate_text ?? '',
    remaining_estimate_text: r.remaining_estimate_text ?? '',
    progress: r.progress === null ? '0' : String(r.progress),
    team: r.team?.id ?? '',
    iteration: r.iteration?.id ?? '',
    program_increment: r.program_increment?.id ?? '',
    team_workflow_status: r.team_workflow_status?.name ?? '',
    watchers: r.watchers.map((w) => w.id),
    description: r.description?.body ?? '',
  };
}

export function trimmedTags(tags: string): string {
  return tags
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean)
    .join(',');
}

type WorkItemOutput = z.output<z.ZodObject<typeof workItemFields>> & { description: string };

/** Create body fields: only what was filled in; team links only with a team; watchers as "3,5". */
export function workItemCreateBody(v: WorkItemOutput) {
  const body: {
    workflow_status?: { name: string };
    assigned_to_user?: string;
    tags?: string;
    team?: string;
    iteration?: string;
    program_increment?: string;
    team_workflow_status?: { name: string };
    watchers?: string;
    description?: string;
  } & Partial<Record<EstimateField, string>> = {};
  if (v.workflow_status) body.workflow_status = { name: v.workflow_status };
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
  if (v.description.trim()) body.description = v.description;
  return body;
}

/** Update body fields: every one, emptied ones as null so they clear; watchers as numeric ids. */
export function workItemUpdateBody(v: WorkItemOutput) {
  const hasTeam = v.team !== '';
  const body = {
    release: v.release,
    assigned_to_user: v.assigned_to_user || null,
    tags: trimmedTags(v.tags),
    initial_estimate_text: v.initial_estimate_text.trim() || null,
    detailed_estimate_text: v.detailed_estimate_text.trim() || null,
    remaining_estimate_text: v.remaining_estimate_text.trim() || null,
    team: hasTeam ? v.team : null,
    iteration: hasTeam && v.iteration ? v.iteration : null,
    program_increment: hasTeam && v.program_increment ? v.program_increment : null,
    team_workflow_status: hasTeam && v.team_workflow_status ? { name: v.team_workflow_status } : null,
    watchers: v.watchers.map(Number),
    description: v.description.trim() ? v.description : null,
  };
  return v.workflow_status ? { ...body, workflow_status: { name: v.workflow_status } } : body;
}

// Custom fields are the layout's: `customFieldFormValues`, `checkLayoutValues`, `customFieldsBody` in ./layout-model.

// ---------- Progress ----------

/** The progress body field: the progress typed, sent only under manual progress ('' → null). */
export function manualProgressBody(v: { progress_source: string; progress?: string | undefined }): {
  progress?: number | null;
} {
  return v.progress_source === 'progress_manual' ? { progress: amount(v.progress) } : {};
}
