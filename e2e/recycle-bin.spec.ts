// The recycle bin, as a product manager meets it: an epic with three features (one shipped, so the
// epic shows progress) is deleted from its page, brought back with the toast's Undo, deleted again,
// and restored from the bin after a look at what comes back — each time with its features and its
// progress, and the epics list's numbers right without a reload (every screen reached by links).
// Then the same by keyboard alone, the empty bin, and axe on the bin, the dialog and the toast.
import { expect as baseExpect, type Locator, type Page } from '@playwright/test';
import type { Chain } from './data';
import { E2E_TOKEN } from './env';
import { expect, test, type App } from './fixtures';
import { expectAccessible } from './axe';
import { heading, progressOf } from './pages/nav';
import { RecycleBin, Toast } from './pages/recycle-bin';

/** A screenshot for a person to look at, when BIN_SHOTS names a folder. */
async function shot(page: Page, name: string, target?: Locator): Promise<void> {
  const dir = process.env.BIN_SHOTS;
  if (!dir) return;
  await (target ?? page).screenshot({ path: `${dir}/${name}.png`, animations: 'disabled' });
}

async function expectProgress(bar: Locator, progress: number | null): Promise<void> {
  baseExpect(progress, 'the service computed a progress').not.toBeNull();
  await expect(bar).toHaveAttribute('aria-valuenow', String(Math.round(progress ?? 0)));
}

/** The epic's page shows its three features and its progress. */
async function expectEpicWhole(app: App, chain: Chain): Promise<void> {
  await app.epic.expectOpen(chain.epic.name);
  await expectProgress(app.epic.progress(chain.epic.name), chain.epic.progress);
  for (const feature of [chain.byRequirements, chain.manual, chain.shipped]) {
    await expect(app.epic.featureLink(feature.name)).toBeVisible();
    // The shipped one has no progress of its own: it counts as done in the epic.
    if (feature.progress !== null) await expectProgress(app.epic.featureProgress(feature.name), feature.progress);
  }
  await expect(app.epic.completeCount(1, 3)).toBeVisible();
}

async function deleteEpicFromItsPage(page: Page, chain: Chain): Promise<void> {
  await page.getByRole('main').getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Delete ${chain.epic.reference_num}?` });
  await dialog.getByRole('button', { name: 'Delete epic' }).click();
  await expect(heading(page, 'Epics')).toBeVisible();
}

test('an epic deleted with its features comes back from the undo toast and from the bin, with its features and progress', async ({
  app,
  chain,
  page,
}) => {
  const { epic } = chain;
  const toast = new Toast(page);
  const bin = new RecycleBin(page);
  const epicsList = page.getByRole('main');
  expect(Math.round(epic.progress ?? -1), 'one shipped, one 60% by hand, one a third done').toBe(Math.round((100 + 60 + 100 / 3) / 3));

  await app.nav.open('Epics');
  await app.epics.openEpic(epic.name);
  await expectEpicWhole(app, chain);

  // Delete: the page goes back to the list, and the toast names what went and offers Undo.
  await deleteEpicFromItsPage(page, chain);
  await expect(app.epics.link(epic.name)).toHaveCount(0);
  await toast.expectText(`Deleted epic ${epic.reference_num} “${epic.name}”`);
  await expect(toast.undo).toBeVisible();
  await shot(page, 'undo-toast');
  await shot(page, 'undo-toast-close', toast.root);
  await expectAccessible(page, 'the epics list with the undo toast');

  // Undo: back on the epic's page, whole.
  await toast.undo.click();
  await toast.expectText(`Restored epic ${epic.reference_num} “${epic.name}”`);
  await expectEpicWhole(app, chain);

  // Delete again; this time the bin, by the sidebar.
  await deleteEpicFromItsPage(page, chain);
  await bin.open();
  const row = bin.row(epic.name);
  await expect(row).toContainText(epic.reference_num);
  await expect(row).toContainText('Epic');
  await expect(row).toContainText('30 days');
  await shot(page, 'bin-one-entry');
  await expectAccessible(page, 'the recycle bin');

  // The dry run first: the epic comes back, nothing changes until Restore.
  const dialog = await bin.startRestore(epic.name);
  await expect(dialog.comesBack).toContainText(epic.reference_num);
  await shot(page, 'restore-dialog');
  await shot(page, 'restore-dialog-close', dialog.root);
  await expectAccessible(page, 'the restore dialog');
  await dialog.restore();
  await toast.expectText(`Restored epic ${epic.reference_num} “${epic.name}”`);
  await expect(bin.row(epic.name)).toHaveCount(0);

  // The toast's link leads to the epic, whole; the epics list shows its progress without a reload.
  await toast.open(epic.reference_num).click();
  await expectEpicWhole(app, chain);
  await app.nav.open('Epics');
  await expectProgress(progressOf(epicsList, epic.name), epic.progress);
});

/**
 * Presses Tab (or Shift+Tab, `back`: the sidebar is before the screen) until `target` has the focus,
 * a keyboard user's way there, at most `max` times.
 */
async function tabTo(page: Page, target: Locator, { back = false, max = 80 } = {}): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  await expect(target).toBeFocused();
}

test('deleting, undoing and restoring from the bin work by keyboard alone', async ({ app, api, page, workspace, uniq }) => {
  const release = await api.createRelease(workspace.id, { name: `Keys release ${uniq}` });
  const feature = await api.createFeature(release.id, { name: `Keyboard feature ${uniq}` });
  const toast = new Toast(page);
  const bin = new RecycleBin(page);

  // To the feature by keyboard: the Features link, a search typed, then the feature's link.
  await tabTo(page, app.nav.link('Features'));
  await page.keyboard.press('Enter');
  await expect(heading(page, 'Features')).toBeVisible();
  await tabTo(page, page.getByLabel('Search', { exact: true }));
  await page.keyboard.type(feature.name);
  await expect(page).toHaveURL(/[?&]q=/);
  await tabTo(page, app.features.row(feature.name));
  await page.keyboard.press('Enter');
  await app.feature.expectOpen(feature.name);

  // Delete: the dialog starts on Cancel; Tab to "Delete feature", Enter.
  await tabTo(page, page.getByRole('main').getByRole('button', { name: 'Delete', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Delete feature' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(heading(page, 'Features')).toBeVisible();

  // The toast's Undo is the next Tab stop after where the focus is.
  await expect(toast.undo).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(toast.undo).toBeFocused();
  await page.keyboard.press('Enter');
  await app.feature.expectOpen(feature.name);
  await toast.expectText(`Restored feature ${feature.reference_num}`);

  // Deleted again; restored from the bin: sidebar link, the row's Restore, the dialog's Restore.
  await tabTo(page, page.getByRole('main').getByRole('button', { name: 'Delete', exact: true }));
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(heading(page, 'Features')).toBeVisible();
  await tabTo(page, bin.link, { back: true });
  await page.keyboard.press('Enter');
  await bin.expectOpen();
  await tabTo(page, bin.restoreButton(feature.name), { max: 200 });
  await page.keyboard.press('Enter');
  const dialog = bin.dialog(feature.name);
  await dialog.expectPreview();
  await expect(dialog.root.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.confirm).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.root).toBeHidden();

  // The row is gone; the toast's link to the feature is the next Tab stop.
  await toast.expectText(`Restored feature ${feature.reference_num}`);
  await page.keyboard.press('Tab');
  await expect(toast.open(feature.reference_num)).toBeFocused();
  await page.keyboard.press('Enter');
  await app.feature.expectOpen(feature.name);
});

test('a restore the service refuses says why in the dialog, and changes nothing', async ({ api, page, workspace, uniq, request }) => {
  const release = await api.createRelease(workspace.id, { name: `Parent release ${uniq}` });
  const feature = await api.createFeature(release.id, { name: `Orphan feature ${uniq}` });
  const headers = { Authorization: `Bearer ${E2E_TOKEN}` };
  // The feature goes first, then its release: the feature cannot come back before the release does.
  expect((await request.delete(`/api/v1/features/${feature.id}`, { headers })).status()).toBe(204);
  expect((await request.delete(`/api/v1/releases/${release.id}`, { headers })).status()).toBe(204);

  const bin = new RecycleBin(page);
  await bin.open();
  await bin.restoreButton(feature.name).click();
  const dialog = bin.dialog(feature.name);
  await expect(dialog.root.getByRole('alert')).toContainText(release.reference_num);
  await expect(dialog.confirm).toBeDisabled();
  await shot(page, 'restore-refused', dialog.root);
  await dialog.root.getByRole('button', { name: 'Cancel' }).click();
  await expect(bin.row(feature.name)).toBeVisible();
});

test('the restore dialog lists what comes back by kind, and the links that will not with their reason', async ({
  api,
  page,
  workspace,
  uniq,
  request,
}) => {
  const release = await api.createRelease(workspace.id, { name: `Preview release ${uniq}` });
  const epic = await api.createEpic(release.id, { name: `Preview epic ${uniq}` });
  const feature = await api.createFeature(release.id, { name: `Preview feature ${uniq}`, epic: epic.id });
  for (const name of ['Export', 'Import', 'Schedule']) await api.createRequirement(feature.id, { name: `${name} ${uniq}` });
  await api.createComment('features', feature.id, `<p>Looks right ${uniq}</p>`);
  const headers = { Authorization: `Bearer ${E2E_TOKEN}` };
  // The feature goes with its requirements and comment; then its epic goes too, so its link cannot come back.
  expect((await request.delete(`/api/v1/features/${feature.id}`, { headers })).status()).toBe(204);
  expect((await request.delete(`/api/v1/epics/${epic.id}`, { headers })).status()).toBe(204);

  const bin = new RecycleBin(page);
  await bin.open();
  await expect(bin.row(feature.name)).toContainText('3 requirements, 1 comment');
  const dialog = await bin.startRestore(feature.name);
  await expect(dialog.comesBack).toContainText('1 feature');
  await expect(dialog.comesBack).toContainText('3 requirements');
  await expect(dialog.comesBack).toContainText(`Schedule ${uniq}`);
  await expect(dialog.comesBack).toContainText('1 comment');
  await expect(dialog.root.getByRole('heading', { name: 'A link that will not come back' })).toBeVisible();
  await expect(dialog.root).toContainText('is in the recycle bin');
  await shot(page, 'restore-dialog-links', dialog.root);
  await expectAccessible(page, 'the restore dialog with links that will not come back');
  await dialog.root.getByRole('button', { name: 'Cancel' }).click();
});

test('a deletion about to leave the bin is flagged, not by colour alone', async ({ page }) => {
  const bin = new RecycleBin(page);
  // Days cannot pass in a test: the service's answer is kept, with the first deletion's window closing in two days.
  await page.route(/\/api\/v1\/deletions(\?|$)/, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { deletions: { restorable_until?: string }[] };
    const first = body.deletions[0];
    if (first) first.restorable_until = new Date(Date.now() + 2 * 86_400_000 - 60_000).toISOString();
    await route.fulfill({ response, json: body });
  });
  await bin.open();
  const soon = bin.table.locator('.bin-left--soon');
  await expect(soon).toHaveCount(1);
  await expect(soon).toContainText('2 days');
  await expect(soon).toContainText('restore soon');
  await shot(page, 'bin-with-entries');
  await expectAccessible(page, 'the recycle bin with a deletion about to leave');
});

test('the empty bin says what it is for', async ({ page }) => {
  const bin = new RecycleBin(page);
  // An empty bin cannot be made on the shared test database: its list is answered empty here.
  await page.route(/\/api\/v1\/deletions(\?|$)/, (route) =>
    route.fulfill({
      json: { deletions: [], pagination: { total_records: 0, total_pages: 0, current_page: 1 } },
    }),
  );
  await bin.open();
  await expect(bin.table.getByText('Nothing in the recycle bin')).toBeVisible();
  await expect(bin.table.getByText('Deleted records stay here for 30 days')).toBeVisible();
  await shot(page, 'bin-empty');
  await expectAccessible(page, 'the empty recycle bin');
});
