// The portal's one HTTP client: JSON to and from /portal/<key>/api with the session cookie
// (same-origin), every answer parsed by its contract schema, every write carrying the session's
// CSRF token. A refusal becomes a PortalApiError with the service's message, its field messages
// (422) and, for 429, the wait in words. A 401 also tells the app (which sends the person to the
// sign-in screen and back), unless the caller handles it itself (the sign-in link).
import * as z from 'zod/mini';
import { CSRF_HEADER, portalErrorSchema } from '../contract/portal-site';

export class PortalApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The service's messages by field (422), e.g. `{ name: ["can't be blank"] }`. */
    readonly fieldErrors: Record<string, string[]> = {},
    /** Seconds to wait before trying again (429). */
    readonly retryAfter: number | null = null,
  ) {
    super(message);
    this.name = 'PortalApiError';
  }
}

interface ApiConfig {
  /** `/portal/<key>/api` */
  base: string;
  /** The session's CSRF token, when someone is signed in. */
  csrfToken: () => string | undefined;
  /** Someone must sign in (a 401 the caller did not take on itself). */
  onUnauthorized: () => void;
}

let config: ApiConfig = { base: '', csrfToken: () => undefined, onUnauthorized: () => undefined };

export function configureApi(next: Partial<ApiConfig>): void {
  config = { ...config, ...next };
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** A JSON body. */
  json?: unknown;
  /** A multipart body (uploads). */
  form?: FormData;
  signal?: AbortSignal;
  /** The caller shows a 401 itself (the sign-in link's token) instead of the sign-in screen. */
  own401?: boolean;
}

/** "Too many tries; try again in N seconds" from a 429's Retry-After (seconds or a date). */
export function retryMessage(retryAfter: number | null): string {
  if (retryAfter === null) return 'Too many tries; try again in a moment.';
  const s = Math.max(1, Math.ceil(retryAfter));
  return `Too many tries; try again in ${s} ${s === 1 ? 'second' : 'seconds'}.`;
}

function readRetryAfter(value: string | null): number | null {
  if (!value) return null;
  const n = Number(value);
  if (Number.isFinite(n)) return n;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, (at - Date.now()) / 1000);
}

async function errorOf(res: Response): Promise<PortalApiError> {
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    // Not JSON (a proxy's page): the status says enough.
  }
  const parsed = z.safeParse(portalErrorSchema, body);
  const fieldErrors = parsed.success ? (parsed.data.errors ?? {}) : {};
  if (res.status === 429) {
    const retryAfter = readRetryAfter(res.headers.get('Retry-After'));
    return new PortalApiError(429, retryMessage(retryAfter), fieldErrors, retryAfter);
  }
  const fallback =
    res.status === 401
      ? 'Please sign in first.'
      : res.status === 404
        ? 'This page does not exist, or you may not see it.'
        : res.status >= 500
          ? 'Something went wrong on our side; try again in a moment.'
          : `The request was refused (${res.status}).`;
  return new PortalApiError(res.status, parsed.success ? parsed.data.error : fallback, fieldErrors);
}

/**
 * Calls `path` (relative to the portal's API: `''`, `/ideas?sort=recent`) and parses the answer with
 * `schema` (null: no body expected, e.g. 204).
 */
export async function request<S extends z.ZodMiniType>(path: string, schema: S, options?: RequestOptions): Promise<z.output<S>>;
export async function request(path: string, schema: null, options?: RequestOptions): Promise<undefined>;
export async function request(path: string, schema: z.ZodMiniType | null, options: RequestOptions = {}): Promise<unknown> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  if (method !== 'GET') {
    const token = config.csrfToken();
    if (token) headers[CSRF_HEADER] = token;
  }
  let res: Response;
  try {
    res = await fetch(config.base + path, { method, headers, body, credentials: 'same-origin', signal: options.signal ?? null });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new PortalApiError(0, 'Could not reach the service; check your connection and try again.');
  }
  if (!res.ok) {
    const error = await errorOf(res);
    if (res.status === 401 && !options.own401) config.onUnauthorized();
    throw error;
  }
  if (schema === null || res.status === 204) return undefined;
  let data: unknown;
  try {
    data = await res.json();
  } catch {
    throw new PortalApiError(res.status, 'The service sent an answer this page cannot read.');
  }
  const parsed = z.safeParse(schema, data);
  if (!parsed.success) throw new PortalApiError(res.status, 'The service sent an answer this page cannot read.');
  return parsed.data;
}

/** The message to show for any error (a PortalApiError's own, else a general one). */
export function errorText(error: unknown): string {
  if (error instanceof PortalApiError) return error.message;
  return 'Something went wrong; try again.';
}
