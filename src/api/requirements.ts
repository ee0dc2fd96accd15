// Requirements of a feature over HTTP (operations 3 and 4, show, update, delete): fetchers, the
// queryOptions factory and mutation hooks. What a requirement write refreshes (its feature's
// progress and everything that rolls up from it) is the invalidation graph's business (./keys).
import {
  requirementCreateInput,
  requirementEnvelope,
  requirementPage,
  requirementUpdateInput,
  type Requirement,
} from '../contract/features';
import { apiGet } from './client';
import { keys } from './keys';
import {
  cacheDetail,
  createUnderMutation,
  deleteMutation,
  pagedQuery,
  readQuery,
  recordEndpoints,
  seg,
  updateMutation,
} from './records';


export interface RequirementListParams {
  page?: number;
  perPage?: number;
  q?: string;
  updatedSince?: string;
}

/** Operation 4. `featureId` is a numeric id or a key. */
export async function fetchRequirements(featureId: string, params: RequirementListParams = {}, signal?: AbortSignal) {
  return apiGet(
    `/features/${seg(featureId)}/requirements`,
    requirementPage,
    { page: params.page, per_page: params.perPage, q: params.q, updated_since: params.updatedSince },
    { signal },
  );
}

/** Create is operation 3, under the feature. */
export const {
  fetchOne: fetchRequirement,
  create: createRequirement,
  update: updateRequirement,
  remove: deleteRequirement,
} = recordEndpoints({
  path: '/requirements',
  key: 'requirement',
  envelope: requirementEnvelope,
  input: { create: requirementCreateInput, update: requirementUpdateInput },
  createPath: (featureId) => `/features/${seg(featureId)}/requirements`,
});

export const requirementQueries = {
  all: keys.requirements.all,
  lists: keys.requirements.lists,
  list: (featureId: string, params: RequirementListParams = {}) =>
    pagedQuery(keys.requirements.list(featureId, params), (signal) => fetchRequirements(featureId, params, signal)),
  detail: (requirementId: string) =>
    readQuery(keys.requirements.detail(requirementId), (signal) => fetchRequirement(requirementId, signal)),
};

export const useCreateRequirement = createUnderMutation('requirement', createRequirement);
export const useUpdateRequirement = updateMutation(
  'requirement',
  updateRequirement,
  cacheDetail<Requirement>(requirementQueries.detail, { byKey: false }),
);
export const useDeleteRequirement = deleteMutation('requirement', deleteRequirement);
