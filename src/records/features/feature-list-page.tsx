// The workspace's features as a filterable, server-paged table. Filters, sort and page live in the
// URL (useListParams) so a filtered list can be shared and survives reload; names and tags wrap.
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { z } from 'zod';
import { accountQueries, statusesFor } from '../../api/account';
import { FEATURE_LIST_FIELDS, featureQueries, type FeatureScope } from '../../api/features';
import type { FeatureListItem } from '../../contract/features';
import { Button, ButtonLink } from '../../ui/button';
import { DataTable } from '../../ui/data-table';
import { EmptyState } from '../../ui/empty-state';
import { FilterBar, FilterSelect, FilterText } from '../../ui/filter-bar';
import { paths } from '../../ui/paths';
import { ListHeader } from '../../ui/screen-header';
import { pageParam, sortParam, textParam, useListParams } from '../../ui/use-list-params';
import {
  assigneeColumn,
  estimateColumn,
  keyNameColumn,
  progressColumn,
  releaseColumn,
  statusColumn,
  tagsColumn,
} from '../../ui/work-item-columns';
import { releaseChoicesQuery } from './feature-form-choices';

export const FEATURES_PER_PAGE = 50;

const columns = [
  keyNameColumn<FeatureListItem>('feature'),
  statusColumn<FeatureListItem>(),
  releaseColumn<FeatureListItem>(),
  assigneeColumn<FeatureListItem>(),
  estimateColumn<FeatureListItem>(),
  progressColumn<FeatureListItem>('feature'),
  tagsColumn<FeatureListItem>(),
];

export const featureListParams = z.object({
  q: textParam(),
  status: textParam(),
  assignee: textParam(),
  tag: textParam(),
  release: textParam(),
  page: pageParam(),
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
  const workflows = useQuery(accountQueries.workflows(productId));
  const users = useQuery(accountQueries.users());
  const releases = useQuery(releaseChoicesQuery(productId));
  // `?release=` may carry a key (PLN-R-1) as well as an id; the select speaks ids.
  const releaseValue = releases.data?.releases.find((r) => r.id === release || r.reference_num === release)?.id ?? release;

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
        <FilterSelect
          label="Status"
          anyLabel="Any status"
          value={status}
          onChange={(v) => list.set({ status: v })}
          options={statusesFor(workflows.data, 'Feature').map((s) => ({ value: s.id, label: s.name }))}
        />
        <FilterSelect
          label="Assignee"
          anyLabel="Anyone"
          value={assignee}
          onChange={(v) => list.set({ assignee: v })}
          options={(users.data?.users ?? []).map((u) => ({ value: u.id, label: u.name || u.email }))}
        />
        <FilterText label="Tag" placeholder="Exact tag" value={tag} onChange={(v) => list.set({ tag: v })} />
        <FilterSelect
          label="Release"
          anyLabel="All releases"
          value={releaseValue}
          onChange={(v) => list.set({ release: v })}
          options={(releases.data?.releases ?? []).map((r) => ({ value: r.id, label: [r.reference_num, r.name].filter(Boolean).join(' ') }))}
        />
      </FilterBar>

      <DataTable
        framed
        label="Features"
        noun="features"
        columns={columns}
        rows={features.data?.features}
        rowKey={(f) => f.id}
        state={features}
        busy={features.isFetching}
        sort={sort}
        onSortChange={(next) => list.set({ sort: next })}
        exportName="features"
        empty={
          list.filtered ? (
            <EmptyState
              kind="search"
              title="No features match these filters"
              action={
                <Button variant="primary" onClick={list.clear}>
                  Clear filters
                </Button>
              }
            >
              Try other filters, or clear them to see every feature of this workspace.
            </EmptyState>
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
