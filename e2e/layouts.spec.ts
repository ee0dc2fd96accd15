// Custom layouts (issue 14), as people use them: an administrator makes a custom field of the
// feature layout required and moves it to the top of the form, by keyboard-operable controls in the
// layout editor; a member then opens the new-feature form, finds that field first and marked
// required, submits without it, and reads the error on the field — the service refusing the same
// create on its own. The demo's workspace is the only one with custom fields, so the story changes
// the account's default layout: `restore` puts it back after the story, in time of its own, so the
// stories after this one see the demo's layout even when this one fails or runs out of time.
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { memberToken } from './member';
import { heading } from './pages/nav';
import { SignInPage } from './pages/sign-in-page';

const FIELD = 'Customer impact';

test('an administrator makes a field required and first; a member sees it first, marked, and cannot create without it', async ({
  page,
  workspace,
  api,
  restore,
}) => {
  const original = await api.defaultLayout('Feature');
  restore.after(`the default feature layout (${original.name})`, () => api.updateLayout(original.id, original.sections));
  // The administrator: Layouts from the sidebar, the features' default layout.
  await page.getByRole('link', { name: 'Layouts' }).click();
  await expect(heading(page, 'Layouts')).toBeVisible();
  await page.getByRole('link', { name: original.name, exact: true }).click();
  const row = page.getByRole('group', { name: FIELD, exact: true });
  await expect(row).toBeVisible();

  // Required, then to the first section and up to its top — each a control, no mouse drag needed.
  await row.getByRole('checkbox', { name: 'Required' }).check();
  await row.getByRole('button', { name: `Move ${FIELD} to another section` }).click();
  await page
    .getByRole('menu', { name: `Move ${FIELD} to section` })
    .getByRole('menuitem', { name: /^Feature/ })
    .click();
  const up = page.getByRole('button', { name: `Move ${FIELD} up` });
  while (await up.isEnabled()) {
    await up.focus();
    await page.keyboard.press('Enter');
  }
  // The live preview shows it first and required.
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: `${FIELD} moved` })
      .first(),
  ).toBeAttached();
  await expectAccessible(page, 'layout editor with a required field moved to the top');
  await page.getByRole('button', { name: 'Save layout' }).first().click();
  await expect(page.getByText(/saved/i).first()).toBeVisible();
  const saved = await api.defaultLayout('Feature');
  expect(saved.sections[0]?.fields[0]).toMatchObject({ field: 'custom_fields.customer_impact', required: true });

  // The member signs in and opens the new-feature form by links.
  await page.getByRole('button', { name: 'Sign out' }).click();
  const signIn = new SignInPage(page);
  await expect(signIn.token).toBeVisible();
  await page.evaluate((id) => localStorage.setItem('planner.workspace', id), workspace.id);
  await signIn.signInWith(memberToken());
  // Sign-in goes back to where the session ended, the editor, which a member may not use.
  await expect(page.getByText('Only configuration administrators can change layouts')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save layout' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Layouts', exact: true })).toHaveCount(0);
  await page.getByRole('link', { name: 'Features', exact: true }).click();
  await page.getByRole('link', { name: 'New feature' }).first().click();
  await expect(heading(page, 'New feature')).toBeVisible();

  const form = page.getByRole('form').or(page.locator('form')).first();
  const first = form.locator('input, select, textarea, [role="textbox"]').first();
  const field = page.getByLabel(FIELD, { exact: false }).first();
  await expect(field).toBeVisible();
  // First in the form, marked required (for assistive tech too).
  await expect(first).toHaveAttribute('id', (await field.getAttribute('id')) ?? '');
  await expect(field).toHaveAttribute('aria-required', 'true');
  // The visible mark beside the label (kept out of the accessible name, which aria-required carries).
  await expect(page.locator(`label[for="${await field.getAttribute('id')}"] + .field__required`)).toHaveText('*');

  await page.getByLabel('Name', { exact: true }).fill('Needs an impact');
  await page.getByRole('button', { name: 'Create feature' }).click();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  const describedBy = (await field.getAttribute('aria-describedby')) ?? '';
  const message = page.locator(
    describedBy
      .split(' ')
      .map((id) => `#${id}`)
      .join(', '),
  );
  await expect(message.filter({ hasText: 'is required' })).toHaveCount(1);
  await expect(field).toBeFocused();
  await expectAccessible(page, 'new feature form with a required custom field refused');

  // Chosen, the feature is created.
  await field.selectOption('High');
  await page.getByLabel('Release', { exact: true }).selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Create feature' }).click();
  await expect(heading(page, 'Needs an impact')).toBeVisible();
});

test('an administrator drags a field into another section, and the preview follows', async ({ page, api }) => {
  const original = await api.defaultLayout('Feature');
  await page.getByRole('link', { name: 'Layouts' }).click();
  await page.getByRole('link', { name: original.name, exact: true }).click();
  const row = page.getByRole('group', { name: 'Tags', exact: true });
  await expect(row).toBeVisible();
  const target = page.getByRole('list', { name: 'Fields of Strategy' });
  await row.dragTo(target.getByRole('listitem').first());
  await expect(target.getByRole('group', { name: 'Tags', exact: true })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Tags moved to section Strategy' }).first()).toBeAttached();
  // The preview's form shows Tags in Strategy now; nothing is saved until Save.
  const preview = page.getByRole('group', { name: 'New feature form (preview)' });
  const strategy = preview
    .locator('.layout-preview__section')
    .filter({ has: page.getByRole('heading', { name: 'Strategy', exact: true }) });
  await expect(strategy.getByLabel('Tags', { exact: true })).toBeVisible();
  const unchanged = await api.defaultLayout('Feature');
  expect(unchanged.sections).toEqual(original.sections);
});
