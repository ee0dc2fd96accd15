// The sign-in screen: the access token field, the button, and the message a refused token leaves.
import { expect, type Locator, type Page } from '@playwright/test';

export class SignInPage {
  readonly token: Locator;
  readonly submit: Locator;

  constructor(readonly page: Page) {
    this.token = page.getByLabel('Access token', { exact: true });
    this.submit = page.getByRole('button', { name: 'Sign in' });
  }

  async open(): Promise<void> {
    await this.page.goto('/sign-in');
    await expect(this.token).toBeVisible();
  }

  /** Types the token and presses Sign in; what follows is the caller's to check. */
  async signInWith(token: string): Promise<void> {
    await this.token.fill(token);
    await this.submit.click();
  }

  async expectRefused(message: string | RegExp): Promise<void> {
    await expect(this.page.getByText(message)).toBeVisible();
    await expect(this.token).toHaveAttribute('aria-invalid', 'true');
  }
}
