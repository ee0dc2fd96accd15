// What the epic form offers to choose from — releases (with their capacity units), Epic statuses,
// initiatives, users, teams and the workspace's Epic custom fields — fetched together so the form
// renders once, with its defaults, after everything it needs has arrived.
import { useQuery } from '@tanstack/react-query';
import { accountQueries, statusesFor } from '../../api/account';
import { epicQueries, type EpicCustomField } from '../../api/epics';
import type { Team, User } from '../../contract/account';
import type { WorkflowStatus } from '../../contract/common';
import {
  combineChoices,
  releaseChoicesQuery,
  toReleaseChoice,
  type ChoicesState,
  type LinkChoice,
  type ReleaseChoice,
} from '../../ui/form-choices';

/** Every release with its capacity units, which decide how estimate text reads. */
export const epicReleaseChoicesQuery = releaseChoicesQuery;

export interface EpicFormChoices {
  releases: ReleaseChoice[];
  /** The product's Epic statuses in workflow order. */
  statuses: WorkflowStatus[];
  initiatives: LinkChoice[];
  users: User[];
  /** Each team carries its statuses, iterations and program increments. */
  teams: Team[];
  /** The workspace's Epic custom fields, in their defined order, with every select option. */
  customFields: EpicCustomField[];
}

export function useEpicFormChoices(productId: string | undefined): ChoicesState<EpicFormChoices> {
  const enabled = Boolean(productId);
  const id = productId ?? '';
  const releases = useQuery({ ...releaseChoicesQuery(id), enabled });
  const workflows = useQuery({ ...accountQueries.workflows(id), enabled });
  const initiatives = useQuery({ ...epicQueries.initiativeChoices(id), enabled });
  const users = useQuery(accountQueries.users());
  const teams = useQuery({ ...accountQueries.teams(id), enabled });
  const customFields = useQuery({ ...epicQueries.customFields({ product: id }), enabled });
  return combineChoices([releases, workflows, initiatives, users, teams, customFields], () =>
    releases.data && workflows.data && initiatives.data && users.data && teams.data && customFields.data
      ? {
          releases: releases.data.releases.map(toReleaseChoice),
          statuses: statusesFor(workflows.data, 'Epic'),
          initiatives: initiatives.data.map((i) => ({
            id: i.id,
            name: i.name ?? `Initiative ${i.id}`,
            reference_num: i.reference_num ?? '',
          })),
          users: users.data.users,
          teams: teams.data,
          customFields: customFields.data,
        }
      : undefined,
  );
}
