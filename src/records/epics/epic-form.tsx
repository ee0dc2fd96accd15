// The one epic form, for creating (operation 5) and editing: fields from the contract, estimates
// read as they are typed in the chosen release's units, progress only under manual progress, dates
// only under manual duration, team-dependent choices that follow the team, the workspace's custom
// fields, and the service's field errors put back under the fields they name.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useController, useForm, useWatch, type Control } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { useCreateEpic, useUpdateEpic, type EpicCustomField } from '../../api/epics';
import type { Epic } from '../../contract/epics';
import type { CapacityUnits } from '../../domain/estimate';
import { EPIC_DURATION_SOURCES, EPIC_PROGRESS_SOURCES } from '../../domain/progress';
import { Button, ButtonLink } from '../../ui/button';
import { EstimateInput, estimateError } from '../../ui/estimate-input';
import { SelectField, TextAreaField, TextField, type SelectOption } from '../../ui/field';
import { FormError } from '../../ui/form-error';
import { ESTIMATE_LABELS, TeamFieldset, WatchersField } from '../../ui/work-item-fields';
import { optionsOf, sourceLabel } from '../../ui/labels';
import { mapFieldErrors } from '../../ui/map-field-errors';
import { paths } from '../../ui/paths';
import type { EpicFormChoices } from './epic-form-choices';
import {
  EPIC_FORM_FIELDS,
  ESTIMATE_FIELDS,
  buildEpicFormSchema,
  createDefaults,
  editDefaults,
  epicFieldAliases,
  formCustomFields,
  toCreateInput,
  toUpdateInput,
  type EpicFormOutput,
  type EpicFormValues,
  type EstimateField,
} from './epic-form-schema';

export interface EpicFormProps {
  productId: string;
  choices: EpicFormChoices;
  /** The epic being edited; omitted when creating. */
  epic?: Epic;
  /** On create: the release to preselect (`?release=`), an id or a key. */
  initialRelease?: string | null;
  /** On create: the initiative to preselect (`?initiative=`), an id or a key. */
  initialInitiative?: string | null;
}

type FormControl = Control<EpicFormValues, unknown, EpicFormOutput>;

const COMPUTED_DATES_HINT: Record<string, string> = {
  duration_from_features: 'Set from the epic’s features',
  duration_from_releases: 'Set from the epic’s release',
};

function EstimateController({
  name,
  control,
  units,
  error,
}: {
  name: EstimateField;
  control: FormControl;
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

export function EpicForm({ productId, choices, epic, initialRelease, initialInitiative }: EpicFormProps) {
  const navigate = useNavigate();
  const createEpic = useCreateEpic();
  const updateEpic = useUpdateEpic();
  const [formErrors, setFormErrors] = useState<string[]>([]);

  // The epic's own release and initiative stay choosable even when the lists do not carry them.
  const releases = useMemo(() => {
    const list = [...choices.releases];
    if (epic && !list.some((r) => r.id === epic.release.id)) {
      list.unshift({
        id: epic.release.id,
        name: epic.release.name,
        reference_num: epic.release.reference_num,
        capacity_units: epic.release.capacity_units,
        parking_lot: epic.release.parking_lot,
      });
    }
    return list;
  }, [choices.releases, epic]);
  const initiatives = useMemo(() => {
    const list = [...choices.initiatives];
    if (epic?.initiative && !list.some((i) => i.id === epic.initiative?.id)) list.unshift(epic.initiative);
    return list;
  }, [choices.initiatives, epic]);
  // Fixed for the form's life: `custom_fields[i]` is the value of the i-th field.
  const [customFields] = useState<EpicCustomField[]>(() => formCustomFields(choices.customFields, epic));

  const schema = useMemo(
    () =>
      buildEpicFormSchema({
        customFields,
        unitsOf: (id) => releases.find((r) => r.id === id)?.capacity_units ?? epic?.work_units ?? 'time',
      }),
    [customFields, epic, releases],
  );

  const [defaultValues] = useState<EpicFormValues>(() => {
    if (epic) return editDefaults(epic, customFields);
    // `?release=` and `?initiative=` may carry an id or a key, in any case (pln-s-1).
    const pick = (list: readonly { id: string; reference_num: string }[], ref: string | null | undefined) =>
      ref
        ? list.find((c) => c.id === ref || c.reference_num.toLowerCase() === ref.toLowerCase())?.id
        : undefined;
    return createDefaults({
      releaseId: pick(releases, initialRelease),
      initiativeId: pick(initiatives, initialInitiative),
      statusName: choices.statuses[0]?.name,
      customFieldCount: customFields.length,
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
  } = useForm<EpicFormValues, unknown, EpicFormOutput>({
    resolver: zodResolver(schema),
    defaultValues,
    mode: 'onTouched',
  });
  const { field: watchers } = useController({ name: 'watchers', control });

  const [releaseId, progressSource, durationSource, teamId, initialText, detailedText, remainingText] =
    useWatch({
      control,
      name: [
        'release',
        'progress_source',
        'duration_source',
        'team',
        'initial_estimate_text',
        'detailed_estimate_text',
        'remaining_estimate_text',
      ],
    });

  const release = releases.find((r) => r.id === releaseId);
  const units: CapacityUnits = release?.capacity_units ?? epic?.work_units ?? 'time';
  const estimatesInvalid = [initialText, detailedText, remainingText].some(
    (t) => estimateError(t ?? '', units) !== null,
  );
  const datesManual = durationSource === 'duration_manual';
  const datesHint = datesManual ? undefined : COMPUTED_DATES_HINT[durationSource ?? ''];

  const submit = handleSubmit(async (values) => {
    setFormErrors([]);
    try {
      const saved = epic
        ? await updateEpic.mutateAsync({ id: epic.id, input: toUpdateInput(values, customFields) })
        : await createEpic.mutateAsync({
            releaseId: values.release,
            input: toCreateInput(values, customFields),
          });
      navigate(paths.epic(saved.reference_num));
    } catch (error) {
      setFormErrors(
        mapFieldErrors(error, setError, EPIC_FORM_FIELDS, { aliases: epicFieldAliases(customFields) }),
      );
    }
  });

  const releaseOptions: SelectOption[] = releases.map((r) => ({
    value: r.id,
    label: `${r.reference_num ? `${r.reference_num} ` : ''}${r.name}${r.parking_lot ? ' (parking lot)' : ''}`,
  }));
  const statusOptions: SelectOption[] = choices.statuses.map((s) => ({ value: s.name, label: s.name }));
  if (epic && !statusOptions.some((o) => o.value === epic.workflow_status.name)) {
    statusOptions.unshift({ value: epic.workflow_status.name, label: epic.workflow_status.name });
  }
  const initiativeOptions: SelectOption[] = initiatives.map((i) => ({
    value: i.id,
    label: i.reference_num ? `${i.reference_num} ${i.name}` : i.name,
  }));
  const userOptions: SelectOption[] = choices.users
    .filter((u) => u.enabled || u.email === epic?.assigned_to_user?.email)
    .map((u) => ({ value: u.email, label: u.name ? `${u.name} (${u.email})` : u.email }));
  if (epic?.assigned_to_user && !userOptions.some((o) => o.value === epic.assigned_to_user?.email)) {
    userOptions.unshift({ value: epic.assigned_to_user.email, label: epic.assigned_to_user.name });
  }
  const watcherUsers = choices.users.filter((u) => u.enabled || epic?.watchers.some((w) => w.id === u.id));

  const onReleaseChange = () => {
    // The estimates are read in the new release's units.
    const filled = ESTIMATE_FIELDS.filter((f) => getValues(f).trim() !== '' || errors[f]);
    if (filled.length > 0) void trigger(filled);
  };
  const onTeamChange = () => {
    // Iterations, increments and statuses of another team would be refused by the service.
    setValue('iteration', '');
    setValue('program_increment', '');
    setValue('team_workflow_status', '');
  };

  const pending = isSubmitting || createEpic.isPending || updateEpic.isPending;
  const submitLabel = epic ? 'Save epic' : 'Create epic';
  const cancelHref = epic ? paths.epic(epic.reference_num) : paths.epics(productId);

  return (
    <form
      className="form card epic-form"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={epic ? 'Edit epic' : 'New epic'}
    >
      <FormError messages={formErrors} />

      <fieldset className="form-section">
        <legend className="form-section__title">Epic</legend>
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
            label="Status"
            registration={register('workflow_status')}
            options={statusOptions}
            placeholder={statusOptions.length === 0 ? 'Default status' : undefined}
            error={errors.workflow_status?.message}
          />
          <SelectField
            label="Initiative"
            registration={register('initiative')}
            options={initiativeOptions}
            placeholder={
              initiativeOptions.length === 0 ? 'No initiatives in this workspace' : 'No initiative'
            }
            error={errors.initiative?.message}
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
            className="field--wide"
            registration={register('tags')}
            hint="Separate tags with commas"
            error={errors.tags?.message}
            autoComplete="off"
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
            options={optionsOf(EPIC_DURATION_SOURCES, sourceLabel)}
            hint={datesManual ? 'Start and due dates are entered here' : 'Start and due dates are computed'}
            error={errors.duration_source?.message}
          />
          <TextField
            label="Start date"
            type="date"
            registration={register('start_date')}
            disabled={!datesManual}
            hint={datesHint}
            error={'start_date' in errors ? errors.start_date?.message : undefined}
          />
          <TextField
            label="Due date"
            type="date"
            registration={register('due_date')}
            disabled={!datesManual}
            hint={datesHint}
            error={'due_date' in errors ? errors.due_date?.message : undefined}
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
            options={optionsOf(EPIC_PROGRESS_SOURCES, sourceLabel)}
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
          id="epic-watchers"
        />
      </fieldset>

      {customFields.length > 0 ? (
        <fieldset className="form-section">
          <legend className="form-section__title">Custom fields</legend>
          <div className="form-grid">
            {customFields.map((cf, i) => {
              const registration = register(`custom_fields.${i}`);
              const error = errors.custom_fields?.[i]?.message;
              if (cf.type === 'select') {
                return (
                  <SelectField
                    key={cf.key}
                    label={cf.name}
                    registration={registration}
                    options={cf.values.map((v) => ({ value: v, label: v }))}
                    placeholder="None"
                    error={error}
                  />
                );
              }
              return (
                <TextField
                  key={cf.key}
                  label={cf.name}
                  type={cf.type === 'number' ? 'number' : cf.type === 'date' ? 'date' : 'text'}
                  step={cf.type === 'number' ? 'any' : undefined}
                  registration={registration}
                  autoComplete="off"
                  error={error}
                />
              );
            })}
          </div>
        </fieldset>
      ) : null}

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
