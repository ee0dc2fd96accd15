// The strategic half end to end, as a product manager meets it: an initiative under another, an epic
// in a release linked to it, two features moved into the epic, one finished — and the epic's progress,
// the initiatives' roll-ups and the roadmap bars follow.
import type { Page } from '@playwright/test';
import type { Feature } from './api';
import { day } from './data';
import { expect, shot, test, type App } from './fixtures';

/** Opens a feature's edit form, lets `change` fill it, saves and waits for the feature page. */
async function saveFeature(page: Page, app: App, feature: Feature, change: (app: App) => Promise<void>): Promise<void> {
  await page.goto(`/features/${feature.reference_num}/edit`);
  await expect(app.featureForm.name).toHaveValue(feature.name);
  await change(app);
  await app.featureForm.submit(feature.name);
  await expect(page).toHaveURL(new RegExp(`/features/${feature.reference_num}$`));
}

test('initiatives roll up, an epic gathers features, and the roadmap follows a finished feature', async ({
  page,
  app,
  api,
  workspace,
  uniq,
}) => {
  const parentName = `Grow revenue ${uniq}`;
  const childName = `Win enterprise ${uniq}`;
  const epicName = `Single sign-on ${uniq}`;
  const releaseName = `Strategy ${uniq}`;
  const samlName = `SAML login ${uniq}`;
  const scimName = `SCIM provisioning ${uniq}`;

  // Setup through the API: a dated release measured in time and two dated features in it.
  const release = await api.createRelease(workspace.id, { name: releaseName, start_date: day(-30), release_date: day(90) });
  const first = await api.createFeature(release.id, {
    name: samlName,
    start_date: day(-20),
    due_date: day(20),
    workflow_status: { name: 'In development' },
  });
  const second = await api.createFeature(release.id, {
    name: scimName,
    start_date: day(10),
    due_date: day(60),
    workflow_status: { name: 'In development' },
  });

  // A parent initiative whose progress and dates follow its children.
  await app.nav.open('Initiatives');
  const parentForm = await app.initiatives.startNew();
  await parentForm.name.fill(parentName);
  await parentForm.status.selectOption({ label: 'On track' });
  await parentForm.progressSource.selectOption('progress_from_children');
  await parentForm.durationSource.selectOption('duration_from_children');
  await parentForm.submit(parentName);

  // A child under it whose progress and dates follow its epics.
  await app.nav.open('Initiatives');
  const childForm = await app.initiatives.addChildTo(parentName);
  await expect(childForm.parent).toHaveValue(/\d+/);
  await childForm.name.fill(childName);
  await childForm.status.selectOption({ label: 'On track' });
  await childForm.progressSource.selectOption('progress_from_epics');
  await childForm.durationSource.selectOption('duration_from_features_epics');
  await shot(page, '21-initiative-form');
  await childForm.submit(childName);

  // The tree shows the child one level under its parent.
  await app.nav.open('Initiatives');
  await expect(app.initiatives.row(parentName)).toHaveAttribute('aria-level', '1');
  await expect(app.initiatives.row(childName)).toHaveAttribute('aria-level', '2');
  await shot(page, '22-initiative-tree');

  // An epic in the release, linked to the child from the child's page; its progress is the share of
  // its features that are finished and its dates span theirs.
  const child = await app.initiatives.openInitiative(childName);
  const epicForm = await child.startNewEpic();
  await expect(epicForm.chosen(epicForm.initiative)).toHaveText(new RegExp(childName));
  await epicForm.name.fill(epicName);
  await epicForm.chooseRelease(releaseName);
  await epicForm.progressSource.selectOption('progress_from_features_completed');
  await epicForm.durationSource.selectOption('duration_from_features');
  await shot(page, '23-epic-form');
  const epic = await epicForm.submit(epicName);
  const epicUrl = page.url();

  // A new feature started from the epic begins in the epic, its release and its initiative.
  const newFeature = await epic.startNewFeature();
  await expect(newFeature.chosen(newFeature.epic)).toHaveText(new RegExp(epicName));
  await expect(newFeature.chosen(newFeature.release)).toHaveText(new RegExp(releaseName));
  await expect(newFeature.chosen(newFeature.initiative)).toHaveText(new RegExp(childName));
  await newFeature.cancel();

  // Both features move into the epic through their edit forms.
  for (const f of [first, second]) {
    await saveFeature(page, app, f, (a) => a.featureForm.chooseEpic(epicName));
    await expect(app.feature.epicLink(epicName)).toBeVisible();
  }

  await page.goto(epicUrl);
  await expect(epic.featureLink(samlName)).toBeVisible();
  await expect(epic.featureLink(scimName)).toBeVisible();
  await expect(epic.completeCount(0, 2)).toBeVisible();
  await expect(epic.progress(epicName)).toHaveAttribute('aria-valuenow', '0');
  await shot(page, '24-epic-page-before');

  // On the roadmap the epic spans its features, nothing done yet.
  await page.goto(`/w/${workspace.id}/roadmap`);
  await app.roadmap.expectProgress('Epics', epicName, 0);
  await app.roadmap.expectProgress('Initiatives', childName, 0);
  await shot(page, '25-roadmap-before');

  // One feature is finished.
  await saveFeature(page, app, first, async (a) => {
    await a.featureForm.status.selectOption('Shipped');
  });

  // The epic is half done, and so are the child and the parent that follow it.
  await page.goto(epicUrl);
  await expect(epic.progress(epicName)).toHaveAttribute('aria-valuenow', '50');
  await expect(epic.completeCount(1, 2)).toBeVisible();
  await shot(page, '26-epic-page-after');

  await page.goto(`/w/${workspace.id}/roadmap`);
  await app.roadmap.expectProgress('Epics', epicName, 50);
  await app.roadmap.expectProgress('Initiatives', childName, 50);
  await app.roadmap.expectProgress('Initiatives', parentName, 50);
  await expect(app.roadmap.bar('Releases', releaseName)).toBeVisible();
  await shot(page, '27-roadmap-after');
  await app.roadmap.zoom('Quarter');
  await expect(page).toHaveURL(/zoom=quarter/);
  await shot(page, '28-roadmap-quarter');

  // Clicking a bar opens the record.
  await app.roadmap.bar('Epics', epicName).click();
  await epic.expectOpen(epicName);
});
