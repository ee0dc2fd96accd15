// The initiative screens' routes (tree, new, page, edit), mounted by the app router inside the
// signed-in layout. Each screen is its own lazy chunk, so the tree does not download the form; each
// route's loader starts the screen's queries (the same options the screen reads) while it downloads.
import type { RouteObject } from 'react-router-dom';
import { accountQueries } from '../../api/account';
import { initiativeQueries } from '../../api/initiatives';
import { loadQuery, warmQuery, type LoaderContext } from '../../api/load';
import { warmInitiativeForm, warmInitiativePage } from '../../api/route-queries';
import { routePatterns } from '../../ui/paths';
import { recordScreens, type ScreenRequest } from '../../ui/record-screens';

export function initiativeRoutes({ queryClient, requireSession }: LoaderContext): RouteObject[] {
  const initiativePage =
    (withForm: boolean) =>
    async ({ params }: ScreenRequest) => {
      const initiative = await loadQuery(queryClient, initiativeQueries.detail(params.initiativeId ?? ''));
      if (initiative) {
        await (withForm ? warmInitiativeForm(queryClient, initiative.product_id) : warmInitiativePage(queryClient, initiative));
      }
    };

  return recordScreens(requireSession, [
    {
      path: routePatterns.initiatives,
      load: ({ productId }) =>
        Promise.all([
          loadQuery(queryClient, initiativeQueries.tree(productId)),
          warmQuery(queryClient, accountQueries.workflows(productId)),
          warmQuery(queryClient, accountQueries.products()),
        ]),
      screen: async () => (await import('./initiative-tree-page')).InitiativeTreePage,
    },
    {
      path: routePatterns.newInitiative,
      load: ({ productId }) => warmInitiativeForm(queryClient, productId),
      screen: async () => (await import('./initiative-new-page')).InitiativeNewPage,
    },
    {
      path: routePatterns.initiative,
      load: initiativePage(false),
      screen: async () => (await import('./initiative-page')).InitiativePage,
    },
    {
      path: routePatterns.editInitiative,
      load: initiativePage(true),
      screen: async () => (await import('./initiative-edit-page')).InitiativeEditPage,
    },
  ]);
}
