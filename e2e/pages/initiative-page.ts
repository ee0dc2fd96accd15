// Initiatives: the tree of the workspace, the initiative form (new and edit) and the initiative page
// with its epics and goals.
import { expect, type Locator, type Page } from '@playwright/test';
import { EpicForm } from './epic-page';
import { escapeRegExp } from './feature-page';
import { heading, progressOf } from './nav';

export class InitiativesList {
  readonly tree: Locator;

  constructor(readonly page: Page) {
    this.tree = page.getByRole('treegrid', { name: 'Initiatives' });
  }

  row(name: string): Locator {
    return this.tree.getByRole('row').filter({ hasText: name });
  }

  progress(name: string): Locator {
    return progressOf(this.tree, name);
  }

  async startNew(): Promise<InitiativeForm> {
    await this.page.getByRole('link', { name: 'New initiative' }).first().click();
    return new InitiativeForm(this.page);
  }

  async addChildTo(parentName: string): Promise<InitiativeForm> {
    await this.page.getByRole('link', { name: `Add child to ${parentName}` }).click();
    return new InitiativeForm(this.page);
  }

  async openInitiative(name: string): Promise<InitiativePage> {
    await this.tree.getByRole('link', { name, exact: true }).click();
    const initiative = new InitiativePage(this.page);
    await initiative.expectOpen(name);
    return initiative;
  }
}

export class InitiativeForm {
  readonly name: Locator;
  readonly parent: Locator;
  readonly status: Locator;
  readonly progressSource: Locator;
  readonly durationSource: Locator;

  constructor(readonly page: Page) {
    const field = (label: string) => page.getByLabel(label, { exact: true });
    this.name = field('Name');
    this.parent = field('Parent initiative');
    this.status = field('Status');
    this.progressSource = field('Progress source');
    this.durationSource = field('Duration source');
  }

  async submit(name: string): Promise<InitiativePage> {
    await this.page.getByRole('button', { name: /^(Create|Save) initiative$/ }).click();
    const initiative = new InitiativePage(this.page);
    await initiative.expectOpen(name);
    return initiative;
  }
}

export class InitiativePage {
  constructor(readonly page: Page) {}

  async expectOpen(name: string): Promise<void> {
    await expect(heading(this.page, new RegExp(escapeRegExp(name)))).toBeVisible();
  }

  progress(name: string): Locator {
    return progressOf(this.page, name);
  }

  /** A goal this initiative serves, as a link on its page. */
  goalLink(name: string): Locator {
    return this.page.getByRole('main').getByRole('link', { name, exact: true });
  }

  async startNewEpic(): Promise<EpicForm> {
    await this.page.getByRole('link', { name: 'New epic for this initiative' }).click();
    const form = new EpicForm(this.page);
    await expect(form.name).toBeVisible();
    return form;
  }
}
