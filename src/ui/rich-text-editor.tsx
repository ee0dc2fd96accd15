// RichTextEditor: the one editor of every description, note and comment. The editor itself (TipTap
// and ProseMirror, ~150 KB gzip) is its own chunk, loaded when a form first shows one, so the first
// load of the app does not grow; until it arrives a read-only box of the same size holds the place.
import { lazy, Suspense } from 'react';
import './rich-text-editor.css';

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
