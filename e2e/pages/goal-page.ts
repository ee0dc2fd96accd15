// Goals: the workspace's list (with its in-place "New goal" form) and the goal page with the
// initiatives that serve it.
import { expect, type Locator, type Page } from '@playwright/test';
import { heading, progressOf } from './nav';

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

  async openGoal(name: string): Promise<GoalPage> {
    await this.table.getByRole('link', { name, exact: true }).click();
    const goal = new GoalPage(this.page);
    await goal.expectOpen(name);
    return goal;
  }
}

export class GoalPage {
  constructor(readonly page: Page) {}

  async expectOpen(name: string): Promise<void> {
    await expect(heading(this.page, name)).toBeVisible();
  }

  progress(name: string): Locator {
    return progressOf(this.page, name);
  }

  initiativeLink(name: string): Locator {
    return this.page.getByRole('main').getByRole('link', { name, exact: true });
  }
}
