// One initiative in full: where it sits in the roll-up tree (parent, children), who owns it, its
// size, dates and progress with their sources, its description (sanitised HTML), how it shows on
// roadmaps — the facts the workspace's Initiative layout puts on the page, by its sections, custom
// fields included — the goals it serves (operation 20, when the layout shows them) and the epics
// and features grouped under it, with edit and "new epic".
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { initiativeQueries } from '../../api/initiatives';
import type { Initiative } from '../../contract/initiatives';
import type { ScreenLayout } from '../../contract/layouts';
import { RecordActivity } from '../../ui/record-activity';
import { ButtonLink } from '../../ui/button';
import { DetailList, personName } from '../../ui/detail-list';
import { EmptyState } from '../../ui/empty-state';
import { formatDate, formatDateRange } from '../../ui/format';
import { HtmlView } from '../../ui/html-view';
import { LayoutDetails, type DetailFacts } from '../../ui/layout-details';
import { detailSections, onDetail } from '../../ui/layout-model';
import { PagedTable } from '../../ui/paged-section';
import { paths } from '../../ui/paths';
import { ProgressBar } from '../../ui/progress-bar';
import { KeyedLink, RecordCard, SwatchTitle } from '../../ui/record-parts';
import { recordRoute } from '../../ui/record-gate';
import { RecordHeader } from '../../ui/screen-header';
import { StatusPill } from '../../ui/status-pill';
import { usePageLayout } from '../../ui/use-workspace-layout';
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

/** The initiative's standard fields as its page shows them, by the layout's keys. */
function initiativeFacts(i: Initiative): DetailFacts {
  return {
    workflow_status: { value: <StatusPill status={i.workflow_status} /> },
    parent_id: {
      value: i.parent ? (
        <KeyedLink to={paths.initiative(i.parent.id)} reference={i.parent.reference_num} name={i.parent.name} />
      ) : (
        <span className="muted">None (top level)</span>
      ),
    },
    assigned_to_user: { value: personName(i.assigned_to_user) },
    time_frame: {
      value: i.time_frame ? (
        <>
          {i.time_frame.name}
          <span className="detail-list__note">{formatDateRange(i.time_frame.start_date, i.time_frame.end_date)}</span>
        </>
      ) : null,
    },
    description: {
      block: (
        <>
          <h3 className="record-card__subtitle">Description</h3>
          <HtmlView html={i.description?.body ?? null} emptyText="No description yet." />
        </>
      ),
    },
    dates: {
      pairs: [
        { label: 'Start date', value: formatDate(i.start_date) },
        { label: 'End date', value: formatDate(i.end_date) },
        { label: 'Dates from', value: initiativeSourceLabel(i.duration_source) },
      ],
    },
    effort: { value: i.effort },
    value: { value: i.value },
    progress: {
      value: (
        <>
          <ProgressBar value={i.progress} label={`Progress of ${i.name}`} />
          <span className="detail-list__note">{initiativeSourceLabel(i.progress_source)}</span>
        </>
      ),
    },
    roadmap: {
      pairs: [
        { label: 'Presented on roadmaps', value: i.presented ? 'Yes' : 'No' },
        {
          label: 'Color',
          value: (
            <span className="swatch-title">
              <span className="swatch" style={{ background: /^#[0-9a-f]{3,8}$/i.test(i.color) ? i.color : undefined }} aria-hidden="true" />
              <span className="mono">{i.color}</span>
            </span>
          ),
        },
      ],
    },
  };
}

/**
 * The facts the layout puts on the page — its main sections as wide cards, its side ones beside
 * them — and what no layout places (the key, who created it, when it last changed). The goals are
 * no fact here: the Goals table below shows them, with their progress, when the layout shows them.
 */
function InitiativeFacts({ initiative: i, layout }: { initiative: Initiative; layout: ScreenLayout }) {
  const details = { layout, facts: initiativeFacts(i), record: i, skip: ['name'], idPrefix: 'initiative' };
  const record = (
    <RecordCard id="initiative-about" title="About this initiative">
      <DetailList
        items={[
          { label: 'Reference', value: <span className="mono">{i.reference_num}</span> },
          { label: 'Created by', value: personName(i.created_by_user) },
          { label: 'Updated', value: formatDate(i.updated_at) },
        ]}
      />
    </RecordCard>
  );
  const hasMain = detailSections(layout, details.skip).some((s) => s.column === 'main');
  return (
    <div className="layout-2col">
      <div className="stack">{hasMain ? <LayoutDetails {...details} column="main" listLayout="grid" /> : record}</div>
      <aside className="stack">
        <LayoutDetails {...details} column="side" />
        {hasMain ? record : null}
      </aside>
    </div>
  );
}

function InitiativeDetails({ record: i }: { record: Initiative }) {
  const layout = usePageLayout(i.product_id, 'Initiative');
  const showGoals = onDetail(layout, 'goals');
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

      <InitiativeFacts initiative={i} layout={layout} />

      {showGoals ? (
        <div className="initiative-columns">
          <InitiativeChildren initiative={i} />
          <InitiativeGoals initiative={i} />
        </div>
      ) : (
        <InitiativeChildren initiative={i} />
      )}
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
