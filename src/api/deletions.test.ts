// The recycle bin's client: a restore refreshes every kind a deletion can hold (and what they roll up
// into), a delete of any kind refreshes the bin, and the dry run asks the service with `dry_run=true`.
import { MutationCache, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DELETION_TYPES } from '../contract/deletions';
import { KIND_OF_DELETION_TYPE, RESTORED_KINDS, restoreDeletion, restoreNow } from './deletions';
import { KIND_ROOTS } from './keys';
import { invalidateAfterMutation, runMutation } from './mutations';

const answer = {
  deletion: {
    id: 41,
    deleted_at: '2026-05-01T10:00:00Z',
    status: 'restored',
    record: { name: 'Offline mode', type: 'Epic', reference_num: 'PLN-E-3' },
    deleted_by: null,
  },
  restored: [{ type: 'Epic', id: 7, name: 'Offline mode', reference_num: 'PLN-E-3' }],
  contents: [{ type: 'Epic', count: 1 }],
  unrestored_links: [],
};

const urls: string[] = [];
function respond(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      urls.push(url);
      return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
    }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  urls.length = 0;
});

function client() {
  const qc: QueryClient = new QueryClient({
    mutationCache: new MutationCache({ onSettled: (_d, error, _v, _c, mutation) => invalidateAfterMutation(qc, mutation, error) }),
  });
  for (const root of new Set(Object.values(KIND_ROOTS))) qc.setQueryData([root, 'list'], { id: 'x' });
  return qc;
}
const invalidated = (qc: QueryClient) =>
  qc
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.isInvalidated)
    .map((q) => String(q.queryKey[0]))
    .sort();

describe('restore', () => {
  it('maps every deletion type to a kind of the app', () => {
    for (const type of DELETION_TYPES) expect(RESTORED_KINDS).toContain(KIND_OF_DELETION_TYPE[type]);
  });

  it('refreshes the bin and every kind a deletion can hold, with what they roll up into', async () => {
    respond(200, answer);
    const qc = client();
    const restored = await restoreNow(qc, '41');
    expect(restored.restored[0]?.id).toBe('7');
    expect(urls).toEqual(['/api/v1/deletions/41/restore']);
    const roots = invalidated(qc);
    for (const root of [
      'deletions',
      'features',
      'epics',
      'requirements',
      'releases',
      'initiatives',
      'goals',
      'ideas',
      'notes',
      'comments',
      'portal-users',
    ]) {
      expect(roots, root).toContain(root);
    }
  });

  it('asks for a dry run with dry_run=true', async () => {
    respond(200, { ...answer, deletion: { ...answer.deletion, status: 'dry_run' } });
    await restoreDeletion('41', { dryRun: true });
    expect(urls).toEqual(['/api/v1/deletions/41/restore?dry_run=true']);
  });
});

describe('a delete', () => {
  it('refreshes the recycle bin besides its own kind’s graph', async () => {
    const qc = client();
    await runMutation(qc, 'requirement', { mutationFn: async () => ({ deletionId: '3' }), deletes: true }, '12');
    expect(invalidated(qc)).toContain('deletions');
    const other = client();
    await runMutation(other, 'requirement', { mutationFn: async () => 'saved' }, '12');
    expect(invalidated(other)).not.toContain('deletions');
  });
});
