// Features: the workspace's list, the feature form (new and edit) and the feature page.
import { expect, type Locator, type Page } from '@playwright/test';
import { chooseByText } from './nav';
import { RecordForm, RecordPage, openForm } from './record-page';

export class FeaturesList {
  constructor(readonly page: Page) {}

  /** Types a search; done once the list has put it in the URL (a later click would race that). */
  async search(text: string): Promise<void> {
    await this.page.getByLabel('Search', { exact: true }).fill(text);
    await expect(this.page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(text)}(&|$)`));
  }

  row(name: string): Locator {
    return this.page.getByRole('link', { name, exact: true });
  }
}

export class FeatureForm extends RecordForm<FeaturePage> {
  readonly release = this.field('Release');
  readonly releasePhase = this.field('Release phase');
  readonly status = this.field('Status');
  readonly epic = this.field('Epic');
  readonly initiative = this.field('Initiative');
  readonly initialEstimate = this.field('Initial estimate');
  readonly remainingEstimate = this.field('Remaining estimate');
  readonly progressSource = this.field('Progress source');
  readonly progress = this.field('Progress');

  constructor(page: Page) {
    super(page, 'feature', FeaturePage);
  }

  async chooseEpic(name: string): Promise<void> {
    await chooseByText(this.epic, name);
  }

  /** Sets progress by hand (the field shows only under manual progress). */
  async setManualProgress(percent: number): Promise<void> {
    await this.progressSource.selectOption('progress_manual');
    await expect(this.progress).toBeVisible();
    await this.progress.fill(String(percent));
  }

  async expectInvalid(field: Locator, message: string | RegExp): Promise<void> {
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(this.page.getByText(message)).toBeVisible();
  }

  async cancel(): Promise<void> {
    await this.page.getByRole('link', { name: 'Cancel' }).click();
  }
}

export class FeaturePage extends RecordPage {
  edit(): Promise<FeatureForm> {
    const edit = this.page.getByRole('link', { name: 'Edit' }).or(this.page.getByRole('button', { name: 'Edit' }));
    return openForm(edit.first(), FeatureForm);
  }

  /** The link to the feature's epic (its key and name). */
  epicLink(epicName: string): Locator {
    return this.mainLinkContaining(epicName);
  }
}
