// Compresses successful JSON answers above a small size for clients that accept it (brotli, else
// gzip), as a plain Hono middleware that works on any `c.res`, so it can be mounted wherever API
// answers are produced (the main thread's API app or a read worker's). Levels are the cheapest of
// each coding: measured on list pages, brotli quality 1 takes ~22 µs CPU for 7 KB (→ 0.9 KB) and
// ~64 µs for 80 KB (→ 3.3 KB), where quality 4 takes 3–4× as long to save a few hundred bytes more
// (docs/bench.md). Errors and small answers stay plain.
import zlib from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { bestCoding } from './accept-encoding';
import { responseBody } from './response-body';

export interface CompressOptions {
  /** Bodies shorter than this many bytes go out as they are (a packet either way). */
  threshold?: number;
}

export const COMPRESS_THRESHOLD = 1024;

const BROTLI_QUALITY = 1;
const GZIP_LEVEL = 1;

function encode(coding: 'br' | 'gzip', body: Uint8Array): Buffer {
  if (coding === 'gzip') return zlib.gzipSync(body, { level: GZIP_LEVEL });
  return zlib.brotliCompressSync(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
    },
  });
}

function isJson(contentType: string | null): boolean {
  return contentType !== null && /^application\/(?:[\w.+-]+\+)?json\b/i.test(contentType);
}

/** The middleware: mount it outside the handlers whose JSON answers it should compress. */
export function compressJson(options: CompressOptions = {}): MiddlewareHandler {
  const threshold = options.threshold ?? COMPRESS_THRESHOLD;
  return async (c, next) => {
    await next();
    // A read worker's answer (server/read-pool.ts): negotiated and compressed there already.
    if (c.get('forwarded') === true) return;
    const res = c.res;
    // Status and headers only: touching `res.body` would turn the app's string into a stream.
    if (res.status < 200 || res.status >= 300 || res.status === 204) return;
    if (!isJson(res.headers.get('content-type')) || res.headers.has('content-encoding')) return;
    if (/\bno-transform\b/i.test(res.headers.get('cache-control') ?? '')) return;
    // Already negotiated by this middleware further in (a read worker's app answering for the main
    // thread's): the answer is final, and reading a small body again would only cost.
    if (/\baccept-encoding\b/i.test(res.headers.get('vary') ?? '')) return;
    // The answer depends on Accept-Encoding whatever this client sent.
    res.headers.append('Vary', 'Accept-Encoding');
    const coding = c.req.method === 'HEAD' ? null : bestCoding(c.req.header('accept-encoding'));
    if (!coding) return;
    const length = Number(res.headers.get('content-length') ?? NaN);
    if (length < threshold) return;

    const made = await responseBody(res);
    if (made === null) return;
    // Bytes the app made are copied once (the app's JSON answers are strings: encoded, not copied).
    const body: Uint8Array<ArrayBuffer> = typeof made === 'string' ? new TextEncoder().encode(made) : new Uint8Array(made);
    const headers = new Headers(res.headers);
    let out: Uint8Array<ArrayBuffer> = body;
    if (body.byteLength >= threshold) {
      out = new Uint8Array(encode(coding, body));
      headers.set('Content-Encoding', coding);
    }
    headers.set('Content-Length', String(out.byteLength));
    // Cleared first so Hono does not copy the old answer's headers (its length) over the new one's.
    c.res = undefined;
    c.res = new Response(out, { status: res.status, statusText: res.statusText, headers });
  };
}
