// `/`: straight to the remembered workspace's releases (else the richest, remembered from then on);
// an empty account gets a note.
import { useQuery } from '@tanstack/react-query';
import { redirect, type LoaderFunctionArgs } from 'react-router-dom';
import { accountQueries } from '../../api/account';
import { landingWorkspace, rememberProductId } from '../../api/workspace';
import { EmptyState } from '../../ui/empty-state';
import { ErrorState } from '../../ui/error-state';
import { Loading } from '../../ui/loading';
import { PageHeader } from '../../ui/page-header';
import { paths } from '../../ui/paths';
import { requireSession } from '../guard';
import { queryClient } from '../query-client';

export async function loader({ request }: LoaderFunctionArgs) {
  requireSession(request);
  const data = await queryClient.fetchQuery(accountQueries.products()).catch(() => null);
  const product = data ? await landingWorkspace(data.products, request.signal) : null;
  if (product) {
    rememberProductId(product.id);
    throw redirect(paths.releases(product.id));
  }
  return null;
}

export function Component() {
  const products = useQuery(accountQueries.products());
  return (
    <>
      <title>Planner</title>
      <PageHeader title="Welcome to Planner" />
      <div className="card">
        {products.isPending ? (
          <Loading label="Loading workspaces…" />
        ) : products.isError ? (
          <ErrorState error={products.error} onRetry={() => void products.refetch()} retrying={products.isFetching} />
        ) : (
          <EmptyState title="No workspaces yet">
            Your account has no workspaces (products) you can see. Ask an administrator to add you to one.
          </EmptyState>
        )}
      </div>
    </>
  );
}
