// Comments end to end, as a team discusses a feature: a comment that @-mentions a colleague, a reply
// to it (and no way to reply to the reply — the service refuses one too), an edit, the newest/oldest
// order, a deleted comment that stays as its replies' placeholder, and the count in the features list
// reached by links without a reload. Then hostile HTML posted through the API stays inert on screen.
import { expect, shot, test } from './fixtures';
import { CommentsPanel } from './pages/comments-panel';
import { openFeature } from './pages/nav';

test('a team discusses a feature: mention, reply, edit, order, delete, and the count in the list', async ({
  page,
  app,
  api,
  workspace,
  uniq,
}) => {
  const release = await api.createRelease(workspace.id, { name: `Comments ${uniq}` });
  const name = `Discussed feature ${uniq}`;
  const feature = await api.createFeature(release.id, { name });
  await openFeature(page, app, name, uniq);

  const panel = new CommentsPanel(page);
  await expect(panel.region.getByText('No comments yet — start the discussion.')).toBeVisible();
  await shot(page, 'comments-empty');

  // A comment that mentions someone: "@" offers the workspace's people, the arrows move, Enter picks.
  await panel.focusComposer();
  await page.keyboard.type(`Kick-off ${uniq}, looping in `);
  const options = await panel.startMention('');
  await expect(options.first()).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(panel.mentionList.getByRole('option', { selected: true })).toHaveCount(1);
  await page.keyboard.press('ArrowUp');
  const person = (await panel.mentionList.getByRole('option', { selected: true }).locator('.rte__mention-name').innerText()).trim();
  await shot(page, 'comments-mention');
  await page.keyboard.press('Enter');
  await expect(panel.mentionList).toBeHidden();
  await page.keyboard.type('for a look.');
  await page.keyboard.press('Control+Enter');
  const first = panel.comment(`Kick-off ${uniq}`);
  await expect(first).toBeVisible();
  await expect(first.locator('.mention[data-type="mention"][data-id]')).toHaveText(`@${person}`);
  // The draft is gone once posted, and the heading counts the comment.
  await expect(panel.composer).toHaveText('');
  await expect(panel.region).toHaveAccessibleName('Comments (1)');
  const author = (await first.locator('.comment__author').innerText()).trim();

  // A reply opens its composer under the comment; replies themselves offer no Reply.
  await first.getByRole('button', { name: `Reply to ${author}` }).click();
  const replyBox = panel.region.getByRole('textbox', { name: `Reply to ${author}`, exact: true });
  await expect(replyBox).toBeFocused();
  await page.keyboard.type(`Reply ${uniq}`);
  await panel.region.getByRole('button', { name: 'Reply', exact: true }).click();
  const replies = panel.replies(author);
  const reply = replies.getByRole('article').filter({ hasText: `Reply ${uniq}` });
  await expect(reply).toBeVisible();
  await expect(replies.getByRole('button', { name: /^Reply to/ })).toHaveCount(0);
  await expect(reply.getByRole('button', { name: `Edit comment by ${author}` })).toBeVisible();

  // The service refuses a reply to the reply, whatever a client sends.
  const replyId = await reply.getAttribute('data-comment-id');
  expect(replyId).toBeTruthy();
  const refused = await api.refusedComment('features', feature.id, { body: '<p>Deeper</p>', parent_comment_id: replyId ?? '' });
  expect(refused.status).toBe(422);
  expect(refused.errors.parent_comment_id?.join(' ')).toMatch(/replies to replies/);

  // Edit one's own comment: the text changes and it is marked edited.
  await first
    .getByRole('button', { name: `Edit comment by ${author}` })
    .first()
    .click();
  const editBox = panel.region.getByRole('textbox', { name: 'Edit comment', exact: true });
  await expect(editBox).toBeFocused();
  await page.keyboard.press('Control+a');
  await page.keyboard.type(`Kick-off ${uniq} (revised)`);
  await panel.region.getByRole('button', { name: 'Save', exact: true }).click();
  const revised = panel.comment(`Kick-off ${uniq} (revised)`).first();
  await expect(revised).toBeVisible();
  await expect(revised.getByText('edited', { exact: true })).toBeVisible();

  // A second thread; newest first shows it on top, oldest first puts the kick-off back on top.
  await panel.post(`Second thought ${uniq}`);
  await panel.order('Newest first');
  await expect.poll(async () => (await panel.topLevelTexts())[0]).toContain(`Second thought ${uniq}`);
  await panel.order('Oldest first');
  await expect.poll(async () => (await panel.topLevelTexts())[0]).toContain(`Kick-off ${uniq}`);
  await shot(page, 'comments-thread');

  // Deleting the comment that has a reply leaves its placeholder, and the reply stays.
  await revised
    .getByRole('button', { name: `Delete comment by ${author}` })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Delete this comment?' });
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(panel.region.getByText('This comment was deleted')).toBeVisible();
  await expect(panel.region.getByText(`Reply ${uniq}`)).toBeVisible();
  await expect(panel.region).toHaveAccessibleName('Comments (2)');
  await shot(page, 'comments-deleted');

  // The features list, reached by its link, counts the two comments left (the placeholder is not one).
  await app.nav.open('Features');
  await app.features.search(uniq);
  const row = page.getByRole('row').filter({ has: app.features.row(name) });
  await expect(row.getByText('2 comments')).toBeAttached();
  await shot(page, 'comments-count-in-list');
});

test('hostile HTML in comments never runs', async ({ page, app, api, workspace, uniq }) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const release = await api.createRelease(workspace.id, { name: `XSS ${uniq}` });
  const name = `Hostile comments ${uniq}`;
  const feature = await api.createFeature(release.id, { name });
  const payloads = [
    `<p>Image ${uniq}</p><img src=x onerror=alert(1)>`,
    `<p>Script ${uniq}</p><script>alert(1)</script>`,
    `<p>Link ${uniq} <a href="javascript:alert(1)">x</a></p>`,
  ];
  for (const body of payloads) await api.createComment('features', feature.id, body);
  await openFeature(page, app, name, uniq);

  const panel = new CommentsPanel(page);
  for (const text of [`Image ${uniq}`, `Script ${uniq}`, `Link ${uniq}`]) await expect(panel.comment(text)).toBeVisible();
  await expect(panel.region.locator('script')).toHaveCount(0);
  await expect(panel.region.locator('[onerror]')).toHaveCount(0);
  await expect(panel.region.locator('a[href^="javascript"]')).toHaveCount(0);
  await panel.comment(`Link ${uniq}`).getByText('x', { exact: true }).click();
  // Give anything that slipped through the time to fire.
  await page.waitForTimeout(300);
  expect(dialogs).toEqual([]);
});

test('a feature with 1,000 comments shows its first screen of them, draws only what is seen, and scrolls to the oldest', async ({
  page,
  app,
  api,
  workspace,
  uniq,
}) => {
  test.setTimeout(120_000);
  const release = await api.createRelease(workspace.id, { name: `Busy ${uniq}` });
  const name = `Much discussed ${uniq}`;
  const feature = await api.createFeature(release.id, { name });
  // 1,000 comments: 800 threads, 200 of them with a reply — 40 at a time, paced under the
  // service's 100 requests a second per token.
  const paced = async <T>(count: number, make: (i: number) => Promise<T>): Promise<T[]> => {
    const made: T[] = [];
    for (let i = 0; i < count; i += 40) {
      const started = Date.now();
      made.push(...(await Promise.all(Array.from({ length: Math.min(40, count - i) }, (_, k) => make(i + k)))));
      await page.waitForTimeout(Math.max(0, 500 - (Date.now() - started)));
    }
    return made;
  };
  const tops = await paced(800, (i) => api.createComment('features', feature.id, `<p>Comment ${i + 1} of the busy thread ${uniq}</p>`));
  await paced(200, (i) => api.createComment('features', feature.id, `<p>Reply ${i + 1}</p>`, tops[i]?.id));

  await app.nav.open('Features');
  await app.features.search(uniq);
  // Timed in the page: from the click to the frame that shows the expected first thread.
  const timed = async (click: () => Promise<void>, first: RegExp): Promise<number> => {
    await page.evaluate((source) => {
      const pattern = new RegExp(source);
      const w = window as unknown as { __shownAt?: number; __clickAt?: number };
      w.__shownAt = undefined;
      document.addEventListener('click', () => (w.__clickAt = performance.now()), { capture: true, once: true });
      const seen = new MutationObserver(() => {
        if (pattern.test(document.querySelector('.comments__thread')?.textContent ?? '')) {
          seen.disconnect();
          requestAnimationFrame(() => (w.__shownAt = performance.now()));
        }
      });
      seen.observe(document.body, { childList: true, subtree: true, characterData: true });
    }, first.source);
    await click();
    await expect(page.locator('.comments__thread').first()).toContainText(first);
    await expect.poll(() => page.evaluate(() => (window as unknown as { __shownAt?: number }).__shownAt)).toBeDefined();
    return page.evaluate(() => {
      const w = window as unknown as { __shownAt?: number; __clickAt?: number };
      return Math.round((w.__shownAt ?? Infinity) - (w.__clickAt ?? 0));
    });
  };
  // The first batch of 40 was written in parallel: any of them may be the oldest thread.
  const anyThread = new RegExp(`Comment \\d+ of the busy thread ${uniq}`);
  const firstBatch = new RegExp(`Comment ([1-9]|[1-3]\\d|40) of the busy thread ${uniq}`);
  const lastBatch = new RegExp(`Comment (7[6-9]\\d|800) of the busy thread ${uniq}`);
  const oldest = `Comment 1 of the busy thread ${uniq}`;

  // Opening the page: the route, the feature, the editor's chunk and the thread's first page (read
  // while the page is drawn) — the whole page's first screen, comments included.
  const pageMs = await timed(() => app.features.row(name).click(), anyThread);
  const panel = new CommentsPanel(page);
  await expect(panel.region).toHaveAccessibleName('Comments (1000)');
  const drawn = await page.locator('.comments__thread').count();
  // The thread's own first screen: the other order's first page read and drawn; then back and forth
  // again (drawn from the cache while it is read again). The best of the three is reported: on this
  // shared machine one wall-clock time can double under a neighbour's load (the page's own work
  // for a switch is ~25 ms in a CPU profile, docs/decisions.md).
  const switches = [await timed(() => panel.region.getByRole('button', { name: 'Oldest first' }).click(), firstBatch)];
  const requests = await page.evaluate(() => {
    const at = (window as unknown as { __clickAt?: number }).__clickAt ?? 0;
    return performance
      .getEntriesByType('resource')
      .filter((e) => e.startTime >= at)
      .map(
        (e) =>
          `${e.name.replace(/^.*\/api\/v1/, '')} at ${Math.round(e.startTime - at)} ms, ${Math.round(e.duration)} ms (server ${Math.round((e as PerformanceResourceTiming).responseStart - (e as PerformanceResourceTiming).requestStart)} ms)`,
      );
  });
  console.log(requests.join('\n'));
  switches.push(await timed(() => panel.region.getByRole('button', { name: 'Newest first' }).click(), lastBatch));
  switches.push(await timed(() => panel.region.getByRole('button', { name: 'Oldest first' }).click(), firstBatch));
  const panelMs = Math.min(...switches);
  const note = `page with its first comments ${pageMs} ms after the click; the thread in the other order ${switches.join(' / ')} ms (best ${panelMs}); ${drawn} of 800 threads in the DOM`;
  test.info().annotations.push({ type: '1,000 comments', description: note });
  console.log(`1,000 comments: ${note}`);
  expect(drawn).toBeLessThan(60);
  // The times are reported, not asserted: the 200 ms target is measured by `npm run bench`
  // (bench/browser.ts), where a neighbour's load cannot fail the test run.

  // Newest first, the oldest comment is on the last page: scrolling to the end reads the pages as it goes.
  await panel.order('Newest first');
  // Scrolled until it shows (a count of wheel turns ran out on a busy machine, where pages arrive slower).
  await expect(async () => {
    await page.mouse.wheel(0, 20_000);
    await expect(panel.region.getByText(oldest, { exact: true })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
});

test("a requirement's thread opens from its row", async ({ page, app, api, workspace, uniq }) => {
  const release = await api.createRelease(workspace.id, { name: `Rows ${uniq}` });
  const name = `With requirements ${uniq}`;
  const feature = await api.createFeature(release.id, { name });
  const requirement = await api.createRequirement(feature.id, { name: `Login form ${uniq}` });
  await api.createComment('requirements', requirement.id, `<p>Which fields? ${uniq}</p>`);
  await openFeature(page, app, name, uniq);

  // The row's count opens the requirement's thread under the table, and closes it again.
  const toggle = page.getByRole('button', { name: `1 comment on ${requirement.reference_num} Login form ${uniq}` });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const thread = new CommentsPanel(page, `Comments on ${requirement.reference_num} Login form ${uniq}`);
  await expect(thread.comment(`Which fields? ${uniq}`)).toBeVisible();
  await thread.post(`Email and password ${uniq}`);
  await expect(page.getByRole('button', { name: `2 comments on ${requirement.reference_num} Login form ${uniq}` })).toBeVisible();
  await shot(page, 'comments-requirement');
});
