// What a member meets on the layout screens: no editor, and why. The screens ask who is signed in
// before reading the layouts (the service refuses members with a 403, which shows the same state).
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { accountQueries } from '../../api/account';
import { ApiError } from '../../api/client';
import { EmptyState } from '../../ui/empty-state';
import { ErrorState } from '../../ui/error-state';
import { Loading } from '../../ui/loading';
import { paths } from '../../ui/paths';
import './layouts.css';

export const isForbidden = (error: unknown): boolean => error instanceof ApiError && error.status === 403;

export function AdministratorsOnly() {
  return (
    <div className="card" role="alert">
      <EmptyState kind="search" title="Only configuration administrators can change layouts">
        Layouts decide which fields every create form and record page shows. Ask a configuration administrator to change one; your role is
        on{' '}
        <Link to={paths.account()} className="layouts-inline-link">
          your account page
        </Link>
        .
      </EmptyState>
    </div>
  );
}

/**
 * The screen's content for a configuration administrator; the state above for anyone else.
 * `frame` puts the other states in a page of their own (a screen whose header is drawn by its content).
 */
export function AdministratorGate({
  children,
  frame = (state) => state,
}: {
  children: ReactNode;
  frame?: (state: ReactNode) => ReactNode;
}) {
  const me = useQuery(accountQueries.me());
  if (me.isPending) return frame(<Loading />);
  if (me.isError) return frame(<ErrorState error={me.error} onRetry={() => void me.refetch()} retrying={me.isFetching} />);
  if (!me.data.administrator) return frame(<AdministratorsOnly />);
  return <>{children}</>;
}
