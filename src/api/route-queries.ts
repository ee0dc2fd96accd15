// What each screen reads, built from its address (path params and `?…` search), in one place so a
// screen and its route loader ask for the very same query keys: the loader warms exactly what the
// screen then finds. A screen that builds its query another way only loses the warm start.
import type { QueryClient } from '@tanstack/react-query';
import { MAX_PER_PAGE } from '../contract/common';
import type { Initiative } from '../contract/initiatives';
import { accountQueries } from './account';
import { EPIC_LIST_FIELDS, epicQueries, type EpicListFilters, type EpicScope } from './epics';
import { FEATURE_BOARD_FIELDS, FEATURE_LIST_FIELDS, featureQueries, type FeatureListFilters, type FeatureScope } from './features';
import { goalQueries } from './goals';
import { initiativeQueries, timeFrameQueries } from './initiatives';
import { warmQuery } from './load';
import { releaseQueries } from './releases';

/** `?page=` as a page number: 1 when missing or nonsense. */
export function pageParam(search: URLSearchParams): number {
  return Math.max(1, Number(search.get('page')) || 1);
}

/** An empty parameter is no filter. */
export function param(search: URLSearchParams, name: string): string | undefined {
  return search.get(name) || undefined;
}

/** `?release=` (an id or a key) narrows a workspace list to one release. */
function scopeOf(productId: string, search: URLSearchParams): FeatureScope & EpicScope {
  const release = param(search, 'release');
  return release ? { release } : { product: productId };
}

/**
 * The workspace's layouts, one per kind: every create form and record page is drawn from them, so
 * their routes warm them beside their other queries. Read through a dynamic import, so the layouts'
 * module stays out of the lists' first load (only forms and record pages use it).
 */
export async function warmLayouts(queryClient: QueryClient, productId: string): Promise<void> {
  // Like every warm-up, it never throws: a module that failed to arrive is the screen's own to report.
  const layouts = await import('./layouts').catch(() => null);
  if (layouts) await warmQuery(queryClient, layouts.layoutQueries.workspace(productId));
}

// ---- Features --------------------------------------------------------------------------------

export const FEATURES_PER_PAGE = 50;
/** The service's largest page; a bigger workspace narrows the board by release. */
export const FEATURE_BOARD_LIMIT = 200;

/** `/w/:productId/features?q&status&assignee&tag&release&page`. */
export function featureListFilters(search: URLSearchParams): FeatureListFilters {
  return {
    page: pageParam(search),
    perPage: FEATURES_PER_PAGE,
    q: param(search, 'q'),
    tag: param(search, 'tag'),
    assignedToUser: param(search, 'assignee'),
    workflowStatus: param(search, 'status'),
    fields: FEATURE_LIST_FIELDS,
  };
}

export const featureListQuery = (productId: string, search: URLSearchParams) =>
  featureQueries.list(scopeOf(productId, search), featureListFilters(search));

/** `/w/:productId/board?release`. */
export const featureBoardQuery = (productId: string, search: URLSearchParams) =>
  featureQueries.list(scopeOf(productId, search), { fields: FEATURE_BOARD_FIELDS, perPage: FEATURE_BOARD_LIMIT });

/** Every release with its capacity units (the feature and epic forms, the release filters). */
export const releaseChoicesQuery = (productId: string) => releaseQueries.list(productId, { fields: '*', perPage: MAX_PER_PAGE });
// ---- Epics -----------------------------------------------------------------------------------

export const EPICS_PER_PAGE = 50;
export const ALL_EPICS_PER_PAGE = 50;
/** Custom field filters ride in the address as `?cf.<key>=<value>`. */
export const CUSTOM_FIELD_PARAM_PREFIX = 'cf.';

/** The `?cf.<key>=<value>` pairs of an address (empty keys and values left out). */
export function customFieldFilters(search: URLSearchParams): Record<string, string> {
  const pairs: Record<string, string> = {};
  for (const [name, value] of search) {
    if (!name.startsWith(CUSTOM_FIELD_PARAM_PREFIX)) continue;
    const key = name.slice(CUSTOM_FIELD_PARAM_PREFIX.length);
    if (key && value) pairs[key] = value;
  }
  return pairs;
}

/**
 * `?updated=2026-11-01` (a day, as the date box gives it) → the start of that day where the person
 * is, as the ISO 8601 timestamp the service takes; anything unreadable is not sent.
 */
export function updatedSinceParam(day: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const start = new Date(`${day}T00:00:00`);
  return Number.isNaN(start.getTime()) ? undefined : start.toISOString();
}

/** `/w/:productId/epics?q&status&assignee&tag&updated&release&page&cf.*`. */
export function epicListFilters(search: URLSearchParams): EpicListFilters {
  return {
    page: pageParam(search),
    perPage: EPICS_PER_PAGE,
    q: param(search, 'q'),
    tag: param(search, 'tag'),
    updatedSince: updatedSinceParam(search.get('updated') ?? ''),
    assignedToUser: param(search, 'assignee'),
    workflowStatus: param(search, 'status'),
    customFields: customFieldFilters(search),
    fields: EPIC_LIST_FIELDS,
  };
}

export const epicListQuery = (productId: string, search: URLSearchParams) =>
  epicQueries.list(scopeOf(productId, search), epicListFilters(search));

/** `/epics?page&cf.*`: every epic of the account. */
export const allEpicsQuery = (search: URLSearchParams) =>
  epicQueries.list(
    { all: true },
    { page: pageParam(search), perPage: ALL_EPICS_PER_PAGE, customFields: customFieldFilters(search), fields: EPIC_LIST_FIELDS },
  );

// ---- Initiatives and goals -------------------------------------------------------------------

export const INITIATIVE_ITEMS_PER_PAGE = 20;
/** What the initiative page shows of each child initiative. */
export const INITIATIVE_CHILD_FIELDS = 'name,reference_num,workflow_status,progress,children_count';

export const initiativeChildrenQuery = (initiative: Pick<Initiative, 'id' | 'product_id'>) =>
  initiativeQueries.list(initiative.product_id, { parentId: initiative.id, perPage: MAX_PER_PAGE, fields: INITIATIVE_CHILD_FIELDS });

/** What an initiative's page shows beside the initiative itself: children, goals, epics, features. */
export async function warmInitiativePage(queryClient: QueryClient, initiative: Pick<Initiative, 'id' | 'product_id'>): Promise<void> {
  const firstPage = { page: 1, perPage: INITIATIVE_ITEMS_PER_PAGE };
  await Promise.all([
    warmQuery(queryClient, initiativeChildrenQuery(initiative)),
    warmQuery(queryClient, initiativeQueries.goals(initiative.id, firstPage)),
    warmQuery(queryClient, initiativeQueries.epics(initiative.id, firstPage)),
    warmQuery(queryClient, initiativeQueries.features(initiative.id, firstPage)),
    // The page's facts are drawn from the Initiative layout.
    warmLayouts(queryClient, initiative.product_id),
  ]);
}

/** What the initiative form offers to choose from. */
export async function warmInitiativeForm(queryClient: QueryClient, productId: string): Promise<void> {
  await Promise.all([
    warmQuery(queryClient, accountQueries.users()),
    warmQuery(queryClient, accountQueries.workflows(productId)),
    warmQuery(queryClient, initiativeQueries.tree(productId)),
    warmQuery(queryClient, goalQueries.list(productId)),
    warmQuery(queryClient, timeFrameQueries.list(productId)),
    warmLayouts(queryClient, productId),
  ]);
}
