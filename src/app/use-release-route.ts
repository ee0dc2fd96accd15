// What the release screens' routes share: the release in the URL, whose workspace becomes the
// current one once the release is known (the side navigation and "New …" links follow it).
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { releaseQueries } from '../api/releases';
import { rememberProductId } from '../api/workspace';

/** The `:releaseId` of the route; remembers the release's workspace as the current one. */
export function useReleaseRoute(): string {
  const { releaseId = '' } = useParams();
  const release = useQuery(releaseQueries.detail(releaseId));
  const productId = release.data?.product_id;
  useEffect(() => {
    if (productId) rememberProductId(productId);
  }, [productId]);
  return releaseId;
}
