// Record history and the historical audit search, as people use them. A product manager changes a
// feature's status on its form and finds the change in the feature's History tab (read before the
// edit, so the tab proves it is not stale), by mouse and by keyboard alone. An administrator opens
// the audit search from the sidebar, reads the estimate beside the tokens, runs a search over the
// demo account's old history, watches it finish, pages forward and back, and exports what it read.
import fs from 'node:fs';
import { expect, shot, test } from './fixtures';
import { AuditSearchScreen } from './pages/audit-search';
import { heading, openFeature } from './pages/nav';
import { expectAccessible } from './axe';
import { RecordActivity } from './pages/record-activity';

test("a status changed on the form shows in the feature's History tab, by mouse and by keyboard", async ({
  page,
  app,
  api,
  workspace,
  uniq,
}) => {
  const release = await api.createRelease(workspace.id, { name: `History ${uniq}` });
  const name = `Audited ${uniq}`;
  await api.createFeature(release.id, { name });
  await openFeature(page, app, name, uniq);

  // Comments is the tab a record page opens on; the history is read once, before the change.
  const activity = new RecordActivity(page);
  await expect(activity.commentsTab).toHaveAttribute('aria-selected', 'true');
  await activity.openHistory();
  await expect(activity.entry(/created this feature/)).toBeVisible();

  // The status, changed on the feature's form.
  const form = await app.feature.edit();
  const before = (await form.chosen(form.status).innerText()).trim();
  const labels = (await form.status.locator('option').allInnerTexts()).map((t) => t.trim());
  const after = labels.find((l) => l !== '' && l !== before);
  expect(after, 'a second status to move to').toBeTruthy();
  await form.status.selectOption({ label: after ?? '' });
  await form.submit(name);

  // Back on the page (no reload): the history says who changed what, today, at the top.
  await activity.openHistory();
  const change = activity.entry(`changed Status from ${before} → ${after}`);
  await expect(change).toBeVisible();
  await expect(activity.days().first()).toHaveText('Today');
  await expect(activity.history.locator('.history__entry').first()).toContainText(`Status from ${before} → ${after}`);
  await shot(page, 'history-tab');
  await expectAccessible(page, 'the History tab open');

  // Keyboard alone: the tabs are one stop; the arrows move between them and choose.
  await activity.commentsTab.click();
  await expect(activity.commentsTab).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(activity.historyTab).toBeFocused();
  await expect(activity.historyTab).toHaveAttribute('aria-selected', 'true');
  await expect(change).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(activity.commentsTab).toBeFocused();
  await expect(activity.commentsTab).toHaveAttribute('aria-selected', 'true');
  await expect(activity.history).toBeHidden();
  await page.keyboard.press('End');
  await expect(activity.historyTab).toHaveAttribute('aria-selected', 'true');
  // Tab leaves the tab list (the other tab is not a stop) for the panel; Shift+Tab comes back.
  await page.keyboard.press('Tab');
  await expect(activity.commentsTab).not.toBeFocused();
  await expect(activity.historyTab).not.toBeFocused();
  await expect(page.locator(':focus')).toBeAttached();
  expect(await page.evaluate(() => document.activeElement?.closest('[role="tabpanel"]') !== null)).toBe(true);
  await page.keyboard.press('Shift+Tab');
  await expect(activity.historyTab).toBeFocused();
  await page.keyboard.press('Home');
  await expect(activity.commentsTab).toHaveAttribute('aria-selected', 'true');
});

test('an administrator searches the old history: estimate and tokens, run, progress, pages, CSV', async ({ page }) => {
  test.setTimeout(120_000);
  await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Audit search' }).click();
  await expect(heading(page, 'Audit search')).toBeVisible();
  const search = new AuditSearchScreen(page);

  // The range ends where the ordinary history begins; it starts far enough back for the demo's old rows.
  await expect(search.to).not.toHaveValue('');
  await search.from.fill('2020-01-01');
  await expect(search.estimate()).toBeVisible();
  const tokens = await search.tokens();
  const cost = await search.maxCost();
  expect(cost).toBeGreaterThan(0);
  expect(cost).toBeLessThanOrEqual(tokens);
  await expect(search.run).toBeEnabled();
  await shot(page, 'audit-search-form');
  await expectAccessible(page, 'the search form before running');

  // A range reaching into the last 12 months is refused next to its field, before anything is sent.
  const to = await search.to.inputValue();
  await search.to.fill('2099-01-01');
  await expect(search.to).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(/^Must end on or before .+: the last 12 months are in each record's History\.$/)).toBeVisible();
  await search.to.fill(to);
  await expect(search.to).toHaveAttribute('aria-invalid', 'false');
  await expect(search.estimate()).toBeVisible();

  // Run: the search is made, watched while it runs, and its first page shown when complete.
  await search.run.click();
  await expect(search.progress.or(search.page_(1))).toBeVisible();
  await expect(search.page_(1)).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('Search complete', { exact: true })).toBeVisible();
  const firstRows = search.page_(1).locator('tbody tr');
  const onFirst = await firstRows.count();
  expect(onFirst).toBeGreaterThan(0);
  const firstRow = await firstRows.first().innerText();
  await shot(page, 'audit-search-results');
  await expectAccessible(page, 'the results');

  // Next page and back: the page read before comes back as it was.
  await expect(search.next()).toBeEnabled();
  await search.next().click();
  await expect(search.page_(2)).toBeVisible();
  const secondRows = search.page_(2).locator('tbody tr');
  const onSecond = await secondRows.count();
  expect(onSecond).toBeGreaterThan(0);
  expect(await secondRows.first().innerText()).not.toBe(firstRow);
  await search.previous().click();
  await expect(search.page_(1)).toBeVisible();
  await expect.poll(() => firstRows.first().innerText()).toBe(firstRow);

  // Export: every row fetched (both pages), one line each under the header.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('audit-search.csv');
  const path = await file.path();
  const csv = fs.readFileSync(path, 'utf8').trim().split(/\r\n/);
  expect(csv[0]).toBe('When,Who,Action,Record,What changed');
  expect(csv.length - 1).toBe(onFirst + onSecond);

  // The free index beside the results: who was active on what, in the same range.
  await page.getByRole('tab', { name: 'Who was active' }).click();
  await expect(page.getByRole('table', { name: 'Who was active' })).toBeVisible();
  await expectAccessible(page, 'the activity index');
});
