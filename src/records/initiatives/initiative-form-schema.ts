// The initiative form's schema and its mapping to request bodies. The form holds what inputs hold
// (strings, a boolean, a list of goal ids); the schema is derived from the contract's initiative
// input and models the spec's conditional rules: a status is required (operation 11), progress is
// read only under manual progress, and dates only under manual duration (otherwise the service
// computes them). The workspace's Initiative layout adds its custom fields and its required fields
// (ui/layout-model). Create and update bodies differ, so each has its own pure mapping.
import { z } from 'zod';
import { builtInLayout } from '../../api/layouts';
import { initiativeCreateInput, type Initiative, type InitiativeCreateInput, type InitiativeUpdateInput } from '../../contract/initiatives';
import {
  amount,
  amountText,
  checkDateOrder,
  checkProgressText,
  htmlText,
  manualProgressBody,
  numberText,
  optionalDateText,
} from '../../ui/form-schema';
import {
  checkLayoutValues,
  customFieldDefaults,
  customFieldFormValues,
  customFieldsBody,
  formLayout,
  type FormLayout,
} from '../../ui/layout-model';

const contract = initiativeCreateInput.shape;

const initiativeFields = z.object({
  name: contract.name,
  /** Status name; required by the service, so the form asks for one before sending. */
  workflow_status: z.string().min(1, 'choose a status'),
  /** Parent initiative id, '' for a root. */
  parent_id: z.string(),
  /** Assignee email, '' for nobody. */
  assigned_to_user: z.string(),
  effort: amountText,
  value: amountText,
  // Optional: a disabled input may hand over undefined.
  start_date: optionalDateText,
  end_date: optionalDateText,
  /** Time frame id, '' for none. */
  time_frame: z.string(),
  duration_source: contract.duration_source.unwrap(),
  progress_source: contract.progress_source.unwrap(),
  /** Text of a number input; read only when progress_source is progress_manual. */
  progress: z.string().optional(),
  /** Goal ids. */
  goals: z.array(z.string()).max(100, 'choose at most 100 goals'),
  presented: z.boolean(),
  color: contract.color.unwrap(),
  description: htmlText,
  /** The layout's custom fields by key. */
  custom_fields: customFieldFormValues,
});

/** The form the built-in Initiative layout draws (what the form showed before layouts). */
export const defaultInitiativeLayout = (mode: 'create' | 'edit', initiative?: Initiative): FormLayout =>
  formLayout(builtInLayout('Initiative'), { mode, record: initiative });

/** The form's schema for what `layout` draws: its required fields checked on create, its custom values read by their types. */
export function buildInitiativeFormSchema(layout: FormLayout = defaultInitiativeLayout('create')) {
  return initiativeFields.superRefine((v, ctx) => {
    checkProgressText(v.progress_source, v.progress, ctx);
    if (v.duration_source === 'duration_manual') checkDateOrder(v.start_date, v.end_date, 'end_date', ctx);
    checkLayoutValues(layout, v, ctx);
  });
}

export type InitiativeFormValues = z.input<ReturnType<typeof buildInitiativeFormSchema>>;
export type InitiativeFormOutput = z.output<ReturnType<typeof buildInitiativeFormSchema>>;

/** Service field names the form shows under another field (a loop of parents lands on the parent). */
export const INITIATIVE_FIELD_ALIASES = {
  parent: 'parent_id',
  cycle: 'parent_id',
  status: 'workflow_status',
} as const;

export const DEFAULT_INITIATIVE_COLOR = '#4f7cac';

export interface InitiativeCreateDefaults {
  /** Parent initiative id to preselect (`?parent=`). */
  parentId?: string | undefined;
}

/** Form values of an existing initiative, or of a new one; custom values those of the fields the layout draws. */
export function initiativeFormDefaults(
  initiative?: Initiative,
  create: InitiativeCreateDefaults = {},
  layout: FormLayout = defaultInitiativeLayout(initiative ? 'edit' : 'create', initiative),
): InitiativeFormValues {
  if (!initiative) {
    return {
      name: '',
      workflow_status: '',
      parent_id: create.parentId ?? '',
      assigned_to_user: '',
      effort: '',
      value: '',
      start_date: '',
      end_date: '',
      time_frame: '',
      duration_source: 'duration_manual',
      progress_source: 'progress_manual',
      progress: '',
      goals: [],
      presented: true,
      color: DEFAULT_INITIATIVE_COLOR,
      description: '',
      custom_fields: customFieldDefaults(layout),
    };
  }
  return {
    name: initiative.name,
    workflow_status: initiative.workflow_status.name,
    parent_id: initiative.parent_id ?? '',
    assigned_to_user: initiative.assigned_to_user?.email ?? '',
    effort: numberText(initiative.effort),
    value: numberText(initiative.value),
    start_date: initiative.start_date ?? '',
    end_date: initiative.end_date ?? '',
    time_frame: initiative.time_frame?.id ?? '',
    duration_source: initiative.duration_source,
    progress_source: initiative.progress_source,
    progress: numberText(initiative.progress),
    goals: initiative.goals.map((g) => g.id),
    presented: initiative.presented,
    color: /^#[0-9a-fA-F]{6}$/.test(initiative.color) ? initiative.color : DEFAULT_INITIATIVE_COLOR,
    description: initiative.description?.body ?? '',
    custom_fields: customFieldDefaults(layout, initiative),
  };
}

/**
 * The fields both bodies share, emptied ones as null. Ids of the time frame and goals are sent as
 * numbers: the service reads a number as an id, where a digit string could also be a name.
 */
function commonBody(v: InitiativeFormOutput): InitiativeUpdateInput {
  const body: InitiativeUpdateInput = {
    name: v.name,
    workflow_status: { name: v.workflow_status },
    parent_id: v.parent_id || null,
    assigned_to_user: v.assigned_to_user || null,
    effort: amount(v.effort),
    value: amount(v.value),
    time_frame: v.time_frame ? Number(v.time_frame) : null,
    duration_source: v.duration_source,
    progress_source: v.progress_source,
    presented: v.presented,
    color: v.color,
    description: v.description.trim() ? v.description : null,
    // Under a computed source the service works the dates and progress out; it is sent neither.
    ...manualProgressBody(v),
  };
  if (v.duration_source === 'duration_manual') {
    body.start_date = v.start_date || null;
    body.end_date = v.end_date || null;
  }
  return body;
}

/** Operation 11 body: status and name always; goals and custom values only when some are chosen. */
export function toCreateInput(v: InitiativeFormOutput, layout: FormLayout = defaultInitiativeLayout('create')): InitiativeCreateInput {
  const body: InitiativeCreateInput = {
    ...commonBody(v),
    name: v.name,
    workflow_status: { name: v.workflow_status },
  };
  if (v.goals.length > 0) body.goals = v.goals.map(Number);
  const custom = customFieldsBody(layout, v.custom_fields, 'create');
  if (custom) body.custom_fields = custom;
  return body;
}

/**
 * Update body: every field; `goals` always, because it replaces the set (an empty list unlinks all);
 * the custom fields the form drew (those the layout leaves out stay as they are).
 */
export function toUpdateInput(v: InitiativeFormOutput, layout: FormLayout = defaultInitiativeLayout('edit')): InitiativeUpdateInput {
  const body: InitiativeUpdateInput = { ...commonBody(v), goals: v.goals.map(Number) };
  const custom = customFieldsBody(layout, v.custom_fields, 'update');
  if (custom) body.custom_fields = custom;
  return body;
}
