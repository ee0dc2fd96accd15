// Durability: the service is killed with SIGKILL in the middle of a write load (concurrent loops
// creating and renaming features and initiatives) and started again on the same data directory;
// every write it acknowledged must be there with its values, and the database must pass SQLite's
// integrity check. The service runs as its own process (`node --import tsx server/main.ts`). The kill
// comes after a count of acknowledged writes, not after a time: on a loaded machine a fixed time
// held too few writes to mean anything (20 in 1.5 s, where a quiet one makes hundreds).
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DB_FILE } from './store/db';
import { onPostgres } from './test/harness';

const TOKEN = 'durability-admin-token-0123456789';
const LOOPS = 4;
/** Acknowledged writes before the kill (the other loops' requests are then in flight). */
const KILL_AFTER = 100;
/** How long the load may take to reach them: a hang, not a slow machine, runs out of this. */
const LOAD_CAP_MS = 60_000;
/**
 * A start of `node --import tsx` (compiling on the fly): 2 s on a quiet machine, 30 s at a load
 * average of 25 on 2 cores, past 60 s with four test files beside it there. A cap for a hang.
 */
const START_TIMEOUT_MS = 180_000;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'planner-durability-'));
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Starts the service on a free port and resolves with its URL once it says it is running. */
function startProcess(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      PLANNER_DATA_DIR: dataDir,
      PLANNER_TOKEN: TOKEN,
      PLANNER_SEED: 'empty',
      // The load is a script, not a person: no per-token limit.
      PLANNER_RATE_LIMIT: 'off',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(
      () => reject(new Error(`service did not start within ${START_TIMEOUT_MS} ms:\n${out}\n${err}`)),
      START_TIMEOUT_MS,
    );
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const url = /running at (http:\/\/[^/\s]+)/.exec(out)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve({ child, url });
      }
    });
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`service exited with ${code}:\n${out}\n${err}`));
    });
  });
}

const idBody = z.object({ id: z.string() });
const named = z.object({ id: z.string(), name: z.string() });

async function call(url: string, method: string, p: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  const res = await fetch(`${url}/api/v1${p}`, {
    method,
    headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json', Accept: 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: await res.json() };
}

type Kind = 'features' | 'initiatives';

/** What the client knows of one record: the name last acknowledged, and one sent but not answered. */
interface Known {
  kind: Kind;
  id: string;
  acknowledged: string;
  inFlight: string | undefined;
}

// SQLite's durability on its own files; PostgreSQL's (an instance killed mid-load) is in instances.test.ts.
describe.skipIf(onPostgres)('kill -9 during a write load', () => {
  // Two starts and the load, each with a generous cap of its own, and the reads after.
  it(
    'loses no acknowledged write, and the database passes its integrity check',
    { timeout: 2 * START_TIMEOUT_MS + LOAD_CAP_MS + 60_000 },
    async () => {
      const first = await startProcess();
      const release = await call(first.url, 'POST', '/products/PLN/releases', { release: { name: 'Durable' } });
      expect(release.status).toBe(200);
      const releaseId = idBody.parse((release.json as { release: unknown }).release).id;

      const known = new Map<string, Known>();
      let acknowledged = 0;
      let stopped = false;
      let reached: () => void = () => {};
      const enough = new Promise<void>((resolve) => (reached = resolve));

      async function loop(n: number): Promise<void> {
        const mine: string[] = [];
        for (let i = 0; !stopped; i++) {
          const kind: Kind = i % 2 === 0 ? 'features' : 'initiatives';
          const envelope = kind === 'features' ? 'feature' : 'initiative';
          const name = `L${n}-${i}`;
          try {
            if (i % 3 === 2 && mine.length > 0) {
              // Rename one of this loop's records: only this loop writes it, so order is known.
              const record = known.get(mine[i % mine.length] as string) as Known;
              record.inFlight = `${name} renamed`;
              const res = await call(first.url, 'PUT', `/${record.kind}/${record.id}`, {
                [record.kind === 'features' ? 'feature' : 'initiative']: { name: record.inFlight },
              });
              if (res.status !== 200) throw new Error(`update answered ${res.status}: ${JSON.stringify(res.json)}`);
              record.acknowledged = record.inFlight;
              record.inFlight = undefined;
            } else {
              const p = kind === 'features' ? `/releases/${releaseId}/features` : '/products/PLN/initiatives';
              // An initiative's status is required (the spec's create schema).
              const fields = kind === 'features' ? { name } : { name, workflow_status: { name: 'Not started' } };
              const res = await call(first.url, 'POST', p, { [envelope]: fields });
              if (res.status !== 200) throw new Error(`create answered ${res.status}: ${JSON.stringify(res.json)}`);
              const { id } = idBody.parse((res.json as Record<string, unknown>)[envelope]);
              // Features and initiatives number their ids apart: the key is kind and id.
              known.set(`${kind}/${id}`, { kind, id, acknowledged: name, inFlight: undefined });
              mine.push(`${kind}/${id}`);
            }
            if (++acknowledged === KILL_AFTER) reached();
          } catch (err) {
            // The kill: the request in flight is not acknowledged; anything else is a failure.
            if (stopped) return;
            throw err;
          }
        }
      }

      // Settled at once, so a failing loop is reported by the assertion below, not as an unhandled rejection.
      const loops = Array.from({ length: LOOPS }, (_, n) =>
        loop(n).then(
          () => null,
          (err: unknown) => err,
        ),
      );
      // Until the count is reached, a loop fails, or the cap runs out (then the count below fails).
      let cap: NodeJS.Timeout | undefined;
      await Promise.race([enough, Promise.all(loops), new Promise((r) => (cap = setTimeout(r, LOAD_CAP_MS)))]);
      clearTimeout(cap);
      stopped = true;
      first.child.kill('SIGKILL');
      expect(await Promise.all(loops)).toEqual(Array.from({ length: LOOPS }, () => null));
      await new Promise<void>((r) =>
        first.child.exitCode !== null || first.child.signalCode !== null ? r() : first.child.once('exit', () => r()),
      );
      expect(first.child.signalCode).toBe('SIGKILL');
      // A load worth the name was under way when the process died.
      expect(acknowledged, `acknowledged writes within ${LOAD_CAP_MS} ms`).toBeGreaterThanOrEqual(KILL_AFTER);

      const second = await startProcess();
      for (const [key, record] of known) {
        const res = await call(second.url, 'GET', `/${key}`);
        expect(res.status, `${key} acknowledged as "${record.acknowledged}"`).toBe(200);
        const envelope = record.kind === 'features' ? 'feature' : 'initiative';
        const stored = named.parse((res.json as Record<string, unknown>)[envelope]);
        // An update cut off by the kill may or may not have landed; an acknowledged one must have.
        expect([record.acknowledged, record.inFlight]).toContain(stored.name);
      }
      second.child.kill('SIGTERM');
      await new Promise<void>((r) => second.child.once('exit', () => r()));

      const db = new BetterSqlite3(path.join(dataDir, DB_FILE), { readonly: true });
      try {
        expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
        expect(db.pragma('foreign_key_check')).toEqual([]);
      } finally {
        db.close();
      }
    },
  );
});
