// Placeholder: the goals screens are being built. Each route becomes its own lazy chunk.
import type { RouteObject } from 'react-router-dom';
import { routePatterns } from '../../ui/paths';

function ComingSoon() {
  return <p>This screen is being built.</p>;
}

export const goalRoutes: RouteObject[] = [
  { path: routePatterns.goals, Component: ComingSoon },
  { path: routePatterns.goal, Component: ComingSoon },
];
