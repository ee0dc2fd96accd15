// The one release form, for creating and editing, drawn from the workspace's Release layout
// (LayoutForm): the release's standard fields are blocks the layout places in its sections and
// columns — by default what the release is and its dates in the main column, capacity, progress and
// the parking lot beside — and its custom fields come with it. Validated with the schema derived from
// the contract, capacity text checked as it is typed, and the service's field errors put back under
// the fields they name.
import { useMemo } from 'react';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import type { User } from '../../contract/account';
import type { WorkflowStatus } from '../../contract/common';
import type { ScreenLayout } from '../../contract/layouts';
import { CAPACITY_UNITS, EXTERNAL_DATE_RESOLUTIONS, type Release, type ReleaseCreateInput } from '../../contract/releases';
import { describeEstimate, parseEstimate } from '../../domain/estimate';
import { RELEASE_DURATION_SOURCES, RELEASE_PROGRESS_SOURCES } from '../../domain/progress';
import { CheckboxField, TextField } from '../../ui/field';
import { BoundSelect, DateFields, DescriptionField, NameField, ProgressFields, StatusField, useFieldError } from '../../ui/form-fields';
import { FormSection, recordFormLabels, useRecordForm } from '../../ui/form-shell';
import { CAPACITY_UNIT_LABELS, EXTERNAL_DATE_RESOLUTION_LABELS, optionsOf, sourceLabel } from '../../ui/labels';
import { LayoutForm, type LayoutBlocks } from '../../ui/layout-form';
import { formLayout } from '../../ui/layout-model';
import { buildReleaseFormSchema, releaseFormDefaults, type ReleaseFormValues } from './release-form-schema';

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
  /** The workspace's Release layout (the built-in one when it could not be read). */
  layout: ScreenLayout;
  /** Saves; a rejection with an ApiError is shown on the form. Navigation after success is the caller's. */
  onSubmit: (input: ReleaseCreateInput) => Promise<unknown>;
  cancelHref: string;
}

/** Total capacity, read as typed against the chosen units, saying what it understood ("5d = 40 h"). */
function CapacityField() {
  const { register } = useFormContext<ReleaseFormValues>();
  const [capacityUnits, capacityText] = useWatch<ReleaseFormValues, ['capacity_units', 'total_capacity_text']>({
    name: ['capacity_units', 'total_capacity_text'],
  });
  const { errors } = useFormState<ReleaseFormValues>({ name: 'total_capacity_text' });
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
    ) : capacityUnits === 'story_points' ? (
      'In story points, for example 40p'
    ) : (
      'In time, for example 20d, 4w or 1m 2w (1d = 8h, 1w = 5d, 1m = 22d)'
    );
  return (
    <TextField
      label="Total capacity"
      registration={register('total_capacity_text')}
      hint={capacityHint}
      error={capacityError}
      autoComplete="off"
      maxLength={64}
    />
  );
}

function DateSection() {
  const { register, setValue } = useFormContext<ReleaseFormValues>();
  const externalDate = useWatch<ReleaseFormValues, 'external_release_date'>({ name: 'external_release_date' });
  const releaseDateError = useFieldError('release_date');
  const startedError = useFieldError('development_started_on');
  const externalError = useFieldError('external_release_date');
  return (
    <FormSection title="Dates" grid="form-grid form-grid--3">
      <DateFields />
      <TextField label="Release date" type="date" registration={register('release_date')} error={releaseDateError} />
      <TextField label="Development started on" type="date" registration={register('development_started_on')} error={startedError} />
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
        error={externalError}
      />
      <BoundSelect
        name="external_date_resolution"
        label="External date resolution"
        options={optionsOf(EXTERNAL_DATE_RESOLUTIONS, (r) => EXTERNAL_DATE_RESOLUTION_LABELS[r])}
        placeholder="Not set"
        disabled={!externalDate}
        hint={externalDate ? 'How precisely the external date is shared' : 'Enter an external release date first'}
      />
      <BoundSelect
        name="duration_source"
        label="Duration source"
        options={optionsOf(RELEASE_DURATION_SOURCES, sourceLabel)}
        hint="Where the release's dates come from"
      />
    </FormSection>
  );
}

/** Capacity units, total capacity and progress: one block, since capacity is read in its units. */
function CapacitySection() {
  return (
    <FormSection title="Capacity and progress" grid="form-grid form-grid--1">
      <BoundSelect
        name="capacity_units"
        label="Capacity units"
        options={optionsOf(CAPACITY_UNITS, (u) => CAPACITY_UNIT_LABELS[u])}
        hint="Estimates of this release's features use these units"
      />
      <CapacityField />
      <ProgressFields
        sources={RELEASE_PROGRESS_SOURCES}
        labelOf={sourceLabel}
        progressLabel="Progress (%)"
        computedHint="Worked out by the service from the release's work"
      />
    </FormSection>
  );
}

function ParkingLotField() {
  const { register } = useFormContext<ReleaseFormValues>();
  return <CheckboxField label="Parking lot" registration={register('parking_lot')} hint="A holding place for work not yet scheduled" />;
}

/** The release's standard fields as the layout places them, by its keys. */
function releaseBlocks({
  release,
  users,
  statuses,
  parents,
}: Pick<ReleaseFormProps, 'release' | 'users' | 'statuses' | 'parents'>): LayoutBlocks {
  const userOptions = users.filter((u) => u.enabled || u.id === release?.owner?.id).map((u) => ({ value: u.id, label: u.name || u.email }));
  const parentOptions = parents
    .filter((p) => p.id !== release?.id)
    .map((p) => ({ value: p.id, label: [p.reference_num, p.name].filter(Boolean).join(' ') || `Release ${p.id}` }));
  return {
    name: <NameField />,
    owner: <BoundSelect name="owner" label="Owner" options={userOptions} placeholder="No owner" />,
    workflow_status: (
      <StatusField statuses={statuses} current={release?.workflow_status.name} placeholder={release ? undefined : 'Default status'} />
    ),
    parent_id: (
      <BoundSelect
        name="parent_id"
        label="Parent release"
        options={parentOptions}
        placeholder="No parent release"
        hint="The roll-up release this one belongs to"
      />
    ),
    theme: <DescriptionField name="theme" label="Theme" rows={4} hint="What this release is about." />,
    dates: <DateSection />,
    capacity: <CapacitySection />,
    parking_lot: <ParkingLotField />,
  };
}

export function ReleaseForm({ release, users, statuses, parents, layout, onSubmit, cancelHref }: ReleaseFormProps) {
  const model = useMemo(() => formLayout(layout, { mode: release ? 'edit' : 'create', record: release }), [layout, release]);
  const schema = useMemo(() => buildReleaseFormSchema(model), [model]);
  const form = useRecordForm(schema, () => releaseFormDefaults(release, model));

  return (
    <LayoutForm
      form={form}
      model={model}
      blocks={releaseBlocks({ release, users, statuses, parents })}
      users={users}
      {...recordFormLabels('release', release)}
      cancel={{ to: cancelHref }}
      onSubmit={onSubmit}
      successMessage={release ? 'Release saved' : 'Release created'}
    />
  );
}
