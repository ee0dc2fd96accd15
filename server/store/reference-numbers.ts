// Reference numbers (PLN-12, PLN-R-3, PLN-12-4 …): one allocator for every kind. The counter is
// bumped and read in one statement inside the write's transaction, so two writers can never read
// the same number, and a number once handed out is never handed out again.
import { sql } from 'kysely';
import type { Db } from './audit';

/** Each kind's counter: the row that owns it, its column, and the table whose keys it numbers. */
export const COUNTERS = {
  feature: { owner: 'products', column: 'next_feature_num', records: 'features' },
  release: { owner: 'products', column: 'next_release_num', records: 'releases' },
  epic: { owner: 'products', column: 'next_epic_num', records: 'epics' },
  initiative: { owner: 'products', column: 'next_initiative_num', records: 'initiatives' },
  goal: { owner: 'products', column: 'next_goal_num', records: 'goals' },
  idea: { owner: 'products', column: 'next_idea_num', records: 'ideas' },
  page: { owner: 'products', column: 'next_page_num', records: 'pages' },
  requirement: { owner: 'features', column: 'next_requirement_num', records: 'requirements' },
} as const;

export type CounterKind = keyof typeof COUNTERS;

/** Takes the next number of `kind`'s counter on row `ownerId` (a product, or a feature for requirements). */
export async function takeNumber(db: Db, kind: CounterKind, ownerId: number): Promise<number> {
  const { owner, column } = COUNTERS[kind];
  const r = await sql<{ n: number }>`
    UPDATE ${sql.table(owner)} SET ${sql.ref(column)} = ${sql.ref(column)} + 1
    WHERE id = ${ownerId} RETURNING ${sql.ref(column)} - 1 AS n`.execute(db);
  const n = r.rows[0]?.n;
  if (n === undefined) throw new Error(`no ${owner} row ${ownerId} to number a ${kind} from`);
  return n;
}

/**
 * The next free reference of `kind`: numbers already taken (e.g. by imported data) are skipped rather
 * than failing on the unique key. `key` turns a number into the reference (`featureKey(prefix, n)`).
 */
export async function allocateReference(db: Db, kind: CounterKind, ownerId: number, key: (n: number) => string): Promise<string> {
  for (;;) {
    const reference = key(await takeNumber(db, kind, ownerId));
    const taken = await db.selectFrom(COUNTERS[kind].records).select('id').where('reference_num', '=', reference).executeTakeFirst();
    if (!taken) return reference;
  }
}
