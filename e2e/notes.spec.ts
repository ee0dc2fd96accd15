// Notes end to end, as a product manager keeps them: a note and a note under it are written through
// the UI (a heading and a bulleted list typed in the body), saved on their own ("Saved"), and still
// whole after a reload; notes are reordered and re-parented with the keyboard alone; script in a
// note's body — typed, or stored through the API — never runs; and a workspace whose note layout
// requires tags asks for them before making a note (a workspace the story makes for itself).
import { expectAccessible } from './axe';
import { expect, shot, test } from './fixtures';
import { heading } from './pages/nav';

test.beforeEach(({ page }) => {
  // No script of a note may open a dialog: any dialog fails the story.
  page.on('dialog', (dialog) => {
    void dialog.dismiss();
    throw new Error(`a dialog opened: ${dialog.message()}`);
  });
});

test('a product manager writes a note and a child note; the body survives a reload', async ({ page, app, api, uniq }) => {
  const parentName = `Launch plan ${uniq}`;
  const childName = `Beta research ${uniq}`;
  await app.nav.open('Notes');
  await expect(app.notes.tree).toBeVisible();
  await shot(page, 'notes');

  await app.notes.create(parentName);
  // Markdown shortcuts of the editor: "## " makes a heading, "- " a bulleted list.
  await app.notes.body.click();
  await page.keyboard.type('## Goals');
  await page.keyboard.press('Enter');
  await page.keyboard.type('- Ship the beta');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Invite ten customers');
  await app.notes.saved();
  await shot(page, 'note-saved');

  await app.notes.create(childName, { child: true });
  await app.notes.body.click();
  await page.keyboard.type('Interview notes go here.');
  await app.notes.saved();
  // The child sits under its parent in the tree.
  await expect(app.notes.item(childName)).toHaveAttribute(
    'aria-level',
    String(Number(await app.notes.item(parentName).getAttribute('aria-level')) + 1),
  );
  await expect(app.notes.item(parentName)).toHaveAttribute('aria-expanded', 'true');

  await page.reload();
  await expect(heading(page, 'Notes')).toBeVisible();
  await expect(app.notes.name).toHaveValue(childName);
  await expect(app.notes.body).toContainText('Interview notes go here.');
  await app.notes.open(parentName);
  await expect(app.notes.body.getByRole('heading', { level: 2, name: 'Goals' })).toBeVisible();
  await expect(app.notes.body.getByRole('listitem')).toHaveText(['Ship the beta', 'Invite ten customers']);
  await shot(page, 'note-reloaded');

  // The service holds the same: a heading and a list.
  const key = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1) ?? '');
  const stored = await api.note(key);
  expect(stored.body).toContain('<h2>Goals</h2>');
  expect(stored.body).toMatch(/<ul>.*Ship the beta.*Invite ten customers.*<\/ul>/);
});

test('notes are reordered and re-parented with the keyboard', async ({ page, app, api, workspace, uniq }) => {
  const root = await api.createNote(workspace.id, { name: `Keyboard root ${uniq}` });
  const first = await api.createNote(workspace.id, { name: `First ${uniq}`, parent_id: root.id });
  const second = await api.createNote(workspace.id, { name: `Second ${uniq}`, parent_id: root.id });

  await app.nav.open('Notes');
  await app.notes.open(root.name ?? '');
  const rootItem = app.notes.item(root.name ?? '');
  await expect(rootItem).toBeFocused();
  // → opens the note, ↓ ↓ reaches the second child.
  await page.keyboard.press('ArrowRight');
  await expect(rootItem).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  const secondItem = app.notes.item(second.name ?? '');
  const firstItem = app.notes.item(first.name ?? '');
  await expect(secondItem).toBeFocused();

  // Alt+↑: the second child goes before the first.
  await page.keyboard.press('Alt+ArrowUp');
  await expect(secondItem).toHaveAttribute('aria-posinset', '1');
  await expect(firstItem).toHaveAttribute('aria-posinset', '2');
  await expect(secondItem).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: `Moved “${second.name}”` })).toBeAttached();
  await expect.poll(async () => (await api.note(second.id)).position < (await api.note(first.id)).position).toBe(true);

  // Alt+→ on the (now second) first child: it goes under the note above it.
  await page.keyboard.press('ArrowDown');
  await expect(firstItem).toBeFocused();
  await page.keyboard.press('Alt+ArrowRight');
  await expect(firstItem).toHaveAttribute('aria-level', String(Number(await rootItem.getAttribute('aria-level')) + 2));
  await expect.poll(async () => (await api.note(first.id)).parent_id).toBe(second.id);
  await shot(page, 'notes-moved');

  // Alt+←: out again, right after its former parent.
  await page.keyboard.press('Alt+ArrowLeft');
  await expect(firstItem).toHaveAttribute('aria-level', String(Number(await rootItem.getAttribute('aria-level')) + 1));
  await expect.poll(async () => (await api.note(first.id)).parent_id).toBe(root.id);
  await expect(firstItem).toHaveAttribute('aria-posinset', '2');
});

test('script in a note body never runs, typed or stored through the API', async ({ page, app, api, workspace, uniq }) => {
  const name = `Hostile note ${uniq}`;
  await api.createNote(workspace.id, {
    name,
    description_attributes: {
      body: `<p>Safe text ${uniq}</p><img src=x onerror=alert(1)><script>alert(1)</script><a href="javascript:alert(1)">link</a>`,
    },
  });
  await app.nav.open('Notes');
  await app.notes.open(name);
  await expect(app.notes.body).toContainText(`Safe text ${uniq}`);
  await expect(app.notes.body.locator('script')).toHaveCount(0);
  await expect(page.locator('img[onerror]')).toHaveCount(0);

  // Typed: the payload is text, saved as text.
  await app.notes.body.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('<img src=x onerror=alert(1)> <script>alert(1)</script>');
  await app.notes.saved();
  await page.reload();
  await expect(app.notes.body).toContainText('<script>alert(1)</script>');
  await expect(page.locator('img[onerror]')).toHaveCount(0);
  await shot(page, 'note-hostile');
});

test('a workspace whose note layout requires tags asks for them before making the note', async ({ page, app, api, uniq, restore }) => {
  const name = `Tagged research ${uniq}`;
  // A workspace of the story's own: the demo's keeps its note layout for the other stories, even
  // when this one fails or runs out of time. Both go when the story ends.
  const tagged = await api.createProduct({ name: `Tagged research ${uniq}`, prefix: `T${uniq}`.slice(0, 10) });
  restore.after(`the workspace ${tagged.reference_prefix}`, () => api.deleteProduct(tagged.id));
  const layout = await api.createLayout({
    name: `Tagged notes ${uniq}`,
    screenable_type: 'Page',
    product_ids: [tagged.id],
    sections: [{ name: 'Note', column: 'main', fields: [{ field: 'name' }, { field: 'tags', required: true }] }],
  });
  restore.after(`the layout ${layout.id}`, () => api.deleteLayout(layout.id));
  // A fresh load: the app read the workspace's layouts before this one existed. (No notes yet: no tree.)
  await page.goto(`/w/${tagged.id}/notes`);
  await expect(heading(page, 'Notes')).toBeVisible();
  // "New note" asks first: the dialog drawn from the layout, focus in its first field.
  await app.notes.newNote.click();
  const dialog = page.getByRole('dialog', { name: 'New note' });
  await expect(dialog.getByLabel('Name', { exact: true })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(app.notes.newNote).toBeFocused();

  await app.notes.newNote.click();
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await dialog.getByRole('button', { name: 'Create note' }).click();
  const tags = dialog.getByLabel('Tags', { exact: true });
  await expect(tags).toHaveAttribute('aria-invalid', 'true');
  await expect(tags).toHaveAccessibleDescription(/is required/);
  await expect(tags).toBeFocused();
  await expectAccessible(page, 'the note create dialog');
  await shot(page, 'note-create-dialog');
  await tags.fill('research, layouts');
  await tags.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(app.notes.name).toHaveValue(name);
  await expect(app.notes.item(name)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Tags' })).toHaveValue('research, layouts');
});
