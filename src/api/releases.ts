// Releases and release phases over HTTP: fetchers, the queryOptions factory (keys from general to
// specific) and mutation hooks that return their invalidation promise.
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from '../contract/common';
import { featurePage } from '../contract/features';
import {
  releaseEnvelope,
  releasePage,
  releasePhaseEnvelope,
  releasePhasePage,
  type ReleaseCreateInput,
  type ReleasePhaseCreateInput,
  type ReleasePhaseUpdateInput,
  type ReleaseUpdateInput,
} from '../contract/releases';
import { apiDelete, apiGet, apiPost, apiPut } from './client';

const seg = (id: string): string => encodeURIComponent(id);

export interface ReleaseListParams {
  page?: number;
  perPage?: number;
  /** `*` for whole records; a comma list for a subset; omitted for the compact shape. */
  fields?: string;
}

export interface ReleaseFeaturesParams {
  page?: number;
  perPage?: number;
  fields?: string;
}

/** The columns of the release page's feature table. */
export const RELEASE_FEATURE_FIELDS = 'name,reference_num,workflow_status,assigned_to_user,progress,initial_estimate_text';

export async function fetchReleases(productId: string, params: ReleaseListParams = {}, signal?: AbortSignal) {
  return apiGet(
    `/products/${seg(productId)}/releases`,
    releasePage,
    { fields: params.fields, page: params.page ?? 1, per_page: params.perPage ?? DEFAULT_PER_PAGE },
    { signal },
  );
}

export async function fetchRelease(releaseId: string, signal?: AbortSignal) {
  return (await apiGet(`/releases/${seg(releaseId)}`, releaseEnvelope, undefined, { signal })).release;
}

export async function fetchReleasePhases(releaseId: string, signal?: AbortSignal) {
  return (
    await apiGet(`/releases/${seg(releaseId)}/release_phases`, releasePhasePage, { per_page: MAX_PER_PAGE }, { signal })
  ).release_phases;
}

export async function fetchReleaseFeatures(releaseId: string, params: ReleaseFeaturesParams = {}, signal?: AbortSignal) {
  return apiGet(
    `/releases/${seg(releaseId)}/features`,
    featurePage,
    { fields: params.fields ?? RELEASE_FEATURE_FIELDS, page: params.page ?? 1, per_page: params.perPage ?? DEFAULT_PER_PAGE },
    { signal },
  );
}

export async function createRelease(productId: string, release: ReleaseCreateInput) {
  return (await apiPost(`/products/${seg(productId)}/releases`, { release }, releaseEnvelope)).release;
}

export async function updateRelease(releaseId: string, release: ReleaseUpdateInput) {
  return (await apiPut(`/releases/${seg(releaseId)}`, { release }, releaseEnvelope)).release;
}

export async function createReleasePhase(releasePhase: ReleasePhaseCreateInput) {
  return (await apiPost('/release_phases', { release_phase: releasePhase }, releasePhaseEnvelope)).release_phase;
}

export async function updateReleasePhase(phaseId: string, releasePhase: ReleasePhaseUpdateInput) {
  return (await apiPut(`/release_phases/${seg(phaseId)}`, { release_phase: releasePhase }, releasePhaseEnvelope))
    .release_phase;
}

export async function deleteReleasePhase(phaseId: string) {
  await apiDelete(`/release_phases/${seg(phaseId)}`);
}

export const releaseQueries = {
  all: () => ['releases'] as const,
  lists: () => ['releases', 'list'] as const,
  list: (productId: string, params: ReleaseListParams = {}) =>
    queryOptions({
      queryKey: ['releases', 'list', productId, params] as const,
      queryFn: ({ signal }) => fetchReleases(productId, params, signal),
      // Paging keeps the previous page on screen until the next one arrives.
      placeholderData: keepPreviousData,
    }),
  detail: (releaseId: string) =>
    queryOptions({
      queryKey: ['releases', 'detail', releaseId] as const,
      queryFn: ({ signal }) => fetchRelease(releaseId, signal),
    }),
  phases: (releaseId: string) =>
    queryOptions({
      queryKey: ['releases', 'phases', releaseId] as const,
      queryFn: ({ signal }) => fetchReleasePhases(releaseId, signal),
    }),
  /**
   * A release's features. Keyed under `['features', …]` on purpose: whatever invalidates features
   * (create, edit, delete, board moves) refreshes this table too.
   */
  features: (releaseId: string, params: ReleaseFeaturesParams = {}) =>
    queryOptions({
      queryKey: ['features', 'by-release', releaseId, params] as const,
      queryFn: ({ signal }) => fetchReleaseFeatures(releaseId, params, signal),
      placeholderData: keepPreviousData,
    }),
};

export function useCreateRelease(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReleaseCreateInput) => createRelease(productId, input),
    onSuccess: (release) => {
      queryClient.setQueryData(releaseQueries.detail(release.id).queryKey, release);
      return queryClient.invalidateQueries({ queryKey: releaseQueries.lists() });
    },
  });
}

export function useUpdateRelease() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ReleaseUpdateInput }) => updateRelease(id, input),
    onSuccess: (release) => {
      queryClient.setQueryData(releaseQueries.detail(release.id).queryKey, release);
      // Capacity units and dates show on features too (work_units, release ref).
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: releaseQueries.all() }),
        queryClient.invalidateQueries({ queryKey: ['features'] }),
      ]);
    },
  });
}

/** Phase changes can move the release's progress and dates, so the release is refreshed too. */
function invalidateAfterPhaseChange(queryClient: ReturnType<typeof useQueryClient>, releaseId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: releaseQueries.phases(releaseId).queryKey }),
    queryClient.invalidateQueries({ queryKey: releaseQueries.detail(releaseId).queryKey }),
    queryClient.invalidateQueries({ queryKey: releaseQueries.lists() }),
  ]);
}

export function useCreatePhase(releaseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<ReleasePhaseCreateInput, 'release_id'>) => createReleasePhase({ ...input, release_id: releaseId }),
    onSuccess: () => invalidateAfterPhaseChange(queryClient, releaseId),
  });
}

export function useUpdatePhase(releaseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ReleasePhaseUpdateInput }) => updateReleasePhase(id, input),
    onSuccess: () => invalidateAfterPhaseChange(queryClient, releaseId),
  });
}

export function useDeletePhase(releaseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (phaseId: string) => deleteReleasePhase(phaseId),
    onSuccess: () => invalidateAfterPhaseChange(queryClient, releaseId),
  });
}
