// The historical audit search (administrators): the form, its estimate beside the tokens, Run, the
// running search's progress, the results table with its pages and export, and the activity index.
import { expect, type Locator, type Page } from '@playwright/test';

export class AuditSearchScreen {
  readonly from: Locator;
  readonly to: Locator;
  readonly person: Locator;
  readonly action: Locator;
  readonly recordType: Locator;
  readonly recordId: Locator;
  readonly cost: Locator;
  readonly run: Locator;
  readonly progress: Locator;
  readonly results: Locator;
  readonly pages: Locator;

  constructor(readonly page: Page) {
    this.from = page.getByLabel('From', { exact: true });
    this.to = page.getByLabel('To', { exact: true });
    this.person = page.getByLabel('Person', { exact: true });
    this.action = page.getByLabel('Action', { exact: true });
    this.recordType = page.getByLabel('Record type', { exact: true });
    this.recordId = page.getByLabel('Record id', { exact: true });
    this.cost = page.getByRole('complementary', { name: 'Cost of this search' });
    this.run = page.getByRole('button', { name: 'Run search' });
    this.progress = page.getByRole('progressbar', { name: 'Search progress' });
    this.results = page.getByRole('table', { name: /^Search results, page \d+$/ });
    this.pages = page.getByRole('navigation', { name: 'Pages of results' });
  }

  /** The estimate, once made: "up to N tokens". */
  estimate(): Locator {
    return this.cost.getByText(/^up to [\d,]+ tokens?$/);
  }

  /** The tokens available, as a number. */
  async tokens(): Promise<number> {
    const figure = this.cost.locator('.audit-cost__figure').filter({ hasText: 'Tokens available' }).locator('.audit-cost__value');
    await expect(figure).toHaveText(/^[\d,]+$/);
    return Number((await figure.innerText()).replace(/,/g, ''));
  }

  async maxCost(): Promise<number> {
    const text = await this.estimate().innerText();
    return Number(text.replace(/[^\d]/g, ''));
  }

  page_(n: number): Locator {
    return this.page.getByRole('table', { name: `Search results, page ${n}` });
  }

  next(): Locator {
    return this.pages.getByRole('button', { name: 'Next →' });
  }

  previous(): Locator {
    return this.pages.getByRole('button', { name: '← Previous' });
  }
}
