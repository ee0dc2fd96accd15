// The goal screens' routes (list with its "New goal" form, and the goal page), mounted by the app
// router inside the signed-in layout. Each screen is its own lazy chunk.
import type { RouteObject } from 'react-router-dom';
import { routePatterns } from '../../ui/paths';

export const goalRoutes: RouteObject[] = [
  {
    path: routePatterns.goals,
    lazy: async () => ({ Component: (await import('./goals-page')).GoalsPage }),
  },
  {
    path: routePatterns.goal,
    lazy: async () => ({ Component: (await import('./goal-page')).GoalPage }),
  },
];
