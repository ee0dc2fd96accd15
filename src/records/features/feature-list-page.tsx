// The workspace's features as a filterable, server-paged table. Filters, sort and page live in the
// URL (useListParams) so a filtered list can be shared and survives reload; names and tags wrap.
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { z } from 'zod';
import { FEATURE_LIST_FIELDS, featureQueries, type FeatureScope } from '../../api/features';
import type { FeatureListItem } from '../../contract/features';
import { ButtonLink } from '../../ui/button';
import { DataTable } from '../../ui/data-table';
import { EmptyState, NoMatches } from '../../ui/empty-state';
import { FilterBar, FilterText } from '../../ui/filter-bar';
import { AssigneeFilter, ReleaseFilter, StatusFilter } from '../../ui/record-filters';
import { paths } from '../../ui/paths';
import { ListHeader } from '../../ui/screen-header';
import { sortParam, useListParams, workItemFilterParams } from '../../ui/use-list-params';
import {
  assigneeColumn,
  commentsColumn,
  estimateColumn,
  keyNameColumn,
  progressColumn,
  releaseColumn,
  statusColumn,
  tagsColumn,
} from '../../ui/work-item-columns';

export const FEATURES_PER_PAGE = 50;

const columns = [
  keyNameColumn<FeatureListItem>('feature'),
  statusColumn<FeatureListItem>(),
  releaseColumn<FeatureListItem>(),
  assigneeColumn<FeatureListItem>(),
  estimateColumn<FeatureListItem>(),
  progressColumn<FeatureListItem>('feature'),
  tagsColumn<FeatureListItem>(),
  commentsColumn<FeatureListItem>(),
];

export const featureListParams = z.object({
  ...workItemFilterParams(),
  sort: sortParam(columns.map((c) => c.id)),
});

export function FeatureListPage() {
  const { productId = '' } = useParams();
  const list = useListParams(featureListParams);
  const { q, status, assignee, tag, release, page, sort } = list.values;

  const scope: FeatureScope = release ? { release } : { product: productId };
  const features = useQuery(
    featureQueries.list(scope, {
      page,
      perPage: FEATURES_PER_PAGE,
      q: q || undefined,
      tag: tag || undefined,
      assignedToUser: assignee || undefined,
      workflowStatus: status || undefined,
      fields: FEATURE_LIST_FIELDS,
    }),
  );

  return (
    <div className="stack">
      <ListHeader
        productId={productId}
        title="Features"
        actions={
          <ButtonLink to={paths.newFeature(productId, { release: release || undefined })} variant="primary">
            New feature
          </ButtonLink>
        }
      />

      <FilterBar label="Filter features" onClear={list.clear} filtered={list.filtered}>
        <FilterText label="Search" type="search" placeholder="Name contains…" value={q} onChange={(v) => list.set({ q: v })} wide />
        <StatusFilter productId={productId} kind="Feature" value={status} onChange={(v) => list.set({ status: v })} />
        <AssigneeFilter value={assignee} onChange={(v) => list.set({ assignee: v })} />
        <FilterText label="Tag" placeholder="Exact tag" value={tag} onChange={(v) => list.set({ tag: v })} />
        <ReleaseFilter productId={productId} value={release} onChange={(v) => list.set({ release: v })} />
      </FilterBar>

      <DataTable
        framed
        label="Features"
        noun="features"
        columns={columns}
        rows={features.data?.features}
        state={features}
        sort={sort}
        onSortChange={(next) => list.set({ sort: next })}
        exportName="features"
        empty={
          list.filtered ? (
            <NoMatches noun="features" onClear={list.clear}>
              Try other filters, or clear them to see every feature of this workspace.
            </NoMatches>
          ) : (
            <EmptyState
              title="No features yet"
              action={
                <ButtonLink to={paths.newFeature(productId)} variant="primary">
                  New feature
                </ButtonLink>
              }
            >
              Features are the work planned into releases.
            </EmptyState>
          )
        }
        paging={{
          pagination: features.data?.pagination,
          onPageChange: (p) => list.set({ page: p }),
          label: 'Feature pages',
          disabled: features.isPlaceholderData,
        }}
      />
    </div>
  );
}
