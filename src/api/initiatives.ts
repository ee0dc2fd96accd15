// Initiatives and time frames over HTTP: fetchers, the queryOptions factories (keys from ./keys) and
// the mutation hooks (./mutations, which refresh what an initiative write can change). An initiative's epics,
// features and goals are keyed under their own kinds, so whatever refreshes those kinds refreshes
// the initiative page's lists too.
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE, type Pagination } from '../contract/common';
import { epicPage } from '../contract/epics';
import { featurePage } from '../contract/features';
import {
  goalPage,
  initiativeEnvelope,
  initiativePage,
  timeFramePage,
  type Initiative,
  type InitiativeCreateInput,
  type InitiativeListItem,
  type InitiativeUpdateInput,
  type TimeFrame,
} from '../contract/initiatives';
import { apiGet, apiPost, apiPut } from './client';
import { keys } from './keys';
import { defineMutation } from './mutations';

const seg = (id: string): string => encodeURIComponent(id);

export interface InitiativeListParams {
  page?: number;
  /** At most 200. */
  perPage?: number;
  q?: string;
  /** Status id or name. */
  workflowStatus?: string;
  /** User id or email. */
  assignedToUser?: string;
  /** Parent initiative id; `'null'` for roots only. */
  parentId?: string;
  /** `*` for whole records; a comma list for a subset; omitted for the compact shape. */
  fields?: string;
}

export interface SubListParams {
  page?: number;
  perPage?: number;
  fields?: string;
}

/** The columns of the initiative page's epic and feature tables. */
export const INITIATIVE_WORK_FIELDS = 'name,reference_num,workflow_status,progress,release';
/** What the initiative page shows of each goal. */
export const INITIATIVE_GOAL_FIELDS = 'name,reference_num,progress,time_frame';

/** A safety stop for paging through a product's initiatives: 50 pages of 200. */
const MAX_TREE_PAGES = 50;

export async function fetchInitiatives(
  productId: string,
  params: InitiativeListParams = {},
  signal?: AbortSignal,
) {
  return apiGet(
    `/products/${seg(productId)}/initiatives`,
    initiativePage,
    {
      page: params.page,
      per_page: params.perPage,
      q: params.q,
      workflow_status: params.workflowStatus,
      assigned_to_user: params.assignedToUser,
      parent_id: params.parentId,
      fields: params.fields,
    },
    { signal },
  );
}

export interface InitiativeTree {
  /** Every initiative of the product, whole, in the service's order (position, then id). */
  initiatives: InitiativeListItem[];
  /** True when the safety stop cut the paging short. */
  truncated: boolean;
}

/** All of a product's initiatives, whole records, paging through 200 at a time. */
export async function fetchInitiativeTree(productId: string, signal?: AbortSignal): Promise<InitiativeTree> {
  const initiatives: InitiativeListItem[] = [];
  let pagination: Pagination | undefined;
  let page = 1;
  do {
    const result = await fetchInitiatives(productId, { page, perPage: MAX_PER_PAGE, fields: '*' }, signal);
    initiatives.push(...result.initiatives);
    pagination = result.pagination;
    page += 1;
  } while (page <= pagination.total_pages && page <= MAX_TREE_PAGES);
  return { initiatives, truncated: pagination.total_pages > MAX_TREE_PAGES };
}

/** `initiativeId` is a numeric id or a key like `PLN-S-2`. */
export async function fetchInitiative(initiativeId: string, signal?: AbortSignal) {
  return (await apiGet(`/initiatives/${seg(initiativeId)}`, initiativeEnvelope, undefined, { signal }))
    .initiative;
}

export async function fetchInitiativeEpics(
  initiativeId: string,
  params: SubListParams = {},
  signal?: AbortSignal,
) {
  return apiGet(
    `/initiatives/${seg(initiativeId)}/epics`,
    epicPage,
    {
      page: params.page ?? 1,
      per_page: params.perPage ?? DEFAULT_PER_PAGE,
      fields: params.fields ?? INITIATIVE_WORK_FIELDS,
    },
    { signal },
  );
}

export async function fetchInitiativeFeatures(
  initiativeId: string,
  params: SubListParams = {},
  signal?: AbortSignal,
) {
  return apiGet(
    `/initiatives/${seg(initiativeId)}/features`,
    featurePage,
    {
      page: params.page ?? 1,
      per_page: params.perPage ?? DEFAULT_PER_PAGE,
      fields: params.fields ?? INITIATIVE_WORK_FIELDS,
    },
    { signal },
  );
}

/** Operation 20: a page of the initiative's goals. */
export async function fetchInitiativeGoals(
  initiativeId: string,
  params: SubListParams = {},
  signal?: AbortSignal,
) {
  return apiGet(
    `/initiatives/${seg(initiativeId)}/goals`,
    goalPage,
    {
      page: params.page ?? 1,
      per_page: params.perPage ?? DEFAULT_PER_PAGE,
      fields: params.fields ?? INITIATIVE_GOAL_FIELDS,
    },
    { signal },
  );
}

export async function fetchTimeFrames(productId: string, signal?: AbortSignal): Promise<TimeFrame[]> {
  return (
    await apiGet(
      `/products/${seg(productId)}/time_frames`,
      timeFramePage,
      { per_page: MAX_PER_PAGE },
      { signal },
    )
  ).time_frames;
}

/** Operation 11: `name` and `workflow_status` are required. */
export async function createInitiative(productId: string, initiative: InitiativeCreateInput) {
  return (await apiPost(`/products/${seg(productId)}/initiatives`, { initiative }, initiativeEnvelope))
    .initiative;
}

/** A `goals` array in the body replaces the initiative's goal links. */
export async function updateInitiative(initiativeId: string, initiative: InitiativeUpdateInput) {
  return (await apiPut(`/initiatives/${seg(initiativeId)}`, { initiative }, initiativeEnvelope)).initiative;
}

export const initiativeQueries = {
  all: keys.initiatives.all,
  lists: keys.initiatives.lists,
  list: (productId: string, params: InitiativeListParams = {}) =>
    queryOptions({
      queryKey: keys.initiatives.list(productId, params),
      queryFn: ({ signal }) => fetchInitiatives(productId, params, signal),
      placeholderData: keepPreviousData,
    }),
  /** The whole roll-up tree's material: every initiative of the product, whole. */
  tree: (productId: string) =>
    queryOptions({
      queryKey: keys.initiatives.tree(productId),
      queryFn: ({ signal }) => fetchInitiativeTree(productId, signal),
    }),
  details: keys.initiatives.details,
  detail: (initiativeId: string) =>
    queryOptions({
      queryKey: keys.initiatives.detail(initiativeId),
      queryFn: ({ signal }) => fetchInitiative(initiativeId, signal),
    }),
  /** Under the epics root: epic writes change this table. */
  epics: (initiativeId: string, params: SubListParams = {}) =>
    queryOptions({
      queryKey: keys.epics.byInitiative(initiativeId, params),
      queryFn: ({ signal }) => fetchInitiativeEpics(initiativeId, params, signal),
      placeholderData: keepPreviousData,
    }),
  /** Under the features root: feature writes change this table. */
  features: (initiativeId: string, params: SubListParams = {}) =>
    queryOptions({
      queryKey: keys.features.byInitiative(initiativeId, params),
      queryFn: ({ signal }) => fetchInitiativeFeatures(initiativeId, params, signal),
      placeholderData: keepPreviousData,
    }),
  /** Operation 20, under the goals root: goal writes change this list. */
  goals: (initiativeId: string, params: SubListParams = {}) =>
    queryOptions({
      queryKey: keys.goals.byInitiative(initiativeId, params),
      queryFn: ({ signal }) => fetchInitiativeGoals(initiativeId, params, signal),
      placeholderData: keepPreviousData,
    }),
};

// Time frames are set up with the product and change rarely.
const SLOW = 5 * 60_000;

export const timeFrameQueries = {
  all: keys.timeFrames.all,
  list: (productId: string) =>
    queryOptions({
      queryKey: keys.timeFrames.list(productId),
      queryFn: ({ signal }) => fetchTimeFrames(productId, signal),
      staleTime: SLOW,
    }),
};

/** An initiative is cached under its id and may also be under its key (`/initiatives/PLN-S-2`). */
function cacheDetail(queryClient: QueryClient, initiative: Initiative) {
  queryClient.setQueryData(initiativeQueries.detail(initiative.id).queryKey, initiative);
  queryClient.setQueryData(initiativeQueries.detail(initiative.reference_num).queryKey, initiative);
}

export const useCreateInitiative = defineMutation('initiative', (productId: string) => ({
  mutationFn: (input: InitiativeCreateInput) => createInitiative(productId, input),
  onSuccess: cacheDetail,
}));

export const useUpdateInitiative = defineMutation('initiative', {
  mutationFn: ({ id, input }: { id: string; input: InitiativeUpdateInput }) => updateInitiative(id, input),
  onSuccess: cacheDetail,
});
