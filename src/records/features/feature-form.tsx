// The one feature form, for creating (operation 1) and editing (operation 2), drawn from the
// workspace's Feature layout (LayoutForm): the feature's standard fields are blocks the layout
// places in its sections and columns — by default the main column holds what the feature is (name,
// release and phase, status, dates, description, estimates and progress), the side column what it
// links to (initiative, epic, kind, tags, team, watchers) — and its custom fields come with it.
// Estimates are read as typed in the chosen release's units; the progress field shows only under
// manual progress; the service's field errors land under the fields they name.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { uploadImage } from '../../api/attachments';
import { useCreateFeature, useUpdateFeature } from '../../api/features';
import { releaseQueries } from '../../api/releases';
import type { Feature } from '../../contract/features';
import type { SelectOption } from '../../ui/field';
import { pickChoice, releasesWithCurrent, type LinkChoice } from '../../ui/form-choices';
import {
  AssigneeField,
  BoundSelect,
  DateFields,
  DescriptionField,
  LinkSelect,
  NameField,
  StatusField,
  TagsField,
  withCurrent,
} from '../../ui/form-fields';
import { recordFormLabels, useRecordForm } from '../../ui/form-shell';
import { LayoutForm, type FixedBlock, type LayoutBlocks } from '../../ui/layout-form';
import { formLayout } from '../../ui/layout-model';
import { paths } from '../../ui/paths';
import { EstimatesSection, PeopleSection, ReleaseField, TeamSection, useReleaseUnits } from '../../ui/work-item-fields';
import type { FeatureFormChoices } from './feature-form-choices';
import {
  FEATURE_FIELD_ALIASES,
  buildFeatureFormSchema,
  createDefaults,
  editDefaults,
  progressSourceChoices,
  toCreateInput,
  toUpdateInput,
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

/** Options of a link select; the record's current link stays chosen even when the list lacks it. */
function linkOptions(
  list: readonly LinkChoice[],
  current: { id: string; name: string; reference_num: string } | null | undefined,
): SelectOption[] {
  return withCurrent(
    list.map((c) => ({ value: c.id, label: `${c.name}${c.release ? ` — ${c.release}` : ''} (${c.reference_num})` })),
    current ? { value: current.id, label: `${current.name} (${current.reference_num})` } : null,
  );
}

/** The phases of the chosen release; the feature's own phase stays shown while they load. */
function PhaseField({ feature }: { feature?: Feature }) {
  const releaseId = (useWatch({ name: 'release' }) as string | undefined) ?? '';
  const phases = useQuery({ ...releaseQueries.phases(releaseId), enabled: Boolean(releaseId) });
  const own = feature?.belongs_to_release_phase;
  const options = withCurrent(
    (phases.data ?? []).map((p) => ({ value: p.id, label: p.type === 'milestone' ? `${p.name} (milestone)` : p.name })),
    own && releaseId === feature.release.id ? { value: own.id, label: own.name } : null,
  );
  return (
    <BoundSelect
      name="release_phase"
      label="Release phase"
      options={options}
      placeholder="No phase"
      disabled={!releaseId}
      hint={
        !releaseId
          ? 'Choose a release first'
          : phases.isPending
            ? 'Loading phases…'
            : phases.isError
              ? 'The phases could not be loaded'
              : options.length === 0
                ? 'This release has no phases'
                : undefined
      }
    />
  );
}

/** The release select; a change clears the phase (phases belong to a release). */
function FeatureRelease({ releases, feature }: { releases: FeatureFormChoices['releases']; feature?: Feature }) {
  const { setValue } = useFormContext();
  const units = useReleaseUnits(releases, feature?.work_units);
  return <ReleaseField releases={releases} units={units} onChange={() => setValue('release_phase', '')} />;
}

/** Estimates and progress, read in the chosen release's units. */
function FeatureEstimates({ releases, feature }: { releases: FeatureFormChoices['releases']; feature?: Feature }) {
  const units = useReleaseUnits(releases, feature?.work_units);
  return <EstimatesSection units={units} sources={progressSourceChoices(feature ? 'edit' : 'create', feature?.progress_source)} />;
}

/** The feature's standard fields as the layout places them, by its keys. */
function featureBlocks(choices: FeatureFormChoices, releases: FeatureFormChoices['releases'], feature?: Feature): LayoutBlocks {
  const kindOptions = withCurrent(
    choices.kinds.map((k) => ({ value: k.id, label: k.name })),
    feature?.workflow_kind ? { value: feature.workflow_kind.id, label: feature.workflow_kind.name } : null,
  );
  return {
    name: <NameField />,
    release: <FeatureRelease releases={releases} feature={feature} />,
    release_phase: <PhaseField feature={feature} />,
    workflow_status: <StatusField statuses={choices.statuses} current={feature?.workflow_status.name} />,
    assigned_to_user: <AssigneeField users={choices.users} current={feature?.assigned_to_user} />,
    description: (
      <DescriptionField onUploadImage={feature ? (file) => uploadImage({ collection: 'features', id: feature.id }, file) : undefined} />
    ),
    estimates: <FeatureEstimates releases={releases} feature={feature} />,
    initiative: (
      <LinkSelect
        name="initiative"
        label="Initiative"
        options={linkOptions(choices.initiatives, feature?.initiative)}
        hint="The strategic initiative this feature advances."
      />
    ),
    epic: (
      <LinkSelect
        name="epic"
        label="Epic"
        options={linkOptions(choices.epics, feature?.epic)}
        hint="The epic this feature belongs to; its progress counts toward the epic's."
      />
    ),
    workflow_kind: <BoundSelect name="workflow_kind" label="Kind" options={kindOptions} placeholder="No kind" />,
    tags: <TagsField />,
    team: <TeamSection teams={choices.teams} />,
    watchers: <PeopleSection users={choices.users} id="feature-watchers" />,
  };
}

/**
 * The feature's start and due dates are no field of the layout catalogue: they stay where they
 * always were, after the assignee (or what comes before it when the layout leaves it out).
 */
const FEATURE_FIXED: Record<string, FixedBlock> = {
  dates: {
    after: ['assigned_to_user', 'workflow_status', 'release_phase', 'release'],
    node: <DateFields end="due_date" endLabel="Due date" />,
  },
};

export function FeatureForm({ productId, choices, feature, initialRelease, initialEpic, initialInitiative }: FeatureFormProps) {
  const navigate = useNavigate();
  const createFeature = useCreateFeature();
  const updateFeature = useUpdateFeature();

  // The feature's own release stays choosable even when the list does not carry it.
  const releases = useMemo(() => releasesWithCurrent(choices.releases, feature?.release), [choices.releases, feature]);
  const layout = useMemo(
    () => formLayout(choices.layout, { mode: feature ? 'edit' : 'create', record: feature }),
    [choices.layout, feature],
  );
  const schema = useMemo(
    () =>
      buildFeatureFormSchema({
        mode: feature ? 'edit' : 'create',
        currentSource: feature?.progress_source,
        unitsOf: (id) => releases.find((r) => r.id === id)?.capacity_units ?? feature?.work_units ?? 'time',
        layout,
      }),
    [feature, releases, layout],
  );
  const form = useRecordForm(schema, () =>
    feature
      ? editDefaults(feature, layout)
      : createDefaults({
          releaseId: pickChoice(releases, initialRelease),
          statusName: choices.statuses[0]?.name,
          epicId: pickChoice(choices.epics, initialEpic),
          initiativeId: pickChoice(choices.initiatives, initialInitiative),
          layout,
        }),
  );

  return (
    <LayoutForm
      form={form}
      model={layout}
      blocks={featureBlocks(choices, releases, feature)}
      fixed={FEATURE_FIXED}
      users={choices.users}
      {...recordFormLabels('feature', feature)}
      aliases={FEATURE_FIELD_ALIASES}
      cancel={{ to: feature ? paths.feature(feature.reference_num) : paths.features(productId) }}
      onSubmit={(values) =>
        feature
          ? updateFeature.mutateAsync({ id: feature.id, input: toUpdateInput(values, feature, layout) })
          : createFeature.mutateAsync({ releaseId: values.release, input: toCreateInput(values, layout) })
      }
      successMessage={(saved) => `${feature ? 'Saved' : 'Created'} ${saved.reference_num} ${saved.name}`}
      onSuccess={(saved) => navigate(paths.feature(saved.reference_num))}
    />
  );
}
