// The rich-text editor behind RichTextEditor (./rich-text-editor.tsx), in its own chunk: TipTap
// (ProseMirror) with headings, lists, quotes, code, links, tables and images. HTML goes through the
// sanitiser on the way in and on the way out, so what is stored is what HtmlView would show; paste
// keeps only what the editor's schema knows. With `onUploadImage`, an image pasted or dropped in (or
// picked from the Image prompt) is uploaded and put in as `<img src>` of the uploaded file. The toolbar is one tab stop (WAI-ARIA toolbar: arrows
// move between its buttons), and the usual shortcuts work (Ctrl/⌘+B, I, U, K for a link, Z, ⇧Z).
import { TableKit } from '@tiptap/extension-table';
import Image from '@tiptap/extension-image';
import { Placeholder } from '@tiptap/extensions';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import { TextSelection } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { Button } from './button';
import { sanitizeHtml } from './html-view';
import type { RichTextEditorProps } from './rich-text-editor';
import { MentionList, MentionMenu, mentionExtension, useMentionMenu } from './rich-text-mention';

/**
 * What the editor holds, as stored: an editor with nothing in it writes `<p></p>`, which is no text
 * (''); the empty paragraph it keeps after a last heading or table (so the cursor can get past it)
 * is the editor's, not the text's.
 */
export function editorHtml(editor: Editor): string {
  return editor.isEmpty ? '' : sanitizeHtml(editor.getHTML()).replace(/(?:<p><\/p>)+$/, '');
}

/**
 * Takes the browser's selection into the editor's state now. ProseMirror reads a selection made by
 * the keyboard (Shift+arrows) on the `selectionchange` event, a task that can run after the next
 * key: Ctrl/⌘+K pressed at once then opened the link prompt, whose field takes the focus, before the
 * editor had read the selection — and an editor without the focus ignores that event, so the link
 * went onto an empty selection and was lost. A selection outside the text leaves the state as it is.
 */
export function readDomSelection(view: EditorView): void {
  const dom = view.dom.ownerDocument.getSelection();
  const { anchorNode, focusNode } = dom ?? {};
  if (!dom || !anchorNode || !focusNode || !view.dom.contains(anchorNode) || !view.dom.contains(focusNode)) return;
  const anchor = view.posAtDOM(anchorNode, dom.anchorOffset);
  const head = view.posAtDOM(focusNode, dom.focusOffset);
  const { selection, doc } = view.state;
  if (selection.anchor === anchor && selection.head === head) return;
  view.dispatch(view.state.tr.setSelection(TextSelection.between(doc.resolve(anchor), doc.resolve(head))));
}

/** Only web addresses (and mail links) become links or images: no `javascript:` or `data:`. */
export function safeUrl(text: string, kind: 'link' | 'image'): string | null {
  const url = text.trim();
  if (!url) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('/') ? url : `https://${url}`;
  const allowed = kind === 'link' ? /^(https?:|mailto:|\/)/i : /^(https?:|\/)/i;
  return allowed.test(withScheme) ? withScheme : null;
}

export default function RichTextEditorImpl({
  id,
  value,
  onChange,
  onBlur,
  labelledBy,
  describedBy,
  invalid,
  required,
  placeholder,
  minRows = 6,
  onUploadImage,
  compact = false,
  mentions,
  onSubmit,
  autoFocus = false,
}: RichTextEditorProps) {
  // The last HTML this editor reported: a `value` equal to it is our own echo, not a reset.
  const reported = useRef(value);
  const [prompt, setPrompt] = useState<Prompt>(null);
  // The editor's handlers are made once: they read the latest upload function through a ref.
  const uploader = useRef(onUploadImage);
  useEffect(() => {
    uploader.current = onUploadImage;
  }, [onUploadImage]);
  const [uploading, setUploading] = useState(0);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const editorRef = useRef<Editor | null>(null);
  // Mentions and Ctrl/⌘+Enter, read through refs for the same reason as the uploader.
  const submit = useRef(onSubmit);
  const [menu] = useState(() => new MentionMenu());
  useEffect(() => {
    menu.setPeople(mentions);
    submit.current = onSubmit;
  }, [menu, mentions, onSubmit]);
  const menuState = useMentionMenu(menu);
  const frame = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const insertImages = (files: readonly File[], at?: number) =>
    insertUploadedImages(editorRef, uploader.current, files, at, setUploading, setUploadError);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          HTMLAttributes: { rel: 'noopener noreferrer', target: '_blank' },
        },
      }),
      TableKit.configure({ table: { resizable: false } }),
      Image.configure({ inline: false, allowBase64: false }),
      ...(placeholder ? [Placeholder.configure({ placeholder })] : []),
      ...(mentions ? [mentionExtension(menu)] : []),
    ],
    content: sanitizeHtml(value),
    // Rendered on the client only; no first render without the editor (no flash of nothing).
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        ...(labelledBy ? { 'aria-labelledby': labelledBy } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        ...(required ? { 'aria-required': 'true' } : {}),
        class: 'rte__content html-view',
        style: `min-height: ${minRows * 1.5}em`,
      },
      // An image pasted or dropped in is uploaded (when the screen can) rather than refused or inlined.
      handlePaste: (_view, event) => {
        const images = imageFiles(event.clipboardData?.files);
        if (images.length === 0 || !uploader.current) return false;
        event.preventDefault();
        insertImages(images);
        return true;
      },
      handleDrop: (view, event, _slice, moved) => {
        const images = moved ? [] : imageFiles(event.dataTransfer?.files);
        if (images.length === 0 || !uploader.current) return false;
        event.preventDefault();
        insertImages(images, view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos);
        return true;
      },
      // Ctrl/⌘+K opens the link prompt on the selection (or the link the cursor is in).
      handleKeyDown: (view, event) => {
        // Ctrl/⌘+Enter submits where the screen says so (a comment); plain Enter stays a new paragraph.
        if ((event.ctrlKey || event.metaKey) && event.key === 'Enter' && submit.current) {
          event.preventDefault();
          submit.current();
          return true;
        }
        if (!((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k')) return false;
        event.preventDefault();
        readDomSelection(view);
        const href: unknown = view.state.selection.$from.marks().find((m) => m.type.name === 'link')?.attrs.href;
        setPrompt({ kind: 'link', text: typeof href === 'string' ? href : '' });
        return true;
      },
    },
    onUpdate: ({ editor: e }) => {
      const html = editorHtml(e);
      reported.current = html;
      onChange(html);
    },
    onBlur: () => onBlur?.(),
  });
  useEffect(() => {
    editorRef.current = editor;
  }, [editor]);

  // A value from outside (the form reset, a saved record arriving) replaces the text; our own echo does not.
  useEffect(() => {
    // Not yet there (TipTap rebuilding it): applied when it is, as `editor` is a dependency.
    if (value === reported.current || !editor) return;
    reported.current = value;
    const apply = () => editor.commands.setContent(sanitizeHtml(value), { emitUpdate: false });
    // Its commands exist once its view is mounted: until then, applied on `create`.
    if (editor.isInitialized) apply();
    else {
      editor.once('create', apply);
      return () => {
        editor.off('create', apply);
      };
    }
  }, [editor, value]);

  // aria-invalid and aria-describedby change with the field's error: keep the editable element in step.
  useEffect(() => {
    if (!editor.isInitialized) return;
    const dom = editor.view.dom;
    if (invalid) dom.setAttribute('aria-invalid', 'true');
    else dom.removeAttribute('aria-invalid');
    if (describedBy) dom.setAttribute('aria-describedby', describedBy);
    else dom.removeAttribute('aria-describedby');
  }, [editor, invalid, describedBy]);

  // While the mention list is open, the text (which keeps focus) points at the highlighted person.
  const activeOption = menuState && menuState.items.length > 0 ? `${menuId}-${menuState.active}` : null;
  useEffect(() => {
    if (!editor.isInitialized) return;
    const dom = editor.view.dom;
    if (activeOption) {
      dom.setAttribute('aria-controls', menuId);
      dom.setAttribute('aria-activedescendant', activeOption);
    } else {
      dom.removeAttribute('aria-controls');
      dom.removeAttribute('aria-activedescendant');
    }
  }, [editor, activeOption, menuId]);

  // A composer opened by Reply or Edit takes the focus once (the person types next).
  useEffect(() => {
    // The editor can be null for a moment while TipTap rebuilds it (a remount); focused once it is there.
    if (!autoFocus || !editor) return;
    // A composer opened on a busy page can render before TipTap has mounted its view (no commands
    // yet: reading them threw): it takes the focus once created.
    const focus = () => editor.commands.focus('end');
    if (editor.isInitialized) focus();
    else {
      editor.once('create', focus);
      return () => {
        editor.off('create', focus);
      };
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the editor first appears
  }, [editor]);

  return (
    <div ref={frame} className={`rte${invalid ? ' rte--invalid' : ''}${compact ? ' rte--compact' : ''}`}>
      <Toolbar
        compact={compact}
        editor={editor}
        textId={id}
        prompt={prompt}
        setPrompt={setPrompt}
        onPickImages={onUploadImage ? (files) => insertImages(files) : undefined}
      />
      <EditorContent editor={editor} />
      {menuState ? <MentionList id={menuId} state={menuState} menu={menu} frame={frame} /> : null}
      {uploading > 0 ? (
        <p className="rte__status" role="status">
          Uploading {uploading === 1 ? 'an image' : `${uploading} images`}…
        </p>
      ) : null}
      {uploadError ? (
        <p className="rte__status field__error" role="alert">
          {uploadError}
        </p>
      ) : null}
    </div>
  );
}

/** The images among pasted or dropped files (only raster images are shown inline). */
function imageFiles(files: FileList | null | undefined): File[] {
  return [...(files ?? [])].filter((f) => /^image\/(?:png|jpeg|gif|webp)$/.test(f.type));
}

/**
 * Uploads images one after another and puts each in where it was dropped (or at the cursor) as it
 * arrives; a failure is said once, and the other images still go in.
 */
async function insertUploadedImages(
  editorRef: RefObject<Editor | null>,
  upload: ((file: File) => Promise<string>) | undefined,
  files: readonly File[],
  at: number | undefined,
  setUploading: (change: (n: number) => number) => void,
  setError: (error: string | null) => void,
): Promise<void> {
  if (!upload) return;
  setError(null);
  setUploading((n) => n + files.length);
  let position = at;
  for (const file of files) {
    try {
      const src = await upload(file);
      const editor = editorRef.current;
      if (!editor || editor.isDestroyed) return;
      const image = { type: 'image', attrs: { src, alt: file.name } };
      if (position === undefined) editor.chain().focus().insertContent(image).run();
      else {
        editor.chain().focus().insertContentAt(position, image).run();
        position = editor.state.selection.to;
      }
    } catch (error) {
      setError(`${file.name} could not be uploaded: ${error instanceof Error ? error.message : 'the upload failed'}`);
    } finally {
      setUploading((n) => n - 1);
    }
  }
}

/** The CSS modifier of a button's glyph (bold, italic, … get their typeface there). */
const glyphClass = (label: string): string => label.toLowerCase().replace(/[^a-z]+/g, '-');

type Prompt = { kind: 'link' | 'image'; text: string; error?: string } | null;

function Toolbar({
  compact,
  editor,
  textId,
  prompt,
  setPrompt,
  onPickImages,
}: {
  /** Only the inline styles, lists and link (a comment's toolbar). */
  compact: boolean;
  editor: Editor;
  textId: string;
  prompt: Prompt;
  setPrompt: (prompt: Prompt) => void;
  /** Given when images can be uploaded: the Image prompt offers a file picker too. */
  onPickImages?: ((files: File[]) => void) | undefined;
}) {
  const picker = useRef<HTMLInputElement>(null);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      code: e.isActive('code'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      table: e.isActive('table'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const promptId = useId();
  const bar = useRef<HTMLDivElement>(null);
  const [focusIndex, setFocusIndex] = useState(0);

  const run = (fn: (chain: ReturnType<Editor['chain']>) => ReturnType<Editor['chain']>) => fn(editor.chain().focus()).run();
  const openLink = () => setPrompt({ kind: 'link', text: (editor.getAttributes('link').href as string | undefined) ?? '' });

  const applyPrompt = () => {
    if (!prompt) return;
    if (prompt.kind === 'link' && prompt.text.trim() === '') {
      run((c) => c.extendMarkRange('link').unsetLink());
      setPrompt(null);
      return;
    }
    const url = safeUrl(prompt.text, prompt.kind);
    if (!url) {
      setPrompt({ ...prompt, error: prompt.kind === 'link' ? 'Enter a web or email address' : 'Enter a web address of an image' });
      return;
    }
    if (prompt.kind === 'link') run((c) => c.extendMarkRange('link').setLink({ href: url }));
    else run((c) => c.setImage({ src: url }));
    setPrompt(null);
  };

  const onBarKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const buttons = [...(bar.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    const go = (i: number) => {
      const next = (i + buttons.length) % buttons.length;
      setFocusIndex(next);
      buttons[next]?.focus();
    };
    if (event.key === 'ArrowRight') go(at + 1);
    else if (event.key === 'ArrowLeft') go(at - 1);
    else if (event.key === 'Home') go(0);
    else if (event.key === 'End') go(buttons.length - 1);
    else return;
    event.preventDefault();
  };

  let index = 0;
  const button = (
    label: string,
    content: ReactNode,
    onClick: () => void,
    options: { pressed?: boolean; disabled?: boolean; shortcut?: string } = {},
  ) => {
    const mine = index++;
    return (
      <button
        key={label}
        type="button"
        className="rte__button"
        aria-label={label}
        title={options.shortcut ? `${label} (${options.shortcut})` : label}
        aria-pressed={options.pressed}
        disabled={options.disabled}
        tabIndex={mine === focusIndex ? 0 : -1}
        onFocus={() => setFocusIndex(mine)}
        // Keeps the selection in the text while the button is pressed.
        onMouseDown={(e) => e.preventDefault()}
        onClick={onClick}
      >
        {/* The glyph is drawn by CSS (not text), so the button's name is only what it does
            ("Bold"), with no stray letters for a screen reader or for WCAG's name-matches-label. */}
        <span className={`rte__glyph rte__glyph--${glyphClass(label)}`} aria-hidden="true" data-glyph={content} />
      </button>
    );
  };
  const sep = (key: string) => <span key={key} className="rte__sep" aria-hidden="true" />;

  return (
    <>
      <div ref={bar} className="rte__toolbar" role="toolbar" aria-label="Formatting" aria-controls={textId} onKeyDown={onBarKey}>
        {compact ? (
          <>
            {button('Bold', 'B', () => run((c) => c.toggleBold()), { pressed: state.bold, shortcut: 'Ctrl+B' })}
            {button('Italic', 'I', () => run((c) => c.toggleItalic()), { pressed: state.italic, shortcut: 'Ctrl+I' })}
            {button('Code', '</>', () => run((c) => c.toggleCode()), { pressed: state.code })}
            {sep('s1')}
            {button('Bulleted list', '•≡', () => run((c) => c.toggleBulletList()), { pressed: state.bullet })}
            {button('Numbered list', '1≡', () => run((c) => c.toggleOrderedList()), { pressed: state.ordered })}
            {button('Link', 'Link', openLink, { pressed: state.link, shortcut: 'Ctrl+K' })}
          </>
        ) : (
          <>
            {button('Bold', 'B', () => run((c) => c.toggleBold()), { pressed: state.bold, shortcut: 'Ctrl+B' })}
            {button('Italic', 'I', () => run((c) => c.toggleItalic()), { pressed: state.italic, shortcut: 'Ctrl+I' })}
            {button('Underline', 'U', () => run((c) => c.toggleUnderline()), { pressed: state.underline, shortcut: 'Ctrl+U' })}
            {button('Strikethrough', 'S', () => run((c) => c.toggleStrike()), { pressed: state.strike })}
            {button('Code', '</>', () => run((c) => c.toggleCode()), { pressed: state.code })}
            {sep('s1')}
            {button('Heading', 'H2', () => run((c) => c.toggleHeading({ level: 2 })), { pressed: state.h2 })}
            {button('Subheading', 'H3', () => run((c) => c.toggleHeading({ level: 3 })), { pressed: state.h3 })}
            {button('Bulleted list', '•≡', () => run((c) => c.toggleBulletList()), { pressed: state.bullet })}
            {button('Numbered list', '1≡', () => run((c) => c.toggleOrderedList()), { pressed: state.ordered })}
            {button('Quote', '❝', () => run((c) => c.toggleBlockquote()), { pressed: state.quote })}
            {sep('s2')}
            {button('Link', 'Link', openLink, { pressed: state.link, shortcut: 'Ctrl+K' })}
            {button('Image', 'Image', () => setPrompt({ kind: 'image', text: '' }))}
            {state.table
              ? [
                  button('Add a row below', '+Row', () => run((c) => c.addRowAfter())),
                  button('Add a column right', '+Col', () => run((c) => c.addColumnAfter())),
                  button('Delete the row', '−Row', () => run((c) => c.deleteRow())),
                  button('Delete the column', '−Col', () => run((c) => c.deleteColumn())),
                  button('Delete the table', '×Table', () => run((c) => c.deleteTable())),
                ]
              : button('Table', '▦', () => run((c) => c.insertTable({ rows: 3, cols: 3, withHeaderRow: true })))}
            {sep('s3')}
            {button('Undo', '↶', () => run((c) => c.undo()), { disabled: !state.canUndo, shortcut: 'Ctrl+Z' })}
            {button('Redo', '↷', () => run((c) => c.redo()), { disabled: !state.canRedo, shortcut: 'Ctrl+Shift+Z' })}
          </>
        )}
      </div>
      {prompt ? (
        <div className="rte__prompt" role="group" aria-label={prompt.kind === 'link' ? 'Link address' : 'Image address'}>
          <input
            className="input"
            id={promptId}
            aria-label={prompt.kind === 'link' ? 'Link address' : 'Image address'}
            aria-invalid={prompt.error ? true : undefined}
            aria-describedby={prompt.error ? `${promptId}-error` : undefined}
            placeholder={prompt.kind === 'link' ? 'https://… (empty removes the link)' : 'https://…/picture.png'}
            value={prompt.text}
            // Opened by the person, who types the address next.
            autoFocus
            onChange={(e) => setPrompt({ kind: prompt.kind, text: e.target.value })}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                applyPrompt();
              } else if (e.key === 'Escape') {
                e.preventDefault();
                e.stopPropagation();
                setPrompt(null);
                editor.commands.focus();
              }
            }}
          />
          <Button size="sm" variant="primary" onClick={applyPrompt}>
            {prompt.kind === 'link' ? 'Apply' : 'Insert'}
          </Button>
          {prompt.kind === 'image' && onPickImages ? (
            <>
              <Button size="sm" onClick={() => picker.current?.click()}>
                Upload an image…
              </Button>
              <input
                ref={picker}
                type="file"
                accept="image/png,image/jpeg,image/gif,image/webp"
                multiple
                hidden
                aria-label="Image file to upload"
                onChange={(e) => {
                  const files = [...(e.target.files ?? [])];
                  e.target.value = '';
                  setPrompt(null);
                  if (files.length > 0) onPickImages(files);
                }}
              />
            </>
          ) : null}
          <Button
            size="sm"
            onClick={() => {
              setPrompt(null);
              editor.commands.focus();
            }}
          >
            Cancel
          </Button>
          {prompt.error ? (
            <p className="field__error" id={`${promptId}-error`} role="alert">
              {prompt.error}
            </p>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
