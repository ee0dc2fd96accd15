// The service as a process of its own (`node --import tsx server/main.ts`), for tests that need what
// an in-process service cannot give: several instances side by side, and one killed with SIGKILL
// for real (no `close()`, no finally blocks, its database connections cut by the kernel).
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';

export interface ChildService {
  /** `http://127.0.0.1:<port>`, as the service printed it. */
  url: string;
  pid: number;
  /** Everything it printed so far (stdout and stderr), for failure messages. */
  output(): string;
  /** True once the process has exited. */
  exited(): boolean;
  /** Sends SIGKILL and resolves once the process is gone. */
  kill(): Promise<void>;
}

/** The most of a child's output kept: enough for a failure message, bounded under a noisy load. */
const OUTPUT_KEPT = 64 * 1024;

/**
 * Starts the service with `env` over the parent's environment (every `PLANNER_*` of the parent
 * dropped, so only what the test names applies) and resolves once it prints its address. The
 * default cap: `tsx` compiles the service as it loads, 2 s on a quiet machine, past 60 s on 2 cores
 * shared with other builds and test runs — a cap for a hang, not a speed budget.
 */
export function startChildService(env: Record<string, string>, startTimeoutMs = 180_000): Promise<ChildService> {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('PLANNER_')));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...inherited, HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  // Keep reading for the child's whole life: a pipe nobody drains would block it once full.
  const keep = (chunk: string) => {
    out = (out + chunk).slice(-OUTPUT_KEPT);
  };
  child.stdout?.setEncoding('utf8').on('data', keep);
  child.stderr?.setEncoding('utf8').on('data', keep);
  let gone = false;
  const exit = new Promise<void>((resolve) => {
    child.once('exit', () => {
      gone = true;
      resolve();
    });
  });

  return new Promise((resolve, reject) => {
    const pid = child.pid;
    if (pid === undefined) {
      reject(new Error('the service process did not start'));
      return;
    }
    const timer = setTimeout(() => {
      process.kill(pid, 'SIGKILL');
      reject(new Error(`the service did not start within ${startTimeoutMs} ms:\n${out}`));
    }, startTimeoutMs);
    const onData = () => {
      const url = /running at (http:\/\/[^/\s]+)/.exec(out)?.[1];
      if (!url) return;
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      resolve({
        url,
        pid,
        output: () => out,
        exited: () => gone,
        kill: async () => {
          if (!gone) process.kill(pid, 'SIGKILL');
          await exit;
        },
      });
    };
    child.stdout?.on('data', onData);
    void exit.then(() => {
      clearTimeout(timer);
      reject(new Error(`the service exited before it was running:\n${out}`));
    });
  });
}
