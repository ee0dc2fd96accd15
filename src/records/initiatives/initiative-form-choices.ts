// What the initiative form offers to choose from — Initiative statuses, users, the product's
// initiatives (for the parent), goals and time frames — and the workspace's Initiative layout it is
// drawn from, fetched together so the form renders once, with its defaults, after everything it
// needs has arrived.
import { useQuery } from '@tanstack/react-query';
import { accountQueries, statusesFor } from '../../api/account';
import { goalQueries } from '../../api/goals';
import { initiativeQueries, timeFrameQueries } from '../../api/initiatives';
import { combineChoices, type ChoicesState } from '../../ui/form-choices';
import { useWorkspaceLayout } from '../../ui/use-workspace-layout';
import type { InitiativeFormChoices } from './initiative-form';

export function useInitiativeFormChoices(productId: string | undefined): ChoicesState<InitiativeFormChoices> {
  const enabled = Boolean(productId);
  const id = productId ?? '';
  const users = useQuery(accountQueries.users());
  const workflows = useQuery({ ...accountQueries.workflows(id), enabled });
  const initiatives = useQuery({ ...initiativeQueries.tree(id), enabled });
  const goals = useQuery({ ...goalQueries.list(id), enabled });
  const timeFrames = useQuery({ ...timeFrameQueries.list(id), enabled });
  // Not among the queries whose failure stops the form: the built-in layout stands in then.
  const { layout } = useWorkspaceLayout(productId, 'Initiative');
  return combineChoices([users, workflows, initiatives, goals, timeFrames], () =>
    users.data && workflows.data && initiatives.data && goals.data && timeFrames.data && layout
      ? {
          statuses: statusesFor(workflows.data, 'Initiative'),
          users: users.data.users,
          initiatives: initiatives.data.initiatives,
          goals: goals.data.goals,
          timeFrames: timeFrames.data,
          layout,
        }
      : undefined,
  );
}
