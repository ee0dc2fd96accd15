// A write that runs alone or inside its caller's transaction: promoting an idea creates a feature,
// epic or initiative with their own store calls, and the whole promotion must commit or roll back
// as one (kysely refuses `transaction()` on a transaction, so the call joins the open one instead).
import type { Transaction } from 'kysely';
import type { Db } from './audit';
import type { Database } from './schema';

export function inTransaction<T>(db: Db, run: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? run(db as Transaction<Database>) : db.transaction().execute(run);
}
