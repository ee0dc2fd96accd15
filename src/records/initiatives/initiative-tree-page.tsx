// The workspace's initiatives as their roll-up tree: roots first, children indented under their
// parent, each node opened and closed on its own (`aria-expanded`), in an ARIA treegrid (the kit's
// DataTable with tree rows) whose rows carry their level. Search and status filters live in the URL
// and narrow the tree to the matches and the ancestors that lead to them; filtering happens here, on
// the whole tree already loaded, so the URL can follow every keystroke.
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type KeyboardEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { z } from 'zod';
import { initiativeQueries } from '../../api/initiatives';
import type { InitiativeListItem } from '../../contract/initiatives';
import { Button, ButtonLink } from '../../ui/button';
import { DataTable, type Column } from '../../ui/data-table';
import { EmptyState, NoMatches } from '../../ui/empty-state';
import { FilterBar, FilterText } from '../../ui/filter-bar';
import { StatusFilter } from '../../ui/record-filters';
import { LoadGate } from '../../ui/load-state';
import { PagedSection } from '../../ui/paged-section';
import { paths } from '../../ui/paths';
import { ListHeader } from '../../ui/screen-header';
import { textParam, useListParams } from '../../ui/use-list-params';
import { compactDateRange, numberColumn, progressColumn, statusColumn } from '../../ui/work-item-columns';
import { buildTree, parentIds, visibleRows, type TreeRow } from './initiative-tree';
import './initiatives.css';

/** Matches by name or reference (case-insensitive) and by status id. */
export function initiativeMatcher(q: string, statusId: string): ((item: InitiativeListItem) => boolean) | undefined {
  const needle = q.trim().toLowerCase();
  if (!needle && !statusId) return undefined;
  return (item) =>
    (!statusId || item.workflow_status?.id === statusId) &&
    (!needle || (item.name ?? '').toLowerCase().includes(needle) || (item.reference_num ?? '').toLowerCase().includes(needle));
}

const treeParams = z.object({ q: textParam(), status: textParam() });

export function InitiativeTreePage() {
  const { productId = '' } = useParams();
  const list = useListParams(treeParams);
  const tree = useQuery(initiativeQueries.tree(productId));
  const newHref = paths.newInitiative(productId);

  return (
    <div className="stack">
      <ListHeader
        productId={productId}
        title="Initiatives"
        actions={
          <ButtonLink to={newHref} variant="primary">
            New initiative
          </ButtonLink>
        }
      />

      <FilterBar label="Filter initiatives" onClear={list.clear} filtered={list.filtered}>
        <FilterText
          label="Search"
          type="search"
          placeholder="Name or reference contains…"
          value={list.values.q}
          onChange={(v) => list.set({ q: v })}
          wide
        />
        <StatusFilter productId={productId} kind="Initiative" value={list.values.status} onChange={(v) => list.set({ status: v })} />
      </FilterBar>

      <LoadGate state={tree} label="Loading initiatives…" rows={6}>
        {tree.data && tree.data.initiatives.length === 0 ? (
          <div className="card">
            <EmptyState
              title="No initiatives yet"
              action={
                <ButtonLink to={newHref} variant="primary">
                  Create the first initiative
                </ButtonLink>
              }
            >
              Initiatives are the big bets your releases, epics and features add up to. Nest them to roll progress up.
            </EmptyState>
          </div>
        ) : tree.data ? (
          <InitiativeTree
            productId={productId}
            initiatives={tree.data.initiatives}
            truncated={tree.data.truncated}
            q={list.values.q}
            status={list.values.status}
            onClearFilters={list.clear}
          />
        ) : null}
      </LoadGate>
    </div>
  );
}

interface InitiativeTreeProps {
  productId: string;
  initiatives: readonly InitiativeListItem[];
  truncated: boolean;
  q: string;
  status: string;
  onClearFilters: () => void;
}

function InitiativeTree({ productId, initiatives, truncated, q, status, onClearFilters }: InitiativeTreeProps) {
  const nodes = useMemo(() => buildTree(initiatives), [initiatives]);
  // Nodes start open (so a new child shows at once); the person closes what they do not need.
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const match = initiativeMatcher(q, status);
  const rows = visibleRows(nodes, { collapsed, match });
  const matches = match ? initiatives.filter(match).length : initiatives.length;
  const allParents = useMemo(() => parentIds(nodes), [nodes]);

  const setOpen = (id: string, open: boolean) =>
    setCollapsed((prev) => {
      const next = new Set(prev);
      if (open) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <PagedSection
      id="initiative-tree-heading"
      title={match ? `${matches} of ${initiatives.length} initiatives match` : `${initiatives.length} initiatives`}
      action={
        match ? null : (
          <div className="row">
            <Button size="sm" variant="ghost" onClick={() => setCollapsed(new Set())} disabled={collapsed.size === 0}>
              Expand all
            </Button>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => setCollapsed(allParents)}
              disabled={[...allParents].every((id) => collapsed.has(id))}
            >
              Collapse all
            </Button>
          </div>
        )
      }
    >
      {truncated ? <p className="notice initiative-tree__notice">Only the first 10,000 initiatives are shown.</p> : null}
      <DataTable
        compact
        role="treegrid"
        label="Initiatives"
        noun="initiatives"
        columns={treeColumns(productId, setOpen)}
        rows={rows}
        rowKey={(row) => row.item.id}
        // The order is the tree's: headers do not sort it.
        serverSort
        rowProps={(row) => ({
          // The row is named by its initiative alone, so it reads (and is found) as a tree item.
          'aria-label': row.item.name ?? `Initiative ${row.item.id}`,
          'aria-level': row.level,
          'aria-posinset': row.posInSet,
          'aria-setsize': row.setSize,
          'aria-expanded': row.hasChildren ? row.expanded : undefined,
          className: row.matches ? undefined : 'initiative-tree__context',
        })}
        empty={
          <NoMatches noun="initiatives" onClear={onClearFilters}>
            Try another search or status, or clear the filters to see the whole tree.
          </NoMatches>
        }
      />
    </PagedSection>
  );
}

type Row = TreeRow<InitiativeListItem>;
const INDENT_PX = 22;

/** The tree's columns: the name cell carries the indent and the open/close button. */
function treeColumns(productId: string, onToggle: (id: string, open: boolean) => void): Column<Row>[] {
  // A shared column read from the row's initiative; the tree's order is not sortable.
  const item = (column: Column<InitiativeListItem>): Column<Row> => ({
    ...column,
    sortValue: undefined,
    cell: (row) => column.cell(row.item),
    csvValue: (row) => (column.csvValue ?? column.sortValue)?.(row.item),
  });
  return [
    {
      id: 'name',
      header: 'Name',
      csvValue: (row) => row.item.name,
      cell: (row) => <TreeName row={row} onToggle={onToggle} />,
    },
    { id: 'reference', header: 'Reference', width: '7rem', csvValue: (row) => row.item.reference_num, cell: (row) => <span className="mono">{row.item.reference_num ?? '—'}</span> },
    item(statusColumn<InitiativeListItem>()),
    item(progressColumn<InitiativeListItem>('initiative')),
    item(numberColumn<InitiativeListItem>('effort', 'Effort', (i) => i.effort)),
    item(numberColumn<InitiativeListItem>('value', 'Value', (i) => i.value)),
    {
      id: 'timing',
      header: 'Timing',
      width: '12rem',
      csvValue: (row) => row.item.time_frame?.name ?? compactDateRange(row.item.start_date, row.item.end_date),
      cell: ({ item: i }) => (
        <>
          {i.start_date || i.end_date ? compactDateRange(i.start_date, i.end_date) : i.time_frame ? null : <span className="muted">—</span>}
          {i.time_frame ? <span className="detail-list__note">{i.time_frame.name}</span> : null}
        </>
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      hideHeader: true,
      width: '6.5rem',
      cell: ({ item: i }) => (
        <ButtonLink to={paths.newInitiative(productId, { parent: i.id })} size="sm" variant="ghost" aria-label={`Add child to ${i.name ?? `Initiative ${i.id}`}`}>
          Add child
        </ButtonLink>
      ),
    },
  ];
}

function TreeName({ row, onToggle }: { row: Row; onToggle: (id: string, open: boolean) => void }) {
  const { item: i, level, hasChildren, expanded } = row;
  const name = i.name ?? `Initiative ${i.id}`;
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    // The tree keys of the ARIA pattern: right opens, left closes.
    if (event.key === 'ArrowRight' && !expanded) {
      event.preventDefault();
      onToggle(i.id, true);
    } else if (event.key === 'ArrowLeft' && expanded) {
      event.preventDefault();
      onToggle(i.id, false);
    }
  };
  return (
    <span className="initiative-tree__indent" style={{ paddingLeft: (level - 1) * INDENT_PX }}>
      {hasChildren ? (
        <button
          type="button"
          className="initiative-tree__toggle"
          aria-expanded={expanded}
          aria-label={`${expanded ? 'Collapse' : 'Expand'} ${name}`}
          onClick={() => onToggle(i.id, !expanded)}
          onKeyDown={onKeyDown}
        >
          <span aria-hidden="true">{expanded ? '▾' : '▸'}</span>
        </button>
      ) : (
        <span className="initiative-tree__leaf" aria-hidden="true" />
      )}
      {i.color ? <span className="swatch" style={{ background: i.color }} aria-hidden="true" /> : null}
      <Link to={paths.initiative(i.id)} className="cell-title">
        {name}
      </Link>
    </span>
  );
}
