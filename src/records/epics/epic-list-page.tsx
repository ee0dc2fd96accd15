// A workspace's epics (or one release's, with `?release=`, operation 6) as a filterable,
// server-paged table. Every filter — custom fields included — lives in the URL so a filtered list
// can be shared and survives reload.
import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { accountQueries, statusesFor } from '../../api/account';
import { EPIC_LIST_FIELDS, epicQueries, type EpicScope } from '../../api/epics';
import { Button, ButtonLink } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { ErrorState } from '../../ui/error-state';
import { Loading } from '../../ui/loading';
import { PageHeader } from '../../ui/page-header';
import { Pager } from '../../ui/pager';
import { paths } from '../../ui/paths';
import { useDebouncedParam } from '../../ui/use-debounced-param';
import {
  CustomFieldFilters,
  customFieldFiltersFrom,
  customFieldParam,
  filterableFields,
} from './custom-field-filters';
import { epicReleaseChoicesQuery } from './epic-form-choices';
import { EpicListTabs } from './epic-list-tabs';
import { updatedSinceParam } from './epic-list-params';
import { EpicTable } from './epic-table';
import './epics.css';

export const EPICS_PER_PAGE = 50;
const FILTER_KEYS = ['q', 'status', 'assignee', 'tag', 'updated', 'release'] as const;
type FilterKey = (typeof FILTER_KEYS)[number] | 'page';

export function EpicListPage() {
  const { productId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const status = params.get('status') ?? '';
  const assignee = params.get('assignee') ?? '';
  const tag = params.get('tag') ?? '';
  const release = params.get('release') ?? '';
  const updated = params.get('updated') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const customFilters = customFieldFiltersFrom(params);
  // The release narrows the list but is not a filter to clear: a release with no epics is "empty".
  const filtered = FILTER_KEYS.some((k) => k !== 'release' && params.get(k)) || Object.keys(customFilters).length > 0;

  /** Changing a filter goes back to page 1; replace keeps typing out of the history. */
  const setParam = (name: string, value: string, isPage = false) => {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(name, value);
        else next.delete(name);
        if (!isPage) next.delete('page');
        return next;
      },
      { replace: !isPage },
    );
  };
  const setFilter = (key: FilterKey, value: string) => setParam(key, value, key === 'page');

  const search = useDebouncedParam(q, (v) => setFilter('q', v));
  const tagFilter = useDebouncedParam(tag, (v) => setFilter('tag', v));

  const scope: EpicScope = release ? { release } : { product: productId };
  const epics = useQuery(
    epicQueries.list(scope, {
      page,
      perPage: EPICS_PER_PAGE,
      q: q || undefined,
      tag: tag || undefined,
      updatedSince: updatedSinceParam(updated),
      assignedToUser: assignee || undefined,
      workflowStatus: status || undefined,
      customFields: customFilters,
      fields: EPIC_LIST_FIELDS,
    }),
  );
  const workflows = useQuery(accountQueries.workflows(productId));
  const users = useQuery(accountQueries.users());
  const releases = useQuery(epicReleaseChoicesQuery(productId));
  const customFields = useQuery(epicQueries.customFields({ product: productId }));
  // `?release=` may carry a key (PLN-R-1) as well as an id; the select speaks ids.
  const chosenRelease = releases.data?.releases.find((r) => r.id === release || r.reference_num === release);
  const releaseValue = chosenRelease?.id ?? release;

  /** Clears every filter but keeps the release the list is narrowed to. */
  const clearFilters = () => {
    search.setNow('');
    tagFilter.setNow('');
    setParams(new URLSearchParams(release ? { release } : {}), { replace: true });
  };

  const statuses = statusesFor(workflows.data, 'Epic');
  const fields = filterableFields(customFields.data ?? [], customFilters);
  const rows = epics.data?.epics ?? [];
  const newEpicHref = paths.newEpic(productId, { release: releaseValue || undefined });

  return (
    <div className="stack">
      <PageHeader
        title="Epics"
        meta={
          chosenRelease ? (
            <span className="muted">
              Release{' '}
              <Link to={paths.release(chosenRelease.id)}>
                {[chosenRelease.reference_num, chosenRelease.name].filter(Boolean).join(' ')}
              </Link>
            </span>
          ) : undefined
        }
        actions={
          <ButtonLink to={newEpicHref} variant="primary">
            New epic
          </ButtonLink>
        }
      />
      <EpicListTabs productId={productId} current="workspace" />

      <form className="card epic-filters" role="search" aria-label="Filter epics" onSubmit={(e) => e.preventDefault()}>
        <div className="field epic-filters__search">
          <label className="field__label" htmlFor="epic-filter-q">
            Search
          </label>
          <input
            id="epic-filter-q"
            className="input"
            type="search"
            placeholder="Name contains…"
            value={search.text}
            onChange={(e) => search.onChange(e.target.value)}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="epic-filter-release">
            Release
          </label>
          <select
            id="epic-filter-release"
            className="input select"
            value={releaseValue}
            onChange={(e) => setFilter('release', e.target.value)}
          >
            <option value="">All releases</option>
            {(releases.data?.releases ?? []).map((r) => (
              <option key={r.id} value={r.id}>
                {[r.reference_num, r.name].filter(Boolean).join(' ')}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor="epic-filter-status">
            Status
          </label>
          <select
            id="epic-filter-status"
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
        <div className="field">
          <label className="field__label" htmlFor="epic-filter-assignee">
            Assignee
          </label>
          <select
            id="epic-filter-assignee"
            className="input select"
            value={assignee}
            onChange={(e) => setFilter('assignee', e.target.value)}
          >
            <option value="">Anyone</option>
            {(users.data?.users ?? []).map((u) => (
              <option key={u.id} value={u.id}>
                {u.name || u.email}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor="epic-filter-tag">
            Tag
          </label>
          <input
            id="epic-filter-tag"
            className="input"
            type="text"
            placeholder="Exact tag"
            value={tagFilter.text}
            onChange={(e) => tagFilter.onChange(e.target.value)}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="epic-filter-updated">
            Updated since
          </label>
          <input
            id="epic-filter-updated"
            className="input"
            type="date"
            value={updated}
            onChange={(e) => setFilter('updated', e.target.value)}
          />
        </div>
        <CustomFieldFilters
          fields={fields}
          values={customFilters}
          onChange={(key, value) => setParam(customFieldParam(key), value)}
          idPrefix="epic-filter"
        />
        <div className="epic-filters__actions">
          <Button variant="ghost" onClick={clearFilters} disabled={!filtered}>
            Clear filters
          </Button>
        </div>
      </form>

      {epics.isPending ? (
        <div className="card">
          <Loading label="Loading epics…" variant="skeleton" rows={8} />
        </div>
      ) : epics.isError ? (
        <ErrorState
          error={epics.error}
          onRetry={() => void epics.refetch()}
          retrying={epics.isFetching}
          action={
            release ? (
              <Link to={paths.epics(productId)}>Show the epics of every release</Link>
            ) : undefined
          }
        />
      ) : rows.length === 0 ? (
        <div className="card">
          {filtered ? (
            <EmptyState
              title="No epics match these filters"
              action={
                <Button variant="primary" onClick={clearFilters}>
                  Clear filters
                </Button>
              }
            >
              Try other filters, or clear them to see every epic of this {release ? 'release' : 'workspace'}.
            </EmptyState>
          ) : (
            <EmptyState
              title={release ? 'No epics in this release yet' : 'No epics yet'}
              action={
                <ButtonLink to={newEpicHref} variant="primary">
                  New epic
                </ButtonLink>
              }
            >
              Epics group the features of a larger piece of work.
            </EmptyState>
          )}
        </div>
      ) : (
        <div className="card card--flush" aria-busy={epics.isFetching}>
          <EpicTable rows={rows} page={page} label="Epics" />
          <div className="epic-table__footer">
            <Pager
              pagination={epics.data.pagination}
              onPageChange={(p) => setFilter('page', p > 1 ? String(p) : '')}
              noun="epics"
              label="Epic pages"
              disabled={epics.isPlaceholderData}
            />
          </div>
        </div>
      )}
    </div>
  );
}
