// Junk requests, as an attacker would send them, at every row of the route table: malformed paths,
// ids and percent-escapes, query parameters, bodies (bad JSON, wrong types in every field, deep
// nesting, huge strings, broken multipart) and headers. Bounded (a few thousand requests, seeded so a
// failure can be replayed) and asserting that nothing answers 5xx and every refusal is the one JSON
// error shape.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../src/contract/common';
import { apiRoutes } from './api-routes';
import { envelopeParts } from './http/record';
import type { AnyRoute } from './http/route-table';
import { startTestService, TEST_TOKEN } from './test/harness';
import type { TestService } from './test/harness';
import { seededRandom } from './seed/random';

const REQUESTS = 3_000;
const PARALLEL = 8;
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

let t: TestService;
const valid: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestService();
  const db = t.service.store.db;
  const key = async (table: 'features' | 'releases' | 'epics' | 'initiatives' | 'goals' | 'requirements') =>
    (await db.selectFrom(table).select('reference_num').orderBy('id', 'desc').executeTakeFirstOrThrow()).reference_num;
  Object.assign(valid, {
    products: 'PLN',
    users: '2',
    teams: 'WEB',
    release_phases: String((await db.selectFrom('release_phases').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()).id),
    custom_field_definitions: '1',
    releases: await key('releases'),
    features: await key('features'),
    requirements: await key('requirements'),
    epics: await key('epics'),
    initiatives: await key('initiatives'),
    goals: await key('goals'),
  });
});

afterAll(async () => {
  await t.close();
});

const rand = seededRandom(SEED);
const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;
const chance = (p: number): boolean => rand() < p;

/** Path segments as sent, unencoded: broken percent-escapes, NULs, dots, overlong numbers. */
const PATH_JUNK = [
  '%20' + '1', '1%20', '%2B1', '-1', '0', '01', '1.0', '0x1', '1e3', '%D9%A1', '%EF%BC%91', '9007199254740993',
  '9'.repeat(400), '%', '%ZZ', '%E0%A4%A', '%C0%AF', '%00', '%FF%FE', 'PLN-%00', '%2e%2e', '..%2F..%2Fetc', 'PLN-1%0A',
  "'%20OR%201=1", '%3Cscript%3E', 'null', 'undefined', 'NaN', 'Infinity', '%F0%9F%98%80', 'pln-r-1', 'PLN-E-0', 'a'.repeat(300),
];

/** Values for any field or parameter. */
const VALUES: unknown[] = [
  null, true, false, 0, -1, 1.5, 1e308, -1e308, 2 ** 63, '', ' ', 'x'.repeat(5_000), '2020-02-30', '9999-99-99', '2020-01-01',
  [], [null], [{}], {}, { name: {} }, { name: 'Done' }, { email: 7 }, 'PLN-1', '1', '../../etc/passwd', '<script>alert(1)</script>',
  '\u0000', '\ud800', 'é'.repeat(300), [1, 2, 3], Array.from({ length: 600 }, (_, i) => i), '1,2,3', 'progress_manual', 'time',
  'phase', 'milestone', '#fff', '#4f7cac', '5d', '5p', '-5d', '1e400p', 'tag,'.repeat(600),
];

/** A value nested `depth` levels down, arrays or objects. */
const deep = (depth: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
};

const QUERY_VALUES = [
  '', ' ', 'abc', '-1', '0', '1e309', '99999999999999999999', '1.5', '%', '%ZZ', '%00', '*', 'x'.repeat(3_000), 'null', 'true',
  'é', '%F0%9F%98%80', '2020-13-45', 'PLN', 'a,b,,c', '[]', '{}',
];

interface Junk {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | FormData;
  what: string;
}

function pathFor(row: AnyRoute, spoil: boolean): string {
  const segments = row.path.split('/');
  const params = segments.flatMap((s, i) => (/^\{.+\}$/.test(s) ? [i] : []));
  const spoilt = spoil && params.length ? pick(params) : -1;
  return segments
    .map((s, i) => {
      if (!/^\{.+\}$/.test(s)) return s;
      if (i === spoilt) return pick(PATH_JUNK);
      // Deletes aim at records that do not exist, so the others keep reaching the stores' rules.
      if (row.method === 'delete' && i === segments.length - 1) return '999999';
      return encodeURIComponent(valid[segments[i - 1] ?? ''] ?? '1');
    })
    .join('/');
}

function queryFor(row: AnyRoute): string {
  const names = [...Object.keys(row.query?.shape ?? {}), 'custom_fields[risk]', 'custom_fields[]', 'custom_fields[a][b]', 'unknown', 'page'];
  const pairs: string[] = [];
  const count = 1 + Math.floor(rand() * 4);
  for (let i = 0; i < count; i++) pairs.push(`${pick(names)}=${pick(QUERY_VALUES)}`);
  if (chance(0.1)) pairs.push(...Array.from({ length: 50 }, () => 'page=1'));
  return `?${pairs.join('&')}`;
}

function bodyFor(row: AnyRoute): { body: string | FormData; headers: Record<string, string>; what: string } {
  const json = { 'Content-Type': 'application/json' };
  const roll = rand();
  if (!row.body || roll < 0.15) {
    return pick([
      { body: '{', headers: json, what: 'truncated JSON' },
      { body: '[]', headers: json, what: 'array' },
      { body: 'null', headers: json, what: 'null' },
      { body: '"text"', headers: json, what: 'string' },
      { body: '{"a":1,"a":2}', headers: json, what: 'duplicate keys' },
      { body: JSON.stringify(deep(3_000)), headers: json, what: 'deep nesting' },
      { body: 'name=x', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, what: 'form' },
      { body: 'plain', headers: { 'Content-Type': 'text/plain' }, what: 'text/plain' },
      { body: '{}', headers: { 'Content-Type': 'application/json; charset=utf-16' }, what: 'charset' },
      { body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n', headers: { 'Content-Type': 'multipart/form-data; boundary=x' }, what: 'broken multipart' },
      { body: 'junk', headers: { 'Content-Type': 'multipart/form-data' }, what: 'multipart without boundary' },
      { body: '\u0000\u0001\u0002', headers: json, what: 'binary' },
    ]);
  }
  const { key, schema } = envelopeParts(row.body);
  const fields = Object.keys(schema.shape);
  const record: Record<string, unknown> = {};
  const count = 1 + Math.floor(rand() * 5);
  for (let i = 0; i < count; i++) record[chance(0.9) ? pick(fields) : pick(['id', 'position', 'total_capacity', 'x', '__proto__', 'constructor'])] = chance(0.05) ? deep(200) : pick(VALUES);
  if (chance(0.3)) record.name = `Fuzz ${Math.floor(rand() * 1e6)}`;
  if (roll < 0.25) {
    const form = new FormData();
    for (const [field, value] of Object.entries(record)) form.append(`${key}[${field}]`, typeof value === 'string' ? value : JSON.stringify(value) ?? '');
    if (chance(0.3)) form.append(`${key}[a][b][c]`, 'nested');
    if (chance(0.3)) form.append(key, 'flat');
    return { body: form, headers: {}, what: `multipart ${Object.keys(record).join(',')}` };
  }
  const envelope: Record<string, unknown> = chance(0.9) ? { [key]: record } : { [key]: pick(VALUES) };
  if (chance(0.2)) envelope.fields = pick(VALUES);
  return { body: JSON.stringify(envelope), headers: json, what: `body ${Object.keys(record).join(',')}` };
}

function junkFor(row: AnyRoute): Junk {
  const kind = rand();
  const method = chance(0.03) ? pick(['PATCH', 'OPTIONS', 'HEAD']) : row.method.toUpperCase();
  const headers: Record<string, string> = { Authorization: `Bearer ${TEST_TOKEN}` };
  if (chance(0.05)) {
    headers.Authorization = pick(['', 'Bearer', 'Bearer ', 'Basic YWRtaW46YWRtaW4=', `Bearer ${'x'.repeat(4_000)}`, 'Bearer a b', `bearer ${TEST_TOKEN}x`]);
  }
  if (chance(0.05)) headers.Accept = pick(['text/html', '*/*;q=0', 'application/xml', '']);
  const spoilPath = kind < 0.3;
  const path = `/api/v1${pathFor(row, spoilPath)}${kind >= 0.3 && kind < 0.55 ? queryFor(row) : ''}`;
  const hasBody = method !== 'GET' && method !== 'HEAD' && (row.body !== undefined || chance(0.3));
  if (!hasBody) return { method, path, headers, what: spoilPath ? 'path' : 'query' };
  const body = bodyFor(row);
  return { method, path, headers: { ...headers, ...body.headers }, body: body.body, what: body.what };
}

describe('junk requests at every route', () => {
  it(`answer ${REQUESTS} of them without a 5xx, each refusal in the JSON error shape`, { timeout: 60_000 }, async () => {
    const rows = apiRoutes as readonly AnyRoute[];
    const junk = Array.from({ length: REQUESTS }, (_, i) => junkFor(rows[i % rows.length] as AnyRoute));
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    for (let i = 0; i < junk.length; i += PARALLEL) {
      await Promise.all(
        junk.slice(i, i + PARALLEL).map(async (j) => {
          const label = `${j.method} ${j.path.slice(0, 120)} (${j.what})`;
          try {
            const res = await fetch(`${t.url}${j.path}`, { method: j.method, headers: j.headers, body: j.body ?? null });
            const text = await res.text();
            statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
            if (res.status >= 500) failures.push(`${res.status} ${label}: ${text.slice(0, 200)}`);
            else if (res.status >= 400 && j.method !== 'HEAD') {
              let parsed: unknown = null;
              try {
                parsed = JSON.parse(text);
              } catch {
                // reported below
              }
              if (!errorBodySchema.safeParse(parsed).success) failures.push(`${res.status} not the error shape ${label}: ${text.slice(0, 200)}`);
            }
          } catch (err) {
            failures.push(`no answer ${label}: ${err instanceof Error ? err.message : String(err)}`);
          }
        }),
      );
    }
    expect(failures.slice(0, 20), `seed ${SEED}`).toEqual([]);
    // The junk reached past the checks too: some answers are successes, most are refusals.
    const ok = [...statuses].filter(([s]) => s < 300).reduce((n, [, c]) => n + c, 0);
    expect(ok).toBeGreaterThan(50);
    expect([...statuses.keys()]).toEqual(expect.arrayContaining([400, 401, 404, 422]));
  });
});

/** Request targets fetch would normalise or refuse: sent as bytes on a socket. */
const RAW_TARGETS = [
  '/api/v1/features/%', '/api/v1/features/%ZZ', '/api/v1/features/%E0%A4%A', '/api/v1/features/1/../2', '/api/v1//features',
  '/api/v1/./features', '/api/v1/features/1?%', '/api/v1/features?page=%', '/api/v1/features?page=1&page=2', '*',
  'http://evil.example/api/v1/features', '//evil.example/api/v1/features', '/api/v1/features/\u0001', '/api/v1/features/1#frag',
  `/api/v1/features/${'A'.repeat(10_000)}`, '/api/v1/features/\u00e9', '/api/v1/features/%u0031', '/api/v1/features/1%2F2',
  '/api/v1/products/PLN/features?fields=%2A', '/api/v1/../../etc/passwd', '/api/v1/features/ 1', '/', '/w/1/features/%',
  '/assets/%', '/assets/../../package.json', '/api/v1/openapi.json?%',
];
const RAW_HOSTS = (port: number) => [`127.0.0.1:${port}`, 'evil.example', '', `127.0.0.1:${port}, evil.example`, `[::1]:${port}`, 'a'.repeat(300)];

/** One request on its own connection; the status line's code, or 0 when the server closed without one. */
function rawStatus(port: number, head: string, body = ''): Promise<number> {
  return new Promise((resolve, reject) => {
    // Written, not ended: Node's server drops a half-closed connection's answer still being made
    // (one waiting on the database), and `Connection: close` makes the server close it after.
    const socket = net.connect(port, '127.0.0.1', () => socket.write(Buffer.concat([Buffer.from(head, 'utf8'), Buffer.from(body, 'utf8')])));
    let text = '';
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer in 10 s')));
    socket.on('data', (chunk) => (text += chunk.toString('latin1')));
    socket.on('end', () => resolve(Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0)));
    socket.on('error', reject);
  });
}

describe('junk request lines and Host headers', () => {
  it('are answered below 500 (the HTTP parser or the app refuses them)', { timeout: 60_000 }, async () => {
    const port = t.service.port;
    const failures: string[] = [];
    const seen = new Set<number>();
    for (const target of RAW_TARGETS) {
      for (const host of RAW_HOSTS(port)) {
        for (const method of ['GET', 'PUT', 'DELETE']) {
          const body = method === 'PUT' ? '{"feature":{"name":"x"}}' : '';
          const head =
            `${method} ${target} HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${TEST_TOKEN}\r\nConnection: close\r\n` +
            (body ? `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` : '') +
            '\r\n';
          const status = await rawStatus(port, head, body).catch(() => -1);
          seen.add(status);
          if (status >= 500 || status < 0) failures.push(`${status} ${method} ${target.slice(0, 60)} Host: ${host.slice(0, 40)}`);
        }
      }
    }
    expect(failures.slice(0, 20)).toEqual([]);
    expect([...seen]).toEqual(expect.arrayContaining([200, 400, 404, 421]));
  });
});
