// A service (or the bare-Hono control) as a child process of a bench: started with `node <args>`,
// resolved once it prints `running at <url>`, stopped by its PID. One helper for every bench that
// measures a real process (load.ts, uploads.ts, browser.ts) rather than an in-process app.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

export interface RunningChild {
  child: ChildProcess;
  url: string;
}

/** Starts `node <args>` in the project folder with `env` over this process's, and waits (60 s at most) for its address. */
export function startProcess(args: string[], env: NodeJS.ProcessEnv): Promise<RunningChild> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const timer = setTimeout(() => reject(new Error(`no start within 60 s:\n${out}`)), 60_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /running at (http:\/\/\S+?)\/?\s/.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve({ child, url: m[1] });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before it listened:\n${out}`));
    });
  });
}

/** Stops a child started here (SIGTERM) and waits for it to exit. */
export function stopProcess(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
