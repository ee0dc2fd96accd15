// What the ideas and portal screens read, built from their address as ./route-queries does for the
// planning screens. Apart from it so that the ideas modules stay out of the planning screens' first
// load (the JavaScript budget of e2e/first-load.spec.ts).
import type { QueryClient } from '@tanstack/react-query';
import { accountQueries } from './account';
import {
  IDEA_BOARD_FIELDS,
  IDEA_LIST_FIELDS,
  ideaQueries,
  portalQueries,
  type IdeaListFilters,
  type IdeaSort,
  type PortalUserFilters,
} from './ideas';
import { warmQuery } from './load';
import { pageParam, param, warmLayouts } from './route-queries';

export const IDEAS_PER_PAGE = 50;
export const PORTAL_USERS_PER_PAGE = 25;

function ideaSortParam(search: URLSearchParams): IdeaSort | undefined {
  const sort = search.get('sort');
  return sort === 'trending' || sort === 'popular' ? sort : undefined;
}

/** `/w/:productId/ideas?q&status&assignee&tag&spam&sort&page`; `spam=1` is the spam folder. */
export function ideaListFilters(search: URLSearchParams): IdeaListFilters {
  return {
    page: pageParam(search),
    perPage: IDEAS_PER_PAGE,
    q: param(search, 'q'),
    tag: param(search, 'tag'),
    assignedToUser: param(search, 'assignee'),
    workflowStatus: param(search, 'status'),
    spam: search.get('spam') === '1' ? true : undefined,
    sort: ideaSortParam(search),
    fields: IDEA_LIST_FIELDS,
  };
}

export const ideaListQuery = (productId: string, search: URLSearchParams) => ideaQueries.list(productId, ideaListFilters(search));

/** The ideas board shows up to the service's largest page, most votes first; `?q=` narrows it. */
export const IDEA_BOARD_LIMIT = 200;

/** `/w/:productId/ideas/board?q`: the board's cards. */
export const ideaBoardQuery = (productId: string, search: URLSearchParams) =>
  ideaQueries.list(productId, { perPage: IDEA_BOARD_LIMIT, q: param(search, 'q'), sort: 'popular', fields: IDEA_BOARD_FIELDS });

/** What the idea form offers to choose from, and the workspace's layouts it is drawn from. */
export async function warmIdeaForm(queryClient: QueryClient, productId: string): Promise<void> {
  await Promise.all([
    warmQuery(queryClient, accountQueries.workflows(productId)),
    warmQuery(queryClient, accountQueries.users()),
    warmQuery(queryClient, ideaQueries.categories(productId)),
    warmQuery(queryClient, portalQueries.list(productId)),
    warmLayouts(queryClient, productId),
  ]);
}

/** `/idea_portals/:portalId/users?q&enabled&employee&page` (`yes`/`no` for the two flags). */
export function portalUserFilters(search: URLSearchParams): PortalUserFilters {
  const yesNo = (name: string) => (search.get(name) === 'yes' ? true : search.get(name) === 'no' ? false : undefined);
  return {
    page: pageParam(search),
    perPage: PORTAL_USERS_PER_PAGE,
    q: param(search, 'q'),
    enabled: yesNo('enabled'),
    employee: yesNo('employee'),
  };
}

export const portalUsersQuery = (portalId: string, search: URLSearchParams) => portalQueries.users(portalId, portalUserFilters(search));
