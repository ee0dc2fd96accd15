// How route loaders start a screen's queries before it renders. A loader passes the very
// queryOptions the screen reads, so the screen finds its data under the same key. Two strengths:
// `loadQuery` for what the screen is about (waits when there is nothing to show, or when a write has
// made the cached answer wrong), `warmQuery` for the rest (started, only waited for when wrong).
// Neither throws: a failure stays in the cache and the screen shows its own error state.
import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import type { ApiError } from './client';


/**
 * A write elsewhere invalidated this query (src/api/mutations.ts): showing the cached answer first
 * would put old roll-ups on screen and then jump, so the loader waits for the new one.
 */
function isInvalidated(queryClient: QueryClient, queryKey: QueryKey): boolean {
  return queryClient.getQueryState(queryKey)?.isInvalidated === true;
}

function hasData(queryClient: QueryClient, queryKey: QueryKey): boolean {
  return queryClient.getQueryData(queryKey) !== undefined;
}

async function settle<T>(promise: Promise<T>): Promise<T | undefined> {
  try {
    return await promise;
  } catch {
    return undefined;
  }
}

/**
 * The screen's primary query. Fresh in the cache: at once. Missing or invalidated: waits for the
 * service. Merely older than its stale time: at once, refreshed behind the screen. Resolves with the
 * data (undefined when it failed), so a loader can start what depends on it.
 */
export async function loadQuery<TQueryFnData, TData = TQueryFnData, TQueryKey extends QueryKey = QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<TQueryFnData, ApiError, TData, TQueryKey>,
): Promise<TData | undefined> {
  if (!hasData(queryClient, options.queryKey) || isInvalidated(queryClient, options.queryKey)) {
    return settle(queryClient.fetchQuery(options));
  }
  return settle(queryClient.ensureQueryData({ ...options, revalidateIfStale: true }));
}

/**
 * A secondary query (choices, sub-tables, the workspace name): started if stale, not waited for —
 * unless a write has made the cached answer wrong, when showing it would contradict the primary.
 */
export async function warmQuery<TQueryFnData, TData = TQueryFnData, TQueryKey extends QueryKey = QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<TQueryFnData, ApiError, TData, TQueryKey>,
): Promise<void> {
  const wrong = isInvalidated(queryClient, options.queryKey);
  const started = queryClient.prefetchQuery(options);
  if (wrong) await started;
}

/** What a record folder's route table needs from the app to load its screens (records never import app). */
export interface LoaderContext {
  queryClient: QueryClient;
  /** Redirects to sign-in (by throwing) when there is no session; loaders run before the layout's. */
  requireSession: (request: Request) => unknown;
}
