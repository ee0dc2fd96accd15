// The ideas board: the kit's status board (src/ui/status-board.tsx) over the workspace's Idea
// statuses, most-voted ideas first in each column, so triage is a drag from "Needs review" to
// "Future consideration". `?q=` narrows the cards by name; the list view holds the other filters.
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { z } from 'zod';
import { accountQueries, statusesFor } from '../../api/account';
import { useMoveIdeaStatus } from '../../api/ideas';
import { ideaBoardQuery } from '../../api/idea-route-queries';
import type { IdeaListItem } from '../../contract/ideas';
import { FilterBar, FilterText } from '../../ui/filter-bar';
import { paths } from '../../ui/paths';
import { ListHeader } from '../../ui/screen-header';
import { BoardCardBody, BoardGate, StatusBoard } from '../../ui/status-board';
import { textParam, useListParams } from '../../ui/use-list-params';
import { IdeaViews, NewIdeaButton } from './idea-views';

const ideaName = (i: IdeaListItem): string => i.name ?? `Idea ${i.id}`;

const ideaBoardParams = z.object({ q: textParam() });

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

      <BoardGate queries={[ideas, workflows]} statuses={statuses} kind="Idea">
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
              <BoardCardBody
                to={paths.idea(i.reference_num ?? i.id)}
                name={ideaName(i)}
                person={i.assigned_to_user}
                fact={
                  <span className="tag" title="Votes">
                    {i.votes ?? 0} {i.votes === 1 ? 'vote' : 'votes'}
                  </span>
                }
              />
            )}
          />
        </>
      </BoardGate>
    </div>
  );
}
