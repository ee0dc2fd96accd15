// The "New goal" form of the goals screen: name, description, size, time frame, progress (its value
// only under manual progress) and the initiatives that serve the goal; the service's field errors
// land under the fields they name.
import { useMemo } from 'react';
import type { GoalCreateInput, TimeFrame } from '../../contract/initiatives';
import { GOAL_PROGRESS_SOURCES } from '../../domain/progress';
import {
  AmountField,
  BoundChecklist,
  DescriptionField,
  NameField,
  ProgressFields,
  TimeFrameField,
  referenceItems,
} from '../../ui/form-fields';
import { FormShell, useRecordForm } from '../../ui/form-shell';
import { sourceLabel } from '../../ui/labels';
import { goalFormDefaults, goalFormSchema, toGoalCreateInput } from './goal-form-schema';

export interface InitiativeChoice {
  id: string;
  name?: string | undefined;
  reference_num?: string | undefined;
}

export interface GoalFormProps {
  initiatives: readonly InitiativeChoice[];
  timeFrames: readonly TimeFrame[];
  /** Saves; a rejection with an ApiError is shown on the form. What follows success is the caller's. */
  onSubmit: (input: GoalCreateInput) => Promise<unknown>;
  onCancel: () => void;
}

const byReference = new Intl.Collator('en', { numeric: true }).compare;

/** The checklist in reference order (PLN-S-2 before PLN-S-10), whatever order the tree came in. */
export function sortInitiativeChoices(initiatives: readonly InitiativeChoice[]): InitiativeChoice[] {
  return [...initiatives].sort((a, b) => byReference(a.reference_num ?? a.id, b.reference_num ?? b.id));
}

export function GoalForm({ initiatives, timeFrames, onSubmit, onCancel }: GoalFormProps) {
  const form = useRecordForm(goalFormSchema, goalFormDefaults);
  const initiativeChoices = useMemo(() => sortInitiativeChoices(initiatives), [initiatives]);
  return (
    <FormShell
      form={form}
      label="New goal"
      variant="inline"
      className="goal-form"
      submitLabel="Create goal"
      pendingLabel="Creating…"
      cancel={{ onClick: onCancel }}
      onSubmit={(values) => onSubmit(toGoalCreateInput(values))}
      successMessage="Goal created"
    >
      <div className="form-grid">
        <NameField />
        <DescriptionField rows={3} />
        <AmountField name="effort" label="Effort" />
        <AmountField name="value" label="Value" />
        <TimeFrameField timeFrames={timeFrames} />
        <ProgressFields sources={GOAL_PROGRESS_SOURCES} labelOf={sourceLabel} computedHint="The mean progress of the linked initiatives" />
        <BoundChecklist
          name="initiatives"
          legend="Initiatives"
          empty="This workspace has no initiatives yet."
          id="goal-initiatives"
          className="goal-checks field--wide"
          items={referenceItems(initiativeChoices, 'Initiative')}
        />
      </div>
    </FormShell>
  );
}
