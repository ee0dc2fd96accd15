// A failed load: the service's own message (it is written for people), and a way to try again.
import type { ReactNode } from 'react';
import { ApiError } from '../api/client';
import { Button } from './button';

export interface ErrorStateProps {
  error: unknown;
  /** Shown as a "Try again" button when given (e.g. the query's refetch). */
  onRetry?: () => void;
  title?: ReactNode;
  retrying?: boolean;
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
  }
  return 'This could not be loaded';
}

export function ErrorState({ error, onRetry, title, retrying = false }: ErrorStateProps) {
  return (
    <div className="error-state" role="alert">
      <p className="error-state__title">{title ?? defaultTitle(error)}</p>
      <p className="error-state__message">{errorMessage(error)}</p>
      {onRetry ? (
        <Button onClick={onRetry} pending={retrying} pendingLabel="Trying again…">
          Try again
        </Button>
      ) : null}
    </div>
  );
}
