// Add or edit one phase or milestone, inline on the release page. Switching the type swaps the
// date fields: one "Date" for a milestone, start and end for a phase.
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { PHASE_TYPES, type ReleasePhase } from '../../contract/releases';
import { RELEASE_PHASE_DURATION_SOURCES, RELEASE_PHASE_PROGRESS_SOURCES } from '../../domain/progress';
import { Button } from '../../ui/button';
import { SelectField, TextAreaField, TextField } from '../../ui/field';
import { FormError } from '../../ui/form-error';
import { PHASE_TYPE_LABELS, optionsOf, sourceLabel } from '../../ui/labels';
import { mapFieldErrors } from '../../ui/map-field-errors';
import { PHASE_FORM_FIELDS, phaseFormDefaults, phaseFormSchema, type PhaseFormOutput, type PhaseFormValues } from './phase-form-schema';

export interface PhaseFormProps {
  phase?: ReleasePhase;
  onSubmit: (input: PhaseFormOutput) => Promise<unknown>;
  onCancel: () => void;
}

export function PhaseForm({ phase, onSubmit, onCancel }: PhaseFormProps) {
  const typeLegend = useId();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PhaseFormValues, unknown, PhaseFormOutput>({
    resolver: zodResolver(phaseFormSchema),
    defaultValues: phaseFormDefaults(phase),
    mode: 'onTouched',
  });
  const [phaseType, progressSource] = useWatch({ control, name: ['phase_type', 'progress_source'] });
  const milestone = phaseType === 'milestone';

  const submit = handleSubmit(async (input) => {
    setFormErrors([]);
    try {
      await onSubmit(input);
    } catch (error) {
      // A milestone's one date travels as start_on and end_on.
      const aliases = milestone ? ({ start_on: 'date', end_on: 'date' } as const) : {};
      setFormErrors(mapFieldErrors(error, setError, PHASE_FORM_FIELDS, { aliases }));
    }
  });

  const what = milestone ? 'milestone' : 'phase';
  return (
    <form
      className="phase-form"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={phase ? `Edit ${phase.name}` : 'New phase or milestone'}
    >
      <FormError messages={formErrors} />
      <fieldset className="form-section" aria-labelledby={typeLegend}>
        <legend id={typeLegend} className="field__label">
          Type
        </legend>
        <div className="segmented">
          {PHASE_TYPES.map((t) => (
            <label key={t}>
              <input type="radio" value={t} {...register('phase_type')} />
              {PHASE_TYPE_LABELS[t]}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="form-grid form-grid--3">
        <TextField label="Name" required registration={register('name')} error={errors.name?.message} autoComplete="off" />
        {milestone ? (
          <TextField label="Date" type="date" registration={register('date')} error={errors.date?.message} />
        ) : (
          <>
            <TextField label="Start date" type="date" registration={register('start_on')} error={errors.start_on?.message} />
            <TextField label="End date" type="date" registration={register('end_on')} error={errors.end_on?.message} />
          </>
        )}
        <SelectField
          label="Progress source"
          registration={register('progress_source')}
          options={optionsOf(RELEASE_PHASE_PROGRESS_SOURCES, sourceLabel)}
          error={errors.progress_source?.message}
        />
        {progressSource === 'progress_manual' ? (
          <TextField
            label="Progress (%)"
            type="number"
            min={0}
            max={100}
            step={1}
            registration={register('progress')}
            error={errors.progress?.message}
          />
        ) : null}
        <SelectField
          label="Duration source"
          registration={register('duration_source')}
          options={optionsOf(RELEASE_PHASE_DURATION_SOURCES, sourceLabel)}
          error={errors.duration_source?.message}
        />
        <TextAreaField
          label="Description"
          className="field--wide"
          rows={2}
          registration={register('description')}
          hint="HTML is allowed."
          error={errors.description?.message}
        />
      </div>
      <div className="form-actions">
        <Button onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" pending={isSubmitting} pendingLabel="Saving…">
          {phase ? `Save ${what}` : `Add ${what}`}
        </Button>
      </div>
    </form>
  );
}
