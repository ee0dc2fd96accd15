// Loader guard for signed-in routes. Route loaders run in parallel, so every loader that fetches
// calls this first instead of relying on the layout's loader having redirected already.
import { redirect } from 'react-router-dom';
import { getSession, type Session } from '../api/session';
import { paths } from '../ui/paths';

export function signInHref(next?: string): string {
  return next && next !== paths.home ? `${paths.signIn}?next=${encodeURIComponent(next)}` : paths.signIn;
}

export function requireSession(request: Request): Session {
  const session = getSession();
  if (!session) {
    const url = new URL(request.url);
    throw redirect(signInHref(url.pathname + url.search));
  }
  return session;
}

/** Only same-app paths are followed after sign-in (no open redirect through `?next=`). */
export function safeNext(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith(paths.signIn) ? next : paths.home;
}
