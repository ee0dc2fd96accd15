// `npm test`: typecheck, lint, the API document's lint, unit tests, API tests on SQLite, API tests on PostgreSQL, end-to-end
// tests — in that order, stopping at the first failure, with a summary of what ran and how long
// each step took.
//
// The PostgreSQL pass runs the same API suite with TEST_DATABASE_URL set (server/test/harness.ts
// then gives every test service a fresh PostgreSQL database): on TEST_DATABASE_URL when it is set
// (a cluster's maintenance database, as a superuser), else on a throwaway cluster started here
// when PostgreSQL is installed (scripts/pg-cluster.mjs). Without either it says so and goes on.
import { spawnSync } from 'node:child_process';
import { findPostgres, startCluster } from './pg-cluster.mjs';

const results = [];

function run(name, cmd, args, env = process.env) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  results.push(`${r.status === 0 ? 'ok  ' : 'FAIL'} ${name} (${seconds}s)`);
  return r.status ?? 1;
}

function stopOnFailure(name, status, cleanup = () => {}) {
  if (status === 0) return;
  cleanup();
  console.log(`\n${results.join('\n')}\n\n${name} failed.`);
  process.exit(status);
}

for (const [name, cmd, args] of [
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  ['lint', 'npm', ['run', '--silent', 'lint']],
  // The served API document, linted by Redocly (recommended) and Spectral (spectral:oas): 0 problems.
  ['API document lint', 'npm', ['run', '--silent', 'lint:openapi']],
  ['unit tests', 'npx', ['vitest', 'run', '--project', 'unit']],
  // Two test files at a time: vitest's default on two cores is one, and these tests wait on their
  // service as much as they compute (246 s → 156 s here).
  ['API tests (SQLite)', 'npx', ['vitest', 'run', '--project', 'api', '--maxWorkers=2']],
]) {
  stopOnFailure(name, run(name, cmd, args));
}

const postgresPass = 'API tests (PostgreSQL)';
let cluster = null;
let databaseUrl = process.env.TEST_DATABASE_URL;
if (!databaseUrl && findPostgres()) {
  try {
    cluster = await startCluster();
    databaseUrl = cluster.url;
  } catch (err) {
    console.log(`\nPostgreSQL is installed but a throwaway cluster did not start: ${err.message}`);
  }
}
if (databaseUrl) {
  // Three files at a time: on PostgreSQL most of a test's time is the database's (326 s → 132 s).
  const status = run(postgresPass, 'npx', ['vitest', 'run', '--project', 'api', '--maxWorkers=3'], {
    ...process.env,
    TEST_DATABASE_URL: databaseUrl,
  });
  cluster?.stop();
  stopOnFailure(postgresPass, status);
} else {
  console.log(`\n=== ${postgresPass} ===\nskipped: PostgreSQL is not installed here (no initdb) and TEST_DATABASE_URL is not set.`);
  results.push(`skip ${postgresPass} (PostgreSQL not available)`);
}

stopOnFailure('end-to-end tests', run('end-to-end tests', 'node', ['scripts/e2e.mjs']));
console.log(`\n${results.join('\n')}\n\nAll checks passed.`);
