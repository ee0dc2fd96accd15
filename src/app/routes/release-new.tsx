// Route `/w/:productId/releases/new`: the release form in create mode.
import { useParams, type LoaderFunctionArgs } from 'react-router-dom';
import { NewReleaseScreen, prefetchReleaseForm } from '../../records/releases/release-editor';
import { requireSession } from '../guard';
import { queryClient } from '../query-client';

export async function loader({ request, params }: LoaderFunctionArgs) {
  requireSession(request);
  await prefetchReleaseForm(queryClient, params.productId ?? '');
  return null;
}

export function Component() {
  const { productId = '' } = useParams();
  return <NewReleaseScreen key={productId} productId={productId} />;
}
