// Releases: the workspace's list, the release form (new and edit) and the release page with its
// phases and milestones.
import { expect, type Locator, type Page } from '@playwright/test';
import { RecordForm, RecordPage, openRecord } from './record-page';

export class ReleasesList {
  constructor(readonly page: Page) {}

  async startNew(): Promise<ReleaseForm> {
    await this.page
      .getByRole('link', { name: 'New release' })
      .or(this.page.getByRole('button', { name: 'New release' }))
      .first()
      .click();
    return new ReleaseForm(this.page);
  }

  openRelease(name: string): Promise<ReleasePage> {
    return openRecord(this.page.getByRole('link', { name, exact: true }).first(), ReleasePage, name);
  }
}

export class ReleaseForm extends RecordForm<ReleasePage> {
  readonly releaseDate = this.field('Release date');
  readonly externalReleaseDate = this.field('External release date');
  readonly externalDateResolution = this.field('External date resolution');
  readonly totalCapacity = this.field('Total capacity');

  constructor(page: Page) {
    super(page, 'release', ReleasePage);
  }
}

export class ReleasePage extends RecordPage {
  readonly phases = this.page.getByRole('list', { name: 'Phases and milestones' });
  readonly phaseForm = this.page.getByRole('form', { name: 'New phase or milestone' });

  phase(name: string): Locator {
    return this.phases.getByRole('listitem').filter({ hasText: name });
  }

  addPhase(name: string, start: string, end: string): Promise<void> {
    return this.addToTimeline('Phase', { Name: name, 'Start date': start, 'End date': end });
  }

  addMilestone(name: string, date: string): Promise<void> {
    return this.addToTimeline('Milestone', { Name: name, Date: date });
  }

  /** Fills the "New phase or milestone" form by its labels and waits for the entry in the list. */
  private async addToTimeline(type: 'Phase' | 'Milestone', values: { Name: string } & Record<string, string>) {
    await this.page.getByRole('button', { name: 'Add phase or milestone' }).click();
    await this.page.getByRole('radio', { name: type }).check();
    for (const [label, value] of Object.entries(values)) {
      await this.phaseForm.getByLabel(label, { exact: true }).fill(value);
    }
    await this.phaseForm.getByRole('button', { name: new RegExp(`^Add ${type.toLowerCase()}`) }).click();
    await expect(this.phase(values.Name)).toContainText(type);
  }

  /** "New feature" from the release: the form starts in this release. */
  async startNewFeature(): Promise<void> {
    await this.page.getByRole('link', { name: 'New feature' }).first().click();
  }
}
