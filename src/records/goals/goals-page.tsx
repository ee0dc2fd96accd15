// The workspace's goals: every goal with its progress, size, time frame and how many initiatives
// serve it, and a "New goal" form that opens in place above the list, drawn from the workspace's
// goal layout.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { accountQueries } from '../../api/account';
import { goalQueries, useCreateGoal } from '../../api/goals';
import { initiativeQueries, timeFrameQueries } from '../../api/initiatives';
import type { z } from 'zod';
import type { Goal, goalListItemSchema } from '../../contract/initiatives';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { ErrorState } from '../../ui/error-state';
import { DataTable, type Column } from '../../ui/data-table';
import { Loading } from '../../ui/loading';
import { ListHeader } from '../../ui/screen-header';
import { paths } from '../../ui/paths';
import { customFieldKind } from '../../ui/layout-model';
import { useWorkspaceLayout } from '../../ui/use-workspace-layout';
import { keyNameColumn, numberColumn, progressColumn } from '../../ui/work-item-columns';
import { GoalForm } from './goal-form';
import './goals.css';

type GoalListItem = z.infer<typeof goalListItemSchema>;

const columns: Column<GoalListItem>[] = [
  keyNameColumn<GoalListItem>('goal'),
  progressColumn<GoalListItem>('goal'),
  numberColumn<GoalListItem>('effort', 'Effort', (g) => g.effort),
  numberColumn<GoalListItem>('value', 'Value', (g) => g.value),
  {
    id: 'time_frame',
    header: 'Time frame',
    width: '9rem',
    sortValue: (g) => g.time_frame?.start_date ?? null,
    csvValue: (g) => g.time_frame?.name,
    cell: (g) => g.time_frame?.name ?? <span className="muted">—</span>,
  },
  numberColumn<GoalListItem>('initiatives', 'Initiatives', (g) => g.initiatives?.length ?? 0),
];

const FORM_ID = 'new-goal-form';

export function GoalsPage() {
  const { productId = '' } = useParams();
  const goals = useQuery(goalQueries.list(productId));
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<Goal | null>(null);

  const open = () => {
    setCreated(null);
    setCreating(true);
  };

  return (
    <div className="stack">
      <ListHeader
        productId={productId}
        title="Goals"
        actions={
          <Button variant="primary" onClick={open} disabled={creating} aria-expanded={creating} aria-controls={FORM_ID}>
            New goal
          </Button>
        }
      />

      {created ? (
        <p className="notice" role="status">
          Goal <Link to={paths.goal(created.id)}>{`${created.reference_num} ${created.name}`}</Link> created.
        </p>
      ) : null}

      {creating ? (
        <section className="card" id={FORM_ID} aria-labelledby="new-goal-heading">
          <h2 id="new-goal-heading" className="goal-card-title">
            New goal
          </h2>
          <NewGoal
            productId={productId}
            onDone={(goal) => {
              setCreating(false);
              setCreated(goal);
            }}
            onCancel={() => setCreating(false)}
          />
        </section>
      ) : null}

      <DataTable
        framed
        label="Goals"
        noun="goals"
        columns={columns}
        rows={goals.data?.goals}
        state={goals}
        exportName="goals"
        empty={
          <EmptyState
            title="No goals yet"
            action={
              creating ? undefined : (
                <Button variant="primary" onClick={open}>
                  Create the first goal
                </Button>
              )
            }
          >
            Goals are the outcomes your initiatives work towards.
          </EmptyState>
        }
      />
    </div>
  );
}

function NewGoal({ productId, onDone, onCancel }: { productId: string; onDone: (goal: Goal) => void; onCancel: () => void }) {
  const initiatives = useQuery(initiativeQueries.tree(productId));
  const timeFrames = useQuery(timeFrameQueries.list(productId));
  // Not among the reads whose failure stops the form: the built-in layout stands in then.
  const { layout } = useWorkspaceLayout(productId, 'StrategicImperative');
  // People are offered only by a people custom field on the form.
  const asksPeople =
    layout?.sections.some((s) =>
      s.fields.some((f) => f.on_form && f.custom_field_definition && customFieldKind(f.custom_field_definition.type) === 'users'),
    ) ?? false;
  const users = useQuery({ ...accountQueries.users(), enabled: asksPeople });
  const create = useCreateGoal(productId);
  const failed = [initiatives, timeFrames, ...(asksPeople ? [users] : [])].find((q) => q.isError);
  if (failed) {
    return (
      <ErrorState
        error={failed.error}
        onRetry={() => {
          void initiatives.refetch();
          void timeFrames.refetch();
          if (asksPeople) void users.refetch();
        }}
        retrying={initiatives.isFetching || timeFrames.isFetching || users.isFetching}
      />
    );
  }
  if (!initiatives.data || !timeFrames.data || !layout || (asksPeople && !users.data)) return <Loading label="Loading the form…" />;
  return (
    <GoalForm
      initiatives={initiatives.data.initiatives}
      timeFrames={timeFrames.data}
      layout={layout}
      users={users.data?.users}
      onCancel={onCancel}
      onSubmit={async (input) => onDone(await create.mutateAsync(input))}
    />
  );
}
