// The feature board: a column (region) per status; cards move by dragging.
import { expect, type Locator, type Page } from '@playwright/test';

export class FeatureBoard {
  constructor(readonly page: Page) {}

  column(status: string): Locator {
    return this.page.getByRole('region', { name: status, exact: true });
  }

  card(status: string, name: string): Locator {
    return this.column(status).getByText(name);
  }

  async drag(name: string, from: string, to: string): Promise<void> {
    await expect(this.card(from, name)).toBeVisible();
    // Dropped on the column's header: a tall column's centre can be far below the fold.
    await this.card(from, name).dragTo(this.column(to), { targetPosition: { x: 40, y: 16 } });
    await expect(this.card(to, name)).toBeVisible();
  }
}
