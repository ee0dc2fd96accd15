// Goals and time frames: look-ups by id, key or name, goal rules (checked together before anything is
// written) and writes in one transaction with audit rows, the goal–initiative link from the goal's
// side, and the wire shapes of a page built in a fixed number of queries.
import { sql } from 'kysely';
import type { Kysely, Selectable, Updateable } from 'kysely';
import type { z } from 'zod';
import type { Goal, TimeFrame, goalCreateInput } from '../../src/contract/initiatives';
import { GOAL_PROGRESS_SOURCES } from '../../src/domain/progress';
import type { FieldProblems, Paging } from '../problems';
import { dialectOf } from './dialect';
import { listPage } from './pages';
import type { Page } from './pages';
import type { CountedScope } from './counts';
import { planCustomFields } from './custom-fields';
import { requireLayoutFields } from './layouts';
import type { Db } from './audit';
import { nextPosition } from './positions';
import { deleteRecord, planLinks, rowsThrough, writesInProduct } from './record-writes';
import { planName, planProgress } from './planning-rules';
import type { Planner, RecordRemoval } from './record-writes';
import { GOAL_RECORD } from './work-items';
import type { Checked } from './releases';
import { asId, describeStatus, findByIdOrKey, findKeyedInProduct, findStatus, required } from './resolve';
import type { Database, GoalRow, GoalsTable, ProductRow, TimeFramesTable, WorkflowStatusRow } from './schema';
import { customFieldsFor } from './custom-fields';
import { COMMENTABLE_TYPE_OF, commentCounts } from './discussions';
import { describedLink, links, noteBody, recordEnd, shapedOne, statusRef, userRef } from './serialize';
import { rowsById } from './row-cache';

export type GoalInput = Partial<z.output<typeof goalCreateInput>>;
export type TimeFrameRow = Selectable<TimeFramesTable>;

/** Compact list items: what a goal picker needs. */
export const GOAL_COMPACT_FIELDS = ['id', 'name', 'reference_num', 'created_at', 'product_id', 'url', 'resource'] as const;

const MANUAL = 'progress_manual';
const isIdText = (text: string): boolean => /^\d+$/.test(text);

// ---------------------------------------------------------------------------------------------
// Look-ups

/**
 * `name` equals `text` ignoring case. Both sides go through lower() (SQLite's folds only ASCII),
 * and JavaScript's toLowerCase() on one side only (as before) folded `É` to `é` while the stored
 * `Été 2031` stayed as it was, so a goal or time frame with a capital non-ASCII letter could not be
 * named even in its exact spelling.
 */
const sameName = (db: Db, text: string) => dialectOf(db).equalsIgnoringCase('name', text);

/** Goal of a product by id, key (`PLN-G-1`) or name (case-insensitive); an id match wins. */
export const findGoal = (db: Db, productId: number, ref: string | number): Promise<GoalRow | null> =>
  findKeyedInProduct(db, 'goals', productId, ref);

/** Goal anywhere in the account by numeric id or key: path parameters. */
export const requireGoal = async (db: Db, idOrKey: string): Promise<GoalRow> =>
  required(await findByIdOrKey(db, 'goals', 'reference_num', idOrKey), 'Goal', idOrKey);

/** Time frame of a product by id or name (case-insensitive); an id match wins. */
export async function findTimeFrame(db: Db, productId: number, ref: string): Promise<TimeFrameRow | null> {
  const text = ref.trim();
  const id = isIdText(text) ? asId(text) : null;
  const row = await db
    .selectFrom('time_frames')
    .selectAll()
    .where('product_id', '=', productId)
    .where((eb) => eb.or([...(id !== null ? [eb('id', '=', id)] : []), sameName(db, text)]))
    .orderBy(sql`id = ${id ?? -1}`, 'desc')
    .orderBy('id')
    .executeTakeFirst();
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------
// Shapes

export function timeFrameBody(t: TimeFrameRow): TimeFrame {
  return {
    id: String(t.id),
    name: t.name,
    start_date: t.start_date,
    end_date: t.end_date,
    product_id: String(t.product_id),
  };
}

/** The short time frame a record carries. */
export function timeFrameRef(t: TimeFrameRow | undefined): Pick<TimeFrame, 'id' | 'name' | 'start_date' | 'end_date'> | null {
  return t ? { id: String(t.id), name: t.name, start_date: t.start_date, end_date: t.end_date } : null;
}

export function goalCompact(g: GoalRow, origin: string): Pick<Goal, (typeof GOAL_COMPACT_FIELDS)[number]> {
  return {
    id: String(g.id),
    name: g.name,
    reference_num: g.reference_num,
    created_at: g.created_at,
    product_id: String(g.product_id),
    ...links(origin, 'goals', g.reference_num),
  };
}

const sourceOf = (s: string): Goal['progress_source'] => GOAL_PROGRESS_SOURCES.find((x) => x === s) ?? MANUAL;

/** Whole goal records for rows (in their order): time frames, creators and initiatives batched. */
export async function goalBodies(db: Db, rows: GoalRow[], origin: string): Promise<Goal[]> {
  if (rows.length === 0) return [];
  const products = await rowsById(db, 'products', [...new Set(rows.map((r) => r.product_id))]);
  const ids = rows.map((r) => r.id);
  const frameIds = [...new Set(rows.map((r) => r.time_frame_id).filter((v): v is number => v !== null))];
  const userIds = [...new Set(rows.map((r) => r.created_by_id).filter((v): v is number => v !== null))];
  const metricStatuses = await rowsById(db, 'workflow_statuses', [
    ...new Set(rows.map((r) => r.success_metric_status_id).filter((v): v is number => v !== null)),
  ]);
  const [frames, users, initiatives, custom] = await Promise.all([
    frameIds.length ? db.selectFrom('time_frames').selectAll().where('id', 'in', frameIds).execute() : Promise.resolve([]),
    userIds.length ? db.selectFrom('users').selectAll().where('id', 'in', userIds).execute() : Promise.resolve([]),
    rowsThrough(db, GOAL_RECORD.links, 'initiatives', ids, ['position', 'id']),
    customFieldsFor(db, 'Goal', ids),
  ]);
  const comments = await commentCounts(db, COMMENTABLE_TYPE_OF.Goal, ids);
  const frameById = new Map(frames.map((f) => [f.id, f]));
  const userById = new Map(users.map((u) => [u.id, u]));
  return rows.map((g) => ({
    id: String(g.id),
    name: g.name,
    reference_num: g.reference_num,
    product_id: String(g.product_id),
    description: noteBody({ id: g.id, type: 'Goal' }, g.description, g.created_at, g.updated_at),
    effort: g.effort,
    value: g.value,
    color: g.color,
    position: g.position,
    progress: g.progress,
    progress_source: sourceOf(g.progress_source),
    time_frame: timeFrameRef(g.time_frame_id === null ? undefined : frameById.get(g.time_frame_id)),
    initiatives: initiatives
      .filter((i) => i.linked_from === g.id)
      .map((i) => describedLink('initiatives', i, origin))
      .filter((i) => i !== null),
    created_by_user: userRef(g.created_by_id === null ? null : userById.get(g.created_by_id)),
    custom_fields: custom.get(g.id) ?? [],
    // Not modelled here: parent goals (goals form no tree), key results,
    // and direct links to work items and releases (goals are served by initiatives).
    success_metric: successMetric(g, metricStatuses),
    parent: null,
    parents: [],
    key_results: [],
    features: [],
    releases: [],
    watchers: [],
    custom_object_links: [],
    ...recordEnd('goals', g, products.get(g.product_id), origin, comments.get(g.id)),
  }));
}

/** A goal's success metric as hosted; null when it has none of its members. */
function successMetric(g: GoalRow, statuses: Map<number, WorkflowStatusRow>): Goal['success_metric'] {
  const status = g.success_metric_status_id === null ? undefined : statuses.get(g.success_metric_status_id);
  if (g.success_metric_name === null && g.success_metric_description === null && !status) return null;
  return {
    name: g.success_metric_name,
    description: noteBody({ id: g.id, type: 'Goal', note: 'GoalMetric' }, g.success_metric_description, g.created_at, g.updated_at),
    workflow_status: status ? statusRef(status) : null,
    workflow_status_times: [],
  };
}

export const goalBody = (db: Db, row: GoalRow, origin: string): Promise<Goal> => shapedOne(goalBodies(db, [row], origin), 'Goal', row.id);

// ---------------------------------------------------------------------------------------------
// Lists

/** Whose goals a list shows: a product's, an initiative's (operation 20) or the whole account's. */
export type GoalScope = { productId: number } | { initiativeId: number } | { account: true };

/**
 * A product's goals, an initiative's (operation 20) or the account's, by position (unpositioned last), then id.
 * `q` (name contains, any ASCII case) and `updatedSince` (strictly after) are the list query's:
 * the route accepted and validated them but nothing applied them, so a search or a sync got every
 * goal back as if it matched.
 */
export async function listGoals(
  db: Db,
  scope: GoalScope,
  p: Paging,
  filter: { q?: string | undefined; updatedSince?: string | undefined } = {},
): Promise<Page<GoalRow>> {
  let q = db.selectFrom('goals');
  if ('productId' in scope) q = q.where('product_id', '=', scope.productId);
  else if ('initiativeId' in scope) {
    q = q.where('id', 'in', db.selectFrom('initiative_goals').select('goal_id').where('initiative_id', '=', scope.initiativeId));
  }
  const term = filter.q?.trim();
  // `%` and `_` in a search are letters, not wildcards.
  if (term) q = q.where(dialectOf(db).containsText('name', term));
  if (filter.updatedSince !== undefined) q = q.where('updated_at', '>', filter.updatedSince);
  const unfiltered = !term && filter.updatedSince === undefined;
  const counted: CountedScope | undefined = !unfiltered
    ? undefined
    : 'productId' in scope
      ? { table: 'goals', column: 'product_id', id: scope.productId }
      : 'account' in scope
        ? { table: 'goals' }
        : undefined;
  return listPage(
    db,
    q,
    p,
    // Across the account a product's goals stay together, in the order the product lists them.
    (page) =>
      ('account' in scope ? page.orderBy('product_id') : page)
        .selectAll()
        .orderBy((eb) => eb('position', 'is', null))
        .orderBy('position')
        .orderBy('id'),
    counted,
  );
}

/** A product's time frames by start date (undated last), then id; `term` keeps names containing it, any case. */
export async function listTimeFrames(db: Db, productId: number, p: Paging, term?: string): Promise<Page<TimeFrameRow>> {
  let q = db.selectFrom('time_frames').where('product_id', '=', productId);
  const text = term?.trim() ?? '';
  if (text) q = q.where(dialectOf(db).containsText('name', text));
  return listPage(db, q, p, (page) =>
    page
      .selectAll()
      .orderBy((eb) => eb('start_date', 'is', null))
      .orderBy('start_date')
      .orderBy('id'),
  );
}

// ---------------------------------------------------------------------------------------------
// Rules and writes

const planGoal: Planner<'goals', GoalInput> = async (db, product, existing, input, checked) => {
  const { problems } = checked;
  const values: Updateable<GoalsTable> = {};
  planName(input, existing, values, checked);
  await planStrategy(db, product, input, values, problems);
  planProgress(input, existing, values, checked);
  const links = await planLinks(db, 'initiatives', product, input.initiatives, problems);
  await planSuccessMetric(db, product, input.success_metric, values, problems);
  const customFields = await planCustomFields(db, product.id, 'Goal', input.custom_fields, problems, existing?.id);
  if (existing === null) await requireLayoutFields(db, product.id, 'Goal', input, problems);
  return { values, links, customFields };
};

/**
 * The fields goals and initiatives share: description, effort, value, color, position and time frame
 * (one of the product's, by id or name; null clears it).
 */
export async function planStrategy(
  db: Db,
  product: ProductRow,
  input: Pick<GoalInput, 'description' | 'effort' | 'value' | 'color' | 'position' | 'time_frame'>,
  values: Pick<Updateable<GoalsTable>, 'description' | 'effort' | 'value' | 'color' | 'position' | 'time_frame_id'>,
  problems: FieldProblems,
): Promise<void> {
  if (input.description !== undefined) values.description = input.description === '' ? null : input.description;
  if (input.effort !== undefined) values.effort = input.effort;
  if (input.value !== undefined) values.value = input.value;
  if (input.color !== undefined) values.color = input.color.toLowerCase();
  if (input.position !== undefined) values.position = input.position;
  if (input.time_frame === null) values.time_frame_id = null;
  else if (input.time_frame !== undefined) {
    const frame = await findTimeFrame(db, product.id, input.time_frame);
    if (!frame) problems.add('time_frame', `"${input.time_frame}" is not the name or id of a time frame of ${product.reference_prefix}`);
    else values.time_frame_id = frame.id;
  }
}

/**
 * A success metric's members: left out stays, null clears, a status is one of the product's
 * initiative workflow (goals have no workflow of their own here).
 */
async function planSuccessMetric(
  db: Db,
  product: ProductRow,
  metric: GoalInput['success_metric'],
  values: Updateable<GoalsTable>,
  problems: Checked['problems'],
): Promise<void> {
  if (metric === undefined) return;
  if (metric === null) {
    values.success_metric_name = null;
    values.success_metric_description = null;
    values.success_metric_status_id = null;
    return;
  }
  if (metric.name !== undefined) values.success_metric_name = metric.name === null || metric.name === '' ? null : metric.name;
  if (metric.description !== undefined) values.success_metric_description = metric.description === '' ? null : metric.description;
  if (metric.workflow_status === null) values.success_metric_status_id = null;
  else if (metric.workflow_status !== undefined) {
    const status = await findStatus(db, product.id, 'Initiative', metric.workflow_status);
    if (!status) {
      problems.add(
        'success_metric.workflow_status',
        `${describeStatus(metric.workflow_status)} is not an initiative status of ${product.reference_prefix}`,
      );
    } else values.success_metric_status_id = status.id;
  }
}

/**
 * Creates a goal in a product, or updates one (`initiatives` replaces its links; a body that changes
 * nothing writes nothing); every rule is checked first, all problems thrown together.
 */
export const { create: createGoal, update: updateGoal } = writesInProduct(GOAL_RECORD, planGoal, async (db, values, product) => ({
  name: values.name ?? '',
  // New goals go last unless the body places them.
  position: values.position !== undefined ? values.position : await nextPosition(db, 'goals', 'product_id', product.id),
}));

/**
 * Deletes a goal: it, its initiative links and custom field values go to the recycle bin, then
 * away. The initiatives it served stay; they lose the goal from their `goals` (their `updated_at`
 * moves, as on any link change). Goals are the top of the roll-up graph: nothing reads a goal's
 * numbers, so there is nothing to recompute.
 */
export function deleteGoal(db: Kysely<Database>, args: RecordRemoval): Promise<number> {
  return db.transaction().execute((trx) => deleteRecord(trx, GOAL_RECORD, args));
}
