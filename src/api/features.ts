// Features over HTTP: fetchers, the queryOptions factory (keys from general to specific) and the
// mutation hooks. Writes return their invalidation promise; a board move is optimistic because a
// card that waits for the network before it lands feels broken.
import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { WorkflowStatus } from '../contract/common';
import {
  featureEnvelope,
  featurePage,
  type Feature,
  type FeatureCreateInput,
  type FeatureListItem,
  type FeatureUpdateInput,
} from '../contract/features';
import { apiDelete, apiGet, apiPost, apiPut } from './client';

const seg = (id: string): string => encodeURIComponent(id);

/** Which list to read: a workspace's features, a release's, or every feature of the account. */
export type FeatureScope = { product: string } | { release: string } | { all: true };

export interface FeatureListFilters {
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

/** The columns of the feature list screen. */
export const FEATURE_LIST_FIELDS = 'name,reference_num,workflow_status,release,assigned_to_user,initial_estimate_text,progress,tags';
/** What a board card shows. */
export const FEATURE_BOARD_FIELDS = 'name,reference_num,workflow_status,assigned_to_user,initial_estimate_text,release';

function scopePath(scope: FeatureScope): string {
  if ('product' in scope) return `/products/${seg(scope.product)}/features`;
  if ('release' in scope) return `/releases/${seg(scope.release)}/features`;
  return '/features';
}

export async function fetchFeatures(scope: FeatureScope, filters: FeatureListFilters = {}, signal?: AbortSignal) {
  return apiGet(
    scopePath(scope),
    featurePage,
    {
      page: filters.page,
      per_page: filters.perPage,
      q: filters.q,
      updated_since: filters.updatedSince,
      tag: filters.tag,
      assigned_to_user: filters.assignedToUser,
      workflow_status: filters.workflowStatus,
      fields: filters.fields,
    },
    { signal },
  );
}

/** `featureId` is a numeric id or a key like `PLN-12`. */
export async function fetchFeature(featureId: string, signal?: AbortSignal) {
  return (await apiGet(`/features/${seg(featureId)}`, featureEnvelope, undefined, { signal })).feature;
}

/** Operation 1: `watchers` is a comma-separated string of user ids here. */
export async function createFeature(releaseId: string, feature: FeatureCreateInput) {
  return (await apiPost(`/releases/${seg(releaseId)}/features`, { feature }, featureEnvelope)).feature;
}

/** Operation 2: `watchers` is an array of user ids here. */
export async function updateFeature(featureId: string, feature: FeatureUpdateInput) {
  return (await apiPut(`/features/${seg(featureId)}`, { feature }, featureEnvelope)).feature;
}

export async function deleteFeature(featureId: string) {
  await apiDelete(`/features/${seg(featureId)}`);
}

export const featureQueries = {
  all: () => ['features'] as const,
  lists: () => ['features', 'list'] as const,
  list: (scope: FeatureScope, filters: FeatureListFilters = {}) =>
    queryOptions({
      queryKey: ['features', 'list', { ...scope, ...filters }] as const,
      queryFn: ({ signal }) => fetchFeatures(scope, filters, signal),
      // Paging and filtering keep the last page on screen until the next one arrives.
      placeholderData: keepPreviousData,
    }),
  details: () => ['features', 'detail'] as const,
  detail: (featureId: string) =>
    queryOptions({
      queryKey: ['features', 'detail', featureId] as const,
      queryFn: ({ signal }) => fetchFeature(featureId, signal),
    }),
};

/** Release keys, spelled here so this module does not depend on the releases module's internals. */
const RELEASES_KEY = ['releases'] as const;
const REQUIREMENTS_KEY = ['requirements'] as const;

/** A feature is cached under its id and may also be under its key (`/features/PLN-12`). */
function cacheDetail(queryClient: QueryClient, feature: Feature) {
  queryClient.setQueryData(featureQueries.detail(feature.id).queryKey, feature);
  queryClient.setQueryData(featureQueries.detail(feature.reference_num).queryKey, feature);
}

/** Feature writes move release progress and counts, so both kinds are refreshed. */
function invalidateAfterWrite(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: featureQueries.all() }),
    queryClient.invalidateQueries({ queryKey: RELEASES_KEY }),
  ]);
}

export function useCreateFeature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ releaseId, input }: { releaseId: string; input: FeatureCreateInput }) => createFeature(releaseId, input),
    onSuccess: (feature) => {
      cacheDetail(queryClient, feature);
      return invalidateAfterWrite(queryClient);
    },
  });
}

export function useUpdateFeature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: FeatureUpdateInput }) => updateFeature(id, input),
    onSuccess: (feature) => {
      cacheDetail(queryClient, feature);
      return invalidateAfterWrite(queryClient);
    },
  });
}

function isDetailOf(key: QueryKey, data: unknown, featureId: string): boolean {
  if (key[0] !== 'features' || key[1] !== 'detail') return false;
  if (key[2] === featureId) return true;
  return typeof data === 'object' && data !== null && 'id' in data && (data.id === featureId || ('reference_num' in data && data.reference_num === featureId));
}

export function useDeleteFeature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (featureId: string) => deleteFeature(featureId),
    onSuccess: (_void, featureId) => {
      // The open page is still mounted while the app navigates away: refetching (or dropping) its
      // queries now would only fetch 404s. They are marked stale, so a later visit asks again.
      void queryClient.invalidateQueries({
        predicate: (q) => isDetailOf(q.queryKey, q.state.data, featureId),
        refetchType: 'none',
      });
      void queryClient.invalidateQueries({ queryKey: [...REQUIREMENTS_KEY, 'list', featureId], refetchType: 'none' });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: featureQueries.lists() }),
        queryClient.invalidateQueries({ queryKey: ['features', 'by-release'] }),
        queryClient.invalidateQueries({ queryKey: RELEASES_KEY }),
      ]);
    },
  });
}

export interface MoveFeatureVariables {
  /** Numeric id of the feature. */
  featureId: string;
  status: WorkflowStatus;
}

interface PageLike {
  features: FeatureListItem[];
}

function isPage(data: unknown): data is PageLike {
  return typeof data === 'object' && data !== null && 'features' in data && Array.isArray(data.features);
}

function isFeature(data: unknown): data is Feature {
  return typeof data === 'object' && data !== null && 'id' in data && 'workflow_status' in data && 'reference_num' in data;
}

/** Puts the feature in its new status in every cached list and detail (the board reads a list). */
export function applyStatusMove(data: unknown, featureId: string, status: WorkflowStatus): unknown {
  if (isPage(data)) {
    if (!data.features.some((f) => f.id === featureId)) return data;
    return { ...data, features: data.features.map((f) => (f.id === featureId ? { ...f, workflow_status: status } : f)) };
  }
  if (isFeature(data) && data.id === featureId) return { ...data, workflow_status: status };
  return data;
}

/**
 * Changes a feature's status (the board's drag and "Move to…"). The card moves at once; on failure
 * every cache is put back as it was and the error reaches the caller to show.
 */
export function useMoveFeatureStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ featureId, status }: MoveFeatureVariables) =>
      updateFeature(featureId, { workflow_status: { name: status.name } }),
    onMutate: async ({ featureId, status }) => {
      // A refetch landing mid-move would overwrite the optimistic card with the old status.
      await queryClient.cancelQueries({ queryKey: featureQueries.all() });
      const snapshot = queryClient.getQueriesData({ queryKey: featureQueries.all() });
      queryClient.setQueriesData({ queryKey: featureQueries.all() }, (data: unknown) =>
        applyStatusMove(data, featureId, status),
      );
      return { snapshot };
    },
    onError: (_error, _vars, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: () => invalidateAfterWrite(queryClient),
  });
}
