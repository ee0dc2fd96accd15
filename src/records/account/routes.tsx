// The signed-in person's account screen, mounted by the app router inside the signed-in layout: who
// they are, what their role lets them do, and their workspaces (both read by the layout already).
import type { RouteObject } from 'react-router-dom';
import { accountQueries } from '../../api/account';
import { loadQuery, warmQuery, type LoaderContext } from '../../api/load';
import { routePatterns } from '../../ui/paths';
import { recordScreens } from '../../ui/record-screens';

export function accountRoutes({ queryClient, requireSession }: LoaderContext): RouteObject[] {
  return recordScreens(requireSession, [
    {
      path: routePatterns.account,
      load: () => Promise.all([loadQuery(queryClient, accountQueries.me()), warmQuery(queryClient, accountQueries.products())]),
      screen: async () => (await import('./account-page')).AccountPage,
    },
  ]);
}
