// Large-data generator for benchmarks: inserts N features (with tag rows) into one release through
// prepared statements in a single transaction — 100,000 features in a few seconds. Reference
// numbers come from the product's counter like any other feature; no audit rows are written,
// because these are fixtures, not anyone's edits.
import type BetterSqlite3 from 'better-sqlite3';
import { featureKey } from '../../src/domain/reference';
import type { Store } from '../store/db';

export interface BulkResult {
  inserted: number;
  firstId: number | null;
  lastId: number | null;
  firstReference: string | null;
  lastReference: string | null;
}

const FTS_TRIGGER = 'features_fts_ai';
const TAGS = [
  'performance',
  'ux',
  'security',
  'reporting',
  'mobile',
  'api',
  'bug',
  'enterprise',
  'onboarding',
  'search',
];
const WORDS = [
  'Faster',
  'Simpler',
  'Smarter',
  'Bulk',
  'Inline',
  'Shared',
  'Scheduled',
  'Custom',
  'Secure',
  'Offline',
];
const THINGS = [
  'export',
  'search',
  'timeline',
  'dashboard',
  'sign-in',
  'notifications',
  'filters',
  'reports',
  'import',
  'comments',
];

/**
 * Inserts `count` features into `releaseId` (which must belong to `productId`). Statuses, kinds,
 * assignees, tags and estimates (in the release's units) rotate so lists, filters and roll-ups have
 * realistic variety. Takes the service's Store or its better-sqlite3 handle.
 */
export function seedBulk(
  db: Store | BetterSqlite3.Database,
  productId: number,
  releaseId: number,
  count: number,
): BulkResult {
  const sqlite = 'sqlite' in db ? db.sqlite : db;
  if (!Number.isInteger(count) || count < 0) throw new Error('count must be a whole number of features');

  const product = sqlite
    .prepare('SELECT reference_prefix, next_feature_num FROM products WHERE id = ?')
    .get(productId) as { reference_prefix: string; next_feature_num: number } | undefined;
  if (!product) throw new Error(`No product ${productId}`);
  const release = sqlite
    .prepare('SELECT id, capacity_units FROM releases WHERE id = ? AND product_id = ?')
    .get(releaseId, productId) as { id: number; capacity_units: string } | undefined;
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
  const users = (
    sqlite.prepare('SELECT id FROM users WHERE enabled = 1 ORDER BY id').all() as { id: number }[]
  ).map((u) => u.id);
  const startPosition =
    (
      sqlite
        .prepare('SELECT COALESCE(MAX(position), 0) AS p FROM features WHERE release_id = ?')
        .get(releaseId) as { p: number }
    ).p + 1;
  const points = release.capacity_units === 'story_points';

  const insertFeature = sqlite.prepare(
    `INSERT INTO features (product_id, release_id, reference_num, name, position, workflow_kind_id, workflow_status_id,
       description, created_by_id, assigned_to_id, tags, initial_estimate, remaining_estimate, progress, progress_source,
       created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, NULL, ?, ?, ?, ?, ?, ?, 'progress_from_remaining_estimate', ?, ?)`,
  );
  const insertTag = sqlite.prepare('INSERT INTO feature_tags (feature_id, tag) VALUES (?, ?)');
  const bumpCounter = sqlite.prepare('UPDATE products SET next_feature_num = ? WHERE id = ?');
  const ftsTrigger = sqlite
    .prepare("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?")
    .get(FTS_TRIGGER) as { sql: string } | undefined;

  const run = sqlite.transaction((): BulkResult => {
    const ts = new Date().toISOString();
    // The name index's per-row trigger is most of the cost (trigram FTS flushes per statement);
    // it is suspended inside this transaction and the new rows are indexed in one statement below.
    if (ftsTrigger) sqlite.exec(`DROP TRIGGER ${FTS_TRIGGER}`);
    let firstId: number | null = null;
    let lastId: number | null = null;
    for (let i = 0; i < count; i++) {
      const n = product.next_feature_num + i;
      const status = statuses[i % statuses.length] ?? { id: 0, complete: 0 };
      const estimate = points ? (i % 13) + 1 : ((i % 10) + 1) * 60;
      const remaining = status.complete ? 0 : Math.round(estimate * ((i % 4) / 4));
      const progress = Math.round((1 - remaining / estimate) * 100);
      const tagA = TAGS[i % TAGS.length] ?? 'bulk';
      const tagB = TAGS[(i * 7 + 3) % TAGS.length] ?? 'bulk';
      const tags = tagA === tagB ? [tagA] : [tagA, tagB];
      const name = `${WORDS[i % WORDS.length] ?? ''} ${THINGS[Math.floor(i / WORDS.length) % THINGS.length] ?? ''} ${n}`;
      const info = insertFeature.run(
        productId,
        releaseId,
        featureKey(product.reference_prefix, n),
        name,
        startPosition + i,
        kinds.length ? kinds[i % kinds.length] : null,
        status.id,
        users[0] ?? null,
        users.length && i % 5 !== 0 ? users[i % users.length] : null,
        tags.join(','),
        estimate,
        remaining,
        progress,
        ts,
        ts,
      );
      const id = Number(info.lastInsertRowid);
      for (const tag of tags) insertTag.run(id, tag);
      firstId ??= id;
      lastId = id;
    }
    if (ftsTrigger) {
      if (firstId !== null && lastId !== null) {
        sqlite
          .prepare(
            'INSERT INTO features_fts (rowid, name) SELECT id, name FROM features WHERE id BETWEEN ? AND ?',
          )
          .run(firstId, lastId);
      }
      sqlite.exec(ftsTrigger.sql);
    }
    bumpCounter.run(product.next_feature_num + count, productId);
    return {
      inserted: count,
      firstId,
      lastId,
      firstReference: count ? featureKey(product.reference_prefix, product.next_feature_num) : null,
      lastReference: count
        ? featureKey(product.reference_prefix, product.next_feature_num + count - 1)
        : null,
    };
  });
  return run();
}
