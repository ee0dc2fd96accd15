// Every epic of the account across workspaces (operation 7): a server-paged table with each
// epic's workspace, filterable by custom fields (the only filter the operation takes), kept in the
// URL like the workspace list's filters.
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { accountQueries } from '../../api/account';
import { EPIC_LIST_FIELDS, epicQueries } from '../../api/epics';
import { pickWorkspace, useRememberedProductId } from '../../api/workspace';
import { ButtonLink } from '../../ui/button';
import { FilterBar } from '../../ui/filter-bar';
import { paths } from '../../ui/paths';
import { ListHeader } from '../../ui/screen-header';
import { pageParam, sortParam, useListParams } from '../../ui/use-list-params';
import { CustomFieldFilters, customFieldFiltersFrom, customFieldParam, filterableFields } from './custom-field-filters';
import { EpicListEmpty, EpicListTabs } from './epic-list-tabs';
import { EpicTable, epicColumns } from './epic-table';
import './epics.css';

export const ALL_EPICS_PER_PAGE = 50;

export function AllEpicsPage() {
  const products = useQuery(accountQueries.products());
  const productList = products.data?.products ?? [];
  const workspaceId = pickWorkspace(productList, useRememberedProductId())?.id ?? null;
  const columns = epicColumns((productId) => {
    const product = productList.find((p) => p.id === productId);
    return product ? { name: product.name, prefix: product.reference_prefix } : null;
  });
  const list = useListParams(z.object({ page: pageParam(), sort: sortParam(columns.map((c) => c.id)) }));
  const customFilters = customFieldFiltersFrom(list.search);

  const epics = useQuery(
    epicQueries.list({ all: true }, { page: list.values.page, perPage: ALL_EPICS_PER_PAGE, customFields: customFilters, fields: EPIC_LIST_FIELDS }),
  );
  const customFields = useQuery(epicQueries.customFields({ all: true }));
  const fields = filterableFields(customFields.data ?? [], customFilters);

  return (
    <div className="stack">
      <ListHeader
        productId={null}
        title="All epics"
        actions={
          workspaceId ? (
            <ButtonLink to={paths.newEpic(workspaceId)} variant="primary">
              New epic
            </ButtonLink>
          ) : undefined
        }
      />
      <EpicListTabs productId={workspaceId} current="all" />

      <FilterBar label="Filter epics" onClear={list.clear} filtered={list.filtered}>
        {fields.length === 0 ? (
          <p className="muted epic-filters__none">
            {customFields.isPending
              ? 'Loading custom fields…'
              : customFields.isError
                ? 'The custom fields could not be loaded.'
                : 'No custom fields are defined for epics: nothing to filter on.'}
          </p>
        ) : (
          <CustomFieldFilters fields={fields} values={customFilters} onChange={(key, value) => list.set({ [customFieldParam(key)]: value })} />
        )}
      </FilterBar>

      <EpicTable
        columns={columns}
        query={epics}
        label="Epics of every workspace"
        sort={list.values.sort}
        onSortChange={(next) => list.set({ sort: next })}
        onPageChange={(p) => list.set({ page: p })}
        empty={<EpicListEmpty filtered={list.filtered} onClear={list.clear} scope="account" />}
      />
    </div>
  );
}
