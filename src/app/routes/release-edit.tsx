// Route `/releases/:releaseId/edit`: the release form in edit mode, filled from the release.
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams, type LoaderFunctionArgs } from 'react-router-dom';
import { loadQuery } from '../../api/load';
import { releaseQueries } from '../../api/releases';
import { rememberProductId } from '../../api/workspace';
import { EditReleaseScreen, prefetchReleaseForm } from '../../records/releases/release-editor';
import { requireSession } from '../guard';
import { queryClient } from '../query-client';

export async function loader({ request, params }: LoaderFunctionArgs) {
  requireSession(request);
  const release = await loadQuery(queryClient, releaseQueries.detail(params.releaseId ?? ''));
  if (release) await prefetchReleaseForm(queryClient, release.product_id);
  return null;
}

export function Component() {
  const { releaseId = '' } = useParams();
  const release = useQuery(releaseQueries.detail(releaseId));
  const productId = release.data?.product_id;
  useEffect(() => {
    if (productId) rememberProductId(productId);
  }, [productId]);
  return <EditReleaseScreen key={releaseId} releaseId={releaseId} />;
}
