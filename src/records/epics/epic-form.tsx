// The one epic form, for creating (operation 5) and editing, in the FormShell: the main column
// holds what the epic is (name, release, status, description, dates, estimates and progress), the
// side column what it links to (initiative, tags, team, watchers, custom fields). Dates are entered
// only under manual duration, progress only under manual progress; the service's field errors land
// under the fields they name.
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { uploadImage } from '../../api/attachments';
import { useCreateEpic, useUpdateEpic, type EpicCustomField } from '../../api/epics';
import type { Epic } from '../../contract/epics';
import { EPIC_DURATION_SOURCES, EPIC_PROGRESS_SOURCES } from '../../domain/progress';
import { pickChoice, releasesWithCurrent, type LinkChoice, type ReleaseChoice } from '../../ui/form-choices';
import { AssigneeField, DescriptionField, DurationSection, LinkSelect, NameField, StatusField, TagsField } from '../../ui/form-fields';
import { FormSection, FormShell, recordFormLabels, useRecordForm } from '../../ui/form-shell';
import { sourceLabel } from '../../ui/labels';
import { paths } from '../../ui/paths';
import {
  CustomFieldsSection,
  EstimatesSection,
  PeopleSection,
  ReleaseField,
  TeamSection,
  useReleaseUnits,
} from '../../ui/work-item-fields';
import type { EpicFormChoices } from './epic-form-choices';
import {
  buildEpicFormSchema,
  createDefaults,
  editDefaults,
  epicFieldAliases,
  formCustomFields,
  toCreateInput,
  toUpdateInput,
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
  return (
    <>
      <FormSection title="Epic">
        <NameField />
        <ReleaseField releases={releases} units={units} />
        <StatusField statuses={choices.statuses} current={epic?.workflow_status.name} />
        <AssigneeField users={choices.users} current={epic?.assigned_to_user} />
        <DescriptionField onUploadImage={epic ? (file) => uploadImage({ collection: 'epics', id: epic.id }, file) : undefined} />
      </FormSection>
      <DurationSection
        sources={EPIC_DURATION_SOURCES}
        labelOf={sourceLabel}
        sourceHint={(manual) => (manual ? 'Start and due dates are entered here' : 'Start and due dates are computed')}
        computedHint={(source) => COMPUTED_DATES_HINT[source]}
        end="due_date"
        endLabel="Due date"
      />
      <EstimatesSection units={units} sources={EPIC_PROGRESS_SOURCES} />
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
        <LinkSelect name="initiative" label="Initiative" options={initiativeOptions} />
        <TagsField />
      </FormSection>
      <TeamSection teams={choices.teams} />
      <PeopleSection users={choices.users} id="epic-watchers" />
      <CustomFieldsSection customFields={customFields} users={choices.users} />
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
  const form = useRecordForm(schema, () =>
    epic
      ? editDefaults(epic, customFields)
      : createDefaults({
          releaseId: pickChoice(releases, initialRelease),
          initiativeId: pickChoice(initiatives, initialInitiative),
          statusName: choices.statuses[0]?.name,
          customFieldCount: customFields.length,
        }),
  );

  return (
    <FormShell
      form={form}
      {...recordFormLabels('epic', epic)}
      aliases={epicFieldAliases(customFields)}
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
