// The goal form's schema and its mapping to the create body, derived from the contract's
// `goalCreateInput`: the form holds what inputs hold (strings, a list of initiative ids), progress is
// read only under manual progress, and ids are sent as numbers so the service reads them as ids.
import { z } from 'zod';
import { goalCreateInput, type GoalCreateInput } from '../../contract/initiatives';
import { amount, amountText, checkProgressText, htmlText, manualProgressBody } from '../../ui/form-schema';

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
});

export const goalFormSchema = goalFields.superRefine((v, ctx) => checkProgressText(v.progress_source, v.progress, ctx));

export type GoalFormValues = z.input<typeof goalFormSchema>;
export type GoalFormOutput = z.output<typeof goalFormSchema>;

export function goalFormDefaults(): GoalFormValues {
  return {
    name: '',
    description: '',
    effort: '',
    value: '',
    time_frame: '',
    progress_source: 'progress_from_initiatives',
    progress: '',
    initiatives: [],
  };
}

/** The create body: only what was filled in; progress only under manual progress. */
export function toGoalCreateInput(v: GoalFormOutput): GoalCreateInput {
  const body: GoalCreateInput = { name: v.name, progress_source: v.progress_source, ...manualProgressBody(v) };
  if (v.description.trim()) body.description = v.description;
  const effort = amount(v.effort);
  if (effort !== null) body.effort = effort;
  const value = amount(v.value);
  if (value !== null) body.value = value;
  if (v.time_frame) body.time_frame = Number(v.time_frame);
  if (v.initiatives.length > 0) body.initiatives = v.initiatives.map(Number);
  return body;
}
