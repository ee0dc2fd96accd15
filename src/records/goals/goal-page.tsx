// One goal: its progress and where it comes from, size, time frame, description (sanitised HTML)
// and the initiatives that serve it, each with its status, progress and a link to its page.
import { useQuery } from '@tanstack/react-query';
import { goalQueries } from '../../api/goals';
import { initiativeQueries } from '../../api/initiatives';
import type { Goal } from '../../contract/initiatives';
import { RecordActivity } from '../../ui/record-activity';
import { ButtonLink } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { sourceLabel } from '../../ui/labels';
import { PagedTable } from '../../ui/paged-section';
import { paths } from '../../ui/paths';
import { OverviewCard, strategyDetails, SwatchTitle } from '../../ui/record-parts';
import { recordRoute } from '../../ui/record-gate';
import { RecordHeader } from '../../ui/screen-header';
import { keyNameColumn, progressColumn, statusColumn, type WorkItemRow } from '../../ui/work-item-columns';

function GoalDetails({ record: g }: { record: Goal }) {
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
      <OverviewCard
        items={[
          { label: 'Reference', value: <span className="mono">{g.reference_num}</span> },
          ...strategyDetails(g, sourceLabel(g.progress_source)),
        ]}
        description={g.description?.body}
      />
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
