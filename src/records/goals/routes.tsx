// The goal screens' routes (list with its "New goal" form, and the goal page), mounted by the app
// router inside the signed-in layout. Each screen is its own lazy chunk; each route's loader starts
// the screen's queries (the same options the screen reads) while it downloads.
import type { RouteObject } from 'react-router-dom';
import { accountQueries } from '../../api/account';
import { goalQueries } from '../../api/goals';
import { initiativeQueries, timeFrameQueries } from '../../api/initiatives';
import { loadQuery, warmQuery, type LoaderContext } from '../../api/load';
import { warmLayouts } from '../../api/route-queries';
import { routePatterns } from '../../ui/paths';
import { recordScreens } from '../../ui/record-screens';

export function goalRoutes({ queryClient, requireSession }: LoaderContext): RouteObject[] {
  return recordScreens(requireSession, [
    {
      path: routePatterns.goals,
      load: ({ productId }) =>
        Promise.all([
          loadQuery(queryClient, goalQueries.list(productId)),
          warmQuery(queryClient, accountQueries.products()),
          // The "New goal" form's choices.
          warmQuery(queryClient, initiativeQueries.tree(productId)),
          warmQuery(queryClient, timeFrameQueries.list(productId)),
          warmLayouts(queryClient, productId),
        ]),
      screen: async () => (await import('./goals-page')).GoalsPage,
    },
    {
      path: routePatterns.goal,
      load: async ({ params }) => {
        const goal = await loadQuery(queryClient, goalQueries.detail(params.goalId ?? ''));
        if (!goal) return;
        await Promise.all([
          // The linked initiatives' progress is read from the workspace's tree.
          goal.initiatives.length > 0 ? warmQuery(queryClient, initiativeQueries.tree(goal.product_id)) : undefined,
          // The page's facts are drawn from the workspace's goal layout.
          warmLayouts(queryClient, goal.product_id),
        ]);
      },
      screen: async () => (await import('./goal-page')).GoalPage,
    },
  ]);
}
