// Features over HTTP: fetchers, the queryOptions factory (keys from ./keys) and the mutation hooks
// (from ./mutations, which refresh what a feature write can change). A board move is optimistic
// because a card that waits for the network before it lands feels broken.
import type { WorkflowStatus } from '../contract/common';
import {
  featureCreateInput,
  featureEnvelope,
  featurePage,
  featureUpdateInput,
  type Feature,
  type FeatureListItem,
} from '../contract/features';
import { apiGet } from './client';
import { keys, type ListScope } from './keys';
import { defineMutation } from './mutations';
import {
  cacheDetail,
  createInReleaseMutation,
  deleteMutation,
  pagedQuery,
  readQuery,
  recordEndpoints,
  scopedPath,
  seg,
  updateMutation,
  workItemListQuery,
  type WorkItemListFilters,
} from './records';


/** Which list to read: a workspace's features, a release's, or every feature of the account. */
export type FeatureScope = ListScope;

export type FeatureListFilters = WorkItemListFilters;

/** The columns of the feature list screen. */
export const FEATURE_LIST_FIELDS = 'name,reference_num,workflow_status,release,assigned_to_user,initial_estimate_text,progress,tags';
/** What a board card shows. */
export const FEATURE_BOARD_FIELDS = 'name,reference_num,workflow_status,assigned_to_user,initial_estimate_text,release';

export async function fetchFeatures(scope: FeatureScope, filters: FeatureListFilters = {}, signal?: AbortSignal) {
  return apiGet(scopedPath(scope, 'features'), featurePage, workItemListQuery(filters), { signal });
}

// Create (operation 1) takes `watchers` as a comma-separated string of user ids, update (operation
// 2) as an array. `fetchFeature` reads by numeric id or by key.
export const {
  fetchOne: fetchFeature,
  create: createFeature,
  update: updateFeature,
  remove: deleteFeature,
} = recordEndpoints({
  path: '/features',
  key: 'feature',
  envelope: featureEnvelope,
  input: { create: featureCreateInput, update: featureUpdateInput },
  createPath: (releaseId) => `/releases/${seg(releaseId)}/features`,
});

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

export const useCreateFeature = createInReleaseMutation('feature', createFeature, cacheFeature);

export const useUpdateFeature = updateMutation('feature', updateFeature, cacheFeature);
export const useDeleteFeature = deleteMutation('feature', deleteFeature);

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
