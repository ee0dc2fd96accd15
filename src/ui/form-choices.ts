// What record forms offer to choose from is fetched before the form renders, so it renders once
// with its defaults. This module holds the choice lists several forms share (releases with their
// capacity units, link targets) and the one way to wait for a set of queries together.
import type { UseQueryResult } from '@tanstack/react-query';
import { releaseQueries } from '../api/releases';
import { MAX_PER_PAGE } from '../contract/common';
import type { CapacityUnits } from '../domain/estimate';
import type { SelectOption } from './field';

/** A release a work item can be planned into. */
export interface ReleaseChoice {
  id: string;
  name: string;
  reference_num: string;
  capacity_units: CapacityUnits;
  parking_lot: boolean;
}

/** Every release with its capacity units, which decide how estimate text reads. */
export const releaseChoicesQuery = (productId: string) => releaseQueries.list(productId, { fields: '*', perPage: MAX_PER_PAGE });

export function toReleaseChoice(r: {
  id: string;
  name?: string | undefined;
  reference_num?: string | undefined;
  capacity_units?: CapacityUnits | undefined;
  parking_lot?: boolean | undefined;
}): ReleaseChoice {
  return {
    id: r.id,
    name: r.name ?? `Release ${r.id}`,
    reference_num: r.reference_num ?? '',
    capacity_units: r.capacity_units ?? 'time',
    parking_lot: r.parking_lot ?? false,
  };
}

/** The list, with the record's own release first when the list does not carry it. */
export function releasesWithCurrent(list: readonly ReleaseChoice[], current?: ReleaseChoice): ReleaseChoice[] {
  return current && !list.some((r) => r.id === current.id) ? [current, ...list] : [...list];
}

export function releaseOptions(releases: readonly ReleaseChoice[]): SelectOption[] {
  return releases.map((r) => ({
    value: r.id,
    label: `${r.reference_num ? `${r.reference_num} ` : ''}${r.name}${r.parking_lot ? ' (parking lot)' : ''}`,
  }));
}

/** A record another can link to (an epic, an initiative, a goal). */
export interface LinkChoice {
  id: string;
  name: string;
  reference_num: string;
  /** For epics: the release it lives in, shown to tell same-named epics apart. */
  release?: string;
}

export const byName = (a: LinkChoice, b: LinkChoice): number =>
  a.name.localeCompare(b.name) || a.reference_num.localeCompare(b.reference_num);

/** `?epic=` and the like may carry an id or a key, in any case: the id it names, if listed. */
export function pickChoice(list: readonly { id: string; reference_num?: string | undefined }[], ref: string | null | undefined) {
  if (!ref) return undefined;
  const wanted = ref.toLowerCase();
  return list.find((c) => c.id === ref || c.reference_num?.toLowerCase() === wanted)?.id;
}

export interface ChoicesState<T> {
  choices: T | undefined;
  error: unknown;
  isFetching: boolean;
  refetch: () => void;
}

/**
 * The state of a set of queries the form waits for together: `build` runs once all have data (it
 * returns undefined while any is missing); a failure of any is the error, and a retry refetches
 * only the failed ones.
 */
export function combineChoices<T>(queries: readonly UseQueryResult<unknown>[], build: () => T | undefined): ChoicesState<T> {
  const failed = queries.find((q) => q.isError);
  return {
    choices: queries.every((q) => q.data !== undefined) ? build() : undefined,
    error: failed?.error ?? null,
    isFetching: queries.some((q) => q.isFetching),
    refetch: () => {
      for (const q of queries) if (q.isError) void q.refetch();
    },
  };
}
