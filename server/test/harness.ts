// Starts the real service on an ephemeral port with a temporary data directory for API tests, and
// gives a small typed fetch helper. Each test file gets its own service and database.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll } from 'vitest';
import { startService } from '../start';
import type { RunningService, ServiceOptions } from '../start';
import { openStore } from '../store/db';
import { checkAnswer } from './openapi-check';

export const TEST_TOKEN = 'test-admin-token-0123456789';

/** A maker of temporary folders for one test file; every folder it made is removed after the file's tests. */
export function tempDirs(prefix: string): () => string {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  };
}

/** True when the API tests run on PostgreSQL (the second pass of `npm test`). */
export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let databases = 0;

/**
 * A fresh, empty PostgreSQL database on the cluster TEST_DATABASE_URL names (its maintenance
 * database), dropped by `drop()`; null when the tests run on SQLite.
 */
export async function testDatabase(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) return null;
  const name = `planner_test_${process.pid}_${++databases}_${Date.now().toString(36)}`;
  await adminQuery(admin, `CREATE DATABASE ${name} TEMPLATE ${await migratedTemplate(admin)}`);
  return {
    url: databaseUrl(admin, name),
    drop: () => adminQuery(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).then(() => undefined),
  };
}

async function adminQuery(admin: string, statement: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    return await client.query(statement);
  } finally {
    await client.end();
  }
}

function databaseUrl(admin: string, name: string): string {
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A database with the schema made and nothing seeded, copied for each test service: copying one
 * takes a tenth of what running the baseline takes (≈ 1.5 s a service). One per test process
 * (several run at once); those of processes gone are dropped first.
 */
let templateMade: Promise<string> | null = null;

function migratedTemplate(admin: string): Promise<string> {
  // Services started together in one file share the one making of it.
  return (templateMade ??= makeTemplate(admin));
}

async function makeTemplate(admin: string): Promise<string> {
  const name = `planner_template_${process.pid}`;
  const found = await adminQuery(admin, "SELECT datname FROM pg_database WHERE datname LIKE 'planner\\_template\\_%'");
  const names = found.rows.map((r: { datname: string }) => r.datname);
  for (const other of names.filter((n) => n !== name)) {
    const pid = Number(other.slice('planner_template_'.length));
    let alive = true;
    try {
      process.kill(pid, 0);
    } catch {
      alive = false;
    }
    if (!alive) await adminQuery(admin, `DROP DATABASE IF EXISTS ${other} WITH (FORCE)`);
  }
  if (names.includes(name)) return name;
  await adminQuery(admin, `CREATE DATABASE ${name}`);
  const store = await openStore(os.tmpdir(), { databaseUrl: databaseUrl(admin, name) });
  try {
    // Opening claimed the first seeding: each copy's first service is to seed its own.
    await sql`UPDATE change_counters SET n = 0 WHERE name = 'seeded'`.execute(store.db);
  } finally {
    await store.close();
  }
  return name;
}

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** A request over Node's http client, with headers of our choosing (fetch sets `Host` itself). */
export function rawRequest(port: number, p: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: p, method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end();
  });
}

export interface TestResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface TestService {
  url: string;
  dataDir: string;
  /** The PostgreSQL database of this service (the PostgreSQL pass); undefined on SQLite. */
  databaseUrl: string | undefined;
  service: RunningService;
  /** JSON request with the admin token unless `token` is given (null sends none). */
  request<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    init?: { token?: string | null; headers?: Record<string, string>; rawBody?: string },
  ): Promise<TestResponse<T>>;
  get<T = Record<string, unknown>>(path: string): Promise<TestResponse<T>>;
  /** Stops and starts the service on the same data directory. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export async function startTestService(
  opts: {
    seed?: 'demo' | 'empty';
    /** More of startService's options (those the environment sets, e.g. `upstream`, `staticDir`, `adminToken`). */
    service?: Partial<Omit<ServiceOptions, 'dataDir' | 'port'>>;
  } = {},
): Promise<TestService> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'planner-test-'));
  // The PostgreSQL pass (TEST_DATABASE_URL, scripts/test.mjs): a database of its own per service.
  const database = await testDatabase();
  const start = () =>
    startService({
      dataDir,
      databaseUrl: database?.url,
      port: 0,
      adminToken: TEST_TOKEN,
      seed: opts.seed ?? 'demo',
      maxBodyBytes: 1024 * 1024,
      // Reads go through a read worker, as `npm start` serves them (TEST_READ_WORKERS=0: in-thread).
      readWorkers: Number(process.env.TEST_READ_WORKERS ?? 1),
      ...opts.service,
    });
  let service = await start();

  const t: TestService = {
    get url() {
      return service.url;
    },
    dataDir,
    databaseUrl: database?.url,
    get service() {
      return service;
    },
    async request<T>(
      method: string,
      p: string,
      body?: unknown,
      init: { token?: string | null; headers?: Record<string, string>; rawBody?: string } = {},
    ): Promise<TestResponse<T>> {
      const headers: Record<string, string> = { Accept: 'application/json', ...init.headers };
      const token = init.token === undefined ? (opts.service?.adminToken ?? TEST_TOKEN) : init.token;
      if (token !== null) headers.Authorization = `Bearer ${token}`;
      let payload: string | undefined = init.rawBody;
      if (body !== undefined) {
        payload = JSON.stringify(body);
        headers['Content-Type'] ??= 'application/json';
      }
      const res = await fetch(`${service.url}/api/v1${p}`, { method, headers, body: payload });
      const text = await res.text();
      let parsed: unknown;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        parsed = null;
      }
      const answer = { status: res.status, headers: res.headers, body: parsed as T, text };
      // Every answer must fit the served document for its operation and status (test/openapi-check.ts);
      // a pass-through service (PLANNER_UPSTREAM) answers for its upstream, whose document is not ours.
      if (!opts.service?.upstream) await checkAnswer(service.url, method, `/api/v1${p}`, answer);
      return answer;
    },
    get<T>(p: string) {
      return t.request<T>('GET', p);
    },
    async restart() {
      await service.close();
      service = await start();
    },
    async close() {
      await service.close();
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return t;
}
