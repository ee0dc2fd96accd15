// The one initiative form, for creating (operation 11) and editing, drawn from the workspace's
// Initiative layout (LayoutForm): the initiative's standard fields are blocks the layout places in
// its sections and columns — by default what it is, its dates, size and progress in the main column,
// how it shows on roadmaps and the goals it serves beside — and its custom fields come with it. A
// status is required before sending, the parent choices leave out the initiative itself and its
// descendants, dates are set only under manual duration and progress only under manual progress; the
// service's field errors land under the fields they name (a loop of parents under "Parent initiative").
import { useMemo } from 'react';
import { useFormContext } from 'react-hook-form';
import type { User } from '../../contract/account';
import type { WorkflowStatus } from '../../contract/common';
import type { ScreenLayout } from '../../contract/layouts';
import type { Initiative, InitiativeCreateInput, InitiativeListItem, InitiativeUpdateInput, TimeFrame } from '../../contract/initiatives';
import { INITIATIVE_DURATION_SOURCES, INITIATIVE_PROGRESS_SOURCES } from '../../domain/progress';
import { CheckboxField, TextField, type SelectOption } from '../../ui/field';
import { pickChoice } from '../../ui/form-choices';
import {
  AmountField,
  AssigneeField,
  BoundChecklist,
  BoundSelect,
  DescriptionField,
  DurationSection,
  NameField,
  ProgressFields,
  TimeFrameField,
  referenceItems,
  statusOptions,
  withCurrent,
} from '../../ui/form-fields';
import { recordFormLabels, useRecordForm } from '../../ui/form-shell';
import { LayoutForm, type LayoutBlocks } from '../../ui/layout-form';
import { formLayout } from '../../ui/layout-model';
import {
  INITIATIVE_FIELD_ALIASES,
  buildInitiativeFormSchema,
  initiativeFormDefaults,
  toCreateInput,
  toUpdateInput,
  type InitiativeFormValues,
} from './initiative-form-schema';
import { initiativeSourceLabel } from './initiative-labels';
import { buildTree, parentChoices, visibleRows } from './initiative-tree';

export interface GoalChoice {
  id: string;
  name?: string | undefined;
  reference_num?: string | undefined;
}

export interface InitiativeFormChoices {
  /** The product's Initiative statuses, in workflow order. */
  statuses: readonly WorkflowStatus[];
  users: readonly User[];
  /** Every initiative of the product (whole or with name, reference and parent_id). */
  initiatives: readonly InitiativeListItem[];
  goals: readonly GoalChoice[];
  timeFrames: readonly TimeFrame[];
  /** The workspace's Initiative layout (the built-in one when it could not be read). */
  layout: ScreenLayout;
}

interface CommonProps {
  choices: InitiativeFormChoices;
  cancelHref: string;
}

/** Edit when `initiative` is given, create otherwise; navigation after success is the caller's. */
export type InitiativeFormProps = CommonProps &
  (
    | {
        initiative: Initiative;
        onSubmit: (input: InitiativeUpdateInput) => Promise<unknown>;
        initialParent?: undefined;
      }
    | {
        initiative?: undefined;
        onSubmit: (input: InitiativeCreateInput) => Promise<unknown>;
        /** The parent to preselect (`?parent=`), an id or a key. */
        initialParent?: string | null | undefined;
      }
  );

const NBSP = '\u00a0';

/** Parent options in tree order, indented by level, without the initiative and its descendants. */
export function parentOptions(initiatives: readonly InitiativeListItem[], selfId?: string): SelectOption[] {
  const allowed = new Set(parentChoices(initiatives, selfId).map((i) => i.id));
  return visibleRows(buildTree(initiatives), { collapsed: new Set() })
    .filter((row) => allowed.has(row.item.id))
    .map(({ item, level }) => ({
      value: item.id,
      label: `${NBSP.repeat((level - 1) * 3)}${[item.reference_num, item.name].filter(Boolean).join(' ') || `Initiative ${item.id}`}`,
    }));
}

function ParentField({ choices, initiative }: { choices: InitiativeFormChoices; initiative?: Initiative }) {
  const parents = useMemo(
    () =>
      withCurrent(
        parentOptions(choices.initiatives, initiative?.id),
        // The current parent stays shown even when the list does not carry it (another product).
        initiative?.parent ? { value: initiative.parent.id, label: `${initiative.parent.reference_num} ${initiative.parent.name}` } : null,
      ),
    [choices.initiatives, initiative],
  );
  return (
    <BoundSelect
      name="parent_id"
      label="Parent initiative"
      options={parents}
      placeholder="No parent (top level)"
      hint="The initiative this one rolls up to"
    />
  );
}

/** How the initiative shows on roadmaps: whether it is presented, and its bar's colour. */
function RoadmapFields() {
  const { register } = useFormContext<InitiativeFormValues>();
  return (
    <>
      <CheckboxField label="Presented on roadmaps" registration={register('presented')} hint="Shown on roadmap charts" />
      <TextField
        label="Color"
        type="color"
        className="initiative-form__color"
        registration={register('color')}
        hint="Used for the initiative's bar on roadmaps"
      />
    </>
  );
}

function GoalsField({ choices, initiative }: { choices: InitiativeFormChoices; initiative?: Initiative }) {
  const goals = useMemo(() => {
    const list = [...choices.goals];
    // Linked goals stay visible (and untickable) even when the product list lacks them.
    for (const g of initiative?.goals ?? []) if (!list.some((c) => c.id === g.id)) list.push(g);
    return list;
  }, [choices.goals, initiative]);
  return (
    <BoundChecklist
      name="goals"
      // Not "Goals": the default layout's section around it already says that.
      legend="Goals served"
      hint="The goals of this workspace that this initiative serves."
      empty="This workspace has no goals yet."
      id="initiative-goals"
      className="field--wide"
      items={referenceItems(goals, 'Goal')}
    />
  );
}

/** The initiative's standard fields as the layout places them, by its keys. */
function initiativeBlocks(choices: InitiativeFormChoices, initiative?: Initiative): LayoutBlocks {
  const statuses = statusOptions(choices.statuses, initiative?.workflow_status.name);
  return {
    name: <NameField />,
    workflow_status: (
      <BoundSelect
        name="workflow_status"
        label="Status"
        required
        options={statuses}
        placeholder={initiative ? undefined : 'Choose a status'}
        hint={statuses.length === 0 ? 'This workspace has no initiative statuses' : undefined}
      />
    ),
    parent_id: <ParentField choices={choices} initiative={initiative} />,
    assigned_to_user: <AssigneeField users={choices.users} current={initiative?.assigned_to_user} />,
    time_frame: <TimeFrameField timeFrames={choices.timeFrames} current={initiative?.time_frame} />,
    description: <DescriptionField />,
    dates: (
      <DurationSection
        sources={INITIATIVE_DURATION_SOURCES}
        labelOf={initiativeSourceLabel}
        sourceHint="Where the initiative's dates come from"
        computedHint={(source) =>
          `Worked out by the service (${initiativeSourceLabel(source).toLowerCase()}). Choose Manual as the duration source to set them.`
        }
      />
    ),
    effort: <AmountField name="effort" label="Effort" hint="Effort required, in your workspace's own scale" />,
    value: <AmountField name="value" label="Value" hint="Business value, in your workspace's own scale" />,
    progress: <ProgressFields sources={INITIATIVE_PROGRESS_SOURCES} labelOf={initiativeSourceLabel} />,
    roadmap: <RoadmapFields />,
    goals: <GoalsField choices={choices} initiative={initiative} />,
  };
}

export function InitiativeForm(props: InitiativeFormProps) {
  const { choices, cancelHref, initiative } = props;
  const model = useMemo(
    () => formLayout(choices.layout, { mode: initiative ? 'edit' : 'create', record: initiative }),
    [choices.layout, initiative],
  );
  const schema = useMemo(() => buildInitiativeFormSchema(model), [model]);
  const form = useRecordForm(schema, () =>
    initiativeFormDefaults(initiative, { parentId: pickChoice(choices.initiatives, props.initialParent) }, model),
  );

  return (
    <LayoutForm
      form={form}
      model={model}
      blocks={initiativeBlocks(choices, initiative)}
      users={choices.users}
      {...recordFormLabels('initiative', initiative)}
      aliases={INITIATIVE_FIELD_ALIASES}
      cancel={{ to: cancelHref }}
      onSubmit={(values) =>
        props.initiative ? props.onSubmit(toUpdateInput(values, model)) : props.onSubmit(toCreateInput(values, model))
      }
      successMessage={initiative ? 'Initiative saved' : 'Initiative created'}
    />
  );
}
