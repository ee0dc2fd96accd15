// The audit log and the recycle bin: every write leaves who/when/what/old→new; every delete moves
// the record and its dependents' rows into `deletions` so nothing deleted is lost.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema';

export type Db = Kysely<Database> | Transaction<Database>;

export type Changes = Record<string, [unknown, unknown]>;

/** Field-by-field old → new for the keys that changed (values compared as JSON). */
export function diff(before: Record<string, unknown> | null, after: Record<string, unknown>): Changes {
  const out: Changes = {};
  for (const [key, value] of Object.entries(after)) {
    if (key === 'updated_at' || key === 'created_at') continue;
    const old = before ? before[key] : null;
    if (JSON.stringify(old ?? null) !== JSON.stringify(value ?? null)) out[key] = [old ?? null, value ?? null];
  }
  return out;
}

export async function audit(
  db: Db,
  entry: { userId: number | null; type: string; id: number; action: 'create' | 'update' | 'destroy'; changes: Changes },
): Promise<void> {
  if (entry.action === 'update' && Object.keys(entry.changes).length === 0) return;
  await db
    .insertInto('audits')
    .values({
      user_id: entry.userId,
      created_at: new Date().toISOString(),
      auditable_type: entry.type,
      auditable_id: entry.id,
      audit_action: entry.action,
      changes: JSON.stringify(entry.changes),
    })
    .execute();
}

/** The destroy audit of a keyed record: its name and key, each gone to null. */
export function auditDestroyed(
  db: Db,
  userId: number | null,
  type: string,
  row: { id: number; name: string; reference_num: string },
): Promise<void> {
  const changes = { name: [row.name, null], reference_num: [row.reference_num, null] } satisfies Changes;
  return audit(db, { userId, type, id: row.id, action: 'destroy', changes });
}

/** The destroy audit of a record kept whole: every column, gone to null. */
export function auditDestroyedRow(
  db: Db,
  userId: number | null,
  type: string,
  row: { id: number } & Record<string, unknown>,
): Promise<void> {
  const changes = Object.fromEntries(Object.entries(diff(null, row)).map(([k, [, v]]) => [k, [v, null]])) satisfies Changes;
  return audit(db, { userId, type, id: row.id, action: 'destroy', changes });
}

/**
 * Keeps a deleted record and its dependents: `rows` maps table names to the rows removed, so a later
 * restore can put them back as they were.
 */
export async function recycle(
  db: Db,
  entry: {
    userId: number | null;
    type: string;
    id: number;
    name: string;
    productId: number | null;
    rows: Record<string, Record<string, unknown>[]>;
  },
): Promise<void> {
  await db
    .insertInto('deletions')
    .values({
      record_type: entry.type,
      record_id: entry.id,
      name: entry.name,
      product_id: entry.productId,
      deleted_by_id: entry.userId,
      deleted_at: new Date().toISOString(),
      payload: JSON.stringify(entry.rows),
    })
    .execute();
}

/**
 * Points every record of `table` that names a removed record in `column` (`from`, its id) at `to`
 * instead — the removed record's parent, or nothing — with one update audit row per record, written
 * by one statement however many there are, so a delete keeps the history of what it touched.
 */
export async function relink(
  trx: Db,
  link: {
    table: 'features' | 'epics' | 'initiatives' | 'releases';
    type: 'Feature' | 'Epic' | 'Initiative' | 'Release';
    column: 'epic_id' | 'release_phase_id' | 'initiative_id' | 'parent_id';
    from: number;
    to: number | null;
    userId: number;
    at: string;
  },
): Promise<void> {
  const { column, from, to, userId, at } = link;
  // Every table here has `id`, `updated_at` and the column; kysely cannot see that through the union.
  const table = link.table as 'features';
  const named = column as 'epic_id';
  await trx
    .insertInto('audits')
    .columns(['user_id', 'created_at', 'auditable_type', 'auditable_id', 'audit_action', 'changes'])
    .expression((eb) =>
      eb
        .selectFrom(table)
        .select((s) => [
          s.val(userId).as('user_id'),
          s.val(at).as('created_at'),
          s.val(link.type).as('auditable_type'),
          'id',
          s.val('update').as('audit_action'),
          s.val(JSON.stringify({ [column]: [from, to] })).as('changes'),
        ])
        .where(named, '=', from),
    )
    .execute();
  await trx
    .updateTable(table)
    .set({ [named]: to, updated_at: at })
    .where(named, '=', from)
    .execute();
}

/** Unlinks every feature that points at a removed epic or phase (`relink` to nothing). */
export const unlinkFeatures = (trx: Db, link: { column: 'epic_id' | 'release_phase_id'; id: number; userId: number; at: string }) =>
  relink(trx, { table: 'features', type: 'Feature', column: link.column, from: link.id, to: null, userId: link.userId, at: link.at });
