// The workspace's features as a filterable, server-paged table. Filters live in the URL so a
// filtered list can be shared and survives reload; the rows are virtualised so a page of 200 wide
// rows scrolls as smoothly as a page of 20.
import { useQuery } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { accountQueries, statusesFor } from '../../api/account';
import { FEATURE_LIST_FIELDS, featureQueries, type FeatureScope } from '../../api/features';
import type { FeatureListItem } from '../../contract/features';
import { ButtonLink, Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { ErrorState } from '../../ui/error-state';
import { Loading } from '../../ui/loading';
import { PageHeader } from '../../ui/page-header';
import { Pager } from '../../ui/pager';
import { paths } from '../../ui/paths';
import { ProgressBar } from '../../ui/progress-bar';
import { StatusPill } from '../../ui/status-pill';
import { releaseChoicesQuery } from './feature-form-choices';
import { useDebouncedParam } from '../../ui/use-debounced-param';
import './features.css';

export const FEATURES_PER_PAGE = 50;
/** Fixed row height: the virtualiser places rows without measuring them. */
const ROW_HEIGHT = 48;
const FILTER_KEYS = ['q', 'status', 'assignee', 'tag', 'release'] as const;

export function FeatureListPage() {
  const { productId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const status = params.get('status') ?? '';
  const assignee = params.get('assignee') ?? '';
  const tag = params.get('tag') ?? '';
  const release = params.get('release') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const filtered = FILTER_KEYS.some((k) => params.get(k));

  /** Changing a filter goes back to page 1; replace keeps typing out of the history. */
  const setFilter = (key: (typeof FILTER_KEYS)[number] | 'page', value: string) => {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        else next.delete(key);
        if (key !== 'page') next.delete('page');
        return next;
      },
      { replace: key !== 'page' },
    );
  };

  const search = useDebouncedParam(q, (v) => setFilter('q', v));
  const tagFilter = useDebouncedParam(tag, (v) => setFilter('tag', v));

  const scope: FeatureScope = release ? { release } : { product: productId };
  const features = useQuery(
    featureQueries.list(scope, {
      page,
      perPage: FEATURES_PER_PAGE,
      q: q || undefined,
      tag: tag || undefined,
      assignedToUser: assignee || undefined,
      workflowStatus: status || undefined,
      fields: FEATURE_LIST_FIELDS,
    }),
  );
  const workflows = useQuery(accountQueries.workflows(productId));
  const users = useQuery(accountQueries.users());
  const releases = useQuery(releaseChoicesQuery(productId));
  // `?release=` may carry a key (PLN-R-1) as well as an id; the select speaks ids.
  const releaseValue =
    releases.data?.releases.find((r) => r.id === release || r.reference_num === release)?.id ?? release;

  const clearFilters = () => {
    search.setNow('');
    tagFilter.setNow('');
    setParams(new URLSearchParams(), { replace: true });
  };

  const statuses = statusesFor(workflows.data, 'Feature');
  const rows = features.data?.features ?? [];

  return (
    <div className="stack">
      <PageHeader
        title="Features"
        actions={
          <ButtonLink to={paths.newFeature(productId, { release: release || undefined })} variant="primary">
            New feature
          </ButtonLink>
        }
      />

      <form className="card feature-filters" role="search" aria-label="Filter features" onSubmit={(e) => e.preventDefault()}>
        <div className="field">
          <label className="field__label" htmlFor="feature-filter-q">
            Search
          </label>
          <input
            id="feature-filter-q"
            className="input"
            type="search"
            placeholder="Name contains…"
            value={search.text}
            onChange={(e) => search.onChange(e.target.value)}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="feature-filter-status">
            Status
          </label>
          <select
            id="feature-filter-status"
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
          <label className="field__label" htmlFor="feature-filter-assignee">
            Assignee
          </label>
          <select
            id="feature-filter-assignee"
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
          <label className="field__label" htmlFor="feature-filter-tag">
            Tag
          </label>
          <input
            id="feature-filter-tag"
            className="input"
            type="text"
            placeholder="Exact tag"
            value={tagFilter.text}
            onChange={(e) => tagFilter.onChange(e.target.value)}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="feature-filter-release">
            Release
          </label>
          <select
            id="feature-filter-release"
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
        <div className="feature-filters__actions">
          <Button variant="ghost" onClick={clearFilters} disabled={!filtered}>
            Clear filters
          </Button>
        </div>
      </form>

      {features.isPending ? (
        <div className="card">
          <Loading label="Loading features…" variant="skeleton" rows={8} />
        </div>
      ) : features.isError ? (
        <ErrorState error={features.error} onRetry={() => void features.refetch()} retrying={features.isFetching} />
      ) : rows.length === 0 ? (
        <div className="card">
          {filtered ? (
            <EmptyState
              title="No features match these filters"
              action={
                <Button variant="primary" onClick={clearFilters}>
                  Clear filters
                </Button>
              }
            >
              Try other filters, or clear them to see every feature of this workspace.
            </EmptyState>
          ) : (
            <EmptyState
              title="No features yet"
              action={
                <ButtonLink to={paths.newFeature(productId)} variant="primary">
                  New feature
                </ButtonLink>
              }
            >
              Features are the work planned into releases.
            </EmptyState>
          )}
        </div>
      ) : (
        <div className="card card--flush" aria-busy={features.isFetching}>
          <FeatureTable rows={rows} page={page} />
          <div className="feature-table__footer">
            <Pager
              pagination={features.data.pagination}
              onPageChange={(p) => setFilter('page', p > 1 ? String(p) : '')}
              noun="features"
              label="Feature pages"
              disabled={features.isPlaceholderData}
            />
          </div>
        </div>
      )}
    </div>
  );
}

function FeatureTable({ rows, page }: { rows: FeatureListItem[]; page: number }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Virtual returns fresh functions each render; this component is not memoised, so nothing stale is kept.
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    // First paint (and jsdom) before the container is measured still shows a screenful of rows.
    initialRect: { width: 1200, height: 640 },
  });

  // A new page starts at its top, not where the last one was scrolled to.
  useEffect(() => {
    if (scrollRef.current) scrollRef.current.scrollTop = 0;
  }, [page]);

  const items = virtualizer.getVirtualItems();
  const padTop = items[0]?.start ?? 0;
  const padBottom = virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0);

  return (
    <div ref={scrollRef} className="feature-table__scroll" tabIndex={0} role="region" aria-label="Feature list">
      <table className="table feature-table" aria-rowcount={rows.length + 1}>
        <thead>
          <tr aria-rowindex={1}>
            <th scope="col" className="feature-table__ref">
              Reference
            </th>
            <th scope="col" className="feature-table__name">
              Name
            </th>
            <th scope="col" className="feature-table__status">
              Status
            </th>
            <th scope="col" className="feature-table__release">
              Release
            </th>
            <th scope="col" className="feature-table__assignee">
              Assignee
            </th>
            <th scope="col" className="feature-table__estimate">
              Estimate
            </th>
            <th scope="col" className="feature-table__progress">
              Progress
            </th>
            <th scope="col" className="feature-table__tags">
              Tags
            </th>
          </tr>
        </thead>
        <tbody>
          {padTop > 0 ? (
            <tr aria-hidden="true" className="feature-table__spacer">
              <td colSpan={8} style={{ height: padTop }} />
            </tr>
          ) : null}
          {items.map((item) => {
            const f = rows[item.index];
            if (!f) return null;
            return <FeatureRow key={f.id} feature={f} rowIndex={item.index + 2} />;
          })}
          {padBottom > 0 ? (
            <tr aria-hidden="true" className="feature-table__spacer">
              <td colSpan={8} style={{ height: padBottom }} />
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}

function FeatureRow({ feature: f, rowIndex }: { feature: FeatureListItem; rowIndex: number }) {
  const ref = f.reference_num ?? f.id;
  const tags = f.tags ?? [];
  return (
    <tr aria-rowindex={rowIndex} className="feature-table__row">
      <td className="mono nowrap">{f.reference_num ?? '—'}</td>
      <td className="feature-table__name">
        <Link to={paths.feature(ref)} title={f.name}>
          {f.name ?? `Feature ${f.id}`}
        </Link>
      </td>
      <td>
        <StatusPill status={f.workflow_status ?? null} />
      </td>
      <td className="feature-table__clip" title={f.release?.name}>
        {f.release ? <Link to={paths.release(f.release.id)}>{f.release.name}</Link> : '—'}
      </td>
      <td className="feature-table__clip" title={f.assigned_to_user?.email}>
        {f.assigned_to_user?.name ?? <span className="muted">Unassigned</span>}
      </td>
      <td className="nowrap">{f.initial_estimate_text ?? <span className="muted">—</span>}</td>
      <td>
        <ProgressBar value={f.progress ?? null} size="sm" label={`Progress of ${f.name ?? ref}`} />
      </td>
      <td className="feature-table__clip" title={tags.join(', ')}>
        {tags.length === 0 ? (
          <span className="muted">—</span>
        ) : (
          tags.map((t) => (
            <span key={t} className="tag">
              {t}
            </span>
          ))
        )}
      </td>
    </tr>
  );
}
