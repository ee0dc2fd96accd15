// The first slice end to end, as a product manager meets it: sign in, plan a release with a phase and
// a milestone, create an estimated feature, find it in the list and on the board, move it, edit it.
import { E2E_TOKEN } from './env';
import { expect, shot, signIn, stamp, test } from './fixtures';

test('sign-in refuses a wrong token with the message on the field', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/sign-in/);
  await page.getByLabel('Access token', { exact: true }).fill('not-a-real-token');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Invalid access token')).toBeVisible();
  await expect(page.getByLabel('Access token', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await shot(page, '01-sign-in-error');
});

test('plan a release, then create, find, move and edit a feature', async ({ page }) => {
  const id = stamp();
  const releaseName = `Release ${id}`;
  const featureName = `Offline sync ${id}`;

  await signIn(page, E2E_TOKEN);
  await shot(page, '02-releases');

  // A release measured in time, with a capacity checked as typed.
  await page.getByRole('link', { name: 'New release' }).or(page.getByRole('button', { name: 'New release' })).first().click();
  await page.getByLabel('Name', { exact: true }).fill(releaseName);
  await page.getByLabel('Start date', { exact: true }).fill('2026-12-01');
  await page.getByLabel('Release date', { exact: true }).fill('2027-02-26');
  await expect(page.getByLabel('External date resolution', { exact: true })).toBeDisabled();
  await page.getByLabel('External release date', { exact: true }).fill('2027-03-01');
  await expect(page.getByLabel('External date resolution', { exact: true })).toBeEnabled();
  await page.getByLabel('Total capacity', { exact: true }).fill('5p');
  await expect(page.getByLabel('Total capacity', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Total capacity', { exact: true }).fill('40d');
  await expect(page.getByText('40d = 320 h')).toBeVisible();
  await shot(page, '03-release-form');
  await page.getByRole('button', { name: 'Create release' }).click();
  await expect(page.getByRole('heading', { level: 1, name: releaseName })).toBeVisible();

  // A phase and a milestone.
  await page.getByRole('button', { name: 'Add phase or milestone' }).click();
  await page.getByRole('radio', { name: 'Phase' }).check();
  const phaseForm = page.getByRole('form', { name: 'New phase or milestone' });
  await phaseForm.getByLabel('Name', { exact: true }).fill('Build');
  await phaseForm.getByLabel('Start date', { exact: true }).fill('2026-12-01');
  await phaseForm.getByLabel('End date', { exact: true }).fill('2027-01-29');
  await phaseForm.getByRole('button', { name: /^Add phase/ }).click();
  const phases = page.getByRole('list', { name: 'Phases and milestones' });
  await expect(phases.getByRole('listitem').filter({ hasText: 'Build' })).toContainText('Phase');

  await page.getByRole('button', { name: 'Add phase or milestone' }).click();
  await page.getByRole('radio', { name: 'Milestone' }).check();
  await phaseForm.getByLabel('Name', { exact: true }).fill('Code freeze');
  await phaseForm.getByLabel('Date', { exact: true }).fill('2027-02-12');
  await phaseForm.getByRole('button', { name: /^Add milestone/ }).click();
  await expect(phases.getByRole('listitem').filter({ hasText: 'Code freeze' })).toContainText('Milestone');
  await expect(phases.getByRole('listitem')).toHaveCount(2);
  await shot(page, '04-release-page');

  // A feature estimated 1d 2h; the estimate is checked as typed.
  await page.getByRole('link', { name: 'New feature' }).first().click();
  await page.getByLabel('Name', { exact: true }).fill(featureName);
  await expect(page.getByLabel('Release', { exact: true })).toHaveValue(/\d+/);
  await page.getByLabel('Release phase', { exact: true }).selectOption({ label: 'Build' });
  await page.getByLabel('Initial estimate', { exact: true }).fill('3x');
  await expect(page.getByLabel('Initial estimate', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(/"3x" is not an estimate/)).toBeVisible();
  await shot(page, '05-feature-form-error');
  await page.getByLabel('Initial estimate', { exact: true }).fill('1d 2h');
  await expect(page.getByText('1d 2h = 10 h')).toBeVisible();
  await expect(page.getByLabel('Initial estimate', { exact: true })).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Create feature' }).click();
  await expect(page.getByRole('heading', { level: 1, name: featureName })).toBeVisible();
  await expect(page.getByText('1d 2h').first()).toBeVisible();
  await shot(page, '06-feature-page');
  const featureUrl = page.url();

  // Found in the list by search.
  await page.getByRole('link', { name: 'Features', exact: true }).click();
  await page.getByLabel('Search', { exact: true }).fill(id);
  await expect(page.getByRole('link', { name: featureName })).toBeVisible();
  await shot(page, '07-feature-list');

  // On the board in its first status; dragged to another status, and the move is kept.
  await page.getByRole('link', { name: 'Board', exact: true }).click();
  const from = page.getByRole('region', { name: 'New', exact: true });
  const to = page.getByRole('region', { name: 'In development', exact: true });
  const card = from.getByText(featureName);
  await expect(card).toBeVisible();
  await card.dragTo(to);
  await expect(to.getByText(featureName)).toBeVisible();
  await shot(page, '08-board-after-drag');
  await page.reload();
  await expect(page.getByRole('region', { name: 'In development', exact: true }).getByText(featureName)).toBeVisible();

  // Edit: progress is offered only for manual progress; a bad estimate is refused on its field.
  await page.goto(featureUrl);
  await expect(page.getByText('In development').first()).toBeVisible();
  await page.getByRole('link', { name: 'Edit' }).or(page.getByRole('button', { name: 'Edit' })).first().click();
  const source = page.getByLabel('Progress source', { exact: true });
  await source.selectOption('progress_from_requirements');
  await expect(page.getByLabel('Progress', { exact: true })).toHaveCount(0);
  await source.selectOption('progress_manual');
  await expect(page.getByLabel('Progress', { exact: true })).toBeVisible();
  await page.getByLabel('Progress', { exact: true }).fill('40');
  await page.getByLabel('Remaining estimate', { exact: true }).fill('3x');
  await expect(page.getByText(/"3x" is not an estimate/)).toBeVisible();
  await shot(page, '09-feature-edit');
  await page.getByLabel('Remaining estimate', { exact: true }).fill('4h');
  await page.getByRole('button', { name: 'Save feature' }).click();
  await expect(page.getByRole('heading', { level: 1, name: featureName })).toBeVisible();
  await expect(page.getByRole('progressbar').first()).toHaveAttribute('aria-valuenow', '40');
  await shot(page, '10-feature-after-edit');
});
