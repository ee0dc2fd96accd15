// The feature screens' routes (list, board, page, new, edit), mounted by the app router inside the
// signed-in layout. Each screen is its own lazy chunk, so the list does not download the form; each
// route's loader starts the screen's queries (the same options the screen reads, from
// src/api/route-queries.ts) while the chunk downloads.
import type { LoaderFunctionArgs, RouteObject } from 'react-router-dom';
import { accountQueries } from '../../api/account';
import { featureQueries } from '../../api/features';
import { loadQuery, warmQuery, type LoaderContext } from '../../api/load';
import {
  featureBoardQuery,
  featureListQuery,
  releaseChoicesQuery,
  warmFeatureForm,
  warmFeaturePage,
} from '../../api/route-queries';
import { routePatterns } from '../../ui/paths';

export function featureRoutes({ queryClient, requireSession }: LoaderContext): RouteObject[] {
  /** The list and the board: their features first; statuses, people and releases for the filters. */
  const workspaceLists = (query: typeof featureListQuery) =>
    async function loader({ request, params }: LoaderFunctionArgs) {
      requireSession(request);
      const productId = params.productId ?? '';
      await Promise.all([
        loadQuery(queryClient, query(productId, new URL(request.url).searchParams)),
        warmQuery(queryClient, accountQueries.workflows(productId)),
        warmQuery(queryClient, accountQueries.users()),
        warmQuery(queryClient, releaseChoicesQuery(productId)),
      ]);
      return null;
    };

  const featurePage = (withForm: boolean) =>
    async function loader({ request, params }: LoaderFunctionArgs) {
      requireSession(request);
      const feature = await loadQuery(queryClient, featureQueries.detail(params.featureId ?? ''));
      if (feature) await (withForm ? warmFeatureForm(queryClient, feature.product_id) : warmFeaturePage(queryClient, feature));
      return null;
    };

  return [
    {
      path: routePatterns.features,
      loader: workspaceLists(featureListQuery),
      lazy: async () => ({ Component: (await import('./feature-list-page')).FeatureListPage }),
    },
    {
      path: routePatterns.featureBoard,
      loader: workspaceLists(featureBoardQuery),
      lazy: async () => ({ Component: (await import('./feature-board-page')).FeatureBoardPage }),
    },
    {
      path: routePatterns.newFeature,
      loader: async ({ request, params }) => {
        requireSession(request);
        await warmFeatureForm(queryClient, params.productId ?? '');
        return null;
      },
      lazy: async () => ({ Component: (await import('./feature-new-page')).FeatureNewPage }),
    },
    {
      path: routePatterns.feature,
      loader: featurePage(false),
      lazy: async () => ({ Component: (await import('./feature-page')).FeaturePage }),
    },
    {
      path: routePatterns.editFeature,
      loader: featurePage(true),
      lazy: async () => ({ Component: (await import('./feature-edit-page')).FeatureEditPage }),
    },
  ];
}
