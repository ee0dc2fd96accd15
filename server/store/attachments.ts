// Attachments (issue 12): files on a comment or on a record's description, each an uploaded blob
// (bytes on disk, store/blob-files.ts) or a link. Writes are one transaction each; what happens on
// disk around them keeps the rule that no file is left that no row names and no row names a file
// that is not there: a new blob's file is placed before its row commits and removed again when the
// row is refused, and a deleted attachment's file goes once nothing names its blob — no other
// attachment, and no record or comment kept in the recycle bin for a later restore.
import type { Selectable } from 'kysely';
import type { Attachment } from '../../src/contract/common';
import { DESCRIBED_KINDS } from '../../src/contract/attachments';
import type { AttachmentLinkInput, DescribedKind } from '../../src/contract/attachments';
import { FieldProblems, StoreError, notFound, now } from '../problems';
import { audit, diff } from './audit';
import type { Changes, Db } from './audit';
import { checkLive, checkMayChange } from './comment-access';
import { discardReceived, placeBlob, removeBlobFile } from './blob-files';
import type { BlobFiles, ReceivedFile } from './blob-files';
import { dbFailure } from './db-errors';
import { sniffType } from './file-types';
import { asId, findByIdOrKey } from './resolve';
import type { AttachmentsTable, UserRow } from './schema';

export type AttachmentRow = Selectable<AttachmentsTable>;

/** 'Comment', or the hosted type of a record whose description holds files. */
export type AttachableType = 'Comment' | (typeof DESCRIBED_KINDS)[DescribedKind];

/** Who asks: their id and whether they are an administrator (a comment's files follow the comment's rule). */
export type Caller = Pick<UserRow, 'id' | 'administrator'>;

/** Who a new attachment hangs from. */
export interface AttachmentOwner {
  type: AttachableType;
  id: number;
}

/** The API address of an attachment's bytes (a link's is its own address). */
export function downloadUrl(origin: string, row: Pick<AttachmentRow, 'id' | 'file_url'>): string {
  return row.file_url ?? `${origin}/api/v1/attachments/${row.id}/download`;
}

/** An attachment in the hosted shape; a link's sizes are unknown (null). */
export function shapeAttachment(row: AttachmentRow, origin: string): Attachment {
  return {
    id: String(row.id),
    download_url: downloadUrl(origin, row),
    file_name: row.file_name,
    content_type: row.content_type,
    file_size: row.file_size,
    // Nothing is resized or converted here: the stored file is the original.
    original_file_size: row.file_size,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/**
 * The attachments of many owners of one type, oldest first, in one query: what a page of records
 * (their descriptions) or of comments embeds. Owners without files are missing from the map.
 */
export async function attachmentsOf(
  db: Db,
  type: AttachableType,
  ids: readonly number[],
  origin: string,
): Promise<Map<number, Attachment[]>> {
  const out = new Map<number, Attachment[]>();
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom('attachments')
    .selectAll()
    .where('attachable_type', '=', type)
    .where('attachable_id', 'in', [...new Set(ids)])
    .orderBy('attachable_id')
    .orderBy('id')
    .execute();
  for (const row of rows) {
    let list = out.get(row.attachable_id);
    if (!list) out.set(row.attachable_id, (list = []));
    list.push(shapeAttachment(row, origin));
  }
  return out;
}

/**
 * The owner a path names, that `caller` may put a file on: a comment by numeric id (its author or
 * an administrator, as for editing it: 403 otherwise; a deleted one is a 404), a record by id or
 * key; 404 otherwise.
 */
export async function requireOwner(db: Db, kind: 'comments' | DescribedKind, idOrKey: string, caller: Caller): Promise<AttachmentOwner> {
  if (kind === 'comments') {
    const id = asId(idOrKey);
    const row =
      id === null
        ? undefined
        : await db.selectFrom('comments').select(['id', 'user_id', 'deleted_at']).where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('Comment', idOrKey);
    checkLive(row);
    checkMayChange(row, caller, 'attach files to');
    return { type: 'Comment', id: row.id };
  }
  const type = DESCRIBED_KINDS[kind];
  let found: { id: number } | null | undefined;
  if (kind === 'pages') {
    // Notes are not among resolve.ts's keyed tables: by id, or by key (`PLN-N-3`, any case).
    const id = asId(idOrKey);
    const pages = db.selectFrom('pages').select('id');
    found = await (
      id !== null ? pages.where('id', '=', id) : pages.where('reference_num', '=', idOrKey.trim().toUpperCase())
    ).executeTakeFirst();
  } else {
    found = await findByIdOrKey(db, kind, 'reference_num', idOrKey);
  }
  if (!found) throw notFound(type === 'Ideas::Idea' ? 'Idea' : type, idOrKey);
  return { type, id: found.id };
}

const ATTACHMENT = 'Attachment';

/** The audited view of an attachment: what was attached, and where. */
const audited = (row: AttachmentRow) => ({
  file_name: row.file_name,
  content_type: row.content_type,
  file_size: row.file_size,
  file_url: row.file_url,
  attachable_type: row.attachable_type,
  attachable_id: row.attachable_id,
});

/** The create audit of a new attachment, in its transaction; answers the row. */
async function auditCreated(trx: Db, row: AttachmentRow, userId: number | null): Promise<AttachmentRow> {
  await audit(trx, { userId, type: ATTACHMENT, id: row.id, action: 'create', changes: diff(null, audited(row)), row });
  return row;
}

/** The hosted 412: the same file is already on this owner. */
export class DuplicateAttachment extends Error {
  constructor(readonly existing: AttachmentRow) {
    super('attachment[data] is already attached here (the same file)');
  }
}

/** A file name as kept: no path, no control characters, at most 255 characters; a default when empty. */
export function cleanFileName(name: string | undefined, fallback: string): string {
  const base = (name ?? '').split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (clean || fallback).slice(0, 255);
}

/**
 * Attaches a received upload: its type sniffed from its bytes, its blob placed on disk and its rows
 * written in one transaction. The same bytes twice on one owner is a `DuplicateAttachment` (hosted
 * 412). When the rows are refused, a blob file this call placed is removed again unless some row
 * now names it (another upload of the same bytes may have committed meanwhile).
 */
/** The attachment of these bytes already on this owner, if any (the same file twice is a 412). */
function sameFileOn(db: Db, owner: AttachmentOwner, sha256: string): Promise<AttachmentRow | undefined> {
  return db
    .selectFrom('attachments')
    .selectAll()
    .where('attachable_type', '=', owner.type)
    .where('attachable_id', '=', owner.id)
    .where('blob_sha256', '=', sha256)
    .executeTakeFirst();
}

export async function attachUpload(
  db: Db,
  files: BlobFiles,
  owner: AttachmentOwner,
  received: ReceivedFile,
  input: { fileName: string | undefined; userId: number | null },
): Promise<AttachmentRow> {
  const contentType = sniffType(received.head, input.fileName ?? '');
  const fileName = cleanFileName(input.fileName, 'file');
  const same = await sameFileOn(db, owner, received.sha256);
  if (same) {
    await discardReceived(received);
    throw new DuplicateAttachment(same);
  }
  const created = await placeBlob(files, received);
  try {
    return await db.transaction().execute(async (trx) => {
      const at = now();
      await trx
        .insertInto('blobs')
        .values({ sha256: received.sha256, byte_size: received.size, content_type: contentType, created_at: at })
        .onConflict((oc) => oc.column('sha256').doNothing())
        .execute();
      const row = await trx
        .insertInto('attachments')
        .values({
          attachable_type: owner.type,
          attachable_id: owner.id,
          blob_sha256: received.sha256,
          file_url: null,
          file_name: fileName,
          content_type: contentType,
          file_size: received.size,
          created_by_user_id: input.userId,
          created_at: at,
          updated_at: at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return auditCreated(trx, row, input.userId);
    });
  } catch (err) {
    if (created) await dropBlobIfUnused(db, files, received.sha256);
    // Two uploads of the same file to one owner at once: the second meets the unique index.
    if (dbFailure(err)?.kind === 'unique') {
      const existing = await sameFileOn(db, owner, received.sha256);
      if (existing) throw new DuplicateAttachment(existing);
    }
    throw err;
  }
}

const SAFE_LINK = /^https?:$/;

/**
 * Attaches a link: an absolute http(s) address (other schemes, `javascript:` and `data:` among
 * them, are refused on `file_url`), named by `file_name` or else by the address's last segment.
 * Its type is the one claimed (nothing is fetched), with `application/octet-stream` when none is.
 */
export async function attachLink(db: Db, owner: AttachmentOwner, input: AttachmentLinkInput, userId: number): Promise<AttachmentRow> {
  const problems = new FieldProblems();
  const address = input.file_url?.trim() ?? '';
  let url: URL | null = null;
  if (address === '') problems.add('file_url', "can't be blank");
  else if (!URL.canParse(address) || !SAFE_LINK.test(new URL(address).protocol))
    problems.add('file_url', 'must be an http or https address');
  else url = new URL(address);
  const lastSegment = url ? decodeSegment(url.pathname.split('/').filter(Boolean).pop() ?? '') : '';
  const fileName = cleanFileName(input.file_name, lastSegment || (url?.hostname ?? ''));
  if (url && fileName === '') problems.add('file_name', "can't be blank");
  const claimed = input.content_type?.trim().toLowerCase() ?? '';
  if (claimed !== '' && !/^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/.test(claimed)) {
    problems.add('content_type', 'must be a media type such as text/html');
  }
  problems.throwIfAny();
  return db.transaction().execute(async (trx) => {
    const at = now();
    const row = await trx
      .insertInto('attachments')
      .values({
        attachable_type: owner.type,
        attachable_id: owner.id,
        blob_sha256: null,
        file_url: (url as URL).href,
        file_name: fileName,
        content_type: claimed || 'application/octet-stream',
        file_size: null,
        created_by_user_id: userId,
        created_at: at,
        updated_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return auditCreated(trx, row, userId);
  });
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Deletes an attachment. Its blob (row and file) goes too once nothing names it: no other
 * attachment and no recycle-bin payload (a deleted comment or record kept for a restore carries its
 * attachment rows, whose blob must still be there when it comes back).
 */
export async function deleteAttachment(db: Db, files: BlobFiles, idText: string, caller: Caller): Promise<void> {
  const id = asId(idText);
  const userId = caller.id;
  const gone = await db.transaction().execute(async (trx) => {
    const row = id === null ? undefined : await trx.selectFrom('attachments').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('Attachment', idText);
    if (row.attachable_type === 'Comment') {
      // A comment's files are the comment's: whoever may not edit it may not take one off.
      const comment = await trx.selectFrom('comments').select(['id', 'user_id']).where('id', '=', row.attachable_id).executeTakeFirst();
      if (comment) checkMayChange(comment, caller, 'delete files of');
    }
    await trx.deleteFrom('attachments').where('id', '=', row.id).execute();
    const changes: Changes = Object.fromEntries(Object.entries(diff(null, audited(row))).map(([k, [, v]]) => [k, [v, null] as const]));
    await audit(trx, { userId, type: ATTACHMENT, id: row.id, action: 'destroy', changes, row });
    if (row.blob_sha256 === null || (await blobInUse(trx, row.blob_sha256))) return null;
    await trx.deleteFrom('blobs').where('sha256', '=', row.blob_sha256).execute();
    return row.blob_sha256;
  });
  // After the commit: a failed transaction must leave the file its rows still name.
  if (gone !== null) await removeBlobFile(files, gone);
}

/** Whether an attachment row or a recycle-bin payload still names a blob. */
export async function blobInUse(db: Db, sha256: string): Promise<boolean> {
  const used = await db.selectFrom('attachments').select('id').where('blob_sha256', '=', sha256).limit(1).executeTakeFirst();
  if (used) return true;
  // A hash is 64 hex digits: found anywhere in a payload's JSON, it is that blob's.
  const kept = await db.selectFrom('deletions').select('id').where('payload', 'like', `%${sha256}%`).limit(1).executeTakeFirst();
  return kept !== undefined;
}

/** Removes a blob this process just placed when nothing names it (a refused upload). */
async function dropBlobIfUnused(db: Db, files: BlobFiles, sha256: string): Promise<void> {
  const gone = await db.transaction().execute(async (trx) => {
    if (await blobInUse(trx, sha256)) return false;
    await trx.deleteFrom('blobs').where('sha256', '=', sha256).execute();
    return true;
  });
  if (gone) await removeBlobFile(files, sha256);
}

/** What the download route serves: the attachment and, for an upload, its blob. */
export async function attachmentFile(
  db: Db,
  idText: string,
): Promise<{ row: AttachmentRow; blob: { sha256: string; byte_size: number; content_type: string } | null }> {
  const id = asId(idText);
  const row = id === null ? undefined : await db.selectFrom('attachments').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Attachment', idText);
  if (row.blob_sha256 === null) return { row, blob: null };
  const blob = await db
    .selectFrom('blobs')
    .select(['sha256', 'byte_size', 'content_type'])
    .where('sha256', '=', row.blob_sha256)
    .executeTakeFirst();
  if (!blob) throw new StoreError('not_found', `Attachment ${idText} has lost its file`);
  return { row, blob };
}
