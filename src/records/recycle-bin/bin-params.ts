// The recycle bin's address: search, kind, who deleted, this workspace or the whole account, page —
// read by the route's loader and by the screen through one schema, so both ask for the same list.
import { z } from 'zod';
import { deletionQueries, type DeletionFilters } from '../../api/deletions';
import { DELETION_TYPES } from '../../contract/deletions';
import { pageParam, readListParams, textParam } from '../../ui/use-list-params';

export const binListParams = z.object({
  q: textParam(),
  /** One deletion type (`Epic`, `ReleasePhase` …); '' for every kind. */
  kind: z.enum(DELETION_TYPES).or(z.literal('')).catch(''),
  /** A user's id: deleted by them. */
  by: textParam(),
  /**
   * `all`: the whole account's bin. A workspace's bin leaves out what belongs to no workspace (idea
   * organizations), so it is one choice away.
   */
  scope: z.enum(['all', '']).catch(''),
  page: pageParam(),
});
export type BinListValues = z.output<typeof binListParams>;

export function binFilters(productId: string, values: BinListValues): DeletionFilters {
  return {
    page: values.page,
    q: values.q || undefined,
    recordType: values.kind || undefined,
    deletedBy: values.by || undefined,
    productId: values.scope === 'all' ? undefined : productId,
  };
}

/** The list the address asks for (the loader's and the screen's). */
export const binListQuery = (productId: string, search: URLSearchParams) =>
  deletionQueries.list(binFilters(productId, readListParams(binListParams, search)));
