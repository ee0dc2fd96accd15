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
import { audit, diff } from './audit';
import type { Changes, Db } from './audit';
import { nextPosition } from './positions';
import { RollupScheduler } from './rollup-scheduler';
import { allocateReference } from './reference-numbers';
import type { Checked } from './releases';
import { asId, findByIdOrKey, findInitiative, required } from './resolve';
import type { Database, GoalRow, GoalsTable, ProductRow, TimeFramesTable, UserRow } from './schema';
import { hostedMembers, links, noteBody, userRef } from './serialize';
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
  return { id: String(t.id), name: t.name, start_date: t.start_date, end_date: t.end_date, product_id: String(t.product_id) };
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
  const [frames, users, initiatives] = await Promise.all([
    frameIds.length ? db.selectFrom('time_frames').selectAll().where('id', 'in', frameIds).execute() : Promise.resolve([]),
    userIds.length ? db.selectFrom('users').selectAll().where('id', 'in', userIds).execute() : Promise.resolve([]),
    db
      .selectFrom('initiative_goals as ig')
      .innerJoin('initiatives as i', 'i.id', 'ig.initiative_id')
      .select(['ig.goal_id', 'i.id', 'i.name', 'i.reference_num'])
      .where('ig.goal_id', 'in', ids)
      .orderBy('i.position')
      .orderBy('i.id')
      .execute(),
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
      .map((i) => ({ id: String(i.id), name: i.name, reference_num: i.reference_num })),
    created_by_user: userRef(g.created_by_id === null ? null : userById.get(g.created_by_id)),
    created_at: g.created_at,
    updated_at: g.updated_at,
    ...links(origin, 'goals', g.reference_num),
    ...hostedMembers(products.get(g.product_id), origin),
  }));
}

export async function goalBody(db: Db, row: GoalRow, origin: string): Promise<Goal> {
  const [body] = await goalBodies(db, [row], origin);
  if (!body) throw new Error(`Goal ${row.id} could not be shaped`);
  return body;
}

// ---------------------------------------------------------------------------------------------
// Lists

/**
 * A product's goals, or an initiative's (operation 20), by position (unpositioned last), then id.
 * `q` (name contains, any ASCII case) and `updatedSince` (strictly after) are the list query's:
 * the route accepted and validated them but nothing applied them, so a search or a sync got every
 * goal back as if it matched.
 */
export async function listGoals(
  db: Db,
  scope: { productId: number } | { initiativeId: number },
  p: Paging,
  filter: { q?: string | undefined; updatedSince?: string | undefined } = {},
): Promise<Page<GoalRow>> {
  let q = db.selectFrom('goals');
  q =
    'productId' in scope
      ? q.where('product_id', '=', scope.productId)
      : q.where('id', 'in', db.selectFrom('initiative_goals').select('goal_id').where('initiative_id', '=', scope.initiativeId));
  const term = filter.q?.trim();
  // `%` and `_` in a search are letters, not wildcards.
  if (term) q = q.where(dialect.containsText('name', term));
  if (filter.updatedSince !== undefined) q = q.where('updated_at', '>', filter.updatedSince);
  const unfiltered = 'productId' in scope && !term && filter.updatedSince === undefined;
  return listPage(
    db,
    q,
    p,
    (page) =>
      page
        .selectAll()
        .orderBy((eb) => eb('position', 'is', null))
        .orderBy('position')
        .orderBy('id'),
    unfiltered ? { table: 'goals', column: 'product_id', id: scope.productId } : undefined,
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
  return { values, initiativeIds };
}

async function initiativeIdsOf(db: Db, goalId: number): Promise<number[]> {
  const rows = await db.selectFrom('initiative_goals').select('initiative_id').where('goal_id', '=', goalId).orderBy('initiative_id').execute();
  return rows.map((r) => r.initiative_id);
}

async function writeInitiativeLinks(db: Db, goalId: number, ids: number[]): Promise<void> {
  const before = await initiativeIdsOf(db, goalId);
  await db.deleteFrom('initiative_goals').where('goal_id', '=', goalId).execute();
  if (ids.length) await db.insertInto('initiative_goals').values(ids.map((initiative_id) => ({ initiative_id, goal_id: goalId }))).execute();
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
        created_by_id: user.id,
        created_at: ts,
        updated_at: ts,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const initiativeIds = plan.initiativeIds ?? [];
    await writeInitiativeLinks(trx, row.id, initiativeIds);
    await audit(trx, { userId: user.id, type: 'Goal', id: row.id, action: 'create', changes: diff(null, { ...row, initiative_ids: initiativeIds }) });
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
    const changes: Changes = diff(
      { ...current, initiative_ids: beforeIds },
      { ...current, ...plan.values, initiative_ids: afterIds },
    );
    if (Object.keys(changes).length === 0) return current;
    await trx.updateTable('goals').set({ ...plan.values, updated_at: now() }).where('id', '=', current.id).execute();
    if (plan.initiativeIds) await writeInitiativeLinks(trx, current.id, plan.initiativeIds);
    await audit(trx, { userId: user.id, type: 'Goal', id: current.id, action: 'update', changes });
    await new RollupScheduler(trx).wrote('goal', current.id).flush();
    return trx.selectFrom('goals').selectAll().where('id', '=', current.id).executeTakeFirstOrThrow();
  });
}

