// The initiative screens' routes (tree, new, page, edit), mounted by the app router inside the
// signed-in layout. Each screen is its own lazy chunk, so the tree does not download the form; each
// route's loader starts the screen's queries (the same options the screen reads) while it downloads.
import type { LoaderFunctionArgs, RouteObject } from 'react-router-dom';
import { accountQueries } from '../../api/account';
import { initiativeQueries } from '../../api/initiatives';
import { loadQuery, warmQuery, type LoaderContext } from '../../api/load';
import { warmInitiativeForm, warmInitiativePage } from '../../api/route-queries';
import { routePatterns } from '../../ui/paths';

export function initiativeRoutes({ queryClient, requireSession }: LoaderContext): RouteObject[] {
  const initiativePage = (withForm: boolean) =>
    async function loader({ request, params }: LoaderFunctionArgs) {
      requireSession(request);
      const initiative = await loadQuery(queryClient, initiativeQueries.detail(params.initiativeId ?? ''));
      if (initiative) {
        await (withForm ? warmInitiativeForm(queryClient, initiative.product_id) : warmInitiativePage(queryClient, initiative));
      }
      return null;
    };

  return [
    {
      path: routePatterns.initiatives,
      loader: async ({ request, params }) => {
        requireSession(request);
        const productId = params.productId ?? '';
        await Promise.all([
          loadQuery(queryClient, initiativeQueries.tree(productId)),
          warmQuery(queryClient, accountQueries.workflows(productId)),
          warmQuery(queryClient, accountQueries.products()),
        ]);
        return null;
      },
      lazy: async () => ({ Component: (await import('./initiative-tree-page')).InitiativeTreePage }),
    },
    {
      path: routePatterns.newInitiative,
      loader: async ({ request, params }) => {
        requireSession(request);
        await warmInitiativeForm(queryClient, params.productId ?? '');
        return null;
      },
      lazy: async () => ({ Component: (await import('./initiative-new-page')).InitiativeNewPage }),
    },
    {
      path: routePatterns.initiative,
      loader: initiativePage(false),
      lazy: async () => ({ Component: (await import('./initiative-page')).InitiativePage }),
    },
    {
      path: routePatterns.editInitiative,
      loader: initiativePage(true),
      lazy: async () => ({ Component: (await import('./initiative-edit-page')).InitiativeEditPage }),
    },
  ];
}
