// The goal screens' routes (list with its "New goal" form, and the goal page), mounted by the app
// router inside the signed-in layout. Each screen is its own lazy chunk; each route's loader starts
// the screen's queries (the same options the screen reads) while it downloads.
import type { RouteObject } from 'react-router-dom';
import { accountQueries } from '../../api/account';
import { goalQueries } from '../../api/goals';
import { initiativeQueries, timeFrameQueries } from '../../api/initiatives';
import { loadQuery, warmQuery, type LoaderContext } from '../../api/load';
import { routePatterns } from '../../ui/paths';

export function goalRoutes({ queryClient, requireSession }: LoaderContext): RouteObject[] {
  return [
    {
      path: routePatterns.goals,
      loader: async ({ request, params }) => {
        requireSession(request);
        const productId = params.productId ?? '';
        await Promise.all([
          loadQuery(queryClient, goalQueries.list(productId)),
          warmQuery(queryClient, accountQueries.products()),
          // The "New goal" form's choices.
          warmQuery(queryClient, initiativeQueries.tree(productId)),
          warmQuery(queryClient, timeFrameQueries.list(productId)),
        ]);
        return null;
      },
      lazy: async () => ({ Component: (await import('./goals-page')).GoalsPage }),
    },
    {
      path: routePatterns.goal,
      loader: async ({ request, params }) => {
        requireSession(request);
        const goal = await loadQuery(queryClient, goalQueries.detail(params.goalId ?? ''));
        // The linked initiatives' progress is read from the workspace's tree.
        if (goal && goal.initiatives.length > 0) await warmQuery(queryClient, initiativeQueries.tree(goal.product_id));
        return null;
      },
      lazy: async () => ({ Component: (await import('./goal-page')).GoalPage }),
    },
  ];
}
