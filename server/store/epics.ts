// Epics: look-ups by id or key, the write rules of operation 5 and of updates (every problem of a
// body reported at once, nothing written when any is found), delete into the recycle bin (its
// features are unlinked, not deleted), indexed lists with custom-field filters (operations 6 and 7),
// and the full response shape built for a whole page in a bounded number of queries.
// Rules shared with features (status, people, tags, estimates in the release's units, dates,
// progress, team and its dependents, watchers) are `planWorkItem`, so both kinds answer alike.
import { sql } from 'kysely';
import type { Kysely, RawBuilder, Selectable, Updateable } from 'kysely';
import type { z } from 'zod';
import type { epicCreateInput, epicUpdateInput } from '../../src/contract/epics';
import type { Epic } from '../../src/contract/epics';
import { formatEstimate } from '../../src/domain/estimate';
import type { CapacityUnits } from '../../src/domain/estimate';
import { EPIC_DURATION_SOURCES, EPIC_PROGRESS_SOURCES } from '../../src/domain/progress';
import type { EpicProgressSource } from '../../src/domain/progress';
import { notFound } from '../problems';
import type { Checked, FieldProblems, Paging } from '../problems';
import { dialect } from './dialect';
import { unlinkFeatures } from './audit';
import { countMatches } from './counts';
import type { CountedScope } from './counts';
import { seekPage, seekQuery } from './pages';
import { rowsById } from './row-cache';
import type { LookupTable } from './row-cache';
import type { SeekableList } from './pages';
import type { Db } from './audit';
import { inTransaction } from './transactions';
import { placeIn } from './positions';
import { customFieldFilter, customFieldsFor } from './custom-fields';
import type { CustomFieldPair, CustomFieldPlan } from './custom-fields';
import { ESTIMATES, beginCreate, deleteWorkItem, finishCreate, planWorkItem, unitsOf, updateWorkItem } from './work-item-rules';
import { EPIC_ITEM } from './work-items';
import { defaultRelease } from './releases';
import { asId, findByIdOrKey, requiring, findInitiative, findRelease, findUser } from './resolve';
import type { Database, EpicRow, EpicsTable, ProductRow, ReleaseRow, UserRow, WorkflowStatusRow } from './schema';
import {
  assigneeRef,
  COMPACT_COLUMNS,
  compactItem,
  describedLink,
  fullTags,
  hostedMembers,
  keyedLink,
  links,
  namedLink,
  noteBody,
  placeholderStatus,
  releaseLink,
  statusRef,
  unmodelledPlanning,
  userRef,
} from './serialize';
import type { CompactRow, RowShape, ShapedRow } from './serialize';

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

interface Plan {
  /** Columns to write (create: all the body gave plus defaults; update: those the body touches). */
  columns: EpicUpdate;
  /** Final release of the epic. */
  release: ReleaseRow;
  tags?: string[];
  watchers?: number[];
  customFields: CustomFieldPlan;
}

/**
 * Checks a create or update body against the stored records and turns it into columns. Every
 * problem is added to `problems`; the caller throws them together before writing anything.
 * The rules shared with features are `planWorkItem`; the epic's own are its initiative, duration
 * source and custom fields.
 */
async function planEpic(
  db: Db,
  ctx: { productId: number; release: ReleaseRow; stored: EpicRow | null; userId: number },
  input: EpicInput,
  problems: FieldProblems,
): Promise<Plan> {
  const { productId, stored } = ctx;
  const columns: EpicUpdate = {};
  const { release, moved: _moved, ...lists } = await planWorkItem(db, { ...ctx, item: EPIC_ITEM }, input, columns, problems);

  if (input.initiative !== undefined) {
    if (input.initiative === null) columns.initiative_id = null;
    else {
      const initiative = await findInitiative(db, productId, input.initiative);
      if (!initiative) problems.add('initiative', 'must be the name, key or id of an initiative of this product');
      else columns.initiative_id = initiative.id;
    }
  }
  if (input.duration_source !== undefined) columns.duration_source = input.duration_source;
  else if (stored === null) columns.duration_source = 'duration_manual';

  return { columns, release, ...lists };
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
    const { plan, input, referenceNum, productId } = await beginCreate(trx, EPIC_ITEM, { ...args, release }, (ctx, body, problems) =>
      planEpic(trx, ctx, body, problems),
    );

    const ts = new Date().toISOString();
    const { id } = await trx
      .insertInto('epics')
      .values({
        ...plan.columns,
        product_id: productId,
        release_id: plan.release.id,
        reference_num: referenceNum,
        name: plan.columns.name ?? input.name,
        workflow_status_id: plan.columns.workflow_status_id ?? null,
        position: (await placeIn(trx, { table: 'epics', scope: 'release_id', scopeId: plan.release.id }, input.position, true)) ?? 0,
        created_at: ts,
        updated_at: ts,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await finishCreate(trx, EPIC_ITEM, id, plan, args.userId);
    return id;
  });
}

/** Applies the body's fields to a stored epic. An update that changes nothing writes nothing. */
export async function updateEpic(
  db: Kysely<Database>,
  args: { epicId: number; input: z.output<typeof epicUpdateInput>; checked: Checked; userId: number },
): Promise<void> {
  await db
    .transaction()
    .execute((trx) =>
      updateWorkItem(trx, EPIC_ITEM, { ...args, id: args.epicId }, (ctx, input, problems) =>
        planEpic(trx, { ...ctx, stored: ctx.stored as EpicRow | null }, input, problems),
      ),
    );
}

/**
 * Deletes an epic: it, its tags, watchers and custom field values go to the recycle bin with the
 * list of features it held (`{"id", "epic_id"}`), and those features are unlinked — they stay in
 * their releases — each with an update audit row, written in one statement.
 */
export async function deleteEpic(db: Kysely<Database>, args: { epicId: number; userId: number }): Promise<void> {
  await db.transaction().execute((trx) =>
    deleteWorkItem(trx, EPIC_ITEM, { id: args.epicId, userId: args.userId }, async (epic) => {
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

export interface EpicListFilter {
  /** Product scope; with `releaseId` it only narrows which custom field definitions are read. */
  productId?: number | undefined;
  releaseId?: number | undefined;
  /** The epics that name an initiative (`GET /initiatives/{id}/epics`). */
  initiativeId?: number | undefined;
  /** The epics of a goal (`GET /goals/{id}/epics`): those whose initiative is linked to the goal. */
  goalId?: number | undefined;
  q?: string | undefined;
  updatedSince?: string | undefined;
  tag?: string | undefined;
  /** User id or email. */
  assignedToUser?: string | undefined;
  /** Status id or name. */
  workflowStatus?: string | undefined;
  /** `custom_fields[<key>]=<value>` pairs; every pair must match. */
  customFields?: readonly CustomFieldPair[] | undefined;
}

/** Above this many matches a page walks the scope's ordered index instead of sorting the matches. */
const WALK_FROM = 2_000;

type Term = 'scope' | 'custom' | 'tag' | 'assignee' | 'status' | 'updated' | 'like';
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
  let assigneeId: number | null = null;
  if (filter.assignedToUser !== undefined && filter.assignedToUser.trim() !== '') {
    const user: UserRow | null = await findUser(db, filter.assignedToUser);
    if (!user) return null;
    assigneeId = user.id;
  }
  let statusIds: number[] | null = null;
  if (filter.workflowStatus !== undefined && filter.workflowStatus.trim() !== '') {
    const text = filter.workflowStatus.trim();
    let q = db
      .selectFrom('workflow_statuses as ws')
      .innerJoin('workflows as w', 'w.id', 'ws.workflow_id')
      .select('ws.id')
      .where('w.statusable_type', '=', EPIC);
    if (filter.productId !== undefined) q = q.where('w.product_id', '=', filter.productId);
    const id = /^\d+$/.test(text) ? asId(text) : null;
    q = id !== null ? q.where('ws.id', '=', id) : q.where(dialect.equalsIgnoringCase('ws.name', text));
    statusIds = (await q.execute()).map((s) => s.id);
    if (statusIds.length === 0) return null;
  }
  const custom = await customFieldFilter(db, EPIC, filter.customFields ?? [], {
    productIds: filter.productId !== undefined ? [filter.productId] : undefined,
  });
  if (custom === 'none') return null;
  const q = filter.q?.trim() ?? '';
  const tag = filter.tag?.trim() ?? '';

  const col = (probe: boolean, column: string) => (probe ? dialect.noIndex(column) : sql.ref(column));
  const terms = new Map<Term, (probe: boolean) => RawBuilder<unknown>>();
  if (filter.releaseId !== undefined) terms.set('scope', (x) => sql`${col(x, 'e.release_id')} = ${filter.releaseId}`);
  else if (filter.initiativeId !== undefined) terms.set('scope', (x) => sql`${col(x, 'e.initiative_id')} = ${filter.initiativeId}`);
  else if (filter.goalId !== undefined) {
    terms.set(
      'scope',
      (x) => sql`${col(x, 'e.initiative_id')} IN (SELECT initiative_id FROM initiative_goals WHERE goal_id = ${filter.goalId})`,
    );
  } else if (filter.productId !== undefined) terms.set('scope', (x) => sql`${col(x, 'e.product_id')} = ${filter.productId}`);
  if (custom !== null) terms.set('custom', (x) => custom(col(x, 'e.id')));
  if (tag !== '') terms.set('tag', (x) => sql`${col(x, 'e.id')} IN (SELECT epic_id FROM epic_tags WHERE tag = ${tag})`);
  if (assigneeId !== null) terms.set('assignee', (x) => sql`${col(x, 'e.assigned_to_id')} = ${assigneeId}`);
  if (statusIds !== null) terms.set('status', (x) => sql`${col(x, 'e.workflow_status_id')} IN (${sql.join(statusIds)})`);
  if (filter.updatedSince !== undefined) terms.set('updated', (x) => sql`${col(x, 'e.updated_at')} > ${filter.updatedSince}`);
  if (q !== '') terms.set('like', () => dialect.containsText('e.name', q));

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
  /** `compact`: only the compact columns (the default list item), cheaper to read and build. */
  shape?: S,
): Promise<{ rows: ShapedRow<S, EpicRow>[]; total: number }> {
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
  const explain = (query: RawBuilder<unknown>) => dialect.explain(db, query);
  return { count: await explain(plan.count), page: await explain(seekQuery(plan.page(walk), 30, 0)) };
}

// ---------------------------------------------------------------------------------------------
// Response shape

const ids = (values: (number | null)[]): number[] => [...new Set(values.filter((v): v is number => v !== null))];

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
  const products = need('project', 'release')
    ? await rowsById(db, 'products', [...new Set(rows.map((r) => r.product_id))])
    : new Map<number, ProductRow>();
  const estimateFields = ESTIMATES.map((k) => `${k}_estimate_text`);

  const releases = need('release', 'release_reference_num', 'work_units', ...estimateFields)
    ? await rowsById(db, 'releases', ids(rows.map((r) => r.release_id)))
    : new Map<number, ReleaseRow>();
  const watcherRows = need('watchers')
    ? await db.selectFrom('epic_watchers').selectAll().where('epic_id', 'in', epicIds).orderBy('user_id').execute()
    : [];
  const userIds = ids([
    ...(need('created_by_user') ? rows.map((r) => r.created_by_id) : []),
    ...(need('assigned_to_user') ? rows.map((r) => r.assigned_to_id) : []),
    ...watcherRows.map((w) => w.user_id),
    ...[...releases.values()].map((r) => r.owner_id),
  ]);
  const users: Map<number, UserRow> = await rowsById(db, 'users', userIds);
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
  const statusIds = need('workflow_status') ? ids(rows.map((r) => r.workflow_status_id)) : [];
  const statuses: Map<number, WorkflowStatusRow> = await rowsById(db, 'workflow_statuses', statusIds);

  // Rows beside the epics, by id (remembered until the next write: store/row-cache.ts).
  const load = async <T extends LookupTable>(fields: string[], column: keyof EpicRow, table: T) =>
    need(...fields) ? rowsById(db, table, ids(rows.map((r) => r[column] as number | null))) : new Map<number, Selectable<Database[T]>>();
  const initiatives = await load(['initiative', 'initiative_reference_num'], 'initiative_id', 'initiatives');
  const teams = await load(['team'], 'team_id', 'teams');
  const teamStatuses = await load(['team_workflow_status'], 'team_workflow_status_id', 'team_workflow_statuses');
  const iterations = await load(['iteration'], 'iteration_id', 'iterations');
  const increments = await load(['program_increment'], 'program_increment_id', 'program_increments');
  const customFields = need('custom_fields') ? await customFieldsFor(db, EPIC, epicIds) : new Map<number, Epic['custom_fields']>();
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
  const at = (id: number | null) => (id === null ? undefined : users.get(id));
  return rows.map((e): Epic => {
    const release = releases.get(e.release_id);
    const units: CapacityUnits = release ? unitsOf(release) : 'time';
    const status = e.workflow_status_id !== null ? statuses.get(e.workflow_status_id) : undefined;
    const initiative = e.initiative_id !== null ? initiatives.get(e.initiative_id) : undefined;
    const teamStatus = e.team_workflow_status_id !== null ? teamStatuses.get(e.team_workflow_status_id) : undefined;
    const count = counts.get(e.id);
    const tags = e.tags === '' ? [] : e.tags.split(',');
    // Relations not in `wanted` were not loaded; their placeholders are dropped by pickFields.
    return {
      id: String(e.id),
      name: e.name,
      reference_num: e.reference_num,
      product_id: String(e.product_id),
      position: e.position,
      release: releaseLink(release, e, {
        origin,
        product: products.get(e.product_id),
        owner: at(release?.owner_id ?? null),
      }),
      release_reference_num: release?.reference_num ?? '',
      workflow_status: status ? statusRef(status) : placeholderStatus,
      description: noteBody({ id: e.id, type: 'Epic' }, e.description, e.created_at, e.updated_at),
      created_by_user: userRef(at(e.created_by_id)),
      assigned_to_user: assigneeRef(at(e.assigned_to_id)),
      tags,
      start_date: e.start_date,
      due_date: e.due_date,
      work_units: units,
      initial_estimate: e.initial_estimate,
      initial_estimate_text: formatEstimate(e.initial_estimate, units),
      detailed_estimate: e.detailed_estimate,
      detailed_estimate_text: formatEstimate(e.detailed_estimate, units),
      remaining_estimate: e.remaining_estimate,
      remaining_estimate_text: formatEstimate(e.remaining_estimate, units),
      progress: e.progress,
      progress_source: isProgressSource(e.progress_source) ? e.progress_source : 'progress_manual',
      duration_source: isDurationSource(e.duration_source) ? e.duration_source : 'duration_manual',
      initiative: describedLink('initiatives', initiative, origin),
      initiative_reference_num: initiative?.reference_num ?? null,
      team: namedLink(e.team_id !== null ? teams.get(e.team_id) : undefined),
      team_workflow_status: teamStatus ? statusRef(teamStatus) : null,
      iteration: namedLink(e.iteration_id !== null ? iterations.get(e.iteration_id) : undefined),
      program_increment: keyedLink(e.program_increment_id !== null ? increments.get(e.program_increment_id) : undefined),
      watchers: (watchersOf.get(e.id) ?? []).map((id) => userRef(users.get(id))).filter((u) => u !== null),
      custom_fields: customFields.get(e.id) ?? [],
      features_count: count?.n ?? 0,
      features_completed_count: count?.done ?? 0,
      status_changed_on: e.status_changed_on,
      created_at: e.created_at,
      updated_at: e.updated_at,
      features: (featuresOf.get(e.id) ?? []).map((f) => compactItem('features', f, origin)),
      full_tags: fullTags(tags),
      // The epic's own estimates, without its features' (hosted `epic_only_*`, and the older
      // `master_feature_only_*` names of the same).
      epic_only_original_estimate: e.initial_estimate,
      epic_only_remaining_estimate: e.remaining_estimate,
      master_feature_only_original_estimate: e.initial_estimate,
      master_feature_only_remaining_estimate: e.remaining_estimate,
      // Goals link to initiatives here, not to work items; dependencies are not modelled.
      goals: [],
      epic_links: [],
      ...unmodelledPlanning(),
      ...links(origin, 'epics', e.reference_num),
      ...hostedMembers(products.get(e.product_id), origin),
    };
  });
}

/** One epic's full record by id. */
export async function loadEpic(db: Db, id: number, origin: string, wanted: Set<string> | null = null): Promise<Epic> {
  const row = await db.selectFrom('epics').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Epic', String(id));
  const [epic] = await serializeEpics(db, [row], origin, wanted);
  if (!epic) throw notFound('Epic', String(id));
  return epic;
}
