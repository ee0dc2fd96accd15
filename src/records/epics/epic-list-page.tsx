// A workspace's epics (or one release's, with `?release=`, operation 6) as a filterable,
// server-paged table. Every filter — custom fields included — lives in the URL so a filtered list
// can be shared and survives reload.
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { z } from 'zod';
import { EPIC_LIST_FIELDS, epicQueries, type EpicScope } from '../../api/epics';
import { ButtonLink } from '../../ui/button';
import { FilterBar, FilterDate, FilterText } from '../../ui/filter-bar';
import { AssigneeFilter, ReleaseFilter, StatusFilter, useChosenRelease } from '../../ui/record-filters';
import { paths } from '../../ui/paths';
import { ListHeader } from '../../ui/screen-header';
import { dayParam, sortParam, useListParams, workItemFilterParams } from '../../ui/use-list-params';
import { CustomFieldFilters, customFieldFiltersFrom, customFieldParam, filterableFields } from './custom-field-filters';
import { EpicListEmpty, EpicListTabs } from './epic-list-tabs';
import { updatedSinceParam } from './epic-list-params';
import { EpicTable, epicColumns } from './epic-table';
import './epics.css';

export const EPICS_PER_PAGE = 50;
const columns = epicColumns();

export const epicListParams = z.object({
  ...workItemFilterParams(),
  updated: dayParam(),
  sort: sortParam(columns.map((c) => c.id)),
});

export function EpicListPage() {
  const { productId = '' } = useParams();
  // The release narrows the list but is not a filter to clear: a release with no epics is "empty".
  const list = useListParams(epicListParams, { keep: ['release'] });
  const { q, status, assignee, tag, updated, release, page, sort } = list.values;
  const customFilters = customFieldFiltersFrom(list.search);

  const scope: EpicScope = release ? { release } : { product: productId };
  const epics = useQuery(
    epicQueries.list(scope, {
      page,
      perPage: EPICS_PER_PAGE,
      q: q || undefined,
      tag: tag || undefined,
      updatedSince: updatedSinceParam(updated),
      assignedToUser: assignee || undefined,
      workflowStatus: status || undefined,
      customFields: customFilters,
      fields: EPIC_LIST_FIELDS,
    }),
  );
  const customFields = useQuery(epicQueries.customFields({ product: productId }));
  const chosenRelease = useChosenRelease(productId, release);
  const releaseValue = chosenRelease?.id ?? release;
  const newEpicHref = paths.newEpic(productId, { release: releaseValue || undefined });

  return (
    <div className="stack">
      <ListHeader
        productId={productId}
        title="Epics"
        meta={
          chosenRelease ? (
            <span>
              Release{' '}
              <Link to={paths.release(chosenRelease.id)}>{[chosenRelease.reference_num, chosenRelease.name].filter(Boolean).join(' ')}</Link>
            </span>
          ) : undefined
        }
        actions={
          <ButtonLink to={newEpicHref} variant="primary">
            New epic
          </ButtonLink>
        }
      />
      <EpicListTabs productId={productId} current="workspace" />

      <FilterBar label="Filter epics" onClear={list.clear} filtered={list.filtered}>
        <FilterText label="Search" type="search" placeholder="Name contains…" value={q} onChange={(v) => list.set({ q: v })} wide />
        <ReleaseFilter productId={productId} value={release} onChange={(v) => list.set({ release: v })} />
        <StatusFilter productId={productId} kind="Epic" value={status} onChange={(v) => list.set({ status: v })} />
        <AssigneeFilter value={assignee} onChange={(v) => list.set({ assignee: v })} />
        <FilterText label="Tag" placeholder="Exact tag" value={tag} onChange={(v) => list.set({ tag: v })} />
        <FilterDate label="Updated since" value={updated} onChange={(v) => list.set({ updated: v })} />
        <CustomFieldFilters
          fields={filterableFields(customFields.data ?? [], customFilters)}
          values={customFilters}
          onChange={(key, value) => list.set({ [customFieldParam(key)]: value })}
        />
      </FilterBar>

      <EpicTable
        columns={columns}
        query={epics}
        label="Epics"
        sort={sort}
        onSortChange={(next) => list.set({ sort: next })}
        onPageChange={(p) => list.set({ page: p })}
        errorAction={release ? <Link to={paths.epics(productId)}>Show the epics of every release</Link> : undefined}
        empty={
          <EpicListEmpty filtered={list.filtered} onClear={list.clear} scope={release ? 'release' : 'workspace'} newEpicHref={newEpicHref} />
        }
      />
    </div>
  );
}
