// RichTextEditor: the one editor of every description, note and comment. The editor itself (TipTap
// and ProseMirror, ~150 KB gzip) is its own chunk, loaded when a form first shows one, so the first
// load of the app does not grow; until it arrives a read-only box of the same size holds the place.
import { lazy, Suspense } from 'react';
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
}

const Impl = lazy(() => import('./rich-text-editor-impl'));

export function RichTextEditor(props: RichTextEditorProps) {
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
            style={{ minHeight: `${(props.minRows ?? 6) * 1.5}em` }}
          />
        </div>
      }
    >
      <Impl {...props} />
    </Suspense>
  );
}
