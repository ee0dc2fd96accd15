// Epics: the workspace's list, the epic form (new and edit) and the epic page with its features.
import { expect, type Locator, type Page } from '@playwright/test';
import { FeatureForm, FeaturePage, escapeRegExp } from './feature-page';
import { chooseByText, heading, progressOf } from './nav';

export class EpicsList {
  constructor(readonly page: Page) {}

  link(name: string): Locator {
    return this.page.getByRole('main').getByRole('link', { name, exact: true });
  }

  async openEpic(name: string): Promise<EpicPage> {
    await this.link(name).click();
    const epic = new EpicPage(this.page);
    await epic.expectOpen(name);
    return epic;
  }
}

export class EpicForm {
  readonly name: Locator;
  readonly release: Locator;
  readonly initiative: Locator;
  readonly progressSource: Locator;
  readonly durationSource: Locator;

  constructor(readonly page: Page) {
    const field = (label: string) => page.getByLabel(label, { exact: true });
    this.name = field('Name');
    this.release = field('Release');
    this.initiative = field('Initiative');
    this.progressSource = field('Progress source');
    this.durationSource = field('Duration source');
  }

  chosen(select: Locator): Locator {
    return select.locator('option:checked');
  }

  async chooseRelease(name: string): Promise<void> {
    await chooseByText(this.release, name);
  }

  async submit(name: string): Promise<EpicPage> {
    await this.page.getByRole('button', { name: /^(Create|Save) epic$/ }).click();
    const epic = new EpicPage(this.page);
    await epic.expectOpen(name);
    return epic;
  }
}

export class EpicPage {
  readonly features: Locator;

  constructor(readonly page: Page) {
    this.features = page.getByRole('main');
  }

  async expectOpen(name: string): Promise<void> {
    await expect(heading(this.page, name)).toBeVisible();
  }

  /** The epic's own progress bar. */
  progress(name: string): Locator {
    return progressOf(this.page, name);
  }

  /** A feature of the epic, as a link in its features table. */
  featureLink(name: string): Locator {
    return this.page.getByRole('main').getByRole('link', { name, exact: true });
  }

  /** A feature's progress in the epic's features table. */
  featureProgress(name: string): Locator {
    return progressOf(this.page.getByRole('main'), name);
  }

  completeCount(done: number, total: number): Locator {
    return this.page.getByText(`${done} of ${total} complete`);
  }

  async openFeature(name: string): Promise<FeaturePage> {
    await this.featureLink(name).click();
    const feature = new FeaturePage(this.page);
    await feature.expectOpen(name);
    return feature;
  }

  /** The Initiative link in the epic's details. */
  initiativeLink(name: string): Locator {
    return this.page.getByRole('main').getByRole('link', { name: new RegExp(escapeRegExp(name)) });
  }

  async startNewFeature(): Promise<FeatureForm> {
    await this.page.getByRole('link', { name: 'New feature in this epic' }).click();
    const form = new FeatureForm(this.page);
    await expect(form.name).toBeVisible();
    return form;
  }

  async edit(): Promise<EpicForm> {
    await this.page.getByRole('link', { name: 'Edit', exact: true }).click();
    const form = new EpicForm(this.page);
    await expect(form.name).toBeVisible();
    return form;
  }
}
