// Deleting a container — a workspace (product) or a team — with everything that hangs from it, into
// the recycle bin as one deletion (issue 13). What hangs from it is read off the live schema: every
// row whose required (NOT NULL) foreign key names a row already taken, again and again until
// nothing new is found (a product's releases, their phases, the features in them, their
// requirements, tags, watchers, …); the files filed under any of those records or comments come
// along. Rows that stay but named something taken through an optional link (a feature of another
// workspace in a deleted team) lose the link, which the deletion keeps for a restore. The rows go
// children first and come back (store/restore.ts) parents first.
import { sql } from 'kysely';
import type { Db } from './audit';
import { COMMENTABLE_TYPE_OF_TABLE } from './discussions';
import type { RecycledRows } from './deletions';
import { dialectOf } from './dialect';
import type { ForeignKeyInfo, SchemaInfo } from './dialect';

/** Tables never taken along: people and their credentials are the account's, and the bookkeeping is not data. */
const NEVER = new Set(['users', 'api_tokens', 'file_sessions', 'audits', 'deletions', 'historical_searches', 'blobs']);

/** How many values go in one `IN (…)` list. */
const CHUNK = 500;

function chunks<T>(list: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += CHUNK) out.push(list.slice(i, i + CHUNK));
  return out;
}

/** Tables in an order where every table comes after the tables its foreign keys name (a table naming itself aside). */
export function parentsFirst(schema: SchemaInfo, tables: Iterable<string>): string[] {
  const wanted = new Set(tables);
  const out: string[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (table: string): void => {
    if (state.get(table) === 'done' || state.get(table) === 'visiting') return;
    state.set(table, 'visiting');
    for (const key of schema.foreignKeys) if (key.table === table && key.target !== table && wanted.has(key.target)) visit(key.target);
    state.set(table, 'done');
    out.push(table);
  };
  for (const table of [...wanted].sort()) visit(table);
  return out;
}

export interface Gathered {
  /** Rows taken, by table, parents first (each table's rows with their `rowid` under `__rowid`, dropped before keeping). */
  rows: Map<string, Record<string, unknown>[]>;
  /** Optional links of rows that stay to rows taken, as `<table>.<column>` → `{id, <column>}`. */
  links: RecycledRows;
}

/** Reads everything hanging from `ids` of `table` (see the module's header); writes nothing. */
export async function gather(db: Db, table: string, ids: readonly number[]): Promise<Gathered> {
  const schema = await dialectOf(db).schemaInfo(db);
  const rows = new Map<string, Record<string, unknown>[]>();
  /** The `id`s (or, for a table without one, nothing) taken per table, for the next round's look-ups. */
  const taken = new Map<string, Set<number>>();
  const seenRowids = new Map<string, Set<string>>();
  const take = (t: string, found: Record<string, unknown>[]): Record<string, unknown>[] => {
    const seen = seenRowids.get(t) ?? new Set<string>();
    seenRowids.set(t, seen);
    const fresh = found.filter((r) => !seen.has(String(r.__rowid)));
    for (const r of fresh) seen.add(String(r.__rowid));
    if (fresh.length === 0) return fresh;
    rows.set(t, [...(rows.get(t) ?? []), ...fresh]);
    const idSet = taken.get(t) ?? new Set<number>();
    for (const r of fresh) if (typeof r.id === 'number') idSet.add(r.id);
    taken.set(t, idSet);
    return fresh;
  };
  const select = async (t: string, column: string, values: readonly unknown[]): Promise<Record<string, unknown>[]> => {
    const out: Record<string, unknown>[] = [];
    for (const part of chunks(values)) {
      const found = await sql<Record<string, unknown>>`
        SELECT ${dialectOf(db).rowKey} AS __rowid, * FROM ${sql.table(t)} WHERE ${sql.ref(column)} IN (${sql.join(part)})`.execute(db);
      out.push(...found.rows);
    }
    return out;
  };

  let frontier: Map<string, number[]> = new Map([[table, [...ids]]]);
  take(table, await select(table, 'id', ids));
  const requiredKeys = schema.foreignKeys.filter((k) => !NEVER.has(k.table) && required(schema, k));
  while (frontier.size > 0) {
    const next = new Map<string, number[]>();
    for (const key of requiredKeys) {
      const targets = frontier.get(key.target);
      if (!targets || targets.length === 0 || key.targetColumn !== 'id') continue;
      const fresh = take(key.table, await select(key.table, key.column, targets));
      const freshIds = fresh.map((r) => r.id).filter((v): v is number => typeof v === 'number');
      if (freshIds.length > 0) next.set(key.table, [...(next.get(key.table) ?? []), ...freshIds]);
    }
    frontier = next;
  }
  await gatherFiles(db, rows, take, select);

  // Optional links from rows that stay into rows taken.
  const links: RecycledRows = {};
  for (const key of schema.foreignKeys) {
    if (NEVER.has(key.table) || required(schema, key) || key.targetColumn !== 'id') continue;
    const targets = [...(taken.get(key.target) ?? [])];
    if (targets.length === 0) continue;
    const staying = taken.get(key.table) ?? new Set<number>();
    const found = (await select(key.table, key.column, targets)).filter((r) => typeof r.id === 'number' && !staying.has(r.id));
    if (found.length > 0) links[`${key.table}.${key.column}`] = found.map((r) => ({ id: r.id, [key.column]: r[key.column] }));
  }

  const ordered = new Map<string, Record<string, unknown>[]>();
  for (const t of parentsFirst(schema, rows.keys())) ordered.set(t, treeOrder(schema, t, rows.get(t) ?? []));
  return { rows: ordered, links };
}

/**
 * A table's rows with every row after the rows of the same table it names (`parent_id`, a reply's
 * `parent_comment_id`): the order they can be inserted in, one by one; reversed, the order they can
 * be deleted in.
 */
export function treeOrder(schema: SchemaInfo, table: string, list: readonly Record<string, unknown>[]): Record<string, unknown>[] {
  const columns = schema.foreignKeys.filter((k) => k.table === table && k.target === table && k.targetColumn === 'id').map((k) => k.column);
  if (columns.length === 0) return [...list];
  const byId = new Map(list.filter((r) => typeof r.id === 'number').map((r) => [r.id as number, r]));
  const out: Record<string, unknown>[] = [];
  const placed = new Set<Record<string, unknown>>();
  const place = (row: Record<string, unknown>, depth: number): void => {
    if (placed.has(row) || depth > list.length) return;
    for (const c of columns) {
      const parent = typeof row[c] === 'number' ? byId.get(row[c]) : undefined;
      if (parent && parent !== row) place(parent, depth + 1);
    }
    placed.add(row);
    out.push(row);
  };
  for (const row of list) place(row, 0);
  return out;
}

const required = (schema: SchemaInfo, key: ForeignKeyInfo): boolean =>
  schema.columns.get(key.table)?.find((c) => c.name === key.column)?.notNull ?? false;

/** Files filed under a taken comment or record (no foreign key names them: `attachable_type`/`attachable_id`). */
async function gatherFiles(
  db: Db,
  rows: Map<string, Record<string, unknown>[]>,
  take: (t: string, found: Record<string, unknown>[]) => Record<string, unknown>[],
  select: (t: string, column: string, values: readonly unknown[]) => Promise<Record<string, unknown>[]>,
): Promise<void> {
  const owners: [string, number[]][] = [];
  for (const [t, list] of rows) {
    const type = t === 'comments' ? 'Comment' : COMMENTABLE_TYPE_OF_TABLE[t];
    const ids = list.map((r) => r.id).filter((v): v is number => typeof v === 'number');
    if (type && ids.length > 0) owners.push([type, ids]);
  }
  for (const [type, ids] of owners) {
    const found = (await select('attachments', 'attachable_id', ids)).filter((r) => r.attachable_type === type);
    take('attachments', found);
  }
}

/**
 * Removes what `gather` found: the links of rows that stay are cleared (one statement per column),
 * then the rows go children first, by rowid. Answers the rows as the recycle bin keeps them.
 */
export async function removeGathered(db: Db, gathered: Gathered, at: string): Promise<RecycledRows> {
  const schema = await dialectOf(db).schemaInfo(db);
  for (const [name, list] of Object.entries(gathered.links)) {
    const [table, column] = name.split('.') as [string, string];
    const touch = schema.columns.get(table)?.some((c) => c.name === 'updated_at') ? sql`, updated_at = ${at}` : sql``;
    for (const part of chunks(list.map((r) => r.id)))
      await sql`UPDATE ${sql.table(table)} SET ${sql.ref(column)} = NULL${touch} WHERE id IN (${sql.join(part)})`.execute(db);
  }
  const kept: RecycledRows = {};
  const tables = [...gathered.rows.keys()];
  for (const table of [...tables].reverse()) {
    // Children before their parents (the rows are in tree order), so no chunk leaves a row naming one gone.
    const list = [...(gathered.rows.get(table) ?? [])].reverse();
    for (const part of chunks(list.map((r) => r.__rowid)))
      await sql`DELETE FROM ${sql.table(table)} WHERE ${dialectOf(db).rowKeyIn(part)}`.execute(db);
  }
  for (const table of tables) kept[table] = (gathered.rows.get(table) ?? []).map(({ __rowid: _rowid, ...rest }) => rest);
  return kept;
}
