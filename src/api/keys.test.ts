// The invalidation graph against the service's roll-up chain, and the factory applying it through a
// real QueryClient's MutationCache with a fake write.
import { MutationCache, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ROLLUP_EDGES as SERVER_ROLLUP_EDGES, type RollupKind } from '../../server/store/rollup-edges';
import { INVALIDATION_GRAPH, RECORD_KINDS, ROLLUP_EDGES, rollupClosure, type Edge, type RecordKind } from './keys';
import { invalidateAfterMutation } from './mutations';

/**
 * The service's own roll-up edges (server/store/rollup-edges.ts, the table its scheduler walks), in
 * the client's kind names. A test may reach across zones: this is the one place both sides meet, so
 * a new roll-up on the server without its invalidation edge here fails the build.
 */
const SERVER_KIND_NAMES: Record<RollupKind, RecordKind> = {
  requirement: 'requirement',
  feature: 'feature',
  phase: 'release_phase',
  release: 'release',
  epic: 'epic',
  initiative: 'initiative',
  goal: 'goal',
};
const SERVER_EDGES: readonly Edge[] = SERVER_ROLLUP_EDGES.map((e) => [SERVER_KIND_NAMES[e.from], SERVER_KIND_NAMES[e.to]] as const);

const sorted = (edges: readonly Edge[]) => edges.map(([a, b]) => `${a}->${b}`).sort();

describe('invalidation graph', () => {
  it('has exactly the service roll-up edges', () => {
    expect(sorted(ROLLUP_EDGES)).toEqual(sorted(SERVER_EDGES));
  });

  it('follows each kind up its whole roll-up chain', () => {
    expect(rollupClosure('requirement')).toEqual(['requirement', 'feature', 'epic', 'release', 'release_phase', 'initiative', 'goal']);
    expect(rollupClosure('feature')).toEqual(['feature', 'epic', 'release', 'release_phase', 'initiative', 'goal']);
    expect(rollupClosure('epic')).toEqual(['epic', 'initiative', 'goal']);
    expect(rollupClosure('release')).toEqual(['epic', 'release', 'initiative', 'goal']);
    expect(rollupClosure('initiative')).toEqual(['initiative', 'goal']);
    expect(rollupClosure('goal')).toEqual(['goal']);
  });

  it('names the key roots a write refreshes, display edges included', () => {
    expect([...INVALIDATION_GRAPH.feature].sort()).toEqual([
      'audits',
      'epics',
      'features',
      'goals',
      'ideas',
      'initiatives',
      'releases',
      'requirements',
    ]);
    expect([...INVALIDATION_GRAPH.goal].sort()).toEqual(['audits', 'goals', 'initiatives']);
    expect([...INVALIDATION_GRAPH.release].sort()).toEqual(['audits', 'epics', 'features', 'goals', 'initiatives', 'releases']);
  });

  it('refreshes every idea screen after an idea write (a merge changes two ideas), and ideas after what they name', () => {
    // Ideas roll up into nothing: a write of one (a merge, an unmerge) refreshes the ideas root (and the history) alone.
    expect(INVALIDATION_GRAPH.idea).toEqual(['ideas', 'audits']);
    expect(rollupClosure('idea')).toEqual(['idea']);
    // An idea page names the feature, epic or initiative it was promoted to, and its portal.
    for (const kind of ['feature', 'epic', 'initiative', 'idea_portal'] as const) expect(INVALIDATION_GRAPH[kind]).toContain('ideas');
    expect(INVALIDATION_GRAPH.portal_user).toEqual(['portal-users', 'audits']);
    expect([...INVALIDATION_GRAPH.idea_portal].sort()).toEqual(['audits', 'idea-portals', 'ideas', 'portal-users']);
  });

  it('refreshes the record history after a write of any audited kind, and never the historical search', () => {
    for (const kind of RECORD_KINDS) {
      if (kind === 'audit' || kind === 'historical_audit') continue;
      expect(INVALIDATION_GRAPH[kind], kind).toContain('audits');
      expect(INVALIDATION_GRAPH[kind], kind).not.toContain('historical-audits');
    }
    expect(INVALIDATION_GRAPH.audit).toEqual(['audits']);
    expect(INVALIDATION_GRAPH.historical_audit).toEqual(['historical-audits']);
  });
});

describe('invalidateAfterMutation', () => {
  function client() {
    const qc: QueryClient = new QueryClient({
      mutationCache: new MutationCache({
        onSettled: (_d, error, _v, _c, mutation) => invalidateAfterMutation(qc, mutation, error),
      }),
    });
    for (const key of [
      ['features', 'detail', '1'],
      ['epics', 'detail', '2'],
      ['initiatives', 'tree', '1'],
      ['goals', 'list', '1'],
      ['account', 'users'],
    ]) {
      qc.setQueryData(key, { id: 'x' });
    }
    return qc;
  }
  const invalidated = (qc: QueryClient) =>
    qc
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.isInvalidated)
      .map((q) => q.queryKey[0])
      .sort();

  it('refreshes every kind a feature write rolls up into, and nothing else', async () => {
    const qc = client();
    await qc
      .getMutationCache()
      .build(qc, { mutationFn: async () => 'ok', meta: { kind: 'feature' } })
      .execute(undefined);
    expect(invalidated(qc)).toEqual(['epics', 'features', 'goals', 'initiatives']);
  });

  it('refreshes the roots of every kind a write names (a promote writes an idea and creates a feature, epic or initiative)', async () => {
    const qc = client();
    qc.setQueryData(['ideas', 'detail', '9'], { id: '9' });
    await qc
      .getMutationCache()
      .build(qc, { mutationFn: async () => 'ok', meta: { kind: 'idea', alsoKinds: ['feature', 'epic', 'initiative'] } })
      .execute(undefined);
    expect(invalidated(qc)).toEqual(['epics', 'features', 'goals', 'ideas', 'initiatives']);
    // The idea kind alone would refresh only the ideas.
    const alone = client();
    alone.setQueryData(['ideas', 'detail', '9'], { id: '9' });
    await alone
      .getMutationCache()
      .build(alone, { mutationFn: async () => 'ok', meta: { kind: 'idea' } })
      .execute(undefined);
    expect(invalidated(alone)).toEqual(['ideas']);
  });

  it('leaves the caches alone after a failed write unless it was optimistic', async () => {
    const qc = client();
    const fail = async () => {
      throw new Error('no');
    };
    await expect(
      qc
        .getMutationCache()
        .build(qc, { mutationFn: fail, meta: { kind: 'goal' } })
        .execute(undefined),
    ).rejects.toThrow();
    expect(invalidated(qc)).toEqual([]);
    await expect(
      qc
        .getMutationCache()
        .build(qc, { mutationFn: fail, meta: { kind: 'goal', invalidateOnError: true } })
        .execute(undefined),
    ).rejects.toThrow();
    expect(invalidated(qc)).toEqual(['goals', 'initiatives']);
  });
});
