// The first slice end to end, as a product manager meets it: sign in, plan a release with a phase and
// a milestone, create an estimated feature, find it in the list and on the board, move it, edit it.
import { expect, shot, test } from './fixtures';
import { heading } from './pages/nav';

test.describe('signed out', () => {
  test.use({ signedIn: false });

  test('sign-in refuses a wrong token with the message on the field', async ({ page, app }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/sign-in/);
    await app.signIn.signInWith('not-a-real-token');
    await app.signIn.expectRefused('Invalid access token');
    await shot(page, '01-sign-in-error');
  });
});

test('plan a release, then create, find, move and edit a feature', async ({ page, app, uniq }) => {
  const releaseName = `Release ${uniq}`;
  const featureName = `Offline sync ${uniq}`;
  await shot(page, '02-releases');

  // A release measured in time, with a capacity checked as typed.
  const form = await app.releases.startNew();
  await form.name.fill(releaseName);
  await form.startDate.fill('2026-12-01');
  await form.releaseDate.fill('2027-02-26');
  await expect(form.externalDateResolution).toBeDisabled();
  await form.externalReleaseDate.fill('2027-03-01');
  await expect(form.externalDateResolution).toBeEnabled();
  await form.totalCapacity.fill('5p');
  await expect(form.totalCapacity).toHaveAttribute('aria-invalid', 'true');
  await form.totalCapacity.fill('40d');
  await expect(page.getByText('40d = 320 h')).toBeVisible();
  await shot(page, '03-release-form');
  const release = await form.submit(releaseName);

  // A phase and a milestone.
  await release.addPhase('Build', '2026-12-01', '2027-01-29');
  await release.addMilestone('Code freeze', '2027-02-12');
  await expect(release.phases.getByRole('listitem')).toHaveCount(2);
  await shot(page, '04-release-page');

  // A feature estimated 1d 2h; the estimate is checked as typed.
  await release.startNewFeature();
  const feature = app.featureForm;
  await feature.name.fill(featureName);
  await expect(feature.release).toHaveValue(/\d+/);
  await feature.releasePhase.selectOption({ label: 'Build' });
  await feature.initialEstimate.fill('3x');
  await feature.expectInvalid(feature.initialEstimate, /"3x" is not an estimate/);
  await shot(page, '05-feature-form-error');
  await feature.initialEstimate.fill('1d 2h');
  await expect(page.getByText('1d 2h = 10 h')).toBeVisible();
  await expect(feature.initialEstimate).not.toHaveAttribute('aria-invalid', 'true');
  // The description in the rich-text editor: a heading from the toolbar, bold by its shortcut.
  const description = page.getByRole('textbox', { name: 'Description' });
  await description.click();
  await page.keyboard.type('Why it matters');
  await page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Heading', exact: true }).click();
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Works ');
  await page.keyboard.press('ControlOrMeta+b');
  await page.keyboard.type('offline');
  await page.keyboard.press('ControlOrMeta+b');
  // A link by Ctrl+K on the selected word; a script address is refused in the prompt.
  await page.keyboard.type(' see spec');
  for (let i = 0; i < 4; i++) await page.keyboard.press('Shift+ArrowLeft');
  await page.keyboard.press('ControlOrMeta+k');
  const address = page.getByRole('textbox', { name: 'Link address' });
  await address.fill('javascript:alert(1)');
  await address.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'Enter a web or email address' })).toBeVisible();
  await address.fill('example.com/spec');
  await address.press('Enter');
  await expect(address).toBeHidden();
  const featurePage = await feature.submit(featureName);
  await expect(page.getByText('1d 2h').first()).toBeVisible();
  // The record page shows what was typed, formatted, not as HTML source.
  await expect(page.getByRole('heading', { name: 'Why it matters' })).toBeVisible();
  await expect(page.getByRole('main').locator('strong', { hasText: 'offline' })).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText('<h2>');
  await expect(page.getByRole('main').getByRole('link', { name: 'spec', exact: true })).toHaveAttribute('href', 'https://example.com/spec');
  await shot(page, '06-feature-page');
  const featureUrl = page.url();

  // Found in the list by search.
  await app.nav.open('Features');
  await app.features.search(uniq);
  await expect(app.features.row(featureName)).toBeVisible();
  await shot(page, '07-feature-list');

  // On the board in its first status; dragged to another status, and the move is kept.
  await app.nav.open('Board');
  await app.board.drag(featureName, 'New', 'In development');
  await shot(page, '08-board-after-drag');
  await page.reload();
  await expect(app.board.card('In development', featureName)).toBeVisible();

  // Edit: progress is offered only for manual progress; a bad estimate is refused on its field.
  await page.goto(featureUrl);
  await expect(heading(page, featureName)).toBeVisible();
  await expect(page.getByText('In development').first()).toBeVisible();
  const edit = await featurePage.edit();
  await edit.progressSource.selectOption('progress_from_requirements');
  await expect(edit.progress).toHaveCount(0);
  await edit.setManualProgress(40);
  await edit.remainingEstimate.fill('3x');
  await expect(page.getByText(/"3x" is not an estimate/)).toBeVisible();
  await shot(page, '09-feature-edit');
  await edit.remainingEstimate.fill('4h');
  await edit.submit(featureName);
  await expect(featurePage.progress(featureName)).toHaveAttribute('aria-valuenow', '40');
  await shot(page, '10-feature-after-edit');
});
