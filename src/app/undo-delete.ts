// Undo after every delete, in one place: whatever screen deleted whatever record, the write went
// through the app's MutationCache, and a DELETE that sent its record to the recycle bin answered the
// deletion's id (`X-Deletion-Id`, src/api/client.ts). This watcher sees that answer and offers Undo in
// a toast (src/ui/toast.ts: 10 s, paused on hover and focus, the next Tab stop). Undo restores the
// deletion through the same cache — every kind it brings back and what they roll up into refresh —
// and, when the delete took the person off the page they were on (a record's page goes back to its
// list), takes them back there.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { isBinnedDelete } from '../api/client';
import type { UndoNavigation } from './undo-toast';

/**
 * Watches every write of `queryClient`: remembers where the person was when each started, and
 * offers Undo after each one that answered a recycle-bin deletion. Returns the unsubscribe.
 */
export function watchDeletes(queryClient: QueryClient, nav: UndoNavigation): () => void {
  const startedAt = new WeakMap<object, string>();
  return queryClient.getMutationCache().subscribe((event) => {
    if (event.type !== 'updated') return;
    const { mutation, action } = event;
    if (action.type === 'pending') startedAt.set(mutation, nav.here());
    else if (action.type === 'success' && isBinnedDelete(action.data)) {
      const { deletionId } = action.data;
      const from = startedAt.get(mutation) ?? nav.here();
      void import('./undo-toast').then(({ offerUndo }) => offerUndo(queryClient, deletionId, from, nav));
    }
  });
}

/** Mounted once by the signed-in layout: Undo after every delete, wherever it was made. */
export function useUndoAfterDelete(): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEffect(
    () =>
      watchDeletes(queryClient, {
        here: () => `${window.location.pathname}${window.location.search}`,
        navigate: (to) => void navigate(to),
      }),
    [queryClient, navigate],
  );
}
