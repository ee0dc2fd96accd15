// @vitest-environment jsdom
// Undo after a delete, wherever it was made: a write that answered a recycle-bin deletion raises a
// toast naming what went (read back from the service) with Undo; Undo restores it, goes back to the
// page the delete was made on when the person was taken away, and says how it went.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import { fetchDeletion, restoreNow } from '../api/deletions';
import { dismissToast } from '../ui/toast';
import { createQueryClient } from './query-client';
import { watchDeletes } from './undo-delete';
import { DELETED_FALLBACK } from './undo-toast';

vi.mock('../api/deletions', () => ({ fetchDeletion: vi.fn(), restoreNow: vi.fn() }));

const deletion = {
  id: '41',
  deleted_at: '2026-05-01T10:00:00Z',
  status: 'deleted' as const,
  record: { name: 'Offline mode', type: 'Epic', reference_num: 'PLN-E-3', id: '7', product_id: '1' },
  deleted_by: null,
  contents: [{ type: 'Comment', count: 2 }],
};

const answer = {
  deletion: { ...deletion, status: 'restored' as const },
  restored: [{ type: 'Epic', id: '7', name: 'Offline mode', reference_num: 'PLN-E-3' }],
  contents: [{ type: 'Epic', count: 1 }],
  unrestored_links: [],
};

let here = '/epics/PLN-E-3';
const navigate = vi.fn((to: string) => {
  here = to;
});

const toastText = () => document.querySelector('#toast-region .toast')?.textContent ?? '';
const undoButton = () => document.querySelector<HTMLButtonElement>('#toast-region .toast__action');

/** A delete as the screens make it: the page it starts on, the answer, the page it leaves for. */
async function deleteFrom(client: ReturnType<typeof createQueryClient>, answerOfDelete: unknown, leaveFor?: string) {
  await client
    .getMutationCache()
    .build(client, { mutationFn: async () => answerOfDelete, meta: { kind: 'epic', deletes: true } })
    .execute('7');
  if (leaveFor) here = leaveFor;
  await vi.waitFor(() => expect(undoButton()).not.toBeNull());
}

beforeEach(() => {
  here = '/epics/PLN-E-3';
  navigate.mockClear();
  vi.mocked(fetchDeletion).mockResolvedValue(deletion);
  vi.mocked(restoreNow).mockResolvedValue(answer);
});

afterEach(() => {
  dismissToast();
  document.body.replaceChildren();
  vi.clearAllMocks();
});

describe('undo after a delete', () => {
  it('names what went to the bin, and Undo restores it and goes back to the page it was deleted on', async () => {
    const client = createQueryClient();
    const stop = watchDeletes(client, { here: () => here, navigate });
    await deleteFrom(client, { deletionId: '41' }, '/w/1/epics');
    expect(fetchDeletion).toHaveBeenCalledWith('41');
    expect(toastText()).toBe('Deleted epic PLN-E-3 “Offline mode” with 2 comments.Undo');

    undoButton()?.click();
    await vi.waitFor(() => expect(toastText()).toBe('Restored epic PLN-E-3 “Offline mode”.'));
    expect(restoreNow).toHaveBeenCalledWith(client, '41');
    expect(navigate).toHaveBeenCalledWith('/epics/PLN-E-3');
    stop();
  });

  it('stays where the person is when the delete did not move them', async () => {
    const client = createQueryClient();
    const stop = watchDeletes(client, { here: () => here, navigate });
    here = '/features/PLN-12';
    await deleteFrom(client, { deletionId: '41' });
    undoButton()?.click();
    await vi.waitFor(() => expect(toastText()).toMatch(/^Restored/));
    expect(navigate).not.toHaveBeenCalled();
    stop();
  });

  it('says why when the restore is refused, in the service’s words', async () => {
    vi.mocked(restoreNow).mockRejectedValue(
      new ApiError(422, 'Validation failed', { release_id: ['release PLN-R-3 is in the recycle bin (deletion 40): restore it first'] }),
    );
    const client = createQueryClient();
    const stop = watchDeletes(client, { here: () => here, navigate });
    await deleteFrom(client, { deletionId: '41' }, '/w/1/epics');
    undoButton()?.click();
    await vi.waitFor(() =>
      expect(toastText()).toBe('Could not undo: release PLN-R-3 is in the recycle bin (deletion 40): restore it first'),
    );
    expect(document.querySelector('#toast-region .toast')?.className).toContain('toast--problem');
    expect(navigate).not.toHaveBeenCalled();
    stop();
  });

  it('still offers Undo when the deletion cannot be read back', async () => {
    vi.mocked(fetchDeletion).mockRejectedValue(new ApiError(0, 'offline'));
    const client = createQueryClient();
    const stop = watchDeletes(client, { here: () => here, navigate });
    await deleteFrom(client, { deletionId: '41' });
    expect(toastText()).toBe(`${DELETED_FALLBACK}Undo`);
    stop();
  });

  it('offers nothing after a write that named no deletion', async () => {
    const client = createQueryClient();
    const stop = watchDeletes(client, { here: () => here, navigate });
    await client
      .getMutationCache()
      .build(client, { mutationFn: async () => ({ deletionId: null }), meta: { kind: 'epic', deletes: true } })
      .execute('7');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fetchDeletion).not.toHaveBeenCalled();
    expect(undoButton()).toBeNull();
    stop();
  });
});
