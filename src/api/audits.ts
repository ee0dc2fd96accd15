// Record history over HTTP (issue 13): the audit log of the last 12 months (`GET /audits`), read
// for one record with the rows of the records it holds, and the historical audit search for administrators (the free estimate and index, the search that charges
// tokens, its pages by `next_token`). Every historical answer carries the tokens left in a header:
// the latest figure is kept here for the screen to show beside the estimate.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import {
  HISTORICAL_TOKENS_HEADER,
  auditPage,
  historicalEstimate,
  historicalIndexPage,
  historicalSearchCreated,
  historicalSearchResult,
  type AuditListQuery,
  type AuditPage,
  type HistoricalSearchInput,
} from '../contract/audits';
import type { CommentableKind } from '../contract/comments';
import { apiGet, apiPost, type RequestOptions } from './client';
import { keys } from './keys';
import { defineMutation } from './mutations';
import { pagedQuery, seg } from './records';

/** The filters `GET /audits` takes (ids as text, timestamps ISO 8601). */
export type AuditFilters = Omit<AuditListQuery, 'page' | 'per_page' | 'fields'>;

export const fetchAudits = (filters: AuditFilters & { page?: number; per_page?: number }, signal?: AbortSignal): Promise<AuditPage> =>
  apiGet('/audits', auditPage, { ...filters }, { signal });

/** The record a history is read for, by its audited type (`Feature`) and id. */
export interface AuditSubject {
  type: string;
  id: string;
}

/** How the audit log names the record kinds that have a page (paths name them as comments do). */
export const AUDITABLE_TYPES = {
  features: 'Feature',
  epics: 'Epic',
  requirements: 'Requirement',
  ideas: 'Idea',
  initiatives: 'Initiative',
  goals: 'Goal',
  releases: 'Release',
  release_phases: 'ReleasePhase',
  pages: 'Page',
} as const satisfies Record<CommentableKind, string>;

/** Rows per page of a record's history: a screen and a half of entries, one request for most records. */
export const HISTORY_PAGE_SIZE = 30;

/**
 * A record's whole history, newest first, a page at a time: what was done to it and to the records
 * that belong to it (a feature's requirements, a release's phases, comments on it) — the service's
 * `include_associated`. Under the audit root, so every write refreshes it (src/api/keys.ts).
 */
function history(subject: AuditSubject) {
  const filters: AuditFilters = { auditable_type: subject.type, auditable_id: subject.id, include_associated: 'true', order: 'newest' };
  return infiniteQueryOptions({
    queryKey: keys.audits.history(subject.type, subject.id),
    queryFn: ({ pageParam, signal }) => fetchAudits({ ...filters, page: pageParam, per_page: HISTORY_PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: (last: AuditPage) =>
      last.pagination.current_page < last.pagination.total_pages ? last.pagination.current_page + 1 : undefined,
  });
}

export const auditQueries = {
  all: keys.audits.all,
  list: (params: AuditFilters & { page?: number; per_page?: number }) =>
    pagedQuery(keys.audits.list(params), (signal) => fetchAudits(params, signal)),
  history,
};

// ---------------------------------------------------------------------------------------------
// Historical audit search (administrators only)

let tokens: number | null = null;
const tokenListeners = new Set<() => void>();

/** The tokens the service last said were available (null before any historical answer). */
export const getHistoricalTokens = (): number | null => tokens;

export function subscribeHistoricalTokens(listener: () => void): () => void {
  tokenListeners.add(listener);
  return () => tokenListeners.delete(listener);
}

/** Keeps the figure of an answer's tokens header (a 403 or 429 carries it too). */
export function noteTokens(headers: Headers): void {
  const text = headers.get(HISTORICAL_TOKENS_HEADER);
  if (text === null || text.trim() === '') return;
  const value = Number(text);
  if (!Number.isFinite(value) || value === tokens) return;
  tokens = value;
  for (const listener of tokenListeners) listener();
}

const historical = (signal?: AbortSignal): RequestOptions => ({ signal, onHeaders: noteTokens });

/** The search filters as the service takes them; empty values are left out. */
export type HistoricalFilters = HistoricalSearchInput;

function compact(filters: HistoricalFilters): HistoricalFilters {
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== '')) as HistoricalFilters;
}

/** What a search with these filters would be charged at most, and the tokens available (free). */
export const fetchHistoricalEstimate = (filters: HistoricalFilters, signal?: AbortSignal) =>
  apiGet('/historical_audits/estimate', historicalEstimate, { ...compact(filters) }, historical(signal));

/**
 * Creates a search (charges its maximum cost). A 429 (tokens short) is not waited out: the screen
 * says when the tokens will suffice, from the error's `retryAfterMs`.
 */
export const createHistoricalSearch = (filters: HistoricalFilters) =>
  apiPost('/historical_audits', { search: compact(filters) }, historicalSearchCreated, { ...historical(), noBusyRetry: true });

/** Operation 9: a page of a search's results (`nextToken` null for the first), with its state. */
export const fetchHistoricalPage = (searchId: string, nextToken: string | null, signal?: AbortSignal) =>
  apiGet(`/historical_audits/${seg(searchId)}`, historicalSearchResult, { next_token: nextToken }, historical(signal));

/** The index: who was active on what, on which days (free). */
export const fetchHistoricalIndex = (
  filters: HistoricalFilters & { created_since: string; created_before: string; page?: number; per_page?: number },
  signal?: AbortSignal,
) => apiGet('/historical_audits', historicalIndexPage, { ...compact(filters) }, historical(signal));

/** How often a running search is asked how far it is. */
export const SEARCH_POLL_MS = 1000;

export const historicalQueries = {
  all: keys.historicalAudits.all,
  estimate: (filters: HistoricalFilters) =>
    queryOptions({
      queryKey: keys.historicalAudits.estimate(compact(filters)),
      queryFn: ({ signal }) => fetchHistoricalEstimate(filters, signal),
      // Tokens replenish: an estimate a minute old may be wrong about them.
      staleTime: 15_000,
    }),
  /**
   * One page of a search. Polled while the search runs; once it has finished a page never changes,
   * so it is read once (reading again would cost nothing, but there is nothing new to learn).
   */
  page: (searchId: string, nextToken: string | null) =>
    queryOptions({
      queryKey: keys.historicalAudits.result(searchId, nextToken),
      queryFn: ({ signal }) => fetchHistoricalPage(searchId, nextToken, signal),
      refetchInterval: (query) => (query.state.data?.running ? SEARCH_POLL_MS : false),
      staleTime: (query) => (query.state.data && !query.state.data.running ? Infinity : 0),
    }),
  index: (filters: HistoricalFilters & { created_since: string; created_before: string; page?: number; per_page?: number }) =>
    pagedQuery(keys.historicalAudits.index(compact(filters)), (signal) => fetchHistoricalIndex(filters, signal)),
};

/** Makes a search: its kind refreshes the estimate (fewer tokens now), nothing of the record history. */
export const useCreateHistoricalSearch = defineMutation('historical_audit', { mutationFn: createHistoricalSearch });
