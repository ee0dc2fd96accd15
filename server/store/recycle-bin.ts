// The recycle bin as people read and manage it (issue 13; the list is operation 18): what is in it
// (newest first, by kind, by who deleted it, by workspace, by name), one deletion, the permanent
// purge (administrators) and the sweep that purges what is past the 30-day window. Writing into the
// bin is store/deletions.ts; putting back is store/restore.ts.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { DELETION_TYPES } from '../../src/contract/deletions';
import type { Deletion } from '../../src/contract/deletions';
import type { Paging } from '../problems';
import { FieldProblems, StoreError } from '../problems';
import type { Db } from './audit';
import { blobInUse } from './attachments';
import type { BlobFiles } from './blob-files';
import { removeBlobFile } from './blob-files';
import { contentsOf } from './deletions';
import type { RecycledRows } from './deletions';
import { dialectOf, postgresDialect } from './dialect';
import { RESTORE_WINDOW_MS, requireDeletion } from './restore';
import { commentAuthorOf, restoreRefusal } from './restore-access';
import type { Restorer } from './restore-access';
import type { DeletionRow } from './restore';
import { findProduct, findUser } from './resolve';
import type { Database } from './schema';

export interface DeletionFilter {
  q?: string | undefined;
  /** One kind or several, comma-separated. */
  recordType?: string | undefined;
  /** A user's id or email. */
  deletedBy?: string | undefined;
  /** A workspace's id or key prefix. */
  productId?: string | undefined;
}

/** What is still in the bin, newest first. Unknown kinds, people or workspaces are problems naming the parameter (the list's 400). */
export async function listDeletions(db: Db, filter: DeletionFilter, p: Paging): Promise<{ rows: DeletionRow[]; total: number }> {
  const problems = new FieldProblems();
  const types = filter.recordType
    ?.split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '');
  const unknown = types?.filter((t) => !(DELETION_TYPES as readonly string[]).includes(t)) ?? [];
  if (unknown.length > 0) problems.add('record_type', `must be one of: ${DELETION_TYPES.join(', ')} (not ${unknown.join(', ')})`);
  const user = filter.deletedBy === undefined ? undefined : await findUser(db, filter.deletedBy);
  if (user === null) problems.add('deleted_by', `"${filter.deletedBy ?? ''}" is not a user (an id or an email)`);
  const product = filter.productId === undefined ? undefined : await findProduct(db, filter.productId);
  if (product === null) problems.add('product_id', `"${filter.productId ?? ''}" is not a workspace (an id or a key prefix)`);
  problems.throwIfAny();
  let q = db.selectFrom('deletions').where('restored_at', 'is', null);
  if (types && types.length > 0) q = q.where('record_type', 'in', types);
  if (user) q = q.where('deleted_by_id', '=', user.id);
  if (product) q = q.where('product_id', '=', product.id);
  const text = filter.q?.trim();
  if (text) q = q.where((eb) => eb.or([dialectOf(db).containsText('name', text), dialectOf(db).containsText('reference_num', text)]));
  const counted = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const total = Number(counted?.n ?? 0);
  if (total === 0 || p.offset >= total) return { rows: [], total };
  // The payload may be large (an epic's thousand unlinked features): the list never reads it.
  const rows = await q
    .select([
      'id',
      'record_type',
      'record_id',
      'name',
      'reference_num',
      'product_id',
      'deleted_by_id',
      'deleted_at',
      'contents',
      'restored_at',
      'restored_by_id',
    ])
    .orderBy('id', 'desc')
    .limit(p.perPage)
    .offset(p.offset)
    .execute();
  return { rows: rows.map((r) => ({ ...r, payload: '{}', links: '{}' })), total };
}

/**
 * The authors of the deleted comments among `rows` (by deletion id), which the restore rule reads:
 * from the payloads the list left out, read for these few rows only.
 */
async function commentAuthors(db: Db, rows: readonly DeletionRow[]): Promise<Map<number, number | null>> {
  const out = new Map<number, number | null>();
  const comments = rows.filter((r) => r.record_type === 'Comment' && r.restored_at === null);
  const missing = comments.filter((r) => r.payload === '{}').map((r) => r.id);
  const payloads = new Map(comments.map((r) => [r.id, r.payload]));
  if (missing.length > 0) {
    for (const r of await db.selectFrom('deletions').select(['id', 'payload']).where('id', 'in', missing).execute())
      payloads.set(r.id, r.payload);
  }
  for (const r of comments) out.set(r.id, commentAuthorOf(JSON.parse(payloads.get(r.id) ?? '{}') as RecycledRows, r.record_id));
  return out;
}

/**
 * Deletions in the hosted shape, with who deleted each read once for the page, and whether `viewer`
 * may restore each (the right its delete needed: store/restore-access.ts).
 */
export async function deletionBodies(
  db: Db,
  rows: readonly DeletionRow[],
  viewer: Restorer,
  status?: Deletion['status'],
): Promise<Deletion[]> {
  const userIds = [...new Set(rows.map((r) => r.deleted_by_id).filter((v): v is number => v !== null))];
  const users =
    userIds.length === 0 ? [] : await db.selectFrom('users').select(['id', 'name', 'email']).where('id', 'in', userIds).execute();
  const byId = new Map(users.map((u) => [u.id, u]));
  const authors = viewer.administrator === 1 ? new Map<number, number | null>() : await commentAuthors(db, rows);
  return rows.map((r) => {
    const who = r.deleted_by_id === null ? undefined : byId.get(r.deleted_by_id);
    // Rows written before migration 16 counted nothing: their payload is read for it.
    const contents =
      r.contents !== null
        ? (JSON.parse(r.contents) as Deletion['contents'])
        : contentsOf(JSON.parse(r.payload) as RecycledRows, { type: r.record_type });
    return {
      id: String(r.id),
      deleted_at: r.deleted_at,
      status: status ?? (r.restored_at !== null ? 'restored' : 'deleted'),
      record: {
        name: r.name,
        type: r.record_type,
        reference_num: r.reference_num,
        id: String(r.record_id),
        product_id: r.product_id === null ? null : String(r.product_id),
      },
      deleted_by: who ? { id: String(who.id), name: who.name, email: who.email } : null,
      restorable_until: new Date(Date.parse(r.deleted_at) + RESTORE_WINDOW_MS).toISOString(),
      contents,
      restored_at: r.restored_at,
      may_restore:
        (status === 'dry_run' || r.restored_at === null) &&
        restoreRefusal({ ...r, commentAuthorId: authors.get(r.id) ?? null }, viewer) === null,
    };
  });
}

/** One deletion in the hosted shape. */
export async function loadDeletion(db: Db, id: number, viewer: Restorer): Promise<Deletion> {
  const [body] = await deletionBodies(db, [await requireDeletion(db, id)], viewer);
  if (!body) throw new Error('unreachable: one row, one body');
  return body;
}

/**
 * Removes deletions for good, with the files only they still kept (after the commit, so a failed
 * purge keeps every file its rows name). Answers how many went.
 */
async function purge(db: Kysely<Database>, files: BlobFiles | undefined, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const gone = await db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('deletions')
      .select(['id', 'payload'])
      .where('id', 'in', [...ids])
      .execute();
    const hashes = new Set<string>();
    for (const row of rows) {
      const payload = JSON.parse(row.payload) as RecycledRows;
      for (const a of payload.attachments ?? []) if (typeof a.blob_sha256 === 'string') hashes.add(a.blob_sha256);
    }
    await trx
      .deleteFrom('deletions')
      .where('id', 'in', [...ids])
      .execute();
    const orphans: string[] = [];
    for (const hash of hashes) {
      if (await blobInUse(trx, hash)) continue;
      await trx.deleteFrom('blobs').where('sha256', '=', hash).execute();
      orphans.push(hash);
    }
    return { count: rows.length, orphans };
  });
  if (files) for (const hash of gone.orphans) await removeBlobFile(files, hash);
  return gone.count;
}

/** An administrator's permanent purge of one deletion still in the bin (a restored one is no longer there: 404). */
export async function purgeDeletion(db: Kysely<Database>, files: BlobFiles | undefined, id: number): Promise<void> {
  const row = await requireDeletion(db, id);
  if (row.restored_at !== null)
    throw new StoreError('conflict', `Deletion ${row.id} was restored (${row.restored_at}): nothing is left to purge`);
  await purge(db, files, [row.id]);
}

/** How many deletions a sweep purges at once, so one sweep never holds the writer long. */
const SWEEP_BATCH = 200;

/** The PostgreSQL advisory lock an instance holds while it sweeps (postgres.ts's WRITE_LOCK is 7_245_001). */
export const SWEEP_LOCK = 7_245_002;

/** This process's sweep in progress, per database handle: a second one waits for it rather than skipping. */
const sweepsHere = new WeakMap<object, Promise<unknown>>();

/**
 * Runs `sweep` as the only sweep of the database's instances, on one connection, or answers null
 * at once when another instance is sweeping (it does the same work). On PostgreSQL the claim is a
 * session advisory lock on the connection the sweep runs on: the write lock each of the sweep's
 * transactions takes cannot exclude a second sweep, which would run its batches in between, and a
 * session lock goes with its connection if the instance dies, so no claim outlives its holder.
 * On SQLite one process serves the file: the claim is always granted.
 */
export async function whileSweepClaimed<T>(db: Kysely<Database>, sweep: (conn: Kysely<Database>) => Promise<T>): Promise<T | null> {
  // Sweeps of this process (the hourly one, one asked for) run one after the other.
  const before = sweepsHere.get(db);
  const mine = (async () => {
    await before?.catch(() => undefined);
    if (dialectOf(db) !== postgresDialect) return sweep(db);
    return db.connection().execute(async (conn) => {
      const claimed = await sql<{ claimed: boolean }>`SELECT pg_try_advisory_lock(${SWEEP_LOCK}::bigint) AS claimed`.execute(conn);
      if (claimed.rows[0]?.claimed !== true) return null;
      try {
        return await sweep(conn);
      } finally {
        await sql`SELECT pg_advisory_unlock(${SWEEP_LOCK}::bigint)`.execute(conn);
      }
    });
  })();
  sweepsHere.set(db, mine);
  try {
    return await mine;
  } finally {
    if (sweepsHere.get(db) === mine) sweepsHere.delete(db);
  }
}

/**
 * Purges every deletion past the restore window at `now` (ms), in batches; what the bin would refuse
 * to restore is not kept. Answers how many went (0 when another instance is sweeping). Run on start
 * and every hour (server/start.ts) by every instance; one sweeps at a time (whileSweepClaimed).
 */
export async function sweepRecycleBin(db: Kysely<Database>, files: BlobFiles | undefined, now: number): Promise<number> {
  return (await whileSweepClaimed(db, (conn) => sweepDue(conn, files, now))) ?? 0;
}

async function sweepDue(db: Kysely<Database>, files: BlobFiles | undefined, now: number): Promise<number> {
  const cutoff = new Date(now - RESTORE_WINDOW_MS).toISOString();
  let total = 0;
  for (;;) {
    const due = await db
      .selectFrom('deletions')
      .select('id')
      .where('restored_at', 'is', null)
      .where('deleted_at', '<', cutoff)
      .orderBy('id')
      .limit(SWEEP_BATCH)
      .execute();
    if (due.length === 0) return total;
    total += await purge(
      db,
      files,
      due.map((d) => d.id),
    );
  }
}
