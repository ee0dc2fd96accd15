// A failed load: the service's own message (it is written for people), and a way to try again.
import type { ReactNode } from 'react';
import { ApiError } from '../api/client';
import { Button } from './button';

export interface ErrorStateProps {
  error: unknown;
  /** Shown as a "Try again" button when given (e.g. the query's refetch) and a retry could help. */
  onRetry?: () => void;
  title?: ReactNode;
  retrying?: boolean;
  /** Another way out, e.g. a link back to the list. */
  action?: ReactNode;
}

/** Asking again cannot fix a missing record or a refused request; it can fix outages and rate limits. */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  if (error.kind === 'contract') return false;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong.';
}

function defaultTitle(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 404) return 'Not found';
    if (error.status === 403) return 'Not allowed';
    if (error.status === 0) return 'The service could not be reached';
    if (error.status === 429) return 'The service is busy';
  }
  return 'This could not be loaded';
}

export function ErrorState({ error, onRetry, title, retrying = false, action }: ErrorStateProps) {
  return (
    <div className="error-state" role="alert">
      <p className="error-state__title">{title ?? defaultTitle(error)}</p>
      <p className="error-state__message">{errorMessage(error)}</p>
      {(onRetry && isRetryable(error)) || action ? (
        <div className="row">
          {onRetry && isRetryable(error) ? (
            <Button onClick={onRetry} pending={retrying} pendingLabel="Trying again…">
              Try again
            </Button>
          ) : null}
          {action}
        </div>
      ) : null}
    </div>
  );
}
