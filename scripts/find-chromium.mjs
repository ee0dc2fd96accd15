// Finds a Chromium for Playwright: CHROMIUM_PATH, then the system's, then Playwright's own; when
// none is there, tries to install one (Playwright's download, then Debian's package) or says exactly
// what to run. Prints the path on success.
import fs from 'node:fs';
import { execSync, spawnSync } from 'node:child_process';

const SYSTEM = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

async function playwrightOwn() {
  try {
    const { chromium } = await import('@playwright/test');
    const p = chromium.executablePath();
    return p && fs.existsSync(p) ? p : null;
  } catch {
    return null;
  }
}

export async function findChromium({ install = true } = {}) {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (fs.existsSync(fromEnv)) return fromEnv;
    throw new Error(`CHROMIUM_PATH is set to ${fromEnv}, but no file is there.`);
  }
  for (const p of SYSTEM) if (fs.existsSync(p)) return p;
  const own = await playwrightOwn();
  if (own) return own;
  if (!install) return null;

  console.log('No Chromium found: trying `npx playwright install chromium` ...');
  const pw = spawnSync('npx', ['playwright', 'install', 'chromium'], { stdio: 'inherit', timeout: 300_000 });
  if (pw.status === 0) {
    const got = await playwrightOwn();
    if (got) return got;
  }
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (fs.existsSync('/usr/bin/apt-get') && isRoot) {
    console.log('Playwright could not download a browser: installing Debian\'s chromium package ...');
    try {
      execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
        stdio: 'inherit',
        timeout: 600_000,
      });
    } catch {
      /* reported below */
    }
    for (const p of SYSTEM) if (fs.existsSync(p)) return p;
  }
  throw new Error(
    'No Chromium for the end-to-end tests. Install one, then run npm test again:\n' +
      '  sudo apt-get install -y chromium        (Debian/Ubuntu)\n' +
      '  or: npx playwright install chromium\n' +
      '  or: set CHROMIUM_PATH=/path/to/chromium',
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  findChromium()
    .then((p) => console.log(p))
    .catch((err) => {
      console.error(err.message);
      process.exit(1);
    });
}
