// Route `/releases/:releaseId`: the release page. The release's workspace becomes the current one.
import type { LoaderFunctionArgs } from 'react-router-dom';
import { loadQuery } from '../../api/load';
import { releaseQueries } from '../../api/releases';
import { warmLayouts } from '../../api/route-queries';
import { RELEASE_FEATURES_PER_PAGE } from '../../records/releases/release-features';
import { ReleasePage } from '../../records/releases/release-page';
import { requireSession } from '../guard';
import { queryClient } from '../query-client';
import { useReleaseRoute } from '../use-release-route';

export async function loader({ request, params }: LoaderFunctionArgs) {
  requireSession(request);
  const releaseId = params.releaseId ?? '';
  // The feature table shows what the release's bar rolls up: all three come fresh together. The
  // page's facts and the phase form are drawn from the workspace's Release and ReleasePhase layouts.
  const [release] = await Promise.all([
    loadQuery(queryClient, releaseQueries.detail(releaseId)),
    loadQuery(queryClient, releaseQueries.phases(releaseId)),
    loadQuery(queryClient, releaseQueries.features(releaseId, { page: 1, perPage: RELEASE_FEATURES_PER_PAGE })),
  ]);
  if (release) await warmLayouts(queryClient, release.product_id);
  return null;
}

export function Component() {
  const releaseId = useReleaseRoute();
  return <ReleasePage key={releaseId} releaseId={releaseId} />;
}
