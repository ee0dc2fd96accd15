// The workspace's goals: every goal with its progress, size, time frame and how many initiatives
// serve it, and a "New goal" form that opens in place above the list.
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
import { Loading } from '../../ui/loading';
import { PageHeader } from '../../ui/page-header';
import { paths } from '../../ui/paths';
import { ProgressBar } from '../../ui/progress-bar';
import { GoalForm } from './goal-form';
import './goals.css';

type GoalListItem = z.infer<typeof goalListItemSchema>;

const FORM_ID = 'new-goal-form';

export function GoalsPage() {
  const { productId = '' } = useParams();
  const goals = useQuery(goalQueries.list(productId));
  const product = useQuery({
    ...accountQueries.products(),
    select: (d) => d.products.find((p) => p.id === productId),
  });
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<Goal | null>(null);

  const open = () => {
    setCreated(null);
    setCreating(true);
  };
  const productName = product.data?.name;
  const rows = goals.data?.goals ?? [];

  return (
    <div className="stack">
      <title>{`Goals${productName ? ` · ${productName}` : ''} · Planner`}</title>
      <PageHeader
        eyebrow={productName}
        title="Goals"
        actions={
          <Button
            variant="primary"
            onClick={open}
            disabled={creating}
            aria-expanded={creating}
            aria-controls={FORM_ID}
          >
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

      <section className="card card--flush" aria-label="Goals" aria-busy={goals.isFetching}>
        {goals.isPending ? (
          <Loading variant="skeleton" label="Loading goals…" rows={5} />
        ) : goals.isError ? (
          <ErrorState error={goals.error} onRetry={() => void goals.refetch()} retrying={goals.isFetching} />
        ) : rows.length === 0 ? (
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
        ) : (
          <GoalTable goals={rows} />
        )}
      </section>
    </div>
  );
}

function NewGoal({
  productId,
  onDone,
  onCancel,
}: {
  productId: string;
  onDone: (goal: Goal) => void;
  onCancel: () => void;
}) {
  const initiatives = useQuery(initiativeQueries.tree(productId));
  const timeFrames = useQuery(timeFrameQueries.list(productId));
  const create = useCreateGoal(productId);
  const failed = [initiatives, timeFrames].find((q) => q.isError);
  if (failed) {
    return (
      <ErrorState
        error={failed.error}
        onRetry={() => {
          void initiatives.refetch();
          void timeFrames.refetch();
        }}
        retrying={initiatives.isFetching || timeFrames.isFetching}
      />
    );
  }
  if (!initiatives.data || !timeFrames.data) return <Loading label="Loading the form…" />;
  return (
    <GoalForm
      initiatives={initiatives.data.initiatives}
      timeFrames={timeFrames.data}
      onCancel={onCancel}
      onSubmit={async (input) => onDone(await create.mutateAsync(input))}
    />
  );
}

function GoalTable({ goals }: { goals: readonly GoalListItem[] }) {
  return (
    <div className="table-wrap">
      <table className="table">
        <thead>
          <tr>
            <th scope="col">Reference</th>
            <th scope="col">Name</th>
            <th scope="col">Progress</th>
            <th scope="col" className="cell-num">
              Effort
            </th>
            <th scope="col" className="cell-num">
              Value
            </th>
            <th scope="col">Time frame</th>
            <th scope="col" className="cell-num">
              Initiatives
            </th>
          </tr>
        </thead>
        <tbody>
          {goals.map((g) => {
            const name = g.name ?? `Goal ${g.id}`;
            return (
              <tr key={g.id}>
                <td className="mono nowrap">{g.reference_num ?? '—'}</td>
                <td className="cell-name">
                  <span className="goal-name">
                    {g.color ? (
                      <span className="goal-swatch" style={{ background: g.color }} aria-hidden="true" />
                    ) : null}
                    <Link to={paths.goal(g.id)}>{name}</Link>
                  </span>
                </td>
                <td className="cell-progress">
                  <ProgressBar value={g.progress} size="sm" label={`Progress of ${name}`} />
                </td>
                <td className="cell-num">{g.effort ?? <span className="faint">—</span>}</td>
                <td className="cell-num">{g.value ?? <span className="faint">—</span>}</td>
                <td className="nowrap">{g.time_frame?.name ?? <span className="faint">—</span>}</td>
                <td className="cell-num">{g.initiatives?.length ?? 0}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
