// Versioned schema migrations, run by kysely's Migrator on start (all pending ones in one
// transaction, recorded in `kysely_migration`). Never edit a shipped migration: add the next one.
// Databases made before the Migrator recorded versions in `schema_migrations`; those versions are
// adopted, not re-run (see SqlMigrationProvider).
import type BetterSqlite3 from 'better-sqlite3';
import { Migrator, sql } from 'kysely';
import type { Kysely, Migration as KyselyMigration, MigrationProvider } from 'kysely';
import { counterTriggers, subsetCounterTriggers } from './counts';
import { featureStatsTriggers } from './feature-stats';
import { postgresBaseline, postgresSubsetCounterTriggers } from './postgres-schema';

export type Migration = { version: number; name: string } & (
  | { sql: string }
  /** A step that reads the live schema; runs on the raw handle inside the migration's transaction. */
  | { run: (sqlite: BetterSqlite3.Database) => void }
);

/** Migration 20, in both lists: leases on historical searches and the rate limits every instance shares. */
const SHARED_LIMITS_MIGRATION = 'search-leases-and-shared-rate-limits';
/** Migration 21, in both lists. */
const IDEA_COUNTERS_MIGRATION = 'idea-list-counters';

export const migrations: Migration[] = [
  {
    version: 1,
    name: 'foundation',
    sql: `
CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  email TEXT NOT NULL UNIQUE COLLATE NOCASE,
  administrator INTEGER NOT NULL DEFAULT 0,
  enabled INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE api_tokens (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  token_hash TEXT NOT NULL UNIQUE,
  label TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL,
  last_used_at TEXT
);

CREATE TABLE products (
  id INTEGER PRIMARY KEY,
  reference_prefix TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  product_line INTEGER NOT NULL DEFAULT 0,
  workspace_type TEXT NOT NULL DEFAULT 'product_workspace',
  next_feature_num INTEGER NOT NULL DEFAULT 1,
  next_release_num INTEGER NOT NULL DEFAULT 1,
  next_epic_num INTEGER NOT NULL DEFAULT 1,
  next_initiative_num INTEGER NOT NULL DEFAULT 1,
  next_goal_num INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX products_updated ON products(updated_at);

CREATE TABLE workflows (
  id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES products(id),
  name TEXT NOT NULL,
  statusable_type TEXT NOT NULL
);
CREATE UNIQUE INDEX workflows_product_type ON workflows(product_id, statusable_type);

CREATE TABLE workflow_statuses (
  id INTEGER PRIMARY KEY,
  workflow_id INTEGER NOT NULL REFERENCES workflows(id),
  name TEXT NOT NULL,
  position INTEGER NOT NULL,
  complete INTEGER NOT NULL DEFAULT 0,
  color TEXT NOT NULL
);
CREATE INDEX workflow_statuses_workflow ON workflow_statuses(workflow_id, position);

CREATE TABLE workflow_kinds (
  id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES products(id),
  name TEXT NOT NULL
);
CREATE INDEX workflow_kinds_product ON workflow_kinds(product_id);

CREATE TABLE teams (
  id INTEGER PRIMARY KEY,
  product_id INTEGER REFERENCES products(id),
  name TEXT NOT NULL,
  reference_prefix TEXT NOT NULL UNIQUE,
  color TEXT NOT NULL DEFAULT '#5b7fa6',
  next_pi_num INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE team_workflow_statuses (
  id INTEGER PRIMARY KEY,
  team_id INTEGER NOT NULL REFERENCES teams(id),
  name TEXT NOT NULL,
  position INTEGER NOT NULL,
  complete INTEGER NOT NULL DEFAULT 0,
  color TEXT NOT NULL
);
CREATE INDEX team_workflow_statuses_team ON team_workflow_statuses(team_id, position);

CREATE TABLE iterations (
  id INTEGER PRIMARY KEY,
  team_id INTEGER NOT NULL REFERENCES teams(id),
  name TEXT NOT NULL,
  start_date TEXT,
  end_date TEXT
);
CREATE INDEX iterations_team ON iterations(team_id);

CREATE TABLE program_increments (
  id INTEGER PRIMARY KEY,
  team_id INTEGER NOT NULL REFERENCES teams(id),
  name TEXT NOT NULL,
  reference_num TEXT NOT NULL UNIQUE,
  start_date TEXT,
  end_date TEXT
);
CREATE INDEX program_increments_team ON program_increments(team_id);

CREATE TABLE releases (
  id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES products(id),
  reference_num TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  start_date TEXT,
  end_date TEXT,
  release_date TEXT,
  development_started_on TEXT,
  external_release_date TEXT,
  external_date_resolution TEXT,
  parking_lot INTEGER NOT NULL DEFAULT 0,
  parent_id INTEGER REFERENCES releases(id),
  position INTEGER,
  progress REAL,
  progress_source TEXT NOT NULL DEFAULT 'progress_manual',
  duration_source TEXT NOT NULL DEFAULT 'duration_manual',
  capacity_units TEXT NOT NULL DEFAULT 'time',
  total_capacity REAL,
  theme TEXT,
  workflow_status_id INTEGER NOT NULL REFERENCES workflow_statuses(id),
  owner_id INTEGER REFERENCES users(id),
  created_by_id INTEGER REFERENCES users(id),
  status_changed_on TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX releases_product ON releases(product_id, parking_lot, release_date, id);
CREATE INDEX releases_product_updated ON releases(product_id, updated_at);
CREATE INDEX releases_parent ON releases(parent_id);

CREATE TABLE release_phases (
  id INTEGER PRIMARY KEY,
  release_id INTEGER NOT NULL REFERENCES releases(id),
  name TEXT NOT NULL,
  phase_type TEXT NOT NULL,
  start_on TEXT,
  end_on TEXT,
  position INTEGER NOT NULL DEFAULT 0,
  description TEXT,
  progress REAL,
  progress_source TEXT NOT NULL DEFAULT 'progress_manual',
  duration_source TEXT NOT NULL DEFAULT 'duration_manual',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX release_phases_release ON release_phases(release_id, position);

-- Initiatives and epics get their full shape with their own issue; features link to them now.
CREATE TABLE initiatives (
  id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES products(id),
  reference_num TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  workflow_status_id INTEGER REFERENCES workflow_statuses(id),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX initiatives_product ON initiatives(product_id, name);

CREATE TABLE epics (
  id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES products(id),
  release_id INTEGER NOT NULL REFERENCES releases(id),
  reference_num TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  workflow_status_id INTEGER REFERENCES workflow_statuses(id),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX epics_product ON epics(product_id, name);

CREATE TABLE release_initiatives (
  release_id INTEGER NOT NULL REFERENCES releases(id),
  initiative_id INTEGER NOT NULL REFERENCES initiatives(id),
  PRIMARY KEY (release_id, initiative_id)
);

CREATE TABLE features (
  id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES products(id),
  release_id INTEGER NOT NULL REFERENCES releases(id),
  reference_num TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  position INTEGER NOT NULL DEFAULT 0,
  workflow_kind_id INTEGER REFERENCES workflow_kinds(id),
  workflow_status_id INTEGER NOT NULL REFERENCES workflow_statuses(id),
  description TEXT,
  created_by_id INTEGER REFERENCES users(id),
  assigned_to_id INTEGER REFERENCES users(id),
  tags TEXT NOT NULL DEFAULT '',
  start_date TEXT,
  due_date TEXT,
  initial_estimate REAL,
  detailed_estimate REAL,
  remaining_estimate REAL,
  progress REAL,
  progress_source TEXT NOT NULL DEFAULT 'progress_manual',
  release_phase_id INTEGER REFERENCES release_phases(id),
  initiative_id INTEGER REFERENCES initiatives(id),
  epic_id INTEGER REFERENCES epics(id),
  team_id INTEGER REFERENCES teams(id),
  team_workflow_status_id INTEGER REFERENCES team_workflow_statuses(id),
  iteration_id INTEGER REFERENCES iterations(id),
  program_increment_id INTEGER REFERENCES program_increments(id),
  next_requirement_num INTEGER NOT NULL DEFAULT 1,
  status_changed_on TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX features_product_id ON features(product_id, id);
CREATE INDEX features_release_position ON features(release_id, position, id);
CREATE INDEX features_product_status ON features(product_id, workflow_status_id, id);
CREATE INDEX features_product_updated ON features(product_id, updated_at);
CREATE INDEX features_updated ON features(updated_at);
CREATE INDEX features_assigned ON features(assigned_to_id, id);
CREATE INDEX features_phase ON features(release_phase_id);
CREATE INDEX features_epic ON features(epic_id);
CREATE INDEX features_initiative ON features(initiative_id);

-- Substring search on names (q=) without a table scan: trigram FTS kept in step by triggers.
CREATE VIRTUAL TABLE features_fts USING fts5(name, content='features', content_rowid='id', tokenize='trigram');
CREATE TRIGGER features_fts_ai AFTER INSERT ON features BEGIN
  INSERT INTO features_fts(rowid, name) VALUES (new.id, new.name);
END;
CREATE TRIGGER features_fts_ad AFTER DELETE ON features BEGIN
  INSERT INTO features_fts(features_fts, rowid, name) VALUES ('delete', old.id, old.name);
END;
CREATE TRIGGER features_fts_au AFTER UPDATE OF name ON features BEGIN
  INSERT INTO features_fts(features_fts, rowid, name) VALUES ('delete', old.id, old.name);
  INSERT INTO features_fts(rowid, name) VALUES (new.id, new.name);
END;

CREATE TABLE feature_tags (
  feature_id INTEGER NOT NULL REFERENCES features(id),
  tag TEXT NOT NULL COLLATE NOCASE,
  PRIMARY KEY (feature_id, tag)
);
CREATE INDEX feature_tags_tag ON feature_tags(tag, feature_id);

CREATE TABLE feature_watchers (
  feature_id INTEGER NOT NULL REFERENCES features(id),
  user_id INTEGER NOT NULL REFERENCES users(id),
  PRIMARY KEY (feature_id, user_id)
);

CREATE TABLE requirements (
  id INTEGER PRIMARY KEY,
  feature_id INTEGER NOT NULL REFERENCES features(id),
  reference_num TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  position INTEGER NOT NULL DEFAULT 0,
  workflow_status_id INTEGER NOT NULL REFERENCES workflow_statuses(id),
  description TEXT,
  assigned_to_id INTEGER REFERENCES users(id),
  created_by_id INTEGER REFERENCES users(id),
  start_date TEXT,
  end_date TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX requirements_feature ON requirements(feature_id, position, id);
CREATE INDEX requirements_updated ON requirements(feature_id, updated_at);

-- Every write: who, when, which record, what action, which fields changed (old -> new) as JSON.
CREATE TABLE audits (
  id INTEGER PRIMARY KEY,
  user_id INTEGER REFERENCES users(id),
  created_at TEXT NOT NULL,
  auditable_type TEXT NOT NULL,
  auditable_id INTEGER NOT NULL,
  audit_action TEXT NOT NULL,
  changes TEXT NOT NULL DEFAULT '{}'
);
CREATE INDEX audits_record ON audits(auditable_type, auditable_id, id);
CREATE INDEX audits_created ON audits(created_at);

-- Recycle bin: a deleted record and its dependents, as rows, restorable within 30 days.
CREATE TABLE deletions (
  id INTEGER PRIMARY KEY,
  record_type TEXT NOT NULL,
  record_id INTEGER NOT NULL,
  name TEXT NOT NULL,
  product_id INTEGER,
  deleted_by_id INTEGER REFERENCES users(id),
  deleted_at TEXT NOT NULL,
  payload TEXT NOT NULL
);
CREATE INDEX deletions_deleted_at ON deletions(deleted_at);
`,
  },
  {
    version: 2,
    name: 'feature-list-indexes',
    // Feature lists filtered inside a release or a product: with an index per (scope, filter) pair
    // the total is a range count over one index instead of a test of every row of a large release
    // (see listFeatures in store/features.ts). `features_release_id` is (release_id, rowid): tag and
    // name-search matches are checked against a release through it without reading the rows.
    sql: `
CREATE INDEX features_release_id ON features(release_id);
-- With progress, it also lets a release's progress from features be summed from the index alone.
CREATE INDEX features_release_status ON features(release_id, workflow_status_id, progress);
CREATE INDEX features_release_assigned ON features(release_id, assigned_to_id);
CREATE INDEX features_release_updated ON features(release_id, updated_at);
CREATE INDEX features_product_assigned ON features(product_id, assigned_to_id);
-- Names beside the scope: a short name search (LIKE, below trigram length) reads these small
-- entries instead of every whole row of the scope.
CREATE INDEX features_product_name ON features(product_id, name);
CREATE INDEX features_release_name ON features(release_id, name);
`,
  },
  {
    version: 3,
    name: 'epics-initiatives-goals',
    // Epics, initiatives and goals get their full shape; time frames, goals and the initiative–goal
    // link are new; custom field values are kept per record so lists can filter on them.
    sql: `
CREATE TABLE time_frames (
  id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES products(id),
  name TEXT NOT NULL,
  start_date TEXT,
  end_date TEXT
);
CREATE INDEX time_frames_product ON time_frames(product_id, start_date);

ALTER TABLE epics ADD COLUMN position INTEGER NOT NULL DEFAULT 0;
ALTER TABLE epics ADD COLUMN description TEXT;
ALTER TABLE epics ADD COLUMN created_by_id INTEGER REFERENCES users(id);
ALTER TABLE epics ADD COLUMN assigned_to_id INTEGER REFERENCES users(id);
ALTER TABLE epics ADD COLUMN tags TEXT NOT NULL DEFAULT '';
ALTER TABLE epics ADD COLUMN start_date TEXT;
ALTER TABLE epics ADD COLUMN due_date TEXT;
ALTER TABLE epics ADD COLUMN initial_estimate REAL;
ALTER TABLE epics ADD COLUMN detailed_estimate REAL;
ALTER TABLE epics ADD COLUMN remaining_estimate REAL;
ALTER TABLE epics ADD COLUMN progress REAL;
ALTER TABLE epics ADD COLUMN progress_source TEXT NOT NULL DEFAULT 'progress_manual';
ALTER TABLE epics ADD COLUMN duration_source TEXT NOT NULL DEFAULT 'duration_manual';
ALTER TABLE epics ADD COLUMN initiative_id INTEGER REFERENCES initiatives(id);
ALTER TABLE epics ADD COLUMN team_id INTEGER REFERENCES teams(id);
ALTER TABLE epics ADD COLUMN team_workflow_status_id INTEGER REFERENCES team_workflow_statuses(id);
ALTER TABLE epics ADD COLUMN iteration_id INTEGER REFERENCES iterations(id);
ALTER TABLE epics ADD COLUMN program_increment_id INTEGER REFERENCES program_increments(id);
ALTER TABLE epics ADD COLUMN status_changed_on TEXT;
CREATE INDEX epics_release_position ON epics(release_id, position, id);
CREATE INDEX epics_product_id ON epics(product_id, id);
CREATE INDEX epics_updated ON epics(updated_at);
CREATE INDEX epics_initiative ON epics(initiative_id);
CREATE INDEX epics_assigned ON epics(assigned_to_id);
CREATE INDEX epics_status ON epics(workflow_status_id);

CREATE TABLE epic_tags (
  epic_id INTEGER NOT NULL REFERENCES epics(id),
  tag TEXT NOT NULL COLLATE NOCASE,
  PRIMARY KEY (epic_id, tag)
);
CREATE INDEX epic_tags_tag ON epic_tags(tag, epic_id);

CREATE TABLE epic_watchers (
  epic_id INTEGER NOT NULL REFERENCES epics(id),
  user_id INTEGER NOT NULL REFERENCES users(id),
  PRIMARY KEY (epic_id, user_id)
);

ALTER TABLE initiatives ADD COLUMN description TEXT;
ALTER TABLE initiatives ADD COLUMN created_by_id INTEGER REFERENCES users(id);
ALTER TABLE initiatives ADD COLUMN assigned_to_id INTEGER REFERENCES users(id);
ALTER TABLE initiatives ADD COLUMN effort REAL;
ALTER TABLE initiatives ADD COLUMN value REAL;
ALTER TABLE initiatives ADD COLUMN parent_id INTEGER REFERENCES initiatives(id);
ALTER TABLE initiatives ADD COLUMN position INTEGER;
ALTER TABLE initiatives ADD COLUMN presented INTEGER NOT NULL DEFAULT 1;
ALTER TABLE initiatives ADD COLUMN color TEXT NOT NULL DEFAULT '#5b7fa6';
ALTER TABLE initiatives ADD COLUMN start_date TEXT;
ALTER TABLE initiatives ADD COLUMN end_date TEXT;
ALTER TABLE initiatives ADD COLUMN time_frame_id INTEGER REFERENCES time_frames(id);
ALTER TABLE initiatives ADD COLUMN progress REAL;
ALTER TABLE initiatives ADD COLUMN progress_source TEXT NOT NULL DEFAULT 'progress_manual';
ALTER TABLE initiatives ADD COLUMN duration_source TEXT NOT NULL DEFAULT 'duration_manual';
ALTER TABLE initiatives ADD COLUMN status_changed_on TEXT;
CREATE INDEX initiatives_parent ON initiatives(parent_id);
CREATE INDEX initiatives_product_id ON initiatives(product_id, id);
CREATE INDEX initiatives_updated ON initiatives(updated_at);

CREATE TABLE goals (
  id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES products(id),
  reference_num TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  description TEXT,
  effort REAL,
  value REAL,
  color TEXT NOT NULL DEFAULT '#4f7cac',
  position INTEGER,
  progress REAL,
  progress_source TEXT NOT NULL DEFAULT 'progress_manual',
  time_frame_id INTEGER REFERENCES time_frames(id),
  created_by_id INTEGER REFERENCES users(id),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX goals_product ON goals(product_id, position, id);

CREATE TABLE initiative_goals (
  initiative_id INTEGER NOT NULL REFERENCES initiatives(id),
  goal_id INTEGER NOT NULL REFERENCES goals(id),
  PRIMARY KEY (initiative_id, goal_id)
);
CREATE INDEX initiative_goals_goal ON initiative_goals(goal_id, initiative_id);

-- Custom fields: a definition per product and record kind, and one value per record and field.
CREATE TABLE custom_field_definitions (
  id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES products(id),
  record_type TEXT NOT NULL,
  key TEXT NOT NULL,
  name TEXT NOT NULL,
  field_type TEXT NOT NULL DEFAULT 'string',
  options TEXT NOT NULL DEFAULT '[]',
  position INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX custom_field_definitions_key ON custom_field_definitions(product_id, record_type, key);

CREATE TABLE custom_field_values (
  record_type TEXT NOT NULL,
  record_id INTEGER NOT NULL,
  field_id INTEGER NOT NULL REFERENCES custom_field_definitions(id),
  value TEXT NOT NULL,
  PRIMARY KEY (record_type, record_id, field_id)
);
CREATE INDEX custom_field_values_lookup ON custom_field_values(field_id, value, record_id);
`,
  },
  {
    version: 4,
    name: 'ids-never-reused',
    // Every table with its own ids gets AUTOINCREMENT, so a deleted record's id is never handed out
    // again (the recycle bin can restore a record under its own id), and ids deleted before this
    // migration stay retired too: the counters start above every id the audit log or the recycle
    // bin remembers.
    run: (sqlite) => {
      rebuildWithAutoincrement(sqlite, ID_TABLES);
      retireKnownIds(sqlite);
    },
  },
  {
    version: 5,
    name: 'migrator-bookkeeping',
    // Kysely's Migrator records migrations in `kysely_migration`; the old record has been adopted.
    sql: 'DROP TABLE IF EXISTS schema_migrations;',
  },
  {
    version: 6,
    name: 'list-counters',
    // `total_records` of a list narrowed only by its scope comes from a counter kept by triggers
    // (store/counts.ts), not from counting the scope on every page. The scopes are written out
    // here, not read from COUNTED_SCOPES, so this migration stays what it was when shipped.
    sql: [
      'CREATE TABLE list_counts (scope TEXT NOT NULL, scope_id INTEGER NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (scope, scope_id)) WITHOUT ROWID;',
      counterTriggers('features', ['product_id', 'release_id', 'epic_id', 'initiative_id']),
      counterTriggers('epics', ['product_id', 'release_id', 'initiative_id']),
      counterTriggers('requirements', ['feature_id']),
      counterTriggers('initiatives', ['product_id', 'parent_id']),
      counterTriggers('goals', ['product_id']),
      counterTriggers('releases', ['product_id']),
      counterTriggers('release_phases', ['release_id']),
    ].join('\n'),
  },
  {
    version: 7,
    name: 'feature-stats',
    // A release's and a phase's roll-up inputs kept by triggers (store/feature-stats.ts), and
    // (scope, date) indexes for their date bounds: a feature write no longer aggregates its release.
    sql: featureStatsTriggers(),
  },
  {
    version: 8,
    name: 'auth-changes',
    // A counter that moves whenever a user or a token changes or goes: remembered token look-ups
    // (auth.ts) stay valid across every other write, and a revocation is still seen at once.
    sql: `
CREATE TABLE change_counters (name TEXT PRIMARY KEY, n INTEGER NOT NULL) WITHOUT ROWID;
INSERT INTO change_counters (name, n) VALUES ('auth', 0);
CREATE TRIGGER users_auth_update AFTER UPDATE ON users BEGIN UPDATE change_counters SET n = n + 1 WHERE name = 'auth'; END;
CREATE TRIGGER users_auth_delete AFTER DELETE ON users BEGIN UPDATE change_counters SET n = n + 1 WHERE name = 'auth'; END;
CREATE TRIGGER api_tokens_auth_update AFTER UPDATE ON api_tokens BEGIN UPDATE change_counters SET n = n + 1 WHERE name = 'auth'; END;
CREATE TRIGGER api_tokens_auth_delete AFTER DELETE ON api_tokens BEGIN UPDATE change_counters SET n = n + 1 WHERE name = 'auth'; END;
`,
  },
  {
    version: 9,
    name: 'product-descriptions',
    // Products made and changed through the API (POST/PUT /products) take the hosted service's
    // `description`; seeded products have none.
    sql: 'ALTER TABLE products ADD COLUMN description TEXT;',
  },
  {
    version: 10,
    name: 'hosted-record-members',
    // Members of the hosted service's records that are stored facts, not derived ones: when a custom
    // field value was last set (`updatedAt`; values written before this version have none), and a
    // goal's success metric (its name, text and status, from the product's initiative workflow).
    sql: `
ALTER TABLE custom_field_values ADD COLUMN updated_at TEXT;
ALTER TABLE goals ADD COLUMN success_metric_name TEXT;
ALTER TABLE goals ADD COLUMN success_metric_description TEXT;
ALTER TABLE goals ADD COLUMN success_metric_status_id INTEGER REFERENCES workflow_statuses(id);
`,
  },
  {
    version: 11,
    name: 'idea-portals',
    // Idea portals (one product's, named by a subdomain unique in the account: the portal's key in
    // paths, `/portal/<subdomain>` in the app) and their portal users, whose email is unique per
    // portal in any case. A vote cap of NULL means no cap. Created with AUTOINCREMENT, as migration 4
    // made every id table: a deleted portal user's id is never handed out again.
    sql: `
CREATE TABLE idea_portals (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  product_id INTEGER NOT NULL REFERENCES products(id),
  title TEXT NOT NULL,
  subdomain TEXT NOT NULL,
  access_type TEXT NOT NULL DEFAULT 'public' CHECK (access_type IN ('public', 'submit-only', 'private')),
  portal_enabled INTEGER NOT NULL DEFAULT 1,
  external_url TEXT,
  votes_per_user INTEGER,
  votes_per_idea INTEGER,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE UNIQUE INDEX idea_portals_subdomain ON idea_portals(subdomain);
CREATE INDEX idea_portals_product ON idea_portals(product_id, id);
CREATE TABLE portal_users (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  idea_portal_id INTEGER NOT NULL REFERENCES idea_portals(id),
  email TEXT NOT NULL,
  first_name TEXT,
  last_name TEXT,
  employee INTEGER NOT NULL DEFAULT 0,
  enabled INTEGER NOT NULL DEFAULT 1,
  verified INTEGER NOT NULL DEFAULT 0,
  max_endorsements_override INTEGER,
  unsubscribed INTEGER NOT NULL DEFAULT 0,
  unsubscribed_from_weekly_emails INTEGER,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE UNIQUE INDEX portal_users_email ON portal_users(idea_portal_id, lower(email));
CREATE INDEX portal_users_email_any ON portal_users(lower(email));
`,
  },
  {
    version: 12,
    name: 'ideas',
    // Ideas (issue 11): keyed `<PREFIX>-I-<n>` by a product counter. Links to what an idea was
    // promoted to and to its portal are cleared when that record goes (ON DELETE SET NULL), so no
    // other kind's delete has to know about ideas. `votes` is kept (initial_votes + vote weights)
    // for the popular sort. A trigram FTS over name and description serves `q` (name only, through a
    // column filter); a word FTS (`ideas_related`) the ranked related-idea search (bm25).
    sql: `
ALTER TABLE products ADD COLUMN next_idea_num INTEGER NOT NULL DEFAULT 1;

CREATE TABLE ideas (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  product_id INTEGER NOT NULL REFERENCES products(id),
  reference_num TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  description TEXT,
  workflow_status_id INTEGER NOT NULL REFERENCES workflow_statuses(id),
  created_by_user_id INTEGER REFERENCES users(id),
  created_by_email TEXT NOT NULL,
  assigned_to_id INTEGER REFERENCES users(id),
  visibility TEXT NOT NULL DEFAULT 'service',
  initial_votes INTEGER NOT NULL DEFAULT 0,
  votes INTEGER NOT NULL DEFAULT 0,
  spam INTEGER NOT NULL DEFAULT 0,
  duplicate_of_id INTEGER REFERENCES ideas(id) ON DELETE SET NULL,
  feature_id INTEGER REFERENCES features(id) ON DELETE SET NULL,
  epic_id INTEGER REFERENCES epics(id) ON DELETE SET NULL,
  initiative_id INTEGER REFERENCES initiatives(id) ON DELETE SET NULL,
  submitted_idea_portal_id INTEGER REFERENCES idea_portals(id) ON DELETE SET NULL,
  admin_response TEXT,
  tags TEXT NOT NULL DEFAULT '',
  status_changed_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
-- The list orders end on id, so a page is read from the index in order and stops at its LIMIT.
CREATE INDEX ideas_product ON ideas(product_id, spam, created_at, id);
CREATE INDEX ideas_created ON ideas(spam, created_at, id);
CREATE INDEX ideas_votes ON ideas(product_id, spam, votes, id);
CREATE INDEX ideas_account_votes ON ideas(spam, votes, id);
CREATE INDEX ideas_status ON ideas(workflow_status_id);
CREATE INDEX ideas_assigned ON ideas(assigned_to_id);
CREATE INDEX ideas_duplicate_of ON ideas(duplicate_of_id);
CREATE INDEX ideas_feature ON ideas(feature_id);
CREATE INDEX ideas_epic ON ideas(epic_id);
CREATE INDEX ideas_initiative ON ideas(initiative_id);
CREATE INDEX ideas_portal ON ideas(submitted_idea_portal_id);
CREATE INDEX ideas_updated ON ideas(updated_at);

CREATE TABLE idea_tags (
  idea_id INTEGER NOT NULL REFERENCES ideas(id),
  tag TEXT NOT NULL,
  PRIMARY KEY (idea_id, tag)
);
CREATE INDEX idea_tags_tag ON idea_tags(tag, idea_id);

CREATE TABLE idea_categories (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  product_id INTEGER NOT NULL REFERENCES products(id),
  name TEXT NOT NULL,
  parent_id INTEGER REFERENCES idea_categories(id),
  created_at TEXT NOT NULL
);
-- One name per parent, ignoring case (roots share the parent 0).
CREATE UNIQUE INDEX idea_categories_name ON idea_categories(product_id, coalesce(parent_id, 0), name COLLATE NOCASE);
CREATE INDEX idea_categories_parent ON idea_categories(parent_id);

CREATE TABLE idea_category_links (
  idea_id INTEGER NOT NULL REFERENCES ideas(id),
  category_id INTEGER NOT NULL REFERENCES idea_categories(id),
  PRIMARY KEY (idea_id, category_id)
);
CREATE INDEX idea_category_links_category ON idea_category_links(category_id, idea_id);

CREATE VIRTUAL TABLE ideas_fts USING fts5(name, description, content='ideas', content_rowid='id', tokenize='trigram');
CREATE TRIGGER ideas_fts_ai AFTER INSERT ON ideas BEGIN
  INSERT INTO ideas_fts(rowid, name, description) VALUES (new.id, new.name, coalesce(new.description, ''));
END;
CREATE TRIGGER ideas_fts_ad AFTER DELETE ON ideas BEGIN
  INSERT INTO ideas_fts(ideas_fts, rowid, name, description) VALUES ('delete', old.id, old.name, coalesce(old.description, ''));
END;
CREATE TRIGGER ideas_fts_au AFTER UPDATE OF name, description ON ideas BEGIN
  INSERT INTO ideas_fts(ideas_fts, rowid, name, description) VALUES ('delete', old.id, old.name, coalesce(old.description, ''));
  INSERT INTO ideas_fts(rowid, name, description) VALUES (new.id, new.name, coalesce(new.description, ''));
END;

-- The related-idea search ranks by words, not trigrams: bm25 over trigram phrases cost ~40 ms for
-- 30,000 matches, over words ~14 ms. Only the ideas it may suggest are indexed (not spam, not
-- merged), and the portal is a token (\`portal<id>\`) of its own column, so a search never joins
-- \`ideas\` to filter its matches. Contentless: nothing reads its columns back, and contentless_delete
-- lets a row be removed by id without its old text.
CREATE VIRTUAL TABLE ideas_related USING fts5(name, description, portal, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2');
CREATE TRIGGER ideas_related_ai AFTER INSERT ON ideas WHEN new.spam = 0 AND new.duplicate_of_id IS NULL BEGIN
  INSERT INTO ideas_related(rowid, name, description, portal)
    VALUES (new.id, new.name, coalesce(new.description, ''), coalesce('portal' || new.submitted_idea_portal_id, ''));
END;
CREATE TRIGGER ideas_related_ad AFTER DELETE ON ideas BEGIN
  DELETE FROM ideas_related WHERE rowid = old.id;
END;
CREATE TRIGGER ideas_related_au AFTER UPDATE OF name, description, spam, duplicate_of_id, submitted_idea_portal_id ON ideas BEGIN
  DELETE FROM ideas_related WHERE rowid = old.id;
  INSERT INTO ideas_related(rowid, name, description, portal)
    SELECT new.id, new.name, coalesce(new.description, ''), coalesce('portal' || new.submitted_idea_portal_id, '')
    WHERE new.spam = 0 AND new.duplicate_of_id IS NULL;
END;
`,
  },
  {
    version: 13,
    name: 'idea-votes',
    // The votes ledger (issue 11): one row per voter (a lower-cased email) and idea it was cast on.
    // `idea_id` is where the vote counts now (the survivor after a merge), `cast_on_idea_id` where
    // it was cast; `weight` is what the voter gave and `counted_weight` what counts on `idea_id`
    // (less when a merge brought the voter over the survivor's per-idea cap), so an unmerge gives
    // every row back as it was. `ideas.votes` is kept by the store's ledger writes (one recount per
    // write, in its transaction), not by triggers: a merge moves thousands of rows in one statement.
    sql: `
CREATE TABLE idea_organizations (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  email_domains TEXT NOT NULL DEFAULT '',
  revenue REAL,
  created_by_id INTEGER REFERENCES users(id),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE UNIQUE INDEX idea_organizations_name ON idea_organizations(name COLLATE NOCASE);

CREATE TABLE idea_votes (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  idea_id INTEGER NOT NULL REFERENCES ideas(id),
  cast_on_idea_id INTEGER NOT NULL REFERENCES ideas(id),
  voter_email TEXT NOT NULL,
  portal_user_id INTEGER REFERENCES portal_users(id) ON DELETE SET NULL,
  idea_organization_id INTEGER REFERENCES idea_organizations(id) ON DELETE SET NULL,
  weight INTEGER NOT NULL CHECK (weight >= 1),
  counted_weight INTEGER NOT NULL CHECK (counted_weight >= 0 AND counted_weight <= weight),
  link TEXT,
  description TEXT,
  proxy INTEGER NOT NULL DEFAULT 0,
  created_by_id INTEGER REFERENCES users(id),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
-- One vote per voter and idea it was cast on; also serves an unmerge (the rows cast on an idea).
CREATE UNIQUE INDEX idea_votes_cast ON idea_votes(cast_on_idea_id, voter_email);
-- The votes counting on an idea, in id order (its list and its recount).
CREATE INDEX idea_votes_idea ON idea_votes(idea_id, id, counted_weight);
-- A voter's votes (their ideas' portal is joined) for the per-user cap. The email alone: a voter
-- has a handful of votes, and idea_id in the key would make a merge rewrite this index for every
-- moved vote (10,000 moved: 21 ms with it, 14 ms without).
CREATE INDEX idea_votes_voter ON idea_votes(voter_email);
CREATE INDEX idea_votes_organization ON idea_votes(idea_organization_id);
CREATE INDEX idea_votes_portal_user ON idea_votes(portal_user_id);
`,
  },
  {
    version: 14,
    name: 'related-idea-terms',
    // The related-idea search (store/related-search.ts) reads each word's ideas best first instead
    // of scoring every match: `ideas_related_terms` holds one row per suggestable idea and word of
    // its name or description with the word's weight in that idea (`impact`), indexed in impact
    // order; `ideas_related_vocab` how many ideas hold each word (prefix expansion and idf);
    // `ideas_related_stats` how many ideas are indexed. The words come from FTS5's own tokenizer,
    // the one `ideas_related` uses, so both indexes agree on every word: the triggers put one idea
    // into the empty `ideas_related_tokens`, read its words back through an fts5vocab table and
    // empty it again.
    sql: relatedTermsSql(),
  },
  {
    version: 15,
    name: 'notes-comments-attachments',
    // Issue 12. Notes ("pages" in paths), keyed `<PREFIX>-N-<n>` by a product counter, in a tree:
    // `parent_id` another note of the same product (the store refuses cycles), `position` orders
    // siblings. Comments hang from a record of any commentable kind, named as the hosted service
    // names it (`commentable_type` 'Feature', 'Ideas::Idea', 'StrategicImperative' …); a reply's
    // parent is a top-level comment on the same record (the store checks it). Attachments hang from
    // a comment or from a record's description (`attachable_type` 'Comment' or the record's type);
    // an uploaded file's bytes are a blob on disk named by their SHA-256, stored once however many
    // attachments share them; a link attachment has `file_url` and no blob. The same blob twice on
    // one owner is refused (hosted: 412), which the partial unique index makes a fact.
    sql: `
ALTER TABLE products ADD COLUMN next_page_num INTEGER NOT NULL DEFAULT 1;

CREATE TABLE pages (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  product_id INTEGER NOT NULL REFERENCES products(id),
  reference_num TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  description TEXT,
  parent_id INTEGER REFERENCES pages(id),
  position INTEGER NOT NULL DEFAULT 1,
  editor_width TEXT NOT NULL DEFAULT 'NARROW' CHECK (editor_width IN ('NARROW', 'FULL')),
  workflow_status_id INTEGER REFERENCES workflow_statuses(id),
  created_by_user_id INTEGER REFERENCES users(id),
  tags TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
-- A product's tree in sibling order: children of one parent read from the index in order.
CREATE INDEX pages_tree ON pages(product_id, parent_id, position, id);
CREATE INDEX pages_parent ON pages(parent_id);
CREATE INDEX pages_updated ON pages(updated_at);
CREATE TABLE page_tags (
  page_id INTEGER NOT NULL REFERENCES pages(id),
  tag TEXT NOT NULL,
  PRIMARY KEY (page_id, tag)
);
CREATE INDEX page_tags_tag ON page_tags(tag, page_id);
-- A product's notes are counted (store/counts.ts): the tree list reads its total from a counter.
${counterTriggers('pages', ['product_id'])}

CREATE TABLE comments (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  commentable_type TEXT NOT NULL,
  commentable_id INTEGER NOT NULL,
  product_id INTEGER NOT NULL REFERENCES products(id),
  parent_comment_id INTEGER REFERENCES comments(id),
  -- The top-level comment of the thread: its own id, or its parent's (set in the creating write).
  -- Lists are in thread order (a thread's comments together, the top-level one first), which a
  -- plain column lets an index serve and a seek page continue.
  thread_id INTEGER NOT NULL,
  body TEXT NOT NULL,
  user_id INTEGER REFERENCES users(id),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  -- Set when a top-level comment with replies was deleted: the row stays as the thread's placeholder.
  deleted_at TEXT
);
-- A record's thread in order, and its count (deleted_at makes the count index-only).
CREATE INDEX comments_record ON comments(commentable_type, commentable_id, thread_id, id, deleted_at);
CREATE INDEX comments_product ON comments(product_id, thread_id, id);
-- Newest threads first, each thread still oldest first: the mixed order needs its own index.
CREATE INDEX comments_record_newest ON comments(commentable_type, commentable_id, thread_id DESC, id);
CREATE INDEX comments_product_newest ON comments(product_id, thread_id DESC, id);
CREATE INDEX comments_parent ON comments(parent_comment_id);

CREATE TABLE blobs (
  sha256 TEXT PRIMARY KEY,
  byte_size INTEGER NOT NULL,
  content_type TEXT NOT NULL,
  created_at TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE attachments (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  attachable_type TEXT NOT NULL,
  attachable_id INTEGER NOT NULL,
  blob_sha256 TEXT REFERENCES blobs(sha256),
  file_url TEXT,
  file_name TEXT NOT NULL,
  content_type TEXT NOT NULL,
  file_size INTEGER,
  created_by_user_id INTEGER REFERENCES users(id),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  CHECK ((blob_sha256 IS NULL) <> (file_url IS NULL))
);
CREATE INDEX attachments_owner ON attachments(attachable_type, attachable_id, id);
CREATE INDEX attachments_blob ON attachments(blob_sha256);
CREATE UNIQUE INDEX attachments_once ON attachments(attachable_type, attachable_id, blob_sha256) WHERE blob_sha256 IS NOT NULL;

-- File sessions: <img src> and download links cannot send the Bearer header, so the app trades its
-- token for an HttpOnly cookie scoped to the file routes. Only the SHA-256 of the cookie's random
-- value is kept (as api_tokens), with its expiry.
CREATE TABLE file_sessions (
  token_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  expires_at TEXT NOT NULL,
  created_at TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX file_sessions_expiry ON file_sessions(expires_at);
`,
  },
  {
    version: 16,
    name: 'recycle-bin-and-history',
    // Issue 13. A deletion keeps the rows it removed (`payload`, table → rows, parents first) apart
    // from the links it cleared on records that stay (`links`: features unlinked from an epic,
    // children moved up, merged ideas unmerged), which a restore puts back only where the other end
    // is still there and unchanged. `contents` counts what came with the record, by kind, so the bin
    // lists without reading payloads; `reference_num` is the record's key. A restored deletion keeps
    // its row (`restored_at`, `restored_by_id`) with the payload emptied. Rows written before this
    // migration have their link parts moved out of the payload here, by the record type that wrote
    // them. Audit rows name the record they belong to (`associated_*`: a requirement's feature, a
    // comment's record) so a record's history can include them.
    sql: `
ALTER TABLE deletions ADD COLUMN links TEXT NOT NULL DEFAULT '{}';
ALTER TABLE deletions ADD COLUMN contents TEXT;
ALTER TABLE deletions ADD COLUMN reference_num TEXT;
ALTER TABLE deletions ADD COLUMN restored_at TEXT;
ALTER TABLE deletions ADD COLUMN restored_by_id INTEGER REFERENCES users(id);
CREATE INDEX deletions_in_bin ON deletions(restored_at, id);
CREATE INDEX deletions_record ON deletions(record_type, record_id);

UPDATE deletions SET links = json_object('features', json(json_extract(payload, '$.features'))),
  payload = json_remove(payload, '$.features')
  WHERE record_type IN ('Epic', 'ReleasePhase') AND json_type(payload, '$.features') = 'array';
UPDATE deletions SET links = json_object(
    'features', json(coalesce(json_extract(payload, '$.features'), '[]')),
    'epics', json(coalesce(json_extract(payload, '$.epics'), '[]')),
    'initiative_children', json(coalesce(json_extract(payload, '$.initiative_children'), '[]')),
    'release_initiatives', json(coalesce(json_extract(payload, '$.release_initiatives'), '[]'))),
  payload = json_remove(payload, '$.features', '$.epics', '$.initiative_children', '$.release_initiatives')
  WHERE record_type = 'Initiative';
UPDATE deletions SET links = json_object(
    'features', json(coalesce(json_extract(payload, '$.features'), '[]')),
    'release_children', json(coalesce(json_extract(payload, '$.release_children'), '[]'))),
  payload = json_remove(payload, '$.features', '$.release_children')
  WHERE record_type = 'Release';
UPDATE deletions SET links = json_object('merged_ideas', json(coalesce(json_extract(payload, '$.merged_ideas'), '[]'))),
  payload = json_remove(payload, '$.merged_ideas')
  WHERE record_type = 'Idea';
UPDATE deletions SET links = json_object('idea_votes.idea_organization_id', json(coalesce(json_extract(payload, '$.idea_votes_links'), '[]'))),
  payload = json_remove(payload, '$.idea_votes_links')
  WHERE record_type = 'IdeaOrganization';
UPDATE deletions SET reference_num = CASE record_type
    WHEN 'Feature' THEN json_extract(payload, '$.features[0].reference_num')
    WHEN 'Epic' THEN json_extract(payload, '$.epics[0].reference_num')
    WHEN 'Requirement' THEN json_extract(payload, '$.requirements[0].reference_num')
    WHEN 'Release' THEN json_extract(payload, '$.releases[0].reference_num')
    WHEN 'Initiative' THEN json_extract(payload, '$.initiatives[0].reference_num')
    WHEN 'Goal' THEN json_extract(payload, '$.goals[0].reference_num')
    WHEN 'Idea' THEN json_extract(payload, '$.ideas[0].reference_num')
    WHEN 'Page' THEN json_extract(payload, '$.pages[0].reference_num')
  END;

ALTER TABLE audits ADD COLUMN associated_type TEXT;
ALTER TABLE audits ADD COLUMN associated_id INTEGER;
CREATE INDEX audits_associated ON audits(associated_type, associated_id, id) WHERE associated_id IS NOT NULL;
`,
  },
  {
    version: 17,
    name: 'historical-audit-search',
    // Issue 13. Every audit row names its workspace (`product_id`, filled by a trigger from the
    // record or the record it belongs to, whoever writes the row, so `GET /audits?product_id=` is
    // an index range). The historical search reads one index, (type, action, user, time), as one
    // range per combination of values, so each of its three filters narrows what it reads; the
    // monthly counts of that index's keys price a search before it runs. Searches, their results in
    // order (search, seq) and the token bucket live here, so they survive a restart. Rows written
    // before this migration get their associations and workspace here.
    sql: historicalAuditSql(),
  },
  {
    version: 18,
    name: 'custom-layouts',
    // Issue 14. A layout (`screen_definitions`) belongs to one record kind (`screenable_type`, the
    // hosted names) and holds sections in order (main or side column), each holding fields in order.
    // A field is a standard field's key or `custom_fields.<key>`: custom fields are named by key,
    // not by definition id, because definitions are per workspace and one layout serves several
    // workspaces (each resolves the key to its own definition). One layout per kind may be the
    // default (a partial unique index makes that a fact); a workspace may be given another per kind
    // (`screen_definition_assignments`, which hang from the workspace and so go and come back with
    // it in the recycle bin).
    sql: `
CREATE TABLE screen_definitions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  screenable_type TEXT NOT NULL,
  is_default INTEGER NOT NULL DEFAULT 0,
  created_by_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE UNIQUE INDEX screen_definitions_default ON screen_definitions(screenable_type) WHERE is_default = 1;
CREATE INDEX screen_definitions_type ON screen_definitions(screenable_type, id);

CREATE TABLE screen_definition_sections (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  screen_definition_id INTEGER NOT NULL REFERENCES screen_definitions(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  name TEXT NOT NULL,
  column_name TEXT NOT NULL DEFAULT 'main'
);
CREATE INDEX screen_definition_sections_order ON screen_definition_sections(screen_definition_id, position);

CREATE TABLE screen_definition_fields (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  section_id INTEGER NOT NULL REFERENCES screen_definition_sections(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  field TEXT NOT NULL,
  on_form INTEGER NOT NULL DEFAULT 1,
  on_detail INTEGER NOT NULL DEFAULT 1,
  required INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX screen_definition_fields_order ON screen_definition_fields(section_id, position);

CREATE TABLE screen_definition_assignments (
  product_id INTEGER NOT NULL REFERENCES products(id),
  screenable_type TEXT NOT NULL,
  screen_definition_id INTEGER NOT NULL REFERENCES screen_definitions(id),
  PRIMARY KEY (product_id, screenable_type)
);
CREATE INDEX screen_definition_assignments_layout ON screen_definition_assignments(screen_definition_id);
`,
  },
  {
    version: 19,
    name: 'ideas-portal-site',
    // Issue 15, the portal portal users see. A portal gets its colour and logo (a data URL of a
    // raster image, served from the portal's own address). An idea remembers the portal user who
    // submitted it, and whether the team's response is published; a comment, the portal user who
    // wrote it (a thread a portal user starts is a portal thread: it and its replies show in the
    // portal, the team's internal threads never do). Sign-in links are kept as their SHA-256 only,
    // plus the link itself while it is unused (the local service has no mail server, so the admin
    // screen shows it); sessions likewise keep only a hash. Subscriptions and the notifications
    // they bring hang from the idea and the portal user, and go with either.
    sql: `
ALTER TABLE idea_portals ADD COLUMN color TEXT;
ALTER TABLE idea_portals ADD COLUMN logo TEXT;
ALTER TABLE ideas ADD COLUMN created_by_portal_user_id INTEGER REFERENCES portal_users(id) ON DELETE SET NULL;
ALTER TABLE ideas ADD COLUMN admin_response_published INTEGER NOT NULL DEFAULT 0;
ALTER TABLE comments ADD COLUMN portal_user_id INTEGER REFERENCES portal_users(id) ON DELETE SET NULL;
-- A portal's lists read its ideas in order (votes, age) and check each one's visibility and
-- submitter from the index alone; the counts read the third index without touching a row (the
-- submitter's email is there for the creator_organization clause, after the id, so that reading
-- rows in this index's order still goes through the table in id order). spam and duplicate_of_id
-- lead, though constant here: the service keeps no planner statistics, and without them the lists
-- went through the account-wide (spam, votes, id) and (spam, created_at, id) indexes and a
-- signed-in viewer's count through ideas_portal, reading every row (100,000 ideas: 35 ms, now 6;
-- bench/portal.ts).
CREATE INDEX ideas_portal_votes ON ideas(submitted_idea_portal_id, spam, duplicate_of_id, votes, id, visibility, created_by_portal_user_id)
  WHERE spam = 0 AND duplicate_of_id IS NULL;
CREATE INDEX ideas_portal_recent ON ideas(submitted_idea_portal_id, spam, duplicate_of_id, created_at, id, visibility, created_by_portal_user_id)
  WHERE spam = 0 AND duplicate_of_id IS NULL;
CREATE INDEX ideas_portal_visibility ON ideas(submitted_idea_portal_id, spam, duplicate_of_id, visibility, created_by_portal_user_id, id, created_by_email)
  WHERE spam = 0 AND duplicate_of_id IS NULL;
CREATE INDEX ideas_portal_creator ON ideas(created_by_portal_user_id);

CREATE TABLE portal_sign_in_links (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  idea_portal_id INTEGER NOT NULL REFERENCES idea_portals(id) ON DELETE CASCADE,
  email TEXT NOT NULL,
  token_hash TEXT NOT NULL UNIQUE,
  link TEXT,
  delivery TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used_at TEXT
);
CREATE INDEX portal_sign_in_links_portal ON portal_sign_in_links(idea_portal_id, id);

CREATE TABLE portal_sessions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  portal_user_id INTEGER NOT NULL REFERENCES portal_users(id) ON DELETE CASCADE,
  token_hash TEXT NOT NULL UNIQUE,
  csrf_token TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL
);
CREATE INDEX portal_sessions_user ON portal_sessions(portal_user_id);

CREATE TABLE idea_subscriptions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  idea_id INTEGER NOT NULL REFERENCES ideas(id) ON DELETE CASCADE,
  portal_user_id INTEGER NOT NULL REFERENCES portal_users(id) ON DELETE CASCADE,
  created_at TEXT NOT NULL
);
CREATE UNIQUE INDEX idea_subscriptions_pair ON idea_subscriptions(idea_id, portal_user_id);
CREATE INDEX idea_subscriptions_user ON idea_subscriptions(portal_user_id);

CREATE TABLE portal_notifications (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  portal_user_id INTEGER NOT NULL REFERENCES portal_users(id) ON DELETE CASCADE,
  idea_id INTEGER NOT NULL REFERENCES ideas(id) ON DELETE CASCADE,
  message TEXT NOT NULL,
  created_at TEXT NOT NULL,
  read_at TEXT
);
CREATE INDEX portal_notifications_user ON portal_notifications(portal_user_id, id);
CREATE INDEX portal_notifications_idea ON portal_notifications(idea_id);
`,
  },
  {
    version: 20,
    name: SHARED_LIMITS_MIGRATION,
    // Several instances on one PostgreSQL database: what one process used to keep for itself is
    // kept here. A running historical search is leased to the instance scanning it (`claimed_by`,
    // until `claimed_until`, renewed with every chunk), so only one scans it and another takes it
    // over once an instance that died lets the lease run out. The request rate limits keep one row
    // per key (http/rate-limit.ts's SharedRateLimiter: the windows' GCRA times as text). SQLite,
    // served by one process, keeps its limits in memory: the table is here so both schemas match.
    sql: `
ALTER TABLE historical_searches ADD COLUMN claimed_by TEXT;
ALTER TABLE historical_searches ADD COLUMN claimed_until TEXT;
CREATE TABLE rate_limit_buckets (
  bucket TEXT NOT NULL PRIMARY KEY,
  tat TEXT NOT NULL,
  full_at REAL NOT NULL,
  checked_at REAL NOT NULL,
  allowed INTEGER NOT NULL
);
`,
  },
  {
    version: 21,
    name: IDEA_COUNTERS_MIGRATION,
    // Every idea list leaves the spam out, so its total was a count of the product's ideas on each
    // request (a sequential scan of 100,000 on PostgreSQL, 35–41 ms, where nothing is cached per
    // process): the ideas not marked spam are now a counted subset (store/counts.ts), in all and
    // per product. Written out here, not read from COUNTED_SUBSETS.
    sql: subsetCounterTriggers('ideas', 'spam', 0, ['product_id']),
  },
];

/** The hosted commentable / attachable type of a record as the audit log names it (`Ideas::Idea` → `Idea`). */
function auditTypeOf(hosted: string): string {
  return `CASE ${hosted} WHEN 'Ideas::Idea' THEN 'Idea' WHEN 'StrategicImperative' THEN 'Goal' ELSE ${hosted} END`;
}

/** The workspace of the record `(type, id)` as SQL, or NULL for an account-wide kind (idea organizations). */
function productOfRecord(type: string, id: string): string {
  const own = ['Feature:features', 'Epic:epics', 'Release:releases', 'Initiative:initiatives', 'Goal:goals', 'Idea:ideas', 'Page:pages']
    .concat(['Comment:comments', 'IdeaPortal:idea_portals', 'IdeaCategory:idea_categories', 'Team:teams'])
    .map((pair) => pair.split(':'))
    .map(([kind, table]) => `WHEN '${kind}' THEN (SELECT product_id FROM ${table} WHERE id = ${id})`);
  return `CASE ${type}
    ${own.join('\n    ')}
    WHEN 'Product' THEN ${id}
    WHEN 'Requirement' THEN (SELECT f.product_id FROM requirements r JOIN features f ON f.id = r.feature_id WHERE r.id = ${id})
    WHEN 'ReleasePhase' THEN (SELECT r.product_id FROM release_phases p JOIN releases r ON r.id = p.release_id WHERE p.id = ${id})
    WHEN 'IdeaVote' THEN (SELECT i.product_id FROM idea_votes v JOIN ideas i ON i.id = v.idea_id WHERE v.id = ${id})
    WHEN 'PortalUser' THEN (SELECT p.product_id FROM portal_users u JOIN idea_portals p ON p.id = u.idea_portal_id WHERE u.id = ${id})
  END`;
}

/**
 * An audit row's workspace: the one of the record it belongs to when it names one (a comment's
 * record, a requirement's feature), else its own record's; a record already gone answers from the
 * recycle bin's row of its deletion.
 */
function auditProductSql(a: string): string {
  const deleted = (type: string, id: string) =>
    `(SELECT product_id FROM deletions WHERE record_type = ${type} AND record_id = ${id} ORDER BY id DESC LIMIT 1)`;
  return `coalesce(
    CASE WHEN ${a}.associated_id IS NOT NULL THEN ${productOfRecord(`${a}.associated_type`, `${a}.associated_id`)}
      ELSE ${productOfRecord(`${a}.auditable_type`, `${a}.auditable_id`)} END,
    ${deleted(`${a}.auditable_type`, `${a}.auditable_id`)},
    ${deleted(`${a}.associated_type`, `${a}.associated_id`)})`;
}

/**
 * Migration 17. The backfill of associations reads the live row, else the values the row's own
 * changes name (a create's new value, a destroy's old one); store/audit.ts sets them on new rows.
 */
function historicalAuditSql(): string {
  const fromRowOrChanges = (table: string, column: string) =>
    `coalesce((SELECT ${column} FROM ${table} WHERE id = audits.auditable_id),
      json_extract(audits.changes, '$.${column}[1]'), json_extract(audits.changes, '$.${column}[0]'))`;
  const associate = (type: string, target: string, table: string, column: string) => `
UPDATE audits SET associated_type = ${target}, associated_id = ${fromRowOrChanges(table, column)}
  WHERE auditable_type = '${type}' AND associated_id IS NULL AND ${fromRowOrChanges(table, column)} IS NOT NULL;`;
  return `
ALTER TABLE audits ADD COLUMN product_id INTEGER;
${associate('Requirement', "'Feature'", 'requirements', 'feature_id')}
${associate('ReleasePhase', "'Release'", 'release_phases', 'release_id')}
${associate('IdeaVote', "'Idea'", 'idea_votes', 'idea_id')}
${associate('PortalUser', "'IdeaPortal'", 'portal_users', 'idea_portal_id')}
${associate('Comment', auditTypeOf(fromRowOrChanges('comments', 'commentable_type')), 'comments', 'commentable_id')}
UPDATE audits SET product_id = ${auditProductSql('audits')};

-- Whoever writes an audit row (store/audit.ts, a delete's relinks, a restore), it gets its workspace.
CREATE TRIGGER audits_product AFTER INSERT ON audits WHEN new.product_id IS NULL BEGIN
  UPDATE audits SET product_id = ${auditProductSql('new')} WHERE id = new.id;
END;

CREATE INDEX audits_user ON audits(user_id, created_at);
CREATE INDEX audits_product ON audits(product_id, created_at) WHERE product_id IS NOT NULL;
-- The historical search's one index: a range per (type, action, user) combination and time span.
-- The service's own rows (no user) are user 0 here, so every row has a key.
CREATE INDEX audits_history ON audits(auditable_type, audit_action, coalesce(user_id, 0), created_at);

-- How many rows each combination of the history index's keys holds per calendar month (UTC): what a
-- search may read, counted before it runs, and the values a search without a filter walks.
CREATE TABLE audit_month_counts (
  month TEXT NOT NULL,
  auditable_type TEXT NOT NULL,
  audit_action TEXT NOT NULL,
  user_key INTEGER NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (month, auditable_type, audit_action, user_key)
) WITHOUT ROWID;
INSERT INTO audit_month_counts (month, auditable_type, audit_action, user_key, n)
  SELECT substr(created_at, 1, 7), auditable_type, audit_action, coalesce(user_id, 0), count(*) FROM audits GROUP BY 1, 2, 3, 4;
CREATE TRIGGER audits_month_count AFTER INSERT ON audits BEGIN
  INSERT INTO audit_month_counts (month, auditable_type, audit_action, user_key, n)
    VALUES (substr(new.created_at, 1, 7), new.auditable_type, new.audit_action, coalesce(new.user_id, 0), 1)
    ON CONFLICT (month, auditable_type, audit_action, user_key) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER audits_month_uncount AFTER DELETE ON audits BEGIN
  UPDATE audit_month_counts SET n = n - 1
    WHERE month = substr(old.created_at, 1, 7) AND auditable_type = old.auditable_type AND audit_action = old.audit_action
      AND user_key = coalesce(old.user_id, 0);
END;

-- The historical search's token bucket (one for the account): what it held at updated_ms, and how
-- it refills; store/historical-tokens.ts reads it at any moment without writing.
CREATE TABLE historical_token_buckets (
  bucket TEXT PRIMARY KEY,
  tokens REAL NOT NULL,
  updated_ms INTEGER NOT NULL,
  capacity REAL NOT NULL,
  refill_per_second REAL NOT NULL,
  rows_per_token INTEGER NOT NULL
) WITHOUT ROWID;
INSERT INTO historical_token_buckets (bucket, tokens, updated_ms, capacity, refill_per_second, rows_per_token)
  VALUES ('account', 1000, 0, 1000, 1, 1000);

-- A search and where its scan is: it scanned everything before scan_position (an ISO time).
CREATE TABLE historical_searches (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES users(id),
  filters TEXT NOT NULL,
  created_at TEXT NOT NULL,
  state TEXT NOT NULL,
  rows_in_range INTEGER NOT NULL,
  max_cost INTEGER NOT NULL,
  scanned_rows INTEGER NOT NULL DEFAULT 0,
  result_count INTEGER NOT NULL DEFAULT 0,
  scan_position TEXT NOT NULL,
  token_cost INTEGER,
  finished_at TEXT,
  refunded_at TEXT
);
CREATE INDEX historical_searches_state ON historical_searches(state, id);
-- A search's matches in the order it found them (time, then id): pages are seq ranges.
CREATE TABLE historical_search_results (
  search_id INTEGER NOT NULL,
  seq INTEGER NOT NULL,
  audit_id INTEGER NOT NULL,
  PRIMARY KEY (search_id, seq)
) WITHOUT ROWID;
`;
}

/**
 * Migration 14 as shipped. The impact of a word in an idea is BM25F's term part without the idf:
 * its occurrences in the name weigh 10, in the description 1, each divided by its column's length
 * against a fixed reference length (8 words of name, 64 of description; b = 0.75) rather than the
 * live average, so a stored impact never changes when other ideas are written; then saturated
 * (k1 = 1.2). Stored as an integer (millionths): the search adds integer products, exactly alike
 * in SQL and in JavaScript, so ties are exact and broken by id the same way on every page.
 */
function relatedTermsSql(): string {
  const weighted = (tn: string, td: string, ln: string, ld: string): string =>
    `10.0 * ${tn} / (0.25 + 0.75 * ${ln} / 8.0) + 1.0 * ${td} / (0.25 + 0.75 * ${ld} / 64.0)`;
  const impact = (w: string): string => `CAST(round(1000000.0 * ${w} * 2.2 / (${w} + 1.2)) AS INTEGER)`;
  const suggestable = (row: 'new' | 'old'): string => `${row}.spam = 0 AND ${row}.duplicate_of_id IS NULL`;
  // The words of the one idea in ideas_related_tokens, as rows of ideas_related_terms.
  const termsOfNew = `INSERT INTO ideas_related_terms(idea_id, term, impact, portal_id)
    SELECT new.id, term, ${impact('w')}, new.submitted_idea_portal_id FROM (
      SELECT g.term, ${weighted('g.tn', 'g.td', 'l.ln', 'l.ld')} AS w
      FROM (SELECT term, sum(col = 'name') AS tn, sum(col = 'description') AS td FROM ideas_related_tokens_v GROUP BY term) g,
        (SELECT total(col = 'name') AS ln, total(col = 'description') AS ld FROM ideas_related_tokens_v) l
    );`;
  return `
CREATE TABLE ideas_related_terms (
  idea_id INTEGER NOT NULL,
  term TEXT NOT NULL,
  impact INTEGER NOT NULL,
  portal_id INTEGER,
  PRIMARY KEY (idea_id, term)
) WITHOUT ROWID;
-- A word's ideas best first, ties by id; the portal in the key filters without reading the row.
CREATE INDEX ideas_related_terms_impact ON ideas_related_terms(term, impact DESC, idea_id, portal_id);
CREATE TABLE ideas_related_vocab (term TEXT PRIMARY KEY, ideas INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE ideas_related_stats (id INTEGER PRIMARY KEY CHECK (id = 1), ideas INTEGER NOT NULL);
CREATE VIRTUAL TABLE ideas_related_tokens USING fts5(name, description, content='', tokenize='unicode61 remove_diacritics 2');
CREATE VIRTUAL TABLE ideas_related_tokens_v USING fts5vocab(ideas_related_tokens, 'instance');

CREATE TRIGGER ideas_related_vocab_ai AFTER INSERT ON ideas_related_terms BEGIN
  INSERT INTO ideas_related_vocab(term, ideas) VALUES (new.term, 1) ON CONFLICT(term) DO UPDATE SET ideas = ideas + 1;
END;
CREATE TRIGGER ideas_related_vocab_ad AFTER DELETE ON ideas_related_terms BEGIN
  DELETE FROM ideas_related_vocab WHERE term = old.term AND ideas = 1;
  UPDATE ideas_related_vocab SET ideas = ideas - 1 WHERE term = old.term;
END;

-- The ideas already there: all at once through the tokens table, then emptied.
INSERT INTO ideas_related_stats(id, ideas) SELECT 1, count(*) FROM ideas WHERE spam = 0 AND duplicate_of_id IS NULL;
INSERT INTO ideas_related_tokens(rowid, name, description)
  SELECT id, name, coalesce(description, '') FROM ideas WHERE spam = 0 AND duplicate_of_id IS NULL;
INSERT INTO ideas_related_terms(idea_id, term, impact, portal_id)
  SELECT x.doc, x.term, ${impact('x.w')}, i.submitted_idea_portal_id FROM (
    SELECT g.doc, g.term, ${weighted('g.tn', 'g.td', 'l.ln', 'l.ld')} AS w
    FROM (SELECT doc, term, sum(col = 'name') AS tn, sum(col = 'description') AS td FROM ideas_related_tokens_v GROUP BY doc, term) g
    JOIN (SELECT doc, total(col = 'name') AS ln, total(col = 'description') AS ld FROM ideas_related_tokens_v GROUP BY doc) l ON l.doc = g.doc
  ) x JOIN ideas i ON i.id = x.doc;
INSERT INTO ideas_related_tokens(ideas_related_tokens) VALUES ('delete-all');

CREATE TRIGGER ideas_related_terms_ai AFTER INSERT ON ideas WHEN ${suggestable('new')} BEGIN
  INSERT INTO ideas_related_tokens(rowid, name, description) VALUES (new.id, new.name, coalesce(new.description, ''));
  ${termsOfNew}
  INSERT INTO ideas_related_tokens(ideas_related_tokens) VALUES ('delete-all');
  UPDATE ideas_related_stats SET ideas = ideas + 1;
END;
CREATE TRIGGER ideas_related_terms_ad AFTER DELETE ON ideas WHEN ${suggestable('old')} BEGIN
  DELETE FROM ideas_related_terms WHERE idea_id = old.id;
  UPDATE ideas_related_stats SET ideas = ideas - 1;
END;
CREATE TRIGGER ideas_related_terms_au AFTER UPDATE OF name, description, spam, duplicate_of_id, submitted_idea_portal_id ON ideas
  WHEN old.name IS NOT new.name OR old.description IS NOT new.description OR old.spam IS NOT new.spam
    OR old.duplicate_of_id IS NOT new.duplicate_of_id OR old.submitted_idea_portal_id IS NOT new.submitted_idea_portal_id BEGIN
  DELETE FROM ideas_related_terms WHERE idea_id = old.id;
  UPDATE ideas_related_stats SET ideas = ideas - (${suggestable('old')}) + (${suggestable('new')});
  INSERT INTO ideas_related_tokens(rowid, name, description)
    SELECT new.id, new.name, coalesce(new.description, '') WHERE ${suggestable('new')};
  ${termsOfNew}
  INSERT INTO ideas_related_tokens(ideas_related_tokens) VALUES ('delete-all');
END;
`;
}

/** Every table whose rows have their own `id` (link tables are keyed by the pair they link). */
const ID_TABLES = [
  'users',
  'api_tokens',
  'products',
  'workflows',
  'workflow_statuses',
  'workflow_kinds',
  'teams',
  'team_workflow_statuses',
  'iterations',
  'program_increments',
  'releases',
  'release_phases',
  'initiatives',
  'epics',
  'features',
  'requirements',
  'audits',
  'deletions',
  'time_frames',
  'goals',
  'custom_field_definitions',
] as const;

/** The table each audited or recycled record type lives in. */
const RECORD_TABLES: Partial<Record<string, (typeof ID_TABLES)[number]>> = {
  Feature: 'features',
  Requirement: 'requirements',
  Epic: 'epics',
  Initiative: 'initiatives',
  Goal: 'goals',
  Release: 'releases',
  ReleasePhase: 'release_phases',
};

interface Violation {
  table: string;
  rowid: number;
  parent: string;
  fkid: number;
}

/**
 * SQLite's table rebuild (https://sqlite.org/lang_altertable.html#otheralter), table by table: create
 * the new shape under a temporary name, copy every row with its id, drop the old table, rename the
 * new one, recreate its indexes and triggers. The FTS index reads `features` by id and ids are kept,
 * so it stays valid as it is. Foreign keys must be off (dropping a parent table would otherwise check
 * or delete its children); the links are checked at the end instead.
 */
function rebuildWithAutoincrement(sqlite: BetterSqlite3.Database, tables: readonly string[]): void {
  if (sqlite.pragma('foreign_keys', { simple: true }) !== 0) throw new Error('a table rebuild needs foreign_keys off');
  const violations = (): string[] =>
    (sqlite.pragma('foreign_key_check') as Violation[]).map((v) => `${v.table}#${v.rowid}->${v.parent}#${v.fkid}`).sort();
  const before = violations();
  for (const table of tables) {
    const create: unknown = sqlite.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?").pluck().get(table);
    if (typeof create !== 'string') throw new Error(`no table ${table} to rebuild`);
    if (/AUTOINCREMENT/i.test(create)) continue;
    const temp = `${table}__rebuild`;
    const renamed = create.replace(new RegExp(`^CREATE TABLE "?${table}"? \\(`), `CREATE TABLE "${temp}" (`);
    const widened = renamed.replace(/\bid INTEGER PRIMARY KEY\b/, 'id INTEGER PRIMARY KEY AUTOINCREMENT');
    if (renamed === create || widened === renamed) throw new Error(`unexpected shape of table ${table}`);
    const dependents = sqlite
      .prepare("SELECT sql FROM sqlite_master WHERE type IN ('index', 'trigger') AND tbl_name = ? AND sql IS NOT NULL ORDER BY type, name")
      .pluck()
      .all(table) as string[];
    const columns = (sqlite.pragma(`table_info("${table}")`) as { name: string }[]).map((c) => `"${c.name}"`).join(', ');
    sqlite.exec(widened);
    sqlite.exec(`INSERT INTO "${temp}" (${columns}) SELECT ${columns} FROM "${table}"`);
    sqlite.exec(`DROP TABLE "${table}"`);
    sqlite.exec(`ALTER TABLE "${temp}" RENAME TO "${table}"`);
    for (const statement of dependents) sqlite.exec(statement);
  }
  const after = violations();
  if (after.join() !== before.join()) {
    throw new Error(`the table rebuild broke links: ${after.filter((v) => !before.includes(v)).join(', ')}`);
  }
}

/**
 * Raises each table's AUTOINCREMENT counter to the highest id it is known to have used: its own rows
 * (the copy set that already), the rows kept in the recycle bin, and the records the audit log names.
 */
function retireKnownIds(sqlite: BetterSqlite3.Database): void {
  const floors = new Map<string, number>();
  const raise = (table: string | undefined, id: unknown) => {
    if (table === undefined || typeof id !== 'number' || !Number.isInteger(id)) return;
    floors.set(table, Math.max(floors.get(table) ?? 0, id));
  };
  const idTables = new Set<string>(ID_TABLES);
  // The recycle bin keeps `{ table: [row, …] }`: every kept row's id is retired in its table.
  const recycled = sqlite
    .prepare(
      `SELECT t.key AS tbl, max(json_extract(r.value, '$.id')) AS id
       FROM deletions d, json_each(d.payload) t, json_each(t.value) r
       WHERE json_valid(d.payload) AND json_type(t.value) = 'array' AND json_type(r.value) = 'object'
       GROUP BY t.key`,
    )
    .all() as { tbl: string; id: unknown }[];
  for (const r of recycled) if (idTables.has(r.tbl)) raise(r.tbl, r.id);
  const named = sqlite.prepare('SELECT record_type AS type, max(record_id) AS id FROM deletions GROUP BY record_type').all() as {
    type: string;
    id: unknown;
  }[];
  for (const r of named) raise(RECORD_TABLES[r.type], r.id);
  const audited = sqlite.prepare('SELECT auditable_type AS type, max(auditable_id) AS id FROM audits GROUP BY auditable_type').all() as {
    type: string;
    id: unknown;
  }[];
  for (const r of audited) raise(RECORD_TABLES[r.type], r.id);

  const update = sqlite.prepare('UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = ?');
  const insert = sqlite.prepare('INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)');
  for (const [table, id] of floors) if (update.run(id, table).changes === 0) insert.run(table, id);
}

/** `0004-ids-never-reused`: the Migrator runs migrations in the order of their names. */
export const migrationName = (m: { version: number; name: string }): string => `${String(m.version).padStart(4, '0')}-${m.name}`;

/** True when the runner used before the Migrator recorded this version as applied. */
function appliedBeforeMigrator(sqlite: BetterSqlite3.Database, version: number): boolean {
  const legacy = sqlite.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'").get();
  return legacy !== undefined && sqlite.prepare('SELECT 1 FROM schema_migrations WHERE version = ?').get(version) !== undefined;
}

/**
 * The versioned migrations above, for kysely's Migrator. Scripts hold several statements (and
 * triggers), which only the raw handle's exec runs; the Migrator's transaction is on that same
 * connection, so they commit or roll back with it.
 */
export class SqlMigrationProvider implements MigrationProvider {
  /** Names the old runner had applied: recorded by the Migrator, not run again. */
  readonly adopted: string[] = [];

  constructor(
    private readonly sqlite: BetterSqlite3.Database,
    private readonly list: readonly Migration[] = migrations,
  ) {}

  getMigrations(): Promise<Record<string, KyselyMigration>> {
    const entries = this.list.map((m): [string, KyselyMigration] => [
      migrationName(m),
      {
        up: () => {
          if (appliedBeforeMigrator(this.sqlite, m.version)) {
            this.adopted.push(migrationName(m));
            return Promise.resolve();
          }
          if ('sql' in m) this.sqlite.exec(m.sql);
          else m.run(this.sqlite);
          return Promise.resolve();
        },
      },
    ]);
    return Promise.resolve(Object.fromEntries(entries));
  }
}

/**
 * PostgreSQL's migrations. A PostgreSQL database never existed at an older version, so its first
 * migration is a baseline made at version 19: the schema every SQLite migration up to it leaves,
 * written for PostgreSQL (postgres-schema.ts). Every later migration is written for both dialects
 * and listed in both lists under the same name.
 */
export const POSTGRES_BASELINE = 'postgres-baseline';

export const postgresMigrations: { version: number; name: string; sql: () => string }[] = [
  { version: 19, name: POSTGRES_BASELINE, sql: postgresBaseline },
  {
    version: 20,
    name: SHARED_LIMITS_MIGRATION,
    // As SQLite's 20. The rate-limit table is UNLOGGED: it is written by nearly every request, and
    // what it holds is worth no WAL — after a crash it starts empty, as a restarted process's
    // limits would. Its rows are updated in place (fillfactor, no index but the key: HOT updates).
    sql: () => `
ALTER TABLE historical_searches ADD COLUMN claimed_by text COLLATE "C";
ALTER TABLE historical_searches ADD COLUMN claimed_until text COLLATE "C";
CREATE UNLOGGED TABLE rate_limit_buckets (
  bucket text COLLATE "C" NOT NULL PRIMARY KEY,
  tat text COLLATE "C" NOT NULL,
  full_at double precision NOT NULL,
  checked_at double precision NOT NULL,
  allowed bigint NOT NULL
) WITH (fillfactor = 70);
`,
  },
  { version: 21, name: IDEA_COUNTERS_MIGRATION, sql: () => postgresSubsetCounterTriggers('ideas', 'spam', 0, ['product_id']) },
];

export class PostgresMigrationProvider implements MigrationProvider {
  getMigrations(): Promise<Record<string, KyselyMigration>> {
    const entries = postgresMigrations.map((m): [string, KyselyMigration] => [
      migrationName(m),
      // Several statements, no parameters: pg sends them as one simple query, inside the
      // Migrator's transaction.
      { up: async (db) => void (await sql.raw(m.sql()).execute(db)) },
    ]);
    return Promise.resolve(Object.fromEntries(entries));
  }
}

/**
 * Runs every pending migration, all in one transaction (the dialect declares SQLite's DDL
 * transactional); returns the names run (not those adopted from the old runner). Foreign keys are off meanwhile: the pragma cannot change
 * inside a transaction, and a table rebuild needs them off (it checks the links itself).
 */
export async function migrateToLatest<DB>(db: Kysely<DB>, sqlite: BetterSqlite3.Database | undefined): Promise<string[]> {
  if (!sqlite) {
    const { error, results = [] } = await new Migrator({ db, provider: new PostgresMigrationProvider() }).migrateToLatest();
    if (error !== undefined) throw error instanceof Error ? error : new Error(String(error));
    return results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
  }
  const enforced = sqlite.pragma('foreign_keys', { simple: true }) === 1;
  sqlite.pragma('foreign_keys = OFF');
  try {
    const provider = new SqlMigrationProvider(sqlite);
    const { error, results = [] } = await new Migrator({ db, provider }).migrateToLatest();
    if (error !== undefined) throw error instanceof Error ? error : new Error(String(error));
    return results.filter((r) => r.status === 'Success' && !provider.adopted.includes(r.migrationName)).map((r) => r.migrationName);
  } finally {
    if (enforced) sqlite.pragma('foreign_keys = ON');
  }
}
