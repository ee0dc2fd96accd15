// @vitest-environment jsdom
// The editor as a form meets it: it shows the HTML it is given (sanitised), reports '' for an empty
// text, takes a new value from outside, offers its toolbar as one tab stop, and never makes a link
// or an image of a script address.
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { Editor } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RichTextEditor, plainToHtml } from './rich-text-editor';
import { editorHtml, safeUrl } from './rich-text-editor-impl';

afterEach(cleanup);

/** The editable text once the editor's chunk has replaced the placeholder box. */
async function editable(): Promise<HTMLElement> {
  return waitFor(() => {
    const box = screen.getByRole('textbox', { name: 'Description' });
    expect(box.getAttribute('contenteditable')).toBe('true');
    return box;
  });
}

function Harness({ initial, onChange }: { initial: string; onChange: (html: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <span id="label">Description</span>
      <RichTextEditor
        id="description"
        labelledBy="label"
        value={value}
        onChange={(html) => {
          setValue(html);
          onChange(html);
        }}
      />
      <button type="button" onClick={() => setValue('<p>Replaced from outside</p>')}>
        Reset
      </button>
    </>
  );
}

describe('RichTextEditor', () => {
  it('shows the HTML it is given without its scripts, labelled by the field', async () => {
    render(
      <Harness
        initial={'<p>Hello <strong>world</strong></p><script>alert(1)</script><img src="x" onerror="alert(2)">'}
        onChange={vi.fn()}
      />,
    );
    const box = await editable();
    expect(box.textContent).toContain('Hello world');
    expect(box.querySelector('strong')?.textContent).toBe('world');
    expect(box.innerHTML).not.toContain('script');
    expect(box.innerHTML).not.toContain('onerror');
  });

  it('takes a value from outside, and its toolbar is one tab stop that arrows move through', async () => {
    const user = userEvent.setup();
    render(<Harness initial="<p>First</p>" onChange={vi.fn()} />);
    const box = await editable();
    await waitFor(() => expect(box.textContent).toBe('First'));
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(box.textContent).toBe('Replaced from outside'));

    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
    const buttons = [...toolbar.querySelectorAll('button')];
    expect(buttons.filter((b) => b.tabIndex === 0)).toHaveLength(1);
    act(() => buttons[0]?.focus());
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Italic' }));
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Redo' }));
  });

  it('reports the HTML after a change from the toolbar, and shows the pressed state', async () => {
    const onChange = vi.fn();
    render(<Harness initial="<p>Some text</p>" onChange={onChange} />);
    const box = await editable();
    await waitFor(() => expect(box.textContent).toBe('Some text'));
    // A heading from the toolbar applies to the paragraph the cursor is in.
    await userEvent.click(screen.getByRole('button', { name: 'Heading' }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('<h2>Some text</h2>'));
    expect(screen.getByRole('button', { name: 'Heading' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('links the words selected by keyboard when Ctrl+K follows before the browser reports the selection', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness initial="<p>Works see spec</p>" onChange={onChange} />);
    const box = await editable();
    await waitFor(() => expect(box.textContent).toBe('Works see spec'));
    act(() => box.focus());
    // The selection as Shift+arrows leave it, with no `selectionchange` yet (the race of e2e/planning.spec.ts).
    const text = box.querySelector('p')?.firstChild;
    if (!text) throw new Error('no text node');
    document.getSelection()?.setBaseAndExtent(text, 14, text, 10);
    await user.keyboard('{Control>}k{/Control}');
    const address = screen.getByRole('textbox', { name: 'Link address' });
    expect(document.activeElement).toBe(address);
    await user.type(address, 'example.com/spec{Enter}');
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith(
        expect.stringMatching(/see <a [^>]*href="https:\/\/example\.com\/spec"[^>]*>spec<\/a><\/p>$/),
      ),
    );
  });
});

describe('editorHtml', () => {
  it('stores an empty editor as nothing, and leaves out the empty paragraph the editor keeps at the end', () => {
    const empty = new Editor({ extensions: [StarterKit], content: '<p></p>' });
    expect(editorHtml(empty)).toBe('');
    const table = new Editor({ extensions: [StarterKit], content: '<h2>Title</h2><p></p>' });
    expect(editorHtml(table)).toBe('<h2>Title</h2>');
    const unsafe = new Editor({ extensions: [StarterKit], content: '<p><a href="javascript:alert(1)">x</a></p>' });
    expect(editorHtml(unsafe)).not.toContain('javascript:');
    for (const e of [empty, table, unsafe]) e.destroy();
  });
});

describe('safeUrl', () => {
  it('keeps web and mail addresses, adds https to a bare host, and refuses script and data addresses', () => {
    expect(safeUrl('https://example.com/a', 'link')).toBe('https://example.com/a');
    expect(safeUrl('example.com', 'link')).toBe('https://example.com');
    expect(safeUrl('mailto:pm@example.com', 'link')).toBe('mailto:pm@example.com');
    expect(safeUrl('javascript:alert(1)', 'link')).toBeNull();
    expect(safeUrl('data:text/html;base64,xx', 'image')).toBeNull();
    expect(safeUrl('mailto:pm@example.com', 'image')).toBeNull();
    expect(safeUrl('   ', 'link')).toBeNull();
  });
});

describe("a deferred editor (a record page's comment box)", () => {
  function Deferred({ onChange }: { onChange: (html: string) => void }) {
    const [value, setValue] = useState('');
    return (
      <>
        <span id="label">Description</span>
        <RichTextEditor
          id="comment"
          labelledBy="label"
          deferred
          value={value}
          onChange={(html) => {
            setValue(html);
            onChange(html);
          }}
        />
      </>
    );
  }

  it('rests as a plain labelled box, and becomes the editor, focused, when focused', async () => {
    render(<Deferred onChange={() => undefined} />);
    const resting = screen.getByRole('textbox', { name: 'Description' });
    expect(resting.tagName).toBe('TEXTAREA');
    act(() => resting.focus());
    const box = await editable();
    await waitFor(() => expect(document.activeElement).toBe(box));
  });

  it('keeps what was typed before the editor took over, as escaped paragraphs', async () => {
    const onChange = vi.fn();
    render(<Deferred onChange={onChange} />);
    const resting = screen.getByRole('textbox', { name: 'Description' });
    // A change that beats the focus handler (a paste, an autofill).
    const setValue = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set;
    act(() => {
      setValue?.call(resting, 'a <b>\nnext');
      resting.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(onChange).toHaveBeenCalledWith('<p>a &lt;b&gt;</p><p>next</p>');
    const box = await editable();
    expect(box.innerHTML).toContain('a &lt;b&gt;');
    expect(plainToHtml('   ')).toBe('');
  });
});
