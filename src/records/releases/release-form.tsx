// The one release form, for creating and editing: every field of the release, validated with the
// schema derived from the contract, capacity text checked as it is typed, and the service's field
// errors put back under the fields they name.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { User } from '../../contract/account';
import type { WorkflowStatus } from '../../contract/common';
import {
  CAPACITY_UNITS,
  EXTERNAL_DATE_RESOLUTIONS,
  type Release,
  type ReleaseCreateInput,
} from '../../contract/releases';
import { describeEstimate, parseEstimate } from '../../domain/estimate';
import { RELEASE_DURATION_SOURCES, RELEASE_PROGRESS_SOURCES } from '../../domain/progress';
import { Button, ButtonLink } from '../../ui/button';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../ui/field';
import { FormError } from '../../ui/form-error';
import { CAPACITY_UNIT_LABELS, EXTERNAL_DATE_RESOLUTION_LABELS, optionsOf, sourceLabel } from '../../ui/labels';
import { mapFieldErrors } from '../../ui/map-field-errors';
import { RELEASE_FORM_FIELDS, releaseFormDefaults, releaseFormSchema, type ReleaseFormValues } from './release-form-schema';

export interface ParentOption {
  id: string;
  name?: string | undefined;
  reference_num?: string | undefined;
}

export interface ReleaseFormProps {
  /** The release being edited; omitted when creating. */
  release?: Release;
  users: readonly User[];
  /** The product's Release workflow statuses, in order. */
  statuses: readonly WorkflowStatus[];
  /** Releases of the product that can be the roll-up parent. */
  parents: readonly ParentOption[];
  /** Saves; a rejection with an ApiError is shown on the form. Navigation after success is the caller's. */
  onSubmit: (input: ReleaseCreateInput) => Promise<unknown>;
  cancelHref: string;
  submitLabel?: string;
}

export function ReleaseForm({ release, users, statuses, parents, onSubmit, cancelHref, submitLabel }: ReleaseFormProps) {
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<ReleaseFormValues, unknown, ReleaseCreateInput>({
    resolver: zodResolver(releaseFormSchema),
    defaultValues: releaseFormDefaults(release),
    mode: 'onTouched',
  });

  const [progressSource, externalDate, capacityUnits, capacityText] = useWatch({
    control,
    name: ['progress_source', 'external_release_date', 'capacity_units', 'total_capacity_text'],
  });

  // Capacity text is checked on every keystroke against the chosen units, so the person sees what
  // was understood ("5d = 40 h") or why not, before saving.
  const capacity = parseEstimate(capacityText ?? '', capacityUnits);
  // The live parse wins over the last validation run, which may predate a change of units; a
  // message from the service stays until the text is edited.
  const capacityError =
    !capacity.ok && (capacityText ?? '').trim()
      ? capacity.error
      : errors.total_capacity_text?.type === 'server'
        ? errors.total_capacity_text.message
        : undefined;
  const capacityHint =
    capacity.ok && capacity.value !== null ? (
      <span className="field__understood">{`Understood as ${describeEstimate(capacity.value, capacity.text, capacityUnits)}`}</span>
    ) : capacityUnits === 'story_points'
        ? 'In story points, for example 40p'
        : 'In time, for example 20d, 4w or 1m 2w (1d = 8h, 1w = 5d, 1m = 22d)';

  const submit = handleSubmit(async (input) => {
    setFormErrors([]);
    try {
      await onSubmit(input);
    } catch (error) {
      setFormErrors(mapFieldErrors(error, setError, RELEASE_FORM_FIELDS));
    }
  });

  const statusOptions = statuses.map((s) => ({ value: s.name, label: s.name }));
  // A release whose status is not in the product's workflow keeps it selectable.
  if (release && !statusOptions.some((o) => o.value === release.workflow_status.name)) {
    statusOptions.unshift({ value: release.workflow_status.name, label: release.workflow_status.name });
  }
  const userOptions = users
    .filter((u) => u.enabled || u.id === release?.owner?.id)
    .map((u) => ({ value: u.id, label: u.name || u.email }));
  const parentOptions = parents
    .filter((p) => p.id !== release?.id)
    .map((p) => ({ value: p.id, label: [p.reference_num, p.name].filter(Boolean).join(' ') || `Release ${p.id}` }));

  return (
    <form className="form card" onSubmit={(event) => void submit(event)} noValidate aria-label={release ? 'Edit release' : 'New release'}>
      <FormError messages={formErrors} />

      <fieldset className="form-section">
        <legend className="form-section__title">Release</legend>
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
            label="Owner"
            registration={register('owner')}
            options={userOptions}
            placeholder="No owner"
            error={errors.owner?.message}
          />
          <SelectField
            label="Status"
            registration={register('workflow_status')}
            options={statusOptions}
            placeholder={release ? undefined : 'Default status'}
            error={errors.workflow_status?.message}
          />
          <SelectField
            label="Parent release"
            registration={register('parent_id')}
            options={parentOptions}
            placeholder="No parent release"
            hint="The roll-up release this one belongs to"
            error={errors.parent_id?.message}
          />
          <CheckboxField
            label="Parking lot"
            registration={register('parking_lot')}
            hint="A holding place for work not yet scheduled"
            error={errors.parking_lot?.message}
          />
          <TextAreaField
            label="Theme"
            className="field--wide"
            registration={register('theme')}
            rows={4}
            hint="What this release is about. HTML is allowed."
            error={errors.theme?.message}
          />
        </div>
      </fieldset>

      <fieldset className="form-section">
        <legend className="form-section__title">Dates</legend>
        <div className="form-grid form-grid--3">
          <TextField label="Start date" type="date" registration={register('start_date')} error={errors.start_date?.message} />
          <TextField label="End date" type="date" registration={register('end_date')} error={errors.end_date?.message} />
          <TextField
            label="Release date"
            type="date"
            registration={register('release_date')}
            error={errors.release_date?.message}
          />
          <TextField
            label="Development started on"
            type="date"
            registration={register('development_started_on')}
            error={errors.development_started_on?.message}
          />
          <TextField
            label="External release date"
            type="date"
            registration={register('external_release_date', {
              onChange: (event: { target: { value: string } }) => {
                // No date, no resolution: the service refuses a resolution on its own.
                if (!event.target.value) setValue('external_date_resolution', '', { shouldValidate: true });
              },
            })}
            hint="The date customers are told"
            error={errors.external_release_date?.message}
          />
          <SelectField
            label="External date resolution"
            registration={register('external_date_resolution')}
            options={optionsOf(EXTERNAL_DATE_RESOLUTIONS, (r) => EXTERNAL_DATE_RESOLUTION_LABELS[r])}
            placeholder="Not set"
            disabled={!externalDate}
            hint={externalDate ? 'How precisely the external date is shared' : 'Enter an external release date first'}
            error={errors.external_date_resolution?.message}
          />
          <SelectField
            label="Duration source"
            registration={register('duration_source')}
            options={optionsOf(RELEASE_DURATION_SOURCES, sourceLabel)}
            hint="Where the release's dates come from"
            error={errors.duration_source?.message}
          />
        </div>
      </fieldset>

      <fieldset className="form-section">
        <legend className="form-section__title">Capacity and progress</legend>
        <div className="form-grid">
          <SelectField
            label="Capacity units"
            registration={register('capacity_units')}
            options={optionsOf(CAPACITY_UNITS, (u) => CAPACITY_UNIT_LABELS[u])}
            hint="Estimates of this release's features use these units"
            error={errors.capacity_units?.message}
          />
          <TextField
            label="Total capacity"
            registration={register('total_capacity_text')}
            hint={capacityHint}
            error={capacityError}
            autoComplete="off"
            maxLength={64}
          />
          <SelectField
            label="Progress source"
            registration={register('progress_source')}
            options={optionsOf(RELEASE_PROGRESS_SOURCES, sourceLabel)}
            error={errors.progress_source?.message}
          />
          {progressSource === 'progress_manual' ? (
            <TextField
              label="Progress (%)"
              type="number"
              inputMode="numeric"
              min={0}
              max={100}
              step={1}
              registration={register('progress')}
              hint="0 to 100"
              error={errors.progress?.message}
            />
          ) : null}
        </div>
      </fieldset>

      <div className="form-actions">
        <ButtonLink to={cancelHref}>Cancel</ButtonLink>
        <Button type="submit" variant="primary" pending={isSubmitting} pendingLabel="Saving…">
          {submitLabel ?? (release ? 'Save release' : 'Create release')}
        </Button>
      </div>
    </form>
  );
}
