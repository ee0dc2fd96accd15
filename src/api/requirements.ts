// Requirements of a feature over HTTP (operations 3 and 4, show, update, delete): fetchers, the
// queryOptions factory and mutation hooks. What a requirement write refreshes (its feature's
// progress and everything that rolls up from it) is the invalidation graph's business (./keys).
import {
  requirementEnvelope,
  requirementPage,
  type Requirement,
  type RequirementCreateInput,
  type RequirementUpdateInput,
} from '../contract/features';
import { apiGet } from './client';
import { keys } from './keys';
import { defineMutation } from './mutations';
import { cacheDetail, pagedQuery, readQuery, recordEndpoints, seg } from './records';

const endpoints = recordEndpoints({ path: '/requirements', key: 'requirement', envelope: requirementEnvelope });

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

export const fetchRequirement: (requirementId: string, signal?: AbortSignal) => Promise<Requirement> = endpoints.fetchOne;

/** Operation 3. */
export const createRequirement = (featureId: string, requirement: RequirementCreateInput): Promise<Requirement> =>
  endpoints.create(`/features/${seg(featureId)}/requirements`, requirement);

export const updateRequirement = (requirementId: string, requirement: RequirementUpdateInput): Promise<Requirement> =>
  endpoints.update(requirementId, requirement);

export const deleteRequirement: (requirementId: string) => Promise<void> = endpoints.remove;

export const requirementQueries = {
  all: keys.requirements.all,
  lists: keys.requirements.lists,
  list: (featureId: string, params: RequirementListParams = {}) =>
    pagedQuery(keys.requirements.list(featureId, params), (signal) => fetchRequirements(featureId, params, signal)),
  detail: (requirementId: string) =>
    readQuery(keys.requirements.detail(requirementId), (signal) => fetchRequirement(requirementId, signal)),
};

export const useCreateRequirement = defineMutation('requirement', (featureId: string) => ({
  mutationFn: (input: RequirementCreateInput) => createRequirement(featureId, input),
}));

export const useUpdateRequirement = defineMutation('requirement', {
  mutationFn: ({ id, input }: { id: string; input: RequirementUpdateInput }) => updateRequirement(id, input),
  onSuccess: cacheDetail<Requirement>(requirementQueries.detail, { byKey: false }),
});

export const useDeleteRequirement = defineMutation('requirement', {
  mutationFn: (requirementId: string) => deleteRequirement(requirementId),
  deletes: true,
});
