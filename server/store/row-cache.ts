// Rows a record shows beside itself — its release, status, workflow kind, people, phase, epic,
// initiative, team, iteration, program increment — looked up by id and remembered until the next
// write. Showing a feature read about a dozen tables; in a read-heavy stretch (the same users and
// statuses on every page) most of those look-ups are now answered from memory. The memory is per
// database handle and keyed by its write version (store/write-version.ts): any write anywhere
// forgets everything, so a remembered row is never stale. Inside a transaction nothing is
// remembered or read from memory. Rows are frozen: callers share them.
import type { Selectable } from 'kysely';
import type { Db } from './audit';
import type { Database } from './schema';
import { preparedPer } from './prepared';
import { writeVersionOf } from './write-version';

/** Tables looked up by id beside a record (each has an `id` column). */
export type LookupTable =
  | 'products'
  | 'users'
  | 'releases'
  | 'release_phases'
  | 'workflow_statuses'
  | 'workflow_kinds'
  | 'initiatives'
  | 'epics'
  | 'teams'
  | 'team_workflow_statuses'
  | 'iterations'
  | 'program_increments'
  | 'time_frames'
  | 'portal_users';

type RowOf<T extends LookupTable> = Selectable<Database[T]>;

const ROWS_PER_TABLE = 5_000;
const memories = new WeakMap<object, { version: string; tables: Map<LookupTable, Map<number, unknown>> }>();

// The table is one of LookupTable, every one with an `id`; kysely cannot see that through a union.
const rowsOf = preparedPer((db, table: LookupTable, list: number[]) => db.selectFrom(table as 'users').selectAll().where('id', 'in', list));

/** The rows of `table` with these ids, by id (unknown ids are absent). */
export async function rowsById<T extends LookupTable>(db: Db, table: T, ids: readonly number[]): Promise<Map<number, RowOf<T>>> {
  const found = new Map<number, RowOf<T>>();
  if (ids.length === 0) return found;
  const fetch = async (list: readonly number[]): Promise<RowOf<T>[]> => (await rowsOf(db, table, list as number[])) as unknown as RowOf<T>[];
  const writeVersion = writeVersionOf(db);
  if (db.isTransaction || !writeVersion) {
    for (const row of await fetch(ids)) found.set((row as { id: number }).id, row);
    return found;
  }
  const version = writeVersion();
  let memory = memories.get(db);
  if (!memory || memory.version !== version) {
    memory = { version, tables: new Map() };
    memories.set(db, memory);
  }
  let rows = memory.tables.get(table) as Map<number, RowOf<T>> | undefined;
  if (!rows) {
    rows = new Map();
    memory.tables.set(table, rows);
  }
  const missing: number[] = [];
  for (const id of ids) {
    const hit = rows.get(id);
    if (hit) found.set(id, hit);
    else missing.push(id);
  }
  if (missing.length === 0) return found;
  const fetched = await fetch(missing);
  const unchanged = writeVersion() === version;
  for (const row of fetched) {
    const id = (row as { id: number }).id;
    found.set(id, row);
    if (!unchanged) continue;
    if (rows.size >= ROWS_PER_TABLE) rows.delete(rows.keys().next().value as number);
    rows.set(id, Object.freeze(row) as RowOf<T>);
  }
  return found;
}
