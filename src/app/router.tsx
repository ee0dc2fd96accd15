// The data router: sign-in outside, everything else inside the signed-in layout. Each screen is a
// lazy route (its own chunk) with a loader that starts its queries before it renders; the record
// folders' tables get the app's QueryClient and session guard from here (records never import app).
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { epicRoutes } from '../records/epics/routes';
import { featureRoutes } from '../records/features/routes';
import { goalRoutes } from '../records/goals/routes';
import { initiativeRoutes } from '../records/initiatives/routes';
import { Loading } from '../ui/loading';
import { routePatterns } from '../ui/paths';
import { requireSession } from './guard';
import { AppLayout, layoutLoader } from './layout';
import { queryClient } from './query-client';
import { RouteError } from './route-error';

/** What the record folders' route tables load with. */
const loading = { queryClient, requireSession };

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
        // Errors of a screen render inside the layout, so navigation stays usable.
        errorElement: <RouteError />,
        children: [
          { index: true, lazy: () => import('./routes/home') },
          { path: routePatterns.releases, lazy: () => import('./routes/releases-list') },
          { path: routePatterns.newRelease, lazy: () => import('./routes/release-new') },
          { path: routePatterns.release, lazy: () => import('./routes/release-page') },
          { path: routePatterns.editRelease, lazy: () => import('./routes/release-edit') },
          ...featureRoutes(loading),
          ...epicRoutes(loading),
          ...initiativeRoutes(loading),
          ...goalRoutes(loading),
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

export const router = createBrowserRouter(routes);
