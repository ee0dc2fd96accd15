// Raw SQL for tests that look at the database behind the API (counters against the rows, a table's
// contents before and after), on SQLite or PostgreSQL alike: `?` placeholders, numbered for
// PostgreSQL; rows as plain objects.
import { CompiledQuery } from 'kysely';
import type { Store } from '../store/db';

export async function sqlRows<T = Record<string, unknown>>(store: Pick<Store, 'db' | 'kind'>, text: string, ...params: unknown[]): Promise<T[]> {
  let n = 0;
  const written = store.kind === 'postgres' ? text.replace(/\?/g, () => `$${++n}`) : text;
  return (await store.db.executeQuery<T>(CompiledQuery.raw(written, params))).rows;
}

/** The first column of the first row (a count, an id), or undefined. */
export async function sqlValue<T = unknown>(store: Pick<Store, 'db' | 'kind'>, text: string, ...params: unknown[]): Promise<T | undefined> {
  const [row] = await sqlRows<Record<string, unknown>>(store, text, ...params);
  return row ? (Object.values(row)[0] as T) : undefined;
}
