// The recycle bin (issue 13): what is in it, one deletion, the dry run of a restore (what would come
// back), the restore itself and, for administrators, the purge. A restore can bring back a record of
// any kind with what hung from it and put roll-ups back anywhere, so it declares every kind a
// deletion can hold: the graph (./keys) then refreshes each of them and all they roll up into.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { deletionEnvelope, deletionPage, restoreAnswerSchema, type DeletionType, type RestoreAnswer } from '../contract/deletions';
import { apiDelete, apiGet, apiPost } from './client';
import { keys, type RecordKind } from './keys';
import { defineMutation, runMutation, type MutationDefinition } from './mutations';
import { pagedQuery, readQuery, seg } from './records';

/** The filters of the bin's list, as the service names them in `GET /deletions`. */
export interface DeletionFilters {
  page?: number;
  perPage?: number;
  /** Name contains. */
  q?: string;
  /** One of DELETION_TYPES, or several comma-separated. */
  recordType?: string;
  /** A user's id or email. */
  deletedBy?: string;
  /** A workspace's id; left out, the whole account's bin. */
  productId?: string;
}

export const DELETIONS_PER_PAGE = 25;

export function fetchDeletions(filters: DeletionFilters, signal?: AbortSignal) {
  return apiGet(
    '/deletions',
    deletionPage,
    {
      page: filters.page,
      per_page: filters.perPage ?? DELETIONS_PER_PAGE,
      q: filters.q,
      record_type: filters.recordType,
      deleted_by: filters.deletedBy,
      product_id: filters.productId,
    },
    { signal },
  );
}

export async function fetchDeletion(deletionId: string, signal?: AbortSignal) {
  return (await apiGet(`/deletions/${seg(deletionId)}`, deletionEnvelope, undefined, { signal })).deletion;
}

/** `POST /deletions/{id}/restore` (empty body); `dryRun` answers what would come back and changes nothing. */
export function restoreDeletion(deletionId: string, { dryRun = false }: { dryRun?: boolean } = {}): Promise<RestoreAnswer> {
  return apiPost(`/deletions/${seg(deletionId)}/restore${dryRun ? '?dry_run=true' : ''}`, undefined, restoreAnswerSchema);
}

/** Administrators only (a member gets 403): the deletion and everything in it, gone for good. */
export async function purgeDeletion(deletionId: string): Promise<void> {
  await apiDelete(`/deletions/${seg(deletionId)}`);
}

export const deletionQueries = {
  all: keys.deletions.all,
  list: (filters: DeletionFilters) => pagedQuery(keys.deletions.list(filters), (signal) => fetchDeletions(filters, signal)),
  detail: (deletionId: string) => readQuery(keys.deletions.detail(deletionId), (signal) => fetchDeletion(deletionId, signal)),
  /**
   * The dry run, read when the restore dialog opens. A POST that changes nothing, so it is a query:
   * asked again on every opening (stale at once, not retried — a 422 is the answer, not a failure).
   */
  preview: (deletionId: string) =>
    queryOptions({
      queryKey: keys.deletions.preview(deletionId),
      queryFn: () => restoreDeletion(deletionId, { dryRun: true }),
      staleTime: 0,
      gcTime: 0,
      retry: false,
      refetchOnWindowFocus: false,
    }),
};

/** The app's kind of the records of each deletion type (votes and organizations sit under the ideas, workspaces and teams under the account). */
export const KIND_OF_DELETION_TYPE: Readonly<Record<DeletionType, RecordKind>> = {
  Feature: 'feature',
  Epic: 'epic',
  Requirement: 'requirement',
  Release: 'release',
  ReleasePhase: 'release_phase',
  Initiative: 'initiative',
  Goal: 'goal',
  Idea: 'idea',
  Page: 'page',
  Comment: 'comment',
  PortalUser: 'portal_user',
  IdeaVote: 'idea',
  IdeaOrganization: 'idea',
  // Workspaces and teams are account records: the sidebar, the switcher and every form read them there.
  Product: 'account',
  Team: 'account',
};

/** Every kind a restore can put back: a restore refreshes them all and, through the graph, what they roll up into. */
export const RESTORED_KINDS: readonly RecordKind[] = [...new Set(Object.values(KIND_OF_DELETION_TYPE))];

const restore: MutationDefinition<RestoreAnswer, string> = {
  mutationFn: (deletionId) => restoreDeletion(deletionId),
  alsoKinds: RESTORED_KINDS,
};

/** Restore from the bin's dialog: variables are the deletion's id. */
export const useRestoreDeletion = defineMutation('deletion', restore);

/** Restore from outside a screen (the undo toast): the same write, through the app's MutationCache. */
export const restoreNow = (queryClient: QueryClient, deletionId: string): Promise<RestoreAnswer> =>
  runMutation(queryClient, 'deletion', restore, deletionId);

/** Purge for good (administrators): only the bin changes. */
export const usePurgeDeletion = defineMutation('deletion', { mutationFn: purgeDeletion });
