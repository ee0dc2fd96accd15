// Epics: the workspace's list, the epic form (new and edit) and the epic page with its features.
import type { Locator, Page } from '@playwright/test';
import { FeatureForm, FeaturePage } from './feature-page';
import { chooseByText, progressOf } from './nav';
import { RecordForm, RecordPage, openForm, openRecord } from './record-page';

export class EpicsList {
  constructor(readonly page: Page) {}

  link(name: string): Locator {
    return this.page.getByRole('main').getByRole('link', { name, exact: true });
  }

  openEpic(name: string): Promise<EpicPage> {
    return openRecord(this.link(name), EpicPage, name);
  }
}

export class EpicForm extends RecordForm<EpicPage> {
  constructor(page: Page) {
    super(page, 'epic', EpicPage);
  }

  async chooseRelease(name: string): Promise<void> {
    await chooseByText(this.release, name);
  }
}

export class EpicPage extends RecordPage {
  readonly features = this.page.getByRole('main');

  /** A feature of the epic, as a link in its features table. */
  featureLink(name: string): Locator {
    return this.mainLink(name);
  }

  /** A feature's progress in the epic's features table. */
  featureProgress(name: string): Locator {
    return progressOf(this.features, name);
  }

  completeCount(done: number, total: number): Locator {
    return this.page.getByText(`${done} of ${total} complete`);
  }

  openFeature(name: string): Promise<FeaturePage> {
    return openRecord(this.featureLink(name), FeaturePage, name);
  }

  /** The Initiative link in the epic's details. */
  initiativeLink(name: string): Locator {
    return this.mainLinkContaining(name);
  }

  startNewFeature(): Promise<FeatureForm> {
    return openForm(this.page.getByRole('link', { name: 'New feature in this epic' }), FeatureForm);
  }

  edit(): Promise<EpicForm> {
    return openForm(this.page.getByRole('link', { name: 'Edit', exact: true }), EpicForm);
  }
}
