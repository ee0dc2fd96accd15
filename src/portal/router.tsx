// The portal's own history router: a few screens under /portal/<key>, so no router library. The
// address is the state: `useLocation` reads it, `navigate` pushes (or replaces) it, `Link` turns a
// plain click into a push and leaves modified clicks (new tab) to the browser, back/forward are
// popstate. After a navigation the next screen's one h1 (`PageHeading`) takes focus, so a screen
// reader hears where it landed; the first load leaves focus where the browser puts it.
import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { AnchorHTMLAttributes, HTMLAttributes, MouseEvent, ReactNode } from 'react';

export type Route =
  | { name: 'home' }
  | { name: 'idea'; id: string }
  | { name: 'new-idea' }
  | { name: 'sign-in' }
  | { name: 'my-ideas' }
  | { name: 'notifications' }
  | { name: 'roadmap' }
  | { name: 'not-found' };

/** The portal's key and the base of its pages in an address (`/portal/<key>/…`), or null. */
export function portalOfPath(pathname: string): { key: string; base: string } | null {
  const m = /^\/portal\/([^/]+)/.exec(pathname);
  if (!m?.[1]) return null;
  let key: string;
  try {
    key = decodeURIComponent(m[1]);
  } catch {
    return null;
  }
  return { key, base: `/portal/${m[1]}` };
}

/** The screen for a path inside the portal (`/`, `/ideas/PLN-I-12`, …). */
export function routeOf(path: string): Route {
  const p = path.length > 1 ? path.replace(/\/+$/, '') : path;
  if (p === '' || p === '/') return { name: 'home' };
  if (p === '/ideas/new') return { name: 'new-idea' };
  const idea = /^\/ideas\/([^/]+)$/.exec(p);
  if (idea?.[1]) {
    try {
      return { name: 'idea', id: decodeURIComponent(idea[1]) };
    } catch {
      return { name: 'not-found' };
    }
  }
  if (p === '/sign-in') return { name: 'sign-in' };
  if (p === '/my-ideas') return { name: 'my-ideas' };
  if (p === '/notifications') return { name: 'notifications' };
  if (p === '/roadmap') return { name: 'roadmap' };
  return { name: 'not-found' };
}

let base = '';
const listeners = new Set<() => void>();
let focusRequested = false;

/** Sets the portal's base (`/portal/<key>`), once at start (and in tests). */
export function setBase(value: string): void {
  base = value;
}

export function getBase(): string {
  return base;
}

/** The full address of a portal path: `href('/ideas/1')` → `/portal/<key>/ideas/1`. */
export function href(to: string): string {
  if (to === '/') return base;
  return to.startsWith('/?') ? base + to.slice(1) : base + to;
}

function emit(): void {
  lastPath = window.location.pathname;
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  lastPath = window.location.pathname;
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener('popstate', onPop);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('popstate', onPop);
  };
}

let lastPath = '';

function onPop(): void {
  // Back or forward to another screen (not a fragment on the same one): its heading takes focus.
  if (window.location.pathname !== lastPath) focusRequested = true;
  emit();
}

export interface NavigateOptions {
  /** Replace the current entry (a redirect, a filter change) instead of adding one. */
  replace?: boolean;
  /** Move focus to the new screen's heading and scroll to the top (default: yes). */
  focus?: boolean;
}

/** Goes to a portal path (`/ideas/12`, `/?sort=recent`). */
export function navigate(to: string, options: NavigateOptions = {}): void {
  const url = href(to);
  if (options.replace) window.history.replaceState(null, '', url);
  else window.history.pushState(null, '', url);
  if (options.focus !== false) {
    focusRequested = true;
    // jsdom has no scrolling; a browser goes to the top of the new screen.
    if (typeof window.scrollTo === 'function' && !/jsdom/i.test(navigator.userAgent)) window.scrollTo(0, 0);
  }
  emit();
}

/** Whether a screen's heading should take focus now (once per navigation). */
export function takeFocusRequest(): boolean {
  const r = focusRequested;
  focusRequested = false;
  return r;
}

const snapshot = () => window.location.pathname + window.location.search;

export interface PortalLocation {
  /** The path inside the portal, from `/`. */
  path: string;
  /** The query, as parsed parameters. */
  params: URLSearchParams;
  /** The path and query inside the portal, e.g. a return address after signing in. */
  here: string;
}

/** Where the portal is now; re-renders on every navigation. */
export function useLocation(): PortalLocation {
  const full = useSyncExternalStore(subscribe, snapshot, snapshot);
  return locationOf(full);
}

export function locationOf(full: string): PortalLocation {
  const q = full.indexOf('?');
  const pathname = q < 0 ? full : full.slice(0, q);
  const search = q < 0 ? '' : full.slice(q);
  const path = pathname.startsWith(base) ? pathname.slice(base.length) || '/' : pathname;
  return { path, params: new URLSearchParams(search), here: path + search };
}

/** The current location outside React (handlers). */
export function currentLocation(): PortalLocation {
  return locationOf(snapshot());
}

/** A return address is a path inside the portal, never another site (`//evil`, `https:`). */
export function safeReturn(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return '/';
  return value;
}

/** The sign-in screen's address that comes back to `here` afterwards. */
export function signInPath(here: string): string {
  const back = safeReturn(here);
  return back === '/' || back.startsWith('/sign-in') ? '/sign-in' : `/sign-in?return=${encodeURIComponent(back)}`;
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  replace?: boolean;
}

/** A link inside the portal: a real `<a href>`, a plain click handled here. */
export function Link({ to, replace, onClick, children, ...rest }: LinkProps) {
  const handle = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    if (rest.target && rest.target !== '_self') return;
    e.preventDefault();
    navigate(to, replace ? { replace } : {});
  };
  return (
    <a href={href(to)} onClick={handle} {...rest}>
      {children}
    </a>
  );
}

/** The screen's one h1; it takes focus after a navigation. */
export function PageHeading({ children, ...rest }: HTMLAttributes<HTMLHeadingElement> & { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (takeFocusRequest()) ref.current?.focus();
  });
  return (
    <h1 tabIndex={-1} ref={ref} {...rest}>
      {children}
    </h1>
  );
}
