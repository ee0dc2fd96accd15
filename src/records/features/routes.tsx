// The feature screens' routes (list, board, page, new, edit), mounted by the app router inside the
// signed-in layout. Each screen is its own lazy chunk, so the list does not download the form.
import type { RouteObject } from 'react-router-dom';
import { routePatterns } from '../../ui/paths';

export const featureRoutes: RouteObject[] = [
  {
    path: routePatterns.features,
    lazy: async () => ({ Component: (await import('./feature-list-page')).FeatureListPage }),
  },
  {
    path: routePatterns.featureBoard,
    lazy: async () => ({ Component: (await import('./feature-board-page')).FeatureBoardPage }),
  },
  {
    path: routePatterns.newFeature,
    lazy: async () => ({ Component: (await import('./feature-new-page')).FeatureNewPage }),
  },
  {
    path: routePatterns.feature,
    lazy: async () => ({ Component: (await import('./feature-page')).FeaturePage }),
  },
  {
    path: routePatterns.editFeature,
    lazy: async () => ({ Component: (await import('./feature-edit-page')).FeatureEditPage }),
  },
];
