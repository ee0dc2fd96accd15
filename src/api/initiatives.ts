// Initiatives and time frames over HTTP: fetchers, the queryOptions factories (keys from ./keys) and
// the mutation hooks (./mutations, which refresh what an initiative write can change). An initiative's epics,
// features and goals are keyed under their own kinds, so whatever refreshes those kinds refreshes
// the initiative page's lists too.
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from '../contract/common';
import { epicPage } from '../contract/epics';
import { featurePage } from '../contract/features';
import {
  INITIATIVE_LIST_FIELDS,
  goalPage,
  initiativeCreateInput,
  initiativeEnvelope,
  initiativePage,
  initiativeUpdateInput,
  timeFramePage,
  type Initiative,
  type InitiativeListItem,
  type TimeFrame,
} from '../contract/initiatives';
import { apiGet } from './client';
import { keys } from './keys';
import {
  cacheDetail,
  createUnderMutation,
  fetchEveryPage,
  fetchSubList,
  pagedQuery,
  readQuery,
  recordEndpoints,
  seg,
  updateMutation,
  type SubListParams,
} from './records';


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
  // Whole records but for what serves each initiative (it can run to thousands of items).
  const query = { per_page: MAX_PER_PAGE, fields: INITIATIVE_LIST_FIELDS.join(',') };
  const path = `/products/${seg(productId)}/initiatives`;
  const { pages, truncated } = await fetchEveryPage(path, initiativePage, query, MAX_TREE_PAGES, signal);
  return { initiatives: pages.flatMap((p): InitiativeListItem[] => p.initiatives), truncated };
}


const WORK = { fields: INITIATIVE_WORK_FIELDS, perPage: DEFAULT_PER_PAGE };

export function fetchInitiativeEpics(initiativeId: string, params: SubListParams = {}, signal?: AbortSignal) {
  return fetchSubList(`/initiatives/${seg(initiativeId)}/epics`, epicPage, params, WORK, signal);
}

export function fetchInitiativeFeatures(initiativeId: string, params: SubListParams = {}, signal?: AbortSignal) {
  return fetchSubList(`/initiatives/${seg(initiativeId)}/features`, featurePage, params, WORK, signal);
}

/** Operation 20: a page of the initiative's goals. */
export function fetchInitiativeGoals(initiativeId: string, params: SubListParams = {}, signal?: AbortSignal) {
  const defaults = { fields: INITIATIVE_GOAL_FIELDS, perPage: DEFAULT_PER_PAGE };
  return fetchSubList(`/initiatives/${seg(initiativeId)}/goals`, goalPage, params, defaults, signal);
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

// Create is operation 11 (`name` and `workflow_status` required); a `goals` array in an update
// replaces the initiative's goal links. `fetchInitiative` reads by numeric id or by key (`PLN-S-2`).
export const {
  fetchOne: fetchInitiative,
  create: createInitiative,
  update: updateInitiative,
} = recordEndpoints({
  path: '/initiatives',
  key: 'initiative',
  envelope: initiativeEnvelope,
  input: { create: initiativeCreateInput, update: initiativeUpdateInput },
  createPath: (productId) => `/products/${seg(productId)}/initiatives`,
});

export const initiativeQueries = {
  all: keys.initiatives.all,
  lists: keys.initiatives.lists,
  list: (productId: string, params: InitiativeListParams = {}) =>
    pagedQuery(keys.initiatives.list(productId, params), (signal) => fetchInitiatives(productId, params, signal)),
  /** The whole roll-up tree's material: every initiative of the product, whole. */
  tree: (productId: string) => readQuery(keys.initiatives.tree(productId), (signal) => fetchInitiativeTree(productId, signal)),
  details: keys.initiatives.details,
  detail: (initiativeId: string) =>
    readQuery(keys.initiatives.detail(initiativeId), (signal) => fetchInitiative(initiativeId, signal)),
  /** Under the epics root: epic writes change this table. */
  epics: (initiativeId: string, params: SubListParams = {}) =>
    pagedQuery(keys.epics.byInitiative(initiativeId, params), (signal) => fetchInitiativeEpics(initiativeId, params, signal)),
  /** Under the features root: feature writes change this table. */
  features: (initiativeId: string, params: SubListParams = {}) =>
    pagedQuery(keys.features.byInitiative(initiativeId, params), (signal) =>
      fetchInitiativeFeatures(initiativeId, params, signal),
    ),
  /** Operation 20, under the goals root: goal writes change this list. */
  goals: (initiativeId: string, params: SubListParams = {}) =>
    pagedQuery(keys.goals.byInitiative(initiativeId, params), (signal) => fetchInitiativeGoals(initiativeId, params, signal)),
};

// Time frames are set up with the product and change rarely.
const SLOW = 5 * 60_000;

export const timeFrameQueries = {
  all: keys.timeFrames.all,
  list: (productId: string) => readQuery(keys.timeFrames.list(productId), (signal) => fetchTimeFrames(productId, signal), SLOW),
};

/** An initiative is cached under its id and may also be under its key (`/initiatives/PLN-S-2`). */
const cacheInitiative = cacheDetail<Initiative>(initiativeQueries.detail, { byKey: true });

export const useCreateInitiative = createUnderMutation('initiative', createInitiative, cacheInitiative);
export const useUpdateInitiative = updateMutation('initiative', updateInitiative, cacheInitiative);
