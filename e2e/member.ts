// A member's session for stories that look at the app as someone who is not an administrator:
// Morgan's token, minted the way a person would (`npm run token`) on the e2e service's database,
// and a browser context of their own signed in with it.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect } from './fixtures';
import { heading } from './pages/nav';
import { SignInPage } from './pages/sign-in-page';

export function memberToken(): string {
  const out = execFileSync('node', ['dist-server/main.js', 'token', 'morgan@planner.local'], {
    env: { ...process.env, PLANNER_DATA_DIR: path.resolve(process.env.E2E_DATA_DIR ?? '.tmp/e2e-data') },
    encoding: 'utf8',
  });
  const token = out
    .trim()
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => /^[A-Za-z0-9_-]{20,}$/.test(l))
    .at(-1);
  if (!token) throw new Error(`no token in: ${out}`);
  return token;
}

/** A new browser context signed in as the member, on workspace `workspaceId`'s releases. */
export async function memberPage(browser: Browser, baseURL: string, workspaceId: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const signIn = new SignInPage(page);
  await signIn.open();
  await page.evaluate((id) => localStorage.setItem('planner.workspace', id), workspaceId);
  await signIn.signInWith(memberToken());
  await expect(heading(page, 'Releases')).toBeVisible();
  return page;
}
