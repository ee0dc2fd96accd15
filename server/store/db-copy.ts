// Copies a SQLite database (the data directory's planner.sqlite) into an empty PostgreSQL database
// (`npm run db:copy`, scripts/db-copy.ts): every table both schemas have, row for row with the same
// ids, in one PostgreSQL transaction that also checks every table's count before it commits. The
// uploaded files are not copied: they stay in `<data dir>/blobs`, and the PostgreSQL instances are
// pointed at the same data directory; the copy only checks that every attachment's file is there.
//
// The tables and keys are read from the two live schemas rather than listed here, so a table a later
// migration adds to both is copied without a change to this file.
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { CompiledQuery, sql } from 'kysely';
import type { Transaction } from 'kysely';
import { blobPath } from './blob-files';
import { DB_FILE, openStore } from './db';
import type { Database } from './schema';

/** The copy was refused or its check failed; nothing was written to PostgreSQL. */
export class CopyError extends Error {
  override name = 'CopyError';
}

export interface TableCount {
  table: string;
  sqlite: number;
  postgres: number;
  /**
   * Rows PostgreSQL's baseline made that SQLite has no row for (change_counters' `seeded` flag),
   * kept: the table holds them besides SQLite's rows.
   */
  postgresOwn?: number;
}

export interface CopyReport {
  /** Every copied table's rows on both sides after the copy, in the order the tables were filled. */
  tables: TableCount[];
  /** Self-references (`comments.parent_comment_id` …) inserted empty and filled once every row was in. */
  deferredColumns: string[];
  /** Tables only PostgreSQL has: left as its baseline made them. */
  postgresOnly: string[];
  /** Distinct blob files the attachments name, every one found in `<data dir>/blobs`. */
  blobFiles: number;
  /** The next id each identity sequence hands out. */
  nextIds: Record<string, number>;
  ms: number;
}

export interface CopyOptions {
  /** `<data dir>/planner.sqlite`: it is brought up to the latest migration first, then read only. */
  sqliteFile: string;
  /** `postgres://…` of an empty database (its baseline is run here when it has none). */
  databaseUrl: string;
  log?: (line: string) => void;
}

/** The migration runners' own tables: each side keeps its own history. */
const BOOKKEEPING = new Set(['kysely_migration', 'kysely_migration_lock', 'schema_migrations']);

/** PostgreSQL takes at most 65,535 parameters per statement. */
const MAX_PARAMETERS = 65_535;
/** Rows per INSERT even for narrow tables: past this a longer statement buys nothing. */
const MAX_BATCH_ROWS = 5_000;

const ident = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/** The tables whose counts differ: the copy's own check, exported so it can be tested alone. */
export function countMismatches(counts: readonly TableCount[]): TableCount[] {
  return counts.filter((c) => c.sqlite + (c.postgresOwn ?? 0) !== c.postgres);
}

/** The counts as a text table for the console. */
export function formatCounts(counts: readonly TableCount[]): string {
  const width = Math.max('table'.length, ...counts.map((c) => c.table.length));
  const num = (n: number): string => n.toLocaleString('en-US').padStart(12);
  const lines = [`${'table'.padEnd(width)} ${'sqlite'.padStart(12)} ${'postgres'.padStart(12)}`];
  for (const c of counts) {
    const own = c.postgresOwn ? `  (${c.postgresOwn} PostgreSQL's own)` : '';
    const bad = countMismatches([c]).length > 0 ? '  MISMATCH' : '';
    lines.push(`${c.table.padEnd(width)} ${num(c.sqlite)} ${num(c.postgres)}${own}${bad}`);
  }
  return lines.join('\n');
}

/** The blob files the attachments name that are not in the data directory. */
export function missingBlobFiles(sqlite: BetterSqlite3.Database, dataDir: string): { checked: number; missing: string[] } {
  const files = { dir: path.join(dataDir, 'blobs'), tmpDir: path.join(dataDir, 'blobs', 'tmp'), maxUploadBytes: 0 };
  const rows = sqlite.prepare('SELECT DISTINCT blob_sha256 AS sha FROM attachments WHERE blob_sha256 IS NOT NULL').all() as {
    sha: string;
  }[];
  const missing = rows.map((r) => r.sha).filter((sha) => !fs.existsSync(blobPath(files, sha)));
  return { checked: rows.length, missing };
}

interface Column {
  name: string;
  type: string;
  notNull: boolean;
  identity: boolean;
}

interface ForeignKey {
  child: string;
  parent: string;
  columns: string[];
}

interface Catalog {
  tables: Map<string, Column[]>;
  primaryKeys: Map<string, string[]>;
  foreignKeys: ForeignKey[];
}

type Run = <R>(text: string, params?: readonly unknown[]) => Promise<R[]>;

async function readCatalog(run: Run): Promise<Catalog> {
  const columns = await run<{ table: string; name: string; type: string; not_null: boolean; identity: boolean; generated: boolean }>(`
    SELECT c.relname AS table, a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull AS not_null,
      a.attidentity <> '' AS identity, a.attgenerated <> '' AS generated
    FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped
    ORDER BY c.relname, a.attnum`);
  const tables = new Map<string, Column[]>();
  for (const c of columns) {
    const list = tables.get(c.table) ?? [];
    // A generated column is computed by PostgreSQL from the others: never written.
    if (!c.generated) list.push({ name: c.name, type: c.type, notNull: c.not_null, identity: c.identity });
    tables.set(c.table, list);
  }
  const keys = await run<{ kind: string; child: string; parent: string | null; columns: string[] }>(`
    SELECT con.contype AS kind, ch.relname AS child, pa.relname AS parent,
      (SELECT array_agg(a.attname::text ORDER BY k.i) FROM unnest(con.conkey) WITH ORDINALITY AS k(num, i)
        JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.num) AS columns
    FROM pg_constraint con JOIN pg_class ch ON ch.oid = con.conrelid JOIN pg_namespace n ON n.oid = ch.relnamespace
      LEFT JOIN pg_class pa ON pa.oid = con.confrelid
    WHERE n.nspname = current_schema() AND con.contype IN ('f', 'p')`);
  const primaryKeys = new Map<string, string[]>();
  const foreignKeys: ForeignKey[] = [];
  for (const k of keys) {
    if (k.kind === 'p') primaryKeys.set(k.child, k.columns);
    else if (k.parent) foreignKeys.push({ child: k.child, parent: k.parent, columns: k.columns });
  }
  return { tables, primaryKeys, foreignKeys };
}

/**
 * The tables parents first, so each row's foreign keys find their rows (PostgreSQL's keys are not
 * deferrable). A table's references to itself, and the nullable references that break a cycle
 * between tables, cannot be ordered: those columns are inserted empty and filled at the end.
 */
export function fillOrder(
  tables: readonly string[],
  foreignKeys: readonly ForeignKey[],
  nullable: (fk: ForeignKey) => boolean,
): { order: string[]; deferred: ForeignKey[] } {
  const copied = new Set(tables);
  const deferred: ForeignKey[] = [];
  let edges = foreignKeys.filter((fk) => copied.has(fk.child) && copied.has(fk.parent));
  for (const fk of edges.filter((e) => e.child === e.parent)) {
    if (!nullable(fk))
      throw new CopyError(`${fk.child}.${fk.columns.join(',')} references its own table and cannot be empty: no order fills it`);
    deferred.push(fk);
  }
  edges = edges.filter((e) => e.child !== e.parent);
  const order: string[] = [];
  const left = new Set([...tables].sort());
  while (left.size > 0) {
    const ready = [...left].filter((t) => !edges.some((e) => e.child === t && left.has(e.parent)));
    if (ready.length > 0) {
      for (const t of ready) {
        order.push(t);
        left.delete(t);
      }
      continue;
    }
    const breaker = edges.find((e) => left.has(e.child) && left.has(e.parent) && nullable(e));
    if (!breaker) throw new CopyError(`the foreign keys between ${[...left].join(', ')} form a cycle with no nullable column to break it`);
    deferred.push(breaker);
    edges = edges.filter((e) => e !== breaker);
  }
  return { order, deferred };
}

/** better-sqlite3's integers come as bigint (safeIntegers: none above 2^53 is rounded); pg takes their text. */
const toParameter = (value: unknown): unknown => (typeof value === 'bigint' ? value.toString() : value);

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

/**
 * Copies `sqliteFile` into the PostgreSQL database `databaseUrl` and answers each table's counts.
 * Refuses (CopyError) when an attachment's file is missing or the target already holds records;
 * any failure, a count that differs included, rolls the whole copy back.
 */
export async function copySqliteToPostgres(options: CopyOptions): Promise<CopyReport> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const sqliteFile = path.resolve(options.sqliteFile);
  if (path.basename(sqliteFile) !== DB_FILE) throw new CopyError(`${sqliteFile} is not a planner database file (${DB_FILE})`);
  if (!fs.existsSync(sqliteFile)) throw new CopyError(`no SQLite database at ${sqliteFile}`);
  const dataDir = path.dirname(sqliteFile);

  // Brought up to date through the service's own open, so an old file copies as the latest schema
  // (which is the one PostgreSQL's migrations make).
  const writer = await openStore(dataDir);
  await writer.close();
  if (writer.migrated.length > 0) log(`SQLite brought up to date: ${writer.migrated.join(', ')}`);

  const sqlite = new BetterSqlite3(sqliteFile, { readonly: true, fileMustExist: true });
  try {
    // One read transaction: every table is read, and counted, as of one moment.
    sqlite.exec('BEGIN');
    const blobs = missingBlobFiles(sqlite, dataDir);
    if (blobs.missing.length > 0) {
      const some = blobs.missing.slice(0, 5).join(', ');
      throw new CopyError(
        `${blobs.missing.length} of ${blobs.checked} attachment files are missing from ${path.join(dataDir, 'blobs')} (${some}${blobs.missing.length > 5 ? ', …' : ''})`,
      );
    }
    log(
      `${blobs.checked} attachment files found in ${path.join(dataDir, 'blobs')}: they stay there (not copied); start PostgreSQL instances with this data directory`,
    );

    const store = await openStore(dataDir, { databaseUrl: options.databaseUrl, poolSize: 1 });
    try {
      if (store.migrated.length > 0) log(`PostgreSQL schema made: ${store.migrated.join(', ')}`);
      // Kysely's transaction takes the store's write lock (postgres.ts): no instance started on
      // the target too early writes between the emptiness check and the commit.
      try {
        const report = await store.db.transaction().execute((trx) => copyInto(trx, sqlite, log));
        // Statistics for the planner now, not when autovacuum next comes by: without them a filtered
        // list of 100,000 features was planned as a scan (250 ms instead of a few).
        await sql`ANALYZE`.execute(store.db);
        return { ...report, blobFiles: blobs.checked, ms: Math.round(performance.now() - started) };
      } catch (err) {
        // This open claimed the database's seeding (postgres.ts) and the copy did not fill it: the
        // claim is given back, so a service started on the still empty database seeds it.
        if (store.created)
          await sql`UPDATE change_counters SET n = 0 WHERE name = 'seeded' AND NOT EXISTS (SELECT 1 FROM users)`.execute(store.db);
        throw err;
      }
    } finally {
      await store.close();
    }
  } finally {
    sqlite.close();
  }
}

async function copyInto(
  trx: Transaction<Database>,
  sqlite: BetterSqlite3.Database,
  log: (line: string) => void,
): Promise<Omit<CopyReport, 'blobFiles' | 'ms'>> {
  const run: Run = async <R>(text: string, params: readonly unknown[] = []) =>
    (await trx.executeQuery<R>(CompiledQuery.raw(text, [...params]))).rows;
  const catalog = await readCatalog(run);
  const sqliteTables = new Set(
    (sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((r) => r.name),
  );
  const pgTables = [...catalog.tables.keys()].filter((t) => !BOOKKEEPING.has(t));
  const tables = pgTables.filter((t) => sqliteTables.has(t));
  const postgresOnly = pgTables.filter((t) => !sqliteTables.has(t));
  if (!tables.includes('users') || !tables.includes('products'))
    throw new CopyError('the PostgreSQL database has no planner schema (no users or products table)');

  // Records are the rows of tables in the key graph (users, products and everything hanging from
  // them). The rest are counters the baseline starts (change_counters, token buckets, the related
  // index's stats): those are replaced by SQLite's.
  const linked = new Set(catalog.foreignKeys.flatMap((fk) => [fk.child, fk.parent]));
  const occupied: string[] = [];
  for (const t of tables.filter((x) => linked.has(x))) {
    const [row] = await run<{ found: boolean }>(`SELECT EXISTS (SELECT 1 FROM ${ident(t)}) AS found`);
    if (row?.found) occupied.push(t);
  }
  if (occupied.length > 0) {
    throw new CopyError(
      `the PostgreSQL database already holds records (${occupied.slice(0, 6).join(', ')}${occupied.length > 6 ? ', …' : ''}): copy only into an empty database, never over live data`,
    );
  }

  const columnsOf = new Map<string, Column[]>();
  for (const t of tables) {
    const pgColumns = catalog.tables.get(t) ?? [];
    const names = (sqlite.prepare('SELECT name FROM pragma_table_info(?)').all(t) as { name: string }[]).map((r) => r.name);
    const lost = names.filter((n) => !pgColumns.some((c) => c.name === n));
    // A column only SQLite has would be dropped without a word: the schemas must be made equal first.
    if (lost.length > 0)
      throw new CopyError(`PostgreSQL's ${t} has no column ${lost.join(', ')}: bring both schemas to the same migration first`);
    columnsOf.set(
      t,
      pgColumns.filter((c) => names.includes(c.name)),
    );
  }
  const nullable = (fk: ForeignKey): boolean => fk.columns.every((name) => !columnsOf.get(fk.child)?.find((c) => c.name === name)?.notNull);
  const { order, deferred } = fillOrder(tables, catalog.foreignKeys, nullable);
  const deferredColumns = deferred.flatMap((fk) => fk.columns.map((c) => `${fk.child}.${c}`));

  // Derived tables (list_counts, feature_stats, audit_month_counts, the related index …) are copied
  // as SQLite has them, so the triggers that keep them must not count the copied rows a second time;
  // the audit trigger must not fill in a workspace SQLite left empty. Foreign keys are not user
  // triggers and stay checked. Disabled inside the transaction: a failure leaves them enabled.
  for (const t of order) await run(`ALTER TABLE ${ident(t)} DISABLE TRIGGER USER`);
  // The tables outside the key graph hold counters, not records, and the baseline starts some rows
  // of its own (the auth counter, the token bucket, the related index's count, the seeding flag).
  // A row SQLite has too gives way to SQLite's; one it has not is PostgreSQL's own and stays.
  const own = new Map<string, number>();
  for (const t of order.filter((x) => !linked.has(x))) {
    const key = catalog.primaryKeys.get(t);
    if (!key) {
      await run(`DELETE FROM ${ident(t)}`);
      continue;
    }
    const where = (placeholder: (i: number) => string) => key.map((c, i) => `${ident(c)} = ${placeholder(i)}`).join(' AND ');
    const inSqlite = sqlite.prepare(`SELECT 1 FROM ${ident(t)} WHERE ${where(() => '?')}`);
    for (const row of await run<Record<string, unknown>>(`SELECT ${key.map(ident).join(', ')} FROM ${ident(t)}`)) {
      const values = key.map((c) => row[c]);
      if (inSqlite.get(...values)) await run(`DELETE FROM ${ident(t)} WHERE ${where((i) => `$${i + 1}`)}`, values);
      else own.set(t, (own.get(t) ?? 0) + 1);
    }
  }

  // The deferred columns' values, by the row's key, to be set once every row is in.
  const fills: { table: string; key: Column; column: Column; pairs: unknown[][] }[] = [];
  for (const t of order) {
    const began = performance.now();
    const columns = columnsOf.get(t) ?? [];
    const keyName = catalog.primaryKeys.get(t);
    const key = keyName?.length === 1 ? columns.find((c) => c.name === keyName[0]) : undefined;
    const later = deferred.filter((fk) => fk.child === t).flatMap((fk) => fk.columns);
    if (later.length > 0 && !key) throw new CopyError(`${t} references itself but has no one-column primary key to fill the reference by`);
    const keyIndex = key ? columns.indexOf(key) : -1;
    // Index of the column in a row → its fill.
    const laterAt = new Map<number, { pairs: unknown[][] }>();
    for (const name of new Set(later)) {
      const column = columns.find((c) => c.name === name);
      if (!column || !key) continue;
      const fill = { table: t, key, column, pairs: [] as unknown[][] };
      fills.push(fill);
      laterAt.set(columns.indexOf(column), fill);
    }

    const perRow = Math.max(1, Math.min(MAX_BATCH_ROWS, Math.floor(MAX_PARAMETERS / columns.length)));
    // OVERRIDING SYSTEM VALUE: the ids are SQLite's, even were a column GENERATED ALWAYS.
    const head = `INSERT INTO ${ident(t)} (${columns.map((c) => ident(c.name)).join(', ')})${columns.some((c) => c.identity) ? ' OVERRIDING SYSTEM VALUE' : ''} VALUES `;
    const statements = new Map<number, string>();
    const statement = (rows: number): string => {
      let text = statements.get(rows);
      if (!text) {
        const tuples: string[] = [];
        for (let r = 0; r < rows; r++) tuples.push(`(${columns.map((_, i) => `$${r * columns.length + i + 1}`).join(', ')})`);
        text = head + tuples.join(', ');
        statements.set(rows, text);
      }
      return text;
    };
    let batch: unknown[] = [];
    let rows = 0;
    let copied = 0;
    const flush = async (): Promise<void> => {
      if (rows === 0) return;
      await run(statement(rows), batch);
      copied += rows;
      batch = [];
      rows = 0;
    };
    const select = sqlite
      .prepare(`SELECT ${columns.map((c) => ident(c.name)).join(', ')} FROM ${ident(t)}`)
      .raw(true)
      .safeIntegers(true);
    // Read from SQLite a batch at a time as the inserts go: memory stays one batch deep.
    for (const row of select.iterate() as IterableIterator<unknown[]>) {
      for (let i = 0; i < row.length; i++) {
        const value = toParameter(row[i]);
        const fill = laterAt.get(i);
        if (fill && value !== null) {
          fill.pairs.push([toParameter(row[keyIndex]), value]);
          batch.push(null);
        } else batch.push(value);
      }
      rows++;
      if (rows === perRow) await flush();
    }
    await flush();
    if (copied > 0) log(`${t}: ${copied.toLocaleString('en-US')} ${copied === 1 ? 'row' : 'rows'} (${seconds(performance.now() - began)})`);
  }

  const perUpdate = Math.floor(MAX_PARAMETERS / 2);
  for (const { table, key, column, pairs } of fills) {
    for (let at = 0; at < pairs.length; at += perUpdate) {
      const slice = pairs.slice(at, at + perUpdate);
      const tuples = slice.map((_, i) => `($${2 * i + 1}::${key.type}, $${2 * i + 2}::${column.type})`).join(', ');
      await run(
        `UPDATE ${ident(table)} AS t SET ${ident(column.name)} = v.value FROM (VALUES ${tuples}) AS v(key, value) WHERE t.${ident(key.name)} = v.key`,
        slice.flat(),
      );
    }
  }
  for (const t of order) await run(`ALTER TABLE ${ident(t)} ENABLE TRIGGER USER`);

  // Ids are never reused: each sequence starts past the largest id the table holds and past the
  // largest SQLite ever handed out (a deleted last row's id is in sqlite_sequence only).
  const handedOut = new Map(
    (sqliteTables.has('sqlite_sequence')
      ? (sqlite.prepare('SELECT name, seq FROM sqlite_sequence').all() as { name: string; seq: number }[])
      : []
    ).map((r) => [r.name, r.seq]),
  );
  const nextIds: Record<string, number> = {};
  for (const t of order) {
    for (const column of (columnsOf.get(t) ?? []).filter((c) => c.identity)) {
      const [max] = await run<{ n: number | null }>(`SELECT max(${ident(column.name)}) AS n FROM ${ident(t)}`);
      const last = Math.max(max?.n ?? 0, column.name === 'id' ? (handedOut.get(t) ?? 0) : 0);
      // setval(…, n, true): the next nextval answers n + 1; a table that never had a row starts at 1.
      await run(`SELECT setval(pg_get_serial_sequence($1, $2), $3, $4)`, [ident(t), column.name, Math.max(last, 1), last > 0]);
      nextIds[`${t}.${column.name}`] = last + 1;
    }
  }

  const tablesCounted: TableCount[] = [];
  for (const t of order) {
    const source = sqlite.prepare(`SELECT count(*) AS n FROM ${ident(t)}`).get() as { n: number };
    const [target] = await run<{ n: number }>(`SELECT count(*) AS n FROM ${ident(t)}`);
    const kept = own.get(t);
    tablesCounted.push({ table: t, sqlite: source.n, postgres: target?.n ?? -1, ...(kept ? { postgresOwn: kept } : {}) });
  }
  const mismatches = countMismatches(tablesCounted);
  if (mismatches.length > 0) {
    // Thrown inside the transaction: nothing of the copy is committed.
    throw new CopyError(`counts differ after the copy, nothing was committed:\n${formatCounts(mismatches)}`);
  }
  return { tables: tablesCounted, deferredColumns, postgresOnly, nextIds };
}
