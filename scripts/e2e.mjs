// Runs the Playwright suite: finds (or installs) a Chromium, builds the app and the compiled service
// (as `npm run build` does), then `playwright test`. The config starts the compiled service — what
// `npm start` runs — on a temporary database, serving the built app.
// Arguments go to Playwright (`node scripts/e2e.mjs e2e/stale-numbers.spec.ts`); E2E_SHOTS=1 also saves
// a screenshot of each screen the stories pass through under test-results/screens.
import fs from 'node:fs';
import { spawnSync } from 'node:child_process';
import { buildServer } from './build-server.mjs';
import { findChromium } from './find-chromium.mjs';

let chromium;
try {
  chromium = await findChromium();
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
console.log(`Chromium: ${chromium}`);

const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
// The ideas portal is a build of its own (vite.portal.config.ts), after the main one (which empties dist/).
const portalBuild = spawnSync('npx', ['vite', 'build', '-c', 'vite.portal.config.ts', '--logLevel', 'warn'], { stdio: 'inherit' });
if (portalBuild.status !== 0) process.exit(portalBuild.status ?? 1);
await buildServer();

fs.rmSync(process.env.E2E_DATA_DIR ?? '.tmp/e2e-data', { recursive: true, force: true });

const run = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromium },
});
process.exit(run.status ?? 1);
