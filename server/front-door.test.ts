// The read fast path (server/http/front-door.ts): a remembered token's GET goes from Node's request
// straight to a read worker, and its answer is the one the app gives — status, body and headers;
// whatever the path cannot be sure of (first-seen or revoked tokens, other hosts, CORS, limits,
// unusual URLs) is left to the app and answered as before.
import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mintToken } from './auth';
import { parseRateLimit } from './http/rate-limit';
import type { RateWindow } from './http/rate-limit';
import { startService } from './start';
import type { RunningService } from './start';
import { TEST_TOKEN, rawRequest, tempDirs } from './test/harness';
import type { RawAnswer } from './test/harness';

const raw = (service: RunningService, p: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawAnswer> =>
  rawRequest(service.port, p, headers, method);

function windows(text: string): RateWindow[] {
  const parsed = parseRateLimit(text);
  if (typeof parsed === 'string') throw new Error(parsed);
  return parsed;
}

/** Headers that differ between two answers to the same request by nature, not by path. */
const VARYING = new Set(['date', 'x-ratelimit-remaining', 'x-ratelimit-reset']);
const steady = (h: http.IncomingHttpHeaders): Record<string, unknown> =>
  Object.fromEntries(Object.entries(h).filter(([n]) => !VARYING.has(n)));

const dataDir = tempDirs('planner-door-');
let service: RunningService;
let door: NonNullable<RunningService['frontDoor']>;

beforeAll(async () => {
  service = await startService({
    dataDir: dataDir(),
    port: 0,
    adminToken: TEST_TOKEN,
    seed: 'demo',
    readWorkers: 1,
    // A bucket that refills slowly (one request per 86 s): the remaining count a test compares
    // between two requests must not grow back in between, however slow the machine.
    rateLimit: windows('1000/d'),
    corsOrigins: ['http://other.test'],
  });
  if (!service.frontDoor) throw new Error('a service with read workers has the read fast path');
  door = service.frontDoor;
});
afterAll(async () => {
  await service.close();
});

/** A token no request has used yet: its first request goes through the app, which remembers it. */
async function freshToken(): Promise<string> {
  const admin = await service.store.db.selectFrom('users').select('id').where('administrator', '=', 1).executeTakeFirstOrThrow();
  return mintToken(service.store.db, admin.id, 'front-door.test');
}

describe('the read fast path', () => {
  it('answers a remembered token as the app does: same status, body and headers', async () => {
    const token = await freshToken();
    const auth = { Authorization: `Bearer ${token}` };
    for (const p of [
      '/api/v1/features/PLN-1',
      '/api/v1/products/PLN/features?per_page=3',
      '/api/v1/features/999999',
      '/api/v1/no-such-route',
    ]) {
      const before = door.taken;
      const viaApp = await raw(service, p, auth);
      const takenAfterApp = door.taken;
      const viaDoor = await raw(service, p, auth);
      // The very first request of the token is the app's (it learns the token); afterwards the door's.
      if (p === '/api/v1/features/PLN-1') expect(takenAfterApp).toBe(before);
      expect(door.taken).toBe(takenAfterApp + 1);
      expect(viaDoor.status).toBe(viaApp.status);
      expect(viaDoor.text).toBe(viaApp.text);
      expect(steady(viaDoor.headers)).toEqual(steady(viaApp.headers));
      expect(Number(viaDoor.headers['x-ratelimit-remaining'])).toBe(Number(viaApp.headers['x-ratelimit-remaining']) - 1);
    }
    const shown = await raw(service, '/api/v1/features/PLN-1', auth);
    expect(shown.status).toBe(200);
    expect(shown.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(shown.headers['content-length']).toBe(String(Buffer.byteLength(shown.text)));
    expect(shown.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(shown.headers['cache-control']).toBe('no-store');
  });

  it('leaves to the app what it cannot be sure of, which answers as before', async () => {
    const auth = { Authorization: `Bearer ${TEST_TOKEN}` };
    expect((await raw(service, '/api/v1/me', auth)).status).toBe(200); // remembered from here on
    const before = door.taken;
    // Another host name: refused by the host check, token or not.
    const rebound = await raw(service, '/api/v1/me', { ...auth, Host: 'evil.example' });
    expect(rebound.status).toBe(421);
    // A cross-origin read: the app's CORS step answers it.
    const cross = await raw(service, '/api/v1/me', { ...auth, Origin: 'http://other.test' });
    expect(cross.status).toBe(200);
    expect(cross.headers['access-control-allow-origin']).toBe('http://other.test');
    // Dot segments and escapes: the URL the app normalises.
    expect((await raw(service, '/api/v1/products/../me', auth)).status).toBe(200);
    // HEAD, a write, no token, an unknown token.
    expect((await raw(service, '/api/v1/me', auth, 'HEAD')).status).toBe(200);
    expect((await raw(service, '/api/v1/me', auth, 'DELETE')).status).toBe(404);
    expect((await raw(service, '/api/v1/me')).status).toBe(401);
    expect((await raw(service, '/api/v1/me', { Authorization: 'Bearer not-a-token-0123456789' })).status).toBe(401);
    expect(door.taken).toBe(before);
    expect((await raw(service, '/api/v1/me', auth)).status).toBe(200);
    expect(door.taken).toBe(before + 1);
  });

  it('refuses a revoked token on its very next request', async () => {
    const token = await freshToken();
    const auth = { Authorization: `Bearer ${token}` };
    expect((await raw(service, '/api/v1/me', auth)).status).toBe(200);
    expect((await raw(service, '/api/v1/me', auth)).status).toBe(200);
    const taken = door.taken;
    await service.store.db.deleteFrom('api_tokens').where('label', '=', 'front-door.test').execute();
    const refused = await raw(service, '/api/v1/me', auth);
    expect(refused.status).toBe(401);
    expect(door.taken).toBe(taken);
  });

  it('counts its reads in the same buckets as the app, and leaves the 429 to it', async () => {
    const limited = await startService({
      dataDir: dataDir(),
      port: 0,
      adminToken: TEST_TOKEN,
      seed: 'empty',
      readWorkers: 1,
      rateLimit: windows('3/min'),
    });
    try {
      const auth = { Authorization: `Bearer ${TEST_TOKEN}` };
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await raw(limited, '/api/v1/me', auth));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429]);
      expect(answers.slice(0, 3).map((a) => a.headers['x-ratelimit-remaining'])).toEqual(['2', '1', '0']);
      expect(answers[3]?.headers['retry-after']).toMatch(/^[1-9]\d*$/);
      expect(answers[3]?.text).toMatch(/at most 3 requests per minute/);
      // The first was the app's (it learnt the token), the next two the door's, the refusal the app's.
      expect(limited.frontDoor?.taken).toBe(2);
    } finally {
      await limited.close();
    }
  });
});
