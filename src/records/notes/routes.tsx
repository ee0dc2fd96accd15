// The notes screen's routes (a workspace's notes, and one note beside the tree), mounted by the app
// router inside the signed-in layout. The loader starts the tree, the note, the workflows (the
// status choices) and the workspace's layouts (how a note is made, what it shows) while the
// screen's chunk downloads. A note's own address (`/pages/<key>`, the `url` the service answers for
// it) leads to it in its workspace.
import { redirect, type RouteObject } from 'react-router-dom';
import { accountQueries } from '../../api/account';
import { loadQuery, warmQuery, type LoaderContext } from '../../api/load';
import { noteQueries } from '../../api/notes';
import { warmLayouts } from '../../api/route-queries';
import { paths, routePatterns } from '../../ui/paths';
import { recordScreens } from '../../ui/record-screens';

export function noteRoutes({ queryClient, requireSession }: LoaderContext): RouteObject[] {
  const screen = async () => (await import('./notes-page')).NotesPage;
  const permalink: RouteObject = {
    path: routePatterns.notePermalink,
    loader: async ({ request, params }) => {
      requireSession(request);
      const note = await queryClient.fetchQuery(noteQueries.detail(params.noteKey ?? ''));
      return redirect(paths.note(note.product_id, note.reference_num));
    },
  };
  return [
    permalink,
    ...recordScreens(requireSession, [
      {
        path: routePatterns.notes,
        load: ({ productId }) => Promise.all([loadQuery(queryClient, noteQueries.tree(productId)), warmLayouts(queryClient, productId)]),
        screen,
      },
      {
        path: routePatterns.note,
        load: ({ productId, params }) =>
          Promise.all([
            loadQuery(queryClient, noteQueries.tree(productId)),
            loadQuery(queryClient, noteQueries.detail(params.noteKey ?? '')),
            warmQuery(queryClient, accountQueries.workflows(productId)),
            warmLayouts(queryClient, productId),
          ]),
        screen,
      },
    ]),
  ];
}
