// A record kind's route table as declarations: each screen is a path, its lazy chunk and what its
// loader starts. The factory adds what every screen's route does alike (the session guard, the
// params and query read from the request, the lazy component), so a records folder's routes list
// its screens and the queries they need, and a new kind is a few declarations.
import type { ComponentType } from 'react';
import type { Params, RouteObject } from 'react-router-dom';
import type { LoaderContext } from '../api/load';

/** What a screen's loader reads from the request. */
export interface ScreenRequest {
  params: Params;
  /** The `:productId` of a workspace screen; '' where the path has none. */
  productId: string;
  /** The URL's query: a list screen's filters, sort and page. */
  search: URLSearchParams;
}

export interface RecordScreen {
  path: string;
  /** Starts the screen's queries (loadQuery / warmQuery); the route waits for what it returns. */
  load: (request: ScreenRequest) => Promise<unknown>;
  /** The screen's component, imported lazily so each screen is its own chunk. */
  screen: () => Promise<ComponentType>;
}

/** The routes of a kind's screens, each behind the session guard. */
export function recordScreens(
  requireSession: LoaderContext['requireSession'],
  screens: readonly RecordScreen[],
): RouteObject[] {
  return screens.map(
    ({ path, load, screen }): RouteObject => ({
      path,
      loader: async ({ request, params }) => {
        requireSession(request);
        await load({ params, productId: params.productId ?? '', search: new URL(request.url).searchParams });
        return null;
      },
      lazy: async () => ({ Component: await screen() }),
    }),
  );
}
