// A note's name (edited in place) and body (the rich-text editor), saved on their own: 800 ms after
// typing stops, when either loses focus, and when the note is left. What is typed is never lost on a
// failed save: the text stays in the editor, the state line says why ("Not saved — …", with Retry),
// and a draft is kept in localStorage per note until the service has it, so a reload brings it back
// (and saves it). Keystrokes made while a save is in flight are saved right after it.
import { useEffect, useId, useRef, useState } from 'react';
import { uploadImage } from '../../api/attachments';
import { useSaveNote } from '../../api/notes';
import type { Note } from '../../contract/notes';
import { Button } from '../../ui/button';
import { errorMessage } from '../../ui/error-state';
import { DescriptionFiles } from '../../ui/description-files';
import { RichTextEditor } from '../../ui/rich-text-editor';

/** How long typing must pause before a save. */
export const AUTOSAVE_DELAY_MS = 800;

interface Text {
  name: string;
  body: string;
}

type SaveState = { kind: 'saved' } | { kind: 'dirty' } | { kind: 'saving' } | { kind: 'failed'; reason: string };

const draftKey = (id: string): string => `planner.note-draft.${id}`;

/** The draft kept for a note, if any (a failed or unfinished save before a reload). */
export function readDraft(id: string): Text | null {
  try {
    const raw = localStorage.getItem(draftKey(id));
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    if (typeof value === 'object' && value !== null && 'name' in value && 'body' in value) {
      const { name, body } = value;
      if (typeof name === 'string' && typeof body === 'string') return { name, body };
    }
  } catch {
    // Storage refused (private mode, quota) or a draft from elsewhere: nothing to restore.
  }
  return null;
}

function writeDraft(id: string, text: Text | null): void {
  try {
    if (text) localStorage.setItem(draftKey(id), JSON.stringify(text));
    else localStorage.removeItem(draftKey(id));
  } catch {
    // The draft is a safety net; the editor still holds the text.
  }
}

const same = (a: Text, b: Text): boolean => a.name.trim() === b.name.trim() && a.body === b.body;

export function NoteEditor({ note, focusName = false, wide }: { note: Note; focusName?: boolean; wide: boolean }) {
  const save = useSaveNote();
  const stored: Text = { name: note.name ?? '', body: note.description?.body ?? '' };
  // A draft left by a reload: shown instead of the stored text (and saved), unless the service already has it.
  const [initial] = useState<{ text: Text; restored: boolean }>(() => {
    const draft = readDraft(note.id);
    if (draft && !same(draft, stored)) return { text: draft, restored: true };
    if (draft) writeDraft(note.id, null);
    return { text: stored, restored: false };
  });
  const [name, setName] = useState(initial.text.name);
  const [body, setBody] = useState(initial.text.body);
  const [state, setState] = useState<SaveState>(initial.restored ? { kind: 'dirty' } : { kind: 'saved' });
  const nameRef = useRef<HTMLInputElement>(null);
  const bodyId = useId();
  const labelId = useId();
  const mutate = save.mutate;
  const mutateRef = useRef(mutate);
  useEffect(() => {
    mutateRef.current = mutate;
  }, [mutate]);

  // The saver lives as long as the editor (one per note): what is typed, what the service has, one
  // save at a time — what was typed meanwhile goes once that one is answered.
  const [saver] = useState(() => {
    let current: Text = initial.text;
    let saved: Text = stored;
    let inFlight = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const api = {
      edit(patch: Partial<Text>): void {
        current = { ...current, ...patch };
        writeDraft(note.id, current);
        setState((s) => (s.kind === 'saving' ? s : { kind: 'dirty' }));
        api.soon();
      },
      soon(): void {
        clearTimeout(timer);
        timer = setTimeout(api.flush, AUTOSAVE_DELAY_MS);
      },
      flush(): void {
        clearTimeout(timer);
        const text = current;
        if (same(text, saved)) {
          writeDraft(note.id, null);
          if (!inFlight) setState({ kind: 'saved' });
          return;
        }
        if (inFlight) return;
        inFlight = true;
        setState({ kind: 'saving' });
        mutateRef.current(
          { id: note.id, input: { name: text.name, description_attributes: { body: text.body } } },
          {
            onSuccess: () => {
              inFlight = false;
              saved = text;
              if (same(current, text)) {
                writeDraft(note.id, null);
                setState({ kind: 'saved' });
              } else api.soon();
            },
            onError: (error) => {
              inFlight = false;
              setState({ kind: 'failed', reason: errorMessage(error) });
            },
          },
        );
      },
    };
    return api;
  });

  useEffect(() => {
    // A restored draft is saved as soon as the note opens.
    if (initial.restored) saver.soon();
    // Leaving the note (another note, another screen) saves what is pending.
    return () => saver.flush();
  }, [saver, initial.restored]);

  // Closing or reloading the tab with unsaved text asks first (the draft survives either way).
  useEffect(() => {
    if (state.kind === 'saved') return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [state.kind]);

  useEffect(() => {
    if (focusName) nameRef.current?.focus();
  }, [focusName]);

  return (
    <div className="note-editor">
      <div className="note-editor__bar">
        <SaveStatus state={state} restored={initial.restored} onRetry={saver.flush} />
      </div>
      <h2 className="note-editor__title">
        <input
          ref={nameRef}
          className="note-editor__name"
          aria-label="Note name"
          placeholder="Untitled"
          maxLength={255}
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            saver.edit({ name: e.target.value });
          }}
          onBlur={saver.flush}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            document.getElementById(bodyId)?.focus();
          }}
        />
      </h2>
      <span id={labelId} className="visually-hidden">
        Note body
      </span>
      <div className={`note-editor__body${wide ? ' note-editor__body--full' : ''}`}>
        <RichTextEditor
          id={bodyId}
          value={body}
          onChange={(html) => {
            setBody(html);
            saver.edit({ body: html });
          }}
          onBlur={saver.flush}
          labelledBy={labelId}
          placeholder="Write the note…"
          minRows={14}
          onUploadImage={(file) => uploadImage({ collection: 'pages', id: note.id }, file)}
        />
        <DescriptionFiles kind="page" owner={{ collection: 'pages', id: note.id }} attachments={note.description?.attachments} />
      </div>
    </div>
  );
}

function SaveStatus({ state, restored, onRetry }: { state: SaveState; restored: boolean; onRetry: () => void }) {
  if (state.kind === 'failed') {
    return (
      <p className="note-save note-save--failed" role="alert">
        <span>Not saved — {state.reason}</span>
        <Button size="sm" onClick={onRetry}>
          Retry
        </Button>
      </p>
    );
  }
  const text =
    state.kind === 'saving'
      ? 'Saving…'
      : state.kind === 'dirty'
        ? restored
          ? 'Restoring your unsaved changes…'
          : 'Unsaved changes'
        : 'Saved';
  return (
    <p className={`note-save note-save--${state.kind}`} role="status" aria-live="polite">
      {text}
    </p>
  );
}
