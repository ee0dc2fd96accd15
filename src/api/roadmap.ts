// The roadmap's data for one workspace: dated releases with their phases, initiatives and epics,
// each read in full (every page) and parsed with the contract. Each lane is its own query so one
// lane failing (an endpoint not there yet, a 404) leaves the others on screen. The keys sit under
// each kind's own root (`['releases', …]`, `['epics', …]`, `['initiatives', …]`) so whatever
// invalidates that kind after a write refreshes the roadmap too.
import type { z } from 'zod';
import { MAX_PER_PAGE, type Pagination } from '../contract/common';
import { epicPage, type EpicListItem } from '../contract/epics';
import { initiativePage, type InitiativeListItem } from '../contract/initiatives';
import {
  releasePage,
  releasePhasePage,
  type ReleasePhase,
  type releaseListItemSchema,
} from '../contract/releases';
import { apiGet, type QueryParams } from './client';
import { keys } from './keys';
import { readQuery, seg } from './records';

export type RoadmapReleaseItem = z.infer<typeof releaseListItemSchema>;

/** A release as the roadmap draws it: the whole record and its phases and milestones. */
export interface RoadmapRelease {
  release: RoadmapReleaseItem;
  phases: ReleasePhase[];
}

/** Phase requests run at most this many at a time: browsers queue the rest anyway. */
const PHASE_CONCURRENCY = 6;

/**
 * Reads page 1, then every further page in parallel, and returns the items in page order. Stops at
 * what page 1 announced, so a list growing mid-read cannot make it loop.
 */
export async function fetchAllPages<T>(
  fetchPage: (page: number) => Promise<{ items: T[]; pagination: Pagination }>,
): Promise<T[]> {
  const first = await fetchPage(1);
  const pages = Math.max(1, first.pagination.total_pages);
  if (pages === 1) return first.items;
  const rest = await Promise.all(Array.from({ length: pages - 1 }, (_, i) => fetchPage(i + 2)));
  return [...first.items, ...rest.flatMap((page) => page.items)];
}

/** `fn` over `items` with at most `limit` calls in flight; results keep the order of `items`. */
export async function mapWithLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  async function worker(): Promise<void> {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index] as T);
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, () => worker()));
  return results;
}

const listQuery = (page: number, extra: QueryParams = {}): QueryParams => ({
  fields: '*',
  per_page: MAX_PER_PAGE,
  page,
  ...extra,
});

/** The workspace's releases without the parking lot (asked of the service, and checked here). */
export async function fetchRoadmapReleaseList(
  productId: string,
  signal?: AbortSignal,
): Promise<RoadmapReleaseItem[]> {
  const items = await fetchAllPages(async (page) => {
    const data = await apiGet(
      `/products/${seg(productId)}/releases`,
      releasePage,
      listQuery(page, { parking_lot: false }),
      {
        signal,
      },
    );
    return { items: data.releases, pagination: data.pagination };
  });
  return items.filter((release) => release.parking_lot !== true);
}

export async function fetchRoadmapPhases(releaseId: string, signal?: AbortSignal): Promise<ReleasePhase[]> {
  return fetchAllPages(async (page) => {
    const data = await apiGet(
      `/releases/${seg(releaseId)}/release_phases`,
      releasePhasePage,
      { per_page: MAX_PER_PAGE, page },
      { signal },
    );
    return { items: data.release_phases, pagination: data.pagination };
  });
}

/** Releases and, one request per release, their phases. */
export async function fetchRoadmapReleases(
  productId: string,
  signal?: AbortSignal,
): Promise<RoadmapRelease[]> {
  const releases = await fetchRoadmapReleaseList(productId, signal);
  return mapWithLimit(releases, PHASE_CONCURRENCY, async (release) => ({
    release,
    phases: await fetchRoadmapPhases(release.id, signal),
  }));
}

export async function fetchRoadmapInitiatives(
  productId: string,
  signal?: AbortSignal,
): Promise<InitiativeListItem[]> {
  return fetchAllPages(async (page) => {
    const data = await apiGet(`/products/${seg(productId)}/initiatives`, initiativePage, listQuery(page), {
      signal,
    });
    return { items: data.initiatives, pagination: data.pagination };
  });
}

export async function fetchRoadmapEpics(productId: string, signal?: AbortSignal): Promise<EpicListItem[]> {
  return fetchAllPages(async (page) => {
    const data = await apiGet(`/products/${seg(productId)}/epics`, epicPage, listQuery(page), { signal });
    return { items: data.epics, pagination: data.pagination };
  });
}

const releasesQuery = (productId: string) =>
  readQuery(keys.releases.roadmap(productId), (signal) => fetchRoadmapReleases(productId, signal));

const initiativesQuery = (productId: string) =>
  readQuery(keys.initiatives.roadmap(productId), (signal) => fetchRoadmapInitiatives(productId, signal));

const epicsQuery = (productId: string) => readQuery(keys.epics.roadmap(productId), (signal) => fetchRoadmapEpics(productId, signal));

export const roadmapQueries = {
  releases: releasesQuery,
  initiatives: initiativesQuery,
  epics: epicsQuery,
  /**
   * Everything the roadmap of one workspace shows, as one query per lane (releases with phases,
   * initiatives, epics): prefetch them together, render each lane from its own result.
   */
  product: (productId: string) => ({
    releases: releasesQuery(productId),
    initiatives: initiativesQuery(productId),
    epics: epicsQuery(productId),
  }),
};
