// The goal form's schema and its mapping to the create body, derived from the contract's
// `goalCreateInput`: the form holds what inputs hold (strings, a list of initiative ids), progress is
// read only under manual progress, and ids are sent as numbers so the service reads them as ids.
// The workspace's goal layout (StrategicImperative) adds its custom fields and its required fields
// (ui/layout-model); the built-in layout, which requires nothing but the name, stands in without one.
import { z } from 'zod';
import { builtInLayout } from '../../api/layouts';
import { goalCreateInput, type GoalCreateInput } from '../../contract/initiatives';
import { amount, amountText, checkProgressText, htmlText, manualProgressBody } from '../../ui/form-schema';
import {
  checkLayoutValues,
  customFieldDefaults,
  customFieldFormValues,
  customFieldsBody,
  formLayout,
  type FormLayout,
} from '../../ui/layout-model';

const contract = goalCreateInput.shape;

const goalFields = z.object({
  name: contract.name,
  description: htmlText,
  effort: amountText,
  value: amountText,
  /** Time frame id, '' for none. */
  time_frame: z.string(),
  progress_source: contract.progress_source.unwrap(),
  /** Text of a number input; read only when progress_source is progress_manual. */
  progress: z.string().optional(),
  /** Initiative ids. */
  initiatives: z.array(z.string()).max(100, 'choose at most 100 initiatives'),
  /** The layout's custom fields by key. */
  custom_fields: customFieldFormValues,
});

/** The form the built-in goal layout draws (what the form showed before layouts). */
export const defaultGoalLayout = (): FormLayout => formLayout(builtInLayout('StrategicImperative'), { mode: 'create' });

/** The create form's schema: its own rules, then what the layout requires and how its custom values read. */
export function buildGoalFormSchema(layout: FormLayout = defaultGoalLayout()) {
  return goalFields.superRefine((v, ctx) => {
    checkProgressText(v.progress_source, v.progress, ctx);
    checkLayoutValues(layout, v, ctx);
  });
}

export const goalFormSchema = buildGoalFormSchema();

export type GoalFormValues = z.input<typeof goalFormSchema>;
export type GoalFormOutput = z.output<typeof goalFormSchema>;

export function goalFormDefaults(layout: FormLayout = defaultGoalLayout()): GoalFormValues {
  return {
    name: '',
    description: '',
    effort: '',
    value: '',
    time_frame: '',
    progress_source: 'progress_from_initiatives',
    progress: '',
    initiatives: [],
    custom_fields: customFieldDefaults(layout),
  };
}

/** The create body: only what was filled in; progress only under manual progress; the layout's filled custom fields. */
export function toGoalCreateInput(v: GoalFormOutput, layout: FormLayout = defaultGoalLayout()): GoalCreateInput {
  const body: GoalCreateInput = { name: v.name, progress_source: v.progress_source, ...manualProgressBody(v) };
  if (v.description.trim()) body.description = v.description;
  const effort = amount(v.effort);
  if (effort !== null) body.effort = effort;
  const value = amount(v.value);
  if (value !== null) body.value = value;
  if (v.time_frame) body.time_frame = Number(v.time_frame);
  if (v.initiatives.length > 0) body.initiatives = v.initiatives.map(Number);
  const custom = customFieldsBody(layout, v.custom_fields, 'create');
  if (custom) body.custom_fields = custom;
  return body;
}
