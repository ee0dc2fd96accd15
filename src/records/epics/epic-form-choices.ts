// What the epic form offers to choose from — releases (with their capacity units), Epic statuses,
// initiatives, users, teams and the workspace's Epic custom fields — fetched
// together so the form renders once, with its defaults, after everything it needs has arrived.
import { useQuery } from '@tanstack/react-query';
import { accountQueries, statusesFor } from '../../api/account';
import { epicQueries, type EpicCustomField } from '../../api/epics';
import { releaseQueries } from '../../api/releases';
import type { Team, User } from '../../contract/account';
import { MAX_PER_PAGE, type WorkflowStatus } from '../../contract/common';
import type { CapacityUnits } from '../../domain/estimate';

export interface EpicReleaseChoice {
  id: string;
  name: string;
  reference_num: string;
  capacity_units: CapacityUnits;
  parking_lot: boolean;
}

export interface EpicInitiativeChoice {
  id: string;
  name: string;
  reference_num: string;
}

export interface EpicFormChoices {
  releases: EpicReleaseChoice[];
  /** The product's Epic statuses in workflow order. */
  statuses: WorkflowStatus[];
  initiatives: EpicInitiativeChoice[];
  users: User[];
  /** Each team carries its statuses, iterations and program increments. */
  teams: Team[];
  /** The workspace's Epic custom fields, in their defined order, with every select option. */
  customFields: EpicCustomField[];
}

/** Every release with its capacity units, which decide how estimate text reads. */
export const epicReleaseChoicesQuery = (productId: string) =>
  releaseQueries.list(productId, { fields: '*', perPage: MAX_PER_PAGE });

export interface EpicChoicesState {
  choices: EpicFormChoices | undefined;
  error: unknown;
  isFetching: boolean;
  refetch: () => void;
}

export function useEpicFormChoices(productId: string | undefined): EpicChoicesState {
  const enabled = Boolean(productId);
  const id = productId ?? '';
  const releases = useQuery({ ...epicReleaseChoicesQuery(id), enabled });
  const workflows = useQuery({ ...accountQueries.workflows(id), enabled });
  const initiatives = useQuery({ ...epicQueries.initiativeChoices(id), enabled });
  const users = useQuery(accountQueries.users());
  const teams = useQuery({ ...accountQueries.teams(id), enabled });
  const customFields = useQuery({ ...epicQueries.customFields({ product: id }), enabled });
  const all = [releases, workflows, initiatives, users, teams, customFields];
  const failed = all.find((q) => q.isError);

  let choices: EpicFormChoices | undefined;
  if (releases.data && workflows.data && initiatives.data && users.data && teams.data && customFields.data) {
    choices = {
      releases: releases.data.releases.map((r) => ({
        id: r.id,
        name: r.name ?? `Release ${r.id}`,
        reference_num: r.reference_num ?? '',
        capacity_units: r.capacity_units ?? 'time',
        parking_lot: r.parking_lot ?? false,
      })),
      statuses: statusesFor(workflows.data, 'Epic'),
      initiatives: initiatives.data.map((i) => ({
        id: i.id,
        name: i.name ?? `Initiative ${i.id}`,
        reference_num: i.reference_num ?? '',
      })),
      users: users.data.users,
      teams: teams.data,
      customFields: customFields.data,
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
