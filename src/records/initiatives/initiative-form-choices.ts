// What the initiative form offers to choose from — Initiative statuses, users, the product's
// initiatives (for the parent), goals and time frames — fetched together so the form renders once,
// with its defaults, after everything it needs has arrived.
import { useQuery } from '@tanstack/react-query';
import { accountQueries, statusesFor } from '../../api/account';
import { goalQueries } from '../../api/goals';
import { initiativeQueries, timeFrameQueries } from '../../api/initiatives';
import type { InitiativeFormChoices } from './initiative-form';

export interface InitiativeChoicesState {
  choices: InitiativeFormChoices | undefined;
  error: unknown;
  isFetching: boolean;
  refetch: () => void;
}

export function useInitiativeFormChoices(productId: string | undefined): InitiativeChoicesState {
  const enabled = Boolean(productId);
  const id = productId ?? '';
  const users = useQuery(accountQueries.users());
  const workflows = useQuery({ ...accountQueries.workflows(id), enabled });
  const initiatives = useQuery({ ...initiativeQueries.tree(id), enabled });
  const goals = useQuery({ ...goalQueries.list(id), enabled });
  const timeFrames = useQuery({ ...timeFrameQueries.list(id), enabled });
  const all = [users, workflows, initiatives, goals, timeFrames];
  const failed = all.find((q) => q.isError);

  let choices: InitiativeFormChoices | undefined;
  if (users.data && workflows.data && initiatives.data && goals.data && timeFrames.data) {
    choices = {
      statuses: statusesFor(workflows.data, 'Initiative'),
      users: users.data.users,
      initiatives: initiatives.data.initiatives,
      goals: goals.data.goals,
      timeFrames: timeFrames.data,
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
