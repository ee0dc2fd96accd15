// Vite config for the browser app. In dev, /api is proxied to the local planning service. A build
// writes no source maps (VITE_SOURCEMAP=1 writes them for local debugging; the service never serves
// them) and leaves a brotli (.br) and a gzip (.gz) copy beside every compressible file, which the
// service sends by Accept-Encoding (server/http/static.ts).
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const servicePort = process.env.PORT ?? '4780';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/** Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) for each compressible output file. */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'planner-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await filesUnder(outDir)).filter((f) => COMPRESSIBLE.test(f));
      // zlib's async calls run on libuv's thread pool: the files compress in parallel.
      await Promise.all(
        files.map(async (file) => {
          const body = await fs.readFile(file);
          const [br, gz] = await Promise.all([
            brotli(body, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
              },
            }),
            gzip(body, { level: 9 }),
          ]);
          // A variant no smaller than the file (a tiny svg) is not worth a header.
          if (br.byteLength < body.byteLength) await fs.writeFile(`${file}.br`, br);
          if (gz.byteLength < body.byteLength) await fs.writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    host: '127.0.0.1',
    // changeOrigin: the service answers only to its own host names (DNS rebinding), so the proxy
    // sends the service's Host, not Vite's.
    proxy: { '/api': { target: `http://127.0.0.1:${servicePort}`, changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    sourcemap: process.env.VITE_SOURCEMAP === '1',
    chunkSizeWarningLimit: 600,
    // The precompression above takes most of a build by design; its timing notice is noise.
    rolldownOptions: { checks: { pluginTimings: false } },
  },
});
