// Releases: the workspace's list, the release form (new and edit) and the release page with its
// phases and milestones.
import { expect, type Locator, type Page } from '@playwright/test';
import { heading } from './nav';

export class ReleasesList {
  constructor(readonly page: Page) {}

  async startNew(): Promise<ReleaseForm> {
    await this.page.getByRole('link', { name: 'New release' }).or(this.page.getByRole('button', { name: 'New release' })).first().click();
    return new ReleaseForm(this.page);
  }

  async openRelease(name: string): Promise<ReleasePage> {
    await this.page.getByRole('link', { name, exact: true }).first().click();
    const release = new ReleasePage(this.page);
    await release.expectOpen(name);
    return release;
  }
}

export class ReleaseForm {
  readonly name: Locator;
  readonly startDate: Locator;
  readonly releaseDate: Locator;
  readonly externalReleaseDate: Locator;
  readonly externalDateResolution: Locator;
  readonly totalCapacity: Locator;

  constructor(readonly page: Page) {
    const field = (label: string) => page.getByLabel(label, { exact: true });
    this.name = field('Name');
    this.startDate = field('Start date');
    this.releaseDate = field('Release date');
    this.externalReleaseDate = field('External release date');
    this.externalDateResolution = field('External date resolution');
    this.totalCapacity = field('Total capacity');
  }

  /** Creates (or saves) and waits for the release page. */
  async submit(name: string): Promise<ReleasePage> {
    await this.page.getByRole('button', { name: /^(Create|Save) release$/ }).click();
    const release = new ReleasePage(this.page);
    await release.expectOpen(name);
    return release;
  }
}

export class ReleasePage {
  readonly phases: Locator;
  readonly phaseForm: Locator;

  constructor(readonly page: Page) {
    this.phases = page.getByRole('list', { name: 'Phases and milestones' });
    this.phaseForm = page.getByRole('form', { name: 'New phase or milestone' });
  }

  async expectOpen(name: string): Promise<void> {
    await expect(heading(this.page, name)).toBeVisible();
  }

  phase(name: string): Locator {
    return this.phases.getByRole('listitem').filter({ hasText: name });
  }

  async addPhase(name: string, start: string, end: string): Promise<void> {
    await this.page.getByRole('button', { name: 'Add phase or milestone' }).click();
    await this.page.getByRole('radio', { name: 'Phase' }).check();
    await this.phaseForm.getByLabel('Name', { exact: true }).fill(name);
    await this.phaseForm.getByLabel('Start date', { exact: true }).fill(start);
    await this.phaseForm.getByLabel('End date', { exact: true }).fill(end);
    await this.phaseForm.getByRole('button', { name: /^Add phase/ }).click();
    await expect(this.phase(name)).toContainText('Phase');
  }

  async addMilestone(name: string, date: string): Promise<void> {
    await this.page.getByRole('button', { name: 'Add phase or milestone' }).click();
    await this.page.getByRole('radio', { name: 'Milestone' }).check();
    await this.phaseForm.getByLabel('Name', { exact: true }).fill(name);
    await this.phaseForm.getByLabel('Date', { exact: true }).fill(date);
    await this.phaseForm.getByRole('button', { name: /^Add milestone/ }).click();
    await expect(this.phase(name)).toContainText('Milestone');
  }

  /** "New feature" from the release: the form starts in this release. */
  async startNewFeature(): Promise<void> {
    await this.page.getByRole('link', { name: 'New feature' }).first().click();
  }
}
