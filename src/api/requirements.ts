// Requirements of a feature over HTTP (operations 3 and 4, show, update, delete): fetchers, the
// queryOptions factory and mutation hooks. A requirement write can move its feature's progress
// (progress from requirements) and so the release's, so all three are refreshed.
import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  requirementEnvelope,
  requirementPage,
  type RequirementCreateInput,
  type RequirementUpdateInput,
} from '../contract/features';
import { apiDelete, apiGet, apiPost, apiPut } from './client';

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
  all: () => ['requirements'] as const,
  lists: () => ['requirements', 'list'] as const,
  list: (featureId: string, params: RequirementListParams = {}) =>
    queryOptions({
      queryKey: ['requirements', 'list', featureId, params] as const,
      queryFn: ({ signal }) => fetchRequirements(featureId, params, signal),
      placeholderData: keepPreviousData,
    }),
  detail: (requirementId: string) =>
    queryOptions({
      queryKey: ['requirements', 'detail', requirementId] as const,
      queryFn: ({ signal }) => fetchRequirement(requirementId, signal),
    }),
};

function invalidateAfterWrite(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: requirementQueries.all() }),
    // The feature embeds its requirements and may take its progress from them.
    queryClient.invalidateQueries({ queryKey: ['features'] }),
    queryClient.invalidateQueries({ queryKey: ['releases'] }),
  ]);
}

export function useCreateRequirement(featureId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RequirementCreateInput) => createRequirement(featureId, input),
    onSuccess: () => invalidateAfterWrite(queryClient),
  });
}

export function useUpdateRequirement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: RequirementUpdateInput }) => updateRequirement(id, input),
    onSuccess: (requirement) => {
      queryClient.setQueryData(requirementQueries.detail(requirement.id).queryKey, requirement);
      return invalidateAfterWrite(queryClient);
    },
  });
}

export function useDeleteRequirement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requirementId: string) => deleteRequirement(requirementId),
    onSuccess: (_void, requirementId) => {
      queryClient.removeQueries({ queryKey: requirementQueries.detail(requirementId).queryKey });
      return invalidateAfterWrite(queryClient);
    },
  });
}
