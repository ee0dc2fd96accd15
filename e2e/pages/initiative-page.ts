// Initiatives: the tree of the workspace, the initiative form (new and edit) and the initiative page
// with its epics and goals.
import type { Locator, Page } from '@playwright/test';
import { EpicForm } from './epic-page';
import { progressOf } from './nav';
import { RecordForm, RecordPage, escapeRegExp, openForm, openRecord } from './record-page';

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

  openInitiative(name: string): Promise<InitiativePage> {
    return openRecord(this.tree.getByRole('link', { name, exact: true }), InitiativePage, name);
  }
}

export class InitiativeForm extends RecordForm<InitiativePage> {
  readonly parent = this.field('Parent initiative');

  constructor(page: Page) {
    super(page, 'initiative', InitiativePage);
  }
}

export class InitiativePage extends RecordPage {
  // The heading carries the initiative's key before its name.
  protected override title(name: string): RegExp {
    return new RegExp(escapeRegExp(name));
  }

  /** A goal this initiative serves, as a link on its page. */
  goalLink(name: string): Locator {
    return this.mainLink(name);
  }

  startNewEpic(): Promise<EpicForm> {
    return openForm(this.page.getByRole('link', { name: 'New epic for this initiative' }), EpicForm);
  }
}
