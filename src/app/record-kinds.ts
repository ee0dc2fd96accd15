// The record kinds' screens, discovered on navigation: each kind's route table (with the API
// modules its loaders use) is its own chunk, fetched the first time a path of that kind is visited,
// so the sign-in screen and the other kinds' screens do not download it. The router patches the
// table in from `patchRoutesOnNavigation`; the patterns here say which kind a path belongs to.
import { matchPath, type RouteObject } from 'react-router-dom';
import type { LoaderContext } from '../api/load';
import { routePatterns } from '../ui/paths';

export interface RecordKind {
  name: string;
  /** Every path the kind's route table declares (a test keeps the two in step). */
  patterns: readonly string[];
  routes: (loading: LoaderContext) => Promise<RouteObject[]>;
}

export const recordKinds: readonly RecordKind[] = [
  {
    name: 'features',
    patterns: [
      routePatterns.features,
      routePatterns.featureBoard,
      routePatterns.newFeature,
      routePatterns.feature,
      routePatterns.editFeature,
    ],
    routes: async (loading) => (await import('../records/features/routes')).featureRoutes(loading),
  },
  {
    name: 'epics',
    patterns: [routePatterns.epics, routePatterns.allEpics, routePatterns.newEpic, routePatterns.epic, routePatterns.editEpic],
    routes: async (loading) => (await import('../records/epics/routes')).epicRoutes(loading),
  },
  {
    name: 'initiatives',
    patterns: [routePatterns.initiatives, routePatterns.newInitiative, routePatterns.initiative, routePatterns.editInitiative],
    routes: async (loading) => (await import('../records/initiatives/routes')).initiativeRoutes(loading),
  },
  {
    name: 'goals',
    patterns: [routePatterns.goals, routePatterns.goal],
    routes: async (loading) => (await import('../records/goals/routes')).goalRoutes(loading),
  },
  {
    name: 'ideas',
    patterns: [routePatterns.ideas, routePatterns.ideaBoard, routePatterns.newIdea, routePatterns.idea, routePatterns.editIdea],
    routes: async (loading) => (await import('../records/ideas/routes')).ideaRoutes(loading),
  },
  {
    name: 'portals',
    patterns: [routePatterns.portals, routePatterns.portalUsers],
    routes: async (loading) => (await import('../records/portals/routes')).portalRoutes(loading),
  },
  {
    name: 'notes',
    patterns: [routePatterns.notePermalink, routePatterns.notes, routePatterns.note],
    routes: async (loading) => (await import('../records/notes/routes')).noteRoutes(loading),
  },
  {
    name: 'recycle-bin',
    patterns: [routePatterns.recycleBin],
    routes: async (loading) => (await import('../records/recycle-bin/routes')).recycleBinRoutes(loading),
  },
  {
    name: 'audits',
    patterns: [routePatterns.auditSearch],
    routes: async (loading) => (await import('../records/audits/routes')).auditRoutes(loading),
  },
  {
    name: 'layouts',
    patterns: [routePatterns.layouts, routePatterns.newLayout, routePatterns.layout],
    routes: async (loading) => (await import('../records/layouts/routes')).layoutRoutes(loading),
  },
  {
    name: 'account',
    patterns: [routePatterns.account],
    routes: async (loading) => (await import('../records/account/routes')).accountRoutes(loading),
  },
];

/** The kinds one of whose screens `pathname` names. */
export function kindsFor(pathname: string): RecordKind[] {
  return recordKinds.filter((kind) => kind.patterns.some((pattern) => matchPath(pattern, pathname)));
}

/**
 * A `patchRoutesOnNavigation` that adds the route table of the kind a path belongs to under the
 * route `parentId`. Each table is built once; patching the same routes again is a no-op in the router.
 */
export function discoverRecordRoutes(parentId: string, loading: LoaderContext) {
  const tables = new Map<RecordKind, Promise<RouteObject[]>>();
  const tableOf = (kind: RecordKind): Promise<RouteObject[]> => {
    let table = tables.get(kind);
    if (!table) {
      table = kind.routes(loading);
      // A failed download (offline, a deploy replaced the chunk) is tried again on the next visit.
      table.catch(() => tables.delete(kind));
      tables.set(kind, table);
    }
    return table;
  };
  return async ({ path, patch }: { path: string; patch: (routeId: string | null, children: RouteObject[]) => void }) => {
    const tablesToPatch = await Promise.all(kindsFor(path).map(tableOf));
    for (const table of tablesToPatch) patch(parentId, table);
  };
}
