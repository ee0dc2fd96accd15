// Writing into the recycle bin: every delete keeps what it removed as one deletion (`deletions`), so
// a restore (store/restore.ts) can put it back as it was. The removed rows go in `payload`, table by
// table with parents first; the links the delete cleared on records that stay go in `links`, apart,
// because a restore puts a link back only while the record at its other end is still there and
// still unlinked. What came with the record is counted once here (`contents`), so the bin lists
// without reading payloads.
import { sql } from 'kysely';
import type { Db } from './audit';
import { dialectOf } from './dialect';
import type { ForeignKeyInfo } from './dialect';

/** Rows by table name, parents first. */
export type RecycledRows = Record<string, Record<string, unknown>[]>;

/** The record kind each recycled table holds, as deletions and audits name it; other tables are parts of a record. */
export const RECORD_TYPE_OF_TABLE: Readonly<Record<string, string>> = {
  features: 'Feature',
  epics: 'Epic',
  requirements: 'Requirement',
  releases: 'Release',
  release_phases: 'ReleasePhase',
  initiatives: 'Initiative',
  goals: 'Goal',
  ideas: 'Idea',
  pages: 'Page',
  comments: 'Comment',
  attachments: 'Attachment',
  portal_users: 'PortalUser',
  idea_votes: 'IdeaVote',
  idea_organizations: 'IdeaOrganization',
  products: 'Product',
  teams: 'Team',
};

/** `[{type, count}]` of the records in `rows` besides the deleted record itself, biggest kind first. */
export function contentsOf(rows: RecycledRows, own: { type: string }): { type: string; count: number }[] {
  const out: { type: string; count: number }[] = [];
  for (const [table, list] of Object.entries(rows)) {
    const type = RECORD_TYPE_OF_TABLE[table];
    if (!type) continue;
    const count = list.length - (type === own.type ? 1 : 0);
    if (count > 0) out.push({ type, count });
  }
  return out.sort((a, b) => b.count - a.count || a.type.localeCompare(b.type));
}

/**
 * Keeps a deleted record and what went with it as one deletion and answers its id (the DELETE's
 * `X-Deletion-Id`, which the app's undo reads). `rows` are the removed rows; `links` the links
 * cleared on records that stay (`{features: [{id, epic_id}]}`, `{initiative_children: [{id,
 * parent_id}]}`), each row the record's id and the value the link had.
 */
export async function recycle(
  db: Db,
  entry: {
    userId: number | null;
    type: string;
    id: number;
    name: string;
    referenceNum?: string | null | undefined;
    productId: number | null;
    rows: RecycledRows;
    links?: RecycledRows | undefined;
  },
): Promise<number> {
  const links = Object.fromEntries(Object.entries(entry.links ?? {}).filter(([, list]) => list.length > 0));
  const { id } = await db
    .insertInto('deletions')
    .values({
      record_type: entry.type,
      record_id: entry.id,
      name: entry.name,
      reference_num: entry.referenceNum ?? null,
      product_id: entry.productId,
      deleted_by_id: entry.userId,
      deleted_at: new Date().toISOString(),
      payload: JSON.stringify(entry.rows),
      links: JSON.stringify(links),
      contents: JSON.stringify(contentsOf(entry.rows, entry)),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * The links the database itself clears when rows of `table` go (`ON DELETE SET NULL`: an idea
 * promoted to a deleted feature, a vote of a deleted portal user), read before the delete so the
 * recycle bin keeps them: `{"<table>.<column>": [{id, <column>}]}`. Nothing else records them.
 */
export async function clearedLinks(db: Db, table: string, ids: readonly number[]): Promise<RecycledRows> {
  if (ids.length === 0) return {};
  const { foreignKeys } = await dialectOf(db).schemaInfo(db);
  const out: RecycledRows = {};
  for (const key of foreignKeys.filter((k: ForeignKeyInfo) => k.target === table && k.onDelete === 'set null')) {
    const rows = await sql<Record<string, unknown>>`
      SELECT id, ${sql.ref(key.column)} FROM ${sql.table(key.table)}
      WHERE ${sql.ref(key.column)} IN (${sql.join(ids)}) ORDER BY id`.execute(db);
    if (rows.rows.length > 0) out[`${key.table}.${key.column}`] = rows.rows;
  }
  return out;
}
