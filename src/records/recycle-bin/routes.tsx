// The recycle bin's route, mounted by the app router inside the signed-in layout: its own lazy chunk,
// and a loader that starts the list the address asks for (and who may purge, and the people to
// filter by) while the chunk downloads.
import type { RouteObject } from 'react-router-dom';
import { accountQueries } from '../../api/account';
import { loadQuery, warmQuery, type LoaderContext } from '../../api/load';
import { routePatterns } from '../../ui/paths';
import { recordScreens } from '../../ui/record-screens';
import { binListQuery } from './bin-params';

export function recycleBinRoutes({ queryClient, requireSession }: LoaderContext): RouteObject[] {
  return recordScreens(requireSession, [
    {
      path: routePatterns.recycleBin,
      load: ({ productId, search }) =>
        Promise.all([
          loadQuery(queryClient, binListQuery(productId, search)),
          warmQuery(queryClient, accountQueries.me()),
          warmQuery(queryClient, accountQueries.users()),
        ]),
      screen: async () => (await import('./recycle-bin-page')).RecycleBinPage,
    },
  ]);
}
