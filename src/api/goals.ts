// Goals over HTTP: fetchers, the queryOptions factory and the create hook. A goal links to
// initiatives, so the invalidation graph (./keys) refreshes initiatives (their `goals`) after it.
import { MAX_PER_PAGE } from '../contract/common';
import { goalCreateInput, goalEnvelope, goalPage, goalUpdateInput, type Goal } from '../contract/initiatives';
import { keys } from './keys';
import { cacheDetail, createUnderMutation, fetchEveryPage, readQuery, recordEndpoints, seg } from './records';

const endpoints = recordEndpoints({
  path: '/goals',
  key: 'goal',
  envelope: goalEnvelope,
  input: { create: goalCreateInput, update: goalUpdateInput },
  createPath: (productId) => `/products/${seg(productId)}/goals`,
});

/** A safety stop for paging through a product's goals: 20 pages of 200. */
const MAX_GOAL_PAGES = 20;

/** Every goal of the product, whole records (goals are few: the list screen shows them all). */
export async function fetchGoals(productId: string, signal?: AbortSignal) {
  const query = { per_page: MAX_PER_PAGE, fields: '*' };
  const { pages, total } = await fetchEveryPage(`/products/${seg(productId)}/goals`, goalPage, query, MAX_GOAL_PAGES, signal);
  return { goals: pages.flatMap((p) => p.goals), total };
}

/** `fetchGoal` reads by numeric id or by key (`PLN-G-1`). */
export const { fetchOne: fetchGoal, create: createGoal } = endpoints;

export const goalQueries = {
  all: keys.goals.all,
  list: (productId: string) => readQuery(keys.goals.list(productId), (signal) => fetchGoals(productId, signal)),
  detail: (goalId: string) => readQuery(keys.goals.detail(goalId), (signal) => fetchGoal(goalId, signal)),
};

export const useCreateGoal = createUnderMutation('goal', createGoal, cacheDetail<Goal>(goalQueries.detail, { byKey: true }));
