// The "New goal" form of the goals screen, drawn from the workspace's goal layout
// (StrategicImperative): its standard fields (name, description, effort, value, time frame) are
// blocks the layout places, marks and requires, and its custom fields come with it. Progress (its
// value only under manual progress) and the initiatives that serve the goal are no layout fields:
// they end the first main section, as before. The service's field errors land under the fields
// they name.
import { useMemo } from 'react';
import type { User } from '../../contract/account';
import type { GoalCreateInput, TimeFrame } from '../../contract/initiatives';
import type { ScreenLayout } from '../../contract/layouts';
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
import { LayoutFields, type FixedBlock, type LayoutBlocks } from '../../ui/layout-form';
import { formLayout } from '../../ui/layout-model';
import { buildGoalFormSchema, goalFormDefaults, toGoalCreateInput } from './goal-form-schema';

export interface InitiativeChoice {
  id: string;
  name?: string | undefined;
  reference_num?: string | undefined;
}

export interface GoalFormProps {
  initiatives: readonly InitiativeChoice[];
  timeFrames: readonly TimeFrame[];
  /** The workspace's goal layout (the built-in one when it could not be read). */
  layout: ScreenLayout;
  /** The account's users, for people custom fields. */
  users?: readonly User[] | undefined;
  /** Saves; a rejection with an ApiError is shown on the form. What follows success is the caller's. */
  onSubmit: (input: GoalCreateInput) => Promise<unknown>;
  onCancel: () => void;
}

const byReference = new Intl.Collator('en', { numeric: true }).compare;

/** The checklist in reference order (PLN-S-2 before PLN-S-10), whatever order the tree came in. */
export function sortInitiativeChoices(initiatives: readonly InitiativeChoice[]): InitiativeChoice[] {
  return [...initiatives].sort((a, b) => byReference(a.reference_num ?? a.id, b.reference_num ?? b.id));
}

/**
 * Progress and initiatives are no fields of the layout catalogue: they end the first main section,
 * where they always stood (after the time frame in the built-in layout).
 */
const AT_END: readonly string[] = [];

export function GoalForm({ initiatives, timeFrames, layout, users, onSubmit, onCancel }: GoalFormProps) {
  const model = useMemo(() => formLayout(layout, { mode: 'create' }), [layout]);
  const schema = useMemo(() => buildGoalFormSchema(model), [model]);
  const form = useRecordForm(schema, () => goalFormDefaults(model));
  const initiativeChoices = useMemo(() => sortInitiativeChoices(initiatives), [initiatives]);
  const blocks: LayoutBlocks = {
    name: <NameField />,
    description: <DescriptionField rows={3} />,
    effort: <AmountField name="effort" label="Effort" />,
    value: <AmountField name="value" label="Value" />,
    time_frame: <TimeFrameField timeFrames={timeFrames} />,
  };
  const fixed: Record<string, FixedBlock> = {
    progress: {
      after: AT_END,
      node: (
        <ProgressFields sources={GOAL_PROGRESS_SOURCES} labelOf={sourceLabel} computedHint="The mean progress of the linked initiatives" />
      ),
    },
    initiatives: {
      after: AT_END,
      node: (
        <BoundChecklist
          name="initiatives"
          legend="Initiatives"
          empty="This workspace has no initiatives yet."
          id="goal-initiatives"
          className="goal-checks field--wide"
          items={referenceItems(initiativeChoices, 'Initiative')}
        />
      ),
    },
  };
  const hasSide = model.sections.some((s) => s.column === 'side');
  // One section is what the card's own heading ("New goal") already names: its title is not repeated.
  const fields = { model, blocks, fixed, users, hideLoneTitle: !hasSide };
  return (
    <FormShell
      form={form}
      label="New goal"
      variant="inline"
      className="goal-form"
      submitLabel="Create goal"
      pendingLabel="Creating…"
      cancel={{ onClick: onCancel }}
      onSubmit={(values) => onSubmit(toGoalCreateInput(values, model))}
      successMessage="Goal created"
      aside={hasSide ? <LayoutFields {...fields} column="side" /> : undefined}
    >
      <LayoutFields {...fields} column="main" />
    </FormShell>
  );
}
