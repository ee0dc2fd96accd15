// The epic screens' routes (workspace list, account list, page, new, edit), mounted by the app
// router inside the signed-in layout. Each screen is its own lazy chunk, so the lists do not
// download the form.
import type { RouteObject } from 'react-router-dom';
import { routePatterns } from '../../ui/paths';

export const epicRoutes: RouteObject[] = [
  {
    path: routePatterns.epics,
    lazy: async () => ({ Component: (await import('./epic-list-page')).EpicListPage }),
  },
  {
    path: routePatterns.allEpics,
    lazy: async () => ({ Component: (await import('./all-epics-page')).AllEpicsPage }),
  },
  {
    path: routePatterns.newEpic,
    lazy: async () => ({ Component: (await import('./epic-new-page')).EpicNewPage }),
  },
  {
    path: routePatterns.epic,
    lazy: async () => ({ Component: (await import('./epic-page')).EpicPage }),
  },
  {
    path: routePatterns.editEpic,
    lazy: async () => ({ Component: (await import('./epic-edit-page')).EpicEditPage }),
  },
];
