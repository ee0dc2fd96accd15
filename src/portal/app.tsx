// The portal's frame: the header in the portal's colours (logo, title, Ideas / Roadmap, sign in or
// the viewer's menu), the screen of the address — the lists here, every other screen its own chunk
// loaded on first visit — and the access rules that send people to the sign-in first (a private
// portal, a screen of one's own).
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import type { PortalInfo, Viewer } from '../contract/portal-site';
import { errorText, request } from './api';
import { accentOf } from './color';
import { Link, navigate, PageHeading, routeOf, signInPath, useLocation } from './router';
import type { Route } from './router';
import { HomeScreen, MyIdeasScreen } from './screens/home';
import { loadSession, setViewer, useSession } from './store';
import { ActionProblem, EmptyState, ErrorBox, IdeaSkeletons, IdeasAction, useDocumentTitle } from './ui';

const IdeaScreen = lazy(() => import('./screens/idea'));
const NewIdeaScreen = lazy(() => import('./screens/new-idea'));
const SignInScreen = lazy(() => import('./screens/sign-in'));
const NotificationsScreen = lazy(() => import('./screens/notifications'));
const RoadmapScreen = lazy(() => import('./screens/roadmap'));

/** Puts the portal's colours on the page (CSS custom properties the stylesheet reads). */
function useAccent(color: string | null | undefined): void {
  useEffect(() => {
    const a = accentOf(color);
    const style = document.documentElement.style;
    style.setProperty('--accent', a.accent);
    style.setProperty('--on-accent', a.onAccent);
    style.setProperty('--accent-ink', a.ink);
    style.setProperty('--accent-soft', a.soft);
  }, [color]);
}

/** Screens only a signed-in viewer has. */
const OWN_SCREENS: ReadonlySet<Route['name']> = new Set(['my-ideas', 'notifications']);

export function PortalApp() {
  const session = useSession();
  const location = useLocation();
  const route = routeOf(location.path);
  const { portal, viewer } = session;
  useAccent(portal?.color);

  const mustSignIn = !!portal && !viewer && route.name !== 'sign-in' && (portal.access_type === 'private' || OWN_SCREENS.has(route.name));
  useEffect(() => {
    if (mustSignIn) navigate(signInPath(location.here), { replace: true });
  }, [mustSignIn, location.here]);

  // Coming back to the tab: the unread count and votes may have moved.
  useEffect(() => {
    let last = Date.now();
    const onFocus = () => {
      if (Date.now() - last < 30_000) return;
      last = Date.now();
      void loadSession();
    };
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, []);

  if (session.status === 'error') {
    const missing = session.error?.status === 404;
    return (
      <main id="main" className="page-main">
        <div className="screen narrow">
          <PageHeading className="screen-title">{missing ? 'No ideas portal here' : 'The portal could not be loaded'}</PageHeading>
          {missing ? (
            <p className="lead">There is no ideas portal at this address, or it has been switched off. Check the link you were given.</p>
          ) : (
            <ErrorBox error={session.error} onRetry={() => void loadSession()} title="Something went wrong" />
          )}
        </div>
      </main>
    );
  }

  return (
    <>
      <a
        className="skip-link"
        href="#main"
        onClick={(e) => {
          e.preventDefault();
          const target = document.querySelector<HTMLElement>('#main h1') ?? document.getElementById('main');
          target?.focus();
        }}
      >
        Skip to content
      </a>
      <Header portal={portal} viewer={viewer} route={route} />
      <main id="main" className="page-main" tabIndex={-1}>
        {portal && !mustSignIn ? (
          <Suspense fallback={<ScreenLoading />}>
            <Screen route={route} portal={portal} viewer={viewer} />
          </Suspense>
        ) : (
          <ScreenLoading />
        )}
      </main>
      <footer className="page-footer">
        <p>
          {portal ? `${portal.title} · ` : ''}Ideas portal by <span className="brand-mark">Planner</span>
        </p>
      </footer>
    </>
  );
}

function ScreenLoading() {
  return (
    <div className="screen">
      <div className="screen-head">
        <div className="screen-head-text">
          <span className="skeleton skeleton-heading" aria-hidden="true" />
          <span className="skeleton skeleton-line skeleton-lead" aria-hidden="true" />
        </div>
      </div>
      <IdeaSkeletons rows={4} label="Loading…" />
    </div>
  );
}

function Screen({ route, portal, viewer }: { route: Route; portal: PortalInfo; viewer: Viewer | null }) {
  switch (route.name) {
    case 'home':
      return <HomeScreen portal={portal} viewer={viewer} />;
    case 'my-ideas':
      return viewer ? <MyIdeasScreen portal={portal} viewer={viewer} /> : null;
    case 'idea':
      // A new idea is a new screen (its own state, its heading focused).
      return <IdeaScreen key={route.id} id={route.id} portal={portal} viewer={viewer} />;
    case 'new-idea':
      return <NewIdeaScreen portal={portal} viewer={viewer} />;
    case 'sign-in':
      return <SignInScreen portal={portal} viewer={viewer} />;
    case 'notifications':
      return viewer ? <NotificationsScreen portal={portal} viewer={viewer} /> : null;
    case 'roadmap':
      return <RoadmapScreen portal={portal} />;
    case 'not-found':
      return <NotFound portal={portal} />;
  }
}

function NotFound({ portal }: { portal: PortalInfo }) {
  useDocumentTitle('Page not found', portal.title);
  return (
    <div className="screen narrow">
      <PageHeading className="screen-title">Page not found</PageHeading>
      <EmptyState title="There is nothing at this address" actions={<IdeasAction label="See all ideas" primary />}>
        The link may be mistyped, or the page has moved.
      </EmptyState>
    </div>
  );
}

function Header({ portal, viewer, route }: { portal: PortalInfo | null; viewer: Viewer | null; route: Route }) {
  const { here } = useLocation();
  const current = (names: Route['name'][]) => (names.includes(route.name) ? 'page' : undefined);
  return (
    <header className="site-header">
      <div className="site-header-inner">
        <Link to="/" className="brand">
          {portal?.logo_url ? <img className="brand-logo" src={portal.logo_url} alt="" width="32" height="32" /> : null}
          <span className="brand-title">{portal ? portal.title : <span className="skeleton skeleton-brand" aria-hidden="true" />}</span>
          {portal ? null : <span className="sr-only">Loading…</span>}
        </Link>
        <nav className="site-nav" aria-label="Portal">
          <div className="site-nav-links">
            <Link to="/" className="site-nav-link" aria-current={current(['home', 'idea', 'new-idea'])}>
              Ideas
            </Link>
            <Link to="/roadmap" className="site-nav-link" aria-current={current(['roadmap'])}>
              Roadmap
            </Link>
            {viewer ? (
              <Link to="/my-ideas" className="site-nav-link" aria-current={current(['my-ideas'])}>
                My ideas
              </Link>
            ) : null}
          </div>
          <div className="site-account">
            {portal ? (
              viewer ? (
                <UserMenu viewer={viewer} />
              ) : route.name === 'sign-in' ? null : (
                <Link to={signInPath(here)} className="button button-small">
                  Sign in
                </Link>
              )
            ) : null}
          </div>
        </nav>
      </div>
    </header>
  );
}

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '?') + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '')).toUpperCase();
}

function UserMenu({ viewer }: { viewer: Viewer }) {
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const menuId = useId();
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const unread = viewer.unread_notifications;

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (box.current && !box.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    const onFocusOut = (e: FocusEvent) => {
      if (box.current && e.relatedTarget instanceof Node && !box.current.contains(e.relatedTarget)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    box.current?.addEventListener('focusout', onFocusOut);
    const held = box.current;
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
      held?.removeEventListener('focusout', onFocusOut);
    };
  }, [open]);

  const signOut = async () => {
    setProblem(null);
    try {
      await request('/session', null, { method: 'DELETE' });
      setOpen(false);
      setViewer(null);
      navigate('/');
    } catch (err) {
      setProblem(errorText(err));
    }
  };

  return (
    <div className="user-menu" ref={box}>
      <button
        ref={button}
        type="button"
        className="user-button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
      >
        <span className="avatar" aria-hidden="true">
          {initials(viewer.name)}
        </span>
        <span className="user-name">{viewer.name}</span>{' '}
        {unread > 0 ? (
          <span className="badge">
            {unread} <span className="sr-only">unread</span>
          </span>
        ) : null}
        <svg className="icon caret" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
          <path d="m5 8 5 5 5-5" />
        </svg>
      </button>
      <div id={menuId} className="user-panel" hidden={!open}>
        <p className="user-panel-who">
          <span className="user-panel-name">{viewer.name}</span>
          <span className="user-panel-email">{viewer.email}</span>
        </p>
        <ul className="user-links">
          <li>
            <Link to="/my-ideas" onClick={() => setOpen(false)}>
              My ideas
            </Link>
          </li>
          <li>
            <Link to="/notifications" onClick={() => setOpen(false)}>
              Notifications{' '}
              {unread > 0 ? (
                <span className="badge">
                  {unread} <span className="sr-only">unread</span>
                </span>
              ) : null}
            </Link>
          </li>
          <li>
            <button type="button" onClick={() => void signOut()}>
              Sign out
            </button>
          </li>
        </ul>
        <ActionProblem problem={problem} />
      </div>
    </div>
  );
}
