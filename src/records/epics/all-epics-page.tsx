// Every epic of the account across workspaces (operation 7): a server-paged table with each
// epic's workspace, filterable by custom fields (the only filter the operation takes), kept in the
// URL like the workspace list's filters.
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { accountQueries } from '../../api/account';
import { EPIC_LIST_FIELDS, epicQueries } from '../../api/epics';
import { useRememberedProductId } from '../../api/workspace';
import { Button, ButtonLink } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { ErrorState } from '../../ui/error-state';
import { Loading } from '../../ui/loading';
import { PageHeader } from '../../ui/page-header';
import { Pager } from '../../ui/pager';
import { paths } from '../../ui/paths';
import { CustomFieldFilters, customFieldFiltersFrom, customFieldParam, filterableFields } from './custom-field-filters';
import { EpicListTabs } from './epic-list-tabs';
import { EpicTable } from './epic-table';
import './epics.css';

export const ALL_EPICS_PER_PAGE = 50;

export function AllEpicsPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const customFilters = customFieldFiltersFrom(params);
  const filtered = Object.keys(customFilters).length > 0;
  const products = useQuery(accountQueries.products());
  const remembered = useRememberedProductId();
  const productList = products.data?.products ?? [];
  const workspaceId = productList.find((p) => p.id === remembered)?.id ?? productList[0]?.id ?? null;

  const setParam = (name: string, value: string, isPage = false) => {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(name, value);
        else next.delete(name);
        if (!isPage) next.delete('page');
        return next;
      },
      { replace: !isPage },
    );
  };

  const epics = useQuery(
    epicQueries.list({ all: true }, { page, perPage: ALL_EPICS_PER_PAGE, customFields: customFilters, fields: EPIC_LIST_FIELDS }),
  );
  const customFields = useQuery(epicQueries.customFields({ all: true }));
  const fields = filterableFields(customFields.data ?? [], customFilters);
  const clearFilters = () => setParams(new URLSearchParams(), { replace: true });

  const workspaceOf = (productId: string | undefined) => {
    const product = productList.find((p) => p.id === productId);
    return product ? { name: product.name, prefix: product.reference_prefix } : null;
  };
  const rows = epics.data?.epics ?? [];

  return (
    <div className="stack">
      <PageHeader
        title="All epics"
        meta={<span className="muted">Every workspace of the account</span>}
        actions={
          workspaceId ? (
            <ButtonLink to={paths.newEpic(workspaceId)} variant="primary">
              New epic
            </ButtonLink>
          ) : undefined
        }
      />
      <EpicListTabs productId={workspaceId} current="all" />

      <form className="card epic-filters" role="search" aria-label="Filter epics" onSubmit={(e) => e.preventDefault()}>
        {fields.length === 0 ? (
          <p className="muted epic-filters__none">
            {customFields.isPending
              ? 'Loading custom fields…'
              : customFields.isError
                ? 'The custom fields could not be loaded.'
                : 'No custom fields are defined for epics: nothing to filter on.'}
          </p>
        ) : (
          <CustomFieldFilters
            fields={fields}
            values={customFilters}
            onChange={(key, value) => setParam(customFieldParam(key), value)}
            idPrefix="all-epic-filter"
          />
        )}
        <div className="epic-filters__actions">
          <Button variant="ghost" onClick={clearFilters} disabled={!filtered}>
            Clear filters
          </Button>
        </div>
      </form>

      {epics.isPending ? (
        <div className="card">
          <Loading label="Loading epics…" variant="skeleton" rows={8} />
        </div>
      ) : epics.isError ? (
        <ErrorState error={epics.error} onRetry={() => void epics.refetch()} retrying={epics.isFetching} />
      ) : rows.length === 0 ? (
        <div className="card">
          {filtered ? (
            <EmptyState
              title="No epics match these filters"
              action={
                <Button variant="primary" onClick={clearFilters}>
                  Clear filters
                </Button>
              }
            >
              Try other values, or clear the filters to see every epic of the account.
            </EmptyState>
          ) : (
            <EmptyState title="No epics yet">Epics created in any workspace show here.</EmptyState>
          )}
        </div>
      ) : (
        <div className="card card--flush" aria-busy={epics.isFetching}>
          <EpicTable rows={rows} page={page} label="Epics of every workspace" workspaceOf={workspaceOf} />
          <div className="epic-table__footer">
            <Pager
              pagination={epics.data.pagination}
              onPageChange={(p) => setParam('page', p > 1 ? String(p) : '', true)}
              noun="epics"
              label="Epic pages"
              disabled={epics.isPlaceholderData}
            />
          </div>
        </div>
      )}
    </div>
  );
}
