// The workspace's initiatives as their roll-up tree: roots first, children indented under their
// parent, each node opened and closed on its own (`aria-expanded`), in an ARIA treegrid whose rows
// carry their level. Search and status filters live in the URL and narrow the tree to the matches
// and the ancestors that lead to them; filtering happens here, on the whole tree already loaded.
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type KeyboardEvent } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { accountQueries, statusesFor } from '../../api/account';
import { initiativeQueries } from '../../api/initiatives';
import type { InitiativeListItem } from '../../contract/initiatives';
import { Button, ButtonLink } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { ErrorState } from '../../ui/error-state';
import { formatDateRange } from '../../ui/format';
import { Loading } from '../../ui/loading';
import { PageHeader } from '../../ui/page-header';
import { paths } from '../../ui/paths';
import { ProgressBar } from '../../ui/progress-bar';
import { StatusPill } from '../../ui/status-pill';
import { buildTree, parentIds, visibleRows, type TreeRow } from './initiative-tree';
import './initiatives.css';

const FILTER_KEYS = ['q', 'status'] as const;

/** Matches by name or reference (case-insensitive) and by status id. */
export function initiativeMatcher(
  q: string,
  statusId: string,
): ((item: InitiativeListItem) => boolean) | undefined {
  const needle = q.trim().toLowerCase();
  if (!needle && !statusId) return undefined;
  return (item) =>
    (!statusId || item.workflow_status?.id === statusId) &&
    (!needle ||
      (item.name ?? '').toLowerCase().includes(needle) ||
      (item.reference_num ?? '').toLowerCase().includes(needle));
}

export function InitiativeTreePage() {
  const { productId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const status = params.get('status') ?? '';
  const filtered = FILTER_KEYS.some((k) => params.get(k));

  const tree = useQuery(initiativeQueries.tree(productId));
  const workflows = useQuery(accountQueries.workflows(productId));
  const product = useQuery({
    ...accountQueries.products(),
    select: (d) => d.products.find((p) => p.id === productId),
  });
  const statuses = statusesFor(workflows.data, 'Initiative');

  // The filter is applied to the tree in memory, so the URL can follow every keystroke.
  const setFilter = (key: (typeof FILTER_KEYS)[number], value: string) => {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  };
  const clearFilters = () => setParams(new URLSearchParams(), { replace: true });

  const productName = product.data?.name;
  return (
    <div className="stack">
      <title>{`Initiatives${productName ? ` · ${productName}` : ''} · Planner`}</title>
      <PageHeader
        eyebrow={productName}
        title="Initiatives"
        actions={
          <ButtonLink to={paths.newInitiative(productId)} variant="primary">
            New initiative
          </ButtonLink>
        }
      />

      <form
        className="card initiative-filters"
        role="search"
        aria-label="Filter initiatives"
        onSubmit={(e) => e.preventDefault()}
      >
        <div className="field">
          <label className="field__label" htmlFor="initiative-filter-q">
            Search
          </label>
          <input
            id="initiative-filter-q"
            className="input"
            type="search"
            placeholder="Name or reference contains…"
            value={q}
            onChange={(e) => setFilter('q', e.target.value)}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="initiative-filter-status">
            Status
          </label>
          <select
            id="initiative-filter-status"
            className="input select"
            value={status}
            onChange={(e) => setFilter('status', e.target.value)}
          >
            <option value="">Any status</option>
            {statuses.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
        <div className="initiative-filters__actions">
          <Button variant="ghost" onClick={clearFilters} disabled={!filtered}>
            Clear filters
          </Button>
        </div>
      </form>

      {tree.isPending ? (
        <div className="card">
          <Loading label="Loading initiatives…" variant="skeleton" rows={6} />
        </div>
      ) : tree.isError ? (
        <div className="card">
          <ErrorState error={tree.error} onRetry={() => void tree.refetch()} retrying={tree.isFetching} />
        </div>
      ) : tree.data.initiatives.length === 0 ? (
        <div className="card">
          <EmptyState
            title="No initiatives yet"
            action={
              <ButtonLink to={paths.newInitiative(productId)} variant="primary">
                Create the first initiative
              </ButtonLink>
            }
          >
            Initiatives are the big bets your releases, epics and features add up to. Nest them to roll
            progress up.
          </EmptyState>
        </div>
      ) : (
        <InitiativeTree
          productId={productId}
          initiatives={tree.data.initiatives}
          truncated={tree.data.truncated}
          q={q}
          status={status}
          busy={tree.isFetching}
          onClearFilters={clearFilters}
        />
      )}
    </div>
  );
}

interface InitiativeTreeProps {
  productId: string;
  initiatives: readonly InitiativeListItem[];
  truncated: boolean;
  q: string;
  status: string;
  busy: boolean;
  onClearFilters: () => void;
}

function InitiativeTree({
  productId,
  initiatives,
  truncated,
  q,
  status,
  busy,
  onClearFilters,
}: InitiativeTreeProps) {
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
    <section className="card card--flush" aria-labelledby="initiative-tree-heading" aria-busy={busy}>
      <div className="card__header">
        <h2 id="initiative-tree-heading" className="initiative-tree__title">
          {match
            ? `${matches} of ${initiatives.length} initiatives match`
            : `${initiatives.length} initiatives`}
        </h2>
        {match ? null : (
          <div className="row">
            <Button
              size="sm"
              variant="ghost"
              onClick={() => setCollapsed(new Set())}
              disabled={collapsed.size === 0}
            >
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
        )}
      </div>
      {truncated ? (
        <p className="notice initiative-tree__notice">Only the first 10,000 initiatives are shown.</p>
      ) : null}
      {rows.length === 0 ? (
        <EmptyState
          title="No initiatives match these filters"
          action={
            <Button variant="primary" onClick={onClearFilters}>
              Clear filters
            </Button>
          }
        >
          Try another search or status, or clear the filters to see the whole tree.
        </EmptyState>
      ) : (
        <div className="table-wrap">
          <table className="table table--compact initiative-tree" role="treegrid" aria-label="Initiatives">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Reference</th>
                <th scope="col">Status</th>
                <th scope="col">Progress</th>
                <th scope="col" className="cell-num">
                  Effort
                </th>
                <th scope="col" className="cell-num">
                  Value
                </th>
                <th scope="col">Timing</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <InitiativeRow key={row.item.id} row={row} productId={productId} onToggle={setOpen} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

const INDENT_PX = 22;

function InitiativeRow({
  row,
  productId,
  onToggle,
}: {
  row: TreeRow<InitiativeListItem>;
  productId: string;
  onToggle: (id: string, open: boolean) => void;
}) {
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
    <tr
      // The row is named by its initiative alone, so it reads (and is found) as a tree item.
      aria-label={name}
      aria-level={level}
      aria-posinset={row.posInSet}
      aria-setsize={row.setSize}
      aria-expanded={hasChildren ? expanded : undefined}
      className={row.matches ? undefined : 'initiative-tree__context'}
    >
      <td className="cell-name initiative-tree__name">
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
          {i.color ? (
            <span className="initiative-swatch" style={{ background: i.color }} aria-hidden="true" />
          ) : null}
          <Link to={paths.initiative(i.id)} title={name}>
            {name}
          </Link>
        </span>
      </td>
      <td className="mono nowrap">{i.reference_num ?? '—'}</td>
      <td>
        <StatusPill status={i.workflow_status} />
      </td>
      <td className="cell-progress">
        <ProgressBar value={i.progress} size="sm" label={`Progress of ${name}`} />
      </td>
      <td className="cell-num">{i.effort ?? <span className="faint">—</span>}</td>
      <td className="cell-num">{i.value ?? <span className="faint">—</span>}</td>
      <td className="nowrap">
        {i.start_date || i.end_date ? (
          formatDateRange(i.start_date, i.end_date)
        ) : i.time_frame ? null : (
          <span className="faint">—</span>
        )}
        {i.time_frame ? <span className="initiative-tree__frame">{i.time_frame.name}</span> : null}
      </td>
      <td className="nowrap">
        <ButtonLink
          to={paths.newInitiative(productId, { parent: i.id })}
          size="sm"
          variant="ghost"
          aria-label={`Add child to ${name}`}
        >
          Add child
        </ButtonLink>
      </td>
    </tr>
  );
}
