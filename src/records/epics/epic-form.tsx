// The one epic form, for creating (operation 5) and editing, in the FormShell: the main column
// holds what the epic is (name, release, status, description, dates, estimates and progress), the
// side column what it links to (initiative, tags, team, watchers, custom fields). Dates are entered
// only under manual duration, progress only under manual progress; the service's field errors land
// under the fields they name.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { useCreateEpic, useUpdateEpic, type EpicCustomField } from '../../api/epics';
import type { Epic } from '../../contract/epics';
import { EPIC_DURATION_SOURCES, EPIC_PROGRESS_SOURCES } from '../../domain/progress';
import { pickChoice, releasesWithCurrent, type LinkChoice, type ReleaseChoice } from '../../ui/form-choices';
import {
  AssigneeField,
  BoundSelect,
  DateFields,
  DescriptionField,
  NameField,
  ProgressFields,
  StatusField,
  TagsField,
} from '../../ui/form-fields';
import { FormSection, FormShell } from '../../ui/form-shell';
import { optionsOf, sourceLabel } from '../../ui/labels';
import { paths } from '../../ui/paths';
import { CustomFieldsSection, EstimateFields, PeopleSection, ReleaseField, TeamSection, useReleaseUnits } from '../../ui/work-item-fields';
import type { EpicFormChoices } from './epic-form-choices';
import {
  EPIC_FORM_FIELDS,
  buildEpicFormSchema,
  createDefaults,
  editDefaults,
  epicFieldAliases,
  formCustomFields,
  toCreateInput,
  toUpdateInput,
  type EpicFormOutput,
  type EpicFormValues,
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

const COMPUTED_DATES_HINT: Record<string, string> = {
  duration_from_features: 'Set from the epic’s features',
  duration_from_releases: 'Set from the epic’s release',
};

function MainFields({ choices, epic, releases }: { choices: EpicFormChoices; epic?: Epic; releases: readonly ReleaseChoice[] }) {
  const units = useReleaseUnits(releases, epic?.work_units);
  const durationSource = useWatch({ name: 'duration_source' }) as string | undefined;
  const datesManual = durationSource === 'duration_manual';
  return (
    <>
      <FormSection title="Epic">
        <NameField />
        <ReleaseField releases={releases} units={units} />
        <StatusField statuses={choices.statuses} current={epic?.workflow_status.name} />
        <AssigneeField users={choices.users} current={epic?.assigned_to_user} />
        <DescriptionField />
      </FormSection>
      <FormSection title="Dates" grid="form-grid form-grid--3">
        <BoundSelect
          name="duration_source"
          label="Duration source"
          options={optionsOf(EPIC_DURATION_SOURCES, sourceLabel)}
          hint={datesManual ? 'Start and due dates are entered here' : 'Start and due dates are computed'}
        />
        <DateFields end="due_date" endLabel="Due date" disabled={!datesManual} hint={datesManual ? undefined : COMPUTED_DATES_HINT[durationSource ?? '']} />
      </FormSection>
      <FormSection title="Estimates and progress" grid="form-grid form-grid--3">
        <EstimateFields units={units} />
        <ProgressFields sources={EPIC_PROGRESS_SOURCES} labelOf={sourceLabel} />
      </FormSection>
    </>
  );
}

function SideFields({
  choices,
  initiatives,
  customFields,
}: {
  choices: EpicFormChoices;
  initiatives: readonly LinkChoice[];
  customFields: readonly EpicCustomField[];
}) {
  const initiativeOptions = initiatives.map((i) => ({ value: i.id, label: i.reference_num ? `${i.reference_num} ${i.name}` : i.name }));
  return (
    <>
      <FormSection title="Strategy and tags">
        <BoundSelect
          name="initiative"
          label="Initiative"
          options={initiativeOptions}
          placeholder={initiativeOptions.length === 0 ? 'No initiatives in this workspace' : 'No initiative'}
        />
        <TagsField />
      </FormSection>
      <TeamSection teams={choices.teams} />
      <PeopleSection users={choices.users} id="epic-watchers" />
      <CustomFieldsSection customFields={customFields} />
    </>
  );
}

export function EpicForm({ productId, choices, epic, initialRelease, initialInitiative }: EpicFormProps) {
  const navigate = useNavigate();
  const createEpic = useCreateEpic();
  const updateEpic = useUpdateEpic();

  // The epic's own release and initiative stay choosable even when the lists do not carry them.
  const releases = useMemo(() => releasesWithCurrent(choices.releases, epic?.release), [choices.releases, epic]);
  const initiatives = useMemo(() => {
    const current = epic?.initiative;
    return current && !choices.initiatives.some((i) => i.id === current.id) ? [current, ...choices.initiatives] : choices.initiatives;
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
  const [defaultValues] = useState<EpicFormValues>(() =>
    epic
      ? editDefaults(epic, customFields)
      : createDefaults({
          releaseId: pickChoice(releases, initialRelease),
          initiativeId: pickChoice(initiatives, initialInitiative),
          statusName: choices.statuses[0]?.name,
          customFieldCount: customFields.length,
        }),
  );
  const form = useForm<EpicFormValues, unknown, EpicFormOutput>({
    resolver: zodResolver(schema),
    defaultValues,
    mode: 'onTouched',
  });

  return (
    <FormShell
      form={form}
      label={epic ? 'Edit epic' : 'New epic'}
      className="epic-form"
      fields={EPIC_FORM_FIELDS}
      aliases={epicFieldAliases(customFields)}
      submitLabel={epic ? 'Save epic' : 'Create epic'}
      cancel={{ to: epic ? paths.epic(epic.reference_num) : paths.epics(productId) }}
      onSubmit={(values) =>
        epic
          ? updateEpic.mutateAsync({ id: epic.id, input: toUpdateInput(values, customFields) })
          : createEpic.mutateAsync({ releaseId: values.release, input: toCreateInput(values, customFields) })
      }
      successMessage={(saved) => `${epic ? 'Saved' : 'Created'} ${saved.reference_num} ${saved.name}`}
      onSuccess={(saved) => navigate(paths.epic(saved.reference_num))}
      aside={<SideFields choices={choices} initiatives={initiatives} customFields={customFields} />}
    >
      <MainFields choices={choices} epic={epic} releases={releases} />
    </FormShell>
  );
}
