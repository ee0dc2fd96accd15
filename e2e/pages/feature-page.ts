// Features: the workspace's list, the feature form (new and edit) and the feature page.
import { expect, type Locator, type Page } from '@playwright/test';
import { chooseByText, heading, progressOf } from './nav';

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

export class FeatureForm {
  readonly name: Locator;
  readonly release: Locator;
  readonly releasePhase: Locator;
  readonly status: Locator;
  readonly epic: Locator;
  readonly initiative: Locator;
  readonly initialEstimate: Locator;
  readonly remainingEstimate: Locator;
  readonly progressSource: Locator;
  readonly progress: Locator;

  constructor(readonly page: Page) {
    const field = (label: string) => page.getByLabel(label, { exact: true });
    this.name = field('Name');
    this.release = field('Release');
    this.releasePhase = field('Release phase');
    this.status = field('Status');
    this.epic = field('Epic');
    this.initiative = field('Initiative');
    this.initialEstimate = field('Initial estimate');
    this.remainingEstimate = field('Remaining estimate');
    this.progressSource = field('Progress source');
    this.progress = field('Progress');
  }

  /** The text of the option chosen in a select. */
  chosen(select: Locator): Locator {
    return select.locator('option:checked');
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

  /** Creates (or saves) and waits for the feature page. */
  async submit(name: string): Promise<FeaturePage> {
    await this.page.getByRole('button', { name: /^(Create|Save) feature$/ }).click();
    const feature = new FeaturePage(this.page);
    await feature.expectOpen(name);
    return feature;
  }

  async cancel(): Promise<void> {
    await this.page.getByRole('link', { name: 'Cancel' }).click();
  }
}

export class FeaturePage {
  constructor(readonly page: Page) {}

  async expectOpen(name: string): Promise<void> {
    await expect(heading(this.page, name)).toBeVisible();
  }

  progress(name: string): Locator {
    return progressOf(this.page, name);
  }

  async edit(): Promise<FeatureForm> {
    await this.page.getByRole('link', { name: 'Edit' }).or(this.page.getByRole('button', { name: 'Edit' })).first().click();
    const form = new FeatureForm(this.page);
    await expect(form.name).toBeVisible();
    return form;
  }

  /** The link to the feature's epic (its key and name). */
  epicLink(epicName: string): Locator {
    return this.page.getByRole('main').getByRole('link', { name: new RegExp(escapeRegExp(epicName)) });
  }
}

export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
