// Goals and time frames: look-ups by id, key or name, goal rules (checked together before anything is
// written) and writes in one transaction with audit rows, the goal–initiative link from the goal's
// side, and the wire shapes of a page built in a fixed number of queries.
import { sql } from 'kysely';
import type { Kysely, Selectable, Updateable } from 'kysely';
import type { z } from 'zod';
import type { Goal, TimeFrame, goalCreateInput } from '../../src/contract/initiatives';
import { GOAL_PROGRESS_SOURCES } from '../../src/domain/progress';
import { goalKey } from '../../src/domain/reference';
import type { Paging } from '../problems';
import { now } from '../problems';
import { dialect } from './dialect';
import { listPage } from './pages';
import type { Page } from './pages';
import type { CountedScope } from './counts';
import { audit, auditDestroyed, diff, recycle } from './audit';
import { planCustomFields, recordCustomFields, removeCustomFields } from './custom-fields';
import type { CustomFieldPlan } from './custom-fields';
import type { Changes, Db } from './audit';
import { nextPosition } from './positions';
import { RollupScheduler } from './rollup-scheduler';
import { allocateReference } from './reference-numbers';
import type { Checked } from './releases';
import { asId, describeStatus, findByIdOrKey, findInitiative, findStatus, required } from './resolve';
import type { Database, GoalRow, GoalsTable, ProductRow, TimeFramesTable, UserRow, WorkflowStatusRow } from './schema';
import { customFieldsFor } from './custom-fields';
import { describedLink, hostedMembers, links, noteBody, statusRef, userRef } from './serialize';
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
const sameName = (text: string) => dialect.equalsIgnoringCase('name', text);

/** Goal of a product by id, key (`PLN-G-1`) or name (case-insensitive); an id match wins. */
export async function findGoal(db: Db, productId: number, ref: string | number): Promise<GoalRow | null> {
  const text = String(ref).trim();
  const q = db.selectFrom('goals').selectAll().where('product_id', '=', productId);
  const id = isIdText(text) ? asId(text) : null;
  if (id !== null) {
    const byId = await q.where('id', '=', id).executeTakeFirst();
    if (byId) return byId;
  }
  const byKey = await q.where('reference_num', '=', text.toUpperCase()).executeTakeFirst();
  if (byKey) return byKey;
  return (await q.where(sameName(text)).orderBy('id').executeTakeFirst()) ?? null;
}

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
    .where((eb) => eb.or([...(id !== null ? [eb('id', '=', id)] : []), sameName(text)]))
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
    db
      .selectFrom('initiative_goals as ig')
      .innerJoin('initiatives as i', 'i.id', 'ig.initiative_id')
      .select(['ig.goal_id', 'i.id', 'i.name', 'i.reference_num', 'i.description', 'i.created_at', 'i.updated_at'])
      .where('ig.goal_id', 'in', ids)
      .orderBy('i.position')
      .orderBy('i.id')
      .execute(),
    customFieldsFor(db, 'Goal', ids),
  ]);
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
      .filter((i) => i.goal_id === g.id)
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
    created_at: g.created_at,
    updated_at: g.updated_at,
    ...links(origin, 'goals', g.reference_num),
    ...hostedMembers(products.get(g.product_id), origin),
  }));
}

/** A goal's success metric as hosted; null when it has none of its members. */
function successMetric(g: GoalRow, statuses: Map<number, WorkflowStatusRow>): Goal['success_metric'] {
  const status = g.success_metric_status_id === null ? undefined : statuses.get(g.success_metric_status_id);
  if (g.success_metric_name === null && g.success_metric_description === null && !status) return null;
  return {
    name: g.success_metric_name,
    description: noteBody({ id: g.id, type: 'Goal' }, g.success_metric_description, g.created_at, g.updated_at),
    workflow_status: status ? statusRef(status) : null,
    workflow_status_times: [],
  };
}

export async function goalBody(db: Db, row: GoalRow, origin: string): Promise<Goal> {
  const [body] = await goalBodies(db, [row], origin);
  if (!body) throw new Error(`Goal ${row.id} could not be shaped`);
  return body;
}

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
  if (term) q = q.where(dialect.containsText('name', term));
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
  if (text) q = q.where(dialect.containsText('name', text));
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

interface GoalPlan {
  values: Updateable<GoalsTable>;
  initiativeIds: number[] | undefined;
  customFields: CustomFieldPlan;
}

async function planGoal(db: Db, product: ProductRow, existing: GoalRow | null, input: GoalInput, checked: Checked): Promise<GoalPlan> {
  const { problems, flagged } = checked;
  const values: Updateable<GoalsTable> = {};
  if (existing === null && input.name === undefined && !flagged.has('name')) problems.add('name', "can't be blank");
  if (input.name !== undefined) values.name = input.name;
  if (input.description !== undefined) values.description = input.description === '' ? null : input.description;
  if (input.effort !== undefined) values.effort = input.effort;
  if (input.value !== undefined) values.value = input.value;
  if (input.color !== undefined) values.color = input.color.toLowerCase();
  if (input.position !== undefined) values.position = input.position;

  if (input.time_frame !== undefined) {
    if (input.time_frame === null) values.time_frame_id = null;
    else {
      const frame = await findTimeFrame(db, product.id, input.time_frame);
      if (!frame) problems.add('time_frame', `"${input.time_frame}" is not the name or id of a time frame of ${product.reference_prefix}`);
      else values.time_frame_id = frame.id;
    }
  }

  const source = input.progress_source ?? existing?.progress_source ?? MANUAL;
  if (input.progress_source !== undefined) values.progress_source = input.progress_source;
  if (input.progress !== undefined && input.progress !== null && !flagged.has('progress_source')) {
    if (source !== MANUAL) problems.add('progress', `can only be set when progress_source is progress_manual (it is ${source})`);
    else values.progress = input.progress;
  } else if (input.progress === null && source === MANUAL) values.progress = null;

  let initiativeIds: number[] | undefined;
  if (input.initiatives !== undefined) {
    initiativeIds = [];
    for (const ref of input.initiatives) {
      const initiative = await findInitiative(db, product.id, ref);
      if (!initiative) problems.add('initiatives', `"${ref}" is not an initiative of ${product.reference_prefix}`);
      else if (!initiativeIds.includes(initiative.id)) initiativeIds.push(initiative.id);
    }
    initiativeIds.sort((a, b) => a - b);
  }
  await planSuccessMetric(db, product, input.success_metric, values, problems);
  const customFields = await planCustomFields(db, product.id, 'Goal', input.custom_fields, problems);
  return { values, initiativeIds, customFields };
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

async function initiativeIdsOf(db: Db, goalId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('initiative_goals')
    .select('initiative_id')
    .where('goal_id', '=', goalId)
    .orderBy('initiative_id')
    .execute();
  return rows.map((r) => r.initiative_id);
}

async function writeInitiativeLinks(db: Db, goalId: number, ids: number[]): Promise<void> {
  const before = await initiativeIdsOf(db, goalId);
  await db.deleteFrom('initiative_goals').where('goal_id', '=', goalId).execute();
  if (ids.length)
    await db
      .insertInto('initiative_goals')
      .values(ids.map((initiative_id) => ({ initiative_id, goal_id: goalId })))
      .execute();
  // An initiative answers its `goals`: one that gained or lost this goal has changed for
  // `updated_since` syncs too.
  const touched = [...before.filter((id) => !ids.includes(id)), ...ids.filter((id) => !before.includes(id))];
  if (touched.length) {
    await db.updateTable('initiatives').set({ updated_at: new Date().toISOString() }).where('id', 'in', touched).execute();
  }
}

/** Creates a goal in a product; every rule is checked first, all problems thrown together. */
export async function createGoal(
  db: Kysely<Database>,
  user: UserRow,
  product: ProductRow,
  input: GoalInput,
  checked: Checked,
): Promise<GoalRow> {
  return db.transaction().execute(async (trx) => {
    const plan = await planGoal(trx, product, null, input, checked);
    checked.problems.throwIfAny();
    const referenceNum = await allocateReference(trx, 'goal', product.id, (n) => goalKey(product.reference_prefix, n));
    const next = await nextPosition(trx, 'goals', 'product_id', product.id);
    const v = plan.values;
    const ts = now();
    const row = await trx
      .insertInto('goals')
      .values({
        product_id: product.id,
        reference_num: referenceNum,
        name: v.name ?? '',
        description: v.description ?? null,
        effort: v.effort ?? null,
        value: v.value ?? null,
        ...(v.color !== undefined ? { color: v.color } : {}),
        position: v.position !== undefined ? v.position : next,
        progress: v.progress ?? null,
        progress_source: v.progress_source ?? MANUAL,
        time_frame_id: v.time_frame_id ?? null,
        success_metric_name: v.success_metric_name ?? null,
        success_metric_description: v.success_metric_description ?? null,
        success_metric_status_id: v.success_metric_status_id ?? null,
        created_by_id: user.id,
        created_at: ts,
        updated_at: ts,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const initiativeIds = plan.initiativeIds ?? [];
    await writeInitiativeLinks(trx, row.id, initiativeIds);
    const changes = diff(null, { ...row, initiative_ids: initiativeIds });
    await recordCustomFields(trx, 'Goal', row.id, plan.customFields, changes, true);
    await audit(trx, { userId: user.id, type: 'Goal', id: row.id, action: 'create', changes });
    await new RollupScheduler(trx).wrote('goal', row.id).flush();
    return trx.selectFrom('goals').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
  });
}

/** Updates a goal; `initiatives` replaces its links. A body that changes nothing writes nothing. */
export async function updateGoal(
  db: Kysely<Database>,
  user: UserRow,
  product: ProductRow,
  existing: GoalRow,
  input: GoalInput,
  checked: Checked,
): Promise<GoalRow> {
  return db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom('goals').selectAll().where('id', '=', existing.id).executeTakeFirstOrThrow();
    const plan = await planGoal(trx, product, current, input, checked);
    checked.problems.throwIfAny();
    const beforeIds = await initiativeIdsOf(trx, current.id);
    const afterIds = plan.initiativeIds ?? beforeIds;
    const changes: Changes = diff({ ...current, initiative_ids: beforeIds }, { ...current, ...plan.values, initiative_ids: afterIds });
    await recordCustomFields(trx, 'Goal', current.id, plan.customFields, changes, false);
    if (Object.keys(changes).length === 0) return current;
    await trx
      .updateTable('goals')
      .set({ ...plan.values, updated_at: now() })
      .where('id', '=', current.id)
      .execute();
    if (plan.initiativeIds) await writeInitiativeLinks(trx, current.id, plan.initiativeIds);
    await audit(trx, { userId: user.id, type: 'Goal', id: current.id, action: 'update', changes });
    await new RollupScheduler(trx).wrote('goal', current.id).flush();
    return trx.selectFrom('goals').selectAll().where('id', '=', current.id).executeTakeFirstOrThrow();
  });
}

/**
 * Deletes a goal: it, its initiative links and custom field values go to the recycle bin, then
 * away. The initiatives it served stay; they lose the goal from their `goals` (their `updated_at`
 * moves, as on any link change). Goals are the top of the roll-up graph: nothing reads a goal's
 * numbers, so there is nothing to recompute.
 */
export async function deleteGoal(db: Kysely<Database>, user: UserRow, goal: GoalRow): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom('goals').selectAll().where('id', '=', goal.id).executeTakeFirstOrThrow();
    const initiativeLinks = await trx.selectFrom('initiative_goals').selectAll().where('goal_id', '=', current.id).execute();
    const customRows = await removeCustomFields(trx, 'Goal', [current.id]);
    await recycle(trx, {
      userId: user.id,
      type: 'Goal',
      id: current.id,
      name: current.name,
      productId: current.product_id,
      rows: { goals: [current], initiative_goals: initiativeLinks, custom_field_values: customRows },
    });
    await writeInitiativeLinks(trx, current.id, []);
    await trx.deleteFrom('goals').where('id', '=', current.id).execute();
    await auditDestroyed(trx, user.id, 'Goal', current);
  });
}
