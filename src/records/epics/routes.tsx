// Placeholder: the epics screens are being built. Each route becomes its own lazy chunk.
import type { RouteObject } from 'react-router-dom';
import { routePatterns } from '../../ui/paths';

function ComingSoon() {
  return <p>This screen is being built.</p>;
}

export const epicRoutes: RouteObject[] = [
  { path: routePatterns.epics, Component: ComingSoon },
  { path: routePatterns.allEpics, Component: ComingSoon },
  { path: routePatterns.newEpic, Component: ComingSoon },
  { path: routePatterns.epic, Component: ComingSoon },
  { path: routePatterns.editEpic, Component: ComingSoon },
];
