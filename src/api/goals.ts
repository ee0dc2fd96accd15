// Goals over HTTP: fetchers, the queryOptions factory and the create hook. A goal links to
// initiatives, so the invalidation graph (./keys) refreshes initiatives (their `goals`) after it.
import { queryOptions } from '@tanstack/react-query';
import { MAX_PER_PAGE } from '../contract/common';
import { goalEnvelope, goalPage, type GoalCreateInput } from '../contract/initiatives';
import { apiGet, apiPost } from './client';
import { keys } from './keys';
import { defineMutation } from './mutations';

const seg = (id: string): string => encodeURIComponent(id);

/** A safety stop for paging through a product's goals: 20 pages of 200. */
const MAX_GOAL_PAGES = 20;

/** Every goal of the product, whole records (goals are few: the list screen shows them all). */
export async function fetchGoals(productId: string, signal?: AbortSignal) {
  const first = await apiGet(
    `/products/${seg(productId)}/goals`,
    goalPage,
    { page: 1, per_page: MAX_PER_PAGE, fields: '*' },
    { signal },
  );
  const goals = [...first.goals];
  const pages = Math.min(first.pagination.total_pages, MAX_GOAL_PAGES);
  for (let page = 2; page <= pages; page++) {
    const next = await apiGet(
      `/products/${seg(productId)}/goals`,
      goalPage,
      { page, per_page: MAX_PER_PAGE, fields: '*' },
      { signal },
    );
    goals.push(...next.goals);
  }
  return { goals, total: first.pagination.total_records };
}

/** `goalId` is a numeric id or a key like `PLN-G-1`. */
export async function fetchGoal(goalId: string, signal?: AbortSignal) {
  return (await apiGet(`/goals/${seg(goalId)}`, goalEnvelope, undefined, { signal })).goal;
}

export async function createGoal(productId: string, goal: GoalCreateInput) {
  return (await apiPost(`/products/${seg(productId)}/goals`, { goal }, goalEnvelope)).goal;
}

export const goalQueries = {
  all: keys.goals.all,
  list: (productId: string) =>
    queryOptions({
      queryKey: keys.goals.list(productId),
      queryFn: ({ signal }) => fetchGoals(productId, signal),
    }),
  detail: (goalId: string) =>
    queryOptions({
      queryKey: keys.goals.detail(goalId),
      queryFn: ({ signal }) => fetchGoal(goalId, signal),
    }),
};

export const useCreateGoal = defineMutation('goal', (productId: string) => ({
  mutationFn: (input: GoalCreateInput) => createGoal(productId, input),
  onSuccess: (queryClient, goal) => {
    queryClient.setQueryData(goalQueries.detail(goal.id).queryKey, goal);
    queryClient.setQueryData(goalQueries.detail(goal.reference_num).queryKey, goal);
  },
}));
