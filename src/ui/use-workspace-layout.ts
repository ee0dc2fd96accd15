// The workspace's layout of one kind, as forms and record pages read it. Every signed-in user reads
// it (`layoutQueries.workspace`, warmed by the routes), and a form waits for it so it is drawn once,
// as the layout says. A failed read is not a broken form: the kind's built-in layout (what the forms
// showed before layouts) stands in, and the service still checks what the layout requires.
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { builtInLayout, layoutOf, layoutQueries } from '../api/layouts';
import type { ScreenLayout, ScreenableType } from '../contract/layouts';

export interface WorkspaceLayout {
  /** Undefined only while the first read is under way. */
  layout: ScreenLayout | undefined;
  /** The read, for a form's choices (`isFetching`) or a retry. */
  query: UseQueryResult<ScreenLayout[]>;
}

export function useWorkspaceLayout(productId: string | undefined, type: ScreenableType): WorkspaceLayout {
  const query = useQuery({ ...layoutQueries.workspace(productId ?? ''), enabled: Boolean(productId) });
  const layout = query.data ? layoutOf(query.data, type) : query.isError ? builtInLayout(type) : undefined;
  return { layout, query };
}

/** A page's layout: the workspace's, or the built-in one until it has arrived (the route warms it). */
export function usePageLayout(productId: string | undefined, type: ScreenableType): ScreenLayout {
  return useWorkspaceLayout(productId, type).layout ?? builtInLayout(type);
}
