// Reading a list or show query, paging, `fields` selection and the list envelope: what every read
// route shares. Query schemas come from the contract (`listQuerySchema` and its per-kind extensions).
import type { Context } from 'hono';
import type { z } from 'zod';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from '../../src/contract/common';
import { badRequest, zodProblems } from '../problems';
import type { AppEnv } from '../types';
import type { Paging } from '../problems';

/** Parses a query with a zod schema; bad parameters are 400 and name the parameter. */
export function readQuery<T extends z.ZodType>(c: Context, schema: T): z.output<T> {
  const query = c.req.query();
  // NUL is no parameter's letter, and PostgreSQL cannot compare text holding one: both databases
  // refuse it alike.
  const nul = Object.entries(query).find(([k, v]) => k.includes('\u0000') || v.includes('\u0000'));
  if (nul) throw badRequest({ [nul[0].split('\u0000').join('')]: ['contains a NUL character (\\u0000)'] }, 'Invalid query');
  const parsed = schema.safeParse(query, { reportInput: true });
  if (!parsed.success) {
    throw badRequest(zodProblems(parsed.error, 0), 'Invalid query');
  }
  return parsed.data;
}

/** `page` (from 1) and `per_page` (default 30, at most 200, or the list's own `max`: the notes tree). */
export function paging(query: { page?: number | undefined; per_page?: number | undefined }, max = MAX_PER_PAGE): Paging {
  const page = query.page ?? 1;
  const perPage = Math.min(query.per_page ?? DEFAULT_PER_PAGE, max);
  return { page, perPage, offset: (page - 1) * perPage };
}

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

/** What a `fields` value picks: named members, null for the whole record (`*`), 'fallback' when blank. */
type Picked = readonly string[] | null | 'fallback';
let lastFields: string | undefined;
let lastPicked: Picked = 'fallback';

/**
 * `fields` read once per distinct value: a list page applies the same value to each of its items
 * (5,000 for a notes tree), and splitting it per item was half of that request's time (bench/browser.ts).
 */
function picked(fields: string): Picked {
  if (fields !== lastFields) {
    const names = fields.split(',').map((f) => f.trim());
    lastPicked = fields.trim() === '' ? 'fallback' : names.includes('*') ? null : names;
    lastFields = fields;
  }
  return lastPicked;
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
  const chosen = fields === undefined ? 'fallback' : picked(fields);
  const names = chosen === 'fallback' ? fallback : chosen;
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

/**
 * The public URL's origin (`PLANNER_PUBLIC_URL`, by default the listen address) that every
 * `url`/`resource` link is built on; never the request's Host header (see `http/hosts.ts`).
 */
export function originOf(c: Context<AppEnv>): string {
  return c.get('origin');
}

/**
 * The field names a `fields` value asks for; null means the whole record. Used to skip the
 * look-ups a page does not need (a compact list reads nothing but the features themselves).
 */
export function wantedFields(fields: string | undefined, fallback: readonly string[] | null): Set<string> | null {
  if (fields === undefined || fields.trim() === '') return fallback ? new Set(fallback) : null;
  const names = fields.split(',').map((f) => f.trim());
  return names.includes('*') ? null : new Set(names);
}
