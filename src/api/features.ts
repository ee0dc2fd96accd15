// Features over HTTP: fetchers, the queryOptions factory (keys from ./keys) and the mutation hooks
// (from ./mutations, which refresh what a feature write can change). A board move is optimistic
// because a card that waits for the network before it lands feels broken.
import { featureCreateInput, featureEnvelope, featurePage, featureUpdateInput, type Feature } from '../contract/features';
import { apiGet } from './client';
import { keys, type ListScope } from './keys';
import {
  cacheDetail,
  createInReleaseMutation,
  deleteMutation,
  pagedQuery,
  readQuery,
  recordEndpoints,
  scopedPath,
  seg,
  statusMoveMutation,
  updateMutation,
  workItemListQuery,
  type WorkItemListFilters,
} from './records';

/** Which list to read: a workspace's features, a release's, or every feature of the account. */
export type FeatureScope = ListScope;

export type FeatureListFilters = WorkItemListFilters;

/** The columns of the feature list screen. */
export const FEATURE_LIST_FIELDS =
  'name,reference_num,workflow_status,release,assigned_to_user,initial_estimate_text,progress,tags,comments_count';
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

/**
 * Changes a feature's status (the board's drag and "Move to…"), optimistically: see
 * `statusMoveMutation`.
 */
export const useMoveFeatureStatus = statusMoveMutation('feature', 'features', (id, status) =>
  updateFeature(id, { workflow_status: { name: status.name } }),
);
