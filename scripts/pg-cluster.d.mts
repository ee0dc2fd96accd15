// The shape of scripts/pg-cluster.mjs for TypeScript callers (the API tests).
export interface Cluster {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` */
  url: string;
  port: number;
  dir: string;
  /** Stops the server at once and removes its folder. */
  stop(): void;
  /** Stops the server only (`pg_ctl stop -m <mode>`, `fast` by default), keeping its data. */
  halt(mode?: 'smart' | 'fast' | 'immediate'): void;
  /** Starts the halted server again on the same port and data. */
  resume(): void;
}

export function findPostgres(): string | null;
export function startCluster(options?: { bin?: string; port?: number }): Promise<Cluster>;
