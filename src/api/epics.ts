// Epics over HTTP: fetchers (operations 5–7, show, update, delete, an epic's features), the
// queryOptions factory (keys from ./keys) and mutation hooks (./mutations); the Epic custom field
// definitions the filters and the form offer.
import { MAX_PER_PAGE } from '../contract/common';
import {
  customFieldDefinitionPage,
  hasOptions,
  isEditableFieldType,
  type CustomFieldDefinition,
  type CustomFieldType,
} from '../contract/custom-fields';
import { epicCreateInput, epicEnvelope, epicPage, epicUpdateInput, type Epic } from '../contract/epics';
import { featurePage } from '../contract/features';
import { initiativePage } from '../contract/initiatives';
import { apiGet } from './client';
import { keys, type ListScope } from './keys';
import {
  cacheDetail,
  createInReleaseMutation,
  deleteMutation,
  fetchEveryPage,
  fetchSubList,
  pagedQuery,
  readQuery,
  recordEndpoints,
  scopedPath,
  seg,
  updateMutation,
  workItemListQuery,
  type SubListParams,
  type WorkItemListFilters,
} from './records';

/** Which list to read: a workspace's epics, a release's (operation 6) or the account's (operation 7). */
export type EpicScope = ListScope;

export interface EpicListFilters extends WorkItemListFilters {
  /** Only epics matching every pair; sent as `custom_fields[<key>]=<value>`. */
  customFields?: Readonly<Record<string, string>>;
}

export type EpicFeaturesParams = SubListParams;

/** The columns of the epic list screens. */
export const EPIC_LIST_FIELDS =
  'name,reference_num,product_id,workflow_status,release,initiative,assigned_to_user,progress,features_count,features_completed_count,start_date,due_date,comments_count';
/** The columns of the epic page's feature table. */
export const EPIC_FEATURE_FIELDS = 'name,reference_num,workflow_status,assigned_to_user,progress,initial_estimate_text';

/** Drops empty pairs so `custom_fields[x]=` never reaches the service. */
function customFieldQuery(pairs: Readonly<Record<string, string>> | undefined): Record<string, string> | undefined {
  if (!pairs) return undefined;
  const entries = Object.entries(pairs).filter(([key, value]) => key !== '' && value !== '');
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

export async function fetchEpics(scope: EpicScope, filters: EpicListFilters = {}, signal?: AbortSignal) {
  // Operation 7 (the account's epics) takes paging, custom fields and fields only.
  const { page, perPage, fields } = filters;
  const query = workItemListQuery('all' in scope ? { page, perPage, fields } : filters);
  return apiGet(scopedPath(scope, 'epics'), epicPage, { ...query, custom_fields: customFieldQuery(filters.customFields) }, { signal });
}

// Create (operation 5) takes `watchers` as a comma-separated string of user ids, update as an
// array. `fetchEpic` reads by numeric id or by key (`PLN-E-4`).
export const {
  fetchOne: fetchEpic,
  create: createEpic,
  update: updateEpic,
  remove: deleteEpic,
} = recordEndpoints({
  path: '/epics',
  key: 'epic',
  envelope: epicEnvelope,
  input: { create: epicCreateInput, update: epicUpdateInput },
  createPath: (releaseId) => `/releases/${seg(releaseId)}/epics`,
});

export async function fetchEpicFeatures(epicId: string, params: EpicFeaturesParams = {}, signal?: AbortSignal) {
  return fetchSubList(`/epics/${seg(epicId)}/features`, featurePage, params, { fields: EPIC_FEATURE_FIELDS }, signal);
}

/** The product's initiatives as choices for the epic form (name and key only). */
export async function fetchInitiativeChoices(productId: string, signal?: AbortSignal) {
  return (
    await apiGet(
      `/products/${seg(productId)}/initiatives`,
      initiativePage,
      { per_page: MAX_PER_PAGE, fields: 'name,reference_num' },
      { signal },
    )
  ).initiatives;
}

/** Where the epic screens offer custom fields from: one workspace's definitions, or the account's. */
export type EpicFieldScope = { product: string } | { all: true };

/** An Epic custom field as the filters and the form offer it. */
export interface EpicCustomField {
  key: string;
  name: string;
  type: CustomFieldType;
  /** The options of a select or multi-select field in their defined order; empty for the other types. */
  values: string[];
}

/**
 * Epic fields from definitions, one per key in the order given. The account-wide list holds each
 * workspace's definitions, and two workspaces may define the same key: a select (or multi-select)
 * offers the union of their options, since the account's epic list filters every workspace by that
 * key. When the types differ the first definition wins (name and type) and the other's options are
 * left out, because one control cannot be both a choice and free text; the service still reads a
 * filter value in each definition's own type.
 */
export function epicFieldsOf(definitions: readonly CustomFieldDefinition[]): EpicCustomField[] {
  const byKey = new Map<string, EpicCustomField>();
  for (const d of definitions) {
    const type = d.type;
    // A hosted type the app does not edit (read through PLANNER_UPSTREAM) is neither offered nor sent.
    if (!isEditableFieldType(type)) continue;
    const known = byKey.get(d.key);
    if (!known) {
      byKey.set(d.key, { key: d.key, name: d.name, type, values: hasOptions(type) ? [...d.options] : [] });
    } else if (hasOptions(known.type) && known.type === d.type) {
      for (const option of d.options) if (!known.values.includes(option)) known.values.push(option);
    }
  }
  return [...byKey.values()];
}

/** Pages of definitions read at most: far beyond any real workspace, bounded all the same. */
const DEFINITION_PAGES = 5;

/** The Epic custom field definitions of a workspace (or of the account), every page. */
export async function fetchEpicFieldDefinitions(scope: EpicFieldScope, signal?: AbortSignal): Promise<CustomFieldDefinition[]> {
  const path = 'product' in scope ? `/products/${seg(scope.product)}/custom_field_definitions` : '/custom_field_definitions';
  const query = { custom_fieldable_type: 'Epic', per_page: MAX_PER_PAGE };
  const { pages } = await fetchEveryPage(path, customFieldDefinitionPage, query, DEFINITION_PAGES, signal);
  return pages.flatMap((p) => p.custom_field_definitions);
}

export async function fetchEpicCustomFields(scope: EpicFieldScope, signal?: AbortSignal): Promise<EpicCustomField[]> {
  return epicFieldsOf(await fetchEpicFieldDefinitions(scope, signal));
}

// Definitions and choices change rarely while a form or a filter bar is open.
const CHOICES_STALE_TIME = 60_000;

export const epicQueries = {
  all: keys.epics.all,
  lists: keys.epics.lists,
  list: (scope: EpicScope, filters: EpicListFilters = {}) =>
    pagedQuery(keys.epics.list(scope, filters), (signal) => fetchEpics(scope, filters, signal)),
  details: keys.epics.details,
  detail: (epicId: string) => readQuery(keys.epics.detail(epicId), (signal) => fetchEpic(epicId, signal)),
  /** The Epic custom fields defined for a workspace or the account (the filters and the form read them). */
  customFields: (scope: EpicFieldScope) =>
    readQuery(keys.customFieldDefinitions.epic(scope), (signal) => fetchEpicCustomFields(scope, signal), CHOICES_STALE_TIME),
  /** An epic's features, under the features root: feature writes change this table. */
  features: (epicId: string, params: EpicFeaturesParams = {}) =>
    pagedQuery(keys.features.byEpic(epicId, params), (signal) => fetchEpicFeatures(epicId, params, signal)),
  /** Under the initiatives root, so initiative writes refresh the form's choices. */
  initiativeChoices: (productId: string) =>
    readQuery(keys.initiatives.epicChoices(productId), (signal) => fetchInitiativeChoices(productId, signal), CHOICES_STALE_TIME),
};

/** An epic is cached under its id and may also be under its key (`/epics/PLN-E-4`). */
const cacheEpic = cacheDetail<Epic>(epicQueries.detail, { byKey: true });

export const useCreateEpic = createInReleaseMutation('epic', createEpic, cacheEpic);

export const useUpdateEpic = updateMutation('epic', updateEpic, cacheEpic);
export const useDeleteEpic = deleteMutation('epic', deleteEpic);
