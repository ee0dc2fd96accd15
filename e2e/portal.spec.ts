// The ideas portal (issue 15), as a customer uses it and the team sees it: a portal user signs in
// with the emailed link (no mail server here: the team reads the link on the portal's page in the
// app), starts typing an idea, finds it already suggested, votes for that one instead, then submits
// a new one; the administrator finds both — the vote on the existing idea and the new idea with its
// submitter — in the app's screens, reached by links. The portal is a second browser context: its
// session is a cookie of the portal alone, apart from the app's token.
import type { Browser, Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, shot, test } from './fixtures';
import { heading } from './pages/nav';

const PORTAL = 'planner-cloud';
const EXISTING = 'Dark mode for the planning board';

/** A new browser, as a customer's: nobody signed in, no token, only the portal's address. */
async function portalVisitor(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  return context.newPage();
}

test('a portal user signs in by link, votes for the suggested duplicate instead, submits a new idea; the admin sees both', async ({
  page,
  app,
  browser,
  baseURL,
  uniq,
}) => {
  const email = `e2e.${uniq.replace(/\W+/g, '').toLowerCase()}@northwind.example`;
  const fresh = `Colour-blind friendly status colours ${uniq}`;
  const visitor = await portalVisitor(browser, baseURL ?? '');

  // The portal, as anyone sees it: the ideas, and a way to sign in.
  await visitor.goto(`/portal/${PORTAL}`);
  await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(visitor.getByRole('link', { name: EXISTING })).toBeVisible();
  await expectAccessible(visitor, 'the portal home, signed out');
  await shot(visitor, 'portal-home');

  await visitor.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'Sign in' }).click();
  await visitor.getByLabel('Email').fill(email);
  await visitor.getByRole('button', { name: /email me a link|send|sign in/i }).click();
  await expect(visitor.getByText(/check your email/i)).toBeVisible();
  await expectAccessible(visitor, 'the sign-in sent');

  // The team hands on the link: no mail server, so the portal's page in the app shows it.
  await app.nav.link('Portals').click();
  await expect(heading(page, 'Idea portals')).toBeVisible();
  await page.getByRole('link', { name: 'Planner Cloud ideas' }).first().click();
  const emails = page.getByRole('region', { name: /sign-in emails/i });
  const row = emails.getByRole('row').filter({ hasText: email });
  await expect(row).toBeVisible();
  const link = await row.getByRole('link', { name: /open/i }).getAttribute('href');
  expect(link).toMatch(new RegExp(`/portal/${PORTAL}/sign-in\\?token=`));
  await shot(page, 'portal-admin-sign-in-emails');

  // The portal user opens the link: signed in, the token gone from the address.
  await visitor.goto(link ?? '');
  await expect(visitor.getByRole('navigation', { name: 'Portal' })).toContainText(/e2e/i);
  expect(visitor.url()).not.toContain('token=');

  // Typing an idea: the portal suggests the one that exists, and the user votes for it instead.
  await visitor
    .getByRole('link', { name: /add an idea/i })
    .first()
    .click();
  await visitor.getByLabel('Your idea').pressSequentially('Dark mode for the planning', { delay: 20 });
  const suggestions = visitor.getByRole('region', { name: /similar idea/i });
  await expect(suggestions.getByRole('link', { name: EXISTING })).toBeVisible();
  await expectAccessible(visitor, 'the new-idea form with suggestions');
  await shot(visitor, 'portal-new-idea-suggestions');
  await suggestions.getByRole('button', { name: `Vote for this instead: ${EXISTING}` }).click();
  await expect(visitor.getByRole('heading', { level: 1, name: EXISTING })).toBeVisible();
  await expect(visitor.getByRole('main')).toContainText(/you voted|unvote|take back/i);
  await expectAccessible(visitor, 'the idea page after voting');
  await shot(visitor, 'portal-idea-voted');

  // Then a new idea of their own.
  await visitor.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'Ideas', exact: true }).click();
  await visitor
    .getByRole('link', { name: /add an idea/i })
    .first()
    .click();
  await visitor.getByLabel('Your idea').fill(fresh);
  await visitor.getByLabel('Details').fill('Red and green look alike to some of our planners.');
  await visitor.getByRole('button', { name: /submit/i }).click();
  await expect(visitor.getByText(fresh).first()).toBeVisible();
  const nav = visitor.getByRole('navigation', { name: 'Portal' });
  await nav.getByRole('link', { name: 'My ideas' }).click();
  await expect(visitor.getByRole('link', { name: fresh })).toBeVisible();
  await expectAccessible(visitor, 'my ideas');
  await shot(visitor, 'portal-my-ideas');
  await nav.getByRole('link', { name: 'Roadmap' }).click();
  await expect(visitor.getByRole('heading', { level: 1 })).toContainText(/roadmap/i);
  await expectAccessible(visitor, 'the roadmap');
  await shot(visitor, 'portal-roadmap');
  await nav.getByRole('button', { expanded: false }).click();
  await nav.getByRole('link', { name: /notifications/i }).click();
  await expect(visitor.getByRole('heading', { level: 1 })).toContainText(/notifications/i);
  await expectAccessible(visitor, 'the notifications');

  // The team sees both in the app, by links: the new idea with its submitter, the vote on the old one.
  await app.nav.link('Ideas').click();
  await expect(heading(page, 'Ideas')).toBeVisible();
  await page.getByRole('link', { name: fresh }).click();
  await expect(heading(page, fresh)).toBeVisible();
  await expect(page.getByRole('main')).toContainText(email);
  await shot(page, 'portal-admin-new-idea');
  await app.nav.link('Ideas').click();
  await page.getByRole('link', { name: EXISTING }).click();
  await expect(heading(page, EXISTING)).toBeVisible();
  await expect(page.getByRole('main')).toContainText(email);
  await visitor.context().close();
});
