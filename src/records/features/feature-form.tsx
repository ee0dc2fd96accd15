// The one feature form, for creating (operation 1) and editing (operation 2): fields from the
// contract, estimates read as they are typed in the chosen release's units, the progress field only
// under manual progress, team-dependent choices that follow the team, and the service's field
// errors put back under the fields they name.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useController, useForm, useWatch, type Control } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { useCreateFeature, useUpdateFeature } from '../../api/features';
import { releaseQueries } from '../../api/releases';
import type { Feature } from '../../contract/features';
import type { CapacityUnits } from '../../domain/estimate';
import { Button, ButtonLink } from '../../ui/button';
import { EstimateInput, estimateError } from '../../ui/estimate-input';
import { SelectField, TextAreaField, TextField, type SelectOption } from '../../ui/field';
import { FormError } from '../../ui/form-error';
import { ESTIMATE_LABELS, TeamFieldset, WatchersField } from '../../ui/work-item-fields';
import { optionsOf, sourceLabel } from '../../ui/labels';
import { mapFieldErrors } from '../../ui/map-field-errors';
import { paths } from '../../ui/paths';
import type { FeatureFormChoices, LinkChoice } from './feature-form-choices';
import {
  ESTIMATE_FIELDS,
  FEATURE_FIELD_ALIASES,
  FEATURE_FORM_FIELDS,
  buildFeatureFormSchema,
  createDefaults,
  editDefaults,
  progressSourceChoices,
  toCreateInput,
  toUpdateInput,
  type EstimateField,
  type FeatureFormOutput,
  type FeatureFormValues,
} from './feature-form-schema';

export interface FeatureFormProps {
  productId: string;
  choices: FeatureFormChoices;
  /** The feature being edited; omitted when creating. */
  feature?: Feature;
  /** On create: the release to preselect (`?release=`), an id or a key. */
  initialRelease?: string | null;
  /** On create: the epic and the initiative to preselect (`?epic=`, `?initiative=`), ids or keys. */
  initialEpic?: string | null;
  initialInitiative?: string | null;
}

function EstimateController({
  name,
  control,
  units,
  error,
}: {
  name: EstimateField;
  control: Control<FeatureFormValues, unknown, FeatureFormOutput>;
  units: CapacityUnits;
  error: string | undefined;
}) {
  const {
    field: { value, onChange, onBlur, ref },
  } = useController({ name, control });
  return (
    <EstimateInput
      label={ESTIMATE_LABELS[name]}
      units={units}
      name={name}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      ref={ref}
      error={error}
      maxLength={64}
    />
  );
}

/** Options of a link select; the record's current link stays chosen even when the list lacks it. */
function linkOptions(
  list: readonly LinkChoice[],
  current: { id: string; name: string; reference_num: string } | null | undefined,
): SelectOption[] {
  const options: SelectOption[] = list.map((c) => ({
    value: c.id,
    label: `${c.name}${c.release ? ` — ${c.release}` : ''} (${c.reference_num})`,
  }));
  if (current && !options.some((o) => o.value === current.id)) {
    options.unshift({ value: current.id, label: `${current.name} (${current.reference_num})` });
  }
  return options;
}

export function FeatureForm({
  productId,
  choices,
  feature,
  initialRelease,
  initialEpic,
  initialInitiative,
}: FeatureFormProps) {
  const mode = feature ? 'edit' : 'create';
  const navigate = useNavigate();
  const createFeature = useCreateFeature();
  const updateFeature = useUpdateFeature();
  const [formErrors, setFormErrors] = useState<string[]>([]);

  // The feature's own release stays choosable even when the list does not carry it.
  const releases = useMemo(() => {
    const list = [...choices.releases];
    if (feature && !list.some((r) => r.id === feature.release.id)) {
      list.unshift({
        id: feature.release.id,
        name: feature.release.name,
        reference_num: feature.release.reference_num,
        capacity_units: feature.release.capacity_units,
        parking_lot: feature.release.parking_lot,
      });
    }
    return list;
  }, [choices.releases, feature]);

  const schema = useMemo(
    () =>
      buildFeatureFormSchema({
        mode,
        currentSource: feature?.progress_source,
        unitsOf: (id) => releases.find((r) => r.id === id)?.capacity_units ?? feature?.work_units ?? 'time',
      }),
    [mode, feature, releases],
  );

  const [defaultValues] = useState<FeatureFormValues>(() => {
    if (feature) return editDefaults(feature);
    const preselected = initialRelease
      ? releases.find((r) => r.id === initialRelease || r.reference_num === initialRelease)
      : undefined;
    const pick = (list: readonly LinkChoice[], ref: string | null | undefined) =>
      ref
        ? list.find((c) => c.id === ref || c.reference_num.toLowerCase() === ref.toLowerCase())?.id
        : undefined;
    return createDefaults({
      releaseId: preselected?.id,
      statusName: choices.statuses[0]?.name,
      epicId: pick(choices.epics, initialEpic),
      initiativeId: pick(choices.initiatives, initialInitiative),
    });
  });

  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    trigger,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<FeatureFormValues, unknown, FeatureFormOutput>({
    resolver: zodResolver(schema),
    defaultValues,
    mode: 'onTouched',
  });
  const { field: watchers } = useController({ name: 'watchers', control });

  const [releaseId, progressSource, teamId, initialText, detailedText, remainingText] = useWatch({
    control,
    name: [
      'release',
      'progress_source',
      'team',
      'initial_estimate_text',
      'detailed_estimate_text',
      'remaining_estimate_text',
    ],
  });

  const release = releases.find((r) => r.id === releaseId);
  const units: CapacityUnits = release?.capacity_units ?? feature?.work_units ?? 'time';
  const estimatesInvalid = [initialText, detailedText, remainingText].some(
    (t) => estimateError(t ?? '', units) !== null,
  );

  const phases = useQuery({ ...releaseQueries.phases(releaseId ?? ''), enabled: Boolean(releaseId) });

  const submit = handleSubmit(async (values) => {
    setFormErrors([]);
    try {
      const saved = feature
        ? await updateFeature.mutateAsync({ id: feature.id, input: toUpdateInput(values, feature) })
        : await createFeature.mutateAsync({ releaseId: values.release, input: toCreateInput(values) });
      navigate(paths.feature(saved.reference_num));
    } catch (error) {
      setFormErrors(mapFieldErrors(error, setError, FEATURE_FORM_FIELDS, { aliases: FEATURE_FIELD_ALIASES }));
    }
  });

  const releaseOptions: SelectOption[] = releases.map((r) => ({
    value: r.id,
    label: `${r.reference_num ? `${r.reference_num} ` : ''}${r.name}${r.parking_lot ? ' (parking lot)' : ''}`,
  }));
  const phaseOptions: SelectOption[] = (phases.data ?? []).map((p) => ({
    value: p.id,
    label: p.type === 'milestone' ? `${p.name} (milestone)` : p.name,
  }));
  // A phase the list has not loaded yet (or no longer has) still shows as chosen.
  const phase = feature?.belongs_to_release_phase;
  if (phase && releaseId === feature.release.id && !phaseOptions.some((o) => o.value === phase.id)) {
    phaseOptions.unshift({ value: phase.id, label: phase.name });
  }

  const statusOptions: SelectOption[] = choices.statuses.map((s) => ({ value: s.name, label: s.name }));
  if (feature && !statusOptions.some((o) => o.value === feature.workflow_status.name)) {
    statusOptions.unshift({ value: feature.workflow_status.name, label: feature.workflow_status.name });
  }
  const kindOptions: SelectOption[] = choices.kinds.map((k) => ({ value: k.id, label: k.name }));
  if (feature?.workflow_kind && !kindOptions.some((o) => o.value === feature.workflow_kind?.id)) {
    kindOptions.unshift({ value: feature.workflow_kind.id, label: feature.workflow_kind.name });
  }
  const userOptions: SelectOption[] = choices.users
    .filter((u) => u.enabled || u.email === feature?.assigned_to_user?.email)
    .map((u) => ({ value: u.email, label: u.name ? `${u.name} (${u.email})` : u.email }));
  if (feature?.assigned_to_user && !userOptions.some((o) => o.value === feature.assigned_to_user?.email)) {
    userOptions.unshift({ value: feature.assigned_to_user.email, label: feature.assigned_to_user.name });
  }
  const watcherUsers = choices.users.filter((u) => u.enabled || feature?.watchers.some((w) => w.id === u.id));
  const epicOptions = linkOptions(choices.epics, feature?.epic);
  const initiativeOptions = linkOptions(choices.initiatives, feature?.initiative);

  const onReleaseChange = () => {
    // Phases belong to a release, and the estimates are read in the new release's units.
    setValue('release_phase', '');
    const filled = ESTIMATE_FIELDS.filter((f) => getValues(f).trim() !== '' || errors[f]);
    if (filled.length > 0) void trigger(filled);
  };
  const onTeamChange = () => {
    // Iterations, increments and statuses of another team would be refused by the service.
    setValue('iteration', '');
    setValue('program_increment', '');
    setValue('team_workflow_status', '');
  };

  const pending = isSubmitting || createFeature.isPending || updateFeature.isPending;
  const submitLabel = feature ? 'Save feature' : 'Create feature';
  const cancelHref = feature ? paths.feature(feature.reference_num) : paths.features(productId);

  return (
    <form
      className="form card feature-form"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={feature ? 'Edit feature' : 'New feature'}
    >
      <FormError messages={formErrors} />

      <fieldset className="form-section">
        <legend className="form-section__title">Feature</legend>
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
            label="Release"
            required
            registration={register('release', { onChange: onReleaseChange })}
            options={releaseOptions}
            placeholder={releaseOptions.length === 0 ? 'No releases yet' : 'Choose a release'}
            hint={
              release
                ? units === 'story_points'
                  ? 'Estimated in story points'
                  : 'Estimated in time'
                : undefined
            }
            error={errors.release?.message}
          />
          <SelectField
            label="Release phase"
            registration={register('release_phase')}
            options={phaseOptions}
            placeholder="No phase"
            disabled={!releaseId}
            hint={
              !releaseId
                ? 'Choose a release first'
                : phases.isPending
                  ? 'Loading phases…'
                  : phases.isError
                    ? 'The phases could not be loaded'
                    : phaseOptions.length === 0
                      ? 'This release has no phases'
                      : undefined
            }
            error={errors.release_phase?.message}
          />
          <SelectField
            label="Status"
            registration={register('workflow_status')}
            options={statusOptions}
            placeholder={statusOptions.length === 0 ? 'Default status' : undefined}
            error={errors.workflow_status?.message}
          />
          <SelectField
            label="Kind"
            registration={register('workflow_kind')}
            options={kindOptions}
            placeholder="No kind"
            error={errors.workflow_kind?.message}
          />
          <SelectField
            label="Assignee"
            registration={register('assigned_to_user')}
            options={userOptions}
            placeholder="Unassigned"
            error={errors.assigned_to_user?.message}
          />
          <TextField
            label="Tags"
            registration={register('tags')}
            hint="Separate tags with commas"
            error={errors.tags?.message}
            autoComplete="off"
          />
          <TextField
            label="Start date"
            type="date"
            registration={register('start_date')}
            error={errors.start_date?.message}
          />
          <TextField
            label="Due date"
            type="date"
            registration={register('due_date')}
            error={errors.due_date?.message}
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
        <legend className="form-section__title">Strategy</legend>
        <div className="form-grid">
          <SelectField
            label="Epic"
            registration={register('epic')}
            options={epicOptions}
            placeholder={epicOptions.length === 0 ? 'No epics in this workspace' : 'No epic'}
            hint="The epic this feature belongs to; its progress counts toward the epic's."
            error={errors.epic?.message}
          />
          <SelectField
            label="Initiative"
            registration={register('initiative')}
            options={initiativeOptions}
            placeholder={
              initiativeOptions.length === 0 ? 'No initiatives in this workspace' : 'No initiative'
            }
            hint="The strategic initiative this feature advances."
            error={errors.initiative?.message}
          />
        </div>
      </fieldset>

      <fieldset className="form-section">
        <legend className="form-section__title">Estimates and progress</legend>
        <div className="form-grid form-grid--3">
          {ESTIMATE_FIELDS.map((name) => (
            <EstimateController
              key={name}
              name={name}
              control={control}
              units={units}
              error={errors[name]?.message}
            />
          ))}
          <SelectField
            label="Progress source"
            registration={register('progress_source')}
            options={optionsOf(progressSourceChoices(mode, feature?.progress_source), sourceLabel)}
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
              error={'progress' in errors ? errors.progress?.message : undefined}
            />
          ) : null}
        </div>
      </fieldset>

      <TeamFieldset
        teams={choices.teams}
        teamId={teamId ?? ''}
        registrations={{
          team: register('team', { onChange: onTeamChange }),
          iteration: register('iteration'),
          programIncrement: register('program_increment'),
          teamStatus: register('team_workflow_status'),
        }}
        errors={{
          team: errors.team?.message,
          iteration: errors.iteration?.message,
          programIncrement: errors.program_increment?.message,
          teamStatus: errors.team_workflow_status?.message,
        }}
      />

      <fieldset className="form-section">
        <legend className="form-section__title">People</legend>
        <WatchersField
          value={watchers.value}
          onChange={watchers.onChange}
          onBlur={watchers.onBlur}
          users={watcherUsers}
          error={errors.watchers?.message}
          id="feature-watchers"
        />
      </fieldset>

      <div className="form-actions">
        {estimatesInvalid ? (
          <p className="field__error" role="status">
            Fix the estimates before saving.
          </p>
        ) : null}
        <ButtonLink to={cancelHref}>Cancel</ButtonLink>
        <Button
          type="submit"
          variant="primary"
          pending={pending}
          pendingLabel="Saving…"
          disabled={estimatesInvalid}
        >
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
