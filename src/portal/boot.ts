// Wires the portal to its address: the router's base, the API's base, the CSRF token from the
// session, and what a 401 does (sign in, then come back). main.tsx at start; the tests the same way.
import { configureApi } from './api';
import { currentLocation, navigate, routeOf, setBase, signInPath } from './router';
import { getSession, setViewer } from './store';

export function configurePortal(base: string): void {
  setBase(base);
  configureApi({
    base: `${base}/api`,
    csrfToken: () => getSession().viewer?.csrf_token,
    // A session that ended (expired, signed out in another tab): sign in, then come back here.
    onUnauthorized: () => {
      const here = currentLocation();
      if (routeOf(here.path).name === 'sign-in') return;
      setViewer(null);
      navigate(signInPath(here.here), { replace: true });
    },
  });
}
