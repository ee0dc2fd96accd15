// The one epic form, for creating (operation 5) and editing, drawn from the workspace's Epic layout
// (LayoutForm): the epic's standard fields are blocks the layout places in its sections and columns
// — by default the main column holds what the epic is (name, release, status, description, dates,
// estimates and progress), the side column what it links to (initiative, tags, team, watchers) — and
// the layout's custom fields come with it (a custom field the layout leaves out is not drawn, and a
// save leaves its value as it is). Dates are entered only under manual duration, progress only under
// manual progress; the service's field errors land under the fields they name.
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { uploadImage } from '../../api/attachments';
import { useCreateEpic, useUpdateEpic } from '../../api/epics';
import type { Epic } from '../../contract/epics';
import { EPIC_DURATION_SOURCES, EPIC_PROGRESS_SOURCES } from '../../domain/progress';
import { pickChoice, releasesWithCurrent, type LinkChoice, type ReleaseChoice } from '../../ui/form-choices';
import { AssigneeField, DescriptionField, DurationSection, LinkSelect, NameField, StatusField, TagsField } from '../../ui/form-fields';
import { recordFormLabels, useRecordForm } from '../../ui/form-shell';
import { sourceLabel } from '../../ui/labels';
import { LayoutForm, type LayoutBlocks } from '../../ui/layout-form';
import { formLayout } from '../../ui/layout-model';
import { paths } from '../../ui/paths';
import { EstimatesSection, PeopleSection, ReleaseField, TeamSection, useReleaseUnits } from '../../ui/work-item-fields';
import type { EpicFormChoices } from './epic-form-choices';
import { EPIC_FIELD_ALIASES, buildEpicFormSchema, createDefaults, editDefaults, toCreateInput, toUpdateInput } from './epic-form-schema';

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

/** The release select; a change re-reads the estimates in its units. */
function EpicRelease({ releases, epic }: { releases: readonly ReleaseChoice[]; epic?: Epic }) {
  return <ReleaseField releases={releases} units={useReleaseUnits(releases, epic?.work_units)} />;
}

/** Estimates and progress, read in the chosen release's units. */
function EpicEstimates({ releases, epic }: { releases: readonly ReleaseChoice[]; epic?: Epic }) {
  return <EstimatesSection units={useReleaseUnits(releases, epic?.work_units)} sources={EPIC_PROGRESS_SOURCES} />;
}

/** The epic's standard fields as the layout places them, by its keys. */
function epicBlocks(
  choices: EpicFormChoices,
  releases: readonly ReleaseChoice[],
  initiatives: readonly LinkChoice[],
  epic?: Epic,
): LayoutBlocks {
  const initiativeOptions = initiatives.map((i) => ({ value: i.id, label: i.reference_num ? `${i.reference_num} ${i.name}` : i.name }));
  return {
    name: <NameField />,
    release: <EpicRelease releases={releases} epic={epic} />,
    workflow_status: <StatusField statuses={choices.statuses} current={epic?.workflow_status.name} />,
    assigned_to_user: <AssigneeField users={choices.users} current={epic?.assigned_to_user} />,
    description: <DescriptionField onUploadImage={epic ? (file) => uploadImage({ collection: 'epics', id: epic.id }, file) : undefined} />,
    dates: (
      <DurationSection
        sources={EPIC_DURATION_SOURCES}
        labelOf={sourceLabel}
        sourceHint={(manual) => (manual ? 'Start and due dates are entered here' : 'Start and due dates are computed')}
        computedHint={(source) => COMPUTED_DATES_HINT[source]}
        end="due_date"
        endLabel="Due date"
      />
    ),
    estimates: <EpicEstimates releases={releases} epic={epic} />,
    initiative: <LinkSelect name="initiative" label="Initiative" options={initiativeOptions} />,
    tags: <TagsField />,
    team: <TeamSection teams={choices.teams} />,
    watchers: <PeopleSection users={choices.users} id="epic-watchers" />,
  };
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
  const layout = useMemo(() => formLayout(choices.layout, { mode: epic ? 'edit' : 'create', record: epic }), [choices.layout, epic]);

  const schema = useMemo(
    () =>
      buildEpicFormSchema({
        layout,
        unitsOf: (id) => releases.find((r) => r.id === id)?.capacity_units ?? epic?.work_units ?? 'time',
      }),
    [layout, epic, releases],
  );
  const form = useRecordForm(schema, () =>
    epic
      ? editDefaults(epic, layout)
      : createDefaults({
          releaseId: pickChoice(releases, initialRelease),
          initiativeId: pickChoice(initiatives, initialInitiative),
          statusName: choices.statuses[0]?.name,
          layout,
        }),
  );

  return (
    <LayoutForm
      form={form}
      model={layout}
      blocks={epicBlocks(choices, releases, initiatives, epic)}
      users={choices.users}
      {...recordFormLabels('epic', epic)}
      aliases={EPIC_FIELD_ALIASES}
      cancel={{ to: epic ? paths.epic(epic.reference_num) : paths.epics(productId) }}
      onSubmit={(values) =>
        epic
          ? updateEpic.mutateAsync({ id: epic.id, input: toUpdateInput(values, layout) })
          : createEpic.mutateAsync({ releaseId: values.release, input: toCreateInput(values, layout) })
      }
      successMessage={(saved) => `${epic ? 'Saved' : 'Created'} ${saved.reference_num} ${saved.name}`}
      onSuccess={(saved) => navigate(paths.epic(saved.reference_num))}
    />
  );
}
