// Add or edit one phase or milestone, inline on the release page, its fields placed by the
// workspace's ReleasePhase layout (LayoutFields inside the inline FormShell; custom fields come with
// it). Switching the type swaps the date fields: one "Date" for a milestone, start and end for a phase.
import { useId, useMemo } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import type { User } from '../../contract/account';
import type { ScreenLayout } from '../../contract/layouts';
import { PHASE_TYPES, type ReleasePhase } from '../../contract/releases';
import { RELEASE_PHASE_DURATION_SOURCES, RELEASE_PHASE_PROGRESS_SOURCES } from '../../domain/progress';
import { TextField } from '../../ui/field';
import { BoundSelect, DateFields, DescriptionField, NameField, ProgressFields, useFieldError } from '../../ui/form-fields';
import { FormShell, useRecordForm } from '../../ui/form-shell';
import { PHASE_TYPE_LABELS, optionsOf, sourceLabel } from '../../ui/labels';
import { LayoutFields, type FixedBlock, type LayoutBlocks } from '../../ui/layout-form';
import { formLayout } from '../../ui/layout-model';
import { buildPhaseFormSchema, phaseFormDefaults, type PhaseFormOutput, type PhaseFormValues } from './phase-form-schema';

export interface PhaseFormProps {
  phase?: ReleasePhase;
  /** The workspace's ReleasePhase layout (the built-in one when it could not be read). */
  layout: ScreenLayout;
  /** The account's users, for people custom fields. */
  users?: readonly User[] | undefined;
  onSubmit: (input: PhaseFormOutput) => Promise<unknown>;
  onCancel: () => void;
}

function PhaseTypeField() {
  const typeLegend = useId();
  const { register } = useFormContext<PhaseFormValues>();
  return (
    <fieldset className="form-section field--wide" aria-labelledby={typeLegend}>
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
  );
}

/** A milestone's one date or a phase's start and end, and where the dates come from. */
function PhaseDates() {
  const { register } = useFormContext<PhaseFormValues>();
  const milestone = useWatch<PhaseFormValues, 'phase_type'>({ name: 'phase_type' }) === 'milestone';
  const dateError = useFieldError('date');
  return (
    <>
      {milestone ? (
        <TextField label="Date" type="date" registration={register('date')} error={dateError} />
      ) : (
        <DateFields start="start_on" end="end_on" />
      )}
      <BoundSelect name="duration_source" label="Duration source" options={optionsOf(RELEASE_PHASE_DURATION_SOURCES, sourceLabel)} />
    </>
  );
}

const PHASE_BLOCKS: LayoutBlocks = {
  name: <NameField />,
  phase_type: <PhaseTypeField />,
  dates: <PhaseDates />,
  description: <DescriptionField rows={2} />,
};

/** Progress is no field of the layout catalogue: it stays after the dates (or what the form draws before them). */
const PHASE_FIXED: Record<string, FixedBlock> = {
  progress: {
    after: ['dates', 'phase_type', 'name'],
    node: <ProgressFields sources={RELEASE_PHASE_PROGRESS_SOURCES} labelOf={sourceLabel} progressLabel="Progress (%)" />,
  },
};

export function PhaseForm({ phase, layout, users, onSubmit, onCancel }: PhaseFormProps) {
  const model = useMemo(() => formLayout(layout, { mode: phase ? 'edit' : 'create', record: phase }), [layout, phase]);
  const schema = useMemo(() => buildPhaseFormSchema(model), [model]);
  const form = useRecordForm(schema, () => phaseFormDefaults(phase, model));
  const milestone = useWatch({ control: form.control, name: 'phase_type' }) === 'milestone';
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
      <LayoutFields model={model} blocks={PHASE_BLOCKS} fixed={PHASE_FIXED} users={users} hideLoneTitle />
    </FormShell>
  );
}
