// A comment's composer: the rich-text editor in its compact form with @-mentions, Ctrl/⌘+Enter to
// submit, and the service's refusal shown right under it — the draft stays until the comment is
// saved. Used for a new comment, a reply (under its comment) and an edit (which also holds the
// comment's files: drop or attach, with progress, through the attachment kit). A new comment or
// reply has no id to attach files to until it is posted: files dropped or picked are held beside
// the text and uploaded, each with its progress bar, once the service has made the comment.
import { useId, useRef, useState, type DragEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { deleteHookFor, uploadAttachment, uploadHookFor } from '../api/attachments';
import { ApiError } from '../api/client';
import { keys } from '../api/keys';
import type { CommentAttachment } from '../contract/comments';
import { AttachmentDrop, formatBytes, uploadError } from './attachment-drop';
import { Button } from './button';
import { useMaxUploadBytes } from './description-files';
import { errorMessage } from './error-state';
import { ProgressBar } from './progress-bar';
import { RichTextEditor } from './rich-text-editor';
import type { MentionCandidate } from './rich-text-mention';

export interface CommentComposerProps {
  /** The text's accessible name ("Write a comment", "Reply to Ada", "Edit comment"). */
  label: string;
  submitLabel: string;
  pendingLabel: string;
  placeholder?: string;
  /** The body to start from (an edit). */
  initial?: string;
  people: readonly MentionCandidate[];
  autoFocus?: boolean;
  /**
   * Saves the body; a rejection keeps the draft and shows why. A new comment answers its id, and
   * the files held beside the text are then uploaded onto it.
   */
  onSubmit: (body: string) => Promise<string | void>;
  /** Given, a Cancel button closes the composer (a reply or an edit). */
  onCancel?: () => void;
  /** An edit: the comment's files, which can be added and removed here. */
  files?: { commentId: string; attachments: readonly CommentAttachment[] };
}

/** What a refusal says: the service's messages per field (the body's read as a sentence), else its message. */
export function commentErrorMessages(error: unknown): string[] {
  if (error instanceof ApiError) {
    const fields = Object.entries(error.fieldErrors).flatMap(([field, messages]) =>
      messages.map((m) =>
        field === 'body' ? `The comment ${m}` : field === 'parent_comment_id' ? `The comment replied to ${m}` : `${field} ${m}`,
      ),
    );
    return fields.length > 0 ? fields : [error.message];
  }
  return [errorMessage(error)];
}

export function CommentComposer({
  label,
  submitLabel,
  pendingLabel,
  placeholder,
  initial = '',
  people,
  autoFocus,
  onSubmit,
  onCancel,
  files,
}: CommentComposerProps) {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<string[]>([]);
  const [pending, setPending] = useState(false);
  const id = useId();
  const held = useHeldFiles();
  const fileInput = useRef<HTMLInputElement>(null);

  const submit = async () => {
    if (pending) return;
    if (draft.trim() === '') {
      setErrors(['Write something first: the comment is empty.']);
      return;
    }
    setPending(true);
    setErrors([]);
    try {
      const made = await onSubmit(draft);
      // A new comment or reply starts a fresh draft; an edit's composer closes.
      setDraft('');
      if (typeof made === 'string') {
        const failed = await held.uploadTo(made);
        if (failed.length > 0) setErrors([`The comment was posted, but ${failed.join('; ')}. Edit the comment to attach it again.`]);
      }
    } catch (error) {
      setErrors(commentErrorMessages(error));
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="composer" onDragOver={files ? undefined : held.onDragOver} onDrop={files ? undefined : held.onDrop}>
      <span className="visually-hidden" id={`${id}-label`}>
        {label}
      </span>
      <RichTextEditor
        id={`${id}-text`}
        value={draft}
        onChange={(html) => {
          setDraft(html);
          if (errors.length > 0) setErrors([]);
        }}
        labelledBy={`${id}-label`}
        describedBy={errors.length > 0 ? `${id}-error` : `${id}-hint`}
        invalid={errors.length > 0}
        placeholder={placeholder}
        minRows={initial ? 2 : 3}
        compact
        mentions={people}
        autoFocus={autoFocus}
        // A new comment's box builds its editor on first focus; a reply or an edit opens focused.
        deferred={!autoFocus && !initial}
        onSubmit={() => void submit()}
      />
      {errors.length > 0 ? (
        <div className="composer__error field__error" id={`${id}-error`} role="alert">
          {errors.map((e) => (
            <p key={e}>{e}</p>
          ))}
        </div>
      ) : null}
      {files ? <EditFiles commentId={files.commentId} attachments={files.attachments} /> : <HeldFileList held={held} pending={pending} />}
      <div className="composer__actions">
        {files ? null : (
          <>
            <input
              ref={fileInput}
              type="file"
              multiple
              hidden
              onChange={(e) => {
                held.add(e.target.files);
                e.target.value = '';
              }}
            />
            <Button size="sm" variant="ghost" onClick={() => fileInput.current?.click()} disabled={pending}>
              Attach files
            </Button>
          </>
        )}
        <span className="composer__hint" id={`${id}-hint`}>
          Ctrl+Enter to {submitLabel.toLowerCase()} · @ to mention
        </span>
        {onCancel ? (
          <Button size="sm" variant="ghost" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
        ) : null}
        <Button size="sm" variant="primary" onClick={() => void submit()} pending={pending} pendingLabel={pendingLabel}>
          {submitLabel}
        </Button>
      </div>
    </div>
  );
}

/** A comment's files while it is edited: the attachment kit on `POST /comments/:id/attachments`. */
function EditFiles({ commentId, attachments }: { commentId: string; attachments: readonly CommentAttachment[] }) {
  const upload = uploadHookFor('comment')({ collection: 'comments', id: commentId });
  const remove = deleteHookFor('comment')();
  const maxBytes = useMaxUploadBytes();
  return (
    <AttachmentDrop
      label="Files"
      attachments={attachments.map((a) => ({ ...a, file_size: a.file_size ?? null }))}
      maxBytes={maxBytes}
      upload={(file, onProgress, signal) => upload.mutateAsync({ file, onProgress, signal })}
      remove={(file) => remove.mutateAsync(file.id)}
    />
  );
}

interface HeldFile {
  key: number;
  file: File;
  /** 0–100 while it uploads; null before. */
  progress: number | null;
}

let nextHeldKey = 0;

/** Files held beside a comment not yet posted, uploaded onto it once it is. */
function useHeldFiles() {
  const [list, setList] = useState<HeldFile[]>([]);
  const [refused, setRefused] = useState<string[]>([]);
  const maxBytes = useMaxUploadBytes();
  const queryClient = useQueryClient();

  const add = (picked: FileList | null | undefined) => {
    if (!picked) return;
    const fresh: HeldFile[] = [];
    const tooLarge: string[] = [];
    for (const file of Array.from(picked)) {
      // Refused before the comment is posted, so a post never half-succeeds on a known limit.
      if (maxBytes !== null && file.size > maxBytes) tooLarge.push(`${file.name} is too large (max ${formatBytes(maxBytes)})`);
      else fresh.push({ key: nextHeldKey++, file, progress: null });
    }
    setRefused(tooLarge);
    setList((current) => [...current, ...fresh]);
  };

  const uploadTo = async (commentId: string): Promise<string[]> => {
    const failed: string[] = [];
    for (const held of list) {
      const progress = (fraction: number) =>
        setList((current) => current.map((h) => (h.key === held.key ? { ...h, progress: Math.round(fraction * 100) } : h)));
      progress(0);
      try {
        await uploadAttachment({ collection: 'comments', id: commentId }, held.file, progress);
      } catch (error) {
        failed.push(`${held.file.name} could not be attached (${uploadError(error, maxBytes)})`);
      }
    }
    setList([]);
    if (list.length > 0) await queryClient.invalidateQueries({ queryKey: keys.comments.all() });
    return failed;
  };

  return {
    list,
    refused,
    add,
    uploadTo,
    remove: (key: number) => setList((current) => current.filter((h) => h.key !== key)),
    onDragOver: (e: DragEvent) => {
      if (e.dataTransfer.types.includes('Files')) e.preventDefault();
    },
    onDrop: (e: DragEvent) => {
      if (e.dataTransfer.files.length === 0) return;
      // Files dropped on the text would otherwise be pasted into it as images.
      e.preventDefault();
      add(e.dataTransfer.files);
    },
  };
}

function HeldFileList({ held, pending }: { held: ReturnType<typeof useHeldFiles>; pending: boolean }) {
  if (held.list.length === 0 && held.refused.length === 0) return null;
  return (
    <div className="composer__files">
      {held.refused.length > 0 ? (
        <p className="field__error" role="alert">
          {held.refused.join('; ')}
        </p>
      ) : null}
      {held.list.length > 0 ? (
        <ul aria-label="Files to attach">
          {held.list.map((h) => (
            <li key={h.key} className="composer__file">
              <span className="composer__file-name">{h.file.name}</span>
              <span className="muted">{formatBytes(h.file.size)}</span>
              {h.progress !== null ? (
                <ProgressBar value={h.progress} label={`Uploading ${h.file.name}`} size="sm" />
              ) : (
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => held.remove(h.key)}
                  disabled={pending}
                  aria-label={`Remove ${h.file.name}`}
                >
                  Remove
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
