// A workspace's ideas as a filterable, server-paged table, ordered by the service (most recent,
// trending or most votes). Filters, the order, the spam folder and the page live in the URL
// (useListParams) so a view can be shared and survives a reload.
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { z } from 'zod';
import { ideaListQuery } from '../../api/idea-route-queries';
import type { IdeaListItem } from '../../contract/ideas';
import { DataTable, type Column } from '../../ui/data-table';
import { serverOrdered } from '../../ui/data-table-model';
import { TagList } from '../../ui/detail-list';
import { EmptyState, NoMatches } from '../../ui/empty-state';
import { FilterBar, FilterSelect, FilterText, FilterToggle } from '../../ui/filter-bar';
import { paths } from '../../ui/paths';
import { AssigneeFilter, StatusFilter } from '../../ui/record-filters';
import { ListHeader } from '../../ui/screen-header';
import { pageParam, textParam, useListParams } from '../../ui/use-list-params';
import { assigneeColumn, commentsColumn, dateColumn, keyNameColumn, numberColumn, statusColumn } from '../../ui/work-item-columns';
import { IdeaViews, NewIdeaButton } from './idea-views';
import './ideas.css';

const categoriesColumn: Column<IdeaListItem> = {
  id: 'categories',
  header: 'Categories',
  width: '12rem',
  csvValue: (i) => (i.categories ?? []).map((c) => c.name).join(', '),
  cell: (i) => <TagList tags={(i.categories ?? []).map((c) => c.name)} />,
};

const columns = serverOrdered<IdeaListItem>([
  keyNameColumn<IdeaListItem>('idea', 'Idea'),
  // Idea statuses run long ("Future consideration"): wider than the shared column.
  { ...statusColumn<IdeaListItem>(), width: '13rem' },
  numberColumn<IdeaListItem>('votes', 'Votes', (i) => i.votes),
  dateColumn<IdeaListItem>('created', 'Created', (i) => i.created_at),
  categoriesColumn,
  assigneeColumn<IdeaListItem>(),
  commentsColumn<IdeaListItem>(),
]);

const SORT_OPTIONS = [
  { value: 'trending', label: 'Trending' },
  { value: 'popular', label: 'Most votes' },
];

export const ideaListParams = z.object({
  q: textParam(),
  status: textParam(),
  assignee: textParam(),
  tag: textParam(),
  /** `1`: the spam folder (the service lists spam alone, and leaves it out otherwise). */
  spam: z.enum(['1', '']).catch(''),
  sort: z.enum(['recent', 'trending', 'popular']).catch('recent'),
  page: pageParam(),
});

export function IdeaListPage() {
  const { productId = '' } = useParams();
  // The order is how the list is read, not a filter: "Clear filters" keeps it.
  const list = useListParams(ideaListParams, { keep: ['sort'] });
  const { q, status, assignee, tag, spam, sort } = list.values;
  // The loader asked for the same query from the same address (src/api/route-queries.ts).
  const ideas = useQuery(ideaListQuery(productId, list.search));
  const newIdea = <NewIdeaButton productId={productId} />;

  return (
    <div className="stack">
      <ListHeader
        productId={productId}
        title={spam ? 'Ideas marked as spam' : 'Ideas'}
        meta={<IdeaViews productId={productId} current={paths.ideas(productId)} />}
        actions={newIdea}
      />

      <FilterBar label="Filter ideas" onClear={list.clear} filtered={list.filtered}>
        <FilterText label="Search" type="search" placeholder="Name contains…" value={q} onChange={(v) => list.set({ q: v })} wide />
        <StatusFilter productId={productId} kind="Idea" value={status} onChange={(v) => list.set({ status: v })} />
        <AssigneeFilter value={assignee} onChange={(v) => list.set({ assignee: v })} />
        <FilterText label="Tag" placeholder="Exact tag" value={tag} onChange={(v) => list.set({ tag: v })} />
        <FilterSelect
          label="Order"
          anyLabel="Most recent"
          value={sort === 'recent' ? '' : sort}
          onChange={(v) => list.set({ sort: v || 'recent' })}
          options={SORT_OPTIONS}
        />
        <FilterToggle label="Show spam" checked={spam === '1'} onChange={(on) => list.set({ spam: on ? '1' : '' })} />
      </FilterBar>

      <DataTable
        framed
        serverSort
        label={spam ? 'Spam ideas' : 'Ideas'}
        noun="ideas"
        columns={columns}
        rows={ideas.data?.ideas}
        state={ideas}
        exportName="ideas"
        rowHeight={58}
        paging={{
          pagination: ideas.data?.pagination,
          onPageChange: (p) => list.set({ page: p }),
          label: 'Idea pages',
          disabled: ideas.isPlaceholderData,
        }}
        empty={
          list.filtered && !(spam && !q && !status && !assignee && !tag) ? (
            <NoMatches noun="ideas" onClear={list.clear}>
              Try other values, or clear the filters to see every idea of this workspace.
            </NoMatches>
          ) : spam ? (
            <EmptyState title="No spam" kind="done">
              Ideas marked as spam are kept here, out of the list and out of duplicate suggestions.
            </EmptyState>
          ) : (
            <EmptyState title="No ideas yet" action={newIdea}>
              Ideas collect what customers and colleagues ask for, with their votes.
            </EmptyState>
          )
        }
      />
    </div>
  );
}
