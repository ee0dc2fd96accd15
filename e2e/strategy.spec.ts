// The strategic half end to end, as a product manager meets it: an initiative under another, an epic
// in a release linked to it, two features moved into the epic, one finished — and the epic's progress,
// the initiatives' roll-ups and the roadmap bars follow.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { E2E_TOKEN } from './env';
import { expect, shot, signIn, stamp, test } from './fixtures';

/** A call to the planning API with the e2e token, for the setup this story is not about. */
async function api<T>(request: APIRequestContext, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const res = await request.fetch(`/api/v1${path}`, {
    method,
    headers: { Authorization: `Bearer ${E2E_TOKEN}` },
    ...(data === undefined ? {} : { data }),
  });
  expect(res.status(), `${method} ${path}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
}

interface Keyed {
  id: string;
  reference_num: string;
}

/** A link of the main navigation (page bodies may link to the same places). */
const nav = (page: Page, name: string): Locator =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });

/** The bar of a record in a roadmap lane, by the record's name. */
const bar = (page: Page, lane: string, name: string): Locator =>
  page.getByRole('region', { name: lane, exact: true }).getByRole('link', { name, exact: true });

/** Chooses the option whose text contains `text` (labels carry keys and releases besides names). */
async function chooseByText(select: Locator, text: string): Promise<void> {
  const value = await select.locator('option', { hasText: text }).first().getAttribute('value');
  expect(value, `an option containing "${text}"`).toBeTruthy();
  await select.selectOption(value ?? '');
}

async function saveFeature(page: Page, key: string, change: (page: Page) => Promise<void>): Promise<void> {
  await page.goto(`/features/${key}/edit`);
  await change(page);
  await page.getByRole('button', { name: 'Save feature' }).click();
  await expect(page).toHaveURL(new RegExp(`/features/${key}$`));
}

test('initiatives roll up, an epic gathers features, and the roadmap follows a finished feature', async ({ page, request }) => {
  const id = stamp();
  const parentName = `Grow revenue ${id}`;
  const childName = `Win enterprise ${id}`;
  const epicName = `Single sign-on ${id}`;
  const releaseName = `Strategy ${id}`;

  await signIn(page, E2E_TOKEN);
  const productId = /\/w\/([^/]+)\//.exec(page.url())?.[1];
  expect(productId).toBeTruthy();

  // Setup through the API: a dated release measured in time and two dated features in it.
  const { release } = await api<{ release: Keyed }>(request, 'POST', `/products/${productId}/releases`, {
    release: { name: releaseName, start_date: '2026-12-01', release_date: '2027-03-31' },
  });
  const features: Keyed[] = [];
  for (const [name, start, due] of [
    [`SAML login ${id}`, '2026-12-07', '2027-01-15'],
    [`SCIM provisioning ${id}`, '2027-01-11', '2027-02-26'],
  ] as const) {
    const { feature } = await api<{ feature: Keyed }>(request, 'POST', `/releases/${release.id}/features`, {
      feature: { name, start_date: start, due_date: due, workflow_status: { name: 'In development' } },
    });
    features.push(feature);
  }
  const [first, second] = features as [Keyed, Keyed];

  // A parent initiative whose progress and dates follow its children.
  await nav(page, 'Initiatives').click();
  await page.getByRole('link', { name: 'New initiative' }).first().click();
  await page.getByLabel('Name', { exact: true }).fill(parentName);
  await page.getByLabel('Status', { exact: true }).selectOption({ label: 'On track' });
  await page.getByLabel('Progress source', { exact: true }).selectOption('progress_from_children');
  await page.getByLabel('Duration source', { exact: true }).selectOption('duration_from_children');
  await page.getByRole('button', { name: 'Create initiative' }).click();
  await expect(page.getByRole('heading', { level: 1, name: parentName })).toBeVisible();

  // A child under it whose progress and dates follow its epics.
  await nav(page, 'Initiatives').click();
  await page.getByRole('link', { name: `Add child to ${parentName}` }).click();
  await expect(page.getByLabel('Parent initiative', { exact: true })).toHaveValue(/\d+/);
  await page.getByLabel('Name', { exact: true }).fill(childName);
  await page.getByLabel('Status', { exact: true }).selectOption({ label: 'On track' });
  await page.getByLabel('Progress source', { exact: true }).selectOption('progress_from_epics');
  await page.getByLabel('Duration source', { exact: true }).selectOption('duration_from_features_epics');
  await shot(page, '21-initiative-form');
  await page.getByRole('button', { name: 'Create initiative' }).click();
  await expect(page.getByRole('heading', { level: 1, name: childName })).toBeVisible();
  const childUrl = page.url();

  // The tree shows the child one level under its parent.
  await nav(page, 'Initiatives').click();
  const tree = page.getByRole('treegrid', { name: 'Initiatives' });
  const parentRow = tree.getByRole('row').filter({ hasText: parentName });
  const childRow = tree.getByRole('row').filter({ hasText: childName });
  await expect(parentRow).toHaveAttribute('aria-level', '1');
  await expect(childRow).toHaveAttribute('aria-level', '2');
  await shot(page, '22-initiative-tree');

  // An epic in the release, linked to the child from the child's page; its progress is the share of
  // its features that are finished and its dates span theirs.
  await page.goto(childUrl);
  await page.getByRole('link', { name: 'New epic for this initiative' }).click();
  await expect(page.getByLabel('Initiative', { exact: true }).locator('option:checked')).toHaveText(new RegExp(childName));
  await page.getByLabel('Name', { exact: true }).fill(epicName);
  await chooseByText(page.getByLabel('Release', { exact: true }), releaseName);
  await page.getByLabel('Progress source', { exact: true }).selectOption('progress_from_features_completed');
  await page.getByLabel('Duration source', { exact: true }).selectOption('duration_from_features');
  await shot(page, '23-epic-form');
  await page.getByRole('button', { name: 'Create epic' }).click();
  await expect(page.getByRole('heading', { level: 1, name: epicName })).toBeVisible();
  const epicUrl = page.url();
  const epicProgress = page.getByRole('progressbar', { name: `Progress of ${epicName}`, exact: true });

  // A new feature started from the epic begins in the epic, its release and its initiative.
  await page.getByRole('link', { name: 'New feature in this epic' }).click();
  await expect(page.getByLabel('Epic', { exact: true }).locator('option:checked')).toHaveText(new RegExp(epicName));
  await expect(page.getByLabel('Release', { exact: true }).locator('option:checked')).toHaveText(new RegExp(releaseName));
  await expect(page.getByLabel('Initiative', { exact: true }).locator('option:checked')).toHaveText(new RegExp(childName));
  await page.getByRole('link', { name: 'Cancel' }).click();

  // Both features move into the epic through their edit forms.
  for (const f of [first, second]) {
    await saveFeature(page, f.reference_num, (p) => chooseByText(p.getByLabel('Epic', { exact: true }), epicName));
    await expect(page.getByRole('link', { name: new RegExp(epicName) })).toBeVisible();
  }

  await page.goto(epicUrl);
  await expect(page.getByRole('link', { name: `SAML login ${id}`, exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: `SCIM provisioning ${id}`, exact: true })).toBeVisible();
  await expect(page.getByText('0 of 2 complete')).toBeVisible();
  await expect(epicProgress).toHaveAttribute('aria-valuenow', '0');
  await shot(page, '24-epic-page-before');

  // On the roadmap the epic spans its features, nothing done yet.
  await page.goto(`/w/${productId}/roadmap`);
  await expect(bar(page, 'Epics', epicName)).toHaveAttribute('data-progress', '0');
  await expect(bar(page, 'Initiatives', childName)).toHaveAttribute('data-progress', '0');
  await shot(page, '25-roadmap-before');

  // One feature is finished.
  await saveFeature(page, first.reference_num, async (p) => {
    await p.getByLabel('Status', { exact: true }).selectOption('Shipped');
  });

  // The epic is half done, and so are the child and the parent that follow it.
  await page.goto(epicUrl);
  await expect(epicProgress).toHaveAttribute('aria-valuenow', '50');
  await expect(page.getByText('1 of 2 complete')).toBeVisible();
  await shot(page, '26-epic-page-after');

  await page.goto(`/w/${productId}/roadmap`);
  await expect(bar(page, 'Epics', epicName)).toHaveAttribute('data-progress', '50');
  await expect(bar(page, 'Initiatives', childName)).toHaveAttribute('data-progress', '50');
  await expect(bar(page, 'Initiatives', parentName)).toHaveAttribute('data-progress', '50');
  await expect(bar(page, 'Releases', releaseName)).toBeVisible();
  await shot(page, '27-roadmap-after');
  await page.getByRole('button', { name: 'Quarter' }).or(page.getByRole('radio', { name: 'Quarter' })).first().click();
  await expect(page).toHaveURL(/zoom=quarter/);
  await shot(page, '28-roadmap-quarter');

  // Clicking a bar opens the record.
  await bar(page, 'Epics', epicName).click();
  await expect(page.getByRole('heading', { level: 1, name: epicName })).toBeVisible();
});
