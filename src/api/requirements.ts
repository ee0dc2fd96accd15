// Requirements of a feature over HTTP (operations 3 and 4, show, update, delete): fetchers, the
// queryOptions factory and mutation hooks. What a requirement write refreshes (its feature's
// progress and everything that rolls up from it) is the invalidation graph's business (./keys).
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  requirementEnvelope,
  requirementPage,
  type RequirementCreateInput,
  type RequirementUpdateInput,
} from '../contract/features';
import { apiDelete, apiGet, apiPost, apiPut } from './client';
import { keys } from './keys';
import { defineMutation } from './mutations';

const seg = (id: string): string => encodeURIComponent(id);

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

export async function fetchRequirement(requirementId: string, signal?: AbortSignal) {
  return (await apiGet(`/requirements/${seg(requirementId)}`, requirementEnvelope, undefined, { signal })).requirement;
}

/** Operation 3. */
export async function createRequirement(featureId: string, requirement: RequirementCreateInput) {
  return (await apiPost(`/features/${seg(featureId)}/requirements`, { requirement }, requirementEnvelope)).requirement;
}

export async function updateRequirement(requirementId: string, requirement: RequirementUpdateInput) {
  return (await apiPut(`/requirements/${seg(requirementId)}`, { requirement }, requirementEnvelope)).requirement;
}

export async function deleteRequirement(requirementId: string) {
  await apiDelete(`/requirements/${seg(requirementId)}`);
}

export const requirementQueries = {
  all: keys.requirements.all,
  lists: keys.requirements.lists,
  list: (featureId: string, params: RequirementListParams = {}) =>
    queryOptions({
      queryKey: keys.requirements.list(featureId, params),
      queryFn: ({ signal }) => fetchRequirements(featureId, params, signal),
      placeholderData: keepPreviousData,
    }),
  detail: (requirementId: string) =>
    queryOptions({
      queryKey: keys.requirements.detail(requirementId),
      queryFn: ({ signal }) => fetchRequirement(requirementId, signal),
    }),
};

export const useCreateRequirement = defineMutation('requirement', (featureId: string) => ({
  mutationFn: (input: RequirementCreateInput) => createRequirement(featureId, input),
}));

export const useUpdateRequirement = defineMutation('requirement', {
  mutationFn: ({ id, input }: { id: string; input: RequirementUpdateInput }) => updateRequirement(id, input),
  onSuccess: (queryClient, requirement) => {
    queryClient.setQueryData(requirementQueries.detail(requirement.id).queryKey, requirement);
  },
});

export const useDeleteRequirement = defineMutation('requirement', {
  mutationFn: (requirementId: string) => deleteRequirement(requirementId),
  deletes: true,
});
