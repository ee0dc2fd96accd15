// Attachments over HTTP: uploads with progress (XMLHttpRequest, since fetch reports no upload
// progress; the same base URL and Bearer header as ./client), links, deletes, and the file session —
// the HttpOnly cookie that lets `<img src>` and download links (which cannot send a header) load
// files, started when the signed-in app starts. Writes are mutation hooks of the owner's kind, so
// the record (its `description.attachments`) or the comment refreshes through the invalidation graph.
import { attachmentEnvelope, duplicateAttachmentSchema, UPLOAD_PART, type AttachmentLinkInput } from '../contract/attachments';
import { errorBodySchema, type Attachment } from '../contract/common';
import { ApiError, apiDelete, apiPost, apiUrl } from './client';
import type { RecordKind } from './keys';
import { defineMutation, type MutationHookResult } from './mutations';
import { getSession } from './session';

export type { Attachment };

/** Who a file hangs from: a comment, or the description of a feature, epic, idea or note. */
export interface AttachmentOwner {
  collection: 'comments' | 'features' | 'epics' | 'ideas' | 'pages';
  /** Id (or key, for records) of the owner. */
  id: string;
}

const ownerPath = (owner: AttachmentOwner): string => `/${owner.collection}/${encodeURIComponent(owner.id)}/attachments`;

/** Upload progress, 0–1. */
export type OnProgress = (fraction: number) => void;

/**
 * Uploads one file as `attachment[data]`, reporting progress. Errors are the client's `ApiError`
 * (a 413's message names the cap); an abort rejects with an `AbortError`.
 */
export function uploadAttachment(owner: AttachmentOwner, file: File, onProgress?: OnProgress, signal?: AbortSignal): Promise<Attachment> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(ownerPath(owner)));
    const token = getSession()?.token;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onerror = () =>
      reject(new ApiError(0, 'Could not reach the planning service. Check your connection and the server URL.', {}, 'network'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    xhr.onload = () => {
      const json = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = attachmentEnvelope.safeParse(json);
        if (parsed.success) resolve(parsed.data.attachment);
        else reject(new ApiError(xhr.status, `Unexpected response from POST ${ownerPath(owner)}`, {}, 'contract'));
        return;
      }
      const duplicate = xhr.status === 412 ? duplicateAttachmentSchema.safeParse(json) : null;
      if (duplicate?.success) {
        reject(new DuplicateAttachmentError(duplicate.data.error, duplicate.data.attachmentId, duplicate.data.attachmentUrl));
        return;
      }
      const error = errorBodySchema.safeParse(json);
      reject(
        new ApiError(
          xhr.status,
          error.success ? error.data.error : `The upload failed (HTTP ${xhr.status}).`,
          error.success ? (error.data.errors ?? {}) : {},
        ),
      );
    };
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append(UPLOAD_PART, file, file.name);
    onProgress?.(0);
    xhr.send(form);
  });
}

/** The same file is already attached to this owner (412): the one there is named. */
export class DuplicateAttachmentError extends ApiError {
  constructor(
    message: string,
    readonly attachmentId: string,
    readonly attachmentUrl: string,
  ) {
    super(412, message);
  }
}

/**
 * Uploads an image for a text (the rich-text editor's paste, drop and Image button) and answers the
 * address to put in `<img src>`; the same image again reuses the one already attached.
 */
export async function uploadImage(owner: AttachmentOwner, file: File): Promise<string> {
  try {
    return embeddableUrl((await uploadAttachment(owner, file)).download_url);
  } catch (error) {
    if (error instanceof DuplicateAttachmentError) return embeddableUrl(error.attachmentUrl);
    throw error;
  }
}

function parseJson(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

export const attachLink = async (owner: AttachmentOwner, link: AttachmentLinkInput): Promise<Attachment> =>
  (await apiPost(ownerPath(owner), { attachment: link }, attachmentEnvelope)).attachment;

// A file is not a record of the recycle bin: its delete answers nothing to undo.
export const deleteAttachment = async (id: string): Promise<void> => {
  await apiDelete(`/attachments/${encodeURIComponent(id)}`);
};

/** What the kit's upload step gets: a file and where to report progress (and an abort signal). */
export interface UploadVariables {
  file: File;
  onProgress?: OnProgress | undefined;
  signal?: AbortSignal | undefined;
}

type UploadHook = (owner: AttachmentOwner) => MutationHookResult<Attachment, UploadVariables, unknown>;
type DeleteHook = () => MutationHookResult<void, string, unknown>;

// One hook per owner kind, made once: the mutation's kind is what the graph refreshes after it.
const uploadHooks = new Map<RecordKind, UploadHook>();
const deleteHooks = new Map<RecordKind, DeleteHook>();

/**
 * The upload hook of an owner kind (`feature` for a feature's description, `comment` …):
 * `const upload = uploadHookFor('feature')(owner)`. Call it with the same kind on every render.
 */
export function uploadHookFor(kind: RecordKind): UploadHook {
  let hook = uploadHooks.get(kind);
  if (!hook) {
    hook = defineMutation(kind, (owner: AttachmentOwner) => ({
      mutationFn: ({ file, onProgress, signal }: UploadVariables) => uploadAttachment(owner, file, onProgress, signal),
    }));
    uploadHooks.set(kind, hook);
  }
  return hook;
}

/** The delete hook of an owner kind: its variables are the attachment's id. */
export function deleteHookFor(kind: RecordKind): DeleteHook {
  let hook = deleteHooks.get(kind);
  if (!hook) {
    hook = defineMutation(kind, { mutationFn: deleteAttachment });
    deleteHooks.set(kind, hook);
  }
  return hook;
}

export { maxUploadBytes, startFileSession, type AttachmentSession } from './file-session';

/**
 * The address to put in HTML for an uploaded image: path-only when the file is on the app's own
 * origin, so the text keeps working if the service moves to another host name.
 */
export function embeddableUrl(downloadUrl: string): string {
  if (typeof window === 'undefined') return downloadUrl;
  try {
    const url = new URL(downloadUrl, window.location.href);
    return url.origin === window.location.origin ? `${url.pathname}${url.search}` : url.href;
  } catch {
    return downloadUrl;
  }
}
