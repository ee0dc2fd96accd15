// Releases and release phases over HTTP: fetchers, the queryOptions factory (keys from ./keys) and
// the mutation hooks (from ./mutations, which refresh what a release or phase write can change).
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from '../contract/common';
import { featurePage } from '../contract/features';
import {
  releaseCreateInput,
  releaseEnvelope,
  releasePage,
  releasePhaseCreateInput,
  releasePhaseEnvelope,
  releasePhasePage,
  releasePhaseUpdateInput,
  releaseUpdateInput,
  type Release,
  type ReleasePhase,
  type ReleasePhaseCreateInput,
  type ReleasePhaseUpdateInput,
} from '../contract/releases';
import { apiGet } from './client';
import { keys } from './keys';
import { defineMutation } from './mutations';
import {
  cacheDetail,
  createUnderMutation,
  fetchSubList,
  pagedQuery,
  readQuery,
  recordEndpoints,
  seg,
  updateMutation,
  type SubListParams,
} from './records';


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

export const {
  fetchOne: fetchRelease,
  create: createRelease,
  update: updateRelease,
} = recordEndpoints({
  path: '/releases',
  key: 'release',
  envelope: releaseEnvelope,
  input: { create: releaseCreateInput, update: releaseUpdateInput },
  createPath: (productId) => `/products/${seg(productId)}/releases`,
});

const phases = recordEndpoints({
  path: '/release_phases',
  key: 'release_phase',
  envelope: releasePhaseEnvelope,
  input: { create: releasePhaseCreateInput, update: releasePhaseUpdateInput },
  // The release is named in the body, not in the path.
  createPath: () => '/release_phases',
});

export async function fetchReleasePhases(releaseId: string, signal?: AbortSignal) {
  return (
    await apiGet(`/releases/${seg(releaseId)}/release_phases`, releasePhasePage, { per_page: MAX_PER_PAGE }, { signal })
  ).release_phases;
}

export async function fetchReleaseFeatures(releaseId: string, params: ReleaseFeaturesParams = {}, signal?: AbortSignal) {
  const defaults = { fields: RELEASE_FEATURE_FIELDS, perPage: DEFAULT_PER_PAGE };
  return fetchSubList(`/releases/${seg(releaseId)}/features`, featurePage, params, defaults, signal);
}

export const createReleasePhase = (releasePhase: ReleasePhaseCreateInput): Promise<ReleasePhase> =>
  phases.create(String(releasePhase.release_id), releasePhase);

export const { update: updateReleasePhase, remove: deleteReleasePhase } = phases;

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

export const useCreateRelease = createUnderMutation('release', createRelease, cacheRelease);
export const useUpdateRelease = updateMutation('release', updateRelease, cacheRelease);

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
