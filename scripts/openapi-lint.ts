// `npm test`'s lint of the API document: the document the service serves, built from the route
// table without a server (as GET /api/v1/openapi.json builds it), written to a temporary file and
// linted by Redocly (`recommended`) and Spectral (`spectral:oas`). Any error or warning of either
// fails, with the problems printed: the document is read by other people's tools, which stop at them.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { documentFor } from '../server/api-routes';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name: string): string => path.join(root, 'node_modules', '.bin', name);

interface Finding {
  tool: string;
  severity: 'error' | 'warning';
  rule: string;
  where: string;
  message: string;
}

function run(cmd: string, args: string[]): string {
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.error) throw r.error;
  // Both tools exit non-zero on problems; the JSON report says which.
  if (!r.stdout.trim()) throw new Error(`${path.basename(cmd)} printed no report (exit ${r.status}): ${r.stderr.slice(0, 2000)}`);
  return r.stdout;
}

function redocly(file: string): Finding[] {
  const report = JSON.parse(run(bin('redocly'), ['lint', '--extends=recommended', '--format=json', file])) as {
    problems: { ruleId: string; severity: string; message: string; location?: { pointer?: string }[] }[];
  };
  return report.problems.map((p) => ({
    tool: 'Redocly',
    severity: p.severity === 'error' ? 'error' : 'warning',
    rule: p.ruleId,
    where: p.location?.[0]?.pointer ?? '',
    message: p.message,
  }));
}

function spectral(file: string, ruleset: string): Finding[] {
  const out = run(bin('spectral'), ['lint', '--ruleset', ruleset, '--format', 'json', '--fail-severity', 'hint', file]);
  // With nothing to report Spectral prints a sentence after the empty JSON array.
  const json = out.slice(out.indexOf('['), out.lastIndexOf(']') + 1);
  const report = JSON.parse(json) as { code: string; severity: number; message: string; path: string[] }[];
  // Severity 0 is an error, 1 a warning; 2 (info) and 3 (hint) are counted as warnings too.
  return report.map((p) => ({
    tool: 'Spectral',
    severity: p.severity === 0 ? 'error' : 'warning',
    rule: p.code,
    where: p.path.join('.'),
    message: p.message,
  }));
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'planner-openapi-'));
try {
  const file = path.join(dir, 'openapi.json');
  fs.writeFileSync(file, JSON.stringify(documentFor('http://127.0.0.1:4000/api/v1'), null, 1));
  const ruleset = path.join(dir, '.spectral.yaml');
  fs.writeFileSync(ruleset, 'extends: ["spectral:oas"]\n');
  const findings = [...redocly(file), ...spectral(file, ruleset)];
  for (const tool of ['Redocly', 'Spectral']) {
    const mine = findings.filter((f) => f.tool === tool);
    const errors = mine.filter((f) => f.severity === 'error').length;
    console.log(`${tool}: ${errors} errors, ${mine.length - errors} warnings`);
  }
  for (const f of findings.slice(0, 50)) console.log(`  ${f.tool} ${f.severity} ${f.rule} at ${f.where}: ${f.message}`);
  if (findings.length > 50) console.log(`  … and ${findings.length - 50} more`);
  process.exitCode = findings.length === 0 ? 0 : 1;
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
