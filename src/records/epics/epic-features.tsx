// The epic's features as a compact, server-paged table with links to each feature, and how many
// of them are complete (from the epic itself, so the count and the epic's bar agree).
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EPIC_FEATURE_FIELDS, epicQueries } from '../../api/epics';
import type { Epic } from '../../contract/epics';
import type { FeatureListItem } from '../../contract/features';
import { EmptyState } from '../../ui/empty-state';
import { PagedTable } from '../../ui/paged-section';
import { childItemColumns } from '../../ui/work-item-columns';

export const EPIC_FEATURES_PER_PAGE = 30;

const columns = childItemColumns<FeatureListItem>('feature', 'Feature');

export function EpicFeatures({ epic }: { epic: Epic }) {
  const [page, setPage] = useState(1);
  const features = useQuery(epicQueries.features(epic.id, { page, perPage: EPIC_FEATURES_PER_PAGE, fields: EPIC_FEATURE_FIELDS }));
  const total = epic.features_count;
  return (
    <PagedTable
      id="epic-features-heading"
      title="Features"
      aside={total === 0 ? 'None yet' : `${epic.features_completed_count} of ${total} complete`}
      label={`Features of ${epic.reference_num}`}
      noun="features"
      columns={columns}
      rows={features.data?.features}
      state={features}
      onPageChange={setPage}
      empty={
        <EmptyState compact title="No features in this epic yet">
          Choose this epic on a feature to add it here.
        </EmptyState>
      }
    />
  );
}
