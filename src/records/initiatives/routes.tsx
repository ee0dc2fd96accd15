// The initiative screens' routes (tree, new, page, edit), mounted by the app router inside the
// signed-in layout. Each screen is its own lazy chunk, so the tree does not download the form.
import type { RouteObject } from 'react-router-dom';
import { routePatterns } from '../../ui/paths';

export const initiativeRoutes: RouteObject[] = [
  {
    path: routePatterns.initiatives,
    lazy: async () => ({ Component: (await import('./initiative-tree-page')).InitiativeTreePage }),
  },
  {
    path: routePatterns.newInitiative,
    lazy: async () => ({ Component: (await import('./initiative-new-page')).InitiativeNewPage }),
  },
  {
    path: routePatterns.initiative,
    lazy: async () => ({ Component: (await import('./initiative-page')).InitiativePage }),
  },
  {
    path: routePatterns.editInitiative,
    lazy: async () => ({ Component: (await import('./initiative-edit-page')).InitiativeEditPage }),
  },
];
