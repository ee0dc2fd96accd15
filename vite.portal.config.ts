// Vite config for the ideas portal (issue 15): a build of its own, apart from the main app's, so the
// two share no chunk and neither's first load pays for the other. It writes dist/portal-app/ (its
// index.html, and hashed files under /portal-app/assets/), with the same brotli and gzip copies as
// the main build; the service answers the portal's pages /portal/<key>/… with that index.html
// (server/http/static.ts). Run after the main build: `vite build` empties dist/. There is no dev
// server of its own: the pages need the service's /portal/<key> addresses, so build and serve.
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress, zodWithoutJsonSchema } from './vite.config.js';

export default defineConfig({
  root: path.resolve(import.meta.dirname, 'src/portal'),
  base: '/portal-app/',
  publicDir: false,
  plugins: [react(), zodWithoutJsonSchema(), precompress()],
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/portal-app'),
    emptyOutDir: true,
    sourcemap: process.env.VITE_SOURCEMAP === '1',
    rolldownOptions: { checks: { pluginTimings: false } },
  },
});
