// RichTextEditor: the one editor of every description, note and comment. The editor itself (TipTap
// and ProseMirror, ~150 KB gzip) is its own chunk, loaded when a form first shows one, so the first
// load of the app does not grow; until it arrives a read-only box of the same size holds the place.
// A `deferred` editor (a record page's comment composer) starts as a plain text box and becomes the
// editor when it is focused: building a TipTap editor is a large part of a record page's first
// render (bench/browser.ts), for a box most visits never type in.
import { lazy, Suspense, useEffect, useState } from 'react';
import './rich-text-editor.css';
import type { MentionCandidate } from './rich-text-mention';

export interface RichTextEditorProps {
  /** The id of the editable element (a label's `htmlFor` cannot point at it: use `labelledBy`). */
  id: string;
  /** HTML; '' for nothing. */
  value: string;
  /** The sanitised HTML after every change; '' when the text is empty. */
  onChange: (html: string) => void;
  onBlur?: () => void;
  labelledBy?: string | undefined;
  describedBy?: string | undefined;
  invalid?: boolean | undefined;
  /** The form requires a text (`aria-required`). */
  required?: boolean | undefined;
  placeholder?: string | undefined;
  /** The height of the empty editor, in lines. */
  minRows?: number | undefined;
  /**
   * Uploads an image and answers its address: given, pasting or dropping an image into the text and
   * the Image button's "Upload an image" insert `<img src>` of the uploaded file. The editor stays
   * free of the API: the screen says where the file goes (the record's description attachments).
   */
  onUploadImage?: ((file: File) => Promise<string>) | undefined;
  /** A small toolbar (bold, italic, code, lists, link) for short texts such as comments. */
  compact?: boolean | undefined;
  /** Given, typing `@` offers these people and puts in a mention of the one chosen (comments). */
  mentions?: readonly MentionCandidate[] | undefined;
  /** Ctrl/⌘+Enter in the text: the screen's submit (a comment's Post). */
  onSubmit?: (() => void) | undefined;
  /** Focus the text once the editor is ready (a composer opened by Reply or Edit). */
  autoFocus?: boolean | undefined;
  /**
   * Start as a plain text box, built into the editor on first focus (or once it holds text). The
   * editor's code is fetched when the page is idle, so the switch does not wait on the network.
   */
  deferred?: boolean | undefined;
}

const loadImpl = () => import('./rich-text-editor-impl');
const Impl = lazy(loadImpl);

/** Plain text typed before the editor took over, as the editor's HTML (paragraphs, escaped). */
export function plainToHtml(text: string): string {
  const escape = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return text.trim() === ''
    ? ''
    : text
        .split(/\n/)
        .map((line) => `<p>${escape(line)}</p>`)
        .join('');
}

export function RichTextEditor({ deferred = false, ...props }: RichTextEditorProps) {
  const [woken, setWoken] = useState(false);
  const resting = deferred && !woken && props.value === '';
  useEffect(() => {
    if (!resting) return undefined;
    // Fetch the editor's code once the page has settled, so focusing finds it ready.
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = idle(() => void loadImpl());
    return () => cancel(handle);
  }, [resting]);
  if (resting) {
    return (
      <div className={`rte rte--resting${props.compact ? ' rte--compact' : ''}${props.invalid ? ' rte--invalid' : ''}`}>
        <textarea
          id={props.id}
          className="rte__content rte__resting"
          aria-labelledby={props.labelledBy}
          aria-describedby={props.describedBy}
          aria-invalid={props.invalid || undefined}
          aria-required={props.required || undefined}
          placeholder={props.placeholder}
          rows={props.minRows ?? 6}
          value=""
          onFocus={() => setWoken(true)}
          onChange={(e) => {
            // A key that beat the focus handler: kept, as the editor's first paragraph.
            props.onChange(plainToHtml(e.target.value));
            setWoken(true);
          }}
        />
      </div>
    );
  }
  return (
    <Suspense
      fallback={
        <div className="rte rte--loading" aria-busy="true">
          <div className="rte__toolbar" aria-hidden="true" />
          <div
            className="rte__content"
            role="textbox"
            aria-readonly="true"
            aria-labelledby={props.labelledBy}
            aria-required={props.required || undefined}
            style={{ minHeight: `${(props.minRows ?? 6) * 1.5}em` }}
          />
        </div>
      }
    >
      <Impl {...props} autoFocus={props.autoFocus || (deferred && woken)} />
    </Suspense>
  );
}
