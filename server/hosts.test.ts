// The Host header and the public URL: links are built on PLANNER_PUBLIC_URL (by default the listen
// address), never on the request's Host, and a request naming a host the service does not answer to
// is refused (421) — API, API document and the app's pages alike (DNS rebinding).
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../src/contract/common';
import { productPage } from '../src/contract/account';
import { answersTo, siteFor } from './http/hosts';
import { readEnv } from './env';
import { startService } from './start';
import type { RunningService } from './start';
import { TEST_TOKEN, rawRequest } from './test/harness';
import type { RawAnswer } from './test/harness';
import { JSON_TYPE } from './test/records';

/** A request with a Host header of our choosing, with the admin token. */
const raw = (service: RunningService, p: string, headers: Record<string, string>): Promise<RawAnswer> =>
  rawRequest(service.port, p, { Authorization: `Bearer ${TEST_TOKEN}`, ...headers });

const dirs: string[] = [];
const services: RunningService[] = [];

async function start(options: { publicUrl?: string; allowedHosts?: string[]; staticDir?: string } = {}): Promise<RunningService> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'planner-hosts-'));
  dirs.push(dataDir);
  const service = await startService({ dataDir, port: 0, adminToken: TEST_TOKEN, seed: 'empty', ...options });
  services.push(service);
  return service;
}

let plain: RunningService;
let behindProxy: RunningService;

beforeAll(async () => {
  const appDir = fs.mkdtempSync(path.join(os.tmpdir(), 'planner-hosts-app-'));
  dirs.push(appDir);
  fs.writeFileSync(path.join(appDir, 'index.html'), '<!doctype html><title>Planner</title>');
  plain = await start({ staticDir: appDir });
  behindProxy = await start({ publicUrl: 'https://planner.example.com', allowedHosts: ['proxy.internal', 'lb.internal:8080'] });
});

afterAll(async () => {
  for (const s of services) await s.close();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

describe('a request for another host', () => {
  it('is refused with 421 naming the host, on the API, the API document and the app', async () => {
    for (const p of ['/api/v1/products', '/api/v1/openapi.json', '/', '/w/1/features', '/assets/app.js']) {
      const res = await raw(plain, p, { Host: 'evil.example' });
      expect(res.status, p).toBe(421);
      expect(res.headers['content-type']).toBe(JSON_TYPE);
      expect(errorBodySchema.parse(JSON.parse(res.text)).error).toContain('"evil.example"');
      expect(res.text).not.toContain('Planner</title>');
    }
  });

  it('is refused for a known name on another port, a name that only starts like a known one, and a malformed Host', async () => {
    for (const host of [
      `localhost:${plain.port + 1}`,
      'localhost',
      `127.0.0.1.evil.example:${plain.port}`,
      `evil.example:${plain.port}`,
    ]) {
      const res = await raw(plain, '/api/v1/products', { Host: host });
      expect(res.status, host).toBe(421);
      expect(errorBodySchema.safeParse(JSON.parse(res.text)).success).toBe(true);
    }
    // HTTP/1.0 may leave Host out: nothing names the service, so nothing is answered.
    const bare = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(plain.port, '127.0.0.1', () => socket.end('GET /api/v1/products HTTP/1.0\r\n\r\n'));
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString('utf8')));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(bare).toMatch(/^HTTP\/1\.[01] (400|421) /);
    expect(bare).not.toContain('"products"');
    // A Host no URL can be made of is refused by the HTTP adapter before the app sees it.
    for (const host of [`127.0.0.1:${plain.port}@evil.example`, `127.0.0.1:${plain.port} `.repeat(3)]) {
      const res = await raw(plain, '/api/v1/products', { Host: host });
      expect([400, 421], host).toContain(res.status);
      expect(res.text).not.toContain('"products"');
    }
  });

  it('is answered for the listen address and the loopback names on its port, in any case', async () => {
    for (const host of [`127.0.0.1:${plain.port}`, `localhost:${plain.port}`, `LOCALHOST:${plain.port}`, `[::1]:${plain.port}`]) {
      const res = await raw(plain, '/api/v1/products', { Host: host });
      expect(res.status, host).toBe(200);
    }
    expect((await raw(plain, '/', { Host: `localhost:${plain.port}` })).text).toContain('Planner</title>');
  });
});

describe('links', () => {
  it('are built on the listen address by default, whatever Host names', async () => {
    expect(plain.publicUrl).toBe(plain.url);
    const res = await raw(plain, '/api/v1/products', { Host: `localhost:${plain.port}` });
    const [product] = productPage.parse(JSON.parse(res.text)).products;
    expect(product?.url).toBe(`${plain.url}/products/PLN`);
    expect(product?.resource).toBe(`${plain.url}/api/v1/products/PLN`);
  });

  it('are built on PLANNER_PUBLIC_URL, which is answered with and without its default port', async () => {
    expect(behindProxy.publicUrl).toBe('https://planner.example.com');
    for (const host of ['planner.example.com', 'planner.example.com:443', `127.0.0.1:${behindProxy.port}`, 'proxy.internal:9', 'lb.internal:8080']) {
      const res = await raw(behindProxy, '/api/v1/products', { Host: host });
      expect(res.status, host).toBe(200);
      const [product] = productPage.parse(JSON.parse(res.text)).products;
      expect(product?.url).toBe('https://planner.example.com/products/PLN');
      expect(product?.resource).toBe('https://planner.example.com/api/v1/products/PLN');
    }
    const doc = JSON.parse((await raw(behindProxy, '/api/v1/openapi.json', { Host: 'planner.example.com' })).text) as {
      servers: { url: string }[];
    };
    expect(doc.servers[0]?.url).toBe('https://planner.example.com/api/v1');
    for (const host of ['planner.example.com:80', 'lb.internal:8081', 'evil.example']) {
      expect((await raw(behindProxy, '/api/v1/products', { Host: host })).status, host).toBe(421);
    }
  });
});

describe('the configuration', () => {
  it('reads PLANNER_PUBLIC_URL as an http(s) origin and PLANNER_ALLOWED_HOSTS as a list', () => {
    expect(readEnv({ PLANNER_PUBLIC_URL: 'https://planner.example.com' }).PLANNER_PUBLIC_URL).toBe('https://planner.example.com');
    expect(() => readEnv({ PLANNER_PUBLIC_URL: 'ftp://planner.example.com' })).toThrow(/PLANNER_PUBLIC_URL/);
    expect(() => readEnv({ PLANNER_PUBLIC_URL: 'https://planner.example.com/planner' })).toThrow(/origin only/);
    expect(() => readEnv({ PLANNER_PUBLIC_URL: 'planner.example.com' })).toThrow(/PLANNER_PUBLIC_URL/);
    expect(readEnv({}).PLANNER_ALLOWED_HOSTS).toBe('');
    expect(() => siteFor({ host: '127.0.0.1', port: 1, allowedHosts: ['bad host'] })).toThrow(/PLANNER_ALLOWED_HOSTS/);
  });

  it('names localhost when listening on every interface, and answers to the loopback names only', () => {
    const site = siteFor({ host: '0.0.0.0', port: 4780 });
    expect(site.origin).toBe('http://localhost:4780');
    expect(answersTo(site, 'localhost:4780')).toBe(true);
    expect(answersTo(site, '0.0.0.0:4780')).toBe(false);
    expect(answersTo(site, '192.168.1.5:4780')).toBe(false);
    expect(answersTo(siteFor({ host: '::1', port: 4780 }), '[::1]:4780')).toBe(true);
    expect(siteFor({ host: '::1', port: 4780 }).origin).toBe('http://[::1]:4780');
    expect(answersTo(site, undefined)).toBe(false);
  });
});
