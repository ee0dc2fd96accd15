// What the feature form offers to choose from — releases (with their capacity units), Feature
// statuses, kinds, users, teams, epics and initiatives — fetched together so the form renders once,
// with its defaults, after everything it needs has arrived.
import { useQuery } from '@tanstack/react-query';
import { accountQueries, statusesFor } from '../../api/account';
import { epicQueries } from '../../api/epics';
import { initiativeQueries } from '../../api/initiatives';
import type { Team, User, WorkflowKind } from '../../contract/account';
import { MAX_PER_PAGE, type WorkflowStatus } from '../../contract/common';
import {
  byName,
  combineChoices,
  releaseChoicesQuery,
  toReleaseChoice,
  type ChoicesState,
  type LinkChoice,
  type ReleaseChoice,
} from '../../ui/form-choices';

export { releaseChoicesQuery, type LinkChoice, type ReleaseChoice } from '../../ui/form-choices';

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

/**
 * The link choices read one page of the largest size. A workspace with more than 200 epics or
 * initiatives offers the 200 most recent here (plus the feature's current link); the service still
 * takes any by name or key.
 */
export const epicChoicesQuery = (productId: string) =>
  epicQueries.list({ product: productId }, { perPage: MAX_PER_PAGE, fields: 'name,reference_num,release' });
export const initiativeChoicesQuery = (productId: string) =>
  initiativeQueries.list(productId, { perPage: MAX_PER_PAGE, fields: 'name,reference_num' });

export function useFeatureFormChoices(productId: string | undefined): ChoicesState<FeatureFormChoices> {
  const enabled = Boolean(productId);
  const id = productId ?? '';
  const releases = useQuery({ ...releaseChoicesQuery(id), enabled });
  const workflows = useQuery({ ...accountQueries.workflows(id), enabled });
  const kinds = useQuery({ ...accountQueries.workflowKinds(id), enabled });
  const users = useQuery(accountQueries.users());
  const teams = useQuery({ ...accountQueries.teams(id), enabled });
  const epics = useQuery({ ...epicChoicesQuery(id), enabled });
  const initiatives = useQuery({ ...initiativeChoicesQuery(id), enabled });
  return combineChoices([releases, workflows, kinds, users, teams, epics, initiatives], () =>
    releases.data && workflows.data && kinds.data && users.data && teams.data && epics.data && initiatives.data
      ? {
          releases: releases.data.releases.map(toReleaseChoice),
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
        }
      : undefined,
  );
}
