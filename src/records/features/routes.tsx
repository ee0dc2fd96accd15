// The feature screens' routes (list, board, page, new, edit), mounted by the app router inside the
// signed-in layout. Each screen is its own lazy chunk, so the list does not download the form; each
// route's loader starts the screen's queries (the same options the screen reads, from
// src/api/route-queries.ts, and for the form and the page src/api/work-item-route-queries.ts, itself
// fetched beside the screen's chunk) while the chunk downloads.
import type { RouteObject } from 'react-router-dom';
import { accountQueries } from '../../api/account';
import { featureQueries } from '../../api/features';
import { loadQuery, warmQuery, type LoaderContext } from '../../api/load';
import { featureBoardQuery, featureListQuery, releaseChoicesQuery } from '../../api/route-queries';
import { routePatterns } from '../../ui/paths';
import { recordScreens, type ScreenRequest } from '../../ui/record-screens';

/** The form's and the page's queries: their module is not in the lists' first load. */
const formQueries = () => import('../../api/work-item-route-queries');

export function featureRoutes({ queryClient, requireSession }: LoaderContext): RouteObject[] {
  /** The list and the board: their features first; statuses, people and releases for the filters. */
  const workspaceLists =
    (query: typeof featureListQuery) =>
    ({ productId, search }: ScreenRequest) =>
      Promise.all([
        loadQuery(queryClient, query(productId, search)),
        warmQuery(queryClient, accountQueries.workflows(productId)),
        warmQuery(queryClient, accountQueries.users()),
        warmQuery(queryClient, releaseChoicesQuery(productId)),
      ]);

  const featurePage =
    (withForm: boolean) =>
    async ({ params }: ScreenRequest) => {
      const [feature, warm] = await Promise.all([loadQuery(queryClient, featureQueries.detail(params.featureId ?? '')), formQueries()]);
      if (feature) await (withForm ? warm.warmFeatureForm(queryClient, feature.product_id) : warm.warmFeaturePage(queryClient, feature));
    };

  return recordScreens(requireSession, [
    {
      path: routePatterns.features,
      load: workspaceLists(featureListQuery),
      screen: async () => (await import('./feature-list-page')).FeatureListPage,
    },
    {
      path: routePatterns.featureBoard,
      load: workspaceLists(featureBoardQuery),
      screen: async () => (await import('./feature-board-page')).FeatureBoardPage,
    },
    {
      path: routePatterns.newFeature,
      load: async ({ productId }) => (await formQueries()).warmFeatureForm(queryClient, productId),
      screen: async () => (await import('./feature-new-page')).FeatureNewPage,
    },
    {
      path: routePatterns.feature,
      load: featurePage(false),
      screen: async () => (await import('./feature-page')).FeaturePage,
    },
    {
      path: routePatterns.editFeature,
      load: featurePage(true),
      screen: async () => (await import('./feature-edit-page')).FeatureEditPage,
    },
  ]);
}
