// PostgreSQL's baseline against SQLite's migrations: the same tables with the same columns, the
// same NOT NULLs and the same foreign keys with the same delete actions, read from both live
// schemas. A later migration written for one dialect and not the other fails here.
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore } from './store/db';
import type { Store } from './store/db';
import { dialectOf } from './store/dialect';
import type { SchemaInfo } from './store/dialect';
import { onPostgres, tempDirs, testDatabase } from './test/harness';

/** SQLite's full-text tables (FTS5 and its shadow tables) have no PostgreSQL twin: trigram indexes and the word tables do their work. */
const SQLITE_ONLY = /^(features_fts|ideas_fts|ideas_related_tokens)(_|$)|^ideas_related_(data|idx|content|docsize|config)$/;

const dirs = tempDirs('planner-schema-');

async function liveSchema(store: Store): Promise<SchemaInfo> {
  return dialectOf(store.db).schemaInfo(store.db);
}

// Needs a PostgreSQL database: runs in the PostgreSQL pass of `npm test`.
describe.skipIf(!onPostgres)('the PostgreSQL schema', () => {
  const opened: Store[] = [];
  const dropped: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const s of opened) await s.close();
    for (const drop of dropped) await drop();
  });

  it('has every table, column, NOT NULL and foreign key SQLite has', async () => {
    const database = await testDatabase();
    if (!database) throw new Error('TEST_DATABASE_URL is not set');
    dropped.push(database.drop);
    const sqlite = await openStore(dirs());
    opened.push(sqlite);
    const postgres = await openStore(dirs(), { databaseUrl: database.url });
    opened.push(postgres);
    const [lite, pg] = [await liveSchema(sqlite), await liveSchema(postgres)];
    const tables = (s: SchemaInfo) =>
      [...s.columns.keys()].filter((t) => !SQLITE_ONLY.test(t) && !t.startsWith('kysely_') && t !== 'schema_migrations').sort();
    expect(tables(pg)).toEqual(tables(lite));
    for (const table of tables(lite)) {
      const shape = (s: SchemaInfo) =>
        (s.columns.get(table) ?? []).map((c) => `${c.name}${c.notNull ? ' NOT NULL' : ''}`).sort();
      // SQLite's `INTEGER PRIMARY KEY` reads as nullable in its table_info; PostgreSQL's id is NOT NULL.
      const loose = (list: string[]) => list.map((c) => (c === 'id NOT NULL' ? 'id' : c));
      expect(loose(shape(pg)), table).toEqual(loose(shape(lite)));
    }
    const keys = (s: SchemaInfo) =>
      s.foreignKeys
        .filter((k) => !SQLITE_ONLY.test(k.table))
        .map((k) => `${k.table}.${k.column} → ${k.target}.${k.targetColumn} ${k.onDelete}`)
        .sort();
    expect(keys(pg)).toEqual(keys(lite));
  });

  it("gives ORDER BY SQLite's NULL placement only where a NULL can come", async () => {
    const database = await testDatabase();
    if (!database) throw new Error('TEST_DATABASE_URL is not set');
    dropped.push(database.drop);
    const store = await openStore(dirs(), { databaseUrl: database.url });
    opened.push(store);
    const { db } = store;
    const order = (query: { compile(): { sql: string } }) => (/order by (.*?)(?: limit|$)/i.exec(query.compile().sql)?.[1] ?? '').toLowerCase();
    // NOT NULL columns of a plain table: no clause, so the (votes, id) index answers the sort.
    expect(order(db.selectFrom('ideas').select('id').orderBy('votes', 'desc').orderBy('id', 'desc').limit(30))).toBe('"votes" desc, "id" desc');
    expect(order(db.selectFrom('ideas as i').select('i.id').orderBy('i.votes', 'desc'))).toBe('"i"."votes" desc');
    // A nullable column keeps SQLite's placement: NULL first ascending, last descending.
    expect(order(db.selectFrom('ideas').select('id').orderBy('feature_id').orderBy('epic_id', 'desc'))).toBe(
      '"feature_id" nulls first, "epic_id" desc nulls last',
    );
    // An outer join's side may be NULL whatever its column says; so may an output named like a column.
    expect(order(db.selectFrom('ideas').leftJoin('features', 'features.id', 'ideas.feature_id').select('ideas.id').orderBy('features.position'))).toBe(
      '"features"."position" nulls first',
    );
    expect(order(db.selectFrom('ideas').select(sql<number>`null`.as('votes')).orderBy('votes', 'desc'))).toBe('"votes" desc nulls last');
  });
});
