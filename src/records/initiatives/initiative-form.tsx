// The one initiative form, for creating (operation 11) and editing: a status is required before
// sending, the parent choices leave out the initiative itself and its descendants, dates are set
// only under manual duration and progress only under manual progress, goals are ticked from the
// product's goals, and the service's field errors land under the fields they name (a loop of
// parents under "Parent initiative").
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useController, useForm, useWatch, type Control } from 'react-hook-form';
import type { User } from '../../contract/account';
import type { WorkflowStatus } from '../../contract/common';
import type {
  Initiative,
  InitiativeCreateInput,
  InitiativeListItem,
  InitiativeUpdateInput,
  TimeFrame,
} from '../../contract/initiatives';
import { INITIATIVE_DURATION_SOURCES, INITIATIVE_PROGRESS_SOURCES } from '../../domain/progress';
import { Button, ButtonLink } from '../../ui/button';
import { CheckboxField, SelectField, TextAreaField, TextField, type SelectOption } from '../../ui/field';
import { formatDateRange } from '../../ui/format';
import { FormError } from '../../ui/form-error';
import { optionsOf } from '../../ui/labels';
import { mapFieldErrors } from '../../ui/map-field-errors';
import {
  INITIATIVE_FIELD_ALIASES,
  INITIATIVE_FORM_FIELDS,
  initiativeFormDefaults,
  initiativeFormSchema,
  toCreateInput,
  toUpdateInput,
  type InitiativeFormOutput,
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

function GoalsField({
  control,
  goals,
  error,
}: {
  control: Control<InitiativeFormValues, unknown, InitiativeFormOutput>;
  goals: readonly GoalChoice[];
  error: string | undefined;
}) {
  const { field } = useController({ name: 'goals', control });
  const selected = new Set(field.value);
  const toggle = (id: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    // Kept in the goals' order so the body does not depend on click order.
    field.onChange(goals.filter((g) => next.has(g.id)).map((g) => g.id));
  };
  return (
    <fieldset
      className="form-section"
      aria-describedby={error ? 'initiative-goals-error' : 'initiative-goals-hint'}
    >
      <legend className="form-section__title">Goals</legend>
      <p className="field__hint" id="initiative-goals-hint">
        The goals of this workspace that this initiative serves.
      </p>
      {goals.length === 0 ? <p className="muted">This workspace has no goals yet.</p> : null}
      <div className="initiative-check-list">
        {goals.map((g) => (
          <label key={g.id} className="checkbox">
            <input
              type="checkbox"
              name="goals"
              value={g.id}
              checked={selected.has(g.id)}
              onChange={(event) => toggle(g.id, event.target.checked)}
              onBlur={field.onBlur}
              ref={g.id === goals[0]?.id ? field.ref : undefined}
            />
            <span>
              {g.reference_num ? <span className="mono muted">{g.reference_num}</span> : null}{' '}
              {g.name ?? `Goal ${g.id}`}
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p className="field__error" id="initiative-goals-error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export function InitiativeForm(props: InitiativeFormProps) {
  const { choices, cancelHref, initiative } = props;
  const [formErrors, setFormErrors] = useState<string[]>([]);

  const [defaultValues] = useState<InitiativeFormValues>(() => {
    if (initiative) return initiativeFormDefaults(initiative);
    const wanted = props.initialParent;
    const parent = wanted
      ? choices.initiatives.find((i) => i.id === wanted || i.reference_num === wanted)
      : undefined;
    return initiativeFormDefaults(undefined, { parentId: parent?.id });
  });

  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<InitiativeFormValues, unknown, InitiativeFormOutput>({
    resolver: zodResolver(initiativeFormSchema),
    defaultValues,
    mode: 'onTouched',
  });

  const [progressSource, durationSource, timeFrameId] = useWatch({
    control,
    name: ['progress_source', 'duration_source', 'time_frame'],
  });
  const manualDates = durationSource === 'duration_manual';

  const submit = handleSubmit(async (values) => {
    setFormErrors([]);
    try {
      if (props.initiative) await props.onSubmit(toUpdateInput(values));
      else await props.onSubmit(toCreateInput(values));
    } catch (error) {
      setFormErrors(
        mapFieldErrors(error, setError, INITIATIVE_FORM_FIELDS, { aliases: INITIATIVE_FIELD_ALIASES }),
      );
    }
  });

  const parents = useMemo(() => {
    const options = parentOptions(choices.initiatives, initiative?.id);
    // The current parent stays shown even when the list does not carry it (another product).
    if (initiative?.parent && !options.some((o) => o.value === initiative.parent?.id)) {
      options.unshift({
        value: initiative.parent.id,
        label: `${initiative.parent.reference_num} ${initiative.parent.name}`,
      });
    }
    return options;
  }, [choices.initiatives, initiative]);

  const statusOptions: SelectOption[] = choices.statuses.map((s) => ({ value: s.name, label: s.name }));
  // A status that is not in the product's workflow stays selectable.
  if (initiative && !statusOptions.some((o) => o.value === initiative.workflow_status.name)) {
    statusOptions.unshift({ value: initiative.workflow_status.name, label: initiative.workflow_status.name });
  }
  const userOptions: SelectOption[] = choices.users
    .filter((u) => u.enabled || u.email === initiative?.assigned_to_user?.email)
    .map((u) => ({ value: u.email, label: u.name ? `${u.name} (${u.email})` : u.email }));
  if (
    initiative?.assigned_to_user &&
    !userOptions.some((o) => o.value === initiative.assigned_to_user?.email)
  ) {
    userOptions.unshift({
      value: initiative.assigned_to_user.email,
      label: initiative.assigned_to_user.name,
    });
  }
  const timeFrameOptions: SelectOption[] = choices.timeFrames.map((t) => ({ value: t.id, label: t.name }));
  if (initiative?.time_frame && !timeFrameOptions.some((o) => o.value === initiative.time_frame?.id)) {
    timeFrameOptions.unshift({ value: initiative.time_frame.id, label: initiative.time_frame.name });
  }
  const timeFrame =
    choices.timeFrames.find((t) => t.id === timeFrameId) ??
    (initiative?.time_frame?.id === timeFrameId ? initiative.time_frame : undefined);
  const goals = useMemo(() => {
    const list = [...choices.goals];
    // Linked goals stay visible (and untickable) even when the product list lacks them.
    for (const g of initiative?.goals ?? []) if (!list.some((c) => c.id === g.id)) list.push(g);
    return list;
  }, [choices.goals, initiative]);

  const datesHint = manualDates
    ? undefined
    : `Worked out by the service (${initiativeSourceLabel(durationSource ?? '').toLowerCase()}). Choose Manual as the duration source to set them.`;

  return (
    <form
      className="form card initiative-form"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={initiative ? 'Edit initiative' : 'New initiative'}
    >
      <FormError messages={formErrors} />

      <fieldset className="form-section">
        <legend className="form-section__title">Initiative</legend>
        <div className="form-grid">
          <TextField
            label="Name"
            required
            className="field--wide"
            registration={register('name')}
            error={errors.name?.message}
            autoComplete="off"
            maxLength={255}
          />
          <SelectField
            label="Status"
            required
            registration={register('workflow_status')}
            options={statusOptions}
            placeholder={initiative ? undefined : 'Choose a status'}
            hint={statusOptions.length === 0 ? 'This workspace has no initiative statuses' : undefined}
            error={errors.workflow_status?.message}
          />
          <SelectField
            label="Parent initiative"
            registration={register('parent_id')}
            options={parents}
            placeholder="No parent (top level)"
            hint="The initiative this one rolls up to"
            error={errors.parent_id?.message}
          />
          <SelectField
            label="Assignee"
            registration={register('assigned_to_user')}
            options={userOptions}
            placeholder="Unassigned"
            error={errors.assigned_to_user?.message}
          />
          <SelectField
            label="Time frame"
            registration={register('time_frame')}
            options={timeFrameOptions}
            placeholder={timeFrameOptions.length === 0 ? 'No time frames in this workspace' : 'No time frame'}
            hint={timeFrame ? formatDateRange(timeFrame.start_date, timeFrame.end_date) : undefined}
            error={errors.time_frame?.message}
          />
          <CheckboxField
            label="Presented on roadmaps"
            registration={register('presented')}
            hint="Shown on roadmap charts"
            error={errors.presented?.message}
          />
          <TextField
            label="Color"
            type="color"
            className="initiative-form__color"
            registration={register('color')}
            hint="Used for the initiative's bar on roadmaps"
            error={errors.color?.message}
          />
          <TextAreaField
            label="Description"
            className="field--wide"
            rows={6}
            registration={register('description')}
            hint="HTML is allowed."
            error={errors.description?.message}
          />
        </div>
      </fieldset>

      <fieldset className="form-section">
        <legend className="form-section__title">Dates</legend>
        <div className="form-grid form-grid--3">
          <SelectField
            label="Duration source"
            registration={register('duration_source')}
            options={optionsOf(INITIATIVE_DURATION_SOURCES, initiativeSourceLabel)}
            hint="Where the initiative's dates come from"
            error={errors.duration_source?.message}
          />
          <TextField
            label="Start date"
            type="date"
            registration={register('start_date')}
            disabled={!manualDates}
            hint={datesHint}
            error={errors.start_date?.message}
          />
          <TextField
            label="End date"
            type="date"
            registration={register('end_date')}
            disabled={!manualDates}
            hint={datesHint}
            error={errors.end_date?.message}
          />
        </div>
      </fieldset>

      <fieldset className="form-section">
        <legend className="form-section__title">Size and progress</legend>
        <div className="form-grid">
          <TextField
            label="Effort"
            type="number"
            inputMode="decimal"
            min={0}
            max={1_000_000}
            step="any"
            registration={register('effort')}
            hint="Effort required, in your workspace's own scale"
            error={errors.effort?.message}
          />
          <TextField
            label="Value"
            type="number"
            inputMode="decimal"
            min={0}
            max={1_000_000}
            step="any"
            registration={register('value')}
            hint="Business value, in your workspace's own scale"
            error={errors.value?.message}
          />
          <SelectField
            label="Progress source"
            registration={register('progress_source')}
            options={optionsOf(INITIATIVE_PROGRESS_SOURCES, initiativeSourceLabel)}
            error={errors.progress_source?.message}
          />
          {progressSource === 'progress_manual' ? (
            <TextField
              label="Progress"
              type="number"
              inputMode="numeric"
              min={0}
              max={100}
              step={1}
              registration={register('progress')}
              hint="Percent done, 0 to 100"
              error={errors.progress?.message}
            />
          ) : null}
        </div>
      </fieldset>

      <GoalsField control={control} goals={goals} error={errors.goals?.message} />

      <div className="form-actions">
        <ButtonLink to={cancelHref}>Cancel</ButtonLink>
        <Button type="submit" variant="primary" pending={isSubmitting} pendingLabel="Saving…">
          {initiative ? 'Save initiative' : 'Create initiative'}
        </Button>
      </div>
    </form>
  );
}
