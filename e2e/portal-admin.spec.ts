// Who runs the idea portals (issue 29): an administrator sets portals up and manages their users and
// sign-in emails; a member, signed in beside them in a browser of their own, reads the same portals
// and users and is offered none of that — no New portal, no Settings, no add, edit, switch or delete,
// no sign-in emails — only a word on who does it; in the recycle bin a portal user the administrator
// deleted is not theirs to restore. The screens pass axe.
import { expectAccessible } from './axe';
import { expect, shot, test } from './fixtures';
import { E2E_TOKEN } from './env';
import { memberPage } from './member';
import { heading } from './pages/nav';
import { RecycleBin } from './pages/recycle-bin';

const PORTAL = 'Planner Cloud ideas';

test('an administrator runs the portals; a member sees them with no administration offered', async ({
  page,
  app,
  browser,
  baseURL,
  workspace,
  uniq,
}) => {
  // The administrator: every action, and the sign-in emails.
  await app.nav.link('Portals').click();
  await expect(heading(page, 'Idea portals')).toBeVisible();
  await expect(page.getByRole('button', { name: 'New portal' })).toBeVisible();
  await expect(page.getByRole('button', { name: `Settings of ${PORTAL}` })).toBeVisible();
  await expectAccessible(page, 'the portals, as an administrator');
  await shot(page, 'portals-admin');
  await page.getByRole('button', { name: `Settings of ${PORTAL}` }).click();
  await expect(page.getByRole('heading', { name: `Settings of ${PORTAL}` })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('link', { name: `Users of ${PORTAL}` }).click();
  await expect(page.getByRole('button', { name: 'Add portal user' })).toBeVisible();
  await expect(page.getByRole('switch').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Edit / }).first()).toBeVisible();
  await expect(page.getByRole('region', { name: /sign-in emails/i })).toBeVisible();
  await expectAccessible(page, 'the portal users, as an administrator');
  await shot(page, 'portal-users-admin');

  // The member: the same screens, reading only.
  const member = await memberPage(browser, baseURL ?? '', workspace.id);
  try {
    await member.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Portals', exact: true }).click();
    await expect(heading(member, 'Idea portals')).toBeVisible();
    await expect(member.getByRole('link', { name: `Users of ${PORTAL}` })).toBeVisible();
    await expect(member.getByText(/Administrators set portals up/)).toBeVisible();
    await expect(member.getByRole('button', { name: 'New portal' })).toHaveCount(0);
    await expect(member.getByRole('button', { name: /^Settings of / })).toHaveCount(0);
    await expectAccessible(member, 'the portals, as a member');
    await shot(member, 'portals-member');

    await member.getByRole('link', { name: `Users of ${PORTAL}` }).click();
    await expect(member.getByRole('table', { name: 'Portal users' }).getByRole('row').nth(1)).toBeVisible();
    await expect(member.getByText(/Administrators add portal users/)).toBeVisible();
    await expect(member.getByRole('button', { name: 'Add portal user' })).toHaveCount(0);
    await expect(member.getByRole('button', { name: /^(Edit|Delete) / })).toHaveCount(0);
    await expect(member.getByRole('switch')).toHaveCount(0);
    await expect(member.getByRole('region', { name: /sign-in emails/i })).toHaveCount(0);
    await expect(member.getByText(/sign-in\?token=/)).toHaveCount(0);
    await expectAccessible(member, 'the portal users, as a member');
    await shot(member, 'portal-users-member');

    // A portal user the administrator deleted: in the member's recycle bin, but not theirs to restore.
    const email = `gone.${uniq.toLowerCase()}@example.com`;
    const auth = { Authorization: `Bearer ${E2E_TOKEN}` };
    const made = await page.request.post('/api/v1/idea_portals/planner-cloud/portal_users', {
      headers: auth,
      data: { portal_user: { email } },
    });
    expect(made.status()).toBe(200);
    const { portal_user: gone } = (await made.json()) as { portal_user: { id: string } };
    expect((await page.request.delete(`/api/v1/idea_portals/planner-cloud/portal_users/${gone.id}`, { headers: auth })).status()).toBe(204);
    const bin = new RecycleBin(member);
    await bin.open();
    await member.getByLabel('Search').fill(email);
    await expect(bin.row(email)).toBeVisible();
    await expect(bin.row(email).getByText('Administrators only')).toBeVisible();
    await expect(bin.restoreButton(email)).toHaveCount(0);
    await expectAccessible(member, 'the recycle bin, as a member');
    await shot(member, 'recycle-bin-member');
  } finally {
    await member.context().close();
  }
});
