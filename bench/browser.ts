// `npm run bench` (last step; alone: `npm run bench:browser`): issue 12's figures measured in
// Chromium — a record with 1,000 comments opens its first screen of comments in ≤ 200 ms, a tree of
// 5,000 notes opens in ≤ 300 ms. Builds the app and the compiled service into a folder of its own
// (.tmp/bench-browser, rebuilt when older than the sources: `dist/` belongs to `npm start` and to
// e2e runs that may be going on beside the bench), seeds a temporary database (one feature with
// COMMENTS comments, one workspace with NOTES notes in a tree 50 → 500 → 4,450), starts the service
// as a child process on 127.0.0.1, signs in through the sign-in screen as the e2e suite does, and
// times each scenario RUNS times (the first one discarded as a warm-up): a fresh page load of a
// screen, then a click on a link as a person would, and the time from that click to the frame that
// shows the content (method in docs/bench.md). Figures are reported against the targets, not
// asserted: the exit code is non-zero only when the bench itself fails.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from '@playwright/test';
import { seedBulkComments, seedBulkNotes } from '../server/seed/bulk';
import { startService } from '../server/start';
import { COMMENTABLE_TYPE_OF } from '../server/store/discussions';
import { startProcess, stopProcess, type RunningChild } from './child-process';

const COMMENTS = Number(process.env.BENCH_COMMENTS ?? 1_000);
const NOTES = Number(process.env.BENCH_NOTES ?? 5_000);
const RUNS = Number(process.env.BENCH_BROWSER_RUNS ?? 20);
/** The first run fills the browser's HTTP cache and compiles the app's code: discarded. */
const WARMUP = 1;
const TOKEN = 'bench-token-0123456789';
const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = path.join(ROOT, '.tmp', 'bench-browser');
const FEATURE_NAME = 'Bench launch plan discussion';
/** The first screen: this many comment bodies (threads and their replies) or tree rows drawn and painted. */
const FIRST_COMMENTS = 8;
const FIRST_ROWS = 20;
const VIEWPORT = { width: 1360, height: 860 };

interface RunFigures {
  /** Click → the frame that shows the first screen, ms. */
  ms: number;
  /** What the screen drew, once settled (500 ms later). */
  items: number;
  domNodes: number;
  /** Requests the navigation made (API and script chunks) and its long tasks' total, ms. */
  apiRequests: number;
  scripts: number;
  longTasks: number;
  /** Each request after the click: its path and when it started and ended, ms after the click. */
  requests: { name: string; start: number; end: number }[];
}

interface Scenario {
  name: string;
  target: number;
  /** Opens the screen the click starts from (a fresh page load, so no query is cached). */
  start: (page: Page) => Promise<void>;
  /** The click a person makes: a link of that screen. */
  click: (page: Page) => Promise<void>;
  /** Elements that make the first screen, how many must be drawn, and an extra readiness test. */
  selector: string;
  min: number;
  ready: string | null;
  /** Elements counted once settled (what proves the virtualisation). */
  countSelector: string;
  itemsLabel: string;
}

/** The newest modification time under `p` (a file or a folder), in ms. */
function newest(p: string): number {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of fs.readdirSync(p, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) latest = Math.max(latest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return latest;
}

/**
 * The app (vite) and the service (esbuild, as `npm run build`) built into OUT when missing or older
 * than anything they are made from; the service bundle serves `../dist` beside itself, so it serves
 * this build of the app.
 */
function ensureBuild(): void {
  const stamp = path.join(OUT, 'built-at');
  const sources = ['src', 'server', 'public', 'index.html', 'vite.config.ts', 'package-lock.json', 'scripts/build-server.mjs'];
  const latest = Math.max(...sources.map((s) => newest(path.join(ROOT, s))));
  const built = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
  if (built > latest && fs.existsSync(path.join(OUT, 'dist', 'index.html')) && fs.existsSync(path.join(OUT, 'dist-server', 'main.js'))) {
    console.log(`Using the build in ${path.relative(ROOT, OUT)} (newer than the sources)`);
    return;
  }
  const t0 = performance.now();
  const started = new Date();
  fs.mkdirSync(OUT, { recursive: true });
  const app = spawnSync('npx', ['vite', 'build', '--outDir', path.join(OUT, 'dist'), '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (app.status !== 0) throw new Error(`vite build failed (${app.status})`);
  const buildServer = `const { buildServer } = await import(${JSON.stringify(pathToFileURL(path.join(ROOT, 'scripts', 'build-server.mjs')).href)});
await buildServer({ outdir: ${JSON.stringify(path.join(OUT, 'dist-server'))} });`;
  const service = spawnSync(process.execPath, ['--input-type=module', '-e', buildServer], { cwd: ROOT, stdio: 'inherit' });
  if (service.status !== 0) throw new Error(`the service build failed (${service.status})`);
  // Stamped with the build's start: a source saved while it ran makes the next run build again.
  fs.writeFileSync(stamp, started.toISOString());
  fs.utimesSync(stamp, started, started);
  console.log(`Built the app and the service into ${path.relative(ROOT, OUT)} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

/** The Chromium the e2e suite uses (scripts/find-chromium.mjs: CHROMIUM_PATH, the system's, Playwright's). */
function findChromium(): string {
  const found = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'find-chromium.mjs')], { cwd: ROOT, encoding: 'utf8' });
  const lines = found.stdout.trim().split('\n');
  const last = lines.at(-1) ?? '';
  if (found.status !== 0 || !fs.existsSync(last)) throw new Error(`No Chromium: ${found.stderr || found.stdout}`);
  return last;
}

/** Starts the compiled service on the seeded folder and resolves with its URL once it listens. */
function startChild(dataDir: string): Promise<RunningChild> {
  return startProcess([path.join(OUT, 'dist-server', 'main.js')], {
    PORT: '0',
    HOST: '127.0.0.1',
    PLANNER_DATA_DIR: dataDir,
    PLANNER_TOKEN: TOKEN,
    PLANNER_RATE_LIMIT: 'off',
    NODE_ENV: 'production',
  });
}

/**
 * Seeds the database in this process (the store's bulk helpers: seconds, where 6,000 API calls
 * would take minutes) and closes it for the service process: one feature with COMMENTS comments in
 * the demo's first workspace, NOTES notes in the workspace with the fewest notes.
 */
async function seed(dataDir: string): Promise<{ productId: number; notesProductId: number; notes: number }> {
  const service = await startService({ dataDir, port: 0, adminToken: TOKEN, seed: 'demo', readWorkers: 0 });
  try {
    const db = service.store.db;
    const product = await db.selectFrom('products').select('id').orderBy('id').executeTakeFirstOrThrow();
    const release = await db
      .selectFrom('releases')
      .select('id')
      .where('product_id', '=', product.id)
      .where('parking_lot', '=', 0)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    // The feature through the API, as any feature is made (its key, position and roll-ups).
    const res = await fetch(`${service.url}/api/v1/releases/${release.id}/features`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        feature: { name: FEATURE_NAME, description: '<p>Where the launch plan is argued over: a thousand comments.</p>' },
      }),
    });
    if (res.status !== 200) throw new Error(`feature create answered ${res.status}: ${await res.text()}`);
    const featureId = Number(((await res.json()) as { feature: { id: string } }).feature.id);
    let t0 = performance.now();
    const threads = seedBulkComments(service.store, { type: COMMENTABLE_TYPE_OF.Feature, id: featureId, productId: product.id }, COMMENTS);
    console.log(
      `Seeded ${COMMENTS.toLocaleString('en')} comments (${threads.length} threads) on one feature in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    const products = await db
      .selectFrom('products')
      .leftJoin('pages', 'pages.product_id', 'products.id')
      .select((eb) => ['products.id', eb.fn.count<number>('pages.id').as('n')])
      .groupBy('products.id')
      .orderBy('n')
      .orderBy('products.id', 'desc')
      .execute();
    const notesProduct = products[0];
    if (!notesProduct) throw new Error('no workspace for the notes');
    t0 = performance.now();
    seedBulkNotes(service.store, notesProduct.id, NOTES, { perParent: 10 });
    console.log(`Seeded ${NOTES.toLocaleString('en')} notes (50 → 500 → the rest) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    return { productId: product.id, notesProductId: notesProduct.id, notes: Number(notesProduct.n) + NOTES };
  } finally {
    await service.close();
  }
}

/** Signs in through the sign-in screen (as e2e/fixtures.ts does), landing in `workspace`. */
async function signIn(page: Page, base: string, workspace: number): Promise<void> {
  await page.goto(`${base}/sign-in`);
  await page.evaluate((id) => localStorage.setItem('planner.workspace', id), String(workspace));
  await page.getByLabel('Access token', { exact: true }).fill(TOKEN);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Releases', exact: true }).waitFor();
}

/**
 * Arms the in-page clock before the click: the click's own event time starts it; every animation
 * frame looks for `min` elements matching `selector` with a box (and `ready`, when given); the frame
 * that finds them is painted before a task posted from the next frame's callback runs, and that
 * task stops the clock. Long tasks and requests after the click are collected for the report.
 */
async function arm(page: Page, selector: string, min: number, ready: string | null): Promise<void> {
  await page.evaluate(
    ({ selector, min, ready }) => {
      interface Clock {
        start: number;
        painted: number;
        longTasks: number;
        done: Promise<void>;
      }
      let finish = () => {};
      const done = new Promise<void>((resolve) => (finish = resolve));
      const clock: Clock = { start: 0, painted: 0, longTasks: 0, done };
      (window as unknown as { __benchClock: Clock }).__benchClock = clock;
      // Entries arrive after their task ends, so the observer stays on; only tasks that started
      // between the click and the painted frame count.
      const observer = new PerformanceObserver((list) => {
        for (const e of list.getEntries()) {
          if (clock.start > 0 && e.startTime >= clock.start && (clock.painted === 0 || e.startTime < clock.painted))
            clock.longTasks += e.duration;
        }
      });
      observer.observe({ type: 'longtask', buffered: false });
      document.addEventListener(
        'click',
        (e) => {
          clock.start = e.timeStamp;
        },
        { capture: true, once: true },
      );
      const shown = (): boolean => {
        if (ready !== null && document.querySelector(ready) === null) return false;
        let n = 0;
        for (const el of document.querySelectorAll(selector)) {
          const box = el.getBoundingClientRect();
          if (box.width > 0 && box.height > 0 && ++n >= min) return true;
        }
        return false;
      };
      const frame = () => {
        if (clock.start > 0 && shown()) {
          requestAnimationFrame(() => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => {
              clock.painted = performance.now();
              finish();
            };
            channel.port2.postMessage(null);
          });
          return;
        }
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    },
    { selector, min, ready },
  );
}

async function runOnce(
  page: Page,
  s: Scenario,
  { trace, profile, shot }: { trace: string | null; profile: string | null; shot: string | null },
): Promise<RunFigures> {
  await s.start(page);
  await arm(page, s.selector, s.min, s.ready);
  // BENCH_BROWSER_TRACE=<folder>: a Chromium performance trace of the run (open it in DevTools' Performance panel).
  if (trace) await page.context().browser()?.startTracing(page, { path: trace, screenshots: true });
  // BENCH_BROWSER_PROFILE=<folder>: a JavaScript CPU profile of the run (.cpuprofile, for DevTools or speedscope).
  const profiler = profile ? await page.context().newCDPSession(page) : null;
  if (profiler) {
    await profiler.send('Profiler.enable');
    await profiler.send('Profiler.setSamplingInterval', { interval: 200 });
    await profiler.send('Profiler.start');
  }
  await s.click(page);
  // A plain evaluate awaiting the clock's promise: Playwright's waitForFunction would load its
  // injected script into the page during the measured window (tens of ms of script compilation).
  const painted = await page.evaluate(() =>
    Promise.race([
      (window as unknown as { __benchClock: { done: Promise<void> } }).__benchClock.done.then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 30_000)),
    ]),
  );
  if (!painted) throw new Error(`${s.name}: the first screen did not show within 30 s`);
  if (trace) await page.context().browser()?.stopTracing();
  if (profiler && profile) {
    const { profile: cpu } = await profiler.send('Profiler.stop');
    fs.writeFileSync(profile, JSON.stringify(cpu));
    await profiler.detach();
  }
  await page.waitForTimeout(500);
  // BENCH_BROWSER_SHOTS=<folder>: what the screen shows once settled, for a person to look at.
  if (shot) await page.screenshot({ path: shot });
  return page.evaluate(
    ({ countSelector }) => {
      const clock = (window as unknown as { __benchClock: { start: number; painted: number; longTasks: number } }).__benchClock;
      const after = performance.getEntriesByType('resource').filter((e) => e.startTime >= clock.start) as PerformanceResourceTiming[];
      return {
        ms: clock.painted - clock.start,
        items: document.querySelectorAll(countSelector).length,
        domNodes: document.getElementsByTagName('*').length,
        apiRequests: after.filter((e) => e.name.includes('/api/')).length,
        scripts: after.filter((e) => e.initiatorType === 'script' || /\.js(\?|$)/.test(e.name)).length,
        longTasks: clock.longTasks,
        requests: after.map((e) => ({
          name: new URL(e.name).pathname + new URL(e.name).search,
          start: e.startTime - clock.start,
          end: e.responseEnd - clock.start,
        })),
      };
    },
    { countSelector: s.countSelector },
  );
}

function quantile(sorted: number[], q: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i] ?? NaN;
}
const median = (xs: number[]): number =>
  quantile(
    [...xs].sort((a, b) => a - b),
    0.5,
  );

async function main(): Promise<void> {
  ensureBuild();
  const executablePath = findChromium();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'planner-bench-browser-'));
  let service: RunningChild | null = null;
  let browser: Browser | null = null;
  try {
    const seeded = await seed(dataDir);
    service = await startChild(dataDir);
    const profileDir = path.join(ROOT, '.cache', 'chromium');
    browser = await chromium.launch({
      executablePath,
      headless: true,
      // As playwright.config.ts: the browser's own config and cache in the project, not the home folder.
      env: { ...process.env, XDG_CONFIG_HOME: profileDir, XDG_CACHE_HOME: profileDir },
      args: [
        '--no-sandbox',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-gpu',
      ],
    });
    const context = await browser.newContext({ viewport: VIEWPORT });
    // tsx compiles this file keeping function names (esbuild's keepNames), which wraps the in-page
    // functions below in a `__name(fn, "name")` helper that only exists here: the page gets a no-op one.
    await context.addInitScript('globalThis.__name = (fn) => fn;');
    const page = await context.newPage();
    const base = service.url;
    await signIn(page, base, seeded.productId);

    const scenarios: Scenario[] = [
      {
        name: `feature with ${COMMENTS.toLocaleString('en')} comments`,
        target: 200,
        start: async (p) => {
          await p.goto(`${base}/w/${seeded.productId}/features?q=${encodeURIComponent(FEATURE_NAME)}`);
          await p.getByRole('link', { name: FEATURE_NAME, exact: true }).waitFor();
        },
        click: (p) => p.getByRole('link', { name: FEATURE_NAME, exact: true }).click(),
        selector: '.comments__list .comment__body',
        min: Math.min(FIRST_COMMENTS, COMMENTS),
        ready: null,
        countSelector: '.comments__list article.comment',
        itemsLabel: 'comments in the DOM',
      },
      {
        name: `notes tree of ${seeded.notes.toLocaleString('en')}`,
        target: 300,
        start: async (p) => {
          await p.goto(`${base}/w/${seeded.notesProductId}/releases`);
          await p.getByRole('heading', { level: 1, name: 'Releases', exact: true }).waitFor();
        },
        click: (p) => p.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Notes', exact: true }).click(),
        selector: '[role="tree"][aria-label="Notes"] [role="treeitem"]',
        min: Math.min(FIRST_ROWS, NOTES),
        // Interactive: the tree's one tab stop is there (the rows answer the keyboard).
        ready: '[role="tree"][aria-label="Notes"] [role="treeitem"][tabindex="0"]',
        countSelector: '[role="tree"][aria-label="Notes"] [role="treeitem"]',
        itemsLabel: 'tree rows in the DOM',
      },
    ];

    // The machine's load beside the figures: on a shared machine they move with it.
    const loadBefore = os.loadavg()[0] ?? NaN;
    const rows: { s: Scenario; runs: RunFigures[] }[] = [];
    for (const s of scenarios) {
      const runs: RunFigures[] = [];
      for (let i = 0; i < WARMUP + RUNS; i++) {
        // The last run may be traced or profiled (the figures of that run include the tool's cost).
        const file = (dir: string | undefined, ext: string): string | null => {
          if (!dir || i !== WARMUP + RUNS - 1) return null;
          fs.mkdirSync(dir, { recursive: true });
          return path.resolve(dir, `${s.name.replace(/[^a-z0-9]+/gi, '-')}.${ext}`);
        };
        const f = await runOnce(page, s, {
          trace: file(process.env.BENCH_BROWSER_TRACE, 'json'),
          profile: file(process.env.BENCH_BROWSER_PROFILE, 'cpuprofile'),
          shot: file(process.env.BENCH_BROWSER_SHOTS, 'png'),
        });
        if (i >= WARMUP) runs.push(f);
      }
      rows.push({ s, runs });
    }

    const pad = (t: string, n: number) => t.padEnd(n);
    const num = (n: number) => n.toFixed(1).padStart(8);
    console.log(`\n${pad('scenario (Chromium)', 34)}${'p50 ms'.padStart(8)}${'p95 ms'.padStart(8)}${'max ms'.padStart(8)}  target  note`);
    for (const { s, runs } of rows) {
      const times = runs.map((r) => r.ms).sort((a, b) => a - b);
      const p95 = quantile(times, 0.95);
      const verdict = `≤ ${s.target} ${p95 <= s.target ? 'met' : 'MISSED'}`;
      const note =
        `${median(runs.map((r) => r.items))} ${s.itemsLabel}, ${median(runs.map((r) => r.domNodes)).toLocaleString('en')} elements in all; ` +
        `${median(runs.map((r) => r.apiRequests))} API requests, ${median(runs.map((r) => r.scripts))} scripts, ` +
        `long tasks ${median(runs.map((r) => r.longTasks)).toFixed(0)} ms`;
      console.log(`${pad(s.name, 34)}${num(quantile(times, 0.5))}${num(p95)}${num(times.at(-1) ?? NaN)}  ${verdict.padEnd(6)}  ${note}`);
      // BENCH_BROWSER_DETAIL=1: the last run's requests on a time line (where a waterfall shows).
      const last = runs.at(-1);
      if (process.env.BENCH_BROWSER_DETAIL && last) {
        console.log(`  last run: ${last.ms.toFixed(1)} ms`);
        for (const r of last.requests) console.log(`    ${r.start.toFixed(1).padStart(7)} → ${r.end.toFixed(1).padStart(7)} ms  ${r.name}`);
      }
    }
    console.log(
      `\n${RUNS} timed runs per scenario after ${WARMUP} warm-up; each a fresh page load, then a click: click → the frame showing ` +
        `${FIRST_COMMENTS} comment bodies / ${FIRST_ROWS} tree rows (medians in the notes). Headless Chromium, ${VIEWPORT.width}×${VIEWPORT.height}.`,
    );
    console.log(
      `Load average ${loadBefore.toFixed(1)} before the runs, ${(os.loadavg()[0] ?? NaN).toFixed(1)} after, on ${os.cpus().length} CPUs. ` +
        'Targets: issue 12; p95 is what is compared. Method: docs/bench.md.',
    );
  } finally {
    if (browser) await browser.close();
    if (service) await stopProcess(service.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
