// The ideas list of the home screen and of "My ideas": sort links (Popular / Recent / Trending), a
// search box, category and status filters, pages — all in the address, so back/forward and a shared
// link show the same list — and a row per idea: its vote box, name, excerpt, status, categories and
// comment count.
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { PORTAL_SORTS, portalIdeaPageSchema } from '../contract/portal-site';
import type { PortalCategory, PortalIdeaSummary, PortalInfo, PortalSort, Viewer } from '../contract/portal-site';
import { count, formatDate } from './format';
import { Link, navigate, useLocation } from './router';
import { useResource } from './store';
import { CommentIcon, EmptyState, ErrorBox, IdeaSkeletons, StatusPill } from './ui';
import { VoteButton, voteRefusal } from './vote-button';

export const PER_PAGE = 20;

const SORT_LABELS: Record<PortalSort, string> = { popular: 'Popular', recent: 'Recent', trending: 'Trending' };

export interface ListQuery {
  sort: PortalSort;
  q: string;
  category: string;
  status: string;
  page: number;
}

/** The list's state from the address; anything unreadable is its default. */
export function readListQuery(params: URLSearchParams): ListQuery {
  const sort = params.get('sort');
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return {
    sort: (PORTAL_SORTS as readonly string[]).includes(sort ?? '') ? (sort as PortalSort) : 'popular',
    q: params.get('q') ?? '',
    category: params.get('category') ?? '',
    status: params.get('status') ?? '',
    page: Number.isFinite(page) && page > 1 ? page : 1,
  };
}

/** The address's query for a list state (defaults left out). */
export function writeListQuery(query: ListQuery): string {
  const p = new URLSearchParams();
  if (query.sort !== 'popular') p.set('sort', query.sort);
  if (query.q.trim()) p.set('q', query.q.trim());
  if (query.category) p.set('category', query.category);
  if (query.status) p.set('status', query.status);
  if (query.page > 1) p.set('page', String(query.page));
  const s = p.toString();
  return s ? `?${s}` : '';
}

/** The API path of a list state. */
export function listApiPath(query: ListQuery, mine: boolean): string {
  const p = new URLSearchParams({ sort: query.sort, page: String(query.page), per_page: String(PER_PAGE) });
  if (query.q.trim()) p.set('q', query.q.trim());
  if (query.category) p.set('category', query.category);
  if (query.status) p.set('status', query.status);
  if (mine) p.set('mine', 'true');
  return `/ideas?${p.toString()}`;
}

/** Categories in tree order with their depth (children under their parent). */
export function categoryTree(categories: readonly PortalCategory[]): { category: PortalCategory; depth: number }[] {
  const ids = new Set(categories.map((c) => c.id));
  const children = new Map<string | null, PortalCategory[]>();
  for (const c of categories) {
    const parent = c.parent_id !== null && ids.has(c.parent_id) ? c.parent_id : null;
    children.set(parent, [...(children.get(parent) ?? []), c]);
  }
  const out: { category: PortalCategory; depth: number }[] = [];
  const walk = (parent: string | null, depth: number) => {
    for (const c of children.get(parent) ?? []) {
      out.push({ category: c, depth });
      if (depth < 8) walk(c.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

export function IdeaRow({ idea, viewer, reasonId }: { idea: PortalIdeaSummary; viewer: Viewer | null; reasonId?: string | undefined }) {
  const refusal = voteRefusal(idea, viewer);
  // Voting closed is the idea's own reason; no votes left is the list's one notice.
  const ownReason = idea.status.complete;
  return (
    <li className="idea-row">
      <VoteButton idea={idea} refusal={refusal} reasonId={ownReason ? undefined : reasonId} compact />
      <div className="idea-row-body">
        <h2 className="idea-row-title">
          <Link to={`/ideas/${encodeURIComponent(idea.reference_num)}`}>{idea.name}</Link>
        </h2>
        {idea.excerpt ? <p className="idea-row-excerpt">{idea.excerpt}</p> : null}
        <div className="idea-meta">
          <StatusPill status={idea.status} />
          {idea.categories.map((c) => (
            <span className="chip" key={c.id}>
              {c.name}
            </span>
          ))}
          <span className="meta-item">
            <CommentIcon />
            {count(idea.comments_count, 'comment')}
          </span>
          <span className="meta-item meta-muted">
            {idea.reference_num} · <time dateTime={idea.created_at}>{formatDate(idea.created_at)}</time>
            {idea.mine ? ' · yours' : ''}
          </span>
        </div>
      </div>
    </li>
  );
}

export interface IdeaListProps {
  portal: PortalInfo;
  viewer: Viewer | null;
  /** Only the viewer's own ideas. */
  mine?: boolean;
  /** What to show when the portal has no ideas at all (no filter set). */
  empty: ReactNode;
}

export function IdeaList({ portal, viewer, mine = false, empty }: IdeaListProps) {
  const location = useLocation();
  const query = readListQuery(location.params);
  const path = listApiPath(query, mine);
  const page = useResource(path, portalIdeaPageSchema);
  const reasonId = useId();
  const [text, setText] = useState(query.q);
  const lastQ = useRef(query.q);

  // Back/forward to another search: the box follows the address.
  useEffect(() => {
    if (query.q !== lastQ.current) {
      lastQ.current = query.q;
      setText(query.q);
    }
  }, [query.q]);

  const go = (patch: Partial<ListQuery>, push = false) => {
    const next = { ...query, page: 1, ...patch };
    lastQ.current = next.q;
    navigate(location.path + writeListQuery(next), { replace: !push, focus: false });
  };

  // Searching as one types, once typing pauses.
  useEffect(() => {
    if (text.trim() === query.q.trim()) return;
    const t = window.setTimeout(() => go({ q: text }), 300);
    return () => window.clearTimeout(t);
  });

  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    go({ q: text });
  };

  const filtered = query.q.trim() !== '' || query.category !== '' || query.status !== '';
  const outOfVotes = !!viewer && viewer.votes_cap !== null && viewer.votes_held >= viewer.votes_cap;
  const data = page.data;
  const sortHref = (sort: PortalSort) => location.path + writeListQuery({ ...query, sort, page: 1 });
  const tree = categoryTree(portal.categories);

  return (
    <section className="idea-list" aria-labelledby={`${reasonId}-label`}>
      <h2 id={`${reasonId}-label`} className="sr-only">
        {mine ? 'Your ideas' : 'Ideas'}
      </h2>
      <div className="toolbar">
        <nav className="sort-tabs" aria-label="Sort ideas">
          {PORTAL_SORTS.map((sort) => (
            <Link
              key={sort}
              to={sortHref(sort)}
              replace
              className={`sort-tab${query.sort === sort ? ' is-current' : ''}`}
              aria-current={query.sort === sort ? 'true' : undefined}
              onClick={(e) => {
                // A sort is a view of the same screen: the focus stays on the tab.
                if (e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey) {
                  e.preventDefault();
                  go({ sort });
                }
              }}
            >
              {SORT_LABELS[sort]}
            </Link>
          ))}
        </nav>
        <form role="search" className="filters" onSubmit={onSearch} aria-label={mine ? 'Filter your ideas' : 'Filter ideas'}>
          <div className="filter search-filter">
            <label htmlFor={`${reasonId}-q`} className="sr-only">
              Search ideas
            </label>
            <svg className="icon search-icon" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
              <circle cx="9" cy="9" r="5.5" />
              <path d="m13 13 4 4" />
            </svg>
            <input
              id={`${reasonId}-q`}
              type="search"
              className="input"
              placeholder="Search ideas"
              value={text}
              onChange={(e) => setText(e.target.value)}
              maxLength={200}
            />
          </div>
          {tree.length > 0 ? (
            <div className="filter">
              <label htmlFor={`${reasonId}-category`} className="sr-only">
                Category
              </label>
              <select
                id={`${reasonId}-category`}
                className="input select"
                value={query.category}
                onChange={(e) => go({ category: e.target.value })}
              >
                <option value="">All categories</option>
                {tree.map(({ category, depth }) => (
                  <option key={category.id} value={category.id}>
                    {'\u00a0\u00a0'.repeat(depth)}
                    {category.name}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          {portal.statuses.length > 0 ? (
            <div className="filter">
              <label htmlFor={`${reasonId}-status`} className="sr-only">
                Status
              </label>
              <select
                id={`${reasonId}-status`}
                className="input select"
                value={query.status}
                onChange={(e) => go({ status: e.target.value })}
              >
                <option value="">All statuses</option>
                {portal.statuses.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
        </form>
      </div>

      <div className="list-summary">
        <p className="result-count" aria-live="polite">
          {data ? count(data.pagination.total_records, 'idea') : '\u00a0'}
        </p>
        {filtered ? (
          <button type="button" className="link-button" onClick={() => go({ q: '', category: '', status: '' })}>
            Clear filters
          </button>
        ) : null}
      </div>

      {outOfVotes ? (
        <p className="notice" id={reasonId}>
          You have used all {viewer.votes_cap} of your votes. Take one back to vote for another idea; votes on shipped ideas come back to
          you.
        </p>
      ) : null}

      {data ? (
        data.ideas.length > 0 ? (
          <>
            <ul className="idea-rows" aria-busy={page.loading || undefined}>
              {data.ideas.map((idea) => (
                <IdeaRow key={idea.id} idea={idea} viewer={viewer} reasonId={outOfVotes ? reasonId : undefined} />
              ))}
            </ul>
            <Pages
              current={data.pagination.current_page}
              total={data.pagination.total_pages}
              hrefOf={(n) => location.path + writeListQuery({ ...query, page: n })}
            />
          </>
        ) : filtered || query.page > 1 ? (
          <EmptyState
            title="No ideas match"
            actions={
              <button type="button" className="button" onClick={() => go({ q: '', category: '', status: '' })}>
                Clear filters
              </button>
            }
          >
            Try other words, or another category or status.
          </EmptyState>
        ) : (
          empty
        )
      ) : page.error ? (
        <ErrorBox error={page.error} onRetry={page.reload} title="The ideas could not be loaded" />
      ) : (
        <IdeaSkeletons />
      )}
    </section>
  );
}

export function Pages({ current, total, hrefOf }: { current: number; total: number; hrefOf: (page: number) => string }) {
  if (total <= 1) return null;
  return (
    <nav className="pages" aria-label="Pages">
      {current > 1 ? (
        <Link to={hrefOf(current - 1)} className="button" rel="prev">
          ← Previous
        </Link>
      ) : (
        <span className="button is-placeholder" aria-hidden="true">
          ← Previous
        </span>
      )}
      <span className="pages-where">
        Page {current} of {total}
      </span>
      {current < total ? (
        <Link to={hrefOf(current + 1)} className="button" rel="next">
          Next →
        </Link>
      ) : (
        <span className="button is-placeholder" aria-hidden="true">
          Next →
        </span>
      )}
    </nav>
  );
}
