// @vitest-environment jsdom
// Making a note as the workspace's Page layout asks: one click when it asks for nothing but a name;
// otherwise a dialog drawn from the layout (its order, required marks, "is required" before anything
// is sent, custom fields sent typed), focus in its first field, Escape to leave, and the service's
// field messages under their fields.
import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { builtInLayout } from '../../api/layouts';
import type { NoteInput } from '../../contract/notes';
import { cleanUpAfterEach, renderForm } from '../../ui/test/form-harness';
import { definition, testLayout } from '../../ui/test/layouts';
import { NoteCreateDialog } from './note-create-dialog';
import { asksBeforeCreating, noteCreateLayout } from './note-create-model';

cleanUpAfterEach();

const audience = definition('audience', 'Audience', 'select', ['Customers', 'Team']);
const link = definition('link', 'Source', 'url');

function Harness({
  onCreate,
  parent = null,
}: {
  onCreate: (input: NoteInput) => Promise<unknown>;
  parent?: { id: string; label: string } | null;
}) {
  const [open, setOpen] = useState(false);
  const model = noteCreateLayout(
    testLayout('Page', [
      ['Note', 'main', [{ custom: audience, required: true }, 'name', { field: 'tags', required: true }, { custom: link }]],
    ]),
  );
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        New note
      </button>
      <NoteCreateDialog
        open={open}
        model={model}
        parent={parent}
        pending={false}
        onCancel={() => setOpen(false)}
        onCreate={async (input) => {
          await onCreate(input);
          setOpen(false);
        }}
      />
    </>
  );
}

describe('asksBeforeCreating', () => {
  it('creates in one click unless the layout requires more than the name or has custom fields on the form', () => {
    expect(asksBeforeCreating(noteCreateLayout(builtInLayout('Page')))).toBe(false);
    expect(asksBeforeCreating(noteCreateLayout(testLayout('Page', [['Note', 'main', ['name', { field: 'tags', required: true }]]])))).toBe(
      true,
    );
    expect(asksBeforeCreating(noteCreateLayout(testLayout('Page', [['Note', 'main', ['name', 'tags', { custom: link }]]])))).toBe(true);
    // A custom field only on the page asks nothing at creation.
    expect(asksBeforeCreating(noteCreateLayout(testLayout('Page', [['Note', 'main', ['name', { custom: link, on_form: false }]]])))).toBe(
      false,
    );
  });
});

describe('NoteCreateDialog', { timeout: 20_000 }, () => {
  it('draws the layout’s fields in its order, focus in the first, the required ones marked; Escape leaves', async () => {
    const onCreate = vi.fn(async () => undefined);
    const person = renderForm(<Harness onCreate={onCreate} />);
    await person.click(screen.getByRole('button', { name: 'New note' }));
    const dialog = screen.getByRole('dialog', { name: 'New note' });
    expect([...dialog.querySelectorAll('[name]')].map((el) => el.getAttribute('name'))).toEqual([
      'custom_fields.audience',
      'name',
      'tags',
      'custom_fields.link',
    ]);
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Audience'));
    expect(within(dialog).getByLabelText('Audience').getAttribute('aria-required')).toBe('true');
    expect(within(dialog).getByLabelText('Tags').getAttribute('aria-required')).toBe('true');
    // A note may go untitled: its name is asked, not required.
    expect(within(dialog).getByLabelText('Name').getAttribute('aria-required')).toBeNull();
    await person.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onCreate).not.toHaveBeenCalled();
  });

  it('refuses required fields left blank with "is required", sending nothing; then creates with what was filled', async () => {
    const onCreate = vi.fn(async (_input: NoteInput) => undefined);
    const person = renderForm(<Harness onCreate={onCreate} parent={{ id: '7', label: 'Launch plan' }} />);
    await person.click(screen.getByRole('button', { name: 'New note' }));
    const dialog = screen.getByRole('dialog', { name: 'New note under “Launch plan”' });
    await person.type(within(dialog).getByLabelText('Name'), 'Beta research');
    await person.click(within(dialog).getByRole('button', { name: 'Create note' }));
    await vi.waitFor(() => expect(within(dialog).getByLabelText('Tags').getAttribute('aria-invalid')).toBe('true'));
    expect(within(within(dialog).getByLabelText('Audience').closest('.field')!).getByRole('alert').textContent).toBe('is required');
    expect(within(within(dialog).getByLabelText('Tags').closest('.field')!).getByRole('alert').textContent).toBe('is required');
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Audience'));
    expect(onCreate).not.toHaveBeenCalled();

    await person.selectOptions(within(dialog).getByLabelText('Audience'), 'Team');
    await person.type(within(dialog).getByLabelText('Tags'), 'research');
    // Enter in a field creates the note, as in any form.
    await person.type(within(dialog).getByLabelText('Source'), 'https://example.com/notes{Enter}');
    await vi.waitFor(() => expect(onCreate).toHaveBeenCalledTimes(1));
    expect(onCreate.mock.calls[0]?.[0]).toEqual({
      name: 'Beta research',
      tags: 'research',
      custom_fields: { audience: 'Team', link: 'https://example.com/notes' },
      parent_id: '7',
    });
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('puts the service’s field messages under their fields and keeps the dialog open', async () => {
    const onCreate = vi.fn(async () => {
      throw new ApiError(422, 'Validation failed', { tags: ['is required'], 'custom_fields.link': ['must be a web address'] });
    });
    const person = renderForm(<Harness onCreate={onCreate} />);
    await person.click(screen.getByRole('button', { name: 'New note' }));
    const dialog = screen.getByRole('dialog', { name: 'New note' });
    await person.selectOptions(within(dialog).getByLabelText('Audience'), 'Team');
    await person.type(within(dialog).getByLabelText('Tags'), 'x');
    await person.click(within(dialog).getByRole('button', { name: 'Create note' }));
    await vi.waitFor(() => expect(within(dialog).getByLabelText('Source').getAttribute('aria-invalid')).toBe('true'));
    expect(within(within(dialog).getByLabelText('Source').closest('.field')!).getByRole('alert').textContent).toBe('must be a web address');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
