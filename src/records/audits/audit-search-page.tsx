// The historical audit search (administrators): build a search over changes older than 12 months,
// see what it would cost beside the tokens available before running it, watch it run, page through
// its results (keeping the tokens already read, so Previous is instant) and export what was fetched
// as CSV. Beside the results, the free index: who was active on which records, on which days.
import { useQueries, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { accountQueries } from '../../api/account';
import {
  AUDITABLE_TYPES,
  getHistoricalTokens,
  historicalQueries,
  subscribeHistoricalTokens,
  useCreateHistoricalSearch,
  type HistoricalFilters,
} from '../../api/audits';
import { isApiError } from '../../api/client';
import type { z } from 'zod';
import type { Audit, historicalIndexRowSchema } from '../../contract/audits';
import { Button } from '../../ui/button';
import { exactTime } from '../../ui/comment-thread-model';
import { DataTable, type Column } from '../../ui/data-table';
import { EmptyState } from '../../ui/empty-state';
import { ErrorState, errorMessage } from '../../ui/error-state';
import { Field } from '../../ui/field';
import { FormError } from '../../ui/form-error';
import { formatDate } from '../../ui/format';
import { auditSummary, typeNoun, type NameLookup } from '../../ui/history-model';
import { Loading } from '../../ui/loading';
import { PageHeader, screenTitle } from '../../ui/page-header';
import { ProgressBar } from '../../ui/progress-bar';
import { Tabs } from '../../ui/tabs';
import { useCachedNames } from '../../ui/use-cached-names';
import {
  costVerdict,
  formProblems,
  initialForm,
  lastSearchableDay,
  placeFieldErrors,
  searchInput,
  waitText,
  type FormField,
  type SearchForm,
} from './audit-search-model';
import './audits.css';

const TITLE = 'Audit search';

export function AuditSearchPage() {
  const me = useQuery(accountQueries.me());
  return (
    <div className="stack audit-search">
      <title>{screenTitle(TITLE)}</title>
      <PageHeader
        workspace={false}
        eyebrow="Administration"
        title={TITLE}
        meta="Changes older than 12 months, searched on the service. A search costs tokens; the estimate and the activity index are free."
      />
      {me.isPending ? (
        <Loading label="Loading…" />
      ) : me.isError ? (
        <ErrorState error={me.error} onRetry={() => void me.refetch()} />
      ) : me.data.administrator ? (
        <AuditSearch />
      ) : (
        <AdministratorsOnly />
      )}
    </div>
  );
}

function AdministratorsOnly() {
  return (
    <div className="card" role="alert">
      <EmptyState kind="search" title="Administrators only">
        The historical audit search is open to account administrators. Ask one of them to search for you; the last 12 months of changes are
        in each record's History tab.
      </EmptyState>
    </div>
  );
}

/** A value that settles: the latest one once it has not changed for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

const capitalized = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

const TYPE_OPTIONS = [...Object.values(AUDITABLE_TYPES), 'Comment'].map((type) => ({ value: type, label: capitalized(typeNoun(type)) }));

const ACTIONS = [
  { value: 'create', label: 'Created' },
  { value: 'update', label: 'Updated' },
  { value: 'destroy', label: 'Deleted' },
] as const;

interface RunningSearch {
  id: string;
  maxCost: number | undefined;
}

function AuditSearch() {
  const [params] = useSearchParams();
  const [form, setForm] = useState<SearchForm>(() => initialForm(new Date(), { type: params.get('type'), id: params.get('id') }));
  const [shown, setShown] = useState<Partial<Record<FormField, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<FormField, string>>>({});
  const [search, setSearch] = useState<RunningSearch | null>(null);
  const [tab, setTab] = useState('results');
  const users = useQuery(accountQueries.users());
  const create = useCreateHistoricalSearch();

  const problems = formProblems(form);
  const settled = useSettled(form, 400);
  const settledFilters = useMemo(() => searchInput(settled), [settled]);
  const settledValid = Object.keys(formProblems(settled)).length === 0;
  const estimate = useQuery({ ...historicalQueries.estimate(settledFilters), enabled: settledValid });
  const headerTokens = useSyncExternalStore(subscribeHistoricalTokens, getHistoricalTokens);
  const tokens = headerTokens ?? estimate.data?.tokens_available ?? null;
  const estimateCurrent = settled === form && estimate.data !== undefined && !estimate.isFetching;
  const verdict = costVerdict(estimateCurrent ? estimate.data : undefined, tokens);
  const reasonId = useId();

  const change = <K extends FormField>(field: K, value: SearchForm[K]) => {
    setForm((f) => ({ ...f, [field]: value }));
    setShown((s) => ({ ...s, [field]: true }));
    setServerErrors((e) => ({ ...e, [field]: undefined }));
  };
  const errorOf = (field: FormField): string | undefined => serverErrors[field] ?? (shown[field] ? problems[field] : undefined);

  const refused = create.error;
  const wait = refused && isApiError(refused) && refused.status === 429 ? refused.retryAfterMs : undefined;
  const generalError =
    refused && isApiError(refused) && refused.status === 422
      ? placeFieldErrors(refused.fieldErrors).rest.concat(Object.keys(refused.fieldErrors).length === 0 ? [refused.message] : [])
      : refused && !(isApiError(refused) && refused.status === 429)
        ? [errorMessage(refused)]
        : [];

  const run = (event: FormEvent) => {
    event.preventDefault();
    const wrong = Object.keys(problems) as FormField[];
    if (wrong.length > 0) {
      setShown(Object.fromEntries(wrong.map((f) => [f, true])));
      document.getElementById(`audit-${wrong[0]}`)?.focus();
      return;
    }
    create.mutate(searchInput(form), {
      onSuccess: (made) => {
        setSearch({ id: made.search_id, maxCost: made.max_cost });
        setTab('results');
      },
      onError: (error) => {
        if (!isApiError(error) || error.status !== 422) return;
        const placed = placeFieldErrors(error.fieldErrors).fields;
        setServerErrors(placed);
        const first = Object.keys(placed)[0];
        if (first) document.getElementById(`audit-${first}`)?.focus();
      },
    });
  };

  const lastDay = lastSearchableDay();
  const disabled = create.isPending || !verdict.ok;

  return (
    <>
      <form className="card audit-search__form" onSubmit={run} noValidate aria-labelledby="audit-search-heading">
        <h2 id="audit-search-heading" className="audit-search__heading">
          Search
        </h2>
        <div className="audit-search__layout">
          <div className="audit-search__fields">
            <Field label="From" id="audit-from" required error={errorOf('from')}>
              {(control) => (
                <input
                  className="input"
                  type="date"
                  value={form.from}
                  max={lastDay}
                  onChange={(e) => change('from', e.target.value)}
                  {...control}
                />
              )}
            </Field>
            <Field
              label="To"
              id="audit-to"
              required
              error={errorOf('to')}
              hint={`On or before ${formatDate(lastDay)}: newer changes are in each record's History.`}
            >
              {(control) => (
                <input
                  className="input"
                  type="date"
                  value={form.to}
                  max={lastDay}
                  onChange={(e) => change('to', e.target.value)}
                  {...control}
                />
              )}
            </Field>
            <Field label="Person" id="audit-user" error={errorOf('user')}>
              {(control) => (
                <select className="input select" value={form.user} onChange={(e) => change('user', e.target.value)} {...control}>
                  <option value="">Anyone</option>
                  {(users.data?.users ?? []).map((u) => (
                    <option key={u.id} value={u.id}>
                      {u.name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label="Action" id="audit-action" error={errorOf('action')}>
              {(control) => (
                <select
                  className="input select"
                  value={form.action}
                  onChange={(e) => change('action', e.target.value as SearchForm['action'])}
                  {...control}
                >
                  <option value="">Any action</option>
                  {ACTIONS.map((a) => (
                    <option key={a.value} value={a.value}>
                      {a.label}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label="Record type" id="audit-type" error={errorOf('type')}>
              {(control) => (
                <select className="input select" value={form.type} onChange={(e) => change('type', e.target.value)} {...control}>
                  <option value="">Any type</option>
                  {TYPE_OPTIONS.map((t) => (
                    <option key={t.value} value={t.value}>
                      {t.label}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label="Record id" id="audit-recordId" error={errorOf('recordId')} hint="The number in the record's address.">
              {(control) => (
                <input
                  className="input"
                  inputMode="numeric"
                  value={form.recordId}
                  onChange={(e) => change('recordId', e.target.value)}
                  {...control}
                />
              )}
            </Field>
          </div>

          <aside className="audit-cost" aria-label="Cost of this search">
            <div className="audit-cost__figures" aria-live="polite">
              <div className="audit-cost__figure">
                <span className="audit-cost__label">Estimated cost</span>
                <span className="audit-cost__value">
                  {!settledValid ? (
                    '—'
                  ) : estimate.isPending || !estimateCurrent ? (
                    <span className="audit-cost__pending">Estimating…</span>
                  ) : estimate.isError ? (
                    '—'
                  ) : (
                    `up to ${estimate.data.max_cost.toLocaleString('en')} ${estimate.data.max_cost === 1 ? 'token' : 'tokens'}`
                  )}
                </span>
                {estimate.data && estimateCurrent ? (
                  <span className="audit-cost__note">{estimate.data.rows_in_range.toLocaleString('en')} changes in the range</span>
                ) : null}
              </div>
              <div className="audit-cost__figure">
                <span className="audit-cost__label">Tokens available</span>
                <span className="audit-cost__value">{tokens === null ? '—' : tokens.toLocaleString('en')}</span>
                <span className="audit-cost__note">They replenish over time.</span>
              </div>
            </div>
            {estimate.isError ? (
              <p className="audit-cost__problem" role="alert">
                The estimate could not be made: {errorMessage(estimate.error)}
              </p>
            ) : null}
            <Button
              type="submit"
              variant="primary"
              pending={create.isPending}
              pendingLabel="Starting…"
              disabled={disabled}
              aria-describedby={verdict.reason ? reasonId : undefined}
            >
              Run search
            </Button>
            {verdict.reason ? (
              <p id={reasonId} className="audit-cost__reason">
                {verdict.reason}
              </p>
            ) : null}
            {wait !== undefined ? (
              <p className="audit-cost__problem" role="alert">
                Not enough tokens for this search yet: enough will be available {waitText(wait)}.
              </p>
            ) : refused && isApiError(refused) && refused.status === 429 ? (
              <p className="audit-cost__problem" role="alert">
                Not enough tokens for this search yet. Try again in a while.
              </p>
            ) : null}
          </aside>
        </div>
        <FormError messages={generalError} title="The search could not be started" />
      </form>

      <Tabs
        className="card audit-search__views"
        label="Search results and activity"
        selected={tab}
        onChange={setTab}
        tabs={[
          {
            id: 'results',
            label: 'Results',
            panel: () =>
              search ? (
                <SearchResults key={search.id} search={search} />
              ) : (
                <EmptyState compact kind="search" title="No search run yet">
                  Choose a range and what to look for, check the cost, then run the search. Its results show here.
                </EmptyState>
              ),
          },
          {
            id: 'activity',
            label: 'Who was active',
            panel: () => <ActivityIndex filters={settledFilters} valid={settledValid} />,
          },
        ]}
      />
    </>
  );
}

// ---------------------------------------------------------------------------------------------
// Results

/** "(40 charged, 37 given back)" once the search is done, from the answer or from what was charged. */
function refundText(charged: number | undefined, cost: number | null, refunded: number | null | undefined): string {
  const back = refunded ?? (charged !== undefined && cost !== null ? charged - cost : null);
  if (back === null || back <= 0) return '';
  return ` (${charged === undefined ? '' : `${charged.toLocaleString('en')} charged, `}${back.toLocaleString('en')} given back)`;
}

/** "Changes 101–123 of 123 · the CSV holds all 123 fetched" (the CSV note once more than a page is read). */
function pageSummary(before: number, count: number, total: number | undefined, fetched: number): string {
  if (count === 0) return '';
  const range = `Changes ${(before + 1).toLocaleString('en')}–${(before + count).toLocaleString('en')}${total === undefined ? '' : ` of ${total.toLocaleString('en')}`}`;
  return fetched > count ? `${range} · the CSV holds all ${fetched.toLocaleString('en')} fetched` : range;
}

const actionLabel = (a: Audit): string =>
  a.audit_action === 'create'
    ? a.restored_from_deletion_id
      ? 'Restored'
      : 'Created'
    : a.audit_action === 'update'
      ? 'Updated'
      : 'Deleted';

const recordText = (a: Audit): string => `${capitalized(typeNoun(a.auditable_type))} ${a.reference_num ?? `#${a.auditable_id}`}`;

/** The results' columns; `names` names the ids an update carries (people, statuses, kinds, teams). */
const resultColumns = (names: NameLookup): Column<Audit>[] => [
  {
    id: 'when',
    header: 'When',
    width: '10rem',
    cell: (a) => (
      <time dateTime={a.created_at} className="nowrap">
        {exactTime(a.created_at)}
      </time>
    ),
    csvValue: (a) => a.created_at,
  },
  {
    id: 'who',
    header: 'Who',
    width: '9.5rem',
    cell: (a) => a.user?.name ?? 'Planner',
    csvValue: (a) => (a.user ? `${a.user.name} <${a.user.email}>` : 'Planner'),
  },
  { id: 'action', header: 'Action', width: '6rem', cell: actionLabel, csvValue: actionLabel },
  {
    id: 'record',
    header: 'Record',
    width: '12rem',
    cell: (a) => (
      <>
        {capitalized(typeNoun(a.auditable_type))} <span className="mono">{a.reference_num ?? `#${a.auditable_id}`}</span>
      </>
    ),
    csvValue: recordText,
  },
  { id: 'changes', header: 'What changed', cell: (a) => auditSummary(a, names), csvValue: (a) => auditSummary(a, names) },
];

function SearchResults({ search }: { search: RunningSearch }) {
  // The tokens of the pages read so far: page n is read with tokens[n] (null for the first).
  const [tokens, setTokens] = useState<(string | null)[]>([null]);
  const [at, setAt] = useState(0);
  const pages = useQueries({ queries: tokens.map((t) => historicalQueries.page(search.id, t)) });
  // A search spans every workspace: the statuses, kinds and teams of each name what the rows number.
  const products = useQuery(accountQueries.products());
  const productIds = useMemo(() => (products.data?.products ?? []).map((p) => p.id), [products.data]);
  const names = useCachedNames(productIds);
  const columns = useMemo(() => resultColumns(names), [names]);
  const current = pages[at];
  const data = current?.data;
  const done = data !== undefined && !data.running;
  const [announce, setAnnounce] = useState('');

  // Said once, when the first page arrives complete (the tokens refunded come with its header).
  const told = useRef(false);
  useEffect(() => {
    if (done && !told.current) {
      told.current = true;
      setAnnounce(`Search complete: ${data.audits.length} ${data.audits.length === 1 ? 'change' : 'changes'} on the first page.`);
    }
  }, [done, data]);

  // Rows on the pages before this one: where this page's rows start in the whole result.
  const before = pages.slice(0, at).reduce((n, p) => n + (p.data?.audits.length ?? 0), 0);
  const fetched = useMemo(() => {
    const seen = new Set<string>();
    return pages.flatMap((p) => p.data?.audits ?? []).filter((a) => (seen.has(a.id) ? false : (seen.add(a.id), true)));
  }, [pages]);

  // A new page starts at its first row: the pager is under the table, so the view goes back up to it.
  const section = useRef<HTMLElement>(null);
  const turn = (to: number) => {
    setAt(to);
    setAnnounce(`Page ${to + 1}`);
    const top = section.current?.getBoundingClientRect().top;
    if (top !== undefined && top < 0) section.current?.scrollIntoView({ block: 'start' });
  };
  const next = () => {
    const token = data?.next_token;
    if (!token) return;
    if (tokens[at + 1] !== token) setTokens([...tokens.slice(0, at + 1), token]);
    turn(at + 1);
  };
  const previous = () => turn(Math.max(0, at - 1));

  return (
    <section ref={section} className="audit-results" aria-labelledby="audit-results-heading">
      <h2 id="audit-results-heading" className="visually-hidden">
        Results
      </h2>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announce}
      </p>
      {!current || current.isPending ? (
        <Loading label="Starting the search…" />
      ) : current.isError ? (
        <ErrorState
          error={current.error}
          onRetry={() => void current.refetch()}
          retrying={current.isFetching}
          title="The results could not be read"
        />
      ) : data?.running ? (
        <div className="audit-results__running">
          <p className="audit-results__status">
            Searching the audit log…
            {data.total_results ? ` ${data.total_results.toLocaleString('en')} found so far.` : ''} The results show when the search is
            complete.
          </p>
          <ProgressBar value={Math.round((data.progress ?? 0) * 100)} label="Search progress" />
        </div>
      ) : data ? (
        <>
          {data.state === 'failed' ? (
            <p className="audit-cost__problem" role="alert">
              The search stopped with an error: the results are what it found until then.
            </p>
          ) : null}
          <p className="audit-results__status">
            <span className="audit-results__done">{data.state === 'failed' ? 'Search stopped' : 'Search complete'}</span>
            {data.total_results !== undefined
              ? ` · ${data.total_results.toLocaleString('en')} ${data.total_results === 1 ? 'change' : 'changes'} found`
              : ''}
            {data.token_cost !== null
              ? ` · cost ${data.token_cost.toLocaleString('en')} ${data.token_cost === 1 ? 'token' : 'tokens'}`
              : ''}
            {refundText(search.maxCost, data.token_cost, data.refunded)}
          </p>
          <DataTable
            label={`Search results, page ${at + 1}`}
            columns={columns}
            rows={data.audits}
            serverSort
            compact
            // A page holds 100 rows at most: drawn whole, so find-in-page reads them all.
            virtualizeFrom={200}
            exportName="audit-search"
            exportRows={fetched}
            summary={pageSummary(before, data.audits.length, data.total_results, fetched.length)}
            empty={
              <EmptyState compact kind="search" title={at === 0 ? 'No changes matched' : 'This page is empty'}>
                {at === 0 ? 'Widen the dates or clear a filter, then run the search again.' : null}
              </EmptyState>
            }
          />
          <nav className="pager" aria-label="Pages of results">
            <span className="pager__total">{data.results_complete && !data.next_token ? 'Last page' : ''}</span>
            <div className="pager__controls">
              <Button size="sm" onClick={previous} disabled={at === 0}>
                ← Previous
              </Button>
              <span className="pager__status" aria-current="page">
                Page {at + 1}
              </span>
              <Button size="sm" onClick={next} disabled={!data.next_token}>
                Next →
              </Button>
            </div>
          </nav>
        </>
      ) : null}
    </section>
  );
}

// ---------------------------------------------------------------------------------------------
// The index

type IndexRow = z.infer<typeof historicalIndexRowSchema>;

const INDEX_COLUMNS: Column<IndexRow>[] = [
  {
    id: 'person',
    header: 'Person',
    width: '14rem',
    cell: (r) => (
      <>
        <span className="audit-index__name">{r.name}</span>
        <span className="audit-index__email">{r.email}</span>
      </>
    ),
    csvValue: (r) => r.email,
  },
  {
    id: 'record',
    header: 'Record',
    width: '11rem',
    cell: (r) => `${capitalized(typeNoun(r.auditable_type))} #${r.auditable_id}`,
    csvValue: (r) => `${r.auditable_type} ${r.auditable_id}`,
  },
  {
    id: 'days',
    header: 'Days active',
    cell: (r) => (
      <span className="audit-index__days">
        {r.dates_active.slice(0, 6).map((d) => (
          <time key={d} dateTime={d} className="tag">
            {formatDate(d)}
          </time>
        ))}
        {r.dates_active.length > 6 ? <span className="muted">and {r.dates_active.length - 6} more</span> : null}
      </span>
    ),
    csvValue: (r) => r.dates_active.join(' '),
  },
];

function ActivityIndex({ filters, valid }: { filters: HistoricalFilters; valid: boolean }) {
  const [page, setPage] = useState(1);
  const range = { ...filters, created_since: filters.created_since ?? '', created_before: filters.created_before ?? '' };
  const index = useQuery({ ...historicalQueries.index({ ...range, page, per_page: 50 }), enabled: valid });
  if (!valid) {
    return (
      <EmptyState compact kind="search" title="Choose a valid range">
        The index shows who changed which records on which days within the search's range.
      </EmptyState>
    );
  }
  return (
    <DataTable
      label="Who was active"
      columns={INDEX_COLUMNS}
      rows={index.data?.historical_audits}
      rowKey={(r) => `${r.id}-${r.auditable_type}-${r.auditable_id}`}
      state={index}
      noun="activity"
      serverSort
      compact
      exportName="audit-activity"
      summary="Free to read: use it to find the days worth a search."
      paging={{ pagination: index.data?.pagination, onPageChange: setPage, label: 'Pages of activity' }}
      empty={
        <EmptyState compact kind="search" title="Nobody was active in this range">
          Widen the dates or clear a filter.
        </EmptyState>
      }
    />
  );
}
