// Epics: look-ups by id or key, the write rules of operation 5 and of updates (every problem of a
// body reported at once, nothing written when any is found), delete into the recycle bin (its
// features are unlinked, not deleted), indexed lists with custom-field filters (operations 6 and 7),
// and the full response shape built for a whole page in a bounded number of queries.
// Rules shared with features (status, people, tags, estimates in the release's units, dates,
// progress, team and its dependents, watchers) are `planWorkItem`, so both kinds answer alike.
import { sql } from 'kysely';
import type { Kysely, RawBuilder, Updateable } from 'kysely';
import type { z } from 'zod';
import type { epicCreateInput, epicUpdateInput } from '../../src/contract/epics';
import type { Epic } from '../../src/contract/epics';
import { EPIC_DURATION_SOURCES, EPIC_PROGRESS_SOURCES } from '../../src/domain/progress';
import type { EpicProgressSource } from '../../src/domain/progress';
import type { Checked, FieldProblems, Paging } from '../problems';
import { dialectOf } from './dialect';
import { unlinkFeatures } from './audit';
import { countMatches } from './counts';
import type { CountedScope } from './counts';
import { seekPage, seekQuery } from './pages';
import type { SeekableList } from './pages';
import type { Db } from './audit';
import { inTransaction } from './transactions';
import { customFieldFilter } from './custom-fields';
import type { CustomFieldPair } from './custom-fields';
import { createInRelease, planWorkItem, updateInRelease } from './work-item-rules';
import type { PlanContext, ReleaseItemPlan } from './work-item-rules';
import { deleteRecord } from './record-writes';
import type { RecordRemoval } from './record-writes';
import { EPIC_ITEM } from './work-items';
import { itemMembers, itemRelations } from './release-item-shapes';
import { defaultRelease } from './releases';
import { filterTargets, findByIdOrKey, findRelease, loadOne, requiring } from './resolve';
import type { Database, EpicRow, EpicsTable, ProductRow, ReleaseRow } from './schema';
import { COMPACT_COLUMNS, compactItem } from './serialize';
import type { CompactRow, RowShape, ShapedRow } from './serialize';
import { addFilterTerms, col, scopeTerm } from './item-lists';
import type { ItemListFilter, ItemPage, Term } from './item-lists';

type EpicUpdate = Updateable<EpicsTable>;
type EpicChange = z.output<typeof epicUpdateInput>;

/** The record kind's name in audits, deletions and custom field tables. */
export const EPIC = 'Epic';

/** Compact list items unless `fields` asks for more. */
export const EPIC_COMPACT_FIELDS = ['id', 'name', 'reference_num', 'created_at', 'product_id', 'url', 'resource'] as const;

const isProgressSource = (s: string): s is EpicProgressSource => (EPIC_PROGRESS_SOURCES as readonly string[]).includes(s);
type DurationSource = (typeof EPIC_DURATION_SOURCES)[number];
const isDurationSource = (s: string): s is DurationSource => (EPIC_DURATION_SOURCES as readonly string[]).includes(s);

// ---------------------------------------------------------------------------------------------
// Look-ups

/** Epic by numeric id or reference key (`PLN-E-4`, any case). */
export const findEpic = (db: Db, idOrKey: string): Promise<EpicRow | null> => findByIdOrKey(db, 'epics', 'reference_num', idOrKey);

export const requireEpic = requiring<EpicRow>(findEpic, 'Epic');

// ---------------------------------------------------------------------------------------------
// Write rules

/** Create and update bodies alike: the contract has already decided which `watchers` form each takes. */
type EpicInput = Omit<EpicChange, 'watchers'> & { watchers?: string | string[] | undefined };

/**
 * Checks a create or update body against the stored records and turns it into columns. Every
 * problem is added to `problems`; the caller throws them together before writing anything.
 * The rules shared with features are `planWorkItem`; the epic's own is its duration source.
 */
async function planEpic(
  db: Db,
  ctx: PlanContext<EpicRow>,
  input: EpicInput,
  problems: FieldProblems,
): Promise<ReleaseItemPlan<EpicUpdate>> {
  const columns: EpicUpdate = {};
  const { moved: _moved, ...plan } = await planWorkItem(db, { ...ctx, item: EPIC_ITEM }, input, columns, problems);
  if (input.duration_source !== undefined) columns.duration_source = input.duration_source;
  else if (ctx.stored === null) columns.duration_source = 'duration_manual';
  return { columns, ...plan };
}

// ---------------------------------------------------------------------------------------------
// Writes

/**
 * The release an epic created in a product goes to: the body's `release` when it names one of the
 * product's (planWorkItem checks it), else the product's default release (`defaultRelease`). A
 * product with neither is a 422 on `release`, with the body's other shape problems.
 */
async function releaseInProduct(
  trx: Db,
  product: ProductRow,
  input: Partial<z.output<typeof epicCreateInput>>,
  checked: Checked,
): Promise<ReleaseRow> {
  const fallback = await defaultRelease(trx, product.id);
  if (fallback) return fallback;
  const named = input.release !== undefined ? await findRelease(trx, input.release) : null;
  if (named && named.product_id === product.id) return named;
  if (!checked.flagged.has('release')) {
    checked.problems.add(
      'release',
      input.release === undefined
        ? `can't be blank: ${product.reference_prefix} has no release to create the epic in`
        : 'must be a release of the same product',
    );
  }
  checked.problems.throwIfAny();
  throw new Error('a refused release was not reported');
}

/**
 * Operation 5: creates an epic in `release` (or the body's `release`); returns its id. Given a
 * product instead (`POST /products/{id}/epics`), the release is chosen by `releaseInProduct` inside
 * the same transaction.
 */
export async function createEpic(
  db: Db,
  args: {
    release: ReleaseRow | { product: ProductRow };
    input: Partial<z.output<typeof epicCreateInput>>;
    checked: Checked;
    userId: number;
  },
): Promise<number> {
  return inTransaction(db, async (trx) => {
    const release = 'product' in args.release ? await releaseInProduct(trx, args.release.product, args.input, args.checked) : args.release;
    return createInRelease(
      trx,
      EPIC_ITEM,
      { ...args, release },
      (ctx, body, problems) => planEpic(trx, ctx, body, problems),
      (columns) => ({ workflow_status_id: columns.workflow_status_id ?? null }),
    );
  });
}

/** Applies the body's fields to a stored epic. An update that changes nothing writes nothing. */
export const updateEpic = updateInRelease(EPIC_ITEM, planEpic);

/**
 * Deletes an epic: it, its tags, watchers and custom field values go to the recycle bin with the
 * list of features it held (`{"id", "epic_id"}`), and those features are unlinked — they stay in
 * their releases — each with an update audit row, written in one statement.
 */
export function deleteEpic(db: Kysely<Database>, args: RecordRemoval): Promise<number> {
  return db.transaction().execute((trx) =>
    deleteRecord(trx, EPIC_ITEM, args, async (epic) => {
      // Its features stay in their releases, unlinked (each with an update audit row).
      const linked = await trx.selectFrom('features').select(['id', 'epic_id']).where('epic_id', '=', epic.id).orderBy('id').execute();
      return {
        links: { features: linked },
        after: () => unlinkFeatures(trx, { column: 'epic_id', id: epic.id, userId: args.userId, at: new Date().toISOString() }),
      };
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Lists

/** With `releaseId` (or an initiative's, a goal's scope), `productId` only narrows which custom field definitions are read. */
export interface EpicListFilter extends ItemListFilter {
  /** `custom_fields[<key>]=<value>` pairs; every pair must match. */
  customFields?: readonly CustomFieldPair[] | undefined;
}

/** Above this many matches a page walks the scope's ordered index instead of sorting the matches. */
const WALK_FROM = 2_000;

type TermName = 'scope' | 'custom' | 'tag' | 'assignee' | 'status' | 'updated' | 'like';
/** Filters that can drive a list through their own index, most selective first. */
const DRIVERS = ['custom', 'tag', 'assignee', 'status', 'updated'] as const;

interface ListPlan {
  count: RawBuilder<{ n: number }>;
  page: (walk: boolean) => SeekableList;
  driven: boolean;
  /** Set when the scope alone narrows the list: its counter is the total. */
  scope: CountedScope | undefined;
}

/**
 * Builds the list's queries, or null when a filter can match nothing (unknown assignee, status or
 * custom field key: an empty page, not an error).
 *
 * As for features, the plan is chosen here rather than left to SQLite, which picks one index per
 * table and without statistics can pick badly: one filter drives — custom field pairs
 * (field_id, value, record_id), tag (tag, epic_id), assignee (assigned_to_id), status
 * (workflow_status_id), updated_since (updated_at) — and every other condition, the scope
 * included (epic indexes are single-column), is a probe written with unary `+` so SQLite cannot use
 * an index for it. With no driver, or more than WALK_FROM matches, the page walks the scope's
 * ordered index — (release_id, position, id), (product_id, id) or the primary key — and stops after
 * one page. Name search (`q`) is a LIKE probe: epic names have no trigram index.
 */
async function planList(db: Db, filter: EpicListFilter): Promise<ListPlan | null> {
  const targets = await filterTargets(db, EPIC, filter);
  if (!targets) return null;
  const custom = await customFieldFilter(db, EPIC, filter.customFields ?? [], {
    productIds: filter.productId !== undefined ? [filter.productId] : undefined,
  });
  if (custom === 'none') return null;
  const q = filter.q?.trim() ?? '';

  const terms = new Map<TermName, Term>();
  const scope = scopeTerm('e', filter, ['release', 'initiative', 'product']);
  if (scope) terms.set('scope', scope);
  if (custom !== null) terms.set('custom', (x) => custom(col(x, 'e.id')));
  const statusIds = targets.statuses?.map((s) => s.id) ?? null;
  addFilterTerms(terms, { alias: 'e', tags: EPIC_ITEM.tags }, { ...filter, assigneeId: targets.assigneeId, statusIds });
  if (q !== '') terms.set('like', () => dialectOf(db).containsText('e.name', q));

  const driver = DRIVERS.find((k) => terms.has(k)) ?? null;
  const conditions = (walk: boolean) =>
    [...terms.entries()].map(([k, term]) => term(walk || driver === null ? k !== 'scope' : k !== driver));
  const where = (walk: boolean) => {
    const parts = conditions(walk);
    return parts.length ? sql`WHERE ${sql.join(parts, sql` AND `)}` : sql``;
  };
  const order =
    filter.releaseId !== undefined
      ? [
          { ref: 'e.position', field: 'position' },
          { ref: 'e.id', field: 'id' },
        ]
      : [{ ref: 'e.id', field: 'id', desc: true }];
  return {
    count: sql<{ n: number }>`SELECT count(*) AS n FROM epics e ${where(false)}`,
    page: (walk) => ({ select: sql`SELECT e.* FROM epics e`, conditions: conditions(walk), order }),
    driven: driver !== null,
    scope:
      terms.size > (terms.has('scope') ? 1 : 0)
        ? undefined
        : filter.releaseId !== undefined
          ? { table: 'epics', column: 'release_id', id: filter.releaseId }
          : filter.initiativeId !== undefined
            ? { table: 'epics', column: 'initiative_id', id: filter.initiativeId }
            : filter.goalId !== undefined
              ? undefined // several initiatives: no one counter holds the total
              : filter.productId !== undefined
                ? { table: 'epics', column: 'product_id', id: filter.productId }
                : { table: 'epics' },
  };
}

/** One page of epics and the total, in a bounded number of indexed queries (see planList). */
export async function listEpics<S extends RowShape = 'whole'>(
  db: Db,
  filter: EpicListFilter,
  page: Paging,
  shape?: S,
): ItemPage<S, EpicRow> {
  const plan = await planList(db, filter);
  if (!plan) return { rows: [], total: 0 };
  const total = await countMatches(db, plan.count, plan.scope);
  if (total === 0 || page.offset >= total) return { rows: [], total };
  const list = plan.page(!plan.driven || total > WALK_FROM);
  const select =
    shape === 'compact'
      ? sql`SELECT ${sql.raw([...COMPACT_COLUMNS, 'position'].map((c) => `e.${c}`).join(', '))} FROM epics e`
      : list.select;
  const rows = await seekPage<ShapedRow<S, EpicRow>>(db, { ...list, select }, page);
  return { rows, total };
}

/**
 * The query plan of a list's count and page queries (walking or not), so tests and benchmarks
 * can check that every filter is served by an index. Null when the filter matches nothing.
 */
export async function explainEpicList(db: Db, filter: EpicListFilter, walk: boolean): Promise<{ count: string[]; page: string[] } | null> {
  const plan = await planList(db, filter);
  if (!plan) return null;
  const explain = (query: RawBuilder<unknown>) => dialectOf(db).explain(db, query);
  return { count: await explain(plan.count), page: await explain(seekQuery(plan.page(walk), 30, 0)) };
}

// ---------------------------------------------------------------------------------------------
// Response shape

/**
 * Full epic records for rows (in their order), loading each related kind once for all rows:
 * releases, statuses, users, initiatives, teams, team statuses, iterations, program increments,
 * watchers, custom field values and feature counts — at most 11 queries whatever the page size, and
 * only those the wanted fields need.
 */
export async function serializeEpics(db: Db, rows: EpicRow[], origin: string, wanted: Set<string> | null): Promise<Epic[]> {
  if (rows.length === 0) return [];
  const need = (...names: string[]): boolean => wanted === null || names.some((n) => wanted.has(n));
  const epicIds = rows.map((r) => r.id);
  const watcherRows = need('watchers')
    ? await db.selectFrom('epic_watchers').selectAll().where('epic_id', 'in', epicIds).orderBy('user_id').execute()
    : [];
  const rel = await itemRelations(db, EPIC_ITEM, rows, need, watcherRows, origin);
  const featureRows = need('features')
    ? await db
        .selectFrom('features')
        .select(COMPACT_COLUMNS)
        .select('epic_id')
        .where('epic_id', 'in', epicIds)
        .orderBy('epic_id')
        .orderBy('position')
        .orderBy('id')
        .execute()
    : [];
  const featuresOf = new Map<number, CompactRow[]>();
  for (const f of featureRows) if (f.epic_id !== null) (featuresOf.get(f.epic_id) ?? featuresOf.set(f.epic_id, []).get(f.epic_id))?.push(f);
  const counts = new Map<number, { n: number; done: number }>();
  if (need('features_count', 'features_completed_count')) {
    const r = await sql<{ epic_id: number; n: number; done: number | null }>`
      SELECT f.epic_id, count(*) AS n, sum(ws.complete) AS done
      FROM features f LEFT JOIN workflow_statuses ws ON ws.id = f.workflow_status_id
      WHERE f.epic_id IN (${sql.join(epicIds)}) GROUP BY f.epic_id`.execute(db);
    for (const c of r.rows) counts.set(c.epic_id, { n: Number(c.n), done: Number(c.done ?? 0) });
  }

  const watchersOf = new Map<number, number[]>();
  for (const w of watcherRows) (watchersOf.get(w.epic_id) ?? watchersOf.set(w.epic_id, []).get(w.epic_id))?.push(w.user_id);
  return rows.map((e): Epic => {
    const count = counts.get(e.id);
    return {
      ...itemMembers(EPIC_ITEM, e, rel, watchersOf.get(e.id) ?? [], origin),
      progress_source: isProgressSource(e.progress_source) ? e.progress_source : 'progress_manual',
      duration_source: isDurationSource(e.duration_source) ? e.duration_source : 'duration_manual',
      features_count: count?.n ?? 0,
      features_completed_count: count?.done ?? 0,
      features: (featuresOf.get(e.id) ?? []).map((f) => compactItem('features', f, origin)),
      // The epic's own estimates, without its features' (hosted `epic_only_*`, and the older
      // `master_feature_only_*` names of the same).
      epic_only_original_estimate: e.initial_estimate,
      epic_only_remaining_estimate: e.remaining_estimate,
      master_feature_only_original_estimate: e.initial_estimate,
      master_feature_only_remaining_estimate: e.remaining_estimate,
      // Time is not logged here.
      epic_only_work_done: null,
      master_feature_only_work_done: null,
      epic_links: [],
    };
  });
}

/** One epic's full record by id. */
export const loadEpic = (db: Db, id: number, origin: string, wanted: Set<string> | null = null): Promise<Epic> =>
  loadOne(db, 'epics', 'Epic', id, (rows) => serializeEpics(db, rows, origin, wanted));
