// The custom layouts' routes (administrators), mounted by the app router inside the signed-in
// layout: the list grouped by kind, a new layout, and one layout in the editor. Each loader asks
// who is signed in first: a member's screen says the layouts are for administrators and asks the
// service nothing it would refuse.
import type { RouteObject } from 'react-router-dom';
import { accountQueries } from '../../api/account';
import { customFieldDefinitionQueries } from '../../api/custom-field-definitions';
import { layoutQueries } from '../../api/layouts';
import { loadQuery, warmQuery, type LoaderContext } from '../../api/load';
import { CUSTOM_FIELD_RECORD_TYPE } from '../../contract/layouts';
import { routePatterns } from '../../ui/paths';
import { recordScreens } from '../../ui/record-screens';

export function layoutRoutes({ queryClient, requireSession }: LoaderContext): RouteObject[] {
  const isAdministrator = async () => (await loadQuery(queryClient, accountQueries.me()))?.administrator === true;
  return recordScreens(requireSession, [
    {
      path: routePatterns.layouts,
      load: async () => {
        if (await isAdministrator())
          await Promise.all([loadQuery(queryClient, layoutQueries.list()), warmQuery(queryClient, accountQueries.products())]);
      },
      screen: async () => (await import('./layouts-page')).LayoutsPage,
    },
    {
      path: routePatterns.newLayout,
      load: async () => {
        if (await isAdministrator()) await warmQuery(queryClient, layoutQueries.list());
      },
      screen: async () => (await import('./new-layout-page')).NewLayoutPage,
    },
    {
      path: routePatterns.layout,
      load: async ({ params }) => {
        if (!(await isAdministrator())) return;
        const id = params.layoutId ?? '';
        const [layout] = await Promise.all([
          loadQuery(queryClient, layoutQueries.detail(id)),
          warmQuery(queryClient, accountQueries.products()),
          warmQuery(queryClient, layoutQueries.list()),
        ]);
        if (layout) await warmQuery(queryClient, customFieldDefinitionQueries.account(CUSTOM_FIELD_RECORD_TYPE[layout.screenable_type]));
      },
      screen: async () => (await import('./layout-editor-page')).LayoutEditorPage,
    },
  ]);
}
