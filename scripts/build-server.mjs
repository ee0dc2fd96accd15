// Compiles the local planning service to plain JavaScript, so production starts without a
// TypeScript loader: each entry of SERVER_ENTRIES that exists becomes dist-server/<name>.js, an ES
// module for Node 20 with everything from server/ and src/ bundled in and the npm packages
// (better-sqlite3, hono, kysely, zod …) left to load from node_modules. Source maps are written
// beside the bundles for stack traces (`node --enable-source-maps`); nothing serves that folder.
//   node scripts/build-server.mjs
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

/** The service's entry points: the CLI, and the read worker start.ts loads beside the running bundle. */
export const SERVER_ENTRIES = ['server/main.ts', 'server/read-worker.ts'];
export const SERVER_OUT_DIR = 'dist-server';

export async function buildServer({ outdir = SERVER_OUT_DIR, logLevel = 'warning' } = {}) {
  const entryPoints = SERVER_ENTRIES.filter((entry) => fs.existsSync(entry));
  fs.rmSync(outdir, { recursive: true, force: true });
  const started = performance.now();
  await build({
    entryPoints,
    outdir,
    entryNames: '[name]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel,
  });
  return {
    entries: entryPoints.map((e) => path.join(outdir, `${path.basename(e, '.ts')}.js`)),
    ms: performance.now() - started,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { entries, ms } = await buildServer();
  console.log(`Built the service in ${Math.round(ms)} ms: ${entries.join(', ')}`);
}
