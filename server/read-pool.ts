// Reads on both cores. The main thread parses HTTP, authenticates, applies the rate limits and runs
// every write (one writer connection: writes stay serialised and transactional). Authenticated GET
// requests are handed whole to read workers (server/read-worker.ts): worker threads that run the
// same Hono app over their own read-only connection to the same WAL database, so the query, the
// serialisation and the JSON of a read run beside the main thread, and a read never waits for a
// write (WAL readers see the last committed state; every query starts after the write it follows
// was acknowledged, so a client always reads its own writes).
//
// Each request goes to the worker with the fewest requests in flight. A worker that dies is
// replaced; the requests it held answer 503 (nothing was written: they were reads).
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { UserRow } from './store/schema';
import { systemClock } from './store/clock';
import type { Clock } from './store/clock';
import { finishApiHeaders, securityHeaders } from './http/answer-headers';

/** What crosses to a worker: the request as the main thread received it, and who sent it. */
export interface ReadRequest {
  id: number;
  method: string;
  url: string;
  /** Name, value, name, value…: Node's `rawHeaders` as received, or the same made from a Request. */
  headers: string[];
  user: UserRow;
  /** The main thread's clock when it handed the request over: the worker's "now" for it (store/clock.ts). */
  now: number;
}

/** Headers as Node's `rawHeaders` lists them (name, value, …), from the platform's Headers. */
export function flatHeaders(headers: Headers): string[] {
  const flat: string[] = [];
  headers.forEach((value, name) => flat.push(name, value));
  return flat;
}

/** What comes back: the whole answer, its body as the app made it (text, or bytes transferred). */
export interface ReadResponse {
  id: number;
  status: number;
  headers: Record<string, string>;
  body: string | Uint8Array | null;
}

/**
 * The answer to a request whose worker died: nothing was written (it was a read), so try again.
 * Complete like a worker's, with the same headers, so every answer of the pool is written as it is.
 */
function restarted(id: number, security: Readonly<Record<string, string>>): ReadResponse {
  const body = JSON.stringify({ error: 'The service restarted a reader while answering; try again' });
  return { id, status: 503, headers: finishApiHeaders({ 'content-type': 'application/json', 'retry-after': '1' }, security), body };
}

/** What a worker is started with (structured-cloneable: no functions, no handles). */
export interface ReadWorkerData {
  dataDir: string;
  /** The serialisable app options (createApp), the same as the main thread's. */
  app: Record<string, unknown>;
  /** This worker only checkpoints the WAL (see CHECKPOINT_MS); it answers no requests. */
  checkpointer?: boolean;
}

/**
 * How often the checkpoint thread copies committed pages from the WAL into the database file. The
 * writer's own automatic checkpoints ran inside a write every ≈ 1,000 pages and waited for the
 * disk (fsync) there: on this machine 100–500 ms, one write in forty stalled behind it. With read
 * workers the writer's automatic checkpoints are off (`PRAGMA wal_autocheckpoint = 0`, start.ts)
 * and this thread runs passive checkpoints, which never block the writer or a reader.
 */
export const CHECKPOINT_MS = 250;

/**
 * Under writes that never pause, passive checkpoints keep copying but the WAL never starts over (it
 * restarts only at a write that finds every frame copied), so it would grow without end. Past this
 * many frames (64 MB of 4 KB pages) the checkpoint thread runs one TRUNCATE checkpoint, which waits
 * for the write in progress, copies what is left and empties the file: a pause of the writer once
 * per 64 MB written, instead of once per 4 MB before.
 */
export const WAL_TRUNCATE_FRAMES = 16_384;

interface Slot {
  checkpointer?: boolean;
  worker: Worker;
  /** Requests in the worker: whom to answer, with the answer as the worker sent it. */
  pending: Map<number, (res: ReadResponse) => void>;
  ready: Promise<void>;
}

/** Read workers to start by default: one per core, at most 4. */
export const defaultReadWorkers = (): number => Math.min(4, Math.max(1, os.availableParallelism()));

/**
 * The worker entry beside this module: `read-worker.js` next to the compiled service bundle, or,
 * running from source, `read-worker.ts` loaded through tsx's loader registered inside the worker
 * (a worker does not inherit the main thread's module hooks).
 */
function startWorker(data: ReadWorkerData): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./read-worker.js', import.meta.url), { workerData: data });
  const entry = JSON.stringify(new URL('./read-worker.ts', import.meta.url).href);
  const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${entry}); });`;
  return new Worker(boot, { eval: true, workerData: data });
}

export class ReadPool {
  private readonly slots: Slot[] = [];
  private checkpointer: Slot | undefined;
  private nextId = 1;
  private closing = false;
  /** The headers the workers' answers carry, for the answers the pool makes itself. */
  private readonly security: Readonly<Record<string, string>>;

  private constructor(
    private readonly data: ReadWorkerData,
    private readonly clock: Clock,
  ) {
    const cors = data.app.corsOrigins;
    this.security = securityHeaders(Array.isArray(cors) ? (cors as string[]) : []);
  }

  /**
   * Starts `size` workers and waits until each has opened the database and built the app. Each
   * request carries `clock`'s time, so a service started with a clock of its own reads with it too.
   */
  static async start(size: number, data: ReadWorkerData, clock: Clock = systemClock): Promise<ReadPool> {
    const pool = new ReadPool(data, clock);
    for (let i = 0; i < size; i++) pool.slots.push(pool.spawn());
    pool.checkpointer = pool.spawn(true);
    try {
      await Promise.all([...pool.slots, pool.checkpointer].map((s) => s.ready));
    } catch (err) {
      await pool.close();
      throw err;
    }
    return pool;
  }

  get size(): number {
    return this.slots.length;
  }

  /** The worker threads now serving (diagnostics and tests: a replaced worker is a new one). */
  get workers(): readonly Worker[] {
    return this.slots.map((s) => s.worker);
  }

  /** Resolves once every worker, replacements included, has opened the database and built the app. */
  async ready(): Promise<void> {
    await Promise.all(this.slots.map((s) => s.ready));
  }

  private spawn(checkpointer = false): Slot {
    const worker = startWorker(checkpointer ? { ...this.data, checkpointer } : this.data);
    const pending: Slot['pending'] = new Map();
    let started: () => void = () => {};
    let failed: (err: Error) => void = () => {};
    const ready = new Promise<void>((resolve, reject) => {
      started = resolve;
      failed = reject;
    });
    const slot: Slot = { worker, pending, ready, checkpointer };
    worker.on('message', (msg: ReadResponse | { ready: true }) => {
      if ('ready' in msg) return started();
      const answer = pending.get(msg.id);
      if (!answer) return;
      pending.delete(msg.id);
      answer(msg);
    });
    worker.once('error', (err) => failed(err));
    worker.once('exit', (code) => {
      failed(new Error(`read worker exited with code ${code} before it was ready`));
      for (const [id, answer] of pending) answer(restarted(id, this.security));
      pending.clear();
      if (this.closing) return;
      if (slot.checkpointer) this.checkpointer = this.spawn(true);
      const i = this.slots.indexOf(slot);
      if (i >= 0) this.slots[i] = this.spawn();
    });
    return slot;
  }

  /**
   * Answers a GET request in the least busy worker, as the app would in this thread: the answer as
   * the worker sent it (http/front-door.ts writes it to the socket as it is).
   */
  send(req: Pick<ReadRequest, 'method' | 'url' | 'headers'>, user: UserRow): Promise<ReadResponse> {
    let slot = this.slots[0] as Slot;
    for (const s of this.slots) if (s.pending.size < slot.pending.size) slot = s;
    const id = this.nextId++;
    const message: ReadRequest = { ...req, id, user, now: this.clock.now() };
    return new Promise((resolve) => {
      slot.pending.set(id, resolve);
      slot.worker.postMessage(message);
    });
  }

  /** `send`, answered as a Response for the app, with headers the main thread adds (the rate limit's). */
  async handle(req: Pick<ReadRequest, 'method' | 'url' | 'headers'>, user: UserRow, extraHeaders?: Record<string, string>): Promise<Response> {
    const msg = await this.send(req, user);
    // A string or Uint8Array body and plain headers: @hono/node-server writes it as it is, as long
    // as nothing turns them into the platform's Headers (app.ts leaves a forwarded answer alone).
    const body = msg.status === 204 || msg.status === 304 ? null : msg.body;
    const headers = extraHeaders ? Object.assign(msg.headers, extraHeaders) : msg.headers;
    return new Response(body as BodyInit | null, { status: msg.status, headers });
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.all([...this.slots, ...(this.checkpointer ? [this.checkpointer] : [])].map((s) => s.worker.terminate()));
  }
}
