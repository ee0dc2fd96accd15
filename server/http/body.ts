// The one body reader: a JSON object, or multipart/form-data for the upload kinds (files stay
// `File`s, repeated names become arrays). The size cap is the app's body-limit middleware (413)
// in front of every route; here a malformed body or one that is not an object is a 400.
import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { HttpError } from './errors';

const MAX_JSON_DEPTH = 32;

/** Reads the body as a plain object; 400 for a missing or wrong content type, bad JSON or a non-object. */
export async function readObjectBody(c: Context): Promise<Record<string, unknown>> {
  const type = c.req.header('content-type') ?? '';
  if (/^multipart\/form-data\b/i.test(type)) return readMultipart(c);
  if (!/^application\/json\b/i.test(type)) {
    // Both forms are read for every body (an upload's file comes only in the multipart form): name both.
    throw new HttpError(400, 'Content-Type must be application/json or multipart/form-data');
  }
  const text = await c.req.text();
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'Malformed JSON in request body');
  }
  if (depth(raw) > MAX_JSON_DEPTH) throw new HttpError(400, 'Request body is nested too deeply');
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new HttpError(400, 'Request body must be a JSON object');
  }
  refuseNul(raw);
  return raw as Record<string, unknown>;
}

/**
 * Text with a NUL character (`\u0000`) is refused wherever it is: no field means one, and
 * PostgreSQL cannot store it, so both databases answer it alike (400 naming where it was).
 */
function refuseNul(value: unknown, where = ''): void {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) throw new HttpError(400, `${where || 'The body'} contains a NUL character (\\u0000)`);
    return;
  }
  if (typeof value !== 'object' || value === null || value instanceof File) return;
  for (const [k, v] of Object.entries(value)) {
    refuseNul(k, where);
    refuseNul(v, where ? `${where}.${k}` : k);
  }
}

/**
 * Form fields named like `note[body]` are nested under `note`, as Rails-style clients send them, so
 * a multipart body reads as the same `{ "<kind>": {...} }` envelope as JSON.
 */
async function readMultipart(c: Context): Promise<Record<string, unknown>> {
  let form: Record<string, string | File | (string | File)[]>;
  try {
    form = await c.req.parseBody({ all: true });
  } catch {
    throw new HttpError(400, 'Malformed multipart/form-data body');
  }
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(form)) {
    const nested = /^([^[\]]+)\[([^[\]]+)\]$/.exec(name);
    if (nested?.[1] && nested[2]) {
      const inner = (out[nested[1]] ??= {});
      if (typeof inner !== 'object' || inner === null || Array.isArray(inner) || inner instanceof File) {
        throw new HttpError(400, `Form field ${nested[1]} is both a value and a group`);
      }
      (inner as Record<string, unknown>)[nested[2]] = value;
    } else out[name] = value;
  }
  refuseNul(out);
  return out;
}

function depth(value: unknown, level = 0): number {
  if (level > MAX_JSON_DEPTH) return level;
  if (typeof value !== 'object' || value === null) return level;
  let max = level;
  for (const v of Object.values(value)) max = Math.max(max, depth(v, level + 1));
  return max;
}

/** Node's request behind a Hono context, when the app runs under Node's server (not `app.fetch`). */
export function nodeRequest(c: Context): IncomingMessage | undefined {
  return (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
}

/**
 * The size cap for bodies, read straight from Node's request where the service runs on Node: the
 * platform's Request (an abort signal, a web stream, a copy of the headers) cost a write about 7 %
 * of its CPU, for bytes that are only ever read whole as text. The text is left where Hono's own
 * `c.req.text()` / `c.req.json()` find it. Multipart bodies, and an app called without Node's
 * request (`app.fetch` in tests), go through `fallback` (Hono's body limit over the platform Request).
 */
export function nodeBodyLimit(maxBytes: number, tooLarge: (c: Context) => Response, fallback: MiddlewareHandler): MiddlewareHandler {
  return async (c, next) => {
    const incoming = nodeRequest(c);
    const type = c.req.header('content-type') ?? '';
    if (!incoming || incoming.readableDidRead || /^multipart\//i.test(type)) return fallback(c, next);
    const declared = Number(c.req.header('content-length') ?? 0);
    if (declared > maxBytes) return tooLarge(c);
    const chunks: Buffer[] = [];
    let size = 0;
    const over = await new Promise<boolean>((resolve, reject) => {
      const onData = (chunk: Buffer): void => {
        size += chunk.length;
        if (size > maxBytes) {
          // Stop reading: the rest is never wanted, and the answer closes the connection.
          cleanup();
          incoming.pause();
          resolve(true);
        } else chunks.push(chunk);
      };
      const onEnd = (): void => {
        cleanup();
        resolve(false);
      };
      const onError = (err: Error): void => {
        cleanup();
        reject(new HttpError(400, `The request body could not be read: ${err.message}`));
      };
      const cleanup = (): void => {
        incoming.off('data', onData);
        incoming.off('end', onEnd);
        incoming.off('error', onError);
        incoming.off('aborted', onAborted);
      };
      const onAborted = (): void => onError(new Error('the client went away'));
      incoming.on('data', onData);
      incoming.once('end', onEnd);
      incoming.once('error', onError);
      incoming.once('aborted', onAborted);
    });
    if (over) return tooLarge(c);
    const text = chunks.length === 1 ? (chunks[0] as Buffer).toString('utf8') : Buffer.concat(chunks, size).toString('utf8');
    // Hono keeps the body's promise here (its type says the value; `#cachedBody` stores `raw.text()`).
    (c.req.bodyCache as { text?: Promise<string> }).text = Promise.resolve(text);
    return next();
  };
}
