// The epic screens' routes (workspace list, account list, page, new, edit), mounted by the app
// router inside the signed-in layout. Each screen is its own lazy chunk, so the lists do not
// download the form; each route's loader starts the screen's queries (the same options the screen
// reads, from src/api/route-queries.ts) while the chunk downloads.
import type { RouteObject } from 'react-router-dom';
import { accountQueries } from '../../api/account';
import { epicQueries } from '../../api/epics';
import { loadQuery, warmQuery, type LoaderContext } from '../../api/load';
import { allEpicsQuery, epicListQuery, releaseChoicesQuery, warmLayouts } from '../../api/route-queries';
import { routePatterns } from '../../ui/paths';
import { recordScreens, type ScreenRequest } from '../../ui/record-screens';

/** The form's and the page's queries: their module is not in the lists' first load. */
const formQueries = () => import('../../api/work-item-route-queries');

export function epicRoutes({ queryClient, requireSession }: LoaderContext): RouteObject[] {
  const epicPage =
    (withForm: boolean) =>
    async ({ params }: ScreenRequest) => {
      const [epic, warm] = await Promise.all([loadQuery(queryClient, epicQueries.detail(params.epicId ?? '')), formQueries()]);
      if (!epic) return;
      if (withForm) await warm.warmEpicForm(queryClient, epic.product_id);
      else
        await Promise.all([
          // The feature table shows the same roll-up as the epic's bar: both come fresh or neither waits.
          loadQuery(queryClient, warm.epicFeaturesQuery(epic.id)),
          // The page's facts are drawn from the Epic layout.
          warmLayouts(queryClient, epic.product_id),
        ]);
    };

  return recordScreens(requireSession, [
    {
      path: routePatterns.epics,
      load: ({ productId, search }) =>
        Promise.all([
          loadQuery(queryClient, epicListQuery(productId, search)),
          warmQuery(queryClient, accountQueries.workflows(productId)),
          warmQuery(queryClient, accountQueries.users()),
          warmQuery(queryClient, releaseChoicesQuery(productId)),
          warmQuery(queryClient, epicQueries.customFields({ product: productId })),
        ]),
      screen: async () => (await import('./epic-list-page')).EpicListPage,
    },
    {
      path: routePatterns.allEpics,
      load: ({ search }) =>
        Promise.all([
          loadQuery(queryClient, allEpicsQuery(search)),
          warmQuery(queryClient, accountQueries.products()),
          warmQuery(queryClient, epicQueries.customFields({ all: true })),
        ]),
      screen: async () => (await import('./all-epics-page')).AllEpicsPage,
    },
    {
      path: routePatterns.newEpic,
      load: async ({ productId }) => (await formQueries()).warmEpicForm(queryClient, productId),
      screen: async () => (await import('./epic-new-page')).EpicNewPage,
    },
    {
      path: routePatterns.epic,
      load: epicPage(false),
      screen: async () => (await import('./epic-page')).EpicPage,
    },
    {
      path: routePatterns.editEpic,
      load: epicPage(true),
      screen: async () => (await import('./epic-edit-page')).EpicEditPage,
    },
  ]);
}
