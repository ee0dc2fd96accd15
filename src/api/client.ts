// The one place the browser speaks HTTP: base URL from the session, bearer auth, JSON in and out,
// every response parsed with its contract schema, and every failure turned into one ApiError.
// A 429 (or a GET's 503) with Retry-After is waited out and asked again a few times before it
// becomes an error. No redirects or toasts here — React Query's caches, error boundaries and forms
// decide what to show.
import type {} from '@tanstack/react-query';
import type { z } from 'zod';
import { errorBodySchema } from '../contract/common';
import { getSession, type Session } from './session';

export const API_PREFIX = '/api/v1';

export type ApiErrorKind = 'http' | 'network' | 'contract';

export class ApiError extends Error {
  /** HTTP status; 0 when the service could not be reached. */
  readonly status: number;
  /** Per-field messages of a 422, keyed by request field name (`name`, `total_capacity_text`, …). */
  readonly fieldErrors: Record<string, string[]>;
  /** `contract` means the service answered 2xx in a shape the contract does not allow. */
  readonly kind: ApiErrorKind;
  /** A 429's (or 503's) Retry-After in milliseconds, when the service said how long to wait. */
  retryAfterMs: number | undefined;

  constructor(status: number, message: string, fieldErrors: Record<string, string[]> = {}, kind: ApiErrorKind = 'http') {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fieldErrors = fieldErrors;
    this.kind = kind;
    this.retryAfterMs = undefined;
  }

  get isUnauthorized(): boolean {
    return this.status === 401;
  }
  get isNotFound(): boolean {
    return this.status === 404;
  }
}

// Every query and mutation error in React Query is typed as ApiError.
declare module '@tanstack/react-query' {
  interface Register {
    defaultError: ApiError;
  }
}

type Scalar = string | number | boolean;
export type QueryValue =
  | Scalar
  | null
  | undefined
  | readonly Scalar[]
  | { readonly [key: string]: Scalar | null | undefined };
/** Query parameters; undefined/null/'' are left out, arrays repeat the key, objects become `key[sub]=`. */
export type QueryParams = { readonly [key: string]: QueryValue };

function isList(value: QueryValue): value is readonly Scalar[] {
  return Array.isArray(value);
}

export function buildQuery(query?: QueryParams): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (isList(value)) {
      for (const item of value) params.append(key, String(item));
    } else if (typeof value === 'object') {
      for (const [sub, v] of Object.entries(value)) {
        if (v !== undefined && v !== null && v !== '') params.append(`${key}[${sub}]`, String(v));
      }
    } else {
      params.append(key, String(value));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Retries after a 429 (or a GET's 503) before the error reaches the screen. */
export const BUSY_RETRIES = 3;
/** The most one request waits in all; asked to wait longer, the client gives up at once. */
export const BUSY_MAX_WAIT_MS = 10_000;

/** Retry-After as milliseconds: delta seconds or an HTTP date; 1 s when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number {
  const text = header?.trim() ?? '';
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? 1000 : Math.max(0, date - now);
}

/** A wait that an abort (React Query cancelling) ends at once with the abort's error. */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError'));
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    function onAbort(): void {
      clearTimeout(timer);
      reject(signal?.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError'));
    }
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Whether an answer is worth waiting out and sending again: a 429 always, whatever the method —
 * the service refuses before doing anything, so a write is not done twice — and a 503 only for a
 * GET, since a write that met a 503 may have been done.
 */
function isBusy(method: string, status: number): boolean {
  return status === 429 || (status === 503 && method === 'GET');
}

export interface RequestOptions {
  signal?: AbortSignal | undefined;
  /** Use these credentials instead of the stored session (sign-in checks a token before keeping it). */
  session?: Session | undefined;
  /**
   * Give up on a 429 at once instead of waiting it out (the error carries `retryAfterMs`): for a
   * refusal the person should see and time themselves, such as a historical search short of tokens.
   */
  noBusyRetry?: boolean | undefined;
  /** Sees every answer's headers, failures included (the historical search's tokens header). */
  onHeaders?: ((headers: Headers) => void) | undefined;
}

export function apiUrl(path: string, query?: QueryParams, session: Session | null = getSession()): string {
  const base = session?.serverUrl ?? '';
  const rel = path.startsWith('/') ? path : `/${path}`;
  return `${base}${API_PREFIX}${rel}${buildQuery(query)}`;
}

async function send(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body: unknown,
  query: QueryParams | undefined,
  options: RequestOptions,
): Promise<{ status: number; json: unknown; headers: Headers }> {
  const session = options.session ?? getSession();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (session?.token) headers.Authorization = `Bearer ${session.token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  const url = apiUrl(path, query, session);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  let response: Response;
  let waited = 0;
  for (let attempt = 0; ; attempt++) {
    try {
      response = await fetch(url, { method, headers, body: payload, signal: options.signal });
    } catch (err) {
      // Aborts are React Query cancelling a query: let them through untouched so it can tell.
      if (err instanceof DOMException && err.name === 'AbortError') throw err;
      throw new ApiError(0, 'Could not reach the planning service. Check your connection and the server URL.', {}, 'network');
    }
    options.onHeaders?.(response.headers);
    if (!isBusy(method, response.status)) break;
    const wait = retryAfterMs(response.headers.get('Retry-After'));
    if (options.noBusyRetry || attempt >= BUSY_RETRIES || waited + wait > BUSY_MAX_WAIT_MS) return busy(response, wait);
    await response.body?.cancel();
    await sleep(wait, options.signal);
    waited += wait;
  }

  if (response.status === 204) return { status: 204, json: undefined, headers: response.headers };
  const text = await response.text();
  let json: unknown = undefined;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      if (response.ok) {
        throw new ApiError(response.status, 'The planning service sent a response that is not JSON.', {}, 'contract');
      }
    }
  }

  if (!response.ok) {
    const parsed = errorBodySchema.safeParse(json);
    if (parsed.success) throw new ApiError(response.status, parsed.data.error, parsed.data.errors ?? {});
    throw new ApiError(response.status, fallbackMessage(response.status));
  }
  return { status: response.status, json, headers: response.headers };
}

/** Gives up on a busy service: the person is told it is busy, with the service's own reason. */
async function busy(response: Response, waitMs: number): Promise<never> {
  let reason = '';
  try {
    const parsed = errorBodySchema.safeParse(JSON.parse(await response.text()));
    if (parsed.success) reason = ` ${parsed.data.error}`;
  } catch {
    // No JSON reason: the generic sentence below says enough.
  }
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const message = reason
    ? `The service is busy.${reason}`
    : `The service is busy: try again in ${seconds} s.`;
  const error = new ApiError(response.status, message);
  if (response.headers.has('Retry-After')) error.retryAfterMs = waitMs;
  throw error;
}

function fallbackMessage(status: number): string {
  if (status === 401) return 'Your access token was not accepted.';
  if (status === 403) return 'You are not allowed to do that.';
  if (status === 404) return 'Not found.';
  if (status === 429) return 'Too many requests: wait a moment and try again.';
  if (status >= 500) return `The planning service failed (HTTP ${status}). Try again.`;
  return `The request failed (HTTP ${status}).`;
}

function parseWith<S extends z.ZodType>(schema: S, json: unknown, method: string, path: string): z.infer<S> {
  const result = schema.safeParse(json);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue ? ` (${issue.path.join('.') || 'body'}: ${issue.message})` : '';
  throw new ApiError(200, `Unexpected response from ${method} ${path}${where}`, {}, 'contract');
}

export async function apiGet<S extends z.ZodType>(
  path: string,
  schema: S,
  query?: QueryParams,
  options: RequestOptions = {},
): Promise<z.infer<S>> {
  const { json } = await send('GET', path, undefined, query, options);
  return parseWith(schema, json, 'GET', path);
}

export async function apiPost<S extends z.ZodType>(
  path: string,
  body: unknown,
  schema: S,
  options: RequestOptions = {},
): Promise<z.infer<S>> {
  const { json } = await send('POST', path, body, undefined, options);
  return parseWith(schema, json, 'POST', path);
}

export async function apiPut<S extends z.ZodType>(
  path: string,
  body: unknown,
  schema: S,
  options: RequestOptions = {},
): Promise<z.infer<S>> {
  const { json } = await send('PUT', path, body, undefined, options);
  return parseWith(schema, json, 'PUT', path);
}

/** The header a DELETE that sent its record to the recycle bin names that deletion in (exposed by CORS). */
export const DELETION_ID_HEADER = 'X-Deletion-Id';

/** What a DELETE answers: the recycle-bin deletion it made, for an undo; null when it names none. */
export interface DeleteAnswer {
  deletionId: string | null;
}

/**
 * DELETE: 204 (or any 2xx) resolves with the deletion the service names in `X-Deletion-Id` — the
 * handle an undo restores — or null (a purge, a file, a service that keeps no bin).
 */
export async function apiDelete(path: string, options: RequestOptions = {}): Promise<DeleteAnswer> {
  const { headers } = await send('DELETE', path, undefined, undefined, options);
  const id = headers.get(DELETION_ID_HEADER)?.trim() ?? '';
  return { deletionId: /^\d+$/.test(id) ? id : null };
}

/** Whether a write's answer is a DELETE's that named its deletion (the app's undo toast looks for it). */
export function isBinnedDelete(data: unknown): data is { deletionId: string } {
  return typeof data === 'object' && data !== null && 'deletionId' in data && typeof data.deletionId === 'string';
}

/** Narrowing helper for catch blocks and error props typed `unknown`. */
export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
