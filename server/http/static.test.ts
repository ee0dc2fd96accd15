// The built app as the service serves it: real hashed assets immutable and precompressed by
// Accept-Encoding, unknown assets and source maps 404 (never index.html, never immutable), index.html
// for client routes, 503 while a rebuild has removed it; the same for the ideas portal's own build.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../start';
import type { AppEnv } from '../types';
import { acceptedEncodings } from './accept-encoding';
import { serveBuiltApp } from './static';

const SCRIPT = `export const answer = ${JSON.stringify('x'.repeat(40))};\n`.repeat(50);
const INDEX = '<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head></html>';
const PORTAL_INDEX = '<!doctype html><html><head><script type="module" src="/portal-app/assets/index-fed321.js"></script></head></html>';
const PORTAL_SCRIPT = `export const portal = ${JSON.stringify('p'.repeat(40))};\n`.repeat(50);

let dir: string;
let app: Hono<AppEnv>;

const get = (p: string, headers: Record<string, string> = {}) => app.request(p, { headers });

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'planner-static-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  const script = Buffer.from(SCRIPT);
  fs.writeFileSync(path.join(dir, 'assets/index-abc123.js'), script);
  fs.writeFileSync(path.join(dir, 'assets/index-abc123.js.br'), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(dir, 'assets/index-abc123.js.gz'), zlib.gzipSync(script));
  fs.writeFileSync(path.join(dir, 'assets/index-abc123.js.map'), '{"version":3}');
  fs.writeFileSync(path.join(dir, 'assets/logo-def456.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  fs.writeFileSync(path.join(dir, 'index.html'), INDEX);
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // The ideas portal's own build (vite.portal.config.ts).
  fs.mkdirSync(path.join(dir, 'portal-app/assets'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'portal-app/index.html'), PORTAL_INDEX);
  const portalScript = Buffer.from(PORTAL_SCRIPT);
  fs.writeFileSync(path.join(dir, 'portal-app/assets/index-fed321.js'), portalScript);
  fs.writeFileSync(path.join(dir, 'portal-app/assets/index-fed321.js.br'), zlib.brotliCompressSync(portalScript));
  fs.writeFileSync(path.join(dir, 'portal-app/assets/index-fed321.js.gz'), zlib.gzipSync(portalScript));
  fs.writeFileSync(path.join(dir, 'portal-app/assets/index-fed321.js.map'), '{"version":3}');
  app = new Hono<AppEnv>();
  serveBuiltApp(app, dir);
});

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('assets', () => {
  it('serves a real hashed asset as immutable, brotli when the client takes it', async () => {
    const res = await get('/assets/index-abc123.js', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    const body = Buffer.from(await res.arrayBuffer());
    expect(res.headers.get('content-length')).toBe(String(body.byteLength));
    expect(body.byteLength).toBeLessThan(SCRIPT.length);
    expect(zlib.brotliDecompressSync(body).toString()).toBe(SCRIPT);
  });

  it('sends gzip to a client without brotli, and the file itself to one that takes neither', async () => {
    const gz = await get('/assets/index-abc123.js', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(zlib.gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(SCRIPT);

    const refusedBr = await get('/assets/index-abc123.js', { 'Accept-Encoding': 'br;q=0, gzip;q=0.5' });
    expect(refusedBr.headers.get('content-encoding')).toBe('gzip');

    const withoutBrOrGzip: Record<string, string>[] = [{}, { 'Accept-Encoding': 'identity' }, { 'Accept-Encoding': 'deflate' }];
    for (const headers of withoutBrOrGzip) {
      const plain = await get('/assets/index-abc123.js', headers);
      expect(plain.status).toBe(200);
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(plain.headers.get('vary')).toBe('Accept-Encoding');
      expect(plain.headers.get('content-length')).toBe(String(SCRIPT.length));
      expect(await plain.text()).toBe(SCRIPT);
    }
  });

  it('serves a file without variants as it is, with its own type', async () => {
    const res = await get('/assets/logo-def456.png', { 'Accept-Encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('vary')).toBeNull();
    expect(res.headers.get('content-length')).toBe('4');
  });

  it('answers 404 for an unknown asset, not index.html and not cacheable', async () => {
    for (const p of ['/assets/index-old999.js', '/assets/missing.css', '/assets/', '/assets/nested/x.js']) {
      const res = await get(p, { 'Accept-Encoding': 'br' });
      expect(res.status, p).toBe(404);
      expect(res.headers.get('cache-control'), p).toBe('no-store');
      expect(res.headers.get('content-type'), p).toMatch(/^text\/plain/);
      expect(await res.text(), p).not.toContain('<html');
    }
  });

  it('never serves source maps or the precompressed files by their own names', async () => {
    for (const p of ['/assets/index-abc123.js.map', '/assets/index-abc123.js.br', '/assets/index-abc123.js.gz']) {
      const res = await get(p);
      expect(res.status, p).toBe(404);
      expect(res.headers.get('cache-control'), p).toBe('no-store');
    }
  });

  it('refuses paths that leave the folder', async () => {
    // (A literal /assets/../x, or %2e%2e, is already /x once the URL is parsed.)
    for (const p of ['/assets/..%2f..%2fpackage.json', '/assets/%5c..%5cindex.html', '/assets/..%2findex.html', '/assets/%00.js']) {
      const res = await get(p);
      expect(res.status, p).toBe(404);
    }
    // Outside /assets such a path is at most a client route: the app's page, never a file.
    expect(await (await get('/..%2f..%2fetc%2fpasswd')).text()).toBe(INDEX);
  });

  it('answers HEAD like GET without a body', async () => {
    const res = await app.request('/assets/index-abc123.js', {
      method: 'HEAD',
      headers: { 'Accept-Encoding': 'br' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(await res.text()).toBe('');
  });
});

describe('the app and its client routes', () => {
  it('answers index.html, not cached without revalidation, for the root and any client route', async () => {
    for (const p of ['/', '/sign-in', '/w/1/features', '/releases/PLN-R-1/edit', '/index.html', '/releases/v1.2']) {
      const res = await get(p);
      expect(res.status, p).toBe(200);
      expect(res.headers.get('cache-control'), p).toBe('no-cache');
      expect(res.headers.get('content-type'), p).toBe('text/html; charset=utf-8');
      expect(await res.text(), p).toBe(INDEX);
    }
  });

  it('serves other real files (favicon) as revalidated, and 404 for a missing file name', async () => {
    const icon = await get('/favicon.svg');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('cache-control')).toBe('no-cache');
    expect(icon.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    const missing = await get('/robots.txt');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 503 while a rebuild has removed index.html, and the page again once it is back', async () => {
    const index = path.join(dir, 'index.html');
    fs.renameSync(index, `${index}.moved`);
    try {
      const res = await get('/w/1/features');
      expect(res.status).toBe(503);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await res.text()).toMatch(/being rebuilt/);
    } finally {
      fs.renameSync(`${index}.moved`, index);
    }
    expect((await get('/w/1/features')).status).toBe(200);
  });
});

describe('the ideas portal', () => {
  it('answers the portal page, revalidated, for a portal and each of its client routes', async () => {
    for (const p of [
      '/portal/planner-cloud',
      '/portal/planner-cloud/',
      '/portal/planner-cloud/ideas/PLN-I-12',
      '/portal/planner-cloud/ideas/new',
      '/portal/planner-cloud/sign-in',
      '/portal/planner-cloud/roadmap',
      '/portal/other/my-ideas',
    ]) {
      const res = await get(p, { 'Accept-Encoding': 'br' });
      expect(res.status, p).toBe(200);
      expect(res.headers.get('cache-control'), p).toBe('no-cache');
      expect(res.headers.get('content-type'), p).toBe('text/html; charset=utf-8');
      expect(await res.text(), p).toBe(PORTAL_INDEX);
    }
    // The query (a sign-in link's token) does not change the page.
    expect(await (await get('/portal/planner-cloud/sign-in?token=abc')).text()).toBe(PORTAL_INDEX);
  });

  it('serves its hashed files as immutable, precompressed by Accept-Encoding', async () => {
    const br = await get('/portal-app/assets/index-fed321.js', { 'Accept-Encoding': 'gzip, br' });
    expect(br.status).toBe(200);
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(br.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(zlib.brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(PORTAL_SCRIPT);
    const gz = await get('/portal-app/assets/index-fed321.js', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    const plain = await get('/portal-app/assets/index-fed321.js');
    expect(await plain.text()).toBe(PORTAL_SCRIPT);
  });

  it('answers 404, not a page, for its unknown files, maps, variants and anything else of its folder', async () => {
    for (const p of [
      '/portal-app/assets/index-old000.js',
      '/portal-app/assets/index-fed321.js.map',
      '/portal-app/assets/index-fed321.js.br',
      '/portal-app/index.html',
      '/portal-app/',
      '/portal-app',
      '/portal-app/assets/..%2f..%2findex.html',
      '/portal-app/assets/..%2findex.html',
      '/portal/planner-cloud/logo.png',
    ]) {
      const res = await get(p);
      expect(res.status, p).toBe(404);
      expect(res.headers.get('cache-control'), p).toBe('no-store');
      expect(await res.text(), p).not.toContain('<html');
    }
  });

  it('never answers the portal API with a page', async () => {
    for (const p of ['/portal/planner-cloud/api', '/portal/planner-cloud/api/', '/portal/planner-cloud/api/nothing']) {
      const res = await get(p);
      expect(res.status, p).toBe(404);
      expect(res.headers.get('content-type'), p).toMatch(/^application\/json/);
    }
    // A route that only starts like the API is a page.
    expect(await (await get('/portal/planner-cloud/apiary')).text()).toBe(PORTAL_INDEX);
  });

  it("leaves the main app's pages alone, and answers 503 while a rebuild has removed the portal's page", async () => {
    expect(await (await get('/portal')).text()).toBe(INDEX);
    expect(await (await get('/w/1/portals')).text()).toBe(INDEX);
    const index = path.join(dir, 'portal-app/index.html');
    fs.renameSync(index, `${index}.moved`);
    try {
      const res = await get('/portal/planner-cloud');
      expect(res.status).toBe(503);
      expect(res.headers.get('cache-control')).toBe('no-store');
    } finally {
      fs.renameSync(`${index}.moved`, index);
    }
    expect((await get('/portal/planner-cloud')).status).toBe(200);
  });
});

describe('in the service', () => {
  const TOKEN = 'static-test-token-0123456789';
  let service: RunningService;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'planner-static-service-'));
    service = await startService({
      dataDir,
      port: 0,
      seed: 'empty',
      staticDir: dir,
      readWorkers: 0,
      adminToken: TOKEN,
    });
  });

  afterAll(async () => {
    await service.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves the app after the API: API paths never fall through to files or index.html', async () => {
    const api = await fetch(`${service.url}/api/v1/nothing-here.js`, {
      headers: { Authorization: `Bearer ${TOKEN}` },
    });
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toMatch(/^application\/json/);
    const asset = await fetch(`${service.url}/assets/index-old999.js`);
    expect(asset.status).toBe(404);
    expect(asset.headers.get('cache-control')).toBe('no-store');
    const page = await fetch(`${service.url}/w/1/features`);
    expect(page.status).toBe(200);
    expect(await page.text()).toBe(INDEX);
    // The app's pages carry the same security headers as the API.
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
  });

  it("serves a portal's page beside its API, which answers first", async () => {
    const page = await fetch(`${service.url}/portal/no-such-portal/ideas/1`);
    expect(page.status).toBe(200);
    expect(await page.text()).toBe(PORTAL_INDEX);
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
    const api = await fetch(`${service.url}/portal/no-such-portal/api`);
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toMatch(/^application\/json/);
  });
});

describe('Accept-Encoding', () => {
  it('reads codings with their weights', () => {
    expect([...acceptedEncodings('gzip, deflate, br, zstd')].sort()).toEqual(['br', 'deflate', 'gzip', 'zstd']);
    expect([...acceptedEncodings('br;q=0, gzip;q=0.8')]).toEqual(['gzip']);
    expect([...acceptedEncodings('*')].sort()).toEqual(['br', 'gzip']);
    expect([...acceptedEncodings('*, br;q=0')]).toEqual(['gzip']);
    expect([...acceptedEncodings('')]).toEqual([]);
    expect([...acceptedEncodings(undefined)]).toEqual([]);
  });
});
