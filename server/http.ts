// HTTP helpers every route uses: the one error type and shape, body and query parsing with zod,
// paging, `fields` selection and envelopes. Routes stay thin: parse, call the store, shape.
import type { Context } from 'hono';
import { z } from 'zod';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from '../src/contract/common';
import { badRequest, fieldErrors, zodProblems } from './problems';
import type { StoreError } from './problems';
import type { Paging } from './problems';

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

const MAX_JSON_DEPTH = 32;

/**
 * Reads a JSON body and validates it. 415/400 for the wrong content type, 400 for malformed JSON,
 * 422 naming each bad field. The body size limit is enforced before this by middleware (413).
 */
export async function readBody<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) {
    throw new HttpError(400, 'Content-Type must be application/json');
  }
  const text = await c.req.text();
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'Malformed JSON in request body');
  }
  if (depth(raw) > MAX_JSON_DEPTH) throw new HttpError(400, 'Request body is nested too deeply');
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new HttpError(400, 'Request body must be a JSON object');
  }
  const parsed = schema.safeParse(raw, { reportInput: true });
  if (!parsed.success) throw fieldErrors(zodProblems(parsed.error));
  return parsed.data;
}

function depth(value: unknown, level = 0): number {
  if (level > MAX_JSON_DEPTH) return level;
  if (typeof value !== 'object' || value === null) return level;
  let max = level;
  for (const v of Object.values(value)) max = Math.max(max, depth(v, level + 1));
  return max;
}

/** Parses a query with a zod schema; bad parameters are 400 and name the parameter. */
export function readQuery<T extends z.ZodType>(c: Context, schema: T): z.infer<T> {
  const parsed = schema.safeParse(c.req.query(), { reportInput: true });
  if (!parsed.success) {
    throw badRequest(zodProblems(parsed.error, 0), 'Invalid query');
  }
  return parsed.data;
}

/** `page` (from 1) and `per_page` (default 30, at most 200). */
export function paging(query: { page?: number | undefined; per_page?: number | undefined }): Paging {
  const page = query.page ?? 1;
  const perPage = Math.min(query.per_page ?? DEFAULT_PER_PAGE, MAX_PER_PAGE);
  return { page, perPage, offset: (page - 1) * perPage };
}

/** Shared query schema for page/per_page/fields/updated_since on every list. */
export const listQuery = z.object({
  page: z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').max(1_000_000).optional(),
  per_page: z.coerce
    .number()
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(MAX_PER_PAGE, `must be at most ${MAX_PER_PAGE}`)
    .optional(),
  fields: z.string().max(2_000).optional(),
  updated_since: z
    .string()
    .refine((s) => !Number.isNaN(Date.parse(s)), 'must be an ISO 8601 timestamp')
    .transform((s) => new Date(s).toISOString())
    .optional(),
  q: z.string().max(255).optional(),
});

export function pageBody<K extends string, T>(
  key: K,
  items: T[],
  total: number,
  p: Paging,
): { [P in K]: T[] } & { pagination: { total_records: number; total_pages: number; current_page: number } } {
  return {
    [key]: items,
    pagination: { total_records: total, total_pages: Math.ceil(total / p.perPage), current_page: p.page },
  } as { [P in K]: T[] } & { pagination: { total_records: number; total_pages: number; current_page: number } };
}

/**
 * Applies `fields`: undefined → `fallback` keys (compact list items) or the whole record when
 * fallback is null; `*` → the whole record; otherwise the named fields plus `id`. Unknown names are
 * ignored, as the hosted service does.
 */
export function pickFields<T extends { id: string }>(
  record: T,
  fields: string | undefined,
  fallback: readonly string[] | null,
): Partial<T> & { id: string } {
  const names =
    fields === undefined || fields.trim() === ''
      ? fallback
      : fields.split(',').map((f) => f.trim()).includes('*')
        ? null
        : fields.split(',').map((f) => f.trim());
  if (names === null) return record;
  const out: Partial<T> & { id: string } = { id: record.id } as Partial<T> & { id: string };
  for (const name of names) {
    if (name in record) (out as Record<string, unknown>)[name] = (record as Record<string, unknown>)[name];
  }
  return out;
}

/** True when a `fields` value asks only for keys that the cheap compact shape already has. */
export function wantsOnly(fields: string | undefined, cheap: readonly string[]): boolean {
  if (fields === undefined || fields.trim() === '') return true;
  const names = fields.split(',').map((f) => f.trim());
  return !names.includes('*') && names.every((n) => cheap.includes(n));
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
