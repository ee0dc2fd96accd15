// The undo toast of a delete and what its Undo does (undo-delete.ts watches for deletes and loads
// this the first time one happens, so the first screen does not download the recycle bin's client).
import type { QueryClient } from '@tanstack/react-query';
import { fetchDeletion, restoreNow } from '../api/deletions';
import { deletedMessage, restoredMessage, restoreProblem } from '../ui/deletion-labels';
import { showToast } from '../ui/toast';

export interface UndoNavigation {
  /** Where the person is now: path and query. */
  here: () => string;
  navigate: (to: string) => void;
}

/** When the deletion cannot be read back, the toast still offers Undo with what is sure. */
export const DELETED_FALLBACK = 'Deleted. It stays in the recycle bin for 30 days.';

/** Restores `deletionId`, says how it went, and goes back to `from` if the person was taken away from it. */
export async function undoDelete(queryClient: QueryClient, deletionId: string, from: string, nav: UndoNavigation): Promise<void> {
  showToast('Restoring…', 'busy');
  try {
    const answer = await restoreNow(queryClient, deletionId);
    if (nav.here() !== from) nav.navigate(from);
    // Links that could not come back are worth a look (the bin's dialog lists them); the restore still happened.
    showToast(restoredMessage(answer), answer.unrestored_links.length > 0 ? 'problem' : 'done');
  } catch (error) {
    showToast(`Could not undo: ${restoreProblem(error)}`, 'problem');
  }
}

/** The toast after a delete: what went to the bin (read back from the service), and Undo. */
export async function offerUndo(queryClient: QueryClient, deletionId: string, from: string, nav: UndoNavigation): Promise<void> {
  let message = DELETED_FALLBACK;
  try {
    message = deletedMessage(await fetchDeletion(deletionId));
  } catch {
    // The delete is done and the id is known: Undo works without the words.
  }
  showToast(message, { action: { label: 'Undo', run: () => void undoDelete(queryClient, deletionId, from, nav) } });
}
