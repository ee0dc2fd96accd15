// Route `/w/:productId/roadmap`: the workspace's roadmap. The zoom lives in `?zoom=quarter` so a
// roadmap can be shared as it is seen; month is the default and is left out of the address.
import { useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router-dom';
import { accountQueries } from '../../api/account';
import { loadQuery, warmQuery } from '../../api/load';
import { roadmapQueries } from '../../api/roadmap';
import { RoadmapPage } from '../roadmap/roadmap-page';
import { zoomFromParam } from '../roadmap/layout';
import { requireSession } from '../guard';
import { queryClient } from '../query-client';

export async function loader({ request, params }: LoaderFunctionArgs) {
  requireSession(request);
  const lanes = roadmapQueries.product(params.productId ?? '');
  // None throws: a lane that fails shows its own error on the screen.
  await Promise.all([
    loadQuery(queryClient, lanes.releases),
    loadQuery(queryClient, lanes.initiatives),
    loadQuery(queryClient, lanes.epics),
    warmQuery(queryClient, accountQueries.products()),
  ]);
  return null;
}

export function Component() {
  const { productId = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  return (
    <RoadmapPage
      key={productId}
      productId={productId}
      zoom={zoomFromParam(searchParams.get('zoom'))}
      onZoomChange={(zoom) =>
        setSearchParams(
          (current) => {
            const next = new URLSearchParams(current);
            if (zoom === 'quarter') next.set('zoom', zoom);
            else next.delete('zoom');
            return next;
          },
          { replace: true },
        )
      }
    />
  );
}
