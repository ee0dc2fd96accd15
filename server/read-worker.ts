// A read worker (see server/read-pool.ts): opens its own read-only connection to the database, builds
// the same app as the main thread in reader mode, and answers the GET requests the main thread
// hands it, one message each way. Started as the checkpointer, it only checkpoints the WAL.
import { parentPort, workerData } from 'node:worker_threads';
import type { MessagePort } from 'node:worker_threads';
import { getRequestListener } from '@hono/node-server';
import { createApp } from './app';
import { finishApiHeaders, securityHeaders, wantsHsts } from './http/answer-headers';
import { responseBody } from './http/response-body';
import type { AppOptions } from './app';
import { CHECKPOINT_MS, WAL_TRUNCATE_FRAMES } from './read-pool';
import type { ReadRequest, ReadResponse, ReadWorkerData } from './read-pool';
import { openReadStore } from './store/db';
import { snapshotReads } from './store/snapshot';

const port: MessagePort = ((): MessagePort => {
  if (!parentPort) throw new Error('server/read-worker.ts runs as a worker thread of the service');
  return parentPort;
})();
const data = workerData as ReadWorkerData;
const store = openReadStore(data.dataDir);
/** "Now" of the request being answered: the main thread's clock when it handed it over (requests run one at a time). */
let requestTime = Date.now();
store.clock = { now: () => requestTime };
if (data.checkpointer) {
  // The checkpoint thread: passive checkpoints never wait for the writer or a reader; the disk
  // waits (fsync) happen here, not inside a write.
  setInterval(() => {
    const [done] = store.sqlite.pragma('wal_checkpoint(PASSIVE)') as { busy: number; log: number; checkpointed: number }[];
    if (done && done.log > WAL_TRUNCATE_FRAMES) store.sqlite.pragma('wal_checkpoint(TRUNCATE)');
  }, CHECKPOINT_MS);
  port.postMessage({ ready: true });
} else {
  serve();
}

/**
 * The request as the app reads it: its method, URL and headers. A GET has no body and nothing here
 * aborts it, so the platform's Request — an abort signal and a body stream per request, 8 % of a
 * feature page's CPU in the worker — is not built; Hono reads only these three (`c.req.raw`).
 * Repeated header names (Node keeps them apart) are joined as the platform's Headers joins them.
 */
function readRequest(req: ReadRequest): Request {
  const headers = new Headers();
  for (let i = 0; i + 1 < req.headers.length; i += 2) headers.append(req.headers[i] as string, req.headers[i + 1] as string);
  const bare = { method: req.method, url: req.url, headers };
  return bare as unknown as Request;
}

function serve(): void {
  const options = data.app as Omit<AppOptions, 'store'>;
  const app = createApp({ ...options, store, reader: true, readPool: undefined });
  const security = securityHeaders(options.corsOrigins);
  // Each request in one read transaction, one request at a time (store/snapshot.ts).
  const snapshot = snapshotReads(store.sqlite);
  // @hono/node-server's lightweight Response, installed as the global one as in the main thread,
  // keeps the app's body as it made it (http/response-body.ts reads it back without a stream).
  getRequestListener(() => new Response(null));

  async function answer(req: ReadRequest): Promise<ReadResponse> {
    let res: Response;
    try {
      res = await snapshot(async () => {
        requestTime = req.now;
        return app.fetch(readRequest(req), { user: req.user });
      });
    } catch (err) {
      res = Response.json({ error: err instanceof Error ? err.message : 'Internal error' }, { status: 500 });
    }
    const headers: Record<string, string> = {};
    res.headers.forEach((value, name) => {
      headers[name] = value;
    });
    // What the main thread's app adds to its own answers, added here as one record (reader mode).
    // The URL's scheme is the request's as the main thread took it (a trusted proxy's proto included).
    const hsts = wantsHsts(options.site.origin, req.url.startsWith('https:'));
    return { id: req.id, status: res.status, headers: finishApiHeaders(headers, security, hsts), body: await responseBody(res) };
  }

  port.on('message', (req: ReadRequest) => {
    answer(req)
      .catch((err: unknown): ReadResponse => {
        // The app answers its own errors; this is a failure around it (reading the answer back).
        const body = JSON.stringify({ error: err instanceof Error ? err.message : 'Internal error' });
        return { id: req.id, status: 500, headers: { 'content-type': 'application/json; charset=utf-8' }, body };
      })
      .then((res) => {
        const bytes = res.body instanceof Uint8Array ? res.body : null;
        const whole = bytes !== null && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
        port.postMessage(res, whole ? [bytes.buffer as ArrayBuffer] : []);
      })
      .catch(() => {
        // postMessage itself failed (the port is closing): nothing is left to answer to.
      });
  });
  port.postMessage({ ready: true });
}
