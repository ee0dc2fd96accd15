// Every screen of the app checked with axe-core against WCAG 2.0/2.1 A and AA: none may have a
// serious or critical violation. One walk visits them all (signed out, then signed in) so a failing
// screen does not hide the others; the counts per screen are printed as a table for the closing note.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { E2E_TOKEN } from './env';
import { expect, test } from './fixtures';
import { heading } from './pages/nav';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

interface ScreenResult {
  screen: string;
  /** Nodes with a serious or critical violation. */
  blocking: number;
  /** Nodes with a moderate or minor violation (reported, not failed). */
  other: number;
  /** Rule id → nodes, serious and critical only. */
  rules: Record<string, number>;
  /** Time to open the screen and run axe on it. */
  ms: number;
}

/** Waits until the screen has its heading and nothing is still loading. */
async function settled(page: Page, title: string | RegExp): Promise<void> {
  await expect(heading(page, title)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

async function audit(page: Page, screen: string, started: number): Promise<ScreenResult> {
  const { violations } = await new AxeBuilder({ page })
    // `options` replaces what `withTags` set, so it comes first. Only violations are read (skipping
    // the details of passes keeps each run short); label-content-name-mismatch (WCAG 2.5.3) is an
    // experimental rule axe leaves off unless asked, and the roadmap's bar links once failed it.
    .options({ resultTypes: ['violations'], rules: { 'label-content-name-mismatch': { enabled: true } } })
    .withTags(TAGS)
    // axe.run in the page itself: the app has no frames, and the default mode opens a blank page per
    // run to merge frame results, which costs more than the checks on this machine.
    .setLegacyMode(true)
    .analyze();
  const result: ScreenResult = { screen, blocking: 0, other: 0, rules: {}, ms: Date.now() - started };
  for (const v of violations) {
    if (BLOCKING.has(v.impact ?? '')) {
      result.blocking += v.nodes.length;
      result.rules[v.id] = (result.rules[v.id] ?? 0) + v.nodes.length;
    } else {
      result.other += v.nodes.length;
    }
  }
  return result;
}

function table(results: readonly ScreenResult[]): string {
  const width = Math.max(...results.map((r) => r.screen.length), 'screen'.length);
  const lines = [`${'screen'.padEnd(width)}  serious+critical  moderate+minor      ms  rules`];
  for (const r of results) {
    const rules = Object.entries(r.rules)
      .map(([id, n]) => `${id} ${n}`)
      .join(', ');
    lines.push(
      `${r.screen.padEnd(width)}  ${String(r.blocking).padStart(16)}  ${String(r.other).padStart(14)}  ${String(r.ms).padStart(6)}  ${rules}`,
    );
  }
  return lines.join('\n');
}

test.use({ signedIn: false });

test('every screen has no serious or critical accessibility violation', async ({ page, app, api, workspace, chain, uniq }) => {
  // About 25 screens, each opened and audited: a few seconds each, 2.6 min in all beside five other
  // builds and test runs on 2 cores; a cap for a hang, not a speed budget.
  test.setTimeout(360_000);
  const results: ScreenResult[] = [];
  const check = async (screen: string, open: () => Promise<void>): Promise<void> => {
    await test.step(screen, async () => {
      const started = Date.now();
      await open();
      const result = await audit(page, screen, started);
      results.push(result);
      expect.soft(result.rules, `serious or critical axe violations on ${screen}`).toEqual({});
    });
  };
  // Screens are opened inside the running app, as its links do (history entry + popstate for the
  // router), so the walk does not reload the app for every screen.
  const visit = (path: string, title: string | RegExp) => async () => {
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await expect(page).toHaveURL(path);
    await settled(page, title);
  };
  const w = workspace.id;
  const { release, epic, initiative, goal } = chain;
  const feature = chain.manual;

  try {
    await check('sign-in', async () => {
      await app.signIn.open();
    });
    await page.evaluate((id) => localStorage.setItem('planner.workspace', id), w);
    await app.signIn.signInWith(E2E_TOKEN);
    await expect(heading(page, 'Releases')).toBeVisible();

    await check('releases list', visit(`/w/${w}/releases`, 'Releases'));
    await check('release page', visit(`/releases/${release.reference_num}`, release.name));
    await check('new release', visit(`/w/${w}/releases/new`, /new release/i));
    await check('edit release', visit(`/releases/${release.reference_num}/edit`, /edit/i));
    await check('features list', visit(`/w/${w}/features`, 'Features'));
    await check('board', visit(`/w/${w}/board`, 'Board'));
    await check('feature page', visit(`/features/${feature.reference_num}`, feature.name));
    // The description's files: an image (thumbnail) and a document, then the remove confirmation.
    const files = chain.shipped;
    await api.attachFile('features', files.id, { name: `axe-${uniq}.txt`, mimeType: 'text/plain', buffer: Buffer.from(`Axe ${uniq}\n`) });
    await api.attachFile('features', files.id, {
      name: 'pixel.png',
      mimeType: 'image/png',
      buffer: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64'),
    });
    await check('feature page with files', visit(`/features/${files.reference_num}`, files.name));
    await check('remove file dialog', async () => {
      await page.getByRole('button', { name: `Remove axe-${uniq}.txt` }).click();
      await expect(page.getByRole('dialog', { name: 'Remove this file?' })).toBeVisible();
    });
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    // The comments panel with a thread (a comment with a mention, a reply), then its mention list open
    // (on a feature of its own: a page seen before would show its thread from the cache).
    const discussed = await api.createFeature(release.id, { name: `Axe comments ${uniq}` });
    const top = await api.createComment(
      'features',
      discussed.id,
      `<p>Axe thread ${uniq} <span data-type="mention" data-id="1" data-label="Ada">@Ada</span></p>`,
    );
    await api.createComment('features', discussed.id, `<p>Axe reply ${uniq}</p>`, top.id);
    await check('comments panel', async () => {
      await visit(`/features/${discussed.reference_num}`, discussed.name)();
      await expect(page.getByText(`Axe reply ${uniq}`)).toBeVisible();
    });
    await check('comment mention list', async () => {
      const composer = page.getByRole('textbox', { name: 'Write a comment', exact: true });
      // At rest a plain box; clicked, it becomes the editor, focused.
      await composer.click();
      await expect(composer).toHaveAttribute('contenteditable', 'true');
      await expect(composer).toBeFocused();
      await page.keyboard.type('@');
      await expect(page.getByRole('listbox', { name: 'People to mention' })).toBeVisible();
    });
    await page.keyboard.press('Escape');
    await check('new feature', visit(`/w/${w}/features/new`, 'New feature'));
    await check('edit feature', visit(`/features/${feature.reference_num}/edit`, `Edit ${feature.name}`));
    await check('epics list', visit(`/w/${w}/epics`, 'Epics'));
    await check('all epics', visit('/epics', 'All epics'));
    await check('epic page', visit(`/epics/${epic.reference_num}`, epic.name));
    await check('new epic', visit(`/w/${w}/epics/new`, 'New epic'));
    await check('edit epic', visit(`/epics/${epic.reference_num}/edit`, `Edit ${epic.name}`));
    await check('initiatives tree', visit(`/w/${w}/initiatives`, 'Initiatives'));
    await check('initiative page', visit(`/initiatives/${initiative.reference_num}`, new RegExp(initiative.name)));
    await check('new initiative', visit(`/w/${w}/initiatives/new`, /new initiative/i));
    await check('edit initiative', visit(`/initiatives/${initiative.reference_num}/edit`, `Edit ${initiative.name}`));
    await check('goals list', visit(`/w/${w}/goals`, 'Goals'));
    await check('new goal', async () => {
      await app.goals.startNew();
    });
    await check('goal page', visit(`/goals/${goal.reference_num}`, goal.name));
    await check('ideas list', visit(`/w/${w}/ideas`, 'Ideas'));
    await check('ideas board', visit(`/w/${w}/ideas/board`, 'Ideas board'));
    await check('idea page', visit('/ideas/PLN-I-1', /./));
    await check('merge dialog', async () => {
      await page.getByRole('button', { name: /^(Merge into…|Unmerge)$/ }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      const box = page.getByRole('dialog').getByRole('combobox');
      if ((await box.count()) > 0) {
        await box.pressSequentially('report', { delay: 20 });
        await expect(page.getByRole('dialog').getByRole('status')).toHaveText(/suggestion|No other idea/);
      }
    });
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    const fresh = await api.createIdea(w, { name: `Axe idea ${uniq}`, created_by: 'axe@example.com' });
    await api.addVote(fresh.id, { email: 'voter.one@example.com', value: 2 });
    await api.addVote(fresh.id, { email: 'voter.two@example.com' });
    await check('idea page with votes', visit(`/ideas/${fresh.reference_num}`, `Axe idea ${uniq}`));
    await check('promote dialog', async () => {
      await page.getByRole('button', { name: 'Promote…' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      // The refused state: no release chosen, the error beside the field.
      await page.getByRole('dialog').getByRole('button', { name: 'Promote' }).click();
      await expect(page.getByRole('dialog').getByRole('alert')).toBeVisible();
    });
    await page.keyboard.press('Escape');
    await check('add vote dialog', async () => {
      await page.getByRole('button', { name: 'Add vote' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.getByRole('dialog').getByRole('button', { name: 'Add vote' }).click();
      await expect(page.getByRole('dialog').getByRole('alert').first()).toBeVisible();
    });
    await page.keyboard.press('Escape');
    await check('new idea', visit(`/w/${w}/ideas/new`, 'New idea'));
    await check('edit idea', visit('/ideas/PLN-I-1/edit', /^Edit /));
    await check('portals list', visit(`/w/${w}/portals`, 'Idea portals'));
    await check('portal users', visit('/portals/planner-cloud/users', /portal users$/));
    await check('roadmap (month)', visit(`/w/${w}/roadmap`, 'Roadmap'));
    await check('roadmap (quarter)', visit(`/w/${w}/roadmap?zoom=quarter`, 'Roadmap'));
    await check('notes (a note beside the tree)', async () => {
      await visit(`/w/${w}/notes/PLN-N-1`, 'Notes')();
      await expect(page.getByRole('tree', { name: 'Notes' })).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Note body' })).toBeVisible();
    });
    await check('delete note dialog', async () => {
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
    });
    await page.keyboard.press('Escape');
    // Administration: the layouts by kind, one in the editor beside its preview (the create form, its
    // move menu open, then the record page), a new layout, and the signed-in person's account.
    await check('layouts list', visit('/admin/layouts', 'Layouts'));
    await check('layout editor with preview', async () => {
      await page.getByRole('link', { name: 'Default feature layout', exact: true }).click();
      await settled(page, 'Default feature layout');
      await expect(page.getByRole('group', { name: 'New feature form (preview)' })).toBeVisible();
    });
    await check('layout editor move menu', async () => {
      await page.getByRole('button', { name: 'Move Epic to another section' }).click();
      await expect(page.getByRole('menu', { name: 'Move Epic to section' })).toBeVisible();
    });
    await page.keyboard.press('Escape');
    await check('layout editor, record page preview', async () => {
      await page.getByRole('button', { name: 'Record page' }).click();
      await expect(page.getByRole('group', { name: 'feature page (preview)' })).toBeVisible();
    });
    await check('new layout', visit('/admin/layouts/new', 'New layout'));
    await check('account', visit('/account', 'Alex Admin'));
    await check('not found', visit('/no-such-screen', 'Page not found'));
  } finally {
    console.log(`\nAxe (${TAGS.join(', ')}), nodes per screen:\n${table(results)}\n`);
  }
});
