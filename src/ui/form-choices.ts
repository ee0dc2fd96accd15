// What record forms offer to choose from is fetched before the form renders, so it renders once
// with its defaults. This module holds the choice lists several forms share (releases with their
// capacity units, link targets, what every work-item form offers) and the one way to wait for a set
// of queries together. The queries are the route loaders' (api/route-queries), so a form finds
// what its route warmed.
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { accountQueries, statusesFor, type StatusableType } from '../api/account';
import { releaseChoicesQuery } from '../api/route-queries';
import type { Team, User } from '../contract/account';
import type { WorkflowStatus } from '../contract/common';
import type { CapacityUnits } from '../domain/estimate';
import type { SelectOption } from './field';

export { releaseChoicesQuery };

/** A release a work item can be planned into. */
export interface ReleaseChoice {
  id: string;
  name: string;
  reference_num: string;
  capacity_units: CapacityUnits;
  parking_lot: boolean;
}

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

/** What every work-item form offers to choose from. */
export interface WorkItemChoices {
  releases: ReleaseChoice[];
  /** The product's statuses of the kind, in workflow order. */
  statuses: WorkflowStatus[];
  users: User[];
  /** Each team carries its statuses, iterations and program increments. */
  teams: Team[];
}

/**
 * The queries of what every work-item form offers (releases, the kind's statuses, users, teams) and
 * those choices once all have arrived; a form adds its own queries and combines the two with
 * `combineChoices`. `enabled` and `id` are for the form's own queries of the workspace.
 */
export function useWorkItemChoices(productId: string | undefined, kind: StatusableType) {
  const enabled = Boolean(productId);
  const id = productId ?? '';
  const releases = useQuery({ ...releaseChoicesQuery(id), enabled });
  const workflows = useQuery({ ...accountQueries.workflows(id), enabled });
  const users = useQuery(accountQueries.users());
  const teams = useQuery({ ...accountQueries.teams(id), enabled });
  const choices: WorkItemChoices | undefined =
    releases.data && workflows.data && users.data && teams.data
      ? {
          releases: releases.data.releases.map(toReleaseChoice),
          statuses: statusesFor(workflows.data, kind),
          users: users.data.users,
          teams: teams.data,
        }
      : undefined;
  return { enabled, id, queries: [releases, workflows, users, teams], choices };
}
