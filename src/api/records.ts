// The generic client of one record kind: its fetch-one / create / update / delete fetchers from a
// declaration (`recordEndpoints`), the sub-list and every-page readers, and the queryOptions shapes
// every kind uses (a paged list keeps the last page on screen; a detail is cached under id and key).
// A kind's module declares paths, envelopes and keys (./keys) and adds only what is its own.
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Pagination, WorkflowStatus } from '../contract/common';
import { apiDelete, apiGet, apiPost, apiPut, type DeleteAnswer, type QueryParams } from './client';
import { KIND_ROOTS, type ListScope, type RecordKind } from './keys';
import { defineMutation } from './mutations';

/** A path segment from an id or a key (`PLN-12`). */
export const seg = (id: string): string => encodeURIComponent(id);

/** `/products/{id}/<collection>`, `/releases/{id}/<collection>` or the account's `/<collection>`. */
export function scopedPath(scope: ListScope, collection: string): string {
  if ('product' in scope) return `/products/${seg(scope.product)}/${collection}`;
  if ('release' in scope) return `/releases/${seg(scope.release)}/${collection}`;
  return `/${collection}`;
}

export interface RecordDeclaration<K extends string, E extends Record<K, unknown>, TCreate, TUpdate> {
  /** The kind's collection path: `/features`, so one record is `/features/{id}`. */
  path: string;
  /** The envelope key of one record in bodies and answers (`feature`). */
  key: K;
  envelope: z.ZodType<E>;
  /** The contract's create and update inputs: they type what the fetchers send (the service validates). */
  input: { create: z.ZodType<unknown, TCreate>; update: z.ZodType<unknown, TUpdate> };
  /** Where a new record is posted: under its parent (`/releases/{id}/features`). */
  createPath: (parentId: string) => string;
}

export interface RecordEndpoints<T, TCreate, TUpdate> {
  /** `id` is a numeric id or a key. */
  fetchOne: (id: string, signal?: AbortSignal) => Promise<T>;
  create: (parentId: string, input: TCreate) => Promise<T>;
  update: (id: string, input: TUpdate) => Promise<T>;
  /** Answers the recycle-bin deletion it made (the undo toast's handle). */
  remove: (id: string) => Promise<DeleteAnswer>;
}

/** The single-record fetchers of a kind, from where it lives and how it is wrapped. */
export function recordEndpoints<K extends string, E extends Record<K, unknown>, TCreate, TUpdate>({
  path,
  key,
  envelope,
  createPath,
}: RecordDeclaration<K, E, TCreate, TUpdate>): RecordEndpoints<E[K], TCreate, TUpdate> {
  const one = (id: string) => `${path}/${seg(id)}`;
  return {
    fetchOne: async (id, signal) => (await apiGet(one(id), envelope, undefined, { signal }))[key],
    create: async (parentId, input) => (await apiPost(createPath(parentId), { [key]: input }, envelope))[key],
    update: async (id, input) => (await apiPut(one(id), { [key]: input }, envelope))[key],
    remove: (id) => apiDelete(one(id)),
  };
}

/** Paging and `fields` of a table of another record's children (an epic's features, …). */
export interface SubListParams {
  page?: number;
  perPage?: number;
  fields?: string;
}

/** A page of a sub-list: the first page and the table's columns unless asked otherwise. */
export function fetchSubList<S extends z.ZodType>(
  path: string,
  page: S,
  params: SubListParams,
  defaults: { fields: string; perPage?: number },
  signal?: AbortSignal,
): Promise<z.infer<S>> {
  return apiGet(
    path,
    page,
    { page: params.page ?? 1, per_page: params.perPage ?? defaults.perPage, fields: params.fields ?? defaults.fields },
    { signal },
  );
}

/**
 * Every page of a list, one after another, up to `maxPages` (a safety stop far beyond any real
 * workspace). `truncated` says the stop cut the paging short.
 */
export async function fetchEveryPage<S extends z.ZodType<{ pagination: Pagination }>>(
  path: string,
  page: S,
  query: QueryParams,
  maxPages: number,
  signal?: AbortSignal,
): Promise<{ pages: z.infer<S>[]; total: number; truncated: boolean }> {
  const read = (n: number) => apiGet(path, page, { page: n, ...query }, { signal });
  const first = await read(1);
  const pages = [first];
  const last = Math.min(first.pagination.total_pages, maxPages);
  for (let n = 2; n <= last; n++) pages.push(await read(n));
  return { pages, total: first.pagination.total_records, truncated: first.pagination.total_pages > maxPages };
}

/** A paged list or sub-list: paging and filtering keep the last page on screen until the next arrives. */
export function pagedQuery<TKey extends readonly unknown[], TData>(queryKey: TKey, fetch: (signal: AbortSignal) => Promise<TData>) {
  return queryOptions({ queryKey, queryFn: ({ signal }) => fetch(signal), placeholderData: keepPreviousData });
}

/** One record (or one unpaged read) under its key. */
export function readQuery<TKey extends readonly unknown[], TData>(
  queryKey: TKey,
  fetch: (signal: AbortSignal) => Promise<TData>,
  staleTime?: number,
) {
  return queryOptions({ queryKey, queryFn: ({ signal }) => fetch(signal), ...(staleTime === undefined ? {} : { staleTime }) });
}

/**
 * A mutation's `onSuccess` that puts the record the service answered into its detail query, under
 * its id and, for kinds with keys, under its key too (`/features/PLN-12` reads the same record).
 */
export function cacheDetail<T extends { id: string; reference_num?: string | undefined }>(
  detail: (id: string) => { queryKey: readonly unknown[] },
  { byKey }: { byKey: boolean },
) {
  return (queryClient: QueryClient, record: T): void => {
    queryClient.setQueryData(detail(record.id).queryKey, record);
    if (byKey && record.reference_num !== undefined) queryClient.setQueryData(detail(record.reference_num).queryKey, record);
  };
}

/** The update hook of a kind: variables `{ id, input }`, the answer put in the cache. */
export function updateMutation<TData, TInput>(
  kind: RecordKind,
  update: (id: string, input: TInput) => Promise<TData>,
  onSuccess?: (queryClient: QueryClient, data: TData) => void,
) {
  return defineMutation(kind, {
    mutationFn: ({ id, input }: { id: string; input: TInput }) => update(id, input),
    ...(onSuccess ? { onSuccess } : {}),
  });
}

/** The create hook of a kind made in a release the variables name: `{ releaseId, input }` (features, epics). */
export function createInReleaseMutation<TData, TInput>(
  kind: RecordKind,
  create: (releaseId: string, input: TInput) => Promise<TData>,
  onSuccess: (queryClient: QueryClient, data: TData) => void,
) {
  return defineMutation(kind, {
    mutationFn: ({ releaseId, input }: { releaseId: string; input: TInput }) => create(releaseId, input),
    onSuccess,
  });
}

/** The create hook of a kind made under a parent the hook is bound to (`useCreateRelease(productId)`). */
export function createUnderMutation<TData, TInput>(
  kind: RecordKind,
  create: (parentId: string, input: TInput) => Promise<TData>,
  onSuccess?: (queryClient: QueryClient, data: TData) => void,
) {
  return defineMutation(kind, (parentId: string) => ({
    mutationFn: (input: TInput) => create(parentId, input),
    ...(onSuccess ? { onSuccess } : {}),
  }));
}

/** The delete hook of a kind: the variables are the record's id (its own queries die with it). */
export function deleteMutation(kind: RecordKind, remove: (id: string) => Promise<DeleteAnswer>) {
  return defineMutation(kind, { mutationFn: remove, deletes: true });
}

/** A record moved to another status from a board: its numeric id and the status it goes to. */
export interface StatusMove {
  id: string;
  status: WorkflowStatus;
}

/**
 * Puts record `id` in its new status wherever the cache holds it: a list page (`{ [collection]: [...] }`)
 * or the record's own detail.
 */
export function applyStatusMove(data: unknown, collection: string, { id, status }: StatusMove): unknown {
  if (typeof data !== 'object' || data === null) return data;
  const rows: unknown = (data as Record<string, unknown>)[collection];
  if (Array.isArray(rows)) {
    const isMoved = (row: unknown) => typeof row === 'object' && row !== null && 'id' in row && row.id === id;
    if (!rows.some(isMoved)) return data;
    return { ...data, [collection]: rows.map((row: unknown) => (isMoved(row) ? { ...(row as object), workflow_status: status } : row)) };
  }
  if ('id' in data && data.id === id && 'workflow_status' in data) return { ...data, workflow_status: status };
  return data;
}

/**
 * The status-move hook of a kind (a board's drag and "Move to…"): the card moves at once in every
 * cached list and detail of the kind; on failure every cache is put back as it was and the error
 * reaches the caller to show. `collection` names the list pages' array (`features`, `ideas`).
 */
export function statusMoveMutation(kind: RecordKind, collection: string, save: (id: string, status: WorkflowStatus) => Promise<unknown>) {
  const root = [KIND_ROOTS[kind]];
  return defineMutation(kind, {
    mutationFn: ({ id, status }: StatusMove) => save(id, status),
    optimistic: {
      apply: async (queryClient: QueryClient, move: StatusMove) => {
        // A refetch landing mid-move would overwrite the optimistic card with the old status.
        await queryClient.cancelQueries({ queryKey: root });
        const snapshot = queryClient.getQueriesData({ queryKey: root });
        queryClient.setQueriesData({ queryKey: root }, (data: unknown) => applyStatusMove(data, collection, move));
        return { snapshot };
      },
      rollback: (queryClient: QueryClient, { snapshot }: { snapshot: [readonly unknown[], unknown][] }) => {
        for (const [key, data] of snapshot) queryClient.setQueryData(key, data);
      },
    },
  });
}

/** The filters of a work-item list (features, epics): the service's work-item list language. */
export interface WorkItemListFilters {
  page?: number;
  /** At most 200. */
  perPage?: number;
  q?: string;
  updatedSince?: string;
  tag?: string;
  /** User id or email. */
  assignedToUser?: string;
  /** Status id or name. */
  workflowStatus?: string;
  /** Comma-separated field names or `*`; omitted for the compact shape. */
  fields?: string;
}

export function workItemListQuery(filters: WorkItemListFilters): QueryParams {
  return {
    page: filters.page,
    per_page: filters.perPage,
    q: filters.q,
    updated_since: filters.updatedSince,
    tag: filters.tag,
    assigned_to_user: filters.assignedToUser,
    workflow_status: filters.workflowStatus,
    fields: filters.fields,
  };
}
