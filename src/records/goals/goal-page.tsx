// One goal: its progress and where it comes from, its description (sanitised HTML), the facts the
// workspace's goal layout shows on the page (size, time frame, custom fields: one card per section,
// in the layout's order) and the initiatives that serve it, each with its status, progress and a
// link to its page.
import { useQuery } from '@tanstack/react-query';
import { goalQueries } from '../../api/goals';
import { initiativeQueries } from '../../api/initiatives';
import type { Goal } from '../../contract/initiatives';
import { RecordActivity } from '../../ui/record-activity';
import { ButtonLink } from '../../ui/button';
import { DetailList, personName } from '../../ui/detail-list';
import { EmptyState } from '../../ui/empty-state';
import { formatDate, formatDateRange } from '../../ui/format';
import { HtmlView } from '../../ui/html-view';
import { sourceLabel } from '../../ui/labels';
import { LayoutDetails, type DetailFacts } from '../../ui/layout-details';
import { onDetail } from '../../ui/layout-model';
import { PagedTable } from '../../ui/paged-section';
import { paths } from '../../ui/paths';
import { ProgressBar } from '../../ui/progress-bar';
import { RecordCard, SwatchTitle } from '../../ui/record-parts';
import { recordRoute } from '../../ui/record-gate';
import { RecordHeader } from '../../ui/screen-header';
import { usePageLayout } from '../../ui/use-workspace-layout';
import { keyNameColumn, progressColumn, statusColumn, type WorkItemRow } from '../../ui/work-item-columns';

/** The goal's standard fields as the layout places them on the page, by its keys. */
function goalFacts(g: Goal): DetailFacts {
  return {
    effort: { value: g.effort },
    value: { value: g.value },
    time_frame: {
      value: g.time_frame ? (
        <>
          {g.time_frame.name}
          <span className="detail-list__note">{formatDateRange(g.time_frame.start_date, g.time_frame.end_date)}</span>
        </>
      ) : null,
    },
  };
}

function GoalDetails({ record: g }: { record: Goal }) {
  const layout = usePageLayout(g.product_id, 'StrategicImperative');
  return (
    <div className="stack">
      <RecordHeader
        record={g}
        trail={[{ label: 'Goals', to: paths.goals(g.product_id) }]}
        title={<SwatchTitle color={g.color} name={g.name} />}
        meta={
          <span>
            {g.initiatives.length} {g.initiatives.length === 1 ? 'initiative' : 'initiatives'}
          </span>
        }
      />
      {/* What every goal shows, whatever its layout: its key, progress and who made it when. */}
      <RecordCard id="overview-heading" title="Overview" hideTitle>
        <DetailList
          layout="grid"
          items={[
            { label: 'Reference', value: <span className="mono">{g.reference_num}</span> },
            {
              label: 'Progress',
              value: (
                <>
                  <ProgressBar value={g.progress} label={`Progress of ${g.name}`} />
                  <span className="detail-list__note">{sourceLabel(g.progress_source)}</span>
                </>
              ),
            },
            { label: 'Created by', value: personName(g.created_by_user) },
            { label: 'Updated', value: formatDate(g.updated_at) },
          ]}
        />
        {onDetail(layout, 'description') ? (
          <>
            <h3 className="record-card__subtitle">Description</h3>
            <HtmlView html={g.description?.body ?? null} emptyText="No description yet." />
          </>
        ) : null}
      </RecordCard>
      <LayoutDetails layout={layout} facts={goalFacts(g)} record={g} listLayout="grid" idPrefix="goal" />
      <GoalInitiatives goal={g} />
      <RecordActivity kind="goals" id={g.id} productId={g.product_id} commentCount={g.comments_count} />
    </div>
  );
}

const columns = [keyNameColumn<WorkItemRow>('initiative'), statusColumn<WorkItemRow>(), progressColumn<WorkItemRow>('initiative')];

function GoalInitiatives({ goal: g }: { goal: Goal }) {
  // The goal names its initiatives; their status and progress come from the product's tree.
  const tree = useQuery({ ...initiativeQueries.tree(g.product_id), enabled: g.initiatives.length > 0 });
  const byId = new Map((tree.data?.initiatives ?? []).map((i) => [i.id, i]));
  const rows: WorkItemRow[] = g.initiatives.map((ref) => ({ ...byId.get(ref.id), ...ref }));
  return (
    <PagedTable
      id="goal-initiatives-heading"
      title="Initiatives"
      count={g.initiatives.length}
      action={
        <ButtonLink to={paths.initiatives(g.product_id)} size="sm" variant="ghost">
          All initiatives
        </ButtonLink>
      }
      label={`Initiatives serving ${g.reference_num}`}
      noun="initiatives"
      columns={columns}
      rows={rows}
      state={g.initiatives.length > 0 ? tree : { ...tree, isPending: false, isError: false }}
      empty={
        <EmptyState compact title="No initiatives serve this goal yet">
          Tick this goal on an initiative's form to link them.
        </EmptyState>
      }
    />
  );
}

export const GoalPage = recordRoute('goalId', goalQueries.detail, 'goal', GoalDetails);
