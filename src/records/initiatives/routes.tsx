// Placeholder: the initiatives screens are being built. Each route becomes its own lazy chunk.
import type { RouteObject } from 'react-router-dom';
import { routePatterns } from '../../ui/paths';

function ComingSoon() {
  return <p>This screen is being built.</p>;
}

export const initiativeRoutes: RouteObject[] = [
  { path: routePatterns.initiatives, Component: ComingSoon },
  { path: routePatterns.newInitiative, Component: ComingSoon },
  { path: routePatterns.initiative, Component: ComingSoon },
  { path: routePatterns.editInitiative, Component: ComingSoon },
];
