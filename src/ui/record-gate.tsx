// The first moments of every record page: a spinner while the record loads, a page-shaped error
// (still with its one <h1>) when it is missing or failed, and once it is there its workspace becomes
// the current one, so the sidebar's links lead back into it.
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { useEffect, type ComponentType, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { ApiError } from '../api/client';
import { rememberProductId } from '../api/workspace';
import { ButtonLink } from './button';
import { ErrorState } from './error-state';
import type { LoadState } from './load-state';
import { Loading } from './loading';
import { PageHeader } from './page-header';
import { paths } from './paths';

export interface RecordGateProps<T extends { product_id: string }> {
  query: LoadState & { data: T | undefined };
  /** "feature", "epic" … for the texts. */
  noun: string;
  children: (record: T) => ReactNode;
}

export function RecordGate<T extends { product_id: string }>({ query, noun, children }: RecordGateProps<T>) {
  const productId = query.data?.product_id;
  useEffect(() => {
    if (productId) rememberProductId(productId);
  }, [productId]);

  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (!query.isError) return <Loading label={`Loading the ${noun}…`} />;
  const missing = query.error instanceof ApiError && query.error.status === 404;
  const title = `${noun.charAt(0).toUpperCase()}${noun.slice(1)}`;
  return (
    <div className="stack">
      <PageHeader title={missing ? `${title} not found` : title} />
      <div className="card">
        <ErrorState
          error={query.error}
          title={missing ? `This ${noun} does not exist` : undefined}
          onRetry={missing ? undefined : () => void query.refetch()}
          retrying={query.isFetching}
          action={<ButtonLink to={paths.home}>Go to your workspace</ButtonLink>}
        />
      </div>
    </div>
  );
}

export interface RecordPageProps<T extends { product_id: string }, K extends readonly unknown[]> {
  /** The route parameter holding the id or key, e.g. "epicId". */
  param: string;
  /** The record's query options, e.g. `epicQueries.detail`. */
  query: (id: string) => UseQueryOptions<T, ApiError, T, K>;
  noun: string;
  children: (record: T) => ReactNode;
}

/** A record page's route component in one line: reads the id from the route, loads, gates. */
export function RecordPage<T extends { product_id: string }, K extends readonly unknown[]>({ param, query, noun, children }: RecordPageProps<T, K>) {
  const id = useParams()[param] ?? '';
  const record = useQuery(query(id));
  return (
    <RecordGate query={record} noun={noun}>
      {children}
    </RecordGate>
  );
}

/**
 * A record page's route component from its parts: `recordRoute('epicId', epicQueries.detail,
 * 'epic', EpicDetails)`. The details component gets the loaded record, keyed by its id.
 */
export function recordRoute<T extends { id: string; product_id: string }, K extends readonly unknown[]>(
  param: string,
  query: (id: string) => UseQueryOptions<T, ApiError, T, K>,
  noun: string,
  Details: ComponentType<{ record: T }>,
) {
  return function RecordRoute() {
    return (
      <RecordPage param={param} query={query} noun={noun}>
        {(record) => <Details key={record.id} record={record} />}
      </RecordPage>
    );
  };
}
