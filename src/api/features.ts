// Features over HTTP: fetchers, the queryOptions factory (keys from ./keys) and the mutation hooks
// (from ./mutations, which refresh what a feature write can change). A board move is optimistic
// because a card that waits for the network before it lands feels broken.
import type { WorkflowStatus } from '../contract/common';
import {
  featureEnvelope,
  featurePage,
  type Feature,
  type FeatureCreateInput,
  type FeatureListItem,
  type FeatureUpdateInput,
} from '../contract/features';
import { apiGet } from './client';
import { keys, type ListScope } from './keys';
import { defineMutation } from './mutations';
import { cacheDetail, pagedQuery, readQuery, recordEndpoints, scopedPath, seg } from './records';

const endpoints = recordEndpoints({ path: '/features', key: 'feature', envelope: featureEnvelope });

/** Which list to read: a workspace's features, a release's, or every feature of the account. */
export type FeatureScope = ListScope;

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

export async function fetchFeatures(scope: FeatureScope, filters: FeatureListFilters = {}, signal?: AbortSignal) {
  return apiGet(
    scopedPath(scope, 'features'),
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
export const fetchFeature: (featureId: string, signal?: AbortSignal) => Promise<Feature> = endpoints.fetchOne;

/** Operation 1: `watchers` is a comma-separated string of user ids here. */
export const createFeature = (releaseId: string, feature: FeatureCreateInput): Promise<Feature> =>
  endpoints.create(`/releases/${seg(releaseId)}/features`, feature);

/** Operation 2: `watchers` is an array of user ids here. */
export const updateFeature = (featureId: string, feature: FeatureUpdateInput): Promise<Feature> =>
  endpoints.update(featureId, feature);

export const deleteFeature: (featureId: string) => Promise<void> = endpoints.remove;

export const featureQueries = {
  all: keys.features.all,
  lists: keys.features.lists,
  list: (scope: FeatureScope, filters: FeatureListFilters = {}) =>
    pagedQuery(keys.features.list(scope, filters), (signal) => fetchFeatures(scope, filters, signal)),
  details: keys.features.details,
  detail: (featureId: string) => readQuery(keys.features.detail(featureId), (signal) => fetchFeature(featureId, signal)),
};

/** A feature is cached under its id and may also be under its key (`/features/PLN-12`). */
const cacheFeature = cacheDetail<Feature>(featureQueries.detail, { byKey: true });

export const useCreateFeature = defineMutation('feature', {
  mutationFn: ({ releaseId, input }: { releaseId: string; input: FeatureCreateInput }) => createFeature(releaseId, input),
  onSuccess: cacheFeature,
});

export const useUpdateFeature = defineMutation('feature', {
  mutationFn: ({ id, input }: { id: string; input: FeatureUpdateInput }) => updateFeature(id, input),
  onSuccess: cacheFeature,
});

export const useDeleteFeature = defineMutation('feature', {
  mutationFn: (featureId: string) => deleteFeature(featureId),
  deletes: true,
});

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
export const useMoveFeatureStatus = defineMutation('feature', {
  mutationFn: ({ featureId, status }: MoveFeatureVariables) => updateFeature(featureId, { workflow_status: { name: status.name } }),
  optimistic: {
    apply: async (queryClient, { featureId, status }) => {
      // A refetch landing mid-move would overwrite the optimistic card with the old status.
      await queryClient.cancelQueries({ queryKey: keys.features.all() });
      const snapshot = queryClient.getQueriesData({ queryKey: keys.features.all() });
      queryClient.setQueriesData({ queryKey: keys.features.all() }, (data: unknown) => applyStatusMove(data, featureId, status));
      return { snapshot };
    },
    rollback: (queryClient, { snapshot }) => {
      for (const [key, data] of snapshot) queryClient.setQueryData(key, data);
    },
  },
});
