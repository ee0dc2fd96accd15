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
  readonly releasePhase = this.field('Release phase');
  readonly epic = this.field('Epic');
  readonly initialEstimate = this.field('Initial estimate');
  readonly remainingEstimate = this.field('Remaining estimate');

  constructor(page: Page) {
    super(page, 'feature', FeaturePage);
  }

  async chooseEpic(name: string): Promise<void> {
    await chooseByText(this.epic, name);
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
