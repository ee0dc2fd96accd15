// Route `/releases/:releaseId/edit`: the release form in edit mode, filled from the release.
import type { LoaderFunctionArgs } from 'react-router-dom';
import { loadQuery } from '../../api/load';
import { releaseQueries } from '../../api/releases';
import { EditReleaseScreen, prefetchReleaseForm } from '../../records/releases/release-editor';
import { requireSession } from '../guard';
import { queryClient } from '../query-client';
import { useReleaseRoute } from '../use-release-route';

export async function loader({ request, params }: LoaderFunctionArgs) {
  requireSession(request);
  const release = await loadQuery(queryClient, releaseQueries.detail(params.releaseId ?? ''));
  if (release) await prefetchReleaseForm(queryClient, release.product_id);
  return null;
}

export function Component() {
  const releaseId = useReleaseRoute();
  return <EditReleaseScreen key={releaseId} releaseId={releaseId} />;
}
