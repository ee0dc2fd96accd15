// The ideas board: the kit's status board (src/ui/status-board.tsx) over the workspace's Idea
// statuses, most-voted ideas first in each column, so triage is a drag from "Needs review" to
// "Future consideration". `?q=` narrows the cards by name; the list view holds the other filters.
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { z } from 'zod';
import { accountQueries, statusesFor } from '../../api/account';
import { useMoveIdeaStatus } from '../../api/ideas';
import { ideaBoardQuery } from '../../api/route-queries';
import type { IdeaListItem } from '../../contract/ideas';
import { EmptyState } from '../../ui/empty-state';
import { ErrorState } from '../../ui/error-state';
import { FilterBar, FilterText } from '../../ui/filter-bar';
import { Loading } from '../../ui/loading';
import { paths } from '../../ui/paths';
import { ListHeader } from '../../ui/screen-header';
import { StatusBoard } from '../../ui/status-board';
import { textParam, useListParams } from '../../ui/use-list-params';
import { IdeaViews, NewIdeaButton } from './idea-views';

const ideaName = (i: IdeaListItem): string => i.name ?? `Idea ${i.id}`;

export const ideaBoardParams = z.object({ q: textParam() });

export function IdeaBoardPage() {
  const { productId = '' } = useParams();
  const list = useListParams(ideaBoardParams);
  // The loader asked for the same queries from the same address (./routes.tsx).
  const ideas = useQuery(ideaBoardQuery(productId, list.search));
  const workflows = useQuery(accountQueries.workflows(productId));
  const move = useMoveIdeaStatus();
  const statuses = statusesFor(workflows.data, 'Idea');
  const cards = ideas.data?.ideas ?? [];
  const total = ideas.data?.pagination.total_records ?? 0;

  return (
    <div className="stack">
      <ListHeader
        productId={productId}
        title="Ideas board"
        meta={<IdeaViews productId={productId} current={paths.ideaBoard(productId)} />}
        actions={<NewIdeaButton productId={productId} />}
      />
      <FilterBar label="Filter the board" onClear={list.clear} filtered={list.filtered}>
        <FilterText
          label="Search"
          type="search"
          placeholder="Name contains…"
          value={list.values.q}
          onChange={(v) => list.set({ q: v })}
          wide
        />
      </FilterBar>
      <p className="muted board-hint">Drag a card to another column, or use its “Move” button, to change its status.</p>

      {ideas.isPending || workflows.isPending ? (
        <div className="card">
          <Loading label="Loading the board…" />
        </div>
      ) : ideas.isError || workflows.isError ? (
        <ErrorState
          error={ideas.error ?? workflows.error}
          onRetry={() => {
            if (ideas.isError) void ideas.refetch();
            if (workflows.isError) void workflows.refetch();
          }}
          retrying={ideas.isFetching || workflows.isFetching}
        />
      ) : statuses.length === 0 ? (
        <div className="card">
          <EmptyState title="No idea workflow">This workspace has no Idea statuses, so there are no columns to show.</EmptyState>
        </div>
      ) : (
        <>
          {total > cards.length ? (
            <p className="notice">
              Showing the {cards.length} most-voted of {total} ideas. Search by name to find the others.
            </p>
          ) : null}
          {cards.length === 0 ? (
            <p className="muted">
              {list.filtered ? 'No idea has that in its name.' : 'No ideas yet — the columns below are ready for them.'}
            </p>
          ) : null}
          <StatusBoard
            noun={{ one: 'idea', many: 'ideas' }}
            statuses={statuses}
            items={cards}
            nameOf={ideaName}
            move={move}
            renderCard={(i) => (
              <>
                <Link className="board-card__name" to={paths.idea(i.reference_num ?? i.id)} draggable={false}>
                  {ideaName(i)}
                </Link>
                <div className="board-card__meta">
                  <span className="board-card__assignee" title={i.assigned_to_user?.email}>
                    {i.assigned_to_user?.name ?? 'Unassigned'}
                  </span>
                  <span className="tag" title="Votes">
                    {i.votes ?? 0} {i.votes === 1 ? 'vote' : 'votes'}
                  </span>
                </div>
              </>
            )}
          />
        </>
      )}
    </div>
  );
}
