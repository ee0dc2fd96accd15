// Names for the ids an audit change carries, from what every screen has cached anyway: the
// account's people, and the statuses, feature kinds and teams of the workspaces given. The history
// and the audit search read no record just to name another (the service's `value` holds raw ids).
import { useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { accountQueries } from '../api/account';
import type { NameLookup } from './history-model';

const USER_FIELD = /^(assigned_to|assigned_to_user|created_by|created_by_user|user|owner|watcher)(_ids?)?$|^watchers$/;

function dataOf<T>(results: readonly { data: T | undefined }[]): (T | undefined)[] {
  return results.map((r) => r.data);
}

export function useCachedNames(productIds: readonly string[]): NameLookup {
  const users = useQuery(accountQueries.users());
  // `combine` answers the same array while the data stay the same, so the lookup is rebuilt only then.
  const workflowData = useQueries({ queries: productIds.map((id) => accountQueries.workflows(id)), combine: dataOf });
  const kindData = useQueries({ queries: productIds.map((id) => accountQueries.workflowKinds(id)), combine: dataOf });
  const teamData = useQueries({ queries: productIds.map((id) => accountQueries.teams(id)), combine: dataOf });
  return useMemo(() => {
    const people = new Map((users.data?.users ?? []).map((u) => [u.id, u.name]));
    const statuses = new Map(
      workflowData.flatMap((ws) => (ws ?? []).flatMap((w) => w.workflow_statuses.map((st) => [st.id, st.name] as const))),
    );
    const kindNames = new Map(kindData.flatMap((ks) => (ks ?? []).map((k) => [k.id, k.name] as const)));
    const teamNames = new Map(teamData.flatMap((ts) => (ts ?? []).map((t) => [t.id, t.name] as const)));
    return (field: string, id: string) => {
      if (USER_FIELD.test(field)) return people.get(id) ?? null;
      if (field === 'workflow_status_id') return statuses.get(id) ?? null;
      if (field === 'workflow_kind_id') return kindNames.get(id) ?? null;
      if (field === 'team_id') return teamNames.get(id) ?? null;
      return null;
    };
  }, [users.data, workflowData, kindData, teamData]);
}
