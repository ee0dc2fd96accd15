// Route `/w/:productId/releases`: the workspace's releases; the page number lives in `?page=`.
import { useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router-dom';
import { accountQueries } from '../../api/account';
import { loadQuery, warmQuery } from '../../api/load';
import { releaseQueries } from '../../api/releases';
import { ReleaseList, pageFromSearch, releaseListParams } from '../../records/releases/release-list';
import { requireSession } from '../guard';
import { queryClient } from '../query-client';

export async function loader({ request, params }: LoaderFunctionArgs) {
  requireSession(request);
  const productId = params.productId ?? '';
  const page = pageFromSearch(new URL(request.url).searchParams);
  // Neither throws: a failure is shown by the screen's own error state.
  await Promise.all([
    loadQuery(queryClient, releaseQueries.list(productId, releaseListParams(page))),
    warmQuery(queryClient, accountQueries.products()),
  ]);
  return null;
}

export function Component() {
  const { productId = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageFromSearch(searchParams);
  return (
    <ReleaseList
      key={productId}
      productId={productId}
      page={page}
      onPageChange={(next) =>
        setSearchParams((current) => {
          const params = new URLSearchParams(current);
          if (next > 1) params.set('page', String(next));
          else params.delete('page');
          return params;
        })
      }
    />
  );
}
