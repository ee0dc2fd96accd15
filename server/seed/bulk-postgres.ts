// Bulk seeding on PostgreSQL: bulk.ts's generators making the same rows, and `bulkSeeders(store)`,
// which answers the generators of either database by the store's kind.
//
// Rows are written as `INSERT … SELECT … FROM unnest($1::bigint[], …)`, one statement per BATCH
// rows, each generator in one transaction (one parameter per column, so no 65,535-parameter cap
// and one round trip per batch). Ids are taken from the table's sequence first, so parents,
// threads, tag rows and custom field values name their rows without reading them back.
//
// PostgreSQL keeps every version of a row a transaction updates, so the per-row triggers that
// count rows (`<table>_count` into list_counts, `features_stats_insert` into feature_stats) made a
// transaction of n rows take time in n² (their few counter rows updated once per row). They are
// disabled inside the transaction (ALTER TABLE is transactional: a failure leaves them on) and what
// they would have added is added in one statement per table from the new rows; any other trigger
// (the related-idea index's statement triggers, a trigger added later) runs as usual.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { epicKey, featureKey, initiativeKey, pageKey } from '../../src/domain/reference';
import { COUNTED_SCOPES, COUNTED_SUBSETS, subsetName, subsetTrigger } from '../store/counts';
import type { CountedTable } from '../store/counts';
import type { Store } from '../store/db';
import { featureShare } from '../store/feature-stats';
import type { Database } from '../store/schema';
import {
  commentBodies,
  IDEA_WORDS,
  INITIATIVE_FANOUT,
  INITIATIVE_ROOTS,
  THINGS,
  WORDS,
  bulkEpicRow,
  bulkFeatureRow,
  seedBulk,
  seedBulkComments,
  seedBulkEpics,
  seedBulkIdeas,
  seedBulkInitiatives,
  seedBulkNotes,
} from './bulk';
import type { BulkEpicContext, BulkFeatureContext, BulkResult } from './bulk';
import { seededRandom } from './random';

/** Rows per INSERT: large enough that round trips do not count, small enough to keep each parameter a few MB. */
const BATCH = 10_000;

type PgType = 'bigint' | 'text' | 'float8';
type Cell = string | number | null;
/** A column of the rows to insert: its name, type and one value per row (or one value for every row). */
type Column = [name: string, type: PgType, values: readonly Cell[] | { all: Cell }];

async function insertColumns(db: Kysely<Database>, table: string, columns: readonly Column[]): Promise<void> {
  const count = Math.max(0, ...columns.map(([, , v]) => ('all' in v ? 0 : v.length)));
  const names = sql.join(columns.map(([name]) => sql.ref(name)));
  for (let from = 0; from < count; from += BATCH) {
    const arrays = columns.filter(([, , v]) => !('all' in v)) as [string, PgType, readonly Cell[]][];
    const unnest = sql.join(arrays.map(([, type, values]) => sql`${values.slice(from, from + BATCH)}::${sql.raw(type)}[]`));
    const aliases = arrays.map((_, i) => `c${i}`);
    let next = 0;
    const select = sql.join(
      columns.map(([, type, v]) => ('all' in v ? sql`${v.all}::${sql.raw(type)}` : sql.ref(`u.${aliases[next++] ?? ''}`))),
    );
    await sql`INSERT INTO ${sql.table(table)} (${names})
      SELECT ${select} FROM unnest(${unnest}) AS u(${sql.join(aliases.map((a) => sql.ref(a)))})`.execute(db);
  }
}

/** `count` new ids from `table`'s identity sequence, in ascending order. */
async function takeIds(db: Kysely<Database>, table: string, count: number): Promise<number[]> {
  if (count === 0) return [];
  const { rows } = await sql<{ id: number }>`SELECT nextval(pg_get_serial_sequence(${table}, 'id')) AS id
    FROM generate_series(1, ${count})`.execute(db);
  return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

/** As reserveNumbers above, on PostgreSQL. */
async function reserveNumbersPg(
  db: Kysely<Database>,
  column: 'next_feature_num' | 'next_epic_num' | 'next_initiative_num' | 'next_page_num' | 'next_idea_num',
  productId: number,
  count: number,
): Promise<number> {
  const col = sql.ref(column);
  const { rows } = await sql<{ n: number }>`UPDATE products SET ${col} = ${col} + ${count} WHERE id = ${productId}
    RETURNING ${col} - ${count} AS n`.execute(db);
  const first = rows[0]?.n;
  if (first === undefined) throw new Error(`No product ${productId}`);
  return Number(first);
}

/** The counting triggers this file refills itself, per table (postgres-schema.ts makes them). */
const ROW_COUNTERS: Partial<Record<CountedTable, string[]>> = {
  features: ['features_count', 'features_stats_insert'],
  epics: ['epics_count'],
  initiatives: ['initiatives_count'],
  pages: ['pages_count'],
};

/**
 * Runs `insert` (rows with ids `first`…`last` of a counted table) with the table's counting
 * triggers off, then adds to list_counts (and for features, feature_stats) what they would have.
 */
async function withCountsAfter(
  db: Kysely<Database>,
  table: CountedTable,
  ids: readonly number[],
  insert: () => Promise<void>,
): Promise<void> {
  const first = ids[0];
  const last = ids.at(-1);
  const known = ROW_COUNTERS[table] ?? [];
  const present = (
    await sql<{ name: string }>`SELECT tgname AS name FROM pg_trigger WHERE tgrelid = ${table}::regclass AND NOT tgisinternal
      AND tgenabled <> 'D'`.execute(db)
  ).rows
    .map((r) => r.name)
    .filter((name) => known.includes(name));
  for (const name of present) await sql`ALTER TABLE ${sql.table(table)} DISABLE TRIGGER ${sql.ref(name)}`.execute(db);
  await insert();
  if (first !== undefined && last !== undefined) {
    if (present.includes(`${table}_count`)) {
      const scopes = [sql`(${table}, 0::bigint)`, ...COUNTED_SCOPES[table].map((c) => sql`(${`${table}.${c}`}, r.${sql.ref(c)})`)];
      await sql`INSERT INTO list_counts (scope, scope_id, n)
        SELECT s.scope, s.scope_id, count(*) FROM ${sql.table(table)} r CROSS JOIN LATERAL (VALUES ${sql.join(scopes)}) AS s(scope, scope_id)
        WHERE r.id BETWEEN ${first} AND ${last} AND s.scope_id IS NOT NULL GROUP BY s.scope, s.scope_id
        ON CONFLICT (scope, scope_id) DO UPDATE SET n = list_counts.n + excluded.n`.execute(db);
    }
    if (present.includes('features_stats_insert')) {
      // The trigger's own expressions (featureShare) over the new rows, aliased `new` as in it.
      const share = featureShare('NEW', 'least');
      await sql`INSERT INTO feature_stats (scope, scope_id, status_id, n, psum, est_total, est_left)
        SELECT s.scope, s.scope_id, new.workflow_status_id, count(*), sum(${sql.raw(share.psum)}), sum(${sql.raw(share.total)}),
          sum(${sql.raw(share.left)})
        FROM features new CROSS JOIN LATERAL (VALUES ('release_id', new.release_id), ('release_phase_id', new.release_phase_id)) AS s(scope, scope_id)
        WHERE new.id BETWEEN ${first} AND ${last} AND s.scope_id IS NOT NULL GROUP BY s.scope, s.scope_id, new.workflow_status_id
        ON CONFLICT (scope, scope_id, status_id) DO UPDATE SET n = feature_stats.n + excluded.n, psum = feature_stats.psum + excluded.psum,
          est_total = feature_stats.est_total + excluded.est_total, est_left = feature_stats.est_left + excluded.est_left`.execute(db);
    }
  }
  for (const name of present) await sql`ALTER TABLE ${sql.table(table)} ENABLE TRIGGER ${sql.ref(name)}`.execute(db);
}

async function prefixOf(db: Kysely<Database>, productId: number): Promise<string> {
  const product = await db.selectFrom('products').select('reference_prefix').where('id', '=', productId).executeTakeFirst();
  if (!product) throw new Error(`No product ${productId}`);
  return product.reference_prefix;
}

async function statusesOfPg(db: Kysely<Database>, productId: number, kind: string): Promise<{ id: number; complete: number }[]> {
  const rows = await db
    .selectFrom('workflow_statuses as s')
    .innerJoin('workflows as w', 'w.id', 's.workflow_id')
    .select(['s.id', 's.complete'])
    .where('w.product_id', '=', productId)
    .where('w.statusable_type', '=', kind)
    .orderBy('s.position')
    .execute();
  if (rows.length === 0) throw new Error(`Product ${productId} has no ${kind} workflow`);
  return rows;
}

async function enabledUsersPg(db: Kysely<Database>): Promise<number[]> {
  return (await db.selectFrom('users').select('id').where('enabled', '=', 1).orderBy('id').execute()).map((u) => u.id);
}

/**
 * seedBulk on PostgreSQL: the same features (bulk.ts's bulkFeatureRow), tags and numbers, in one
 * transaction; callers reach it through bulkSeeders.
 */
async function seedBulkPostgres(db: Kysely<Database>, productId: number, releaseId: number, count: number): Promise<BulkResult> {
  if (!Number.isInteger(count) || count < 0) throw new Error('count must be a whole number of features');
  const result = await db.transaction().execute(async (db) => {
    const prefix = await prefixOf(db, productId);
    const release = await db
      .selectFrom('releases')
      .select(['id', 'capacity_units'])
      .where('id', '=', releaseId)
      .where('product_id', '=', productId)
      .executeTakeFirst();
    if (!release) throw new Error(`No release ${releaseId} in product ${productId}`);
    const last = await db
      .selectFrom('features')
      .select((eb) => eb.fn.max('position').as('p'))
      .where('release_id', '=', releaseId)
      .executeTakeFirst();
    const ctx: BulkFeatureContext = {
      productId,
      releaseId,
      prefix,
      first: await reserveNumbersPg(db, 'next_feature_num', productId, count),
      startPosition: Number(last?.p ?? 0) + 1,
      statuses: await statusesOfPg(db, productId, 'Feature'),
      kinds: (await db.selectFrom('workflow_kinds').select('id').where('product_id', '=', productId).orderBy('id').execute()).map(
        (k) => k.id,
      ),
      users: await enabledUsersPg(db),
      points: release.capacity_units === 'story_points',
      ts: new Date().toISOString(),
    };
    const ids = await takeIds(db, 'features', count);
    const rows = Array.from({ length: count }, (_, i) => bulkFeatureRow(ctx, i));
    const column = <K extends keyof (typeof rows)[number]['row']>(key: K) => rows.map((r) => r.row[key]);
    const tagIds = rows.flatMap((r, i) => r.tags.map(() => ids[i] ?? 0));
    const tagNames = rows.flatMap((r) => r.tags);
    await withCountsAfter(db, 'features', ids, () =>
      insertColumns(db, 'features', [
        ['id', 'bigint', ids],
        ['product_id', 'bigint', { all: productId }],
        ['release_id', 'bigint', { all: releaseId }],
        ['reference_num', 'text', column('reference_num')],
        ['name', 'text', column('name')],
        ['position', 'bigint', column('position')],
        ['workflow_kind_id', 'bigint', column('workflow_kind_id')],
        ['workflow_status_id', 'bigint', column('workflow_status_id')],
        ['created_by_id', 'bigint', { all: ctx.users[0] ?? null }],
        ['assigned_to_id', 'bigint', column('assigned_to_id')],
        ['tags', 'text', column('tags')],
        ['initial_estimate', 'float8', column('initial_estimate')],
        ['remaining_estimate', 'float8', column('remaining_estimate')],
        ['progress', 'float8', column('progress')],
        ['progress_source', 'text', { all: 'progress_from_remaining_estimate' }],
        ['created_at', 'text', { all: ctx.ts }],
        ['updated_at', 'text', { all: ctx.ts }],
      ]),
    );
    await insertColumns(db, 'feature_tags', [
      ['feature_id', 'bigint', tagIds],
      ['tag', 'text', tagNames],
    ]);
    return {
      inserted: count,
      firstId: ids[0] ?? null,
      lastId: ids.at(-1) ?? null,
      firstReference: count ? featureKey(prefix, ctx.first) : null,
      lastReference: count ? featureKey(prefix, ctx.first + count - 1) : null,
    };
  });
  await settle(db, ['features', 'feature_tags', ...COUNTERS]);
  return result;
}

/** seedBulkInitiatives on PostgreSQL. */
async function seedBulkInitiativesPg(db: Kysely<Database>, productId: number, count: number): Promise<BulkResult & { ids: number[] }> {
  if (!Number.isInteger(count) || count < 0) throw new Error('count must be a whole number of initiatives');
  return db.transaction().execute(async (db) => {
    const prefix = await prefixOf(db, productId);
    const statuses = await statusesOfPg(db, productId, 'Initiative');
    const users = await enabledUsersPg(db);
    const last = await db
      .selectFrom('initiatives')
      .select((eb) => eb.fn.max('position').as('p'))
      .where('product_id', '=', productId)
      .executeTakeFirst();
    const startPosition = Number(last?.p ?? 0) + 1;
    const ts = new Date().toISOString();
    const first = await reserveNumbersPg(db, 'next_initiative_num', productId, count);
    const ids = await takeIds(db, 'initiatives', count);
    const cols = {
      ref: [] as string[],
      name: [] as string[],
      status: [] as number[],
      assignee: [] as (number | null)[],
      effort: [] as number[],
      value: [] as number[],
      parent: [] as (number | null)[],
      position: [] as number[],
      progress: [] as number[],
    };
    for (let i = 0; i < count; i++) {
      const n = first + i;
      const status = statuses[i % statuses.length] ?? { id: 0, complete: 0 };
      cols.ref.push(initiativeKey(prefix, n));
      cols.name.push(`${WORDS[i % WORDS.length] ?? ''} ${THINGS[Math.floor(i / WORDS.length) % THINGS.length] ?? ''} initiative ${n}`);
      cols.status.push(status.id);
      cols.assignee.push(users.length && i % 4 !== 0 ? (users[i % users.length] ?? null) : null);
      cols.effort.push((i % 8) + 1);
      cols.value.push((i % 10) * 10);
      cols.parent.push(i < INITIATIVE_ROOTS ? null : (ids[Math.floor((i - INITIATIVE_ROOTS) / INITIATIVE_FANOUT)] ?? null));
      cols.position.push(startPosition + i);
      cols.progress.push(status.complete ? 100 : (i * 7) % 100);
    }
    await withCountsAfter(db, 'initiatives', ids, () =>
      insertColumns(db, 'initiatives', [
        ['id', 'bigint', ids],
        ['product_id', 'bigint', { all: productId }],
        ['reference_num', 'text', cols.ref],
        ['name', 'text', cols.name],
        ['workflow_status_id', 'bigint', cols.status],
        ['created_by_id', 'bigint', { all: users[0] ?? null }],
        ['assigned_to_id', 'bigint', cols.assignee],
        ['effort', 'float8', cols.effort],
        ['value', 'float8', cols.value],
        ['parent_id', 'bigint', cols.parent],
        ['position', 'bigint', cols.position],
        ['progress', 'float8', cols.progress],
        ['progress_source', 'text', { all: 'progress_manual' }],
        ['duration_source', 'text', { all: 'duration_manual' }],
        ['created_at', 'text', { all: ts }],
        ['updated_at', 'text', { all: ts }],
      ]),
    );
    return {
      inserted: count,
      ids,
      firstId: ids[0] ?? null,
      lastId: ids.at(-1) ?? null,
      firstReference: count ? initiativeKey(prefix, first) : null,
      lastReference: count ? initiativeKey(prefix, first + count - 1) : null,
    };
  });
}

/** seedBulkEpics on PostgreSQL. */
async function seedBulkEpicsPg(
  db: Kysely<Database>,
  productId: number,
  count: number,
  opts: { initiativeIds?: readonly number[] } = {},
): Promise<BulkResult> {
  if (!Number.isInteger(count) || count < 0) throw new Error('count must be a whole number of epics');
  return db.transaction().execute(async (db) => {
    const prefix = await prefixOf(db, productId);
    const releases = (
      await sql<{ id: number; capacity_units: string; last: number }>`SELECT r.id, r.capacity_units,
        COALESCE((SELECT MAX(position) FROM epics e WHERE e.release_id = r.id), 0) AS last
      FROM releases r WHERE r.product_id = ${productId} ORDER BY r.id`.execute(db)
    ).rows;
    if (releases.length === 0) throw new Error(`Product ${productId} has no releases`);
    const statuses = await statusesOfPg(db, productId, 'Epic');
    const users = await enabledUsersPg(db);
    const risk = await db
      .selectFrom('custom_field_definitions')
      .select('id')
      .where('product_id', '=', productId)
      .where('record_type', '=', 'Epic')
      .where('key', '=', 'risk')
      .executeTakeFirst();
    const initiatives = opts.initiativeIds ?? [];
    const ts = new Date().toISOString();
    const ctx: BulkEpicContext = { releases, positions: releases.map((r) => Number(r.last)), statuses, users, initiatives };
    const first = await reserveNumbersPg(db, 'next_epic_num', productId, count);
    const ids = await takeIds(db, 'epics', count);
    const cols = {
      release: [] as number[],
      ref: [] as string[],
      name: [] as string[],
      position: [] as number[],
      status: [] as number[],
      assignee: [] as (number | null)[],
      tags: [] as string[],
      estimate: [] as number[],
      remaining: [] as number[],
      progress: [] as number[],
      initiative: [] as (number | null)[],
    };
    const tagIds: number[] = [];
    const tagNames: string[] = [];
    const riskValues: string[] = [];
    for (let i = 0; i < count; i++) {
      const n = first + i;
      const row = bulkEpicRow(ctx, i, n);
      cols.release.push(row.releaseId);
      cols.ref.push(epicKey(prefix, n));
      cols.name.push(row.name);
      cols.position.push(row.position);
      cols.status.push(row.statusId);
      cols.assignee.push(row.assigneeId);
      cols.tags.push(row.tags.join(','));
      cols.estimate.push(row.estimate);
      cols.remaining.push(row.remaining);
      cols.progress.push(row.progress);
      cols.initiative.push(row.initiativeId);
      for (const tag of row.tags) {
        tagIds.push(ids[i] ?? 0);
        tagNames.push(tag);
      }
      riskValues.push(row.risk);
    }
    await withCountsAfter(db, 'epics', ids, () =>
      insertColumns(db, 'epics', [
        ['id', 'bigint', ids],
        ['product_id', 'bigint', { all: productId }],
        ['release_id', 'bigint', cols.release],
        ['reference_num', 'text', cols.ref],
        ['name', 'text', cols.name],
        ['position', 'bigint', cols.position],
        ['workflow_status_id', 'bigint', cols.status],
        ['created_by_id', 'bigint', { all: users[0] ?? null }],
        ['assigned_to_id', 'bigint', cols.assignee],
        ['tags', 'text', cols.tags],
        ['initial_estimate', 'float8', cols.estimate],
        ['remaining_estimate', 'float8', cols.remaining],
        ['progress', 'float8', cols.progress],
        ['progress_source', 'text', { all: 'progress_manual' }],
        ['duration_source', 'text', { all: 'duration_manual' }],
        ['initiative_id', 'bigint', cols.initiative],
        ['created_at', 'text', { all: ts }],
        ['updated_at', 'text', { all: ts }],
      ]),
    );
    await insertColumns(db, 'epic_tags', [
      ['epic_id', 'bigint', tagIds],
      ['tag', 'text', tagNames],
    ]);
    if (risk) {
      await insertColumns(db, 'custom_field_values', [
        ['record_type', 'text', { all: 'Epic' }],
        ['record_id', 'bigint', ids],
        ['field_id', 'bigint', { all: risk.id }],
        ['value', 'text', riskValues],
      ]);
    }
    return {
      inserted: count,
      firstId: ids[0] ?? null,
      lastId: ids.at(-1) ?? null,
      firstReference: count ? epicKey(prefix, first) : null,
      lastReference: count ? epicKey(prefix, first + count - 1) : null,
    };
  });
}

/**
 * seedBulkIdeas on PostgreSQL. Each idea's `votes` is summed here as the votes are made and written
 * with the idea: SQLite's closing UPDATE of every idea would, on PostgreSQL, write a new version of
 * 100,000 rows and their indexes and run the related-idea trigger's look-up of what changed.
 */
async function seedBulkIdeasPg(
  db: Kysely<Database>,
  productId: number,
  args: { ideas: number; votes: number; heavy: number },
): Promise<number[]> {
  const { ideas, votes, heavy } = args;
  if (ideas < 2 || heavy > votes) throw new Error('need two ideas and no more heavy votes than votes');
  return db.transaction().execute(async (db) => {
    const prefix = await prefixOf(db, productId);
    const statuses = (await statusesOfPg(db, productId, 'Idea')).filter((s) => s.complete === 0).map((s) => s.id);
    if (statuses.length === 0) throw new Error(`Product ${productId} has no open idea status`);
    const firstNum = await reserveNumbersPg(db, 'next_idea_num', productId, ideas);
    const ids = await takeIds(db, 'ideas', ideas);
    const heavyId = ids[0] ?? 0;
    const spread = ideas - 1;
    // The votes, as SQLite's seeder makes them, and each idea's sum.
    const sums = new Array<number>(ideas).fill(0);
    sums[0] = heavy;
    for (let k = 0; k < votes - heavy; k++) sums[1 + (k % spread)] = (sums[1 + (k % spread)] ?? 0) + 1 + (k % 3);
    const base = Date.now() - ideas * 60_000;
    const cols = { ref: [] as string[], name: [] as string[], description: [] as string[], status: [] as number[], at: [] as string[] };
    for (let i = 0; i < ideas; i++) {
      const word = IDEA_WORDS[i % IDEA_WORDS.length] ?? 'idea';
      const other = IDEA_WORDS[(i * 7) % IDEA_WORDS.length] ?? 'idea';
      cols.ref.push(`${prefix}-I-${firstNum + i}`);
      cols.name.push(`Bench idea ${i}: ${word} with ${other}`);
      cols.description.push(`<p>Customers ask for ${word} and ${other}.</p>`);
      cols.status.push(statuses[i % statuses.length] ?? 0);
      cols.at.push(new Date(base + i * 60_000).toISOString());
    }
    // The subset counter's row trigger would update the same two counters once per idea in one
    // transaction — each a new row version the open transaction cannot prune, so every update
    // walks a longer chain (100,000 ideas: 260 s against 39). Off for the insert, and what it
    // would have counted added after, as withCountsAfter does for the counted tables.
    const { flag, value } = COUNTED_SUBSETS.ideas;
    const trigger = sql.ref(subsetTrigger('ideas', flag, value));
    await sql`ALTER TABLE ideas DISABLE TRIGGER ${trigger}`.execute(db);
    await insertColumns(db, 'ideas', [
      ['id', 'bigint', ids],
      ['product_id', 'bigint', { all: productId }],
      ['reference_num', 'text', cols.ref],
      ['name', 'text', cols.name],
      ['description', 'text', cols.description],
      ['workflow_status_id', 'bigint', cols.status],
      ['created_by_email', 'text', { all: 'bench@example.com' }],
      ['initial_votes', 'bigint', { all: 0 }],
      ['votes', 'bigint', sums],
      ['created_at', 'text', cols.at],
      ['updated_at', 'text', cols.at],
      ['status_changed_at', 'text', cols.at],
    ]);
    await sql`ALTER TABLE ideas ENABLE TRIGGER ${trigger}`.execute(db);
    const subset = subsetName('ideas', flag, value);
    await sql`INSERT INTO list_counts (scope, scope_id, n)
      SELECT s.scope, s.scope_id, count(*) FROM ideas r
        CROSS JOIN LATERAL (VALUES (${subset}, 0::bigint), (${`${subset}.product_id`}, r.product_id)) AS s(scope, scope_id)
      WHERE r.id BETWEEN ${ids[0] ?? 0} AND ${ids.at(-1) ?? 0} AND r.${sql.ref(flag)} = ${value} GROUP BY s.scope, s.scope_id
      ON CONFLICT (scope, scope_id) DO UPDATE SET n = list_counts.n + excluded.n`.execute(db);
    const at = new Date().toISOString();
    // Votes in slices, so a million of them never sit in memory as one set of arrays.
    const total = votes;
    for (let from = 0; from < total; from += BATCH * 10) {
      const to = Math.min(total, from + BATCH * 10);
      const idea: number[] = [];
      const email: string[] = [];
      const weight: number[] = [];
      for (let v = from; v < to; v++) {
        if (v < heavy) {
          idea.push(heavyId);
          email.push(`v${v}@bench.example`);
          weight.push(1);
        } else {
          const k = v - heavy;
          idea.push(ids[1 + (k % spread)] ?? heavyId);
          email.push(`v${Math.floor(k / spread)}@bench.example`);
          weight.push(1 + (k % 3));
        }
      }
      await insertColumns(db, 'idea_votes', [
        ['idea_id', 'bigint', idea],
        ['cast_on_idea_id', 'bigint', idea],
        ['voter_email', 'text', email],
        ['weight', 'bigint', weight],
        ['counted_weight', 'bigint', weight],
        ['proxy', 'bigint', { all: 0 }],
        ['created_at', 'text', { all: at }],
        ['updated_at', 'text', { all: at }],
      ]);
    }
    return ids;
  });
}

/** seedBulkNotes on PostgreSQL. */
async function seedBulkNotesPg(
  db: Kysely<Database>,
  productId: number,
  count: number,
  { perParent = 4 }: { perParent?: number } = {},
): Promise<number[]> {
  return db.transaction().execute(async (db) => {
    const prefix = await prefixOf(db, productId);
    const firstNum = await reserveNumbersPg(db, 'next_page_num', productId, count);
    const ids = await takeIds(db, 'pages', count);
    const roots = Math.min(50, count);
    const at = new Date().toISOString();
    const cols = {
      ref: [] as string[],
      name: [] as string[],
      description: [] as string[],
      parent: [] as (number | null)[],
      position: [] as number[],
    };
    for (let i = 0; i < count; i++) {
      const name = `${WORDS[i % WORDS.length] ?? 'Bench'} ${THINGS[(i * 3) % THINGS.length] ?? 'note'} notes ${i}`;
      cols.ref.push(pageKey(prefix, firstNum + i));
      cols.name.push(name);
      cols.description.push(`<h2>${name}</h2><ul><li>One</li><li>Two</li></ul>`);
      cols.parent.push(i < roots ? null : (ids[Math.floor((i - roots) / perParent)] ?? null));
      cols.position.push(i < roots ? i + 1 : ((i - roots) % perParent) + 1);
    }
    await withCountsAfter(db, 'pages', ids, () =>
      insertColumns(db, 'pages', [
        ['id', 'bigint', ids],
        ['product_id', 'bigint', { all: productId }],
        ['reference_num', 'text', cols.ref],
        ['name', 'text', cols.name],
        ['description', 'text', cols.description],
        ['parent_id', 'bigint', cols.parent],
        ['position', 'bigint', cols.position],
        ['created_at', 'text', { all: at }],
        ['updated_at', 'text', { all: at }],
      ]),
    );
    return ids;
  });
}

/** seedBulkComments on PostgreSQL: the same thread (same generator, same order of draws). */
async function seedBulkCommentsPg(
  db: Kysely<Database>,
  target: { type: string; id: number; productId: number },
  count: number,
): Promise<number[]> {
  return db.transaction().execute(async (db) => {
    const users = (await db.selectFrom('users').select('id').orderBy('id').execute()).map((u) => u.id);
    const ids = await takeIds(db, 'comments', count);
    const random = seededRandom(0x2f6b_1d3a);
    const body = commentBodies(random);
    const start = Date.now() - 60 * 24 * 3600_000;
    const step = (60 * 24 * 3600_000) / Math.max(count, 1);
    const cols = {
      parent: [] as (number | null)[],
      thread: [] as number[],
      body: [] as string[],
      user: [] as (number | null)[],
      at: [] as string[],
    };
    const tops: number[] = [];
    let made = 0;
    while (made < count) {
      const top = ids[made] ?? 0;
      cols.parent.push(null);
      cols.thread.push(top);
      cols.body.push(body());
      cols.user.push(users[made % users.length] ?? null);
      cols.at.push(new Date(start + made * step).toISOString());
      tops.push(top);
      made++;
      const replies = random() < 0.75 ? 0 : Math.min(count - made, 1 + Math.floor(random() * 3));
      for (let r = 0; r < replies; r++, made++) {
        cols.parent.push(top);
        cols.thread.push(top);
        cols.body.push(body());
        cols.user.push(users[(made * 7) % users.length] ?? null);
        cols.at.push(new Date(start + made * step).toISOString());
      }
    }
    await insertColumns(db, 'comments', [
      ['id', 'bigint', ids],
      ['commentable_type', 'text', { all: target.type }],
      ['commentable_id', 'bigint', { all: target.id }],
      ['product_id', 'bigint', { all: target.productId }],
      ['parent_comment_id', 'bigint', cols.parent],
      ['thread_id', 'bigint', cols.thread],
      ['body', 'text', cols.body],
      ['user_id', 'bigint', cols.user],
      ['created_at', 'text', cols.at],
      ['updated_at', 'text', cols.at],
    ]);
    return tops;
  });
}

/** The bulk generators for a store of either kind, each answering a promise. */
export interface BulkSeeders {
  features(productId: number, releaseId: number, count: number): Promise<BulkResult>;
  initiatives(productId: number, count: number): Promise<BulkResult & { ids: number[] }>;
  epics(productId: number, count: number, opts?: { initiativeIds?: readonly number[] }): Promise<BulkResult>;
  ideas(productId: number, args: { ideas: number; votes: number; heavy: number }): Promise<number[]>;
  notes(productId: number, count: number, opts?: { perParent?: number }): Promise<number[]>;
  comments(target: { type: string; id: number; productId: number }, count: number): Promise<number[]>;
}

/**
 * After a bulk load PostgreSQL has no statistics of the new rows and no visibility map of their
 * pages until autovacuum comes by (a minute or more later): until then it plans for the tables as
 * they were and reads the heap where an index would do (a tag filter on 100,000 new features took
 * 330 ms, 64 ms once vacuumed and analysed; a deep page 70 ms, 26 ms). The bench measures a
 * database at rest, so the seeder does at once what autovacuum would.
 */
async function settle(db: Kysely<Database>, tables: readonly string[]): Promise<void> {
  await sql`VACUUM (ANALYZE) ${sql.join(tables.map((t) => sql.table(t)))}`.execute(db);
}

/** The counter tables the count triggers (and withCountsAfter) write. */
const COUNTERS = ['list_counts', 'feature_stats'];

const settled = async <T>(db: Kysely<Database>, tables: readonly string[], made: Promise<T>): Promise<T> => {
  const result = await made;
  await settle(db, tables);
  return result;
};

/** SQLite's synchronous generators (bulk.ts) or PostgreSQL's, by the store's kind. */
export function bulkSeeders(store: Store): BulkSeeders {
  if (store.kind === 'postgres') {
    const db = store.db;
    return {
      features: (productId, releaseId, count) => seedBulkPostgres(db, productId, releaseId, count),
      initiatives: (productId, count) => settled(db, ['initiatives', ...COUNTERS], seedBulkInitiativesPg(db, productId, count)),
      epics: (productId, count, opts) =>
        settled(db, ['epics', 'epic_tags', 'custom_field_values', ...COUNTERS], seedBulkEpicsPg(db, productId, count, opts)),
      ideas: (productId, args) =>
        settled(db, ['ideas', 'idea_votes', 'ideas_related_terms', 'ideas_related_vocab'], seedBulkIdeasPg(db, productId, args)),
      notes: (productId, count, opts) => settled(db, ['pages', ...COUNTERS], seedBulkNotesPg(db, productId, count, opts)),
      comments: (target, count) => settled(db, ['comments'], seedBulkCommentsPg(db, target, count)),
    };
  }
  // async, so that a throw is a rejected promise on both databases.
  return {
    features: async (productId, releaseId, count) => seedBulk(store, productId, releaseId, count),
    initiatives: async (productId, count) => seedBulkInitiatives(store, productId, count),
    epics: async (productId, count, opts) => seedBulkEpics(store, productId, count, opts),
    ideas: async (productId, args) => seedBulkIdeas(store, productId, args),
    notes: async (productId, count, opts) => seedBulkNotes(store, productId, count, opts),
    comments: async (target, count) => seedBulkComments(store, target, count),
  };
}
