// JSON answers compressed by the middleware, and through the service itself: above the threshold
// in the best coding the client takes, below it or for errors or without Accept-Encoding as they
// are; the decompressed body is the same JSON.
import http from 'node:http';
import zlib from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, TEST_TOKEN, type TestService } from '../test/harness';
import { COMPRESS_THRESHOLD, compressJson } from './compress';

const big = { items: Array.from({ length: 60 }, (_, i) => ({ id: String(i), name: `Feature number ${i}` })) };
const small = { id: '1', name: 'small' };

const app = new Hono();
app.use('*', compressJson());
app.get('/big', (c) => c.json(big));
app.get('/small', (c) => c.json(small));
app.get('/created', (c) => c.json(big, 201));
app.get('/error', (c) => c.json({ error: 'x'.repeat(4000) }, 422));
app.get('/text', (c) => c.text('t'.repeat(4000)));

const get = (p: string, acceptEncoding?: string) =>
  app.request(p, { headers: acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding } });

describe('compressJson', () => {
  it('compresses a JSON answer above the threshold with brotli when the client takes it', async () => {
    expect(JSON.stringify(big).length).toBeGreaterThan(COMPRESS_THRESHOLD);
    const res = await get('/big', 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = Buffer.from(await res.arrayBuffer());
    expect(res.headers.get('content-length')).toBe(String(body.byteLength));
    expect(body.byteLength).toBeLessThan(JSON.stringify(big).length / 3);
    expect(JSON.parse(zlib.brotliDecompressSync(body).toString())).toEqual(big);
  });

  it('uses gzip for a client without brotli, also on a 201', async () => {
    const res = await get('/created', 'gzip');
    expect(res.status).toBe(201);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(Buffer.from(await res.arrayBuffer())).toString())).toEqual(big);
  });

  it('sends the JSON as it is without Accept-Encoding, or with only codings it does not make', async () => {
    for (const accept of [undefined, '', 'identity', 'deflate', 'br;q=0, gzip;q=0']) {
      const res = await get('/big', accept);
      expect(res.headers.get('content-encoding'), String(accept)).toBeNull();
      expect(res.headers.get('vary'), String(accept)).toBe('Accept-Encoding');
      expect(await res.json(), String(accept)).toEqual(big);
    }
  });

  it('leaves an answer that was negotiated further in as it is (a read worker behind the main app)', async () => {
    const outer = new Hono();
    outer.use('*', compressJson());
    outer.get('*', async (c) => app.fetch(new Request(`http://x${c.req.path}`, { headers: c.req.raw.headers })));
    const res = await outer.request('/big', { headers: { 'Accept-Encoding': 'br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(JSON.parse(zlib.brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString())).toEqual(big);
    const plain = await outer.request('/small', { headers: { 'Accept-Encoding': 'br' } });
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    expect(plain.headers.get('content-encoding')).toBeNull();
  });

  it('leaves small answers, errors and non-JSON answers plain', async () => {
    const smallRes = await get('/small', 'br, gzip');
    expect(smallRes.headers.get('content-encoding')).toBeNull();
    expect(smallRes.headers.get('content-length')).toBe(String(JSON.stringify(small).length));
    expect(await smallRes.json()).toEqual(small);

    const error = await get('/error', 'br, gzip');
    expect(error.status).toBe(422);
    expect(error.headers.get('content-encoding')).toBeNull();
    expect((await error.json()).error).toHaveLength(4000);

    const text = await get('/text', 'br, gzip');
    expect(text.headers.get('content-encoding')).toBeNull();
    expect(await text.text()).toHaveLength(4000);
  });
});

/** A GET over plain node:http, which (unlike fetch) hands back the bytes as they came. */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

describe('the service compresses its API answers', () => {
  let t: TestService;

  beforeAll(async () => {
    t = await startTestService();
  });

  afterAll(async () => {
    await t.close();
  });

  it('sends a whole-record list page in brotli that reads back as the same JSON', async () => {
    const path = '/api/v1/products/PLN/features?fields=*&per_page=50';
    const plain = await rawGet(`${t.url}${path}`, { Authorization: `Bearer ${TEST_TOKEN}` });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.body.byteLength).toBeGreaterThan(COMPRESS_THRESHOLD);

    const br = await rawGet(`${t.url}${path}`, {
      Authorization: `Bearer ${TEST_TOKEN}`,
      'Accept-Encoding': 'gzip, deflate, br',
    });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(br.headers['cache-control']).toBe('no-store');
    expect(Number(br.headers['content-length'])).toBe(br.body.byteLength);
    expect(br.body.byteLength).toBeLessThan(plain.body.byteLength);
    expect(JSON.parse(zlib.brotliDecompressSync(br.body).toString())).toEqual(
      JSON.parse(plain.body.toString()),
    );
  });

  it('keeps errors plain', async () => {
    const res = await rawGet(`${t.url}/api/v1/features/999999`, {
      Authorization: `Bearer ${TEST_TOKEN}`,
      'Accept-Encoding': 'br',
    });
    expect(res.status).toBe(404);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString())).toHaveProperty('error');
  });
});
