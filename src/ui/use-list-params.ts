// A list's state (filters, sort, page) kept in the URL's search parameters and read through a zod
// schema, so a filtered, sorted page is a link that can be shared and survives a reload. Every field
// of the schema falls back to its default on a missing or bad value (`?page=abc` is page 1): build
// fields with the helpers below, which `.catch()` their default.
import { useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { formatSort, parseSort, type SortState } from './data-table-model';

/** Free text (search, tag): trimmed, at most 200 characters, '' when missing. */
export const textParam = () => z.string().trim().max(200).catch('');

/** A 1-based page number; 1 when missing, not a whole number or below 1. */
export const pageParam = () => z.coerce.number().int().min(1).max(1_000_000).catch(1);

/** A day as the date box gives it (YYYY-MM-DD); '' otherwise. */
export const dayParam = () =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .catch('');

/** `?sort=name` / `?sort=-name` over the given column ids; null when missing or unknown. */
export const sortParam = (columns: readonly string[]) =>
  z
    .string()
    .transform((text, ctx): SortState => {
      const sort = parseSort(text);
      if (!sort || !columns.includes(sort.column)) {
        ctx.addIssue({ code: 'custom', message: 'not a sortable column' });
        return z.NEVER;
      }
      return sort;
    })
    .nullable()
    .catch(null);

/** The filters every work-item list takes (search, status, assignee, tag, release) and its page. */
export const workItemFilterParams = () => ({
  q: textParam(),
  status: textParam(),
  assignee: textParam(),
  tag: textParam(),
  release: textParam(),
  page: pageParam(),
});

export type ListSchema = z.ZodObject<Record<string, z.ZodType>>;
type ParamValue = string | number | SortState | null | undefined;

/** The schema's values from the URL; a key given twice counts by its first value. */
export function readListParams<S extends ListSchema>(schema: S, search: URLSearchParams): z.output<S> {
  const raw: Record<string, string> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = search.get(key);
    if (value !== null) raw[key] = value;
  }
  return schema.parse(raw);
}

function serialise(value: ParamValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return formatSort(value);
  return String(value).trim();
}

/** Keys that do not take the list back to its first page when they change. */
const KEEP_PAGE = new Set(['page', 'sort']);

/**
 * The next search parameters after `patch`: a value equal to its default leaves the URL, and any
 * change but paging and sorting goes back to page 1. Keys outside the schema (e.g. `cf.risk`) are
 * written as given.
 */
export function writeListParams<S extends ListSchema>(
  schema: S,
  current: URLSearchParams,
  patch: Record<string, ParamValue>,
): URLSearchParams {
  const defaults = readListParams(schema, new URLSearchParams()) as Record<string, ParamValue>;
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(patch)) {
    const text = serialise(value);
    if (!text || (key in schema.shape && text === serialise(defaults[key]))) next.delete(key);
    else next.set(key, text);
  }
  if (Object.keys(patch).some((k) => !KEEP_PAGE.has(k))) next.delete('page');
  return next;
}

export interface ListParamsOptions {
  /** Keys "Clear filters" keeps, and that do not count as a filter (e.g. the release a list is narrowed to). */
  keep?: readonly string[];
}

export function useListParams<S extends ListSchema>(schema: S, { keep = [] }: ListParamsOptions = {}) {
  const [search, setSearch] = useSearchParams();
  const values = readListParams(schema, search);

  /** Typing and choosing replace the history entry; moving to another page adds one. */
  const set = (patch: Partial<Record<keyof z.output<S> & string, ParamValue>> | Record<string, ParamValue>) =>
    setSearch((prev) => writeListParams(schema, prev, patch), { replace: !('page' in patch) });

  const clear = () =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams();
        for (const key of keep) {
          const value = prev.get(key);
          if (value) next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );

  const ignored = new Set([...KEEP_PAGE, ...keep]);
  const filtered = [...search.entries()].some(([key, value]) => !ignored.has(key) && value.trim() !== '');

  return { values, search, set, clear, filtered };
}
