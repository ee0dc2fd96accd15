// The idea screens' routes (workspace list and board, page, new, edit), mounted by the app router inside the
// signed-in layout. Each screen is its own lazy chunk; each loader starts the screen's queries (the
// same options the screen reads, from src/api/route-queries.ts) while the chunk downloads.
import type { RouteObject } from 'react-router-dom';
import { accountQueries } from '../../api/account';
import { ideaQueries, portalQueries } from '../../api/ideas';
import { loadQuery, warmQuery, type LoaderContext } from '../../api/load';
import { ideaBoardQuery, ideaListQuery, warmIdeaForm } from '../../api/idea-route-queries';
import { warmLayouts } from '../../api/route-queries';
import { routePatterns } from '../../ui/paths';
import { recordScreens, type ScreenRequest } from '../../ui/record-screens';

export function ideaRoutes({ queryClient, requireSession }: LoaderContext): RouteObject[] {
  const ideaPage =
    (withForm: boolean) =>
    async ({ params }: ScreenRequest) => {
      const idea = await loadQuery(queryClient, ideaQueries.detail(params.ideaId ?? ''));
      if (!idea) return;
      if (withForm) await warmIdeaForm(queryClient, idea.product_id);
      else
        await Promise.all([
          warmQuery(queryClient, portalQueries.list(idea.product_id)),
          // The page's facts are drawn from the workspace's Idea layout.
          warmLayouts(queryClient, idea.product_id),
        ]);
    };

  return recordScreens(requireSession, [
    {
      path: routePatterns.ideas,
      load: ({ productId, search }) =>
        Promise.all([
          loadQuery(queryClient, ideaListQuery(productId, search)),
          warmQuery(queryClient, accountQueries.workflows(productId)),
          warmQuery(queryClient, accountQueries.users()),
        ]),
      screen: async () => (await import('./idea-list-page')).IdeaListPage,
    },
    {
      path: routePatterns.ideaBoard,
      load: ({ productId, search }) =>
        Promise.all([
          loadQuery(queryClient, ideaBoardQuery(productId, search)),
          loadQuery(queryClient, accountQueries.workflows(productId)),
        ]),
      screen: async () => (await import('./idea-board-page')).IdeaBoardPage,
    },
    {
      path: routePatterns.newIdea,
      load: ({ productId }) => warmIdeaForm(queryClient, productId),
      screen: async () => (await import('./idea-new-page')).IdeaNewPage,
    },
    {
      path: routePatterns.idea,
      load: ideaPage(false),
      screen: async () => (await import('./idea-page')).IdeaPage,
    },
    {
      path: routePatterns.editIdea,
      load: ideaPage(true),
      screen: async () => (await import('./idea-edit-page')).IdeaEditPage,
    },
  ]);
}
