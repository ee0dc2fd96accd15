// Files on a feature, as a product manager meets them: attach a file from the description card with
// the keyboard, watch its progress bar, download it and get the same bytes back; a file over the cap
// is refused on its row; paste a screenshot into the description while editing it, save, reload and
// still see the picture (served to the file-session cookie, since an <img> sends no token); the same
// for a picture pasted into a note, which saves itself.
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, shot, test } from './fixtures';

/** A 64×64 PNG of one colour, drawn by the browser's canvas, as base64 (runs in the page). */
function drawPng(color: string): string {
  const canvas = document.createElement('canvas');
  canvas.width = 64;
  canvas.height = 64;
  const ctx = canvas.getContext('2d');
  if (ctx) {
    ctx.fillStyle = color;
    ctx.fillRect(0, 0, 64, 64);
  }
  return canvas.toDataURL('image/png').split(',')[1] ?? '';
}

const pngOf = async (page: Page, color: string): Promise<Buffer> => Buffer.from(await page.evaluate(drawPng, color), 'base64');

test('attach a file to a feature, see it upload, download the same bytes and remove it', async ({ page, app, api, workspace, uniq }) => {
  const release = await api.createRelease(workspace.id, { name: `Files ${uniq}` });
  const feature = await api.createFeature(release.id, { name: `Attachments ${uniq}` });
  await app.nav.open('Features');
  await app.features.search(uniq);
  await app.features.row(feature.name).click();
  await app.feature.expectOpen(feature.name);

  const files = page.getByRole('region', { name: 'Attachments' });
  await expect(files.getByRole('button', { name: 'Attach files' })).toBeVisible();
  await shot(page, 'attachments-01-empty');

  // The upload waits at the door until the test has seen its progress bar.
  let release_ = (): void => undefined;
  const gate = new Promise<void>((resolve) => (release_ = resolve));
  await page.route('**/api/v1/features/*/attachments', async (route) => {
    await gate;
    await route.continue();
  });

  const bytes = crypto.randomBytes(3 * 1024 * 1024 + 123);
  // Keyboard: the button opens the file chooser.
  const chooser = page.waitForEvent('filechooser');
  await files.getByRole('button', { name: 'Attach files' }).focus();
  await page.keyboard.press('Enter');
  await (await chooser).setFiles({ name: 'capacity-model.bin', mimeType: 'application/octet-stream', buffer: bytes });
  const bar = files.getByRole('progressbar', { name: 'Uploading capacity-model.bin' });
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute('aria-valuenow', /^\d+$/);
  await shot(page, 'attachments-02-uploading');
  release_();
  await expect(bar).toBeHidden();
  await page.unroute('**/api/v1/features/*/attachments');

  const link = files.getByRole('link', { name: 'capacity-model.bin' });
  await expect(link).toBeVisible();
  await expect(files.getByText('3.0 MB')).toBeVisible();

  // Downloading gives back exactly the bytes sent.
  const download = page.waitForEvent('download');
  await link.click();
  const saved = await (await download).path();
  expect(crypto.createHash('sha256').update(fs.readFileSync(saved)).digest('hex')).toBe(
    crypto.createHash('sha256').update(bytes).digest('hex'),
  );

  // An image shows as a thumbnail (loaded with the file-session cookie).
  const chooser2 = page.waitForEvent('filechooser');
  await files.getByRole('button', { name: 'Attach files' }).click();
  await (await chooser2).setFiles({ name: 'wireframe.png', mimeType: 'image/png', buffer: await pngOf(page, '#2f5fd0') });
  const thumb = files.locator('img');
  await expect(thumb).toHaveCount(1);
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64);
  await shot(page, 'attachments-03-listed');

  // Removing asks first.
  await files.getByRole('button', { name: 'Remove capacity-model.bin' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove this file?' });
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(link).toBeHidden();
  await expect(files.getByRole('link', { name: 'wireframe.png' })).toBeVisible();

  // The file-session cookie loads the picture while signed in, and no longer once signed out.
  const picture = await files.getByRole('link', { name: 'wireframe.png' }).getAttribute('href');
  expect(picture).toBeTruthy();
  expect((await page.request.get(picture ?? '')).status()).toBe(200);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(app.signIn.submit).toBeVisible();
  expect((await page.request.get(picture ?? '')).status()).toBe(401);
});

test('a file over the cap is refused on its own row', async ({ page, app, api, workspace, uniq }) => {
  const release = await api.createRelease(workspace.id, { name: `Cap ${uniq}` });
  const feature = await api.createFeature(release.id, { name: `Too large ${uniq}` });
  await app.nav.open('Features');
  await app.features.search(uniq);
  await app.features.row(feature.name).click();
  await app.feature.expectOpen(feature.name);
  const files = page.getByRole('region', { name: 'Attachments' });
  // The service's cap in the e2e run is its default, 25 MB; one byte more is refused before sending.
  const chooser = page.waitForEvent('filechooser');
  await files.getByRole('button', { name: 'Attach files' }).click();
  await (await chooser).setFiles({ name: 'huge.bin', mimeType: 'application/octet-stream', buffer: Buffer.alloc(25 * 1024 * 1024 + 1) });
  await expect(files.getByRole('alert')).toHaveText('Too large (max 25 MB)');
  await shot(page, 'attachments-04-too-large');
  await files.getByRole('button', { name: 'Dismiss huge.bin' }).click();
  await expect(files.getByRole('alert')).toBeHidden();
});

test('paste a picture into a feature description, save, reload: the picture is still there', async ({
  page,
  app,
  api,
  workspace,
  uniq,
}) => {
  // The notes screen is another slice's; a feature's description uses the same editor and upload.
  const release = await api.createRelease(workspace.id, { name: `Paste ${uniq}` });
  const feature = await api.createFeature(release.id, { name: `Screenshot ${uniq}`, description: '<p>See below.</p>' });
  await app.nav.open('Features');
  await app.features.search(uniq);
  await app.features.row(feature.name).click();
  await app.feature.expectOpen(feature.name);
  const form = await app.feature.edit();
  // The feature's page has a Name and a Description of its own (the requirement form): wait for the edit form's page.
  await expect(page.getByRole('heading', { name: `Edit ${feature.name}` })).toBeVisible();

  const editor = page.getByRole('textbox', { name: 'Description' });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+End');
  const picture = (await pngOf(page, `#${crypto.randomBytes(3).toString('hex')}`)).toString('base64');
  await editor.evaluate((element, base64) => {
    const bytes = Uint8Array.from(atob(base64), (ch) => ch.charCodeAt(0));
    const data = new DataTransfer();
    data.items.add(new File([bytes], 'screenshot.png', { type: 'image/png' }));
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, picture);
  const pasted = editor.locator('img');
  await expect(pasted).toHaveAttribute('src', /^\/api\/v1\/attachments\/\d+\/download$/);
  await expect.poll(() => pasted.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64);
  await shot(page, 'attachments-05-pasted');
  await form.submit(feature.name);

  const shown = page.getByRole('main').locator('.html-view img');
  await expect(shown).toHaveAttribute('src', /^\/api\/v1\/attachments\/\d+\/download$/);
  await page.reload();
  await app.feature.expectOpen(feature.name);
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64);
  // The pasted picture is among the description's files too.
  await expect(page.getByRole('region', { name: 'Attachments' }).getByRole('link', { name: 'screenshot.png' })).toBeVisible();
  await shot(page, 'attachments-06-saved');
});

test("paste a picture into a note's body: it is saved with the note and still there after a reload", async ({ page, app, uniq }) => {
  const name = `Moodboard ${uniq}`;
  await app.nav.open('Notes');
  await app.notes.create(name);
  await app.notes.body.click();
  await page.keyboard.type('The new onboarding screen:');
  await page.keyboard.press('Enter');
  const picture = (await pngOf(page, `#${crypto.randomBytes(3).toString('hex')}`)).toString('base64');
  await app.notes.body.evaluate((element, base64) => {
    const bytes = Uint8Array.from(atob(base64), (ch) => ch.charCodeAt(0));
    const data = new DataTransfer();
    data.items.add(new File([bytes], 'onboarding.png', { type: 'image/png' }));
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, picture);
  const image = app.notes.body.locator('img');
  await expect(image).toHaveAttribute('src', /^\/api\/v1\/attachments\/\d+\/download$/);
  await app.notes.saved();
  await shot(page, 'attachments-07-note');

  await page.reload();
  await expect(app.notes.name).toHaveValue(name);
  await expect(app.notes.body).toContainText('The new onboarding screen:');
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64);
});
