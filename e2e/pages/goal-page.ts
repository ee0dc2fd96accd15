// Goals: the workspace's list (with its in-place "New goal" form) and the goal page with the
// initiatives that serve it.
import { expect, type Locator, type Page } from '@playwright/test';
import { RecordPage, RecordTable, openRecord } from './record-page';

export class GoalsList extends RecordTable {
  readonly form = this.page.getByRole('form', { name: 'New goal' });

  constructor(page: Page) {
    super(page, 'Goals');
  }

  async startNew(): Promise<void> {
    await this.page.getByRole('button', { name: 'New goal' }).click();
    await expect(this.form.getByLabel('Name', { exact: true })).toBeVisible();
  }

  openGoal(name: string): Promise<GoalPage> {
    return openRecord(this.link(name), GoalPage, name);
  }
}

export class GoalPage extends RecordPage {
  initiativeLink(name: string): Locator {
    return this.mainLink(name);
  }
}
