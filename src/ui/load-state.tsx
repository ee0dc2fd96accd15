// What every loaded block shows before its data is there: a skeleton while the first answer is on
// its way, the service's message (with "Try again" where that can help) when it failed, else the
// block. Takes React Query's result as it is.
import type { ReactNode } from 'react';
import { ErrorState } from './error-state';
import { Loading } from './loading';

/** The part of a React Query result a screen needs to show its state. */
export interface LoadState {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

export interface LoadGateProps {
  state: LoadState;
  /** Announced while loading, e.g. "Loading features…". */
  label: string;
  /** Skeleton rows while loading; 0 draws a spinner instead. */
  rows?: number;
  children: ReactNode;
  /** Another way out beside "Try again", e.g. a link to a wider list. */
  errorAction?: ReactNode;
}

export function LoadGate({ state, label, rows = 4, children, errorAction }: LoadGateProps) {
  if (state.isPending) return <Loading label={label} variant={rows > 0 ? 'skeleton' : 'spinner'} rows={rows} />;
  if (state.isError) {
    return <ErrorState error={state.error} onRetry={() => void state.refetch()} retrying={state.isFetching} action={errorAction} />;
  }
  return <>{children}</>;
}
