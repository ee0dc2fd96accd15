// The HTTP side of errors: the transport's own error type (auth, content type, body shape), the one
// mapping from a store error to its status, and the one JSON error answer every failure gets.
import type { Context } from 'hono';
import { StoreError } from '../problems';
import { dbFailure } from '../store/db-errors';

/** Errors of the HTTP layer itself (auth, content type, body shape) with their 4xx status. */
export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 422 | 429,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

const STATUS: Record<StoreError['kind'], 400 | 403 | 404 | 409 | 422> = {
  bad_request: 400,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  invalid: 422,
};

/** The one mapping from a store error to its status. */
export function storeErrorStatus(err: StoreError): 400 | 403 | 404 | 409 | 422 {
  return STATUS[err.kind];
}

/** `{ error, errors? }` with the status the error stands for; anything unexpected is a logged 500. */
export function errorResponse(c: Context, err: unknown): Response {
  if (err instanceof HttpError) {
    const body = err.errors ? { error: err.message, errors: err.errors } : { error: err.message };
    if (err.status === 401) c.header('WWW-Authenticate', 'Bearer');
    return c.json(body, err.status);
  }
  if (err instanceof StoreError) {
    const body = err.errors ? { error: err.message, errors: err.errors } : { error: err.message };
    return c.json(body, storeErrorStatus(err));
  }
  // The client went away mid-body (a stalled upload closed by the request timeout): no one to
  // answer and nothing broken, so no 500 in the log.
  if (err instanceof Error && 'code' in err && err.code === 'ECONNRESET') {
    return c.json({ error: 'The request was not received in full' }, 408);
  }
  const failure = dbFailure(err);
  // A constraint failure is a client's bad reference, never a crash.
  if (failure?.kind === 'unique' || failure?.kind === 'constraint') {
    return c.json({ error: 'The request conflicts with existing data' }, 409);
  }
  // The database stayed locked past busy_timeout (a checkpoint or another process holding it), or
  // PostgreSQL gave up on a conflicting transaction: nothing was written, and the same request can
  // be sent again.
  if (failure?.kind === 'busy') {
    c.header('Retry-After', '1');
    return c.json({ error: 'The database is busy; try again in a moment' }, 503);
  }
  // PostgreSQL out of reach (restarting, the connection dropped: store/postgres-driver.ts): this
  // request fails, the service stays and reconnects by itself. A change whose COMMIT went
  // unanswered, or that was committed before its answer could be read (http/record-rows.ts), may
  // have been saved: never a success, nor "try again" as if nothing had been written.
  if (failure?.kind === 'unavailable') {
    c.header('Retry-After', '1');
    const error = failure.outcomeUnknown
      ? 'The connection to the database was lost during the change: it may have been saved; check before sending it again'
      : 'The database is unavailable; try again in a moment';
    return c.json({ error }, 503);
  }
  // A value the database's type refused that no check caught before (SQLite stores what it is
  // given): the request's fault, logged, since a check is missing.
  if (failure?.kind === 'bad_value') {
    console.error('value refused by the database', err);
    return c.json({ error: 'A value of the request is out of range or of the wrong type' }, 400);
  }
  console.error('Unhandled error', err);
  return c.json({ error: 'Internal server error' }, 500);
}
