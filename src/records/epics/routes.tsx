// The epic screens' routes (workspace list, account list, page, new, edit), mounted by the app
// router inside the signed-in layout. Each screen is its own lazy chunk, so the lists do not
// download the form; each route's loader starts the screen's queries (the same options the screen
// reads, from src/api/route-queries.ts) while the chunk downloads.
import type { LoaderFunctionArgs, RouteObject } from 'react-router-dom';
import { accountQueries } from '../../api/account';
import { epicQueries } from '../../api/epics';
import { loadQuery, warmQuery, type LoaderContext } from '../../api/load';
import { allEpicsQuery, epicFeaturesQuery, epicListQuery, releaseChoicesQuery, warmEpicForm } from '../../api/route-queries';
import { routePatterns } from '../../ui/paths';

export function epicRoutes({ queryClient, requireSession }: LoaderContext): RouteObject[] {
  const epicPage = (withForm: boolean) =>
    async function loader({ request, params }: LoaderFunctionArgs) {
      requireSession(request);
      const epic = await loadQuery(queryClient, epicQueries.detail(params.epicId ?? ''));
      if (!epic) return null;
      if (withForm) await warmEpicForm(queryClient, epic.product_id);
      // The feature table shows the same roll-up as the epic's bar: both come fresh or neither waits.
      else await loadQuery(queryClient, epicFeaturesQuery(epic.id));
      return null;
    };

  return [
    {
      path: routePatterns.epics,
      loader: async ({ request, params }) => {
        requireSession(request);
        const productId = params.productId ?? '';
        await Promise.all([
          loadQuery(queryClient, epicListQuery(productId, new URL(request.url).searchParams)),
          warmQuery(queryClient, accountQueries.workflows(productId)),
          warmQuery(queryClient, accountQueries.users()),
          warmQuery(queryClient, releaseChoicesQuery(productId)),
          warmQuery(queryClient, epicQueries.customFields({ product: productId })),
        ]);
        return null;
      },
      lazy: async () => ({ Component: (await import('./epic-list-page')).EpicListPage }),
    },
    {
      path: routePatterns.allEpics,
      loader: async ({ request }) => {
        requireSession(request);
        await Promise.all([
          loadQuery(queryClient, allEpicsQuery(new URL(request.url).searchParams)),
          warmQuery(queryClient, accountQueries.products()),
          warmQuery(queryClient, epicQueries.customFields({ all: true })),
        ]);
        return null;
      },
      lazy: async () => ({ Component: (await import('./all-epics-page')).AllEpicsPage }),
    },
    {
      path: routePatterns.newEpic,
      loader: async ({ request, params }) => {
        requireSession(request);
        await warmEpicForm(queryClient, params.productId ?? '');
        return null;
      },
      lazy: async () => ({ Component: (await import('./epic-new-page')).EpicNewPage }),
    },
    {
      path: routePatterns.epic,
      loader: epicPage(false),
      lazy: async () => ({ Component: (await import('./epic-page')).EpicPage }),
    },
    {
      path: routePatterns.editEpic,
      loader: epicPage(true),
      lazy: async () => ({ Component: (await import('./epic-edit-page')).EpicEditPage }),
    },
  ];
}
