// The file session: the HttpOnly cookie that lets `<img src>` and download links (which cannot send
// a header) load attachments, started when the signed-in app starts. Its own small module, apart
// from the upload code (./attachments), because the layout starts it on every first load and the
// first screen's JavaScript has a budget (e2e/first-load.spec.ts).
import type { z } from 'zod';
import { attachmentSessionSchema } from '../contract/attachments';
import { apiDelete, apiPost } from './client';
import { getSession } from './session';

export type AttachmentSession = z.infer<typeof attachmentSessionSchema>['attachment_session'];

let session: { token: string; at: number; answer: Promise<AttachmentSession | null> } | null = null;

/** A session is renewed when asked for after half its life (the service's lasts 12 hours). */
const RENEW_AFTER_MS = 6 * 60 * 60 * 1000;

/**
 * Starts the file session of the signed-in token (once per token, renewed after half its life; a
 * new sign-in starts a new one). Never fails: without it, files still upload, and only `<img>` and
 * download links of files would be refused — resolved with null then.
 */
export function startFileSession(): Promise<AttachmentSession | null> {
  const token = getSession()?.token;
  if (!token) return Promise.resolve(null);
  if (session?.token !== token || Date.now() - session.at > RENEW_AFTER_MS) {
    const answer = apiPost('/attachments/session', undefined, attachmentSessionSchema).then(
      (a) => a.attachment_session,
      () => null,
    );
    session = { token, at: Date.now(), answer };
  }
  return session.answer;
}

/** The per-file upload cap, once the file session told it (null before). */
export async function maxUploadBytes(): Promise<number | null> {
  return (await startFileSession())?.max_upload_bytes ?? null;
}

/**
 * Ends the file session at sign-out, while the token still signs the call: the cookie would
 * otherwise let this browser load files for the rest of its 12 hours. Never fails (sign-out goes on).
 */
export async function endFileSession(): Promise<void> {
  session = null;
  if (!getSession()) return;
  await apiDelete('/attachments/session').catch(() => undefined);
}
