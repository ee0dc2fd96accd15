// Ideas end to end, as an administrator meets them: a new idea is recorded from a customer's email,
// turns out to repeat one already there (found while typing in the merge dialog), is merged into it
// — the survivor gathers it as a duplicate — and unmerged again; then a portal user is added to the
// workspace's portal and disabled. Every check after a write is reached by the app's own links, so
// it proves the caches were refreshed without a reload.
import { expect, shot, test } from './fixtures';
import { heading } from './pages/nav';

test('an admin records an idea, merges it into the duplicate it repeats, and unmerges it', async ({ page, app, api, workspace, uniq }) => {
  const survivorName = `Dark theme for reports ${uniq}`;
  const ideaName = `Reports at night ${uniq}`;
  // The idea already there, with votes gathered before it was recorded.
  await api.createIdea(workspace.id, {
    name: survivorName,
    created_by: 'first.asker@example.com',
    description: `<p>Reports are too bright in the evening (${uniq}).</p>`,
    initial_votes: 5,
  });

  await app.nav.open('Ideas');
  await expect(app.ideas.table.getByRole('columnheader', { name: 'Votes' })).toBeVisible();
  await shot(page, 'ideas-list');

  // A new idea from a customer who is not a user of the service.
  const form = await app.ideas.startNew();
  await shot(page, 'idea-new');
  await form.name.fill(ideaName);
  await form.createdBy.fill('night.owl@example.com');
  await form.initialVotes.fill('2');
  await form.visibility.selectOption({ label: 'Visible to all ideas portal users' });
  const idea = await form.submit(ideaName);
  await expect(idea.votes).toContainText('2');
  await expect(page.getByRole('main')).toContainText('night.owl@example.com');
  await expect(page.getByRole('main')).toContainText('Visible to all ideas portal users');
  await shot(page, 'idea-page');

  // Merge into…: the duplicate shows up while typing; the arrows reach it, and it is chosen.
  const option = await idea.searchDuplicate(`dark theme ${uniq}`, survivorName);
  // The idea itself is never offered as its own duplicate.
  await expect(idea.dialog.getByRole('option', { name: new RegExp(ideaName) })).toHaveCount(0);
  const box = idea.dialog.getByRole('combobox');
  await box.press('ArrowDown');
  await expect(idea.dialog.getByRole('option', { selected: true })).toHaveCount(1);
  await shot(page, 'idea-merge-dialog');
  await option.click();
  await expect(idea.dialog).toContainText(`will be merged into`);
  await idea.dialog.getByRole('button', { name: 'Merge', exact: true }).click();
  await expect(idea.dialog).toBeHidden();
  await expect(page.getByRole('region', { name: 'Merged' })).toContainText(survivorName);
  await expect(page.getByRole('button', { name: 'Unmerge' })).toBeVisible();

  // The survivor, reached by its link, lists the merged idea among its duplicates.
  await idea.ideaLink(survivorName).click();
  await expect(heading(page, survivorName)).toBeVisible();
  await expect(app.idea.duplicates).toHaveAccessibleName('Duplicates (1)');
  await expect(app.idea.duplicates.getByRole('link', { name: new RegExp(ideaName) })).toBeVisible();
  await shot(page, 'idea-survivor');

  // Back on the merged idea by the duplicate's link: unmerge it.
  await app.idea.duplicates.getByRole('link', { name: new RegExp(ideaName) }).click();
  await expect(heading(page, ideaName)).toBeVisible();
  await page.getByRole('button', { name: 'Unmerge' }).click();
  await idea.dialog.getByRole('button', { name: 'Unmerge' }).click();
  await expect(page.getByRole('button', { name: 'Merge into…' })).toBeVisible();

  // The list, then the survivor, by links: it has no duplicates left.
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Ideas' }).click();
  await expect(heading(page, 'Ideas')).toBeVisible();
  await app.ideas.openIdea(survivorName);
  await expect(app.idea.duplicates).toHaveAccessibleName('Duplicates (0)');
});

test('an admin triages ideas on the board: a drag moves an idea to another status, and its page says so', async ({
  page,
  app,
  api,
  workspace,
  uniq,
}) => {
  const name = `Offline mode ${uniq}`;
  await api.createIdea(workspace.id, { name, created_by: 'road.warrior@example.com', initial_votes: 3 });

  await app.nav.open('Ideas');
  await page.getByRole('navigation', { name: 'Ideas view' }).getByRole('link', { name: 'Board' }).click();
  await expect(heading(page, 'Ideas board')).toBeVisible();
  await expect(app.board.card('Needs review', name)).toBeVisible();
  await shot(page, 'ideas-board');
  await app.board.drag(name, 'Needs review', 'Future consideration');

  // The idea's own page, by the card's link, shows the status the service kept.
  await app.board.card('Future consideration', name).click();
  await expect(heading(page, name)).toBeVisible();
  await expect(page.getByRole('main')).toContainText('Future consideration');
});

test('an admin records a proxy vote, merges the voted idea and unmerges it, then promotes an idea to a feature', async ({
  page,
  app,
  api,
  workspace,
  uniq,
}) => {
  const survivorName = `Export roadmap to slides ${uniq}`;
  const votedName = `Roadmap as a slide deck ${uniq}`;
  const voter = `cara.${uniq.toLowerCase()}@example.com`;
  // Neither idea is in a portal: no caps apply, so every vote counts whole on the survivor.
  await api.createIdea(workspace.id, { name: survivorName, created_by: 'first.asker@example.com', initial_votes: 3 });
  await api.createIdea(workspace.id, { name: votedName, created_by: 'second.asker@example.com', initial_votes: 1 });

  await app.nav.open('Ideas');
  const idea = await app.ideas.openIdea(votedName);
  await expect(idea.voteCount(1)).toBeVisible();
  await expect(idea.voters).toContainText('No votes recorded yet');

  // A proxy vote of 2: the count rises on the page without a reload, and the voter is listed.
  await idea.fillVote(voter, 2);
  await shot(page, 'idea-add-vote');
  await idea.confirmVote();
  await expect(idea.dialog).toBeHidden();
  await expect(idea.voteCount(3)).toBeVisible();
  await expect(idea.voters.getByRole('row').filter({ hasText: voter })).toContainText('Proxy vote');

  // A second vote from the same voter is refused beside the email field, and the dialog stays open.
  await idea.fillVote(voter.toUpperCase(), 1);
  await idea.confirmVote();
  await expect(idea.dialog.getByRole('alert').first()).toBeVisible();
  await expect(idea.dialog.getByLabel('Voter email')).toHaveAttribute('aria-invalid', 'true');
  await page.keyboard.press('Escape');
  await expect(idea.dialog).toBeHidden();
  await shot(page, 'idea-votes');

  // The list, by the breadcrumb, shows the new count too.
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Ideas' }).click();
  await expect(app.ideas.table.getByRole('row').filter({ hasText: votedName })).toContainText('3');
  await app.ideas.openIdea(votedName);

  // Merge it into the survivor: the proxy vote moves there (3 + 2); the merged idea keeps showing its own.
  const option = await idea.searchDuplicate(`slides ${uniq}`, survivorName);
  await option.click();
  await idea.dialog.getByRole('button', { name: 'Merge', exact: true }).click();
  await expect(idea.dialog).toBeHidden();
  await idea.ideaLink(survivorName).click();
  await expect(heading(page, survivorName)).toBeVisible();
  await expect(app.idea.voteCount(5)).toBeVisible();
  await expect(app.idea.voters.getByRole('row').filter({ hasText: voter })).toContainText('from a merged idea');

  // Unmerge from the merged idea (by the duplicate's link): the survivor's votes go back to 3.
  await app.idea.duplicates.getByRole('link', { name: new RegExp(votedName) }).click();
  await expect(heading(page, votedName)).toBeVisible();
  await page.getByRole('button', { name: 'Unmerge' }).click();
  await idea.dialog.getByRole('button', { name: 'Unmerge' }).click();
  await expect(page.getByRole('button', { name: 'Merge into…' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Ideas' }).click();
  await app.ideas.openIdea(survivorName);
  await expect(app.idea.voteCount(3)).toBeVisible();

  // Promote the survivor to a feature: a release is needed first, then the app opens the new feature.
  await app.idea.startPromote('Feature');
  await app.idea.dialog.getByRole('button', { name: 'Promote' }).click();
  await expect(app.idea.dialog.getByLabel('Release', { exact: true })).toBeFocused();
  await expect(app.idea.dialog.getByLabel('Release', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await app.idea.dialog.getByLabel('Release', { exact: true }).selectOption({ index: 1 });
  await shot(page, 'idea-promote-dialog');
  await app.idea.dialog.getByRole('button', { name: 'Promote' }).click();
  await expect(page).toHaveURL(/\/features\//);
  await expect(heading(page, survivorName)).toBeVisible();

  // Back on the idea by links: it names the feature and is no longer offered for promotion.
  await app.nav.open('Ideas');
  await app.ideas.openIdea(survivorName);
  const promotedTo = page.getByRole('region', { name: 'About this idea' });
  await expect(promotedTo).toContainText('Promoted to');
  await expect(promotedTo.getByRole('link', { name: new RegExp(survivorName) })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Promote…' })).toHaveCount(0);
  await shot(page, 'idea-promoted');

  // Spam: the banner shows and votes close; "Not spam" takes both back.
  await page.getByRole('button', { name: 'Mark as spam' }).click();
  await expect(page.getByRole('note')).toContainText('Marked as spam');
  await expect(app.idea.voters.getByRole('button', { name: 'Add vote' })).toHaveCount(0);
  await shot(page, 'idea-spam');
  await page.getByRole('button', { name: 'Not spam' }).click();
  await expect(page.getByRole('note')).toHaveCount(0);
  await expect(app.idea.voters.getByRole('button', { name: 'Add vote' })).toBeVisible();
});

test('an admin adds a portal user and disables them', async ({ page, app, uniq }) => {
  const email = `pat.${uniq.toLowerCase()}@example.com`;
  await app.nav.link('Portals').click();
  await expect(heading(page, 'Idea portals')).toBeVisible();
  await shot(page, 'portals-list');
  await page.getByRole('link', { name: 'Users of Planner Cloud ideas' }).click();
  await app.portalUsers.expectOpen('Planner Cloud ideas');
  await expect(app.portalUsers.row('ava.lindqvist@northwind.example')).toBeVisible();
  await shot(page, 'portal-users');

  await page.getByRole('button', { name: 'Add portal user' }).first().click();
  const form = app.portalUsers.form;
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('First name', { exact: true }).fill('Pat');
  await form.getByLabel('Last name', { exact: true }).fill('Quinn');
  await shot(page, 'portal-user-form');
  await form.getByRole('button', { name: 'Add portal user' }).click();
  await expect(form).toBeHidden();

  // Found by search, enabled; the switch disables them at once.
  await page.getByRole('search').getByLabel('Search').fill(uniq.toLowerCase());
  await expect(app.portalUsers.row(email)).toBeVisible();
  await expect(app.portalUsers.table.getByRole('row')).toHaveCount(2);
  const toggle = app.portalUsers.enabledSwitch(email);
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expect(toggle).not.toBeChecked();
  await expect(toggle).toBeEnabled();

  // The disabled filter lists them.
  await page.getByRole('search').getByLabel('Access').selectOption({ label: 'Disabled' });
  await expect(app.portalUsers.row(email)).toBeVisible();
  await shot(page, 'portal-users-disabled');
});

test('an admin sets up a portal, then changes its settings; what breaks a rule is shown on its field', async ({ page, app, uniq }) => {
  const title = `Partner ideas ${uniq}`;
  await app.nav.link('Portals').click();
  await expect(heading(page, 'Idea portals')).toBeVisible();

  await page.getByRole('button', { name: 'New portal' }).first().click();
  const form = page.getByRole('form', { name: 'New portal' });
  await form.getByLabel('Title', { exact: true }).fill(title);
  await form.getByLabel('Access', { exact: true }).selectOption({ label: 'Private' });
  await form.getByLabel('Votes per user', { exact: true }).fill('5');
  await form.getByLabel('Votes per idea', { exact: true }).fill('9');
  await form.getByRole('button', { name: 'Create portal' }).click();
  // Checked before it is sent: one idea cannot take more votes than a user holds.
  await expect(form.getByLabel('Votes per idea', { exact: true })).toHaveAccessibleDescription(/must not be above the votes per user/);
  await form.getByLabel('Votes per idea', { exact: true }).fill('2');
  await shot(page, 'portal-new');
  await form.getByRole('button', { name: 'Create portal' }).click();
  await expect(form).toBeHidden();

  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Private');
  await expect(row).toContainText('5');

  // Its settings, changed in place: a public portal with no per-user cap.
  await row.getByRole('button', { name: `Settings of ${title}` }).click();
  const settings = page.getByRole('form', { name: `Settings of ${title}` });
  await expect(settings.getByLabel('Title', { exact: true })).toHaveValue(title);
  await settings.getByLabel('Access', { exact: true }).selectOption({ label: 'Public' });
  await settings.getByLabel('Votes per user', { exact: true }).fill('');
  // Another portal's key: the service's 422 lands on the Key field, and nothing is saved.
  await settings.getByLabel('Key', { exact: true }).fill('planner-cloud');
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await expect(settings.getByLabel('Key', { exact: true })).toHaveAccessibleDescription(/taken|already/i);
  await shot(page, 'portal-settings');
  await settings.getByLabel('Key', { exact: true }).fill(`partner-${uniq.toLowerCase()}`);
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await expect(settings).toBeHidden();
  await expect(row).toContainText('Public');
  await expect(row).toContainText('No cap');
});
