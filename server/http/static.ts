// Serves the built browser app from the same origin: hashed files under /assets (immutable), other
// real files (favicon), and index.html for client routes. Each file goes out as the best variant the
// request's Accept-Encoding allows among those written beside it at build time (.br, then .gz).
// Unknown assets and source maps are 404, never index.html: a browser asking for an old chunk
// during an upgrade must not cache HTML under that name.
//
// The ideas portal (issue 15) is a build of its own in <dir>/portal-app (vite.portal.config.ts): its
// hashed files under /portal-app/assets (immutable), and its index.html for every page of a portal,
// /portal/<key> and /portal/<key>/<route>. The portal's API (/portal/<key>/api…) is mounted before
// this handler and never falls through to a page.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Context, Hono } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import type { AppEnv } from '../types';
import { acceptedEncodings, type Coding } from './accept-encoding';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Build-time variants, best first, with the file suffix each is written under. */
const VARIANTS: readonly { encoding: Coding; suffix: string }[] = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
];

/** A portal's page: `/portal/<key>` and anything under it. */
const PORTAL_PAGE = /^\/portal\/[^/]+(?:\/|$)/;
/** A portal's API, which never answers with a page. */
const PORTAL_API = /^\/portal\/[^/]+\/api(?:\/|$)/;
const PORTAL_ASSETS = '/portal-app/assets/';

/** A last path segment that names a file (`x.js`, `robots.txt`); `v1.2` stays a client route. */
const FILE_NAME = /\.[A-Za-z][A-Za-z0-9]{0,7}$/;

/** Path of the requested file inside `dir`, or null when the path cannot name one (traversal, odd bytes). */
function fileFor(dir: string, requestPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(requestPath);
  } catch {
    return null;
  }
  if (/[\0\\]|(?:^|\/)\.\.?(?:\/|$)|\/\//.test(decoded)) return null;
  const file = path.join(dir, decoded);
  return file.startsWith(dir + path.sep) ? file : null;
}

async function statFile(file: string): Promise<{ size: number; mtimeMs: number } | null> {
  try {
    const s = await fs.stat(file);
    return s.isFile() ? s : null;
  } catch {
    return null;
  }
}

function notFound(c: Context<AppEnv>): Response {
  c.header('Cache-Control', 'no-store');
  return c.text('Not found', 404);
}

/**
 * Answers with `file` (known to exist) or its best precompressed variant, or null when it vanished
 * between the check and the read (a rebuild emptying the folder).
 */
async function sendFile(c: Context<AppEnv>, file: string, cacheControl: string): Promise<Response | null> {
  const type = getMimeType(file) ?? 'application/octet-stream';
  const accepted = acceptedEncodings(c.req.header('accept-encoding'));
  let chosen: { file: string; encoding: Coding | null } = { file, encoding: null };
  let varies = false;
  for (const { encoding, suffix } of VARIANTS) {
    if (!(await statFile(file + suffix))) continue;
    varies = true;
    if (accepted.has(encoding)) {
      chosen = { file: file + suffix, encoding };
      break;
    }
  }
  let body: Buffer;
  try {
    body = await fs.readFile(chosen.file);
  } catch {
    return null;
  }
  c.header('Content-Type', type);
  c.header('Content-Length', String(body.byteLength));
  c.header('Cache-Control', cacheControl);
  if (varies) c.header('Vary', 'Accept-Encoding', { append: true });
  if (chosen.encoding) c.header('Content-Encoding', chosen.encoding);
  return c.body(new Uint8Array(body), 200);
}

/**
 * Registers the built app in `dir` on `app` (after the API): GET/HEAD of a real file, 404 for
 * unknown assets and any source map, index.html (`no-cache`) for client routes, 503 while a
 * rebuild has removed index.html.
 */
export function serveBuiltApp(app: Hono<AppEnv>, dir: string): void {
  const root = path.resolve(dir);
  const indexFile = path.join(root, 'index.html');

  const sendIndex = async (c: Context<AppEnv>): Promise<Response> => {
    const sent = (await statFile(indexFile)) ? await sendFile(c, indexFile, 'no-cache') : null;
    if (sent) return sent;
    c.header('Cache-Control', 'no-store');
    return c.text('The app is being rebuilt; reload in a moment.', 503);
  };

  const portalRoot = path.join(root, 'portal-app');
  const portalIndex = path.join(portalRoot, 'index.html');

  const sendPortalIndex = async (c: Context<AppEnv>): Promise<Response> => {
    const sent = (await statFile(portalIndex)) ? await sendFile(c, portalIndex, 'no-cache') : null;
    if (sent) return sent;
    c.header('Cache-Control', 'no-store');
    return c.text('The ideas portal is being rebuilt; reload in a moment.', 503);
  };

  app.get('*', async (c) => {
    const requestPath = c.req.path;
    // Maps stay out of what is served: they are the whole source, and only useful locally.
    if (requestPath.endsWith('.map')) return notFound(c);

    // The portal's own build: its hashed files, nothing else of its folder by name.
    if (requestPath === '/portal-app' || requestPath.startsWith('/portal-app/')) {
      if (!requestPath.startsWith(PORTAL_ASSETS)) return notFound(c);
      const file = fileFor(portalRoot, requestPath.slice('/portal-app'.length));
      if (file && !VARIANTS.some((v) => file.endsWith(v.suffix)) && (await statFile(file))) {
        const sent = await sendFile(c, file, IMMUTABLE);
        if (sent) return sent;
      }
      return notFound(c);
    }
    if (PORTAL_PAGE.test(requestPath)) {
      if (PORTAL_API.test(requestPath)) {
        c.header('Cache-Control', 'no-store');
        return c.json({ error: `No route for GET ${requestPath}` }, 404);
      }
      const last = requestPath.slice(requestPath.lastIndexOf('/') + 1);
      if (FILE_NAME.test(last)) return notFound(c);
      return sendPortalIndex(c);
    }
    const file = fileFor(root, requestPath);
    const isAsset = requestPath.startsWith('/assets/');
    if (file && file !== indexFile && !VARIANTS.some((v) => file.endsWith(v.suffix)) && (await statFile(file))) {
      // Names under /assets carry their content hash; anything else (favicon) may change in place.
      const sent = await sendFile(c, file, isAsset ? IMMUTABLE : 'no-cache');
      if (sent) return sent;
    }
    if (isAsset) return notFound(c);
    // A last segment with an extension names a file that is not there; anything else is a client route.
    const last = requestPath.slice(requestPath.lastIndexOf('/') + 1);
    if (FILE_NAME.test(last) && last !== 'index.html') return notFound(c);
    return sendIndex(c);
  });
}
