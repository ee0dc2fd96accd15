// One initiative in full: where it sits in the roll-up tree (parent, children), who owns it, its
// size, dates and progress with their sources, its description (sanitised HTML), the goals it
// serves (operation 20) and the epics and features grouped under it, with edit and "new epic".
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { initiativeQueries } from '../../api/initiatives';
import type { Initiative } from '../../contract/initiatives';
import { RecordActivity } from '../../ui/record-activity';
import { ButtonLink } from '../../ui/button';
import { personName } from '../../ui/detail-list';
import { EmptyState } from '../../ui/empty-state';
import { formatDate } from '../../ui/format';
import { PagedTable } from '../../ui/paged-section';
import { paths } from '../../ui/paths';
import { KeyedLink, OverviewCard, strategyDetails, SwatchTitle } from '../../ui/record-parts';
import { recordRoute } from '../../ui/record-gate';
import { RecordHeader } from '../../ui/screen-header';
import { StatusPill } from '../../ui/status-pill';
import {
  keyNameColumn,
  progressColumn,
  releaseColumn,
  statusColumn,
  type WorkItemKind,
  type WorkItemRow,
} from '../../ui/work-item-columns';
import { initiativeSourceLabel } from './initiative-labels';
import './initiatives.css';

export const INITIATIVE_ITEMS_PER_PAGE = 20;
const CHILD_FIELDS = 'name,reference_num,color,workflow_status,progress,children_count';

function InitiativeDetails({ record: i }: { record: Initiative }) {
  return (
    <div className="stack">
      <RecordHeader
        record={i}
        trail={[
          { label: 'Initiatives', to: paths.initiatives(i.product_id) },
          ...(i.parent ? [{ label: i.parent.reference_num, to: paths.initiative(i.parent.id) }] : []),
        ]}
        title={<SwatchTitle color={i.color} name={i.name} />}
        meta={
          <>
            <StatusPill status={i.workflow_status} />
            <span>{i.assigned_to_user ? `Assignee: ${personName(i.assigned_to_user)}` : 'Unassigned'}</span>
            {i.presented ? <span className="tag">On roadmaps</span> : null}
          </>
        }
        actions={
          <>
            <ButtonLink to={paths.newEpic(i.product_id, { initiative: i.id })}>New epic for this initiative</ButtonLink>
            <ButtonLink to={paths.newInitiative(i.product_id, { parent: i.id })}>Add child initiative</ButtonLink>
            <ButtonLink to={paths.editInitiative(i.id)} variant="primary">
              Edit
            </ButtonLink>
          </>
        }
      />

      <OverviewCard
        items={[
          { label: 'Reference', value: <span className="mono">{i.reference_num}</span> },
          { label: 'Status', value: <StatusPill status={i.workflow_status} /> },
          {
            label: 'Parent initiative',
            value: i.parent ? (
              <KeyedLink to={paths.initiative(i.parent.id)} reference={i.parent.reference_num} name={i.parent.name} />
            ) : (
              <span className="muted">None (top level)</span>
            ),
          },
          { label: 'Assignee', value: personName(i.assigned_to_user) },
          { label: 'Start date', value: formatDate(i.start_date) },
          { label: 'End date', value: formatDate(i.end_date) },
          { label: 'Dates from', value: initiativeSourceLabel(i.duration_source) },
          { label: 'Presented on roadmaps', value: i.presented ? 'Yes' : 'No' },
          ...strategyDetails(i, initiativeSourceLabel(i.progress_source)),
        ]}
        description={i.description?.body}
      />

      <div className="initiative-columns">
        <InitiativeChildren initiative={i} />
        <InitiativeGoals initiative={i} />
      </div>
      <InitiativeWork initiative={i} kind="epic" />
      <InitiativeWork initiative={i} kind="feature" />
      <RecordActivity kind="initiatives" id={i.id} productId={i.product_id} commentCount={i.comments_count} />
    </div>
  );
}

const childColumns = [keyNameColumn<WorkItemRow>('initiative'), statusColumn<WorkItemRow>(), progressColumn<WorkItemRow>('initiative')];

function InitiativeChildren({ initiative: i }: { initiative: Initiative }) {
  const children = useQuery(initiativeQueries.list(i.product_id, { parentId: i.id, perPage: 200, fields: CHILD_FIELDS }));
  return (
    <PagedTable
      id="initiative-children-heading"
      title="Child initiatives"
      count={children.data?.initiatives.length}
      action={
        <ButtonLink to={paths.newInitiative(i.product_id, { parent: i.id })} size="sm">
          Add child
        </ButtonLink>
      }
      label={`Child initiatives of ${i.reference_num}`}
      noun="child initiatives"
      columns={childColumns}
      rows={children.data?.initiatives}
      state={children}
      empty={
        <EmptyState compact title="No child initiatives">
          Nest initiatives to roll their progress up here.
        </EmptyState>
      }
    />
  );
}

const goalColumns = [keyNameColumn<WorkItemRow>('goal'), progressColumn<WorkItemRow>('goal')];

function InitiativeGoals({ initiative: i }: { initiative: Initiative }) {
  const [page, setPage] = useState(1);
  const goals = useQuery(initiativeQueries.goals(i.id, { page, perPage: INITIATIVE_ITEMS_PER_PAGE }));
  return (
    <PagedTable
      id="initiative-goals-heading"
      title="Goals"
      count={goals.data?.pagination.total_records}
      action={
        <ButtonLink to={paths.goals(i.product_id)} size="sm" variant="ghost">
          All goals
        </ButtonLink>
      }
      label={`Goals served by ${i.reference_num}`}
      noun="goals"
      columns={goalColumns}
      rows={goals.data?.goals}
      state={goals}
      onPageChange={setPage}
      empty={
        <EmptyState compact title="Serves no goals yet">
          Edit the initiative to tick the goals it serves.
        </EmptyState>
      }
    />
  );
}

const workColumns = (kind: WorkItemKind) => [
  keyNameColumn<WorkItemRow>(kind),
  statusColumn<WorkItemRow>(),
  releaseColumn<WorkItemRow>(),
  progressColumn<WorkItemRow>(kind),
];
const WORK_COLUMNS = { epic: workColumns('epic'), feature: workColumns('feature') };

/** The epics or the features grouped under the initiative, a page at a time. */
function InitiativeWork({ initiative: i, kind }: { initiative: Initiative; kind: 'epic' | 'feature' }) {
  const [page, setPage] = useState(1);
  const params = { page, perPage: INITIATIVE_ITEMS_PER_PAGE };
  const epics = useQuery({ ...initiativeQueries.epics(i.id, params), enabled: kind === 'epic' });
  const features = useQuery({ ...initiativeQueries.features(i.id, params), enabled: kind === 'feature' });
  const query = kind === 'epic' ? epics : features;
  const rows: WorkItemRow[] | undefined = kind === 'epic' ? epics.data?.epics : features.data?.features;
  const noun = kind === 'epic' ? 'epics' : 'features';
  return (
    <PagedTable
      id={`initiative-${noun}-heading`}
      title={kind === 'epic' ? 'Epics' : 'Features'}
      count={kind === 'epic' ? i.epics_count : i.features_count}
      action={
        // No second "New epic for this initiative" wording here: the header's link stays the only one.
        kind === 'epic' ? (
          <ButtonLink to={paths.newEpic(i.product_id, { initiative: i.id })} size="sm">
            New epic
          </ButtonLink>
        ) : undefined
      }
      label={`${kind === 'epic' ? 'Epics' : 'Features'} of ${i.reference_num}`}
      noun={noun}
      columns={WORK_COLUMNS[kind]}
      rows={rows}
      state={query}
      onPageChange={setPage}
      empty={
        <EmptyState compact title={`No ${noun} under this initiative yet`}>
          {kind === 'epic'
            ? 'Start one with "New epic"; it joins this initiative.'
            : 'Features join an initiative from their own form or through an epic.'}
        </EmptyState>
      }
    />
  );
}

export const InitiativePage = recordRoute('initiativeId', initiativeQueries.detail, 'initiative', InitiativeDetails);
