// The files of a description or a comment: the ones attached (a thumbnail for an image, else its
// kind, name, size and a download link; each removable after a confirm), the uploads under way (a
// progress bar each, cancellable; a failure stays on its row with the reason) and a drop zone with
// an "Attach files" button, so the keyboard reaches everything a pointer does. It knows nothing of
// the API: the screen hands it `upload(file, onProgress, signal)` and `remove(file)`, so the comment
// composer reuses it as the record pages do.
import { useId, useRef, useState, type DragEvent } from 'react';
import { isApiError } from '../api/client';
import { Button } from './button';
import { ConfirmDialog } from './confirm-dialog';
import './attachment-drop.css';

/** An attached file as the kit shows it (the contract's attachment has these members). */
export interface AttachedFile {
  id: string;
  file_name: string;
  content_type: string;
  file_size: number | null;
  download_url: string;
}

export type UploadFile = (file: File, onProgress: (fraction: number) => void, signal: AbortSignal) => Promise<unknown>;

export interface AttachmentDropProps {
  /** Names the region and its button ("Attachments" → "Attach files"). */
  label?: string;
  attachments: readonly AttachedFile[];
  upload: UploadFile;
  /** Removes a file; without it, files cannot be removed here. */
  remove?: ((file: AttachedFile) => Promise<unknown>) | undefined;
  /** The per-file cap, when known: a larger file is refused before it is sent. */
  maxBytes?: number | null | undefined;
}

interface Upload {
  key: number;
  name: string;
  size: number;
  /** 0–100. */
  progress: number;
  error: string | null;
  controller: AbortController;
}

/** Images a browser shows safely inline (the service serves only these inline). */
export const isPreviewable = (contentType: string): boolean => /^image\/(?:png|jpeg|gif|webp)$/.test(contentType);

export function formatBytes(bytes: number | null): string {
  if (bytes === null) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** A cap as people say it: whole megabytes without decimals ("25 MB"), small caps in KB. */
const megabytes = (bytes: number): string => {
  const mb = bytes / (1024 * 1024);
  if (mb < 1) return formatBytes(bytes);
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
};

/** What a person reads when an upload fails. */
export function uploadError(error: unknown, maxBytes: number | null | undefined): string {
  if (isApiError(error)) {
    if (error.status === 413) return maxBytes ? `Too large (max ${megabytes(maxBytes)})` : 'Too large';
    if (error.status === 412) return 'Already attached here';
    return error.message;
  }
  return error instanceof Error ? error.message : 'The upload failed';
}

/** A short kind for a file without a preview: its extension, else the type's subtype. */
function kindOf(file: AttachedFile): string {
  const ext = /\.([a-z0-9]{1,5})$/i.exec(file.file_name)?.[1];
  if (ext) return ext.toUpperCase();
  const sub = file.content_type.split('/')[1] ?? '';
  return sub.slice(0, 4).toUpperCase() || 'FILE';
}

let nextKey = 0;

export function AttachmentDrop({ label = 'Attachments', attachments, upload, remove, maxBytes }: AttachmentDropProps) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [dragging, setDragging] = useState(false);
  const [removing, setRemoving] = useState<AttachedFile | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const [removePending, setRemovePending] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const headingId = useId();

  const patch = (key: number, change: Partial<Upload>) => setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));
  const drop = (key: number) => setUploads((list) => list.filter((u) => u.key !== key));

  const start = (files: readonly File[]) => {
    for (const file of files) {
      const key = nextKey++;
      const controller = new AbortController();
      const tooLarge = maxBytes && file.size > maxBytes ? `Too large (max ${megabytes(maxBytes)})` : null;
      setUploads((list) => [...list, { key, name: file.name, size: file.size, progress: 0, error: tooLarge, controller }]);
      if (tooLarge) continue;
      upload(file, (fraction) => patch(key, { progress: Math.round(fraction * 100) }), controller.signal).then(
        () => drop(key),
        (error: unknown) => {
          if (error instanceof DOMException && error.name === 'AbortError') drop(key);
          else patch(key, { error: uploadError(error, maxBytes) });
        },
      );
    }
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    start([...event.dataTransfer.files]);
  };

  const confirmRemove = async () => {
    if (!removing || !remove) return;
    setRemovePending(true);
    setRemoveError(null);
    try {
      await remove(removing);
      setRemoving(null);
    } catch (error) {
      setRemoveError(isApiError(error) || error instanceof Error ? error.message : 'The file could not be removed');
    } finally {
      setRemovePending(false);
    }
  };

  return (
    <section className="attach" aria-labelledby={headingId}>
      <h3 className="attach__title" id={headingId}>
        {label}
        {attachments.length > 0 ? <span className="attach__count"> ({attachments.length})</span> : null}
      </h3>
      {attachments.length > 0 ? (
        <ul className="attach__list">
          {attachments.map((file) => (
            <li key={file.id} className="attach__item">
              <a className="attach__thumb" href={file.download_url} download={file.file_name} tabIndex={-1} aria-hidden="true">
                {isPreviewable(file.content_type) ? (
                  <img src={file.download_url} alt="" loading="lazy" />
                ) : (
                  <span className="attach__kind">{kindOf(file)}</span>
                )}
              </a>
              <span className="attach__meta">
                <a className="attach__name" href={file.download_url} download={file.file_name}>
                  {file.file_name}
                </a>
                <span className="attach__size">{formatBytes(file.file_size) || 'Link'}</span>
              </span>
              {remove ? (
                <Button
                  size="sm"
                  variant="ghost"
                  className="attach__remove"
                  aria-label={`Remove ${file.file_name}`}
                  onClick={() => setRemoving(file)}
                >
                  Remove
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {uploads.length > 0 ? (
        <ul className="attach__list" aria-label="Uploads">
          {uploads.map((u) => (
            <li key={u.key} className={`attach__item attach__item--upload${u.error ? ' attach__item--failed' : ''}`}>
              <span className="attach__meta">
                <span className="attach__name">{u.name}</span>
                {u.error ? (
                  <span className="attach__error" role="alert">
                    {u.error}
                  </span>
                ) : (
                  <span className="attach__bar">
                    <span
                      className="attach__track"
                      role="progressbar"
                      aria-label={`Uploading ${u.name}`}
                      aria-valuemin={0}
                      aria-valuemax={100}
                      aria-valuenow={u.progress}
                    >
                      <span className="attach__fill" style={{ width: `${u.progress}%` }} />
                    </span>
                    <span className="attach__size">
                      {u.progress}% of {formatBytes(u.size)}
                    </span>
                  </span>
                )}
              </span>
              {u.error ? (
                <Button size="sm" variant="ghost" aria-label={`Dismiss ${u.name}`} onClick={() => drop(u.key)}>
                  Dismiss
                </Button>
              ) : (
                <Button size="sm" variant="ghost" aria-label={`Cancel uploading ${u.name}`} onClick={() => u.controller.abort()}>
                  Cancel
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <div
        className={`attach__drop${dragging ? ' attach__drop--over' : ''}`}
        onDragOver={(event) => {
          if (![...event.dataTransfer.types].includes('Files')) return;
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <Button size="sm" onClick={() => input.current?.click()}>
          Attach files
        </Button>
        <span className="attach__hint">or drop them here{maxBytes ? ` · up to ${megabytes(maxBytes)} each` : ''}</span>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          aria-label={`Attach files to ${label.toLowerCase()}`}
          onChange={(event) => {
            start([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
      </div>
      <ConfirmDialog
        open={removing !== null}
        title="Remove this file?"
        confirmLabel="Remove"
        pending={removePending}
        error={removeError}
        onConfirm={() => void confirmRemove()}
        onCancel={() => {
          setRemoving(null);
          setRemoveError(null);
        }}
      >
        {removing ? <p>“{removing.file_name}” will be removed from here.</p> : null}
      </ConfirmDialog>
    </section>
  );
}
