// The recycle bin screen, its restore dialog, and the toast that offers Undo after a delete (or a
// link to what a restore brought back). Reached through the sidebar's "Recycle bin" link.
import { expect, type Locator, type Page } from '@playwright/test';
import { escapeRegExp } from './record-page';
import { heading } from './nav';

export class RecycleBin {
  readonly table: Locator;
  readonly link: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByRole('region', { name: 'Deleted records', exact: true });
    this.link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Recycle bin', exact: true });
  }

  /** Follows the sidebar link and waits for the list (or its empty state). */
  async open(): Promise<void> {
    await this.link.click();
    await this.expectOpen();
  }

  async expectOpen(): Promise<void> {
    await expect(heading(this.page, 'Recycle bin')).toBeVisible();
    await expect(this.table.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
  }

  /** The row of a deleted record, by its name. */
  row(name: string): Locator {
    return this.table.getByRole('row').filter({ hasText: name });
  }

  restoreButton(name: string): Locator {
    return this.table.getByRole('button', { name: new RegExp(`^Restore .*${escapeRegExp(name)}`) });
  }

  /** The restore dialog of a record (its title names the record). */
  dialog(name: string): RestoreDialog {
    return new RestoreDialog(this.page.getByRole('dialog', { name: new RegExp(`^Restore .*${escapeRegExp(name)}`) }));
  }

  /** Opens a row's restore dialog and waits for the dry run's answer. */
  async startRestore(name: string): Promise<RestoreDialog> {
    await this.restoreButton(name).click();
    const dialog = this.dialog(name);
    await dialog.expectPreview();
    return dialog;
  }
}

export class RestoreDialog {
  readonly comesBack: Locator;
  readonly confirm: Locator;

  constructor(readonly root: Locator) {
    this.comesBack = root.locator('.restore-preview__groups');
    this.confirm = root.getByRole('button', { name: 'Restore', exact: true });
  }

  async expectPreview(): Promise<void> {
    await expect(this.root.getByRole('heading', { name: 'What comes back' })).toBeVisible();
    await expect(this.confirm).toBeEnabled();
  }

  async restore(): Promise<void> {
    await this.confirm.click();
    await expect(this.root).toBeHidden();
  }
}

/** The app's one toast (a polite live region at the bottom right). */
export class Toast {
  readonly root: Locator;
  readonly undo: Locator;

  constructor(readonly page: Page) {
    this.root = page.locator('#toast-region');
    this.undo = this.root.getByRole('button', { name: 'Undo', exact: true });
  }

  async expectText(text: string | RegExp): Promise<void> {
    await expect(this.root).toContainText(text);
  }

  /** The toast's link to a record a restore brought back ("Open PLN-E-3"). */
  open(reference: string): Locator {
    return this.root.getByRole('link', { name: `Open ${reference}`, exact: true });
  }
}
