// Every in-app href comes from here, so a route can move without hunting for string literals.
// `routePatterns` are the router's patterns; `paths` builds concrete hrefs from ids.

export const routePatterns = {
  signIn: '/sign-in',
  home: '/',
  releases: '/w/:productId/releases',
  newRelease: '/w/:productId/releases/new',
  release: '/releases/:releaseId',
  editRelease: '/releases/:releaseId/edit',
  features: '/w/:productId/features',
  featureBoard: '/w/:productId/board',
  newFeature: '/w/:productId/features/new',
  feature: '/features/:featureId',
  editFeature: '/features/:featureId/edit',
  epics: '/w/:productId/epics',
  allEpics: '/epics',
  newEpic: '/w/:productId/epics/new',
  epic: '/epics/:epicId',
  editEpic: '/epics/:epicId/edit',
  initiatives: '/w/:productId/initiatives',
  newInitiative: '/w/:productId/initiatives/new',
  initiative: '/initiatives/:initiativeId',
  editInitiative: '/initiatives/:initiativeId/edit',
  goals: '/w/:productId/goals',
  goal: '/goals/:goalId',
  roadmap: '/w/:productId/roadmap',
  ideas: '/w/:productId/ideas',
  ideaBoard: '/w/:productId/ideas/board',
  newIdea: '/w/:productId/ideas/new',
  idea: '/ideas/:ideaId',
  editIdea: '/ideas/:ideaId/edit',
  portals: '/w/:productId/portals',
  portalUsers: '/portals/:portalId/users',
  recycleBin: '/w/:productId/recycle-bin',
  notes: '/w/:productId/notes',
  note: '/w/:productId/notes/:noteKey',
  /** A note's own address, as the service's `url` names it: leads to the note in its workspace. */
  notePermalink: '/pages/:noteKey',
  /** The historical audit search (administrators). */
  auditSearch: '/admin/audit-search',
  /** The account's custom layouts (administrators), a new one, and one in the editor. */
  layouts: '/admin/layouts',
  newLayout: '/admin/layouts/new',
  layout: '/admin/layouts/:layoutId',
  /** The signed-in person: name, email, role and workspaces. */
  account: '/account',
} as const;

export type RoutePatternName = keyof typeof routePatterns;

const seg = (value: string | number): string => encodeURIComponent(String(value));

function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

export const paths = {
  signIn: routePatterns.signIn,
  home: routePatterns.home,
  /** Releases of a workspace; `page` is the server page (1-based). */
  releases: (productId: string, opts: { page?: number } = {}) =>
    withQuery(`/w/${seg(productId)}/releases`, { page: opts.page && opts.page > 1 ? opts.page : undefined }),
  newRelease: (productId: string) => `/w/${seg(productId)}/releases/new`,
  release: (releaseId: string) => `/releases/${seg(releaseId)}`,
  editRelease: (releaseId: string) => `/releases/${seg(releaseId)}/edit`,
  features: (productId: string) => `/w/${seg(productId)}/features`,
  featureBoard: (productId: string) => `/w/${seg(productId)}/board`,
  /** New feature form; `release`, `epic` and `initiative` preselect those links (ids or keys). */
  newFeature: (productId: string, opts: { release?: string; epic?: string; initiative?: string } = {}) =>
    withQuery(`/w/${seg(productId)}/features/new`, { release: opts.release, epic: opts.epic, initiative: opts.initiative }),
  feature: (featureId: string) => `/features/${seg(featureId)}`,
  editFeature: (featureId: string) => `/features/${seg(featureId)}/edit`,
  /** Epics of a workspace; `release` narrows to one release (operation 6). */
  epics: (productId: string, opts: { release?: string } = {}) => withQuery(`/w/${seg(productId)}/epics`, { release: opts.release }),
  /** Every epic of the account (operation 7). */
  allEpics: routePatterns.allEpics,
  newEpic: (productId: string, opts: { release?: string; initiative?: string } = {}) =>
    withQuery(`/w/${seg(productId)}/epics/new`, { release: opts.release, initiative: opts.initiative }),
  epic: (epicId: string) => `/epics/${seg(epicId)}`,
  editEpic: (epicId: string) => `/epics/${seg(epicId)}/edit`,
  initiatives: (productId: string) => `/w/${seg(productId)}/initiatives`,
  /** New initiative form; `parent` preselects the roll-up parent. */
  newInitiative: (productId: string, opts: { parent?: string } = {}) =>
    withQuery(`/w/${seg(productId)}/initiatives/new`, { parent: opts.parent }),
  initiative: (initiativeId: string) => `/initiatives/${seg(initiativeId)}`,
  editInitiative: (initiativeId: string) => `/initiatives/${seg(initiativeId)}/edit`,
  goals: (productId: string) => `/w/${seg(productId)}/goals`,
  goal: (goalId: string) => `/goals/${seg(goalId)}`,
  roadmap: (productId: string) => `/w/${seg(productId)}/roadmap`,
  ideas: (productId: string) => `/w/${seg(productId)}/ideas`,
  ideaBoard: (productId: string) => `/w/${seg(productId)}/ideas/board`,
  newIdea: (productId: string) => `/w/${seg(productId)}/ideas/new`,
  idea: (ideaId: string) => `/ideas/${seg(ideaId)}`,
  editIdea: (ideaId: string) => `/ideas/${seg(ideaId)}/edit`,
  /** The workspace's idea portals, each leading to its users. */
  portals: (productId: string) => `/w/${seg(productId)}/portals`,
  portalUsers: (portalId: string) => `/portals/${seg(portalId)}/users`,
  /** The workspace's recycle bin (deleted records, restorable for 30 days). */
  recycleBin: (productId: string) => `/w/${seg(productId)}/recycle-bin`,
  /** The workspace's notes: the tree, and the first note (or the empty state). */
  notes: (productId: string) => `/w/${seg(productId)}/notes`,
  /** One note beside the tree; `noteKey` is its key (`PLN-N-4`) or id. */
  note: (productId: string, noteKey: string) => `/w/${seg(productId)}/notes/${seg(noteKey)}`,
  /** The historical audit search; `type` and `id` start it on one record's older history. */
  auditSearch: (opts: { type?: string; id?: string } = {}) => withQuery(routePatterns.auditSearch, { type: opts.type, id: opts.id }),
  /** The account's custom layouts, grouped by record kind (administrators). */
  layouts: () => routePatterns.layouts,
  /** One layout in the editor. */
  layout: (layoutId: string) => `/admin/layouts/${seg(layoutId)}`,
  /** A new layout; `type` (a screenable type such as `Feature`) starts it on that kind. */
  newLayout: (type?: string) => withQuery(routePatterns.newLayout, { type }),
  account: () => routePatterns.account,
} as const;
