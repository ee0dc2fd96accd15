// The data router: sign-in outside, everything else inside the signed-in layout. Each screen is a
// lazy route (its own chunk) with a loader that starts its queries before it renders; the record
// folders' tables, discovered on first visit of one of their paths (record-kinds.ts), get the app's
// QueryClient and session guard from here (records never import app).
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { Loading } from '../ui/loading';
import { routePatterns } from '../ui/paths';
import { requireSession } from './guard';
import { AppLayout, layoutLoader } from './layout';
import { queryClient } from './query-client';
import { discoverRecordRoutes } from './record-kinds';
import { RouteError } from './route-error';

/** What the record folders' route tables load with. */
const loading = { queryClient, requireSession };

/** The route the screens hang under, record kinds' screens included. */
const SCREENS = 'screens';

export const routes: RouteObject[] = [
  {
    path: routePatterns.signIn,
    lazy: () => import('./routes/sign-in'),
    errorElement: <RouteError />,
    hydrateFallbackElement: <FullPageLoading />,
  },
  {
    id: 'app',
    path: '/',
    element: <AppLayout />,
    loader: layoutLoader,
    errorElement: <RouteError />,
    hydrateFallbackElement: <FullPageLoading />,
    children: [
      {
        // Errors of a screen render inside the layout, so navigation stays usable. The record
        // kinds' screens are patched in here on first visit (record-kinds.ts).
        id: SCREENS,
        errorElement: <RouteError />,
        children: [
          { index: true, lazy: () => import('./routes/home') },
          { path: routePatterns.releases, lazy: () => import('./routes/releases-list') },
          { path: routePatterns.newRelease, lazy: () => import('./routes/release-new') },
          { path: routePatterns.release, lazy: () => import('./routes/release-page') },
          { path: routePatterns.editRelease, lazy: () => import('./routes/release-edit') },
          { path: routePatterns.roadmap, lazy: () => import('./routes/roadmap') },
          { path: '/api-reference', lazy: () => import('./routes/api-reference') },
          { path: '*', lazy: () => import('./routes/not-found') },
        ],
      },
    ],
  },
];

function FullPageLoading() {
  return (
    <div className="auth-page">
      <Loading label="Loading Planner…" />
    </div>
  );
}

export const router = createBrowserRouter(routes, {
  patchRoutesOnNavigation: discoverRecordRoutes(SCREENS, loading),
});
