// A throwaway PostgreSQL cluster for the tests and the bench: `initdb -A trust` into a temporary
// folder, started with `pg_ctl` on a free loopback port (its socket in the same folder), stopped
// and removed by `stop()`. PostgreSQL refuses to run as root, so as root the cluster belongs to the
// `postgres` user (Debian's package makes it). `findPostgres()` answers null when the binaries are
// missing: the caller says so and goes on without the PostgreSQL pass.
//
// As a command: `node scripts/pg-cluster.mjs` starts one, prints its URL and keeps it until Ctrl-C.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** The folder of initdb and pg_ctl: on PATH, or the newest of Debian's /usr/lib/postgresql/<n>/bin. */
export function findPostgres() {
  const onPath = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).stdout.trim();
  if (onPath) return path.dirname(fs.realpathSync(onPath));
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length > 0 ? path.join(root, versions[0], 'bin') : null;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/**
 * Starts a cluster and answers `{ url, port, dir, stop, halt, resume }`; `url` names the `postgres`
 * database as the `postgres` superuser over TCP on 127.0.0.1. `stop()` ends it and removes its
 * folder; `halt(mode)` only stops the server (`pg_ctl stop -m fast` by default) and `resume()`
 * starts it again as it was.
 */
export async function startCluster(options = {}) {
  const bin = options.bin ?? findPostgres();
  if (!bin) throw new Error('PostgreSQL is not installed (no initdb)');
  const root = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'planner-pg-'));
  const data = path.join(dir, 'data');
  const as = (cmd, args) => {
    const full = path.join(bin, cmd);
    return root ? ['runuser', ['-u', 'postgres', '--', full, ...args]] : [full, args];
  };
  if (root) execFileSync('chown', ['postgres', dir]);
  // C collation and UTF-8: text orders byte-wise, as SQLite orders it.
  const [initCmd, initArgs] = as('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--locale=C', '-E', 'UTF8', '--no-sync']);
  execFileSync(initCmd, initArgs, { stdio: 'ignore' });
  const port = options.port ?? (await freePort());
  // A test cluster: no fsync (nothing here outlives the run), enough connections for two services
  // and a parallel test run, and the socket kept in the cluster's folder.
  const settings = [
    `-k ${dir}`,
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=300',
    '-c shared_buffers=256MB',
  ].join(' ');
  const ctl = (args) => {
    const [cmd, full] = as('pg_ctl', ['-D', data, ...args]);
    execFileSync(cmd, full, { stdio: 'ignore' });
  };
  const start = () => ctl(['-o', settings, '-l', path.join(dir, 'log'), '-w', 'start']);
  start();
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    const [cmd, args] = as('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    spawnSync(cmd, args, { stdio: 'ignore' });
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dir,
    stop,
    // For tests of what a client does while its database is away: the server stops (`fast`:
    // sessions are ended, committed work is kept) and starts again on the same port and data.
    halt: (mode = 'fast') => ctl(['-m', mode, '-w', 'stop']),
    resume: start,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const cluster = await startCluster();
  console.log(cluster.url);
  const end = () => {
    cluster.stop();
    process.exit(0);
  };
  process.on('SIGINT', end);
  process.on('SIGTERM', end);
  setInterval(() => {}, 1 << 30);
}
