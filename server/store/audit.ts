// The audit log: every write leaves who/when/what/old→new (the recycle bin, which keeps what a
// delete removed, is store/deletions.ts), and the record it belongs to when it has one (a
// requirement's feature, a comment's record), so a record's history includes what hangs from it.
import { sql } from 'kysely';
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

/** A record as the audit log names it: its type (`Feature`, `Idea`, `IdeaVote` …) and id. */
export interface AuditTarget {
  type: string;
  id: number;
}

export interface AuditEntry {
  userId: number | null;
  type: string;
  id: number;
  action: 'create' | 'update' | 'destroy';
  changes: Changes;
  /**
   * The record this one belongs to. Left out, it is found for the kinds of `BELONGS_TO` from `row`,
   * else the stored row, else the row the recycle bin kept of it, else the values `changes` name.
   */
  associated?: AuditTarget | null | undefined;
  /** The record's row, when the caller has it (a destroy's row is gone from its table). */
  row?: Readonly<Record<string, unknown>> | undefined;
}

/** The audit log's type of a record filed under its hosted type (comments, attachments): `Ideas::Idea` is an `Idea`. */
const AUDIT_TYPE_OF_HOSTED: Readonly<Record<string, string>> = { 'Ideas::Idea': 'Idea', StrategicImperative: 'Goal' };

const target = (type: unknown, id: unknown): AuditTarget | null =>
  typeof type === 'string' && typeof id === 'number' ? { type: AUDIT_TYPE_OF_HOSTED[type] ?? type, id } : null;

/** The kinds that belong to another record: their table and the link a row of it names. */
const BELONGS_TO: Readonly<Record<string, { table: string; link: (row: Readonly<Record<string, unknown>>) => AuditTarget | null }>> = {
  Requirement: { table: 'requirements', link: (r) => target('Feature', r.feature_id) },
  ReleasePhase: { table: 'release_phases', link: (r) => target('Release', r.release_id) },
  Comment: { table: 'comments', link: (r) => target(r.commentable_type, r.commentable_id) },
  Attachment: { table: 'attachments', link: (r) => target(r.attachable_type, r.attachable_id) },
  IdeaVote: { table: 'idea_votes', link: (r) => target('Idea', r.idea_id) },
  IdeaSubscription: { table: 'idea_subscriptions', link: (r) => target('Idea', r.idea_id) },
  PortalUser: { table: 'portal_users', link: (r) => target('IdeaPortal', r.idea_portal_id) },
};

/** The kinds whose audit rows name the record they belong to. */
export const ASSOCIATED_KINDS: readonly string[] = Object.keys(BELONGS_TO);

/** The record a row of an audited kind belongs to (the seed's history writes rows itself). */
export const associatedOfRow = (type: string, row: Readonly<Record<string, unknown>>): AuditTarget | null =>
  BELONGS_TO[type]?.link(row) ?? null;

/** The record an audited one belongs to, or null (see `AuditEntry.associated`). */
async function associationOf(db: Db, entry: AuditEntry): Promise<AuditTarget | null> {
  if (entry.associated !== undefined) return entry.associated;
  const rule = BELONGS_TO[entry.type];
  if (!rule) return null;
  const fromRow = entry.row ? rule.link(entry.row) : null;
  if (fromRow) return fromRow;
  const stored = (await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(rule.table)} WHERE id = ${entry.id}`.execute(db)).rows[0];
  const fromStored = stored ? rule.link(stored) : null;
  if (fromStored) return fromStored;
  const kept = await recycledRow(db, entry.type, rule.table, entry.id);
  const fromKept = kept ? rule.link(kept) : null;
  if (fromKept) return fromKept;
  // A create names the new values, a destroy the old ones.
  const named = Object.fromEntries(Object.entries(entry.changes).map(([k, [before, after]]) => [k, after ?? before]));
  return rule.link(named);
}

/** The row of `table` with this id that the newest deletion of the record kept, if any. */
async function recycledRow(db: Db, type: string, table: string, id: number): Promise<Record<string, unknown> | undefined> {
  const deletion = await db
    .selectFrom('deletions')
    .select('payload')
    .where('record_type', '=', type)
    .where('record_id', '=', id)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!deletion) return undefined;
  const payload = JSON.parse(deletion.payload) as Record<string, unknown>;
  const rows = payload[table];
  return Array.isArray(rows) ? (rows as Record<string, unknown>[]).find((r) => r.id === id) : undefined;
}

/**
 * Writes one audit row in the caller's transaction (an update that changed nothing writes none).
 * Its workspace (`product_id`) is filled by the database (migration 17's trigger).
 */
export async function audit(db: Db, entry: AuditEntry): Promise<void> {
  if (entry.action === 'update' && Object.keys(entry.changes).length === 0) return;
  const associated = await associationOf(db, entry);
  await db
    .insertInto('audits')
    .values({
      user_id: entry.userId,
      created_at: new Date().toISOString(),
      auditable_type: entry.type,
      auditable_id: entry.id,
      audit_action: entry.action,
      changes: JSON.stringify(entry.changes),
      associated_type: associated?.type ?? null,
      associated_id: associated?.id ?? null,
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
  return audit(db, { userId, type, id: row.id, action: 'destroy', changes, row });
}

/** The destroy audit of a record kept whole: every column, gone to null. */
export function auditDestroyedRow(
  db: Db,
  userId: number | null,
  type: string,
  row: { id: number } & Record<string, unknown>,
): Promise<void> {
  const changes = Object.fromEntries(Object.entries(diff(null, row)).map(([k, [, v]]) => [k, [v, null]])) satisfies Changes;
  return audit(db, { userId, type, id: row.id, action: 'destroy', changes, row });
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
