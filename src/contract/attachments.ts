// Attachments (issue 12): the answer of a create, the link form of the body, the file session that
// lets the browser load files without its Bearer header, and the record kinds whose descriptions
// take files. The record itself (`attachmentSchema`) lives in common.ts, since descriptions embed it.
import { z } from 'zod';
import { NAME_MAX, attachmentSchema, recordEnvelope, timestampSchema, writeBody } from './common';

/** The multipart part an upload's bytes come in (hosted: `attachment[data]`). */
export const UPLOAD_PART = 'attachment[data]';

/** The longest link address taken, in characters. */
export const FILE_URL_MAX = 2_048;

/**
 * A link attachment: an http(s) address (anything else, `javascript:` or `data:` included, is
 * refused on `file_url`), the type it claims and its name; without a name, the last segment of the
 * address names it. Also read from multipart parts `attachment[file_url]` etc.
 */
export const attachmentLinkInput = z.object({
  file_url: z.string().max(FILE_URL_MAX, `must be at most ${FILE_URL_MAX} characters`).optional(),
  content_type: z.string().max(NAME_MAX, `must be at most ${NAME_MAX} characters`).optional(),
  file_name: z.string().max(NAME_MAX, `must be at most ${NAME_MAX} characters`).optional(),
});
export type AttachmentLinkInput = z.input<typeof attachmentLinkInput>;
export const attachmentLinkBody = writeBody('attachment', attachmentLinkInput);

export const attachmentEnvelope = recordEnvelope('attachment', attachmentSchema);

/** The hosted answer to the same file attached twice to one owner (412). */
export const duplicateAttachmentSchema = z.object({
  error: z.string(),
  status: z.literal('duplicate'),
  success: z.literal(false),
  attachmentId: z.string(),
  attachmentUrl: z.string(),
});

/**
 * The file session: an HttpOnly cookie scoped to `/api/v1/attachments/` that lets `<img src>` and
 * download links (which cannot send a header) load files; `max_upload_bytes` is the per-file cap, so
 * the app refuses a file that is too large before sending it.
 */
export const attachmentSessionSchema = z.object({
  attachment_session: z.object({
    expires_at: timestampSchema,
    max_upload_bytes: z.number().int().positive(),
  }),
});
export type AttachmentSession = z.infer<typeof attachmentSessionSchema>['attachment_session'];

/** The file session's cookie, sent by the browser to `/api/v1/attachments/` only. */
export const FILE_SESSION_COOKIE = 'planner_files';

/** The record kinds (as paths name them) whose description takes files, and the hosted type of each. */
export const DESCRIBED_KINDS = {
  features: 'Feature',
  epics: 'Epic',
  ideas: 'Ideas::Idea',
  pages: 'Page',
} as const;
export type DescribedKind = keyof typeof DESCRIBED_KINDS;
