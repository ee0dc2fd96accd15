// Prepared queries (store/prepared.ts): built and compiled once per shape, they answer exactly what
// the same query built for each call answers, for any values and list lengths, inside and outside
// a transaction; a builder that computes with its arguments is refused the first time it runs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openStore } from './db';
import type { Store } from './db';
import { prepared, preparedPer } from './prepared';
import { seedAccount } from '../seed/seed';
import { tempDirs } from '../test/harness';

const dataDir = tempDirs('planner-prepared-');
let store: Store;
beforeAll(async () => {
  store = await openStore(dataDir());
  await seedAccount(store.db, 'demo');
});
afterAll(async () => {
  await store.close();
});

describe('prepared queries', () => {
  it('answer as the query built each time, for every value and list length', async () => {
    const byName = prepared((db, prefix: string, limit: number) =>
      db.selectFrom('features').select(['id', 'name']).where('name', 'like', prefix).orderBy('id').limit(limit),
    );
    const byIds = prepared((db, ids: number[]) => db.selectFrom('features').select(['id', 'reference_num']).where('id', 'in', ids).orderBy('id'));
    const all = await store.db.selectFrom('features').select(['id', 'name', 'reference_num']).orderBy('id').execute();
    expect(all.length).toBeGreaterThan(5);

    for (const [prefix, limit] of [['%', 3], ['%a%', 2], ['no such name%', 5], ['%', 1]] as const) {
      const expected = await store.db.selectFrom('features').select(['id', 'name']).where('name', 'like', prefix).orderBy('id').limit(limit).execute();
      expect(await byName(store.db, prefix, limit)).toEqual(expected);
    }
    // Lists of several lengths, each its own shape, asked again with other values.
    for (const ids of [[all[0]?.id], all.slice(1, 4).map((r) => r.id), all.slice(0, 2).map((r) => r.id), [all[4]?.id]] as number[][]) {
      const expected = all.filter((r) => ids.includes(r.id)).map((r) => ({ id: r.id, reference_num: r.reference_num }));
      expect(await byIds(store.db, ids)).toEqual(expected);
    }
  });

  it('take their table from a part of the shape, and run inside a transaction', async () => {
    const firstOf = preparedPer((db, table: 'features' | 'epics' | 'releases', id: number) =>
      db.selectFrom(table).select(['id', 'reference_num']).where(sql.ref('id'), '>=', id).orderBy('id').limit(1),
    );
    const feature = await store.db.selectFrom('features').select(['id', 'reference_num']).orderBy('id').executeTakeFirstOrThrow();
    const release = await store.db.selectFrom('releases').select(['id', 'reference_num']).orderBy('id').executeTakeFirstOrThrow();
    expect(await firstOf(store.db, 'features', 0)).toEqual([feature]);
    expect(await firstOf(store.db, 'releases', 0)).toEqual([release]);
    await store.db.transaction().execute(async (trx) => {
      await trx.updateTable('releases').set({ name: 'Renamed in a transaction' }).where('id', '=', release.id).execute();
      const seen = preparedPer((db, table: 'releases', id: number) => db.selectFrom(table).select('name').where('id', '=', id));
      expect(await seen(trx, 'releases', release.id)).toEqual([{ name: 'Renamed in a transaction' }]);
    });
  });

  it('refuse a builder that computes with an argument instead of using it as a value', async () => {
    const wrong = prepared((db, id: number) => db.selectFrom('features').select('id').where('id', '=', Number(id) + 1));
    await expect(wrong(store.db, 1)).rejects.toThrow(/argument 0 is not used as a value/);
  });
});
