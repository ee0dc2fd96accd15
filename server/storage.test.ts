// The storage seam: the TypeScript table types match the live schema both ways; a database made by
// the runner used before kysely's Migrator (with data, links, a recycle bin and a name index) is
// taken over without re-running anything, keeps every row and link, still finds records by name,
// and never hands out an id it had used before — not even one deleted before the migration.
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import { seedAccount } from './seed/seed';
import { startService } from './start';
import type { RunningService } from './start';
import { DB_FILE, openStore } from './store/db';
import { deleteEpic } from './store/epics';
import { deleteFeature } from './store/features';
import { deleteInitiative } from './store/initiatives';
import { migrationName, migrations } from './store/migrations';
import { deletePhase } from './store/releases';
import { deleteRequirement } from './store/requirements';
import { DATABASE_COLUMNS } from './store/schema';
import type { Database } from './store/schema';
import { TEST_TOKEN, tempDirs } from './test/harness';
import { checkedFetch } from './test/openapi-check';

const tempDir = tempDirs('planner-storage-');

const TABLES = Object.keys(DATABASE_COLUMNS) as (keyof Database)[];

describe('table types against the live schema', () => {
  it('names every table and column of a migrated database, with its nullability, and nothing else', async () => {
    const store = await openStore(tempDir());
    try {
      const live = (
        store.sqlite.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table'").all() as {
          name: string;
          sql: string;
        }[]
      )
        // Bookkeeping (SQLite's, the Migrator's) and the search indexes' FTS tables are not records.
        .filter((t) => !/^(sqlite_|kysely_migration)/.test(t.name) && !/^(features_fts|ideas_fts|ideas_related)/.test(t.name))
        .map((t) => t.name)
        .sort();
      expect(live).toEqual([...TABLES].sort());
      for (const table of TABLES) {
        const columns = store.sqlite.pragma(`table_info(${table})`) as {
          name: string;
          notnull: number;
          pk: number;
        }[];
        const described = Object.fromEntries(columns.map((c) => [c.name, c.notnull || c.pk ? 'required' : 'nullable']));
        expect(described, table).toEqual(DATABASE_COLUMNS[table]);
      }
    } finally {
      await store.close();
    }
  });

  it('gives every table with its own ids AUTOINCREMENT', async () => {
    const store = await openStore(tempDir());
    try {
      for (const table of TABLES) {
        if (!('id' in DATABASE_COLUMNS[table])) continue;
        const create = store.sqlite.prepare('SELECT sql FROM sqlite_master WHERE name = ?').pluck().get(table);
        expect(create, table).toMatch(/\bid INTEGER PRIMARY KEY AUTOINCREMENT\b/);
      }
    } finally {
      await store.close();
    }
  });
});

/** The runner used before kysely's Migrator, as shipped: each version in a transaction, recorded in schema_migrations. */
function legacyMigrate(sqlite: BetterSqlite3.Database, upTo: number): void {
  sqlite.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
  for (const m of migrations) {
    if (m.version > upTo) break;
    if (!('sql' in m)) throw new Error(`migration ${m.version} was not shipped as SQL`);
    sqlite.transaction(() => {
      sqlite.exec(m.sql);
      sqlite
        .prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)')
        .run(m.version, m.name, new Date().toISOString());
    })();
  }
}

type Row = Record<string, unknown>;

/** Empty stand-ins for the derived tables, for store code run against a version-3 schema. */
const STAND_INS = `
CREATE TABLE list_counts (scope TEXT NOT NULL, scope_id INTEGER NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (scope, scope_id));
CREATE TABLE feature_stats (scope TEXT NOT NULL, scope_id INTEGER NOT NULL, status_id INTEGER NOT NULL, n INTEGER NOT NULL,
  psum REAL NOT NULL, est_total REAL NOT NULL, est_left REAL NOT NULL, PRIMARY KEY (scope, scope_id, status_id));`;

/**
 * Tables of derived data a later migration adds and fills (list counters, the audit log's monthly
 * counts), the historical search's own state (migration 17) and the shared rate limits' (20): not records.
 */
const DERIVED: readonly string[] = [
  'list_counts',
  'feature_stats',
  'change_counters',
  'audit_month_counts',
  'historical_token_buckets',
  'historical_searches',
  'historical_search_results',
  'rate_limit_buckets',
];

/**
 * Record tables a later migration adds that today's seed fills (idea portals, 11; ideas, 12; votes, 13; notes, comments and
 * attachments, 15; layouts, 18; the portal's own tables, 19): the seed gets them
 * as that migration makes them, and they are dropped before the takeover, so they hold no old data
 * to compare.
 */
const LATER_TABLES: readonly string[] = [
  'portal_notifications',
  'idea_subscriptions',
  'portal_sessions',
  'portal_sign_in_links',
  'screen_definition_assignments',
  'screen_definition_fields',
  'screen_definition_sections',
  'screen_definitions',
  'file_sessions',
  'attachments',
  'blobs',
  'comments',
  'page_tags',
  'pages',
  'idea_votes',
  'idea_organizations',
  'idea_category_links',
  'idea_tags',
  'ideas',
  'idea_categories',
  'portal_users',
  'idea_portals',
];
/**
 * The columns migrations 16 and 17 add to the recycle bin and the audit log, which today's deletes,
 * audits and seed write: stand-ins (without the foreign key, which SQLite would not let go), dropped again
 * before the takeover runs the migration itself on the old rows.
 */
const LATER_COLUMNS: readonly [string, string][] = [
  ['deletions', "links TEXT NOT NULL DEFAULT '{}'"],
  ['deletions', 'contents TEXT'],
  ['deletions', 'reference_num TEXT'],
  ['deletions', 'restored_at TEXT'],
  ['deletions', 'restored_by_id INTEGER'],
  ['audits', 'associated_type TEXT'],
  ['audits', 'associated_id INTEGER'],
  // Migration 17's: the demo's history names its workspace.
  ['audits', 'product_id INTEGER'],
];
/** What else those migrations add to older tables and indexes, undone with them. */
const LATER_UNDO =
  'DROP TABLE ideas_fts; DROP TABLE ideas_related; ALTER TABLE products DROP COLUMN next_idea_num; ALTER TABLE products DROP COLUMN next_page_num;' +
  LATER_COLUMNS.map(([table, column]) => `ALTER TABLE ${table} DROP COLUMN ${column.split(' ')[0] ?? ''};`).join('');
const LATER_SQL =
  migrations
    .filter((m) => (m.version >= 11 && m.version <= 13) || m.version === 15 || m.version === 18 || m.version === 19)
    .map((m) => ('sql' in m ? m.sql : ''))
    .join('\n') + LATER_COLUMNS.map(([table, column]) => `ALTER TABLE ${table} ADD COLUMN ${column};`).join('\n');

/** Every row of every record table, in rowid order. */
function snapshot(sqlite: BetterSqlite3.Database): Record<string, Row[]> {
  return Object.fromEntries(
    TABLES.filter((t) => !DERIVED.includes(t) && !LATER_TABLES.includes(t)).map((t) => [
      t,
      sqlite.prepare(`SELECT * FROM ${t} ORDER BY rowid`).all() as Row[],
    ]),
  );
}

const maxId = (sqlite: BetterSqlite3.Database, table: string): number =>
  Number(sqlite.prepare(`SELECT max(id) FROM ${table}`).pluck().get() ?? 0);

async function api<T = Row>(service: RunningService, method: string, p: string, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await checkedFetch(`${service.url}/api/v1${p}`, {
    method,
    headers: {
      Authorization: `Bearer ${TEST_TOKEN}`,
      Accept: 'application/json',
      'Content-Type': 'application/json',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

describe('a database made before the Migrator', () => {
  it('is taken over: nothing re-run, every row and link kept, search works, and no id comes back', async () => {
    const dataDir = tempDir();
    const sqlite = new BetterSqlite3(path.join(dataDir, DB_FILE));
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    legacyMigrate(sqlite, 3);
    // Today's store code plays the old service here; it reads the derived tables later migrations
    // add, so it gets empty stand-ins, dropped before the takeover.
    sqlite.exec(STAND_INS);
    sqlite.exec(LATER_SQL);
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    const { adminId } = await seedAccount(db, 'demo');

    // Delete the newest record of each deletable kind: their ids are the tables' highest, which a
    // plain INTEGER PRIMARY KEY would hand out again.
    const gone = {
      features: maxId(sqlite, 'features'),
      requirements: maxId(sqlite, 'requirements'),
      epics: maxId(sqlite, 'epics'),
      initiatives: maxId(sqlite, 'initiatives'),
      release_phases: maxId(sqlite, 'release_phases'),
    };
    const goneFeature = await db.selectFrom('features').selectAll().where('id', '=', gone.features).executeTakeFirstOrThrow();
    await deleteRequirement(db, { id: gone.requirements, userId: adminId });
    await deleteFeature(db, { id: gone.features, userId: adminId });
    await deleteEpic(db, { id: gone.epics, userId: adminId });
    await deleteInitiative(db, { id: gone.initiatives, userId: adminId });
    await deletePhase(db, { id: gone.release_phases, userId: adminId });
    // Ids known only to the recycle bin (a goal) or only to the audit log (a release).
    const ts = new Date().toISOString();
    sqlite
      .prepare('INSERT INTO deletions (record_type, record_id, name, product_id, deleted_at, payload) VALUES (?, ?, ?, ?, ?, ?)')
      .run('Goal', 77, 'Old goal', 1, ts, JSON.stringify({ goals: [{ id: 77, name: 'Old goal' }], initiative_goals: [] }));
    sqlite
      .prepare(
        "INSERT INTO audits (user_id, created_at, auditable_type, auditable_id, audit_action, changes) VALUES (?, ?, 'Release', 60, 'destroy', '{}')",
      )
      .run(adminId, ts);

    sqlite.exec('DROP TABLE feature_stats; DROP TABLE list_counts;');
    for (const table of LATER_TABLES) sqlite.exec(`DROP TABLE ${table}`);
    sqlite.exec(LATER_UNDO);
    const before = snapshot(sqlite);
    const word = 'ing'; // in several demo feature names: planning, rounding, sharing …
    const found = sqlite
      .prepare('SELECT rowid FROM features_fts WHERE features_fts MATCH ? ORDER BY rowid')
      .pluck()
      .all(`"${word}"`) as number[];
    expect(found.length).toBeGreaterThan(1);
    for (const [table, id] of Object.entries(gone)) expect(maxId(sqlite, table), table).toBeLessThan(id);
    await db.destroy();
    sqlite.close();

    let service = await startService({ dataDir, port: 0, adminToken: TEST_TOKEN });
    try {
      expect(service.seeded).toBe(false);
      // Versions 1-3 are adopted from schema_migrations, not run again.
      expect(service.store.migrated).toEqual(migrations.filter((m) => m.version > 3).map(migrationName));
      const live = service.store.sqlite;
      expect(live.prepare('SELECT name FROM kysely_migration ORDER BY name').pluck().all()).toEqual(migrations.map(migrationName));
      expect(live.prepare("SELECT name FROM sqlite_master WHERE name = 'schema_migrations'").get()).toBeUndefined();
      expect(live.pragma('foreign_keys', { simple: true })).toBe(1);
      expect(live.pragma('foreign_key_check')).toEqual([]);

      // Every row of every table, links included, as it was (the start added the admin's token).
      // Columns added by later migrations (products.description, 9) are left out: they hold no old data.
      const after = Object.fromEntries(
        Object.entries(snapshot(live)).map(([table, rows]) => {
          const kept = before[table]?.[0];
          return [table, kept ? rows.map((r) => Object.fromEntries(Object.keys(kept).map((k) => [k, r[k]]))) : rows];
        }),
      );
      expect(after.api_tokens?.slice(0, before.api_tokens?.length)).toEqual(before.api_tokens);
      expect({ ...after, api_tokens: [] }).toEqual({ ...before, api_tokens: [] });
      // The name index still agrees with the rows and finds the same features through the API.
      expect(() => live.exec("INSERT INTO features_fts(features_fts, rank) VALUES ('integrity-check', 1)")).not.toThrow();
      const search = await api<{ features: { id: string }[]; pagination: { total_records: number } }>(
        service,
        'GET',
        `/features?q=${word}&per_page=200&fields=id`,
      );
      expect(search.status).toBe(200);
      expect(search.body.features.map((f) => Number(f.id)).sort((a, b) => a - b)).toEqual(found);

      // New records get ids above every id ever used, and keys never used.
      const release = await live.prepare('SELECT reference_num FROM releases WHERE id = ?').pluck().get(goneFeature.release_id);
      const feature = await api<{ feature: { id: string; reference_num: string } }>(
        service,
        'POST',
        `/releases/${String(release)}/features`,
        {
          feature: { name: 'After the migration' },
        },
      );
      expect(feature.status).toBe(200);
      expect(Number(feature.body.feature.id)).toBeGreaterThan(gone.features);
      expect(feature.body.feature.reference_num).not.toBe(goneFeature.reference_num);
      const requirement = await api<{ requirement: { id: string } }>(
        service,
        'POST',
        `/features/${String(feature.body.feature.id)}/requirements`,
        {
          requirement: { name: 'Req' },
        },
      );
      expect(Number(requirement.body.requirement.id)).toBeGreaterThan(gone.requirements);
      const epic = await api<{ epic: { id: string } }>(service, 'POST', `/releases/${String(release)}/epics`, {
        epic: { name: 'Epic after' },
      });
      expect(Number(epic.body.epic.id)).toBeGreaterThan(gone.epics);
      const initiative = await api<{ initiative: { id: string } }>(service, 'POST', '/products/PLN/initiatives', {
        initiative: { name: 'Initiative after', workflow_status: { name: 'On track' } },
      });
      expect(Number(initiative.body.initiative.id)).toBeGreaterThan(gone.initiatives);
      const phase = await api<{ release_phase: { id: string } }>(service, 'POST', '/release_phases', {
        release_phase: { release_id: goneFeature.release_id, name: 'Phase after', phase_type: 'phase' },
      });
      expect(Number(phase.body.release_phase.id)).toBeGreaterThan(gone.release_phases);
      const goal = await api<{ goal: { id: string } }>(service, 'POST', '/products/PLN/goals', {
        goal: { name: 'Goal after' },
      });
      expect(Number(goal.body.goal.id)).toBeGreaterThan(77);
      const newRelease = await api<{ release: { id: string } }>(service, 'POST', '/products/PLN/releases', {
        release: { name: 'Release after' },
      });
      expect(Number(newRelease.body.release.id)).toBeGreaterThan(60);

      // A second start finds nothing to do.
      await service.close();
      service = await startService({ dataDir, port: 0, adminToken: TEST_TOKEN });
      expect(service.store.migrated).toEqual([]);
    } finally {
      await service.close();
    }
  });

  it('leaves the database as it was when a migration fails, and migrates once the cause is gone', async () => {
    const dataDir = tempDir();
    const file = path.join(dataDir, DB_FILE);
    const sqlite = new BetterSqlite3(file);
    legacyMigrate(sqlite, 3);
    // The rebuild of `features` (after a dozen other tables) needs this name: migration 4 fails part-way.
    sqlite.exec('CREATE TABLE features__rebuild (x INTEGER)');
    const schemaBefore = sqlite.prepare('SELECT type, name, sql FROM sqlite_master ORDER BY name').all();
    sqlite.close();

    await expect(openStore(dataDir)).rejects.toThrow(/features__rebuild/);
    const after = new BetterSqlite3(file);
    // Nothing of 4 or 5 stayed: not the tables rebuilt before the failure, not the Migrator's record.
    expect(after.prepare("SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE '%kysely_migration%' ORDER BY name").all()).toEqual(
      schemaBefore,
    );
    const recorded = after.prepare("SELECT 1 FROM sqlite_master WHERE name = 'kysely_migration'").get()
      ? after.prepare('SELECT name FROM kysely_migration').pluck().all()
      : [];
    expect(recorded).toEqual([]);
    after.exec('DROP TABLE features__rebuild');
    after.close();

    const store = await openStore(dataDir);
    try {
      expect(store.migrated).toEqual(migrations.filter((m) => m.version > 3).map(migrationName));
    } finally {
      await store.close();
    }
  });

  it('runs the versions the old runner had not reached', async () => {
    const dataDir = tempDir();
    const sqlite = new BetterSqlite3(path.join(dataDir, DB_FILE));
    legacyMigrate(sqlite, 2);
    sqlite.close();
    const store = await openStore(dataDir);
    try {
      expect(store.migrated).toEqual(migrations.filter((m) => m.version > 2).map(migrationName));
      expect(store.sqlite.prepare("SELECT 1 FROM sqlite_master WHERE name = 'goals'").get()).toBeDefined();
    } finally {
      await store.close();
    }
  });
});
