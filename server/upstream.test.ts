// PLANNER_UPSTREAM (server/http/upstream.ts): a second local service passes the API through to a
// first one standing in for a hosted account. Reads and writes reach the upstream's data, its
// refusals come back unchanged, callers still need the proxy's own token (which never travels
// upstream), and an upstream that is down or silent is a 502 / 504 rather than a hang. A small
// recording server checks the headers that cross, the coding of the body and redirects.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from './env';
import { TEST_TOKEN, rawRequest, startTestService, tempDirs } from './test/harness';
import type { TestService } from './test/harness';

/** The proxy's own token: what callers of the second service present. Differs from the upstream's. */
const PROXY_TOKEN = 'proxy-caller-token-0123456789';
const tempDir = tempDirs('planner-upstream-');

interface Recorded {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A stand-in upstream on 127.0.0.1 that records what reaches it and answers by path. */
async function recordingServer(): Promise<{ server: http.Server; port: number; seen: Recorded[] }> {
  const seen: Recorded[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const url = req.url ?? '';
      if (url.startsWith('/base/api/v1/silent')) return; // never answers
      if (url.startsWith('/base/api/v1/refuse')) {
        res.writeHead(401, { 'content-type': 'application/json' });
        return res.end('{"error":"Invalid access token"}');
      }
      if (url.startsWith('/base/api/v1/moved')) {
        res.writeHead(302, { location: `http://127.0.0.1:${port}/base/api/v1/features/7?x=1` });
        return res.end();
      }
      if (url.startsWith('/base/api/v1/away')) {
        res.writeHead(302, { location: 'https://login.example.com/session' });
        return res.end();
      }
      const json = JSON.stringify({
        features: Array.from({ length: 50 }, (_, i) => ({ id: String(i), name: `Feature number ${i}` })),
      });
      const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
      const payload = gzip ? zlib.gzipSync(json) : Buffer.from(json);
      res.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        ...(gzip ? { 'content-encoding': 'gzip' } : {}),
        'content-length': String(payload.byteLength),
        'x-ratelimit-limit': '300',
        'x-ratelimit-remaining': '299',
        link: `<http://127.0.0.1:${port}/base/api/v1/echo?page=2>; rel="next"`,
        'set-cookie': 'session=upstream-secret',
        'access-control-allow-origin': '*',
        'x-internal-trace': 'upstream-only',
        'keep-alive': 'timeout=5',
      });
      res.end(payload);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { server, port, seen };
}

const closeServer = (server: http.Server): Promise<void> =>
  new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });

/** A port nothing listens on: taken from the system, then freed. */
async function freePort(): Promise<number> {
  const s = http.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as AddressInfo).port;
  await closeServer(s);
  return port;
}

let upstream: TestService;
let proxy: TestService;
let recorder: Awaited<ReturnType<typeof recordingServer>>;
let viaRecorder: TestService;
let releaseId: string;

beforeAll(async () => {
  upstream = await startTestService();
  const staticDir = tempDir();
  fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Planner app</title>');
  proxy = await startTestService({
    service: {
      adminToken: PROXY_TOKEN,
      staticDir,
      upstream: { url: `${upstream.url}/api/v1`, token: TEST_TOKEN },
    },
  });
  recorder = await recordingServer();
  viaRecorder = await startTestService({
    seed: 'empty',
    service: {
      adminToken: PROXY_TOKEN,
      upstream: {
        url: `http://127.0.0.1:${recorder.port}/base/api/v1/`,
        token: 'upstream-token-abc',
        timeoutMs: 400,
      },
    },
  });
  const releases = await upstream.get<{ releases: { id: string; parking_lot: boolean }[] }>('/products/1/releases');
  const release = releases.body.releases.find((r) => !r.parking_lot);
  if (!release) throw new Error('demo seed has no scheduled release');
  releaseId = release.id;
});

afterAll(async () => {
  await viaRecorder.close();
  await closeServer(recorder.server);
  await proxy.close();
  await upstream.close();
});

describe('reads and writes reach the upstream', () => {
  it('no read workers or front door answer from the local database', () => {
    expect(proxy.service.readPool).toBeUndefined();
    expect(proxy.service.frontDoor).toBeUndefined();
  });

  it('a feature created on the upstream is read through the proxy, and says where it came from', async () => {
    const made = await upstream.request<{ feature: { id: string; reference_num: string; name: string } }>(
      'POST',
      `/releases/${releaseId}/features`,
      {
        feature: { name: 'Made on the upstream' },
      },
    );
    expect(made.status, made.text).toBe(200);
    const read = await proxy.get<{ feature: { id: string; name: string } }>(`/features/${made.body.feature.reference_num}`);
    expect(read.status, read.text).toBe(200);
    expect(read.body.feature).toMatchObject({ id: made.body.feature.id, name: 'Made on the upstream' });
    expect(read.headers.get('x-planner-upstream')).toBe(new URL(upstream.url).host);
    expect(read.headers.get('x-content-type-options')).toBe('nosniff');
    expect(read.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(read.headers.get('cache-control')).toBe('no-store');
    // The proxy's own database never had it.
    expect(await proxy.service.store.db.selectFrom('features').select('id').where('name', '=', 'Made on the upstream').execute()).toEqual(
      [],
    );
  });

  it('a feature created through the proxy lands on the upstream', async () => {
    const made = await proxy.request<{ feature: { id: string; name: string } }>('POST', `/releases/${releaseId}/features`, {
      feature: { name: 'Made through the proxy' },
    });
    expect(made.status, made.text).toBe(200);
    const there = await upstream.get<{ feature: { name: string } }>(`/features/${made.body.feature.id}`);
    expect(there.status).toBe(200);
    expect(there.body.feature.name).toBe('Made through the proxy');
    const updated = await proxy.request('PUT', `/features/${made.body.feature.id}`, {
      feature: { name: 'Renamed through the proxy' },
    });
    expect(updated.status, updated.text).toBe(200);
    expect((await upstream.get<{ feature: { name: string } }>(`/features/${made.body.feature.id}`)).body.feature.name).toBe(
      'Renamed through the proxy',
    );
  });

  it('query strings pass: paging and filters answer what the upstream answers', async () => {
    for (const query of ['?per_page=2&page=2', '?q=Made&fields=name,reference_num', '?per_page=1&page=3&fields=*']) {
      const direct = await upstream.get(`/features${query}`);
      const through = await proxy.get(`/features${query}`);
      expect(through.status, query).toBe(200);
      expect(through.body, query).toEqual(direct.body);
    }
  });

  it("the upstream's refusals come back unchanged: 422 with its field errors, 404, 400", async () => {
    const checks: [string, string, unknown][] = [
      ['POST', `/releases/${releaseId}/features`, { feature: { name: '' } }],
      ['GET', '/features/PLN-99999', undefined],
      ['GET', '/features?no_such_filter=1', undefined],
    ];
    for (const [method, p, body] of checks) {
      const direct = await upstream.request(method, p, body);
      const through = await proxy.request(method, p, body);
      expect(direct.status).toBeGreaterThanOrEqual(400);
      expect(through.status, `${method} ${p}`).toBe(direct.status);
      expect(through.body, `${method} ${p}`).toEqual(direct.body);
    }
    const invalid = await proxy.request<{ errors?: Record<string, string[]> }>('POST', `/releases/${releaseId}/features`, {
      feature: { name: '' },
    });
    expect(invalid.status).toBe(422);
    expect(Object.keys(invalid.body.errors ?? {})).toContain('name');
  });

  it('the API document stays local (public, no data) and the app is still served here', async () => {
    const doc = await proxy.request<{ openapi: string }>('GET', '/openapi.json', undefined, { token: null });
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toMatch(/^3\.1/);
    expect(doc.headers.get('x-planner-upstream')).toBeNull();
    const page = await fetch(`${proxy.url}/w/1/releases`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Planner app</title>');
  });
});

describe("callers need the proxy's own token", () => {
  it('no token or a wrong one is 401 from the proxy', async () => {
    expect((await proxy.request('GET', '/features', undefined, { token: null })).status).toBe(401);
    expect((await proxy.request('GET', '/features', undefined, { token: 'not-a-token-of-this-service' })).status).toBe(401);
  });

  it("the upstream's token is no key to the proxy, and the proxy's no key to the upstream", async () => {
    expect((await proxy.request('GET', '/features', undefined, { token: TEST_TOKEN })).status).toBe(401);
    expect((await upstream.request('GET', '/features', undefined, { token: PROXY_TOKEN })).status).toBe(401);
  });

  it('the upstream sees its own token, never the caller’s, and no cookies or hop-by-hop headers', async () => {
    const before = recorder.seen.length;
    const res = await rawRequest(viaRecorder.service.port, '/api/v1/echo?page=2&q=a%20b', {
      Authorization: `Bearer ${PROXY_TOKEN}`,
      Cookie: 'planner=caller-secret',
      Connection: 'keep-alive',
      'Keep-Alive': 'timeout=5',
      TE: 'trailers',
      'X-Forwarded-For': '10.0.0.1',
      Accept: 'application/json',
    });
    expect(res.status, res.text).toBe(200);
    const seen = recorder.seen.slice(before);
    expect(seen).toHaveLength(1);
    const got = seen[0] as Recorded;
    expect(got.url).toBe('/base/api/v1/echo?page=2&q=a%20b');
    expect(got.headers.authorization).toBe('Bearer upstream-token-abc');
    expect(JSON.stringify(got.headers)).not.toContain(PROXY_TOKEN);
    for (const name of ['cookie', 'te', 'keep-alive', 'x-forwarded-for', 'origin', 'referer'])
      expect(got.headers[name], name).toBeUndefined();
    expect(got.headers.accept).toBe('application/json');
    // What comes back: the upstream's rate-limit and Link headers (its link pointed back here),
    // never its cookies, CORS answer or private headers.
    expect(res.headers['x-ratelimit-limit']).toBe('300');
    expect(res.headers.link).toBe(`<${viaRecorder.url}/api/v1/echo?page=2>; rel="next"`);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['x-internal-trace']).toBeUndefined();
    expect(res.headers['x-planner-upstream']).toBe(`127.0.0.1:${recorder.port}`);
  });

  it('a path never climbs above the upstream base', async () => {
    const before = recorder.seen.length;
    for (const p of ['/api/v1/../../secret', '/api/v1/%2e%2e/%2e%2e/secret', '/api/v1/echo/../../../secret']) {
      const res = await rawRequest(viaRecorder.service.port, p, { Authorization: `Bearer ${PROXY_TOKEN}` });
      expect(res.status, p).not.toBe(200);
    }
    for (const got of recorder.seen.slice(before)) expect(got.url.startsWith('/base/api/v1'), got.url).toBe(true);
  });

  it('a body crosses with its method and type', async () => {
    const before = recorder.seen.length;
    const res = await viaRecorder.request('PUT', '/echo/1', { feature: { name: 'ü and 🚀' } });
    expect(res.status).toBe(200);
    const got = recorder.seen[before] as Recorded;
    expect(got.method).toBe('PUT');
    expect(got.headers['content-type']).toBe('application/json');
    expect(JSON.parse(got.body)).toEqual({ feature: { name: 'ü and 🚀' } });
  });

  it('a body over PLANNER_MAX_BODY is refused here (413) and never sent', async () => {
    const before = recorder.seen.length;
    const res = await viaRecorder.request('POST', '/echo', undefined, {
      rawBody: 'x'.repeat(1024 * 1024 + 1),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(recorder.seen.length).toBe(before);
  });
});

describe('what the upstream answers, as it answers it', () => {
  it('a compressed answer passes through with its coding; a client without one gets it plain', async () => {
    const zipped = await rawRequest(viaRecorder.service.port, '/api/v1/echo', {
      Authorization: `Bearer ${PROXY_TOKEN}`,
      'Accept-Encoding': 'gzip',
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    const plain = await rawRequest(viaRecorder.service.port, '/api/v1/echo', {
      Authorization: `Bearer ${PROXY_TOKEN}`,
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.text)).toMatchObject({ features: expect.any(Array) as unknown });
    // fetch decodes what it asked for.
    const fetched = await viaRecorder.get<{ features: unknown[] }>('/echo');
    expect(fetched.body.features).toHaveLength(50);
  });

  it("redirects are not followed: one into the upstream's API points back here, any other stays", async () => {
    const moved = await rawRequest(viaRecorder.service.port, '/api/v1/moved', {
      Authorization: `Bearer ${PROXY_TOKEN}`,
    });
    expect(moved.status).toBe(302);
    expect(moved.headers.location).toBe(`${viaRecorder.url}/api/v1/features/7?x=1`);
    const away = await rawRequest(viaRecorder.service.port, '/api/v1/away', {
      Authorization: `Bearer ${PROXY_TOKEN}`,
    });
    expect(away.status).toBe(302);
    expect(away.headers.location).toBe('https://login.example.com/session');
  });

  it("a 401 from upstream is this service's fault (its upstream token): 502 naming it", async () => {
    const res = await viaRecorder.get<{ error: string }>('/refuse');
    expect(res.status).toBe(502);
    expect(res.body.error).toContain('PLANNER_UPSTREAM_TOKEN');
    expect(res.body.error).not.toContain('upstream-token-abc');
  });

  it('an upstream that does not answer within the timeout is 504 JSON', async () => {
    const started = Date.now();
    const res = await viaRecorder.get<{ error: string }>('/silent');
    expect(res.status).toBe(504);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.body.error).toContain(`127.0.0.1:${recorder.port}`);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('an upstream that is down is 502 JSON naming its host', async () => {
    const port = await freePort();
    const down = await startTestService({
      seed: 'empty',
      service: { adminToken: PROXY_TOKEN, upstream: { url: `http://127.0.0.1:${port}`, token: 'x' } },
    });
    try {
      const res = await down.get<{ error: string }>('/me');
      expect(res.status).toBe(502);
      expect(res.body.error).toContain(`127.0.0.1:${port}`);
      expect(res.headers.get('x-planner-upstream')).toBe(`127.0.0.1:${port}`);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    } finally {
      await down.close();
    }
  });
});

describe('configuration (PLANNER_UPSTREAM, PLANNER_UPSTREAM_TOKEN)', () => {
  it('takes an http(s) API base with its token; empty is off', () => {
    const env = readEnv({ PLANNER_UPSTREAM: 'https://company.aha.io/api/v1', PLANNER_UPSTREAM_TOKEN: 'abc' });
    expect(env.PLANNER_UPSTREAM).toBe('https://company.aha.io/api/v1');
    expect(env.PLANNER_UPSTREAM_TIMEOUT_MS).toBe(30_000);
    expect(readEnv({ PLANNER_UPSTREAM: '' }).PLANNER_UPSTREAM).toBeUndefined();
  });

  it.each([
    [{ PLANNER_UPSTREAM: 'https://company.aha.io/api/v1' }, /PLANNER_UPSTREAM_TOKEN: is required/],
    [{ PLANNER_UPSTREAM: 'ftp://company.aha.io', PLANNER_UPSTREAM_TOKEN: 'a' }, /PLANNER_UPSTREAM: must be an http\(s\) URL/],
    [{ PLANNER_UPSTREAM: 'company.aha.io', PLANNER_UPSTREAM_TOKEN: 'a' }, /is not a URL/],
    [{ PLANNER_UPSTREAM: 'https://me:secret@company.aha.io', PLANNER_UPSTREAM_TOKEN: 'a' }, /must not hold credentials/],
    [
      {
        PLANNER_UPSTREAM: 'https://company.aha.io/api/v1',
        PLANNER_UPSTREAM_TOKEN: 'a',
        PLANNER_UPSTREAM_TIMEOUT_MS: '5',
      },
      /at least 100 ms/,
    ],
  ])('refuses %o with a message naming the problem', (source, message) => {
    expect(() => readEnv(source)).toThrow(message);
  });
});
