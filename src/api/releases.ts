// Releases and release phases over HTTP: fetchers, the queryOptions factory (keys from ./keys) and
// the mutation hooks (from ./mutations, which refresh what a release or phase write can change).
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from '../contract/common';
import { featurePage } from '../contract/features';
import {
  releaseEnvelope,
  releasePage,
  releasePhaseEnvelope,
  releasePhasePage,
  type Release,
  type ReleaseCreateInput,
  type ReleasePhaseCreateInput,
  type ReleasePhaseUpdateInput,
  type ReleaseUpdateInput,
} from '../contract/releases';
import { apiDelete, apiGet, apiPost, apiPut } from './client';
import { keys } from './keys';
import { defineMutation } from './mutations';

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
  all: keys.releases.all,
  lists: keys.releases.lists,
  list: (productId: string, params: ReleaseListParams = {}) =>
    queryOptions({
      queryKey: keys.releases.list(productId, params),
      queryFn: ({ signal }) => fetchReleases(productId, params, signal),
      // Paging keeps the previous page on screen until the next one arrives.
      placeholderData: keepPreviousData,
    }),
  detail: (releaseId: string) =>
    queryOptions({
      queryKey: keys.releases.detail(releaseId),
      queryFn: ({ signal }) => fetchRelease(releaseId, signal),
    }),
  phases: (releaseId: string) =>
    queryOptions({
      queryKey: keys.releases.phases(releaseId),
      queryFn: ({ signal }) => fetchReleasePhases(releaseId, signal),
    }),
  /** A release's features, under the features root: feature writes change this table. */
  features: (releaseId: string, params: ReleaseFeaturesParams = {}) =>
    queryOptions({
      queryKey: keys.features.byRelease(releaseId, params),
      queryFn: ({ signal }) => fetchReleaseFeatures(releaseId, params, signal),
      placeholderData: keepPreviousData,
    }),
};

function cacheDetail(queryClient: QueryClient, release: Release) {
  queryClient.setQueryData(releaseQueries.detail(release.id).queryKey, release);
}

export const useCreateRelease = defineMutation('release', (productId: string) => ({
  mutationFn: (input: ReleaseCreateInput) => createRelease(productId, input),
  onSuccess: cacheDetail,
}));

export const useUpdateRelease = defineMutation('release', {
  mutationFn: ({ id, input }: { id: string; input: ReleaseUpdateInput }) => updateRelease(id, input),
  onSuccess: cacheDetail,
});

export const useCreatePhase = defineMutation('release_phase', (releaseId: string) => ({
  mutationFn: (input: Omit<ReleasePhaseCreateInput, 'release_id'>) => createReleasePhase({ ...input, release_id: releaseId }),
}));

export const useUpdatePhase = defineMutation('release_phase', (_releaseId: string) => ({
  mutationFn: ({ id, input }: { id: string; input: ReleasePhaseUpdateInput }) => updateReleasePhase(id, input),
}));

export const useDeletePhase = defineMutation('release_phase', (_releaseId: string) => ({
  mutationFn: (phaseId: string) => deleteReleasePhase(phaseId),
  deletes: true,
}));
