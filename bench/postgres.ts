// The PostgreSQL a bench runs on: a fresh database on BENCH_DATABASE_URL's server when it is set
// (its URL names a database to connect to as a user that may CREATE DATABASE), else a throwaway
// cluster of scripts/pg-cluster.mjs when PostgreSQL is installed, else none, with the reason.
import pg from 'pg';

interface ClusterScript {
  findPostgres(): string | null;
  startCluster(): Promise<{ url: string; stop(): void }>;
}

/** A database of the bench's own; `done()` drops it, or stops the cluster it was made on. */
export interface BenchDatabase {
  url: string;
  /** Where it runs, for the printout. */
  where: string;
  done(): Promise<void>;
}

async function admin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A fresh database, or the reason there is none. */
export async function benchDatabase(): Promise<BenchDatabase | { skipped: string }> {
  const given = process.env.BENCH_DATABASE_URL;
  if (given) {
    const name = `planner_bench_${process.pid}_${Date.now().toString(36)}`;
    await admin(given, `CREATE DATABASE ${name}`);
    const url = new URL(given);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      where: `database ${name} on BENCH_DATABASE_URL's server`,
      done: () => admin(given, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    };
  }
  // The cluster script is plain JavaScript without types: imported by URL and given its shape here.
  const script = new URL('../scripts/pg-cluster.mjs', import.meta.url).href;
  const { findPostgres, startCluster } = (await import(script)) as ClusterScript;
  if (!findPostgres()) return { skipped: 'PostgreSQL is not installed (no initdb) and BENCH_DATABASE_URL is not set' };
  const cluster = await startCluster();
  return {
    url: cluster.url,
    where: 'a throwaway cluster (scripts/pg-cluster.mjs: fsync off, shared_buffers 256 MB)',
    done: () => Promise.resolve(cluster.stop()),
  };
}
