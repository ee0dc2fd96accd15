// The signed-in frame: sidebar with the product name, workspace switcher, navigation and the
// current user; the screen in <main>. Leaves for sign-in as soon as the session is gone. After an
// in-app move to another screen the focus goes to that screen's <h1> and its title is announced,
// so keyboard and screen-reader users start where the new content starts.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  Link,
  NavLink,
  Navigate,
  Outlet,
  ScrollRestoration,
  useLocation,
  useNavigate,
  useNavigation,
  useParams,
  type LoaderFunctionArgs,
} from 'react-router-dom';
import { accountQueries } from '../api/account';
import { endFileSession, startFileSession } from '../api/file-session';
import { clearSession } from '../api/session';
import { pickWorkspace, rememberProductId, useRememberedProductId } from '../api/workspace';
import { WorkspaceSwitcher } from '../records/products/workspace-switcher';
import { Button } from '../ui/button';
import { paths } from '../ui/paths';
import { requireSession, signInHref } from './guard';
import { queryClient } from './query-client';
import { useUndoAfterDelete } from './undo-delete';
import { useFocusHeadingOnNavigate } from './use-focus-heading';
import { useSession } from './use-session';

export async function layoutLoader({ request }: LoaderFunctionArgs) {
  requireSession(request);
  // The file session (the cookie `<img>` and download links of attachments need) starts beside the
  // first reads, so the first screen's images load.
  await Promise.all([
    queryClient.prefetchQuery(accountQueries.me()),
    queryClient.prefetchQuery(accountQueries.products()),
    startFileSession(),
  ]);
  return null;
}

export function AppLayout() {
  const session = useSession();
  const location = useLocation();
  if (!session) return <Navigate to={signInHref(location.pathname + location.search)} replace />;
  return <Shell />;
}

/** A workspace screen's section (`/w/1/ideas/board` → `ideas/board`): switching workspace stays in it. */
const SECTION =
  /^\/w\/[^/]+\/((?:releases|features|board|epics|initiatives|goals|ideas|portals|notes|roadmap|recycle-bin)(?:\/board)?)(?:\/|$)/;

function Shell() {
  const params = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const client = useQueryClient();
  const remembered = useRememberedProductId();
  const products = useQuery(accountQueries.products());
  const me = useQuery(accountQueries.me());
  const announcement = useFocusHeadingOnNavigate(location.pathname);
  // Every delete made in any screen offers Undo in a toast (undo-delete.ts).
  useUndoAfterDelete();

  const routeProductId = params.productId;
  useEffect(() => {
    if (routeProductId) rememberProductId(routeProductId);
  }, [routeProductId]);

  const productList = products.data?.products ?? [];
  const currentId = routeProductId ?? pickWorkspace(productList, remembered)?.id ?? null;

  function switchWorkspace(productId: string) {
    rememberProductId(productId);
    const section = SECTION.exec(location.pathname)?.[1];
    navigate(section ? `/w/${encodeURIComponent(productId)}/${section}` : paths.releases(productId));
  }

  async function signOut() {
    await endFileSession();
    clearSession();
    client.clear();
  }

  const onReleaseScreen = location.pathname.startsWith('/releases/');
  const onFeatureScreen = location.pathname.startsWith('/features/');
  const navClass = ({ isActive }: { isActive: boolean }) => `nav__link${isActive ? ' active' : ''}`;

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
      <ScrollRestoration />
      {navigation.state === 'loading' ? <div className="nav-progress" aria-hidden="true" /> : null}
      <div className="shell">
        <aside className="sidebar">
          <Link to={paths.home} className="brand">
            <img className="brand__mark" src="/favicon.svg" alt="" />
            Planner
          </Link>

          {products.isError ? (
            <div className="sidebar__section">
              <span className="sidebar__label">Workspace</span>
              <p role="alert">Workspaces could not be loaded.</p>
              <Button size="sm" onClick={() => void products.refetch()}>
                Try again
              </Button>
            </div>
          ) : products.isPending ? (
            <div className="sidebar__section">
              <span className="sidebar__label">Workspace</span>
              <p role="status">Loading…</p>
            </div>
          ) : productList.length > 0 ? (
            <WorkspaceSwitcher products={productList} currentId={currentId} onChange={switchWorkspace} />
          ) : null}

          {currentId ? (
            <nav aria-label="Main">
              <ul className="nav">
                <li>
                  <NavLink to={paths.releases(currentId)} className={({ isActive }) => navClass({ isActive: isActive || onReleaseScreen })}>
                    Releases
                  </NavLink>
                </li>
                <li>
                  <NavLink to={paths.features(currentId)} className={({ isActive }) => navClass({ isActive: isActive || onFeatureScreen })}>
                    Features
                  </NavLink>
                </li>
                <li>
                  <NavLink to={paths.featureBoard(currentId)} className={navClass}>
                    Board
                  </NavLink>
                </li>
                <li>
                  <NavLink
                    to={paths.epics(currentId)}
                    className={({ isActive }) => navClass({ isActive: isActive || location.pathname.startsWith('/epics') })}
                  >
                    Epics
                  </NavLink>
                </li>
                <li>
                  <NavLink
                    to={paths.initiatives(currentId)}
                    className={({ isActive }) => navClass({ isActive: isActive || location.pathname.startsWith('/initiatives') })}
                  >
                    Initiatives
                  </NavLink>
                </li>
                <li>
                  <NavLink
                    to={paths.goals(currentId)}
                    className={({ isActive }) => navClass({ isActive: isActive || location.pathname.startsWith('/goals') })}
                  >
                    Goals
                  </NavLink>
                </li>
                <li>
                  <NavLink
                    to={paths.ideas(currentId)}
                    className={({ isActive }) => navClass({ isActive: isActive || location.pathname.startsWith('/ideas') })}
                  >
                    Ideas
                  </NavLink>
                </li>
                <li>
                  <NavLink to={paths.notes(currentId)} className={navClass}>
                    Notes
                  </NavLink>
                </li>
                <li>
                  <NavLink
                    to={paths.portals(currentId)}
                    className={({ isActive }) => navClass({ isActive: isActive || location.pathname.startsWith('/portals') })}
                  >
                    Portals
                  </NavLink>
                </li>
                <li>
                  <NavLink to={paths.roadmap(currentId)} className={navClass}>
                    Roadmap
                  </NavLink>
                </li>
                <li className="nav__item--apart">
                  <NavLink to={paths.recycleBin(currentId)} className={navClass}>
                    Recycle bin
                  </NavLink>
                </li>
              </ul>
            </nav>
          ) : null}

          {me.data?.administrator ? (
            <nav className="sidebar__section" aria-labelledby="nav-admin-label">
              <span className="sidebar__label" id="nav-admin-label">
                Administration
              </span>
              <ul className="nav">
                <li>
                  <NavLink to={paths.layouts()} className={navClass}>
                    Layouts
                  </NavLink>
                </li>
                <li>
                  <NavLink to={paths.auditSearch()} className={navClass}>
                    Audit search
                  </NavLink>
                </li>
              </ul>
            </nav>
          ) : null}

          <div className="sidebar__footer">
            {me.data ? (
              <div>
                <NavLink
                  to={paths.account()}
                  className={({ isActive }) => `sidebar__user sidebar__user-link${isActive ? ' active' : ''}`}
                  title="Your account"
                >
                  {me.data.name}
                </NavLink>
                <div className="sidebar__email">{me.data.email}</div>
              </div>
            ) : null}
            <Link to="/api-reference" className="sidebar__email">
              API reference
            </Link>
            <Button variant="ghost" size="sm" onClick={() => void signOut()}>
              Sign out
            </Button>
          </div>
        </aside>
        <main id="main" className="main" tabIndex={-1}>
          <div className="main__inner">
            <Outlet />
          </div>
        </main>
      </div>
    </>
  );
}
