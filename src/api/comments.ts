// Comments over HTTP (issue 12): a record's thread and a workspace's comments (paged, in thread
// order, oldest or newest threads first), one comment, and the create / edit / delete hooks. A
// comment write refreshes the comments and, through the registry's "shown in" edges (./keys), the
// records that answer a `comments_count`, wherever they are shown.
import { infiniteQueryOptions, type QueryClient } from '@tanstack/react-query';
import {
  commentEnvelope,
  commentPage,
  type Comment,
  type CommentableKind,
  type CommentCreateInput,
  type CommentOrder,
  type CommentUpdateInput,
} from '../contract/comments';
import { apiDelete, apiGet, apiPost, apiPut, type DeleteAnswer } from './client';
import { keys } from './keys';
import { defineMutation } from './mutations';
import { pagedQuery, readQuery, seg } from './records';

/** The record a thread hangs from: its kind as paths name it and its id or key (`{ kind: 'features', id: 'PLN-12' }`). */
export interface CommentTarget {
  kind: CommentableKind;
  id: string;
}

export interface CommentListParams {
  page?: number;
  perPage?: number;
  order?: CommentOrder;
}

const query = (params: CommentListParams) => ({ page: params.page ?? 1, per_page: params.perPage, order: params.order });

/** A page of a record's thread. */
export const fetchComments = (target: CommentTarget, params: CommentListParams = {}, signal?: AbortSignal) =>
  apiGet(`/${target.kind}/${seg(target.id)}/comments`, commentPage, query(params), { signal });

/** A page of every comment of a workspace. */
export const fetchProductComments = (productId: string, params: CommentListParams = {}, signal?: AbortSignal) =>
  apiGet(`/products/${seg(productId)}/comments`, commentPage, query(params), { signal });

export const fetchComment = async (id: string, signal?: AbortSignal): Promise<Comment> =>
  (await apiGet(`/comments/${seg(id)}`, commentEnvelope, undefined, { signal })).comment;

export const createComment = async (target: CommentTarget, input: CommentCreateInput): Promise<Comment> =>
  (await apiPost(`/${target.kind}/${seg(target.id)}/comments`, { comment: input }, commentEnvelope)).comment;

export const updateComment = async (id: string, input: CommentUpdateInput): Promise<Comment> =>
  (await apiPut(`/comments/${seg(id)}`, { comment: input }, commentEnvelope)).comment;

export const deleteComment = (id: string): Promise<DeleteAnswer> => apiDelete(`/comments/${seg(id)}`);

export const commentQueries = {
  all: keys.comments.all,
  list: (target: CommentTarget, params: CommentListParams = {}) =>
    pagedQuery(keys.comments.list(target.kind, target.id, params), (signal) => fetchComments(target, params, signal)),
  product: (productId: string, params: CommentListParams = {}) =>
    pagedQuery(keys.comments.product(productId, params), (signal) => fetchProductComments(productId, params, signal)),
  detail: (id: string) => readQuery(keys.comments.detail(id), (signal) => fetchComment(id, signal)),
  /**
   * A record's thread as the comments panel reads it: pages of `THREAD_PAGE_SIZE`, the next one
   * fetched as the reader nears the end (under the record's thread key, so every comment write
   * refreshes it).
   */
  thread: (target: CommentTarget, order: CommentOrder) =>
    infiniteQueryOptions({
      queryKey: keys.comments.list(target.kind, target.id, { order, perPage: THREAD_PAGE_SIZE, thread: true }),
      queryFn: ({ pageParam, signal }) => fetchComments(target, { page: pageParam, perPage: THREAD_PAGE_SIZE, order }, signal),
      initialPageParam: 1,
      getNextPageParam: (last) =>
        last.pagination.current_page < last.pagination.total_pages ? last.pagination.current_page + 1 : undefined,
    }),
};

/**
 * Comments per page of a thread in the panel: the first screen needs a dozen; 100 keeps the first
 * answer small (a few ms at 1,000 comments, docs/decisions.md) and a long thread a few pages.
 */
export const THREAD_PAGE_SIZE = 100;

const cacheComment = (queryClient: QueryClient, comment: Comment): void => {
  queryClient.setQueryData(commentQueries.detail(comment.id).queryKey, comment);
};

/** A comment (or, with `parent_comment_id`, a reply) on the record the hook is bound to. */
export const useCreateComment = defineMutation('comment', (target: CommentTarget) => ({
  mutationFn: (input: CommentCreateInput) => createComment(target, input),
  onSuccess: cacheComment,
}));

/** A comment's new body: variables `{ id, input }`. */
export const useUpdateComment = defineMutation('comment', {
  mutationFn: ({ id, input }: { id: string; input: CommentUpdateInput }) => updateComment(id, input),
  onSuccess: cacheComment,
});

/** Deletes a comment (variables: its id); one with replies stays as their placeholder. */
export const useDeleteComment = defineMutation('comment', { mutationFn: deleteComment, deletes: true });

/** Where the order a person chose is kept, per user. */
const ORDER_KEY = 'planner.comment-order';

/** The order this user last chose (newest first until they choose). */
export function readOrder(userId: string | undefined, storage: Pick<Storage, 'getItem'> | undefined = safeStorage()): CommentOrder {
  const stored = userId ? storage?.getItem(`${ORDER_KEY}.${userId}`) : null;
  return stored === 'oldest' || stored === 'newest' ? stored : 'newest';
}

export function saveOrder(
  userId: string | undefined,
  order: CommentOrder,
  storage: Pick<Storage, 'setItem'> | undefined = safeStorage(),
): void {
  if (!userId) return;
  try {
    storage?.setItem(`${ORDER_KEY}.${userId}`, order);
  } catch {
    // A full or refused storage only loses the preference.
  }
}

function safeStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * Starts reading a record's thread (its first page, in the order the signed-in person chose) while
 * the record's page is still being drawn: a route loader's warm step, so the thread's answer does
 * not wait for the page's first render.
 */
export function warmThread(queryClient: QueryClient, target: CommentTarget): void {
  const me = queryClient.getQueryData<{ id: string }>(keys.account.me());
  // Not awaited: the page does not wait for its comments (the panel shows its skeleton meanwhile).
  void queryClient.prefetchInfiniteQuery(commentQueries.thread(target, readOrder(me?.id)));
}
