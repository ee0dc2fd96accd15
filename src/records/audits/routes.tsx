// The audit screens' routes: the historical audit search (administrators), mounted by the app
// router inside the signed-in layout. Its loader starts who is signed in (the screen is for
// administrators) and the people the form offers.
import type { RouteObject } from 'react-router-dom';
import { accountQueries } from '../../api/account';
import { loadQuery, warmQuery, type LoaderContext } from '../../api/load';
import { routePatterns } from '../../ui/paths';
import { recordScreens } from '../../ui/record-screens';

export function auditRoutes({ queryClient, requireSession }: LoaderContext): RouteObject[] {
  return recordScreens(requireSession, [
    {
      path: routePatterns.auditSearch,
      load: () => Promise.all([loadQuery(queryClient, accountQueries.me()), warmQuery(queryClient, accountQueries.users())]),
      screen: async () => (await import('./audit-search-page')).AuditSearchPage,
    },
  ]);
}
