// `npm run db:copy -- --to postgres://… [--from <data dir>]`: copies the data directory's SQLite
// database into an empty PostgreSQL database and checks every table's count
// (server/store/db-copy.ts does the work; this is its command line).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { DB_FILE } from '../server/store/db';
import { copySqliteToPostgres, CopyError, formatCounts } from '../server/store/db-copy';

const USAGE = `Usage: npm run db:copy -- --to postgres://user:password@host:port/database [--from <data dir>]

Copies <data dir>/${DB_FILE} (default data dir: PLANNER_DATA_DIR, else ./data) into an empty
PostgreSQL database in one transaction, keeping every id and reference number, then compares every
table's row count on both sides; any difference rolls the copy back. Stop the service first.

Uploaded files are not copied: they stay in <data dir>/blobs. Start the PostgreSQL instances with
PLANNER_DATABASE_URL set to the same URL and PLANNER_DATA_DIR set to the same data directory.`;

const Args = z.object({
  to: z.string({ error: '--to is required' }).regex(/^postgres(ql)?:\/\//, '--to must be a postgres:// URL'),
  from: z.string().min(1, '--from needs a data directory'),
  help: z.boolean().optional(),
});

/** Options read from the command line, or the reason they cannot be. */
function readArgs(argv: string[]): z.infer<typeof Args> | string {
  let values: Record<string, unknown>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { to: { type: 'string' }, from: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
  if (values.help) return '';
  const parsed = Args.safeParse({ ...values, from: values.from ?? process.env.PLANNER_DATA_DIR ?? './data' });
  return parsed.success ? parsed.data : parsed.error.issues.map((i) => i.message).join('; ');
}

async function main(): Promise<number> {
  const args = readArgs(process.argv.slice(2));
  if (typeof args === 'string') {
    if (args === '') {
      console.log(USAGE);
      return 0;
    }
    console.error(`db:copy: ${args}\n\n${USAGE}`);
    return 1;
  }
  const dataDir = path.resolve(args.from);
  const target = new URL(args.to);
  // The password stays out of the output.
  if (target.password) target.password = '***';
  console.log(`Copying ${path.join(dataDir, DB_FILE)} into ${target.toString()}`);
  try {
    const report = await copySqliteToPostgres({
      sqliteFile: path.join(dataDir, DB_FILE),
      databaseUrl: args.to,
      log: (line) => console.log(`  ${line}`),
    });
    console.log(`\n${formatCounts([...report.tables].sort((a, b) => a.table.localeCompare(b.table)))}\n`);
    if (report.deferredColumns.length > 0) console.log(`Self-references filled after the rows: ${report.deferredColumns.join(', ')}`);
    if (report.postgresOnly.length > 0) console.log(`Tables only PostgreSQL has, left as made: ${report.postgresOnly.join(', ')}`);
    const rows = report.tables.reduce((sum, t) => sum + t.postgres, 0);
    console.log(
      `Copied ${rows.toLocaleString('en-US')} rows of ${report.tables.length} tables in ${(report.ms / 1000).toFixed(1)} s; every count matches.`,
    );
    console.log(
      `Uploaded files were not copied: ${report.blobFiles} attachment files stay in ${path.join(dataDir, 'blobs')}.\n` +
        `Start the service with PLANNER_DATABASE_URL=<that URL> and PLANNER_DATA_DIR=${dataDir}.`,
    );
    return 0;
  } catch (err) {
    // A refusal or a failed check is said plainly; anything else keeps its stack for a bug report.
    console.error(
      `db:copy failed: ${err instanceof CopyError ? err.message : err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
    );
    console.error('No records were written to PostgreSQL (only its schema, when this run made it).');
    return 1;
  }
}

process.exitCode = await main();
