// The record kinds' route tables are found by path: every path a kind's table declares is one the
// router discovers it by, and no path belongs to two kinds.
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { paths } from '../ui/paths';
import { kindsFor, recordKinds } from './record-kinds';

const loading = { queryClient: new QueryClient(), requireSession: () => undefined };

describe('record kinds discovered on navigation', () => {
  it.each(recordKinds.map((kind) => [kind.name, kind] as const))(
    'declares exactly the paths of the %s route table',
    async (_name, kind) => {
      const declared = (await kind.routes(loading)).map((route) => route.path);
      expect([...declared].sort()).toEqual([...kind.patterns].sort());
    },
  );

  it('finds one kind for each record screen path and none for the others', () => {
    expect(kindsFor(paths.features('1')).map((k) => k.name)).toEqual(['features']);
    expect(kindsFor(paths.featureBoard('PLN')).map((k) => k.name)).toEqual(['features']);
    expect(kindsFor(paths.editFeature('PLN-12')).map((k) => k.name)).toEqual(['features']);
    expect(kindsFor('/epics').map((k) => k.name)).toEqual(['epics']);
    expect(kindsFor(paths.initiative('4')).map((k) => k.name)).toEqual(['initiatives']);
    expect(kindsFor(paths.goal('2')).map((k) => k.name)).toEqual(['goals']);
    expect(kindsFor(paths.releases('1'))).toEqual([]);
    expect(kindsFor('/sign-in')).toEqual([]);
    expect(kindsFor('/no/such/screen')).toEqual([]);
    for (const kind of recordKinds) {
      for (const pattern of kind.patterns) {
        const path = pattern.replace(/:(\w+)/g, '7');
        expect(
          kindsFor(path).map((k) => k.name),
          path,
        ).toEqual([kind.name]);
      }
    }
  });
});
