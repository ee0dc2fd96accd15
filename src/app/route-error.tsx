// What a route shows when its loader or render fails: a 401 goes back to sign-in, a missing record
// or route reads "not found", a stale chunk after a deploy asks for a reload, anything else offers
// a retry.
import { Navigate, isRouteErrorResponse, useLocation, useRevalidator, useRouteError } from 'react-router-dom';
import { ApiError } from '../api/client';
import { ButtonLink } from '../ui/button';
import { ErrorState } from '../ui/error-state';
import { paths } from '../ui/paths';
import { signInHref } from './guard';

export function RouteError() {
  const error = useRouteError();
  const location = useLocation();
  const revalidator = useRevalidator();

  if (error instanceof ApiError && error.status === 401) {
    return <Navigate to={signInHref(location.pathname + location.search)} replace />;
  }

  if ((isRouteErrorResponse(error) && error.status === 404) || (error instanceof ApiError && error.status === 404)) {
    return (
      <div className="card stack">
        <h1>Not found</h1>
        <p className="muted">
          {error instanceof ApiError ? error.message : 'There is no page at this address.'}
        </p>
        <p>
          <ButtonLink to={paths.home}>Go to your workspace</ButtonLink>
        </p>
      </div>
    );
  }

  // A lazy chunk that no longer exists on the server (new deploy while the tab was open).
  if (error instanceof TypeError && /dynamically imported module|Importing a module script failed/i.test(error.message)) {
    return (
      <div className="card stack">
        <h1>Planner was updated</h1>
        <ErrorState
          error={new Error('A newer version of Planner is available. Reload the page to continue.')}
          title="Reload needed"
          onRetry={() => window.location.reload()}
        />
      </div>
    );
  }

  return (
    <div className="card stack">
      <h1>Something went wrong</h1>
      <ErrorState
        error={isRouteErrorResponse(error) ? new Error(`${error.status} ${error.statusText}`) : error}
        onRetry={() => void revalidator.revalidate()}
        retrying={revalidator.state === 'loading'}
      />
    </div>
  );
}
