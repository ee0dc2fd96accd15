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
export function precompress(): Plugin {
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

const ZOD_JSON_SCHEMA = /[/\\]zod[/\\]v4[/\\]core[/\\](?:to-json-schema|json-schema-processors)\.js$/;
const STUB = '\0planner-zod-json-schema-stub:';

/** The names a module exports (`export function f`, `export const c`, `export { a as b }`). */
function exportedNames(code: string): string[] {
  const names = [
    ...code.matchAll(/^export\s+(?:async\s+)?(?:function\*?|const|let|var|class)\s+([\w$]+)/gm),
  ].map((m) => m[1] ?? '');
  for (const [, list = ''] of code.matchAll(/^export\s*\{([^}]*)\}\s*;?\s*$/gm)) {
    for (const item of list.split(',')) {
      const name = item
        .trim()
        .split(/\s+as\s+/)
        .pop();
      if (name) names.push(name);
    }
  }
  return [...new Set(names.filter(Boolean))];
}

/**
 * zod's JSON Schema output (`toJSONSchema`, `~standard.jsonSchema`; ~4.5 KB of every screen's
 * first load, compressed) hangs off each classic schema's prototype, so no bundler can drop it.
 * The browser never makes JSON Schema (the service does, for its OpenAPI document), so in the app
 * build zod's two JSON Schema modules are stubs: each export is a function giving back a function
 * that throws if anything ever asks for JSON Schema (the getters that read JSON Schema facts off a
 * schema, `.minLength` or `.format`, answer null; the app reads none). Parsing and validation are
 * untouched. If zod moves these modules the stub simply stops applying (and e2e/first-load.spec.ts
 * notices the bytes); if it changes how they export, the build stops here.
 */
export function zodWithoutJsonSchema(): Plugin {
  return {
    name: 'planner-zod-without-json-schema',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !/[/\\]zod[/\\]/.test(importer) || !source.includes('json-schema')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && ZOD_JSON_SCHEMA.test(resolved.id) ? STUB + resolved.id : null;
    },
    async load(id) {
      if (!id.startsWith(STUB)) return null;
      const names = exportedNames(await fs.readFile(id.slice(STUB.length), 'utf8'));
      if (names.length === 0) this.error(`found no exports to stub in ${id.slice(STUB.length)}`);
      return [
        "const unavailable = () => { throw new Error('JSON Schema is not part of the browser build (vite.config.ts)'); };",
        ...names.map((name) => `export const ${name} = () => unavailable;`),
      ].join('\n');
    },
  };
}

export default defineConfig({
  plugins: [react(), zodWithoutJsonSchema(), precompress()],
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
    // Chunks are named by their content hash alone: every screen's entry lists the chunks it may
    // load, and their module names cost ~870 bytes of each first load, compressed (the features
    // screen 150,065 → 149,191 bytes against e2e/first-load.spec.ts's 150 KB budget).
    rolldownOptions: { checks: { pluginTimings: false }, output: { chunkFileNames: 'assets/[hash].js' } },
  },
});
