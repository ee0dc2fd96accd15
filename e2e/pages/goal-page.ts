// Goals: the workspace's list (with its in-place "New goal" form) and the goal page with the
// initiatives that serve it.
import { expect, type Locator, type Page } from '@playwright/test';
import { progressOf } from './nav';
import { RecordPage, openRecord } from './record-page';

export class GoalsList {
  readonly table: Locator;
  readonly form: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByRole('region', { name: 'Goals', exact: true });
    this.form = page.getByRole('form', { name: 'New goal' });
  }

  progress(name: string): Locator {
    return progressOf(this.table, name);
  }

  async startNew(): Promise<void> {
    await this.page.getByRole('button', { name: 'New goal' }).click();
    await expect(this.form.getByLabel('Name', { exact: true })).toBeVisible();
  }

  openGoal(name: string): Promise<GoalPage> {
    return openRecord(this.table.getByRole('link', { name, exact: true }), GoalPage, name);
  }
}

export class GoalPage extends RecordPage {
  initiativeLink(name: string): Locator {
    return this.mainLink(name);
  }
}
