// What a failed statement means, on either database: the store and the HTTP layer ask this rather
// than reading SQLite's or PostgreSQL's own codes and messages.
//
// SQLite: better-sqlite3's `code` (`SQLITE_CONSTRAINT_UNIQUE`, …) and message (`UNIQUE constraint
// failed: products.reference_prefix`). PostgreSQL: the SQLSTATE in `code` (23505 unique, 23503
// foreign key, class 23 any constraint, 40001/40P01/55P03 a conflict to retry) and the key's
// column in `detail` (`Key (reference_prefix)=(PLN) already exists.`).

export type DbFailure =
  | { kind: 'unique'; column: string | null }
  | { kind: 'constraint' }
  | { kind: 'busy' }
  | { kind: 'bad_value' }
  | { kind: 'unavailable'; outcomeUnknown: boolean };

/**
 * The database could not be reached, or the connection a statement ran on was lost (PostgreSQL
 * restarting, a connection ended by the server, the network): what store/postgres-driver.ts throws
 * in place of the driver's many shapes of it. `outcomeUnknown`: a transaction's COMMIT was sent and
 * its answer never came, so its writes may have been saved or not.
 */
export class DatabaseUnavailable extends Error {
  constructor(
    message: string,
    readonly outcomeUnknown: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'DatabaseUnavailable';
  }
}

const codeOf = (err: unknown): string | null =>
  err instanceof Error && 'code' in err && typeof err.code === 'string' ? err.code : null;

/**
 * What a failure after a change was committed means to its caller: the database lost while the
 * record made or changed was being read back for the answer. The change is saved, so "try again"
 * would be wrong (a create sent again makes a second record): the outcome is the caller's to check.
 */
export function afterCommit(err: unknown): unknown {
  if (!(err instanceof DatabaseUnavailable) || err.outcomeUnknown) return err;
  return new DatabaseUnavailable('The change was saved; the database was lost before it could be read back', true, { cause: err });
}

export function dbFailure(err: unknown): DbFailure | null {
  if (err instanceof DatabaseUnavailable) return { kind: 'unavailable', outcomeUnknown: err.outcomeUnknown };
  // pg's pool found no free connection in time (connectionTimeoutMillis, postgres.ts): busy.
  if (err instanceof Error && /timeout exceeded when trying to connect/.test(err.message)) return { kind: 'busy' };
  const code = codeOf(err);
  if (code === null || !(err instanceof Error)) return null;
  if (code.startsWith('SQLITE_')) {
    if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
      return { kind: 'unique', column: /UNIQUE constraint failed: [\w.]+\.(\w+)/.exec(err.message)?.[1] ?? null };
    }
    if (code.startsWith('SQLITE_CONSTRAINT')) return { kind: 'constraint' };
    if (code.startsWith('SQLITE_BUSY')) return { kind: 'busy' };
    return null;
  }
  if (code === 'ECONNREFUSED') return { kind: 'busy' };
  if (!/^[0-9A-Z]{5}$/.test(code)) return null;
  if (code === '23505') {
    const detail = 'detail' in err && typeof err.detail === 'string' ? err.detail : '';
    // `Key (a)=(x)` names one column; a key of several (`Key (a, b)=…`) names its last, the
    // value that varies within the record's scope.
    const columns = /^Key \(([^)]*)\)=/.exec(detail)?.[1]?.split(',').map((c) => c.trim());
    const last = columns?.at(-1);
    return { kind: 'unique', column: last && /^\w+$/.test(last) ? last : null };
  }
  if (code.startsWith('23')) return { kind: 'constraint' };
  // A conflict to retry, or the database out of reach for now (connection errors, shutting down).
  if (code === '40001' || code === '40P01' || code === '55P03' || code.startsWith('08') || code.startsWith('57P')) return { kind: 'busy' };
  if (code.startsWith('22')) return { kind: 'bad_value' };
  return null;
}
