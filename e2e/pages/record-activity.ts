// The foot of a record page: the "Comments | History" tabs, and the History tab's timeline — found
// by role and name as a person reading the screen finds them.
import { expect, type Locator, type Page } from '@playwright/test';

export class RecordActivity {
  readonly tabList: Locator;
  readonly commentsTab: Locator;
  readonly historyTab: Locator;
  /** The History panel's timeline (a region named by its heading). */
  readonly history: Locator;

  constructor(readonly page: Page) {
    this.tabList = page.getByRole('tablist', { name: /^Comments and history of this / });
    this.commentsTab = this.tabList.getByRole('tab', { name: /^Comments/ });
    this.historyTab = this.tabList.getByRole('tab', { name: 'History', exact: true });
    this.history = page.getByRole('region', { name: 'History', exact: true });
  }

  /** Opens the History tab by a click and waits until its entries are read. */
  async openHistory(): Promise<void> {
    await this.historyTab.click();
    await expect(this.historyTab).toHaveAttribute('aria-selected', 'true');
    await expect(this.history).toBeVisible();
    await expect(this.history.getByRole('status', { name: 'Loading history' })).toHaveCount(0);
  }

  /** The timeline's entry whose sentence holds `text` ("changed Status from … → …"). */
  entry(text: string | RegExp): Locator {
    return this.history.locator('.history__entry').filter({ hasText: text });
  }

  /** The day headings, in order ("Today", "Yesterday", …). */
  days(): Locator {
    return this.history.locator('.history__day-title');
  }
}
