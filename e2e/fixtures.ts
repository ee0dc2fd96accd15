// Helpers for the end-to-end specs: signing in, unique names per run, and screenshots of each
// screen saved under test-results/screens for a person to look at.
import { test, expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { E2E_TOKEN } from './env';

export const stamp = (): string => Date.now().toString(36).slice(-5).toUpperCase();

export async function signIn(page: Page, token = E2E_TOKEN): Promise<void> {
  await page.goto('/sign-in');
  await page.getByLabel('Access token').fill(token);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Releases' })).toBeVisible();
}

export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
}

export { expect, test };
