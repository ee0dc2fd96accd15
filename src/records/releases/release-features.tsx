// The release's features as a compact, server-paged table with links to each feature and a way to
// add one to this release.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { releaseQueries } from '../../api/releases';
import type { FeatureListItem } from '../../contract/features';
import type { Release } from '../../contract/releases';
import { ButtonLink } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { PagedTable } from '../../ui/paged-section';
import { paths } from '../../ui/paths';
import { childItemColumns } from '../../ui/work-item-columns';

export const RELEASE_FEATURES_PER_PAGE = 30;

const columns = childItemColumns<FeatureListItem>('feature', 'Feature');

export function ReleaseFeatures({ release }: { release: Release }) {
  const [page, setPage] = useState(1);
  const features = useQuery(releaseQueries.features(release.id, { page, perPage: RELEASE_FEATURES_PER_PAGE }));
  const newFeatureHref = paths.newFeature(release.product_id, { release: release.id });
  return (
    <PagedTable
      id="features-heading"
      title="Features"
      count={features.data?.pagination.total_records}
      action={
        <ButtonLink to={newFeatureHref} size="sm">
          New feature
        </ButtonLink>
      }
      label={`Features of ${release.reference_num}`}
      noun="features"
      columns={columns}
      rows={features.data?.features}
      state={features}
      onPageChange={setPage}
      empty={
        <EmptyState
          compact
          title="No features in this release yet"
          action={
            <ButtonLink to={newFeatureHref} variant="primary">
              Add a feature
            </ButtonLink>
          }
        >
          Plan the work of this release by adding its features.
        </EmptyState>
      }
    />
  );
}
