// The kysely driver over a `pg` pool, made to outlive its database: PostgreSQL restarting, the
// server ending a session (pg_terminate_backend, a failover), the network dropping a connection.
//
// - Every client has an 'error' listener from the moment it is made to the moment it is gone. pg
//   emits 'error' on a client whose connection drops while no query of it is running, also while
//   it is checked out (between two statements of a transaction): without a listener that is an
//   unhandled 'error' event, and the process ends. The pool's own listener covers idle clients only.
// - A client whose connection was lost, or whose state is unknown (a ROLLBACK that failed), is
//   released with an error, so the pool ends it rather than lending it again.
// - Every failure that means "the database is out of reach" comes out as one error,
//   DatabaseUnavailable (store/db-errors.ts: 503 + Retry-After), whatever shape pg gave it (a
//   socket code, FATAL 57P01, "Connection terminated unexpectedly", a refused connection). A COMMIT
//   whose answer was lost says so (`outcomeUnknown`): it may have committed, so it is never
//   answered as a success, nor as "nothing was saved".
// - A failed ROLLBACK never hides the error that caused it (kysely throws the ROLLBACK's otherwise).
// - While connecting fails, requests are answered at once (DatabaseUnavailable) instead of each
//   trying again: one attempt at a time, every PROBE_MS, finds the database back.
//
// Every transaction also takes the write lock as it begins (postgres.ts: one writer at a time
// across every instance).
import pg from 'pg';
import { CompiledQuery } from 'kysely';
import type { DatabaseConnection, Driver, QueryResult, TransactionSettings } from 'kysely';
import { DatabaseUnavailable } from './db-errors';

/** How often, while the database cannot be reached, one request tries to connect again. */
export const PROBE_MS = 250;

/** Node's socket errors: the connection to the server is gone or never came. */
const SOCKET_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN', 'ENOTFOUND', 'EAI_AGAIN']);

const codeOf = (err: unknown): string | undefined =>
  err instanceof Error && 'code' in err && typeof err.code === 'string' ? err.code : undefined;

/**
 * Whether an error of a statement (or of connecting) means the connection is gone: a FATAL or
 * PANIC from the server (57P01 terminated, 57P02 crash, …: the server ends the session after it),
 * a connection exception (class 08), a socket error, or pg's own words for a dropped connection.
 * Any other error of the server (a constraint, a lock timeout) leaves the session usable.
 */
export function connectionLost(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  if (err instanceof pg.DatabaseError) return err.severity === 'FATAL' || err.severity === 'PANIC' || (err.code?.startsWith('08') ?? false);
  const code = codeOf(err);
  if (code !== undefined && SOCKET_CODES.has(code)) return true;
  return /Connection terminated|not queryable|timeout expired|Connection ended/i.test(err.message);
}

/**
 * Connecting failed because no server is there to take it (refused, timed out, shutting down or
 * starting up: 57P03): the next requests need not try too. A refusal of the server's own (too many
 * connections, a wrong password) is not that: each request tries and is told.
 */
function serverAbsent(err: unknown): boolean {
  if (err instanceof pg.DatabaseError) return err.code === '57P03' || err.severity === 'PANIC';
  return connectionLost(err) || (err instanceof Error && err.cause !== undefined && connectionLost(err.cause));
}

/** What a lost connection is called in logs and messages: the server's or the socket's own words, and its code. */
function reasonOf(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const code = codeOf(err);
  return code && !err.message.includes(code) ? `${err.message}: ${code}` : err.message;
}

class PlannerConnection implements DatabaseConnection {
  /** Between BEGIN and its COMMIT or ROLLBACK. */
  inTransaction = false;

  constructor(
    readonly client: pg.PoolClient,
    private readonly driver: PlannerPostgresDriver,
  ) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    if (this.driver.isBroken(this.client)) throw new DatabaseUnavailable('The connection to the database was lost', false);
    try {
      const { command, rowCount, rows } = await this.client.query(compiled.sql, [...compiled.parameters]);
      const counted = command === 'INSERT' || command === 'UPDATE' || command === 'DELETE' || command === 'MERGE';
      return { numAffectedRows: counted ? BigInt(rowCount ?? 0) : undefined, rows: (rows ?? []) as R[] };
    } catch (err) {
      if (!this.driver.isBroken(this.client) && !connectionLost(err)) throw err;
      this.driver.lost(this.client, err);
      throw new DatabaseUnavailable(`The connection to the database was lost (${reasonOf(err)})`, false, { cause: err });
    }
  }

  // No caller streams (no cursor is configured): say so if one ever does.
  streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported by this driver');
  }
}

export interface PlannerDriverOptions {
  pool: pg.Pool;
  /** The advisory lock every transaction takes as it begins (postgres.ts's WRITE_LOCK). */
  writeLock: number;
  /** Where the connection's ups and downs are told (console.error unless given). */
  log?: ((message: string) => void) | undefined;
}

export class PlannerPostgresDriver implements Driver {
  readonly #pool: pg.Pool;
  readonly #writeLock: number;
  readonly #log: (message: string) => void;
  /** Clients whose connection is gone (or whose state is unknown): released with an error, never lent again. */
  readonly #broken = new WeakSet<pg.ClientBase>();
  /** Since when connecting fails (performance time), or null while it works. */
  #downSince: number | null = null;
  #lastAttempt = 0;
  #probing = false;

  constructor(options: PlannerDriverOptions) {
    this.#pool = options.pool;
    this.#writeLock = options.writeLock;
    this.#log = options.log ?? ((message) => console.error(message));
    // Each new client gets its listener before it is lent. Idle clients have the pool's as well,
    // which must exist (an 'error' the pool emits with no listener would end the process): what
    // went wrong is told here, once per client.
    this.#pool.on('connect', (client) => client.on('error', (err) => this.lost(client, err)));
    this.#pool.on('error', () => undefined);
  }

  async init(): Promise<void> {
    // The pool connects on demand.
  }

  isBroken(client: pg.ClientBase): boolean {
    return this.#broken.has(client);
  }

  /** The client's connection is gone: told once, and the client is ended when released. */
  lost(client: pg.ClientBase, err: unknown): void {
    if (this.#broken.has(client)) return;
    this.#broken.add(client);
    this.#log(`PostgreSQL: a connection was lost (${reasonOf(err)})`);
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const now = performance.now();
    // The database is away and someone is already finding out whether it is back: answer now.
    if (this.#downSince !== null && (this.#probing || now - this.#lastAttempt < PROBE_MS)) {
      throw new DatabaseUnavailable('The database cannot be reached', false);
    }
    const probe = this.#downSince !== null;
    this.#lastAttempt = now;
    if (probe) this.#probing = true;
    let client: pg.PoolClient;
    try {
      client = await this.#pool.connect();
    } catch (err) {
      // Every connection of the pool busy for connectionTimeoutMillis: busy, not away (db-errors.ts).
      if (err instanceof Error && /timeout exceeded when trying to connect/.test(err.message)) throw err;
      if (serverAbsent(err) && this.#downSince === null) {
        this.#downSince = performance.now();
        this.#log(`PostgreSQL cannot be reached (${reasonOf(err)}): requests are answered 503 until it is back`);
      }
      throw new DatabaseUnavailable(`The database cannot be reached (${reasonOf(err)})`, false, { cause: err });
    } finally {
      if (probe) this.#probing = false;
    }
    if (this.#downSince !== null) {
      this.#log(`PostgreSQL is back after ${((performance.now() - this.#downSince) / 1000).toFixed(1)} s`);
      this.#downSince = null;
    }
    return new PlannerConnection(client, this);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const c = connection as PlannerConnection;
    let begin = 'begin';
    if (settings.isolationLevel || settings.accessMode) {
      begin = ['start transaction', settings.isolationLevel && `isolation level ${settings.isolationLevel}`, settings.accessMode]
        .filter(Boolean)
        .join(' ');
    }
    await c.executeQuery(CompiledQuery.raw(begin));
    c.inTransaction = true;
    try {
      // Before any statement of it reads (postgres.ts).
      await c.executeQuery(CompiledQuery.raw(`select pg_advisory_xact_lock(${this.#writeLock})`));
    } catch (err) {
      // kysely rolls back only a transaction whose begin succeeded: a lock wait that timed out
      // (55P03) would leave this one open, aborted, on a connection lent again.
      await this.rollbackTransaction(c);
      throw err;
    }
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const c = connection as PlannerConnection;
    try {
      await c.executeQuery(CompiledQuery.raw('commit'));
    } catch (err) {
      if (err instanceof DatabaseUnavailable) {
        throw new DatabaseUnavailable(
          'The connection to the database was lost as the change was being saved: it may or may not have been saved',
          true,
          { cause: err.cause },
        );
      }
      throw err;
    } finally {
      c.inTransaction = false;
    }
  }

  /** Never throws: the caller rethrows what made it roll back, which a failed ROLLBACK must not replace. */
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const c = connection as PlannerConnection;
    c.inTransaction = false;
    // A session the server ended took its transaction with it.
    if (this.isBroken(c.client)) return;
    try {
      await c.client.query('rollback');
    } catch (err) {
      // In a state no one knows: ended when released (which also ends its transaction).
      this.lost(c.client, err);
    }
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const c = connection as PlannerConnection;
    // A connection given back inside a transaction (a caller's bug) is not lent on in it either.
    if (c.inTransaction) this.lost(c.client, new Error('released inside a transaction'));
    c.client.release(this.isBroken(c.client) ? new Error('connection lost') : undefined);
  }

  async destroy(): Promise<void> {
    await this.#pool.end();
  }
}
