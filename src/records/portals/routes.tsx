// The idea portal screens' routes: a workspace's portals, and one portal's users (the admin's table).
import type { RouteObject } from 'react-router-dom';
import { portalQueries } from '../../api/ideas';
import { loadQuery, warmQuery, type LoaderContext } from '../../api/load';
import { portalUsersQuery } from '../../api/idea-route-queries';
import { routePatterns } from '../../ui/paths';
import { recordScreens } from '../../ui/record-screens';

export function portalRoutes({ queryClient, requireSession }: LoaderContext): RouteObject[] {
  return recordScreens(requireSession, [
    {
      path: routePatterns.portals,
      load: ({ productId }) => loadQuery(queryClient, portalQueries.list(productId)),
      screen: async () => (await import('./portal-list-page')).PortalListPage,
    },
    {
      path: routePatterns.portalUsers,
      load: ({ params, search }) =>
        Promise.all([
          loadQuery(queryClient, portalUsersQuery(params.portalId ?? '', search)),
          warmQuery(queryClient, portalQueries.detail(params.portalId ?? '')),
        ]),
      screen: async () => (await import('./portal-users-page')).PortalUsersPage,
    },
  ]);
}
