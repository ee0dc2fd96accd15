// `npm test`: typecheck, lint, unit tests, API tests, end-to-end tests — in that order, stopping at
// the first failure, with a summary of what ran and how long each step took.
import { spawnSync } from 'node:child_process';

const steps = [
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  ['lint', 'npm', ['run', '--silent', 'lint']],
  ['unit tests', 'npx', ['vitest', 'run', '--project', 'unit']],
  ['API tests', 'npx', ['vitest', 'run', '--project', 'api']],
  ['end-to-end tests', 'node', ['scripts/e2e.mjs']],
];

const results = [];
for (const [name, cmd, args] of steps) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  results.push(`${r.status === 0 ? 'ok  ' : 'FAIL'} ${name} (${seconds}s)`);
  if (r.status !== 0) {
    console.log(`\n${results.join('\n')}\n\n${name} failed.`);
    process.exit(r.status ?? 1);
  }
}
console.log(`\n${results.join('\n')}\n\nAll checks passed.`);
