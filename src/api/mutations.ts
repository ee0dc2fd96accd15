// The one way the app writes: `defineMutation` turns a kind and a fetcher into a mutation hook whose
// `meta` names the kind, and `invalidateAfterMutation` (wired into the app's MutationCache) refreshes
// every kind the invalidation graph in ./keys says that kind can change. Hooks only add what is
// particular to them (the answer put in the cache, an optimistic move); none invalidates by hand,
// so no screen is left showing a stale roll-up after an edit elsewhere.
import {
  MutationObserver,
  useMutation,
  useQueryClient,
  type Mutation,
  type Query,
  type QueryClient,
  type UseMutationResult,
} from '@tanstack/react-query';
import type { ApiError } from './client';
import { KIND_ROOTS, RECORD_KINDS, detailRoot, invalidationRoots, ownedKeyPrefixes, type RecordKind } from './keys';

/** What every mutation tells the MutationCache. */
export type PlannerMutationMeta = {
  kind?: RecordKind;
  /**
   * Other kinds the same write changes (a promote writes the idea and creates a feature, epic or
   * initiative): their graph roots are refreshed too.
   */
  alsoKinds?: readonly RecordKind[];
  /**
   * A delete: the record goes to the recycle bin, whose lists are refreshed. When the variables are
   * the deleted record's id, its own queries are marked stale, not refetched.
   */
  deletes?: boolean;
  /** Refresh after a failure too: an optimistic change put the caches out of step with the service. */
  invalidateOnError?: boolean;
  /**
   * The write's `onSuccess` already put everything it changed into the cache (a note's autosave:
   * its record and its name in the tree): the graph's queries are marked stale, not refetched now.
   */
  quiet?: boolean;
};

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: PlannerMutationMeta;
  }
}

function isRecordKind(value: unknown): value is RecordKind {
  return typeof value === 'string' && (RECORD_KINDS as readonly string[]).includes(value);
}

function startsWith(key: readonly unknown[], prefix: readonly unknown[]): boolean {
  return prefix.every((part, i) => key[i] === part);
}

/** A detail query of `kind` holding the record `id` — cached under its id, or under its key (`PLN-12`). */
function isDetailOf(query: Query, kind: RecordKind, id: string): boolean {
  const key = query.queryKey;
  if (!startsWith(key, detailRoot(kind))) return false;
  if (key[2] === id) return true;
  const data: unknown = query.state.data;
  return (
    typeof data === 'object' &&
    data !== null &&
    (('id' in data && data.id === id) || ('reference_num' in data && data.reference_num === id))
  );
}

/** Queries that belong to a deleted record: its detail (by id or key) and the sub-lists read through it. */
export function isOwnedBy(query: Query, kind: RecordKind, id: string): boolean {
  return isDetailOf(query, kind, id) || ownedKeyPrefixes(kind, id).some((prefix) => startsWith(query.queryKey, prefix));
}

/**
 * Invalidates every key root the graph names for the mutation's kind, and resolves when the active
 * queries among them have refetched — the mutation stays pending until then, so a form that
 * navigates on success lands on fresh numbers. A deleted record's own queries are only marked stale:
 * its page is still mounted while the app navigates away, and refetching them would fetch 404s.
 */
export async function invalidateAfterMutation(
  queryClient: QueryClient,
  mutation: Pick<Mutation<unknown, unknown, unknown, unknown>, 'meta' | 'state'>,
  error: unknown,
): Promise<void> {
  const meta = mutation.meta;
  const kind = meta?.kind;
  if (!isRecordKind(kind)) return;
  if (error !== null && error !== undefined && !meta?.invalidateOnError) return;
  const variables = mutation.state.variables;
  const deleted = meta?.deletes && typeof variables === 'string' ? variables : undefined;
  let keep: ((query: Query) => boolean) | undefined;
  if (deleted !== undefined) {
    const owned = (query: Query) => isOwnedBy(query, kind, deleted);
    await queryClient.invalidateQueries({ predicate: owned, refetchType: 'none' });
    keep = (query) => !owned(query);
  }
  const roots = new Set([kind, ...(meta?.alsoKinds ?? []).filter(isRecordKind)].flatMap((k) => invalidationRoots(k)));
  if (meta?.deletes) roots.add(KIND_ROOTS.deletion);
  await Promise.all(
    [...roots].map((root) =>
      queryClient.invalidateQueries({
        queryKey: [root],
        ...(keep ? { predicate: keep } : {}),
        ...(meta?.quiet ? { refetchType: 'none' as const } : {}),
      }),
    ),
  );
}

/** An optimistic change: applied before the request, undone if it fails. */
export interface Optimistic<TVariables, TContext> {
  apply: (queryClient: QueryClient, variables: TVariables) => Promise<TContext> | TContext;
  rollback: (queryClient: QueryClient, context: TContext) => void;
}

export interface MutationDefinition<TData, TVariables, TContext = unknown> {
  mutationFn: (variables: TVariables) => Promise<TData>;
  /** Kinds besides the hook's own that the write changes (see `PlannerMutationMeta.alsoKinds`). */
  alsoKinds?: readonly RecordKind[];
  /** A delete into the recycle bin; the variables, when a string, are the record's id (see `invalidateAfterMutation`). */
  deletes?: boolean;
  /** Runs before the graph's invalidation: put the answer where it belongs (the record's detail). */
  onSuccess?: (queryClient: QueryClient, data: TData, variables: TVariables) => void;
  /** `onSuccess` put the whole change in the cache: see `PlannerMutationMeta.quiet`. */
  quiet?: boolean;
  optimistic?: Optimistic<TVariables, TContext>;
}

export type MutationHookResult<TData, TVariables, TContext> = UseMutationResult<TData, ApiError, TVariables, TContext | undefined>;

/** What a definition tells the MutationCache. */
function metaOf(
  kind: RecordKind,
  {
    deletes,
    optimistic,
    alsoKinds,
    quiet,
  }: Pick<MutationDefinition<unknown, unknown>, 'deletes' | 'alsoKinds' | 'quiet'> & { optimistic?: unknown },
): PlannerMutationMeta {
  return {
    kind,
    deletes: deletes === true,
    invalidateOnError: optimistic !== undefined,
    ...(alsoKinds ? { alsoKinds } : {}),
    ...(quiet ? { quiet } : {}),
  };
}

function useDefinedMutation<TData, TVariables, TContext>(
  kind: RecordKind,
  definition: MutationDefinition<TData, TVariables, TContext>,
): MutationHookResult<TData, TVariables, TContext> {
  const queryClient = useQueryClient();
  const { mutationFn, onSuccess, optimistic } = definition;
  return useMutation<TData, ApiError, TVariables, TContext | undefined>({
    mutationFn,
    meta: metaOf(kind, definition),
    onMutate: optimistic ? (variables) => optimistic.apply(queryClient, variables) : undefined,
    onError: optimistic
      ? (_error, _variables, context) => {
          if (context !== undefined) optimistic.rollback(queryClient, context);
        }
      : undefined,
    onSuccess: onSuccess ? (data, variables) => onSuccess(queryClient, data, variables) : undefined,
  });
}

/**
 * A mutation hook for a write of `kind`: `export const useUpdateFeature = defineMutation('feature', {
 * mutationFn })`, or bound to arguments the hook takes: `defineMutation('release', (productId: string)
 * => ({ mutationFn }))`. The hook's `meta.kind` is what the MutationCache invalidates from.
 */
export function defineMutation<TData, TVariables, TContext = unknown>(
  kind: RecordKind,
  definition: MutationDefinition<TData, TVariables, TContext>,
): () => MutationHookResult<TData, TVariables, TContext>;
export function defineMutation<TArgs extends unknown[], TData, TVariables, TContext = unknown>(
  kind: RecordKind,
  build: (...args: TArgs) => MutationDefinition<TData, TVariables, TContext>,
): (...args: TArgs) => MutationHookResult<TData, TVariables, TContext>;
export function defineMutation<TArgs extends unknown[], TData, TVariables, TContext>(
  kind: RecordKind,
  source: MutationDefinition<TData, TVariables, TContext> | ((...args: TArgs) => MutationDefinition<TData, TVariables, TContext>),
): (...args: TArgs) => MutationHookResult<TData, TVariables, TContext> {
  return function useMutationHook(...args: TArgs) {
    return useDefinedMutation(kind, typeof source === 'function' ? source(...args) : source);
  };
}

/**
 * The same write started outside a component (the undo toast, which lives on after the screen that
 * raised it): run through the app's MutationCache like a hook's, so the graph refreshes what it
 * changed, and resolved once the active queries have refetched. Optimistic definitions are not taken.
 */
export function runMutation<TData, TVariables>(
  queryClient: QueryClient,
  kind: RecordKind,
  definition: Omit<MutationDefinition<TData, TVariables>, 'optimistic'>,
  variables: TVariables,
): Promise<TData> {
  const { mutationFn, onSuccess } = definition;
  const observer = new MutationObserver<TData, ApiError, TVariables>(queryClient, {
    mutationFn,
    meta: metaOf(kind, definition),
    onSuccess: onSuccess ? (data, vars) => onSuccess(queryClient, data, vars) : undefined,
  });
  return observer.mutate(variables);
}
