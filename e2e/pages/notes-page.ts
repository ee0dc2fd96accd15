// The notes screen: the tree of a workspace's notes beside the note, with its name, body (the
// rich-text editor) and autosave state.
import { expect, type Locator, type Page } from '@playwright/test';

export class NotesScreen {
  readonly tree: Locator;
  readonly newNote: Locator;
  readonly newChild: Locator;
  readonly name: Locator;
  readonly body: Locator;
  /** The autosave line: "Saved", "Saving…", "Unsaved changes" or "Not saved — …". */
  readonly saveState: Locator;

  constructor(readonly page: Page) {
    this.tree = page.getByRole('tree', { name: 'Notes' });
    this.newNote = page.getByRole('button', { name: 'New note', exact: true });
    this.newChild = page.getByRole('button', { name: 'New child note', exact: true });
    this.name = page.getByRole('textbox', { name: 'Note name' });
    this.body = page.getByRole('textbox', { name: 'Note body' });
    this.saveState = page.locator('.note-save');
  }

  /** A note's row in the tree, by its name. */
  item(name: string): Locator {
    return this.tree.getByRole('treeitem', { name, exact: true });
  }

  /** Opens a note by its link in the tree. */
  async open(name: string): Promise<void> {
    await this.item(name).getByRole('link', { name, exact: true }).click();
    await expect(this.name).toHaveValue(name);
  }

  /** Makes a note ("New note", or "New child note" of the open one) and names it. */
  async create(name: string, { child = false } = {}): Promise<void> {
    const before = this.page.url();
    await (child ? this.newChild : this.newNote).click();
    await expect(this.page).not.toHaveURL(before);
    await expect(this.name).toBeFocused();
    await this.name.fill(name);
    await expect(this.item(name)).toBeVisible();
  }

  async saved(): Promise<void> {
    await expect(this.saveState).toHaveText('Saved');
  }
}
