// Attachments (issue 12; operation 14 is the comment form): files on a comment and on the
// description of a feature, epic, idea or note, created as a streamed upload or a link, deleted,
// and downloaded — the download to the Bearer token or to the file-session cookie, which the app
// gets from `POST /attachments/session`. Rows of the route table; bytes on disk are the store's
// (store/blob-files.ts, store/attachments.ts), the streamed body is http/upload.ts's.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import {
  FILE_SESSION_COOKIE,
  UPLOAD_PART,
  attachmentEnvelope,
  attachmentLinkBody,
  attachmentSessionSchema,
} from '../../src/contract/attachments';
import type { DescribedKind } from '../../src/contract/attachments';
import { authenticate } from '../auth';
import { HttpError } from '../http/errors';
import { originOf } from '../http/query';
import { route } from '../http/route-table';
import { readUpload } from '../http/upload';
import {
  DuplicateAttachment,
  attachLink,
  attachUpload,
  attachmentFile,
  deleteAttachment,
  downloadUrl,
  requireOwner,
  shapeAttachment,
} from '../store/attachments';
import type { AttachmentRow } from '../store/attachments';
import { blobPath } from '../store/blob-files';
import type { BlobFiles } from '../store/blob-files';
import { FILE_SESSION_MS, endFileSession, fileSessionUser, mintFileSession } from '../store/file-sessions';
import { contentDisposition, servedType } from '../store/file-types';
import { fieldError, notFound } from '../problems';
import { noteOwner } from '../store/note-ids';
import type { NoteKind } from '../store/note-ids';
import type { AppEnv } from '../types';
import type { UserRow } from '../store/schema';

const TAGS = ['Attachments'];

/** Files answer only under this path, so the session cookie is sent nowhere else. */
const COOKIE_PATH = '/api/v1/attachments/';

/** The CSP of a file answer: nothing loads, and a document opened from it runs sandboxed. */
const FILE_CSP = "default-src 'none'; sandbox";

const FORMS =
  'Three forms (hosted): multipart/form-data with the file in the part `attachment[data]` (streamed to disk, at most ' +
  '`PLANNER_MAX_UPLOAD_BYTES` per file, 413 over it; its type is sniffed from its bytes, never taken from the claim); a ' +
  'JSON link `{"attachment": {"file_url", "content_type", "file_name"}}`; or the same link as multipart parts ' +
  '`attachment[file_url]` etc. A link must be an http(s) address (422 on `file_url` otherwise); without `file_name` ' +
  'the address\'s last segment names it. The same file twice on one owner is a 412 `{"status": "duplicate"}` naming ' +
  'the attachment already there.';

function filesOf(c: Context<AppEnv>): BlobFiles {
  const files = c.get('files');
  if (!files) throw new Error('This app was made without a blob folder (AppOptions.files)');
  return files;
}

/** The hosted 412 for the same file twice on one owner, with this service's error message. */
function duplicateAnswer(c: Context<AppEnv>, existing: AttachmentRow): Response {
  return c.json(
    {
      error: `${UPLOAD_PART} is already attached here (the same file, attachment ${existing.id})`,
      errors: { [UPLOAD_PART]: ['is already attached here'] },
      status: 'duplicate',
      success: false,
      attachmentId: String(existing.id),
      attachmentUrl: downloadUrl(originOf(c), existing),
    },
    412,
  );
}

/** Creates an attachment on the owner a path names, from whichever form the body takes. */
async function attach(c: Context<AppEnv>, kind: 'comments' | DescribedKind, idOrKey: string): Promise<Response> {
  const { db } = c.get('store');
  // The owner first: an unknown one is a 404, one the caller may not change a 403, before a byte of the body is stored.
  const owner = await requireOwner(db, kind, idOrKey, c.get('user'));
  const body = await readUpload(c, filesOf(c));
  const userId = c.get('user').id;
  try {
    const row =
      body.kind === 'file'
        ? await attachUpload(db, filesOf(c), owner, body.file, { fileName: body.fileName, userId })
        : await attachLink(db, owner, body.link, userId);
    return c.json({ attachment: shapeAttachment(row, originOf(c)) });
  } catch (err) {
    if (err instanceof DuplicateAttachment) return duplicateAnswer(c, err.existing);
    throw err;
  }
}

const upload = { part: UPLOAD_PART, link: attachmentLinkBody } as const;

/** The kinds of note (store/note-ids.ts) whose records take files in their description, and their paths. */
const DESCRIBED_BY_NOTE: Partial<Record<NoteKind, DescribedKind>> = {
  Feature: 'features',
  Epic: 'epics',
  'Ideas::Idea': 'ideas',
  Page: 'pages',
};

/** The create row of one kind's description attachments. */
function describedRow<K extends DescribedKind>(kind: K, noun: string) {
  return route({
    method: 'post',
    path: `/${kind}/{id}/attachments` as const,
    op: `${kind}_attachments_create`,
    summary: `Attach a file to ${noun}'s description`,
    description:
      `Ours, beside the hosted \`POST /notes/{note_id}/attachments\`: the record by its numeric id or key, so a ` +
      `description with no text yet (answered as null, without its id) takes files too. The record answers its files in ` +
      `\`description.attachments\`. ${FORMS}`,
    tags: TAGS,
    upload,
    response: attachmentEnvelope,
    // The path parameter by name: its type cannot be read off a path built from the generic kind.
    handler: (c) => attach(c, kind, c.req.param('id') ?? ''),
  });
}

/** The caller of a download: the Bearer token when sent, else the file-session cookie. */
async function downloadCaller(c: Context<AppEnv>): Promise<UserRow> {
  const { db } = c.get('store');
  const header = c.req.header('authorization');
  if (header !== undefined) {
    const token = /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
    const user = token ? await authenticate(db, token) : null;
    if (!user) throw new HttpError(401, 'Invalid access token');
    return user;
  }
  const cookie = getCookie(c, FILE_SESSION_COOKIE);
  const user = cookie ? await fileSessionUser(db, cookie) : null;
  if (!user)
    throw new HttpError(401, 'Sign in to download files: send the access token, or the file-session cookie of POST /attachments/session');
  return user;
}

/** Streams a stored file with the headers that keep a browser from running it. */
async function download(c: Context<AppEnv>, id: string): Promise<Response> {
  await downloadCaller(c);
  const { row, blob } = await attachmentFile(c.get('store').db, id);
  return sendAttachment(c, filesOf(c), row, blob);
}

/** Answers an attachment the caller may read: its bytes with the headers that keep a browser from running them, or its link. */
export async function sendAttachment(
  c: Context,
  files: BlobFiles,
  row: AttachmentRow,
  blob: Awaited<ReturnType<typeof attachmentFile>>['blob'],
): Promise<Response> {
  const id = String(row.id);
  // A link's bytes are elsewhere: its download address is its own.
  if (!blob) return c.redirect(row.file_url ?? '/', 302);
  const etag = `"${blob.sha256}"`;
  const headers: Record<string, string> = {
    'Content-Type': servedType(blob.content_type),
    'Content-Disposition': contentDisposition(blob.content_type, row.file_name),
    'Content-Security-Policy': FILE_CSP,
    'X-Content-Type-Options': 'nosniff',
    // Signed-in callers only, and the bytes of an id never change: kept privately, checked each time.
    'Cache-Control': 'private, no-cache',
    ETag: etag,
  };
  const match = c.req.header('if-none-match');
  if (match !== undefined && match.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) {
    return new Response(null, { status: 304, headers });
  }
  const file = blobPath(files, blob.sha256);
  const stat = await fsp.stat(file).catch(() => null);
  if (!stat) throw notFound('The file of attachment', id);
  headers['Content-Length'] = String(stat.size);
  const stream = Readable.toWeb(fs.createReadStream(file)) as unknown as ReadableStream<Uint8Array>;
  return new Response(stream, { status: 200, headers });
}

/** The session cookie's attributes: HttpOnly, SameSite=Strict, Secure when served over https. */
function cookieOptions(c: Context<AppEnv>) {
  return {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'Strict',
    secure: originOf(c).startsWith('https:'),
  } as const;
}

export const attachmentRoutes = [
  // Fixed segments before `/attachments/{id}`, so `session` is never read as an id.
  route({
    method: 'post',
    path: '/attachments/session',
    op: 'attachment_session_create',
    summary: 'Start a file session (cookie for downloads)',
    description:
      'Ours: sets the HttpOnly, SameSite=Strict cookie `planner_files` (Secure over https), scoped to ' +
      '`/api/v1/attachments/` and valid 12 hours, that `GET /attachments/{id}/download` accepts in place of the Bearer ' +
      'token — `<img src>` and download links cannot send a header. Only its hash is stored. Answers its expiry and the ' +
      'per-file upload cap.',
    tags: TAGS,
    response: attachmentSessionSchema,
    handler: async (c) => {
      const session = await mintFileSession(c.get('store').db, c.get('user').id);
      setCookie(c, FILE_SESSION_COOKIE, session.value, { ...cookieOptions(c), maxAge: Math.floor(FILE_SESSION_MS / 1000) });
      return c.json({ attachment_session: { expires_at: session.expiresAt, max_upload_bytes: filesOf(c).maxUploadBytes } });
    },
  }),
  route({
    method: 'delete',
    path: '/attachments/session',
    op: 'attachment_session_delete',
    summary: 'End the file session (sign-out)',
    description: 'Ours: forgets the session of the `planner_files` cookie sent, and clears the cookie.',
    tags: TAGS,
    response: null,
    handler: async (c) => {
      const value = getCookie(c, FILE_SESSION_COOKIE);
      if (value) await endFileSession(c.get('store').db, value);
      deleteCookie(c, FILE_SESSION_COOKIE, cookieOptions(c));
      return c.body(null, 204);
    },
  }),
  route({
    method: 'post',
    path: '/comments/{comment_id}/attachments',
    op: 'comment_attachments_create',
    summary: 'Attach a file to a comment',
    description:
      `Operation 14. By the comment's author or an administrator, as editing it (403 otherwise; a deleted comment is a 404). ` + FORMS,
    tags: TAGS,
    params: { comment_id: 'Numeric id of the comment' },
    errors: { 403: 'The caller is neither the comment’s author nor an administrator' },
    upload,
    response: attachmentEnvelope,
    handler: (c, { params }) => attach(c, 'comments', params.comment_id),
  }),
  describedRow('features', 'a feature'),
  describedRow('epics', 'an epic'),
  describedRow('ideas', 'an idea'),
  describedRow('pages', 'a note'),
  route({
    method: 'post',
    path: '/notes/{note_id}/attachments',
    op: 'note_attachments_create',
    summary: "Attach a file to a record's description",
    description:
      'As hosted: `note_id` is the `description.id` a record answers (a feature, epic, idea or note: their descriptions take ' +
      "files; another kind's description is a 422 on `note_id`). A record whose description is empty answers none, yet takes " +
      `files the same way through its own path (\`POST /features/{id}/attachments\`, …). ${FORMS}`,
    tags: TAGS,
    params: { note_id: "The description's id, as records answer it in `description.id`" },
    upload,
    response: attachmentEnvelope,
    handler: (c, { params }) => {
      const note = noteOwner(params.note_id);
      if (!note) throw notFound('Description', params.note_id);
      const kind = DESCRIBED_BY_NOTE[note.kind];
      if (!kind) {
        throw fieldError(
          'note_id',
          `is the description of a ${note.kind} record, which takes no files here: files go on the descriptions of features, epics, ideas and notes`,
        );
      }
      return attach(c, kind, String(note.recordId));
    },
  }),
  route({
    method: 'get',
    path: '/attachments/{id}/download',
    op: 'attachment_download',
    summary: "An attachment's bytes",
    description:
      'Ours. To the Bearer token or the file-session cookie (`POST /attachments/session`); 401 with neither. Streams the ' +
      'file with `Content-Type` the sniffed type — safe raster images (PNG, JPEG, GIF, WebP) `inline`, anything else ' +
      '`Content-Disposition: attachment`, HTML and SVG as `application/octet-stream` — `X-Content-Type-Options: ' +
      "nosniff`, `Content-Security-Policy: default-src 'none'; sandbox` and the SHA-256 as `ETag` (304 on " +
      '`If-None-Match`). A link attachment redirects (302) to its address.',
    tags: TAGS,
    params: { id: 'Numeric id of the attachment' },
    download: { cookie: FILE_SESSION_COOKIE },
    response: null,
    handler: (c, { params }) => download(c, params.id),
  }),
  route({
    method: 'delete',
    path: '/attachments/{id}',
    op: 'attachment_delete',
    summary: 'Delete an attachment',
    description:
      "Removes the attachment. A comment's file by the comment's author or an administrator only, as editing it (403 " +
      'otherwise). Its file goes too once nothing else names it: no other attachment, and no comment or record kept in the ' +
      'recycle bin for a later restore.',
    tags: TAGS,
    params: { id: 'Numeric id of the attachment' },
    errors: { 403: 'A file of a comment whose author the caller is not (nor an administrator)' },
    response: null,
    handler: async (c, { params }) => {
      await deleteAttachment(c.get('store').db, filesOf(c), params.id, c.get('user'));
      return c.body(null, 204);
    },
  }),
] as const;
