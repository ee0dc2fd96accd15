// Group commit for the one writer connection. A write's transaction used to end in its own COMMIT,
// and a COMMIT writes every page the write dirtied into the WAL: for a feature (its row, 19 index
// entries, the name index, counters, roll-up inputs, the audit) that was 0.56 ms of the ≈ 2 ms of
// main-thread CPU a create costs under load, most of it the same pages again and again (the right
// edge of each index, the counters). Here the writes of one turn of the event loop share one COMMIT:
//
// - the first write opens the outer transaction (`BEGIN IMMEDIATE`); every write (a kysely
//   transaction) runs inside its own SAVEPOINT, so a write that fails is rolled back alone and the
//   others are untouched — each write stays atomic, and writes stay serialised (one holder of the
//   connection at a time, in arrival order);
// - the COMMIT runs at the end of the turn (`setImmediate`): every request whose bytes arrived in
//   the same poll of the sockets has run its write by then. A store call never waits for I/O inside
//   a transaction, so without the wait no two writes would ever meet. With one client the COMMIT
//   simply comes a few microseconds later in the same turn;
// - no write is acknowledged before the COMMIT that holds it: a write's holder waits in
//   `releaseConnection` — which kysely awaits before it returns the transaction's result — until
//   its group committed, and gets the COMMIT's error if it failed. A group that fails to commit
//   fails every one of its writes, and nothing of it is kept;
// - a read outside a transaction does not wait: it may see the open group's writes (the request
//   that reads a record before writing it must not wait for the group ahead of it, or no two
//   writes would ever meet). Whoever answers from such a read waits for `settled()` first — the
//   HTTP layer does, for every answer of the writer's thread (app.ts) — so nothing uncommitted
//   is ever shown: groups commit in order, and once the group open at the end of a request has
//   committed, so has everything the request could have read.
import type { CompiledQuery, DatabaseConnection, Driver, QueryResult } from 'kysely';
import type BetterSqlite3 from 'better-sqlite3';
import { noteRollback } from './write-version';

/** What a driver calls on a prepared statement (dialect.ts's caching wrapper provides it). */
export interface GroupStatement {
  readonly reader: boolean;
  /** The statement cannot write (a RETURNING statement returns rows and writes). */
  readonly readonly: boolean;
  all(parameters: readonly unknown[]): unknown[];
  run(parameters: readonly unknown[]): { changes: number | bigint; lastInsertRowid: number | bigint };
  iterate(parameters: readonly unknown[]): IterableIterator<unknown>;
}

export interface GroupCommitOptions {
  /** The raw handle: its `inTransaction` tells whether SQLite itself rolled the group back. */
  sqlite: BetterSqlite3.Database;
  /** Prepares (or finds prepared) a statement by its SQL text. */
  prepare(sql: string): GroupStatement;
  /** Writes in one group at most; the group commits once it has this many. */
  maxWrites?: number;
  /** A group older than this commits at the next release, however many are waiting. */
  maxAgeMs?: number;
}

/** The defaults: bounded so that a write's answer never waits long behind the others of its group. */
export const GROUP_MAX_WRITES = 32;
export const GROUP_MAX_AGE_MS = 20;

interface Group {
  writes: number;
  openedAt: number;
  waiting: { resolve: () => void; reject: (err: unknown) => void }[];
  /** The end of the turn came while somebody held the connection: commit at their release. */
  due: boolean;
  scheduled: boolean;
}

/** Writes and COMMITs on a connection since it opened: diagnostics, the tests and the bench. */
export interface CommitStats {
  writes: number;
  commits: number;
}

const drivers = new WeakMap<object, GroupCommitDriver>();

/** The commit figures of a writer connection (its raw handle); undefined for a read-only one. */
export function commitStats(sqlite: object): CommitStats | undefined {
  return drivers.get(sqlite)?.stats();
}

/** `GroupCommitDriver.settled` of a connection (its raw handle); at once for a read-only one. */
export function settled(sqlite: object): Promise<void> {
  return drivers.get(sqlite)?.settled() ?? Promise.resolve();
}

/** Why a write that had succeeded was not kept: another write of its group took the group down. */
export class GroupRolledBackError extends Error {
  constructor(cause: unknown) {
    super('The database rolled back the writes committed together with this one; nothing was saved', { cause });
    this.name = 'GroupRolledBackError';
  }
}

class GroupConnection implements DatabaseConnection {
  constructor(
    private readonly prepare: (sql: string) => GroupStatement,
    private readonly writing: () => void,
  ) {}

  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const stmt = this.prepare(compiledQuery.sql);
    if (!stmt.readonly) this.writing();
    if (stmt.reader) return Promise.resolve({ rows: stmt.all(compiledQuery.parameters) as R[] });
    const { changes, lastInsertRowid } = stmt.run(compiledQuery.parameters);
    return Promise.resolve({
      numAffectedRows: BigInt(changes),
      insertId: BigInt(lastInsertRowid),
      rows: [],
    });
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    const stmt = this.prepare(compiledQuery.sql);
    if (!stmt.reader) throw new Error('Only statements that return rows can be streamed');
    for (const row of stmt.iterate(compiledQuery.parameters)) yield { rows: [row as R] };
  }
}

export class GroupCommitDriver implements Driver {
  readonly #sqlite: BetterSqlite3.Database;
  readonly #prepare: (sql: string) => GroupStatement;
  readonly #connection: GroupConnection;
  readonly #maxWrites: number;
  readonly #maxAgeMs: number;
  /** Holders waiting for the connection, in arrival order. */
  readonly #queue: (() => void)[] = [];
  #held = false;
  /** The open group: from the first write of a turn to the end of the turn. */
  #group: Group | null = null;
  /** The present holder runs a write (a transaction) in the open group. */
  #member = false;
  /** Waiting for the open group to commit without being part of it (`settled`). */
  #watchers: { resolve: () => void; reject: (err: unknown) => void }[] = [];
  #writes = 0;
  #commits = 0;

  constructor(options: GroupCommitOptions) {
    this.#sqlite = options.sqlite;
    this.#prepare = options.prepare;
    this.#maxWrites = options.maxWrites ?? GROUP_MAX_WRITES;
    this.#maxAgeMs = options.maxAgeMs ?? GROUP_MAX_AGE_MS;
    // A write outside a kysely transaction while a group is open lands in the group: its caller
    // waits for the group's COMMIT like any member. With no group open SQLite commits it at once.
    this.#connection = new GroupConnection(this.#prepare, () => {
      if (this.#group) this.#member = true;
    });
    drivers.set(this.#sqlite, this);
  }

  /**
   * Resolves once the group open now (if any) has committed; rejects with its COMMIT's error.
   * Groups commit in order, so everything written before the call is then committed too.
   */
  settled(): Promise<void> {
    if (!this.#group) return Promise.resolve();
    return new Promise((resolve, reject) => this.#watchers.push({ resolve, reject }));
  }

  stats(): CommitStats {
    return { writes: this.#writes, commits: this.#commits };
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    if (this.#held) await new Promise<void>((resolve) => this.#queue.push(resolve));
    this.#held = true;
    this.#member = false;
    return this.#connection;
  }

  async beginTransaction(): Promise<void> {
    if (!this.#group) {
      // Takes the write lock now: see ImmediateSqliteDriver in dialect.ts for why not at the first write.
      this.#exec('BEGIN IMMEDIATE');
      this.#group = { writes: 0, openedAt: performance.now(), waiting: [], due: false, scheduled: false };
    }
    this.#group.writes++;
    this.#writes++;
    this.#member = true;
    this.#exec('SAVEPOINT planner_write');
  }

  async commitTransaction(): Promise<void> {
    this.#exec('RELEASE planner_write');
  }

  async rollbackTransaction(): Promise<void> {
    if (this.#sqlite.inTransaction) {
      this.#exec('ROLLBACK TO planner_write');
      this.#exec('RELEASE planner_write');
      return;
    }
    // SQLite rolled the whole transaction back itself (an I/O error, a full disk): the writes of
    // the group that had finished are gone with it, and must not be acknowledged.
    this.#failGroup(new Error('The database rolled back the transaction'));
  }

  async releaseConnection(): Promise<void> {
    const group = this.#group;
    if (!group) return this.#handOver();
    const durable = this.#member ? new Promise<void>((resolve, reject) => group.waiting.push({ resolve, reject })) : null;
    const full = group.writes >= this.#maxWrites || performance.now() - group.openedAt >= this.#maxAgeMs;
    if (group.due || full) this.#commit(group);
    else if (!group.scheduled) {
      group.scheduled = true;
      setImmediate(() => {
        if (this.#group !== group) return;
        if (this.#held) group.due = true;
        else this.#commit(group);
      });
    }
    this.#handOver();
    await durable;
  }

  async destroy(): Promise<void> {
    // Every holder has released; a group may still wait for the end of the turn.
    if (this.#group) this.#commit(this.#group);
    this.#sqlite.close();
  }

  #exec(sql: string): void {
    this.#prepare(sql).run([]);
  }

  #handOver(): void {
    const next = this.#queue.shift();
    if (next) next();
    else this.#held = false;
  }

  #commit(group: Group): void {
    this.#group = null;
    this.#commits++;
    const waiting = [...group.waiting, ...this.#watchers];
    this.#watchers = [];
    try {
      this.#exec('COMMIT');
    } catch (err) {
      if (this.#sqlite.inTransaction) {
        try {
          this.#exec('ROLLBACK');
        } catch {
          // The COMMIT's error is the one to report.
        }
      }
      noteRollback(this.#sqlite);
      for (const w of waiting) w.reject(err);
      return;
    }
    for (const w of waiting) w.resolve();
  }

  #failGroup(cause: unknown): void {
    const group = this.#group;
    if (!group) return;
    this.#group = null;
    noteRollback(this.#sqlite);
    const err = new GroupRolledBackError(cause);
    for (const w of [...group.waiting, ...this.#watchers]) w.reject(err);
    this.#watchers = [];
  }
}
