// The "New goal" form of the goals screen: name, description, size, time frame, progress (its value
// only under manual progress) and the initiatives that serve the goal; the service's field errors
// land under the fields they name.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useController, useForm, useWatch, type Control } from 'react-hook-form';
import type { GoalCreateInput, TimeFrame } from '../../contract/initiatives';
import { GOAL_PROGRESS_SOURCES } from '../../domain/progress';
import { Button } from '../../ui/button';
import { SelectField, TextAreaField, TextField, type SelectOption } from '../../ui/field';
import { formatDateRange } from '../../ui/format';
import { FormError } from '../../ui/form-error';
import { optionsOf, sourceLabel } from '../../ui/labels';
import { mapFieldErrors } from '../../ui/map-field-errors';
import {
  GOAL_FORM_FIELDS,
  goalFormDefaults,
  goalFormSchema,
  toGoalCreateInput,
  type GoalFormOutput,
  type GoalFormValues,
} from './goal-form-schema';

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

function InitiativesField({
  control,
  initiatives,
  error,
}: {
  control: Control<GoalFormValues, unknown, GoalFormOutput>;
  initiatives: readonly InitiativeChoice[];
  error: string | undefined;
}) {
  const { field } = useController({ name: 'initiatives', control });
  const selected = new Set(field.value);
  const toggle = (id: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    field.onChange(initiatives.filter((i) => next.has(i.id)).map((i) => i.id));
  };
  return (
    <fieldset
      className="goal-checks field--wide"
      aria-describedby={error ? 'goal-initiatives-error' : undefined}
    >
      <legend className="field__label">Initiatives</legend>
      {initiatives.length === 0 ? <p className="muted">This workspace has no initiatives yet.</p> : null}
      <div className="goal-checks__list">
        {initiatives.map((i, index) => (
          <label key={i.id} className="checkbox">
            <input
              type="checkbox"
              name="initiatives"
              value={i.id}
              checked={selected.has(i.id)}
              onChange={(event) => toggle(i.id, event.target.checked)}
              onBlur={field.onBlur}
              ref={index === 0 ? field.ref : undefined}
            />
            <span>
              {i.reference_num ? <span className="mono muted">{i.reference_num}</span> : null}{' '}
              {i.name ?? `Initiative ${i.id}`}
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p className="field__error" id="goal-initiatives-error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

const byReference = new Intl.Collator('en', { numeric: true }).compare;

/** The checklist in reference order (PLN-S-2 before PLN-S-10), whatever order the tree came in. */
export function sortInitiativeChoices(initiatives: readonly InitiativeChoice[]): InitiativeChoice[] {
  return [...initiatives].sort((a, b) => byReference(a.reference_num ?? a.id, b.reference_num ?? b.id));
}

export function GoalForm({ initiatives, timeFrames, onSubmit, onCancel }: GoalFormProps) {
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<GoalFormValues, unknown, GoalFormOutput>({
    resolver: zodResolver(goalFormSchema),
    defaultValues: goalFormDefaults(),
    mode: 'onTouched',
  });
  const [progressSource, timeFrameId] = useWatch({ control, name: ['progress_source', 'time_frame'] });

  const submit = handleSubmit(async (values) => {
    setFormErrors([]);
    try {
      await onSubmit(toGoalCreateInput(values));
    } catch (error) {
      setFormErrors(mapFieldErrors(error, setError, GOAL_FORM_FIELDS));
    }
  });

  const initiativeChoices = useMemo(() => sortInitiativeChoices(initiatives), [initiatives]);
  const timeFrameOptions: SelectOption[] = timeFrames.map((t) => ({ value: t.id, label: t.name }));
  const timeFrame = timeFrames.find((t) => t.id === timeFrameId);

  return (
    <form
      className="form goal-form"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label="New goal"
    >
      <FormError messages={formErrors} />
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
        <TextAreaField
          label="Description"
          className="field--wide"
          rows={3}
          registration={register('description')}
          hint="HTML is allowed."
          error={errors.description?.message}
        />
        <TextField
          label="Effort"
          type="number"
          inputMode="decimal"
          min={0}
          max={1_000_000}
          step="any"
          registration={register('effort')}
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
          error={errors.value?.message}
        />
        <SelectField
          label="Time frame"
          registration={register('time_frame')}
          options={timeFrameOptions}
          placeholder={timeFrameOptions.length === 0 ? 'No time frames in this workspace' : 'No time frame'}
          hint={timeFrame ? formatDateRange(timeFrame.start_date, timeFrame.end_date) : undefined}
          error={errors.time_frame?.message}
        />
        <SelectField
          label="Progress source"
          registration={register('progress_source')}
          options={optionsOf(GOAL_PROGRESS_SOURCES, sourceLabel)}
          hint={
            progressSource === 'progress_manual' ? undefined : 'The mean progress of the linked initiatives'
          }
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
        <InitiativesField
          control={control}
          initiatives={initiativeChoices}
          error={errors.initiatives?.message}
        />
      </div>
      <div className="form-actions">
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="submit" variant="primary" pending={isSubmitting} pendingLabel="Creating…">
          Create goal
        </Button>
      </div>
    </form>
  );
}
