// Releases and release phases over HTTP: fetchers, the queryOptions factory (keys from ./keys) and
// the mutation hooks (from ./mutations, which refresh what a release or phase write can change).
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from '../contract/common';
import { featurePage } from '../contract/features';
import {
  releaseEnvelope,
  releasePage,
  releasePhaseEnvelope,
  releasePhasePage,
  type Release,
  type ReleaseCreateInput,
  type ReleasePhase,
  type ReleasePhaseCreateInput,
  type ReleasePhaseUpdateInput,
  type ReleaseUpdateInput,
} from '../contract/releases';
import { apiGet } from './client';
import { keys } from './keys';
import { defineMutation } from './mutations';
import { cacheDetail, fetchSubList, pagedQuery, readQuery, recordEndpoints, seg, type SubListParams } from './records';

const releases = recordEndpoints({ path: '/releases', key: 'release', envelope: releaseEnvelope });
const phases = recordEndpoints({ path: '/release_phases', key: 'release_phase', envelope: releasePhaseEnvelope });

export interface ReleaseListParams {
  page?: number;
  perPage?: number;
  /** `*` for whole records; a comma list for a subset; omitted for the compact shape. */
  fields?: string;
}

export type ReleaseFeaturesParams = SubListParams;

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

export const fetchRelease: (releaseId: string, signal?: AbortSignal) => Promise<Release> = releases.fetchOne;

export async function fetchReleasePhases(releaseId: string, signal?: AbortSignal) {
  return (
    await apiGet(`/releases/${seg(releaseId)}/release_phases`, releasePhasePage, { per_page: MAX_PER_PAGE }, { signal })
  ).release_phases;
}

export async function fetchReleaseFeatures(releaseId: string, params: ReleaseFeaturesParams = {}, signal?: AbortSignal) {
  const defaults = { fields: RELEASE_FEATURE_FIELDS, perPage: DEFAULT_PER_PAGE };
  return fetchSubList(`/releases/${seg(releaseId)}/features`, featurePage, params, defaults, signal);
}

export const createRelease = (productId: string, release: ReleaseCreateInput): Promise<Release> =>
  releases.create(`/products/${seg(productId)}/releases`, release);

export const updateRelease = (releaseId: string, release: ReleaseUpdateInput): Promise<Release> =>
  releases.update(releaseId, release);

/** The release is named in the body. */
export const createReleasePhase = (releasePhase: ReleasePhaseCreateInput): Promise<ReleasePhase> =>
  phases.create('/release_phases', releasePhase);

export const updateReleasePhase = (phaseId: string, releasePhase: ReleasePhaseUpdateInput): Promise<ReleasePhase> =>
  phases.update(phaseId, releasePhase);

export const deleteReleasePhase: (phaseId: string) => Promise<void> = phases.remove;

export const releaseQueries = {
  all: keys.releases.all,
  lists: keys.releases.lists,
  list: (productId: string, params: ReleaseListParams = {}) =>
    pagedQuery(keys.releases.list(productId, params), (signal) => fetchReleases(productId, params, signal)),
  detail: (releaseId: string) => readQuery(keys.releases.detail(releaseId), (signal) => fetchRelease(releaseId, signal)),
  phases: (releaseId: string) => readQuery(keys.releases.phases(releaseId), (signal) => fetchReleasePhases(releaseId, signal)),
  /** A release's features, under the features root: feature writes change this table. */
  features: (releaseId: string, params: ReleaseFeaturesParams = {}) =>
    pagedQuery(keys.features.byRelease(releaseId, params), (signal) => fetchReleaseFeatures(releaseId, params, signal)),
};

const cacheRelease = cacheDetail<Release>(releaseQueries.detail, { byKey: false });

export const useCreateRelease = defineMutation('release', (productId: string) => ({
  mutationFn: (input: ReleaseCreateInput) => createRelease(productId, input),
  onSuccess: cacheRelease,
}));

export const useUpdateRelease = defineMutation('release', {
  mutationFn: ({ id, input }: { id: string; input: ReleaseUpdateInput }) => updateRelease(id, input),
  onSuccess: cacheRelease,
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
