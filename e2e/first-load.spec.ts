// Bytes on the wire: the JavaScript a first visit of each screen downloads (fresh browser cache),
// counted as transferred (compressed) bytes, stays within the budget of issue 9; the ideas portal's
// home (issue 15), its own bundle, within 100 KB of gzip. A route that pulls a heavy library into
// the entry or the sign-in set fails here, with the list of files it loaded.
import zlib from 'node:zlib';
import type { Browser } from '@playwright/test';
import { expect, test } from './fixtures';
import { E2E_TOKEN } from './env';
import { heading } from './pages/nav';

/** At most this many compressed bytes of JavaScript on the first load of any screen. */
const BUDGET = 150_000;

/** The ideas portal's first view (issue 15), a bundle of its own: at most this many bytes of JavaScript, gzip -9. */
const PORTAL_BUDGET = 100_000;

interface Loaded {
  url: string;
  transferred: number;
  decoded: number;
  /** The script compressed as `gzip -9` would (what the portal's budget counts). */
  gzipped: number;
  encoding: string;
}

/** Opens `path` in a fresh context (empty cache), signed in unless told otherwise; the scripts it loaded. */
async function firstLoad(browser: Browser, path: string, opts: { session?: { workspaceId: string }; ready: string }): Promise<Loaded[]> {
  const context = await browser.newContext();
  if (opts.session) {
    await context.addInitScript(
      ([token, workspaceId]) => {
        localStorage.setItem('planner.session', JSON.stringify({ token, serverUrl: '' }));
        localStorage.setItem('planner.workspace', workspaceId);
      },
      [E2E_TOKEN, opts.session.workspaceId] as const,
    );
  }
  const page = await context.newPage();
  const scripts: Promise<Loaded>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script') return;
    scripts.push(
      (async () => {
        const sizes = await res.request().sizes();
        const body = await res.body();
        return {
          url: new URL(res.url()).pathname,
          transferred: sizes.responseBodySize,
          decoded: body.byteLength,
          gzipped: zlib.gzipSync(body, { level: 9 }).byteLength,
          encoding: (await res.headerValue('content-encoding')) ?? 'identity',
        };
      })(),
    );
  });
  await page.goto(path);
  await expect(heading(page, opts.ready)).toBeVisible();
  await page.waitForLoadState('networkidle');
  const loaded = await Promise.all(scripts);
  await context.close();
  return loaded;
}

function report(name: string, loaded: Loaded[]): number {
  const total = loaded.reduce((sum, l) => sum + l.transferred, 0);
  const decoded = loaded.reduce((sum, l) => sum + l.decoded, 0);
  const lines = loaded.map((l) => `  ${String(l.transferred).padStart(7)} ${l.encoding.padEnd(8)} ${l.url}`);
  console.log(`${name}: ${total} bytes of JavaScript transferred (${decoded} decoded) in ${loaded.length} files\n${lines.join('\n')}`);
  return total;
}

test.describe('first load of a screen', () => {
  test.use({ signedIn: false });

  test('the sign-in screen stays within the JavaScript budget, compressed', async ({ browser }) => {
    const loaded = await firstLoad(browser, '/sign-in', { ready: 'Sign in' });
    expect(loaded.length).toBeGreaterThan(0);
    for (const l of loaded) expect(l.encoding, l.url).toBe('br');
    expect(report('sign-in', loaded)).toBeLessThanOrEqual(BUDGET);
  });

  test("the ideas portal's home stays within its own budget of 100 KB gzip, and loads nothing of the app's", async ({ browser }) => {
    const loaded = await firstLoad(browser, '/portal/planner-cloud', { ready: 'Ideas' });
    expect(loaded.length).toBeGreaterThan(0);
    for (const l of loaded) {
      // The portal's own build only (vite.portal.config.ts): no chunk of the main app.
      expect(l.url).toMatch(/^\/portal-app\/assets\//);
      expect(l.encoding, l.url).toBe('br');
    }
    report('ideas portal home', loaded);
    const gzipped = loaded.reduce((sum, l) => sum + l.gzipped, 0);
    console.log(`ideas portal home: ${gzipped} bytes of JavaScript gzip -9`);
    expect(gzipped).toBeLessThanOrEqual(PORTAL_BUDGET);
  });

  const screens = [
    { name: 'home (lands on releases)', path: () => '/', ready: 'Releases' },
    { name: 'features', path: (w: string) => `/w/${w}/features`, ready: 'Features' },
    { name: 'board', path: (w: string) => `/w/${w}/board`, ready: 'Board' },
    { name: 'roadmap', path: (w: string) => `/w/${w}/roadmap`, ready: 'Roadmap' },
    { name: 'API reference', path: () => '/api-reference', ready: 'API reference' },
  ];
  for (const screen of screens) {
    test(`${screen.name} stays within the JavaScript budget, compressed`, async ({ browser, workspace }) => {
      const loaded = await firstLoad(browser, screen.path(workspace.id), {
        session: { workspaceId: workspace.id },
        ready: screen.ready,
      });
      expect(report(screen.name, loaded)).toBeLessThanOrEqual(BUDGET);
    });
  }
});
