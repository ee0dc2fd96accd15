// The service behind a reverse proxy (issue 29, part 5), over real sockets from loopback
// addresses: 127.0.0.1 is the trusted proxy (PLANNER_TRUSTED_PROXIES), 127.0.0.2 an untrusted
// peer. Per-address limits count the client the proxy names — never the left-most entries a
// client wrote itself, never what an untrusted peer claims; the proxy's connections are not held to
// the per-address cap; HSTS is sent on https requests only (direct, or as a trusted proxy says) or
// when the public URL is https; and the portal takes writes whose Origin is the host alias the
// request was made to (localhost, [::1], PLANNER_ALLOWED_HOSTS), and no other.
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRateLimit } from './http/rate-limit';
import type { RateWindow } from './http/rate-limit';
import { TEST_TOKEN, startTestService } from './test/harness';
import type { TestService } from './test/harness';

const windows = (text: string): RateWindow[] => {
  const w = parseRateLimit(text);
  if (typeof w === 'string') throw new Error(w);
  return w;
};

const PROXY = '127.0.0.1';
const STRANGER = '127.0.0.2';

let proxied: TestService;
let httpsSite: TestService;
const sent: { to: string; link: string }[] = [];

beforeAll(async () => {
  [proxied, httpsSite] = await Promise.all([
    startTestService({
      service: {
        trustedProxies: [PROXY],
        authFailureLimit: windows('3/min'),
        allowedHosts: ['planner.internal'],
        connections: { maxConnectionsPerIp: 2 },
        portal: {
          limits: { submit: windows('100/min') },
          deliver: (m) => {
            sent.push({ to: m.to, link: m.link });
            return Promise.resolve('log');
          },
        },
      },
    }),
    startTestService({ service: { publicUrl: 'https://planner.example.com' } }),
  ]);
  // Two services seeding at once: generous for a busy machine.
}, 90_000);

afterAll(async () => {
  await Promise.all([proxied.close(), httpsSite.close()]);
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** One request on a connection of its own, from `from`, with exactly these headers. */
function send(
  service: TestService,
  init: { from?: string; path?: string; method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  const { port } = new URL(service.url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        localAddress: init.from ?? PROXY,
        path: init.path ?? '/api/v1/me',
        method: init.method ?? 'GET',
        headers: { Host: `127.0.0.1:${port}`, ...init.headers },
        agent: false,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

const wrongToken = (n: number | string) => ({ Authorization: `Bearer wrong-token-${n}-0123456789` });

describe('per-address limits behind a trusted proxy', () => {
  it('count the client the proxy names: apart for two clients, spoofed entries and untrusted claims ignored', async () => {
    const alice = { 'X-Forwarded-For': '198.51.100.1' };
    for (let i = 0; i < 3; i++) expect((await send(proxied, { headers: { ...alice, ...wrongToken(i) } })).status).toBe(401);
    expect((await send(proxied, { headers: { ...alice, ...wrongToken('x') } })).status).toBe(429);
    // Another client behind the same proxy has its own bucket (before: one bucket, the proxy's).
    expect((await send(proxied, { headers: { 'X-Forwarded-For': '198.51.100.2', ...wrongToken('b') } })).status).toBe(401);
    // An IPv6 client too.
    expect((await send(proxied, { headers: { 'X-Forwarded-For': '2001:db8::7', ...wrongToken('v6') } })).status).toBe(401);
    // Alice writing another address in front of hers: the proxy appended hers, which counts.
    const spoofed = { 'X-Forwarded-For': '203.0.113.77, 198.51.100.1', ...wrongToken('s') };
    expect((await send(proxied, { headers: spoofed })).status).toBe(429);
    // Her valid token is answered all the same.
    expect((await send(proxied, { headers: { ...alice, Authorization: `Bearer ${TEST_TOKEN}` } })).status).toBe(200);

    // A peer that is not a trusted proxy is counted by its own address, whatever it claims.
    for (let i = 0; i < 3; i++) {
      const claim = { 'X-Forwarded-For': `192.0.2.${i + 1}`, ...wrongToken(`u${i}`) };
      expect((await send(proxied, { from: STRANGER, headers: claim })).status).toBe(401);
    }
    expect((await send(proxied, { from: STRANGER, headers: { 'X-Forwarded-For': '192.0.2.99', ...wrongToken('u') } })).status).toBe(429);
  });

  it('leave the proxy’s own connections out of the per-address cap; other peers are held to it', async () => {
    const { port } = new URL(proxied.url);
    const open = (from: string) =>
      new Promise<net.Socket>((resolve, reject) => {
        const socket = net.connect({ host: '127.0.0.1', port: Number(port), localAddress: from }, () => resolve(socket));
        socket.on('error', reject);
      });
    const fromProxy = await Promise.all([0, 1, 2, 3].map(() => open(PROXY)));
    const fromStranger = await Promise.all([0, 1].map(() => open(STRANGER)));
    try {
      // The proxy, holding four, still gets answers (cap: 2).
      expect((await send(proxied, { headers: { Authorization: `Bearer ${TEST_TOKEN}` } })).status).toBe(200);
      // The stranger, holding two, is cut at once.
      await expect(send(proxied, { from: STRANGER, headers: { Authorization: `Bearer ${TEST_TOKEN}` } })).rejects.toThrow();
    } finally {
      for (const s of [...fromProxy, ...fromStranger]) s.destroy();
    }
  });
});

describe('Strict-Transport-Security', () => {
  const hsts = (a: Answer) => a.headers['strict-transport-security'];
  const me = { Authorization: `Bearer ${TEST_TOKEN}` };

  it('is sent when a trusted proxy says the request came over https, on every kind of answer', async () => {
    const https = { 'X-Forwarded-For': '198.51.100.20', 'X-Forwarded-Proto': 'https' };
    // A read (read worker: first through the app, then the read fast path once the token is remembered).
    for (let i = 0; i < 2; i++) expect(hsts(await send(proxied, { headers: { ...https, ...me } }))).toMatch(/max-age=\d+/);
    // An answer of the main thread (401), the API document, and the portal.
    expect(hsts(await send(proxied, { headers: https }))).toMatch(/max-age/);
    expect(hsts(await send(proxied, { path: '/api/v1/openapi.json', headers: https }))).toMatch(/max-age/);
    expect(hsts(await send(proxied, { path: '/portal/none/api', headers: https }))).toMatch(/max-age/);
  });

  it('is not sent over plain http, nor when an untrusted peer claims https', async () => {
    for (const headers of [{}, { 'X-Forwarded-Proto': 'http' }] as Record<string, string>[]) {
      for (let i = 0; i < 2; i++) expect(hsts(await send(proxied, { headers: { ...headers, ...me } }))).toBeUndefined();
      expect(hsts(await send(proxied, { headers }))).toBeUndefined();
      expect(hsts(await send(proxied, { path: '/portal/none/api', headers }))).toBeUndefined();
    }
    expect(hsts(await send(proxied, { from: STRANGER, headers: { 'X-Forwarded-Proto': 'https', ...me } }))).toBeUndefined();
    expect(hsts(await send(proxied, { from: STRANGER, headers: { 'X-Forwarded-Proto': 'https' } }))).toBeUndefined();
  });

  it('is always sent when the public URL is https', async () => {
    expect(hsts(await send(httpsSite, { headers: me }))).toMatch(/max-age/);
    expect(hsts(await send(httpsSite))).toMatch(/max-age/);
  });
});

describe('portal writes on the host aliases', () => {
  let key: string;
  let cookie: string;
  let csrf: string;

  beforeAll(async () => {
    const made = await proxied.request<{ idea_portal: { subdomain: string } }>('POST', '/idea_portals', {
      idea_portal: { product_id: 'PLN', title: 'Aliases portal' },
    });
    key = made.body.idea_portal.subdomain;
    const json = { 'Content-Type': 'application/json' };
    const asked = await send(proxied, {
      method: 'POST',
      path: `/portal/${key}/api/sign_in`,
      headers: json,
      body: '{"email":"alias@example.com"}',
    });
    expect(asked.status).toBe(202);
    const token = new URL(sent.find((m) => m.to === 'alias@example.com')?.link ?? 'http://x').searchParams.get('token') ?? '';
    const session = await send(proxied, {
      method: 'POST',
      path: `/portal/${key}/api/session`,
      headers: json,
      body: JSON.stringify({ token }),
    });
    expect(session.status).toBe(200);
    cookie = String(session.headers['set-cookie']?.[0] ?? '').split(';')[0] ?? '';
    csrf = (JSON.parse(session.text) as { viewer: { csrf_token: string } }).viewer.csrf_token;
  });

  const write = (host: string, origin: string, extra: Record<string, string> = {}) =>
    send(proxied, {
      method: 'POST',
      path: `/portal/${key}/api/ideas`,
      headers: { Host: host, Origin: origin, Cookie: cookie, 'X-CSRF-Token': csrf, 'Content-Type': 'application/json', ...extra },
      body: JSON.stringify({ name: `From ${origin}` }),
    });

  it('take the Origin of the alias the request was made to', async () => {
    const port = new URL(proxied.url).port;
    for (const host of [`localhost:${port}`, `[::1]:${port}`, `127.0.0.1:${port}`, `planner.internal:${port}`, 'planner.internal']) {
      const res = await write(host, `http://${host}`);
      expect(res.status, `${host}: ${res.text}`).toBe(201);
    }
    // Behind a trusted proxy terminating TLS: the https origin of the alias.
    expect((await write('planner.internal', 'https://planner.internal', { 'X-Forwarded-Proto': 'https' })).status).toBe(201);
  });

  it('refuse any other Origin: another site, another port, another scheme, another alias', async () => {
    const port = new URL(proxied.url).port;
    for (const [host, origin] of [
      [`localhost:${port}`, 'https://evil.example'],
      [`localhost:${port}`, 'http://localhost:1'],
      [`localhost:${port}`, `https://localhost:${port}`],
      [`localhost:${port}`, `http://[::1]:${port}`],
      ['planner.internal', 'null'],
    ] as const) {
      const res = await write(host, origin);
      expect(res.status, `${host} / ${origin}`).toBe(403);
    }
    // An untrusted peer claiming https does not make an https origin its own.
    const res = await send(proxied, {
      from: STRANGER,
      method: 'POST',
      path: `/portal/${key}/api/ideas`,
      headers: {
        Host: 'planner.internal',
        Origin: 'https://planner.internal',
        'X-Forwarded-Proto': 'https',
        Cookie: cookie,
        'X-CSRF-Token': csrf,
        'Content-Type': 'application/json',
      },
      body: '{"name":"Spoofed scheme"}',
    });
    expect(res.status).toBe(403);
  });
});
