// What the feature form offers to choose from — releases (with their capacity units), Feature
// statuses, kinds, users, teams, epics and initiatives — fetched together so the form renders once, with its
// defaults, after everything it needs has arrived.
import { useQuery } from '@tanstack/react-query';
import { accountQueries, statusesFor } from '../../api/account';
import { epicQueries } from '../../api/epics';
import { initiativeQueries } from '../../api/initiatives';
import { releaseQueries } from '../../api/releases';
import type { Team, User, WorkflowKind } from '../../contract/account';
import { MAX_PER_PAGE, type WorkflowStatus } from '../../contract/common';
import type { CapacityUnits } from '../../domain/estimate';

export interface ReleaseChoice {
  id: string;
  name: string;
  reference_num: string;
  capacity_units: CapacityUnits;
  parking_lot: boolean;
}

export interface FeatureFormChoices {
  releases: ReleaseChoice[];
  /** The product's Feature statuses in workflow order. */
  statuses: WorkflowStatus[];
  kinds: WorkflowKind[];
  users: User[];
  /** Each team carries its statuses, iterations and program increments. */
  teams: Team[];
  /** The workspace's epics by name, each with the name of its release. */
  epics: LinkChoice[];
  /** The workspace's initiatives by name. */
  initiatives: LinkChoice[];
}

/** An epic or initiative a feature can be linked to. */
export interface LinkChoice {
  id: string;
  name: string;
  reference_num: string;
  /** For epics: the release it lives in, shown to tell same-named epics apart. */
  release?: string;
}

/**
 * The link choices read one page of the largest size. A workspace with more than 200 epics or
 * initiatives offers the 200 most recent here (plus the feature's current link); the service still
 * takes any by name or key.
 */
export const epicChoicesQuery = (productId: string) =>
  epicQueries.list({ product: productId }, { perPage: MAX_PER_PAGE, fields: 'name,reference_num,release' });
export const initiativeChoicesQuery = (productId: string) =>
  initiativeQueries.list(productId, { perPage: MAX_PER_PAGE, fields: 'name,reference_num' });

const byName = (a: LinkChoice, b: LinkChoice): number => a.name.localeCompare(b.name) || a.reference_num.localeCompare(b.reference_num);

/** Every release with its capacity units, which decide how estimate text reads. */
export const releaseChoicesQuery = (productId: string) => releaseQueries.list(productId, { fields: '*', perPage: MAX_PER_PAGE });

export interface ChoicesState {
  choices: FeatureFormChoices | undefined;
  error: unknown;
  isFetching: boolean;
  refetch: () => void;
}

export function useFeatureFormChoices(productId: string | undefined): ChoicesState {
  const enabled = Boolean(productId);
  const id = productId ?? '';
  const releases = useQuery({ ...releaseChoicesQuery(id), enabled });
  const workflows = useQuery({ ...accountQueries.workflows(id), enabled });
  const kinds = useQuery({ ...accountQueries.workflowKinds(id), enabled });
  const users = useQuery(accountQueries.users());
  const teams = useQuery({ ...accountQueries.teams(id), enabled });
  const epics = useQuery({ ...epicChoicesQuery(id), enabled });
  const initiatives = useQuery({ ...initiativeChoicesQuery(id), enabled });
  const all = [releases, workflows, kinds, users, teams, epics, initiatives];
  const failed = all.find((q) => q.isError);

  let choices: FeatureFormChoices | undefined;
  if (releases.data && workflows.data && kinds.data && users.data && teams.data && epics.data && initiatives.data) {
    choices = {
      releases: releases.data.releases.map((r) => ({
        id: r.id,
        name: r.name ?? `Release ${r.id}`,
        reference_num: r.reference_num ?? '',
        capacity_units: r.capacity_units ?? 'time',
        parking_lot: r.parking_lot ?? false,
      })),
      statuses: statusesFor(workflows.data, 'Feature'),
      kinds: kinds.data,
      users: users.data.users,
      teams: teams.data,
      epics: epics.data.epics
        .map((e) => ({
          id: e.id,
          name: e.name ?? `Epic ${e.id}`,
          reference_num: e.reference_num ?? '',
          ...(e.release?.name ? { release: e.release.name } : {}),
        }))
        .sort(byName),
      initiatives: initiatives.data.initiatives
        .map((i) => ({ id: i.id, name: i.name ?? `Initiative ${i.id}`, reference_num: i.reference_num ?? '' }))
        .sort(byName),
    };
  }
  return {
    choices,
    error: failed?.error ?? null,
    isFetching: all.some((q) => q.isFetching),
    refetch: () => {
      for (const q of all) if (q.isError) void q.refetch();
    },
  };
}
