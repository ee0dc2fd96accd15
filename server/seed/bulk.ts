// Large-data generators for benchmarks: insert N features (with tag rows) into one release, N epics
// spread over a product's releases, or N initiatives in a tree, through prepared statements in a
// single transaction each — 100,000 features in a few seconds. Reference numbers come from the
// product's counters like any other record's; no audit rows are written, because these are
// fixtures, not anyone's edits.
import type BetterSqlite3 from 'better-sqlite3';
import { epicKey, featureKey, initiativeKey, pageKey } from '../../src/domain/reference';
import type { Store } from '../store/db';
import { seededRandom } from './random';

export interface BulkResult {
  inserted: number;
  firstId: number | null;
  lastId: number | null;
  firstReference: string | null;
  lastReference: string | null;
}

const FTS_TRIGGER = 'features_fts_ai';
export const TAGS = ['performance', 'ux', 'security', 'reporting', 'mobile', 'api', 'bug', 'enterprise', 'onboarding', 'search'];
export const WORDS = ['Faster', 'Simpler', 'Smarter', 'Bulk', 'Inline', 'Shared', 'Scheduled', 'Custom', 'Secure', 'Offline'];
export const THINGS = ['export', 'search', 'timeline', 'dashboard', 'sign-in', 'notifications', 'filters', 'reports', 'import', 'comments'];

/**
 * Inserts `count` features into `releaseId` (which must belong to `productId`). Statuses, kinds,
 * assignees, tags and estimates (in the release's units) rotate so lists, filters and roll-ups have
 * realistic variety. Takes the service's Store or its better-sqlite3 handle.
 */
export function seedBulk(db: Store | BetterSqlite3.Database, productId: number, releaseId: number, count: number): BulkResult {
  const sqlite = 'sqlite' in db ? db.sqlite : db;
  if (!Number.isInteger(count) || count < 0) throw new Error('count must be a whole number of features');

  const product = sqlite.prepare('SELECT reference_prefix FROM products WHERE id = ?').get(productId) as
    { reference_prefix: string } | undefined;
  if (!product) throw new Error(`No product ${productId}`);
  const release = sqlite.prepare('SELECT id, capacity_units FROM releases WHERE id = ? AND product_id = ?').get(releaseId, productId) as
    { id: number; capacity_units: string } | undefined;
  if (!release) throw new Error(`No release ${releaseId} in product ${productId}`);
  const statuses = sqlite
    .prepare(
      `SELECT s.id, s.complete FROM workflow_statuses s JOIN workflows w ON w.id = s.workflow_id
       WHERE w.product_id = ? AND w.statusable_type = 'Feature' ORDER BY s.position`,
    )
    .all(productId) as { id: number; complete: number }[];
  if (statuses.length === 0) throw new Error(`Product ${productId} has no feature workflow`);
  const kinds = (
    sqlite.prepare('SELECT id FROM workflow_kinds WHERE product_id = ? ORDER BY id').all(productId) as {
      id: number;
    }[]
  ).map((k) => k.id);
  const users = (sqlite.prepare('SELECT id FROM users WHERE enabled = 1 ORDER BY id').all() as { id: number }[]).map((u) => u.id);
  const startPosition =
    (sqlite.prepare('SELECT COALESCE(MAX(position), 0) AS p FROM features WHERE release_id = ?').get(releaseId) as { p: number }).p + 1;
  const points = release.capacity_units === 'story_points';

  const insertFeature = sqlite.prepare(
    `INSERT INTO features (product_id, release_id, reference_num, name, position, workflow_kind_id, workflow_status_id,
       description, created_by_id, assigned_to_id, tags, initial_estimate, remaining_estimate, progress, progress_source,
       created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, NULL, ?, ?, ?, ?, ?, ?, 'progress_from_remaining_estimate', ?, ?)`,
  );
  const insertTag = sqlite.prepare('INSERT INTO feature_tags (feature_id, tag) VALUES (?, ?)');
  const ftsTrigger = sqlite.prepare("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?").get(FTS_TRIGGER) as
    { sql: string } | undefined;

  const run = sqlite.transaction((): BulkResult => {
    const ts = new Date().toISOString();
    // The name index's per-row trigger is most of the cost (trigram FTS flushes per statement);
    // it is suspended inside this transaction and the new rows are indexed in one statement below.
    if (ftsTrigger) sqlite.exec(`DROP TRIGGER ${FTS_TRIGGER}`);
    const first = reserveNumbers(sqlite, 'next_feature_num', productId, count);
    let firstId: number | null = null;
    let lastId: number | null = null;
    const ctx: BulkFeatureContext = {
      productId,
      releaseId,
      prefix: product.reference_prefix,
      first,
      startPosition,
      statuses,
      kinds,
      users,
      points,
      ts,
    };
    for (let i = 0; i < count; i++) {
      const { row, tags } = bulkFeatureRow(ctx, i);
      const info = insertFeature.run(
        row.product_id,
        row.release_id,
        row.reference_num,
        row.name,
        row.position,
        row.workflow_kind_id,
        row.workflow_status_id,
        row.created_by_id,
        row.assigned_to_id,
        row.tags,
        row.initial_estimate,
        row.remaining_estimate,
        row.progress,
        row.created_at,
        row.updated_at,
      );
      const id = Number(info.lastInsertRowid);
      for (const tag of tags) insertTag.run(id, tag);
      firstId ??= id;
      lastId = id;
    }
    if (ftsTrigger) {
      if (firstId !== null && lastId !== null) {
        sqlite
          .prepare('INSERT INTO features_fts (rowid, name) SELECT id, name FROM features WHERE id BETWEEN ? AND ?')
          .run(firstId, lastId);
      }
      sqlite.exec(ftsTrigger.sql);
    }
    return {
      inserted: count,
      firstId,
      lastId,
      firstReference: count ? featureKey(product.reference_prefix, first) : null,
      lastReference: count ? featureKey(product.reference_prefix, first + count - 1) : null,
    };
  });
  return run();
}

/** What every bulk feature row is made from (seedBulk here, PostgreSQL's in bulk-postgres.ts). */
export interface BulkFeatureContext {
  productId: number;
  releaseId: number;
  prefix: string;
  /** The first reference number taken. */
  first: number;
  startPosition: number;
  statuses: readonly { id: number; complete: number }[];
  kinds: readonly number[];
  users: readonly number[];
  /** The release counts in story points (else minutes). */
  points: boolean;
  ts: string;
}

/** The `i`-th bulk feature's row and tags: statuses, kinds, assignees, tags and estimates rotate. */
export function bulkFeatureRow(ctx: BulkFeatureContext, i: number) {
  const n = ctx.first + i;
  const status = ctx.statuses[i % ctx.statuses.length] ?? { id: 0, complete: 0 };
  const estimate = ctx.points ? (i % 13) + 1 : ((i % 10) + 1) * 60;
  const remaining = status.complete ? 0 : Math.round(estimate * ((i % 4) / 4));
  const tagA = TAGS[i % TAGS.length] ?? 'bulk';
  const tagB = TAGS[(i * 7 + 3) % TAGS.length] ?? 'bulk';
  const tags = tagA === tagB ? [tagA] : [tagA, tagB];
  return {
    row: {
      product_id: ctx.productId,
      release_id: ctx.releaseId,
      reference_num: featureKey(ctx.prefix, n),
      name: `${WORDS[i % WORDS.length] ?? ''} ${THINGS[Math.floor(i / WORDS.length) % THINGS.length] ?? ''} ${n}`,
      position: ctx.startPosition + i,
      workflow_kind_id: ctx.kinds.length ? (ctx.kinds[i % ctx.kinds.length] ?? null) : null,
      workflow_status_id: status.id,
      created_by_id: ctx.users[0] ?? null,
      assigned_to_id: ctx.users.length && i % 5 !== 0 ? (ctx.users[i % ctx.users.length] ?? null) : null,
      tags: tags.join(','),
      initial_estimate: estimate,
      remaining_estimate: remaining,
      progress: Math.round((1 - remaining / estimate) * 100),
      progress_source: 'progress_from_remaining_estimate',
      created_at: ctx.ts,
      updated_at: ctx.ts,
    },
    tags,
  };
}

/**
 * Takes `count` consecutive numbers from a product counter in one statement (as the store's
 * allocator does one at a time); returns the first. Call inside the bulk insert's transaction.
 */
function reserveNumbers(
  sqlite: BetterSqlite3.Database,
  column: 'next_feature_num' | 'next_epic_num' | 'next_initiative_num',
  productId: number,
  count: number,
): number {
  const first: unknown = sqlite
    .prepare(`UPDATE products SET ${column} = ${column} + ? WHERE id = ? RETURNING ${column} - ? AS n`)
    .pluck()
    .get(count, productId, count);
  if (typeof first !== 'number') throw new Error(`No product ${productId}`);
  return first;
}

const sqliteOf = (db: Store | BetterSqlite3.Database): BetterSqlite3.Database => ('sqlite' in db ? db.sqlite : db);

function statusesOf(sqlite: BetterSqlite3.Database, productId: number, kind: string): { id: number; complete: number }[] {
  const rows = sqlite
    .prepare(
      `SELECT s.id, s.complete FROM workflow_statuses s JOIN workflows w ON w.id = s.workflow_id
       WHERE w.product_id = ? AND w.statusable_type = ? ORDER BY s.position`,
    )
    .all(productId, kind) as { id: number; complete: number }[];
  if (rows.length === 0) throw new Error(`Product ${productId} has no ${kind} workflow`);
  return rows;
}

function enabledUsers(sqlite: BetterSqlite3.Database): number[] {
  return (sqlite.prepare('SELECT id FROM users WHERE enabled = 1 ORDER BY id').all() as { id: number }[]).map((u) => u.id);
}

/** Initiatives per root of the tree `seedBulkInitiatives` builds, and children per parent. */
export const INITIATIVE_ROOTS = 50;
export const INITIATIVE_FANOUT = 5;

/**
 * Inserts `count` initiatives into a product as a tree: the first 50 are roots, and each later one
 * rolls up into an earlier one (five children per parent, so about four levels for 5,000). Statuses
 * and assignees rotate; progress is manual so no roll-up has to run. Returns the new ids in order.
 */
export function seedBulkInitiatives(db: Store | BetterSqlite3.Database, productId: number, count: number): BulkResult & { ids: number[] } {
  const sqlite = sqliteOf(db);
  if (!Number.isInteger(count) || count < 0) throw new Error('count must be a whole number of initiatives');
  const product = sqlite.prepare('SELECT reference_prefix FROM products WHERE id = ?').get(productId) as
    { reference_prefix: string } | undefined;
  if (!product) throw new Error(`No product ${productId}`);
  const statuses = statusesOf(sqlite, productId, 'Initiative');
  const users = enabledUsers(sqlite);
  const startPosition =
    (sqlite.prepare('SELECT COALESCE(MAX(position), 0) AS p FROM initiatives WHERE product_id = ?').get(productId) as { p: number }).p + 1;
  const insert = sqlite.prepare(
    `INSERT INTO initiatives (product_id, reference_num, name, workflow_status_id, created_by_id, assigned_to_id, effort, value,
       parent_id, position, progress, progress_source, duration_source, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'progress_manual', 'duration_manual', ?, ?)`,
  );

  const run = sqlite.transaction(() => {
    const ts = new Date().toISOString();
    const ids: number[] = [];
    const first = reserveNumbers(sqlite, 'next_initiative_num', productId, count);
    for (let i = 0; i < count; i++) {
      const n = first + i;
      const status = statuses[i % statuses.length] ?? { id: 0, complete: 0 };
      // Parents come before their children, so the parent's id is already known.
      const parent = i < INITIATIVE_ROOTS ? null : (ids[Math.floor((i - INITIATIVE_ROOTS) / INITIATIVE_FANOUT)] ?? null);
      const name = `${WORDS[i % WORDS.length] ?? ''} ${THINGS[Math.floor(i / WORDS.length) % THINGS.length] ?? ''} initiative ${n}`;
      const info = insert.run(
        productId,
        initiativeKey(product.reference_prefix, n),
        name,
        status.id,
        users[0] ?? null,
        users.length && i % 4 !== 0 ? users[i % users.length] : null,
        (i % 8) + 1,
        (i % 10) * 10,
        parent,
        startPosition + i,
        status.complete ? 100 : (i * 7) % 100,
        ts,
        ts,
      );
      ids.push(Number(info.lastInsertRowid));
    }
    return { ids, first };
  });
  const { ids, first } = run();
  return {
    inserted: count,
    ids,
    firstId: ids[0] ?? null,
    lastId: ids.at(-1) ?? null,
    firstReference: count ? initiativeKey(product.reference_prefix, first) : null,
    lastReference: count ? initiativeKey(product.reference_prefix, first + count - 1) : null,
  };
}

export const RISKS = ['Low', 'Medium', 'High'];

/**
 * A well-mixed, repeatable choice among `n` for row `i` (a 32-bit integer hash; `salt` makes each
 * attribute independent). Plain rotations (`i % n`, `i / k % n`) share residues: with four releases
 * and four statuses every release got one status, and combined filters matched all or nothing.
 */
export function pick(i: number, salt: number, n: number): number {
  let h = Math.imul(i ^ salt, 0x9e3779b1);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return (h >>> 0) % n;
}

/** What a bulk epic generator knows of the product: the same on both databases. */
export interface BulkEpicContext {
  releases: readonly { id: number; capacity_units: string }[];
  /** The last position in each release, advanced as epics are placed. */
  positions: number[];
  statuses: readonly { id: number; complete: number }[];
  users: readonly number[];
  initiatives: readonly number[];
}

/**
 * The `i`-th epic of a bulk run numbered `n`: its release, place, status, people, tags, estimates
 * and risk rotate as described at seedBulkEpics. Shared by this file's generator and
 * bulk-postgres.ts's, so both databases get the same epics.
 */
export function bulkEpicRow(ctx: BulkEpicContext, i: number, n: number) {
  const slot = i % ctx.releases.length;
  const release = ctx.releases[slot] ?? { id: 0, capacity_units: 'time' };
  const position = (ctx.positions[slot] ?? 0) + 1;
  ctx.positions[slot] = position;
  const status = ctx.statuses[pick(i, 1, ctx.statuses.length)] ?? { id: 0, complete: 0 };
  const estimate = release.capacity_units === 'story_points' ? (i % 21) + 1 : ((i % 20) + 1) * 480;
  const remaining = status.complete ? 0 : Math.round(estimate * ((i % 4) / 4));
  const tagA = TAGS[pick(i, 2, TAGS.length)] ?? 'bulk';
  const tagB = TAGS[pick(i, 3, TAGS.length)] ?? 'bulk';
  return {
    releaseId: release.id,
    name: `${WORDS[pick(i, 7, WORDS.length)] ?? ''} ${THINGS[pick(i, 8, THINGS.length)] ?? ''} epic ${n}`,
    position,
    statusId: status.id,
    assigneeId: ctx.users.length && pick(i, 4, 6) !== 0 ? (ctx.users[pick(i, 5, ctx.users.length)] ?? null) : null,
    tags: tagA === tagB ? [tagA] : [tagA, tagB],
    estimate,
    remaining,
    progress: Math.round((1 - remaining / estimate) * 100),
    initiativeId: ctx.initiatives.length && i % 3 === 0 ? (ctx.initiatives[Math.floor(i / 3) % ctx.initiatives.length] ?? null) : null,
    risk: RISKS[pick(i, 6, RISKS.length)] ?? 'Low',
  };
}

/**
 * Inserts `count` epics into a product, round-robin over its releases (parking lots included), each
 * placed last in its release. Statuses, assignees, tags (in `epic_tags` too), estimates in the
 * release's units and the `risk` custom field value (when the product defines one for epics) rotate;
 * every third epic names one of `initiativeIds`. Progress is manual: no features feed these epics.
 */
export function seedBulkEpics(
  db: Store | BetterSqlite3.Database,
  productId: number,
  count: number,
  opts: { initiativeIds?: readonly number[] } = {},
): BulkResult {
  const sqlite = sqliteOf(db);
  if (!Number.isInteger(count) || count < 0) throw new Error('count must be a whole number of epics');
  const product = sqlite.prepare('SELECT reference_prefix FROM products WHERE id = ?').get(productId) as
    { reference_prefix: string } | undefined;
  if (!product) throw new Error(`No product ${productId}`);
  const releases = sqlite
    .prepare(
      `SELECT r.id, r.capacity_units, COALESCE((SELECT MAX(position) FROM epics e WHERE e.release_id = r.id), 0) AS last
       FROM releases r WHERE r.product_id = ? ORDER BY r.id`,
    )
    .all(productId) as { id: number; capacity_units: string; last: number }[];
  if (releases.length === 0) throw new Error(`Product ${productId} has no releases`);
  const statuses = statusesOf(sqlite, productId, 'Epic');
  const users = enabledUsers(sqlite);
  const risk = sqlite
    .prepare("SELECT id FROM custom_field_definitions WHERE product_id = ? AND record_type = 'Epic' AND key = 'risk'")
    .get(productId) as { id: number } | undefined;
  const initiatives = opts.initiativeIds ?? [];

  const insertEpic = sqlite.prepare(
    `INSERT INTO epics (product_id, release_id, reference_num, name, position, workflow_status_id, created_by_id, assigned_to_id,
       tags, initial_estimate, remaining_estimate, progress, progress_source, duration_source, initiative_id, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'progress_manual', 'duration_manual', ?, ?, ?)`,
  );
  const insertTag = sqlite.prepare('INSERT INTO epic_tags (epic_id, tag) VALUES (?, ?)');
  const insertValue = sqlite.prepare("INSERT INTO custom_field_values (record_type, record_id, field_id, value) VALUES ('Epic', ?, ?, ?)");

  const run = sqlite.transaction((): BulkResult => {
    const ts = new Date().toISOString();
    const ctx: BulkEpicContext = { releases, positions: releases.map((r) => r.last), statuses, users, initiatives };
    let firstId: number | null = null;
    let lastId: number | null = null;
    const first = reserveNumbers(sqlite, 'next_epic_num', productId, count);
    for (let i = 0; i < count; i++) {
      const n = first + i;
      const row = bulkEpicRow(ctx, i, n);
      const info = insertEpic.run(
        productId,
        row.releaseId,
        epicKey(product.reference_prefix, n),
        row.name,
        row.position,
        row.statusId,
        users[0] ?? null,
        row.assigneeId,
        row.tags.join(','),
        row.estimate,
        row.remaining,
        row.progress,
        row.initiativeId,
        ts,
        ts,
      );
      const id = Number(info.lastInsertRowid);
      for (const tag of row.tags) insertTag.run(id, tag);
      if (risk) insertValue.run(id, risk.id, row.risk);
      firstId ??= id;
      lastId = id;
    }
    return {
      inserted: count,
      firstId,
      lastId,
      firstReference: count ? epicKey(product.reference_prefix, first) : null,
      lastReference: count ? epicKey(product.reference_prefix, first + count - 1) : null,
    };
  });
  return run();
}

export const IDEA_WORDS = ['export', 'timeline', 'dark mode', 'calendar', 'sharing', 'reports', 'mobile', 'alerts', 'import', 'search'];

/**
 * Bulk ideas and votes for the bench (issue 11): `ideas` ideas in the product (keys continue its
 * counter), the first with `heavy` votes (the idea a merge moves), then `votes` votes in all spread
 * over the others, voters `v<n>@bench.example`; `ideas.votes` summed from the ledger at the end.
 * Raw inserts in one transaction, as the features above. Returns the ids of the ideas.
 */
export function seedBulkIdeas(
  db: Store | BetterSqlite3.Database,
  productId: number,
  args: { ideas: number; votes: number; heavy: number },
): number[] {
  const sqlite = 'sqlite' in db ? db.sqlite : db;
  const { ideas, votes, heavy } = args;
  if (ideas < 2 || heavy > votes) throw new Error('need two ideas and no more heavy votes than votes');
  const product = sqlite.prepare('SELECT reference_prefix, next_idea_num FROM products WHERE id = ?').get(productId) as
    { reference_prefix: string; next_idea_num: number } | undefined;
  if (!product) throw new Error(`No product ${productId}`);
  const statuses = (
    sqlite
      .prepare(
        `SELECT s.id FROM workflow_statuses s JOIN workflows w ON w.id = s.workflow_id
         WHERE w.product_id = ? AND w.statusable_type = 'Idea' AND s.complete = 0 ORDER BY s.position`,
      )
      .all(productId) as { id: number }[]
  ).map((s) => s.id);
  if (statuses.length === 0) throw new Error(`Product ${productId} has no open idea status`);
  const words = IDEA_WORDS;
  const insertIdea = sqlite.prepare(
    `INSERT INTO ideas (product_id, reference_num, name, description, workflow_status_id, created_by_email, initial_votes, votes,
       created_at, updated_at, status_changed_at) VALUES (?, ?, ?, ?, ?, 'bench@example.com', 0, 0, ?, ?, ?)`,
  );
  const insertVote = sqlite.prepare(
    `INSERT INTO idea_votes (idea_id, cast_on_idea_id, voter_email, weight, counted_weight, proxy, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, 0, ?, ?)`,
  );
  const ids: number[] = [];
  const base = Date.now() - ideas * 60_000;
  sqlite.transaction(() => {
    for (let i = 0; i < ideas; i++) {
      const at = new Date(base + i * 60_000).toISOString();
      const word = words[i % words.length] ?? 'idea';
      const other = words[(i * 7) % words.length] ?? 'idea';
      const n = product.next_idea_num + i;
      const made = insertIdea.run(
        productId,
        `${product.reference_prefix}-I-${n}`,
        `Bench idea ${i}: ${word} with ${other}`,
        `<p>Customers ask for ${word} and ${other}.</p>`,
        statuses[i % statuses.length],
        at,
        at,
        at,
      );
      ids.push(Number(made.lastInsertRowid));
    }
    sqlite.prepare('UPDATE products SET next_idea_num = ? WHERE id = ?').run(product.next_idea_num + ideas, productId);
    const at = new Date().toISOString();
    const heavyId = ids[0] ?? 0;
    for (let k = 0; k < heavy; k++) insertVote.run(heavyId, heavyId, `v${k}@bench.example`, 1, 1, at, at);
    const spread = ideas - 1;
    for (let k = 0; k < votes - heavy; k++) {
      const idea = ids[1 + (k % spread)] ?? heavyId;
      const weight = 1 + (k % 3);
      insertVote.run(idea, idea, `v${Math.floor(k / spread)}@bench.example`, weight, weight, at, at);
    }
    sqlite.exec(`UPDATE ideas SET votes = initial_votes + v.s
      FROM (SELECT idea_id, sum(counted_weight) AS s FROM idea_votes GROUP BY idea_id) AS v WHERE ideas.id = v.idea_id`);
  })();
  return ids;
}

/**
 * Inserts `count` notes into a product as a tree (issue 12's bench: a tree of 5,000 notes): 50
 * top-level notes, then each note under an earlier one, `perParent` children a parent (4 by
 * default, so the tree is about five levels deep; 10 makes bench/browser.ts's 50 → 500 → 4,450).
 * Keys from the product's note counter; bodies are short HTML.
 */
export function seedBulkNotes(
  db: Store | BetterSqlite3.Database,
  productId: number,
  count: number,
  { perParent = 4 }: { perParent?: number } = {},
): number[] {
  const sqlite = 'sqlite' in db ? db.sqlite : db;
  const product = sqlite.prepare('SELECT reference_prefix, next_page_num FROM products WHERE id = ?').get(productId) as
    { reference_prefix: string; next_page_num: number } | undefined;
  if (!product) throw new Error(`No product ${productId}`);
  const insert = sqlite.prepare(
    `INSERT INTO pages (product_id, reference_num, name, description, parent_id, position, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const roots = Math.min(50, count);
  const ids: number[] = [];
  const at = new Date().toISOString();
  sqlite.transaction(() => {
    for (let i = 0; i < count; i++) {
      const parent = i < roots ? null : (ids[Math.floor((i - roots) / perParent)] ?? null);
      const position = i < roots ? i + 1 : ((i - roots) % perParent) + 1;
      const name = `${WORDS[i % WORDS.length] ?? 'Bench'} ${THINGS[(i * 3) % THINGS.length] ?? 'note'} notes ${i}`;
      const made = insert.run(
        productId,
        pageKey(product.reference_prefix, product.next_page_num + i),
        name,
        `<h2>${name}</h2><ul><li>One</li><li>Two</li></ul>`,
        parent,
        position,
        at,
        at,
      );
      ids.push(Number(made.lastInsertRowid));
    }
    sqlite.prepare('UPDATE products SET next_page_num = next_page_num + ? WHERE id = ?').run(count, productId);
  })();
  return ids;
}

export const COMMENT_SENTENCES = [
  'I went through the customer interviews again and the export came up in almost every one of them.',
  'Can we keep the first version small and ship it behind a flag for the pilot accounts?',
  'The estimate assumes the API changes land first; if they slip, this slips with them.',
  'Design has a mock-up for the empty state, linked in the description.',
  'We should check how this behaves with a few thousand rows before we commit to the layout.',
  'Support asked whether the old reports keep working after the switch.',
  'I agree with the direction, but the naming in the settings screen still confuses people.',
  'QA found two edge cases around time zones; both are written up as requirements now.',
  'Moving this to the next release frees a week for the migration work.',
  'The security review is booked for Thursday, so the permissions part should be done by then.',
  'Let us pair on the tricky part of the import tomorrow morning.',
  'Marketing wants a screenshot for the launch post once the colours are final.',
];
export const COMMENT_EXTRAS = [
  '<ul><li>Keep the current columns</li><li>Add a filter by owner</li><li>Remember the last choice</li></ul>',
  '<p><strong>Decision:</strong> we go with the simpler option for now and revisit after the pilot.</p>',
  '<p>Notes from the call: <a href="https://example.com/notes">meeting notes</a>.</p>',
  '<ol><li>Agree on the scope</li><li>Split the work</li><li>Review on Friday</li></ol>',
];

/**
 * Inserts `count` comments on one record (issue 12's bench: a record with 1,000 comments) as people
 * write them: threads of a top-level comment and up to three replies (about a third of the comments
 * are replies), bodies of one to four HTML paragraphs, one in four with a list, a decision or a
 * link, authors taken in turn from the account's users, times spread over the last 60 days in
 * thread order. A fixed-seed generator makes every run the same thread. Returns the top-level
 * comments' ids.
 */
export function seedBulkComments(
  db: Store | BetterSqlite3.Database,
  target: { type: string; id: number; productId: number },
  count: number,
): number[] {
  const sqlite = 'sqlite' in db ? db.sqlite : db;
  const users = (sqlite.prepare('SELECT id FROM users ORDER BY id').all() as { id: number }[]).map((u) => u.id);
  const insert = sqlite.prepare(
    `INSERT INTO comments (commentable_type, commentable_id, product_id, parent_comment_id, thread_id, body, user_id, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const ownThread = sqlite.prepare('UPDATE comments SET thread_id = id WHERE id = ?');
  const random = seededRandom(0x2f6b_1d3a);
  const body = commentBodies(random);
  const start = Date.now() - 60 * 24 * 3600_000;
  const step = (60 * 24 * 3600_000) / Math.max(count, 1);
  const tops: number[] = [];
  sqlite.transaction(() => {
    let made = 0;
    while (made < count) {
      const at = new Date(start + made * step).toISOString();
      const top = Number(
        insert.run(target.type, target.id, target.productId, null, 0, body(), users[made % users.length] ?? null, at, at).lastInsertRowid,
      );
      ownThread.run(top);
      tops.push(top);
      made++;
      // Most threads have no reply; some have a short exchange.
      const replies = random() < 0.75 ? 0 : Math.min(count - made, 1 + Math.floor(random() * 3));
      for (let r = 0; r < replies; r++, made++) {
        const when = new Date(start + made * step).toISOString();
        insert.run(target.type, target.id, target.productId, top, top, body(), users[(made * 7) % users.length] ?? null, when, when);
      }
    }
  })();
  return tops;
}

/**
 * Comment bodies of one to four paragraphs of the sentences above, a quarter with an extra (a list,
 * a link): one generator for both databases' bulk comments, drawn from `random`.
 */
export function commentBodies(random: () => number): () => string {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  return () => {
    const paragraphs = 1 + Math.floor(random() * 4);
    let html = '';
    for (let p = 0; p < paragraphs; p++) {
      const sentences = 1 + Math.floor(random() * 3);
      html += `<p>${Array.from({ length: sentences }, () => pick(COMMENT_SENTENCES)).join(' ')}</p>`;
    }
    return random() < 0.25 ? html + pick(COMMENT_EXTRAS) : html;
  };
}
