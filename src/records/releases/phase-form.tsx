// Add or edit one phase or milestone, inline on the release page. Switching the type swaps the
// date fields: one "Date" for a milestone, start and end for a phase.
import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import { PHASE_TYPES, type ReleasePhase } from '../../contract/releases';
import { RELEASE_PHASE_DURATION_SOURCES, RELEASE_PHASE_PROGRESS_SOURCES } from '../../domain/progress';
import { TextField } from '../../ui/field';
import { BoundSelect, DateFields, DescriptionField, NameField, ProgressFields } from '../../ui/form-fields';
import { FormShell, useRecordForm } from '../../ui/form-shell';
import { PHASE_TYPE_LABELS, optionsOf, sourceLabel } from '../../ui/labels';
import { phaseFormDefaults, phaseFormSchema, type PhaseFormOutput } from './phase-form-schema';

export interface PhaseFormProps {
  phase?: ReleasePhase;
  onSubmit: (input: PhaseFormOutput) => Promise<unknown>;
  onCancel: () => void;
}

export function PhaseForm({ phase, onSubmit, onCancel }: PhaseFormProps) {
  const typeLegend = useId();
  const form = useRecordForm(phaseFormSchema, () => phaseFormDefaults(phase));
  const phaseType = useWatch({ control: form.control, name: 'phase_type' });
  const milestone = phaseType === 'milestone';
  const what = milestone ? 'milestone' : 'phase';
  return (
    <FormShell
      form={form}
      label={phase ? `Edit ${phase.name}` : 'New phase or milestone'}
      variant="inline"
      className="phase-form"
      // A milestone's one date travels as start_on and end_on.
      aliases={milestone ? { start_on: 'date', end_on: 'date' } : {}}
      submitLabel={phase ? `Save ${what}` : `Add ${what}`}
      cancel={{ onClick: onCancel }}
      onSubmit={onSubmit}
      successMessage={phase ? `Saved the ${what}` : `Added the ${what}`}
    >
      <fieldset className="form-section" aria-labelledby={typeLegend}>
        <legend id={typeLegend} className="field__label">
          Type
        </legend>
        <div className="segmented">
          {PHASE_TYPES.map((t) => (
            <label key={t}>
              <input type="radio" value={t} {...form.register('phase_type')} />
              {PHASE_TYPE_LABELS[t]}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="form-grid form-grid--3">
        <NameField />
        {milestone ? (
          <TextField label="Date" type="date" registration={form.register('date')} error={form.formState.errors.date?.message} />
        ) : (
          <DateFields start="start_on" end="end_on" />
        )}
        <ProgressFields sources={RELEASE_PHASE_PROGRESS_SOURCES} labelOf={sourceLabel} progressLabel="Progress (%)" />
        <BoundSelect name="duration_source" label="Duration source" options={optionsOf(RELEASE_PHASE_DURATION_SOURCES, sourceLabel)} />
        <DescriptionField rows={2} />
      </div>
    </FormShell>
  );
}
