// The roadmap: lanes of bars (releases, initiatives, epics) on a timeline, zoomed by month or quarter.
import { expect, type Locator, type Page } from '@playwright/test';
import { escapeRegExp } from './record-page';

export type Lane = 'Releases' | 'Initiatives' | 'Epics';

export class Roadmap {
  constructor(readonly page: Page) {}

  lane(lane: Lane): Locator {
    return this.page.getByRole('region', { name: lane, exact: true });
  }

  /** The bar of a record in a lane; its name starts with the record's name. */
  bar(lane: Lane, name: string): Locator {
    return this.lane(lane).getByRole('link', { name: new RegExp(`^${escapeRegExp(name)}(?![\\w-])`) });
  }

  /** A bar carries the record's progress in data-progress. */
  async expectProgress(lane: Lane, name: string, progress: number | string): Promise<void> {
    await expect(this.bar(lane, name)).toHaveAttribute('data-progress', String(progress));
  }

  async zoom(to: 'Month' | 'Quarter'): Promise<void> {
    const control = this.page.getByRole('radio', { name: to, exact: true });
    // The radio follows the URL, so it turns checked only after the app has navigated.
    await control.click();
    await expect(control).toBeChecked();
  }
}
