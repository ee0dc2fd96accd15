// Initiatives: the rules of operation 11 and of updates (every problem of a body reported at once,
// nothing written when any is found), writes in one transaction with audit rows and roll-ups, delete
// into the recycle bin, lists with the filters a roll-up tree needs, and the wire shape of a page
// built in a fixed number of queries however many initiatives it shows.
import { sql } from 'kysely';
import type { Kysely, RawBuilder, SqlBool, Updateable } from 'kysely';
import type { z } from 'zod';
import type { Initiative, initiativeCreateInput } from '../../src/contract/initiatives';
import { todayIso } from '../../src/domain/dates';
import { wouldCreateCycle } from '../../src/domain/hierarchy';
import { INITIATIVE_DURATION_SOURCES, INITIATIVE_PROGRESS_SOURCES } from '../../src/domain/progress';
import { initiativeKey } from '../../src/domain/reference';
import type { FieldProblems, Paging } from '../problems';
import { now } from '../problems';
import { dialect } from './dialect';
import type { Page } from './pages';
import { audit, auditDestroyed, diff, recycle } from './audit';
import { countMatches } from './counts';
import type { CountedScope } from './counts';
import type { Changes, Db } from './audit';
import { inTransaction } from './transactions';
import { nextPosition } from './positions';
import { allocateReference } from './reference-numbers';
import { customFieldsFor, planCustomFields, removeCustomFields, writeCustomFields } from './custom-fields';
import type { CustomFieldCondition, CustomFieldPlan } from './custom-fields';
import { findGoal, findTimeFrame, timeFrameRef } from './goals';
import { RollupScheduler } from './rollup-scheduler';
import type { Checked } from './releases';
import { asId, containsText, describeStatus, findInitiativeByIdOrKey, findStatus, findUser } from './resolve';
import type { Database, InitiativeRow, InitiativesTable, ProductRow, UserRow } from './schema';
import {
  assigneeRef,
  COMPACT_COLUMNS,
  compactItem,
  describedLink,
  hostedMembers,
  links,
  noteBody,
  placeholderStatus,
  recordLink,
  releaseLink,
  statusRef,
  statusWord,
  unmodelledPlanning,
  userRef,
} from './serialize';
import { rowsById } from './row-cache';

export type InitiativeInput = Partial<z.output<typeof initiativeCreateInput>>;

/** Compact list items: enough to pick an initiative or lay out a tree's names. */
export const INITIATIVE_COMPACT_FIELDS = ['id', 'name', 'reference_num', 'created_at', 'product_id', 'url', 'resource'] as const;

const MANUAL = 'progress_manual';
const RECORD_TYPE = 'Initiative';
/** Deeper than any real roll-up tree; a longer chain is read as a loop. */
const MAX_DEPTH = 10_000;

const byId = <T extends { id: number }>(rows: readonly T[]): Map<number, T> => new Map(rows.map((r) => [r.id, r]));
const ids = (values: readonly (number | null)[]): number[] => [...new Set(values.filter((v): v is number => v !== null))];

// ---------------------------------------------------------------------------------------------
// Shapes

export function initiativeCompact(i: InitiativeRow, origin: string): Pick<Initiative, (typeof INITIATIVE_COMPACT_FIELDS)[number]> {
  return {
    id: String(i.id),
    name: i.name,
    reference_num: i.reference_num,
    created_at: i.created_at,
    product_id: String(i.product_id),
    ...links(origin, 'initiatives', i.reference_num),
  };
}

/** How many records of `table` point at each initiative through `column`. */
async function countBy(
  db: Db,
  table: 'initiatives' | 'features' | 'epics',
  column: 'parent_id' | 'initiative_id',
  initiativeIds: number[],
): Promise<Map<number, number>> {
  const r = await sql<{ k: number; n: number }>`
    SELECT ${sql.ref(column)} AS k, count(*) AS n FROM ${sql.table(table)}
    WHERE ${sql.ref(column)} IN (${sql.join(initiativeIds)}) GROUP BY ${sql.ref(column)}`.execute(db);
  return new Map(r.rows.map((x) => [Number(x.k), Number(x.n)]));
}

/**
 * Whole initiative records for rows (in their order), each related kind loaded once for all rows:
 * statuses, users, parents, time frames, goals, custom fields and the three counts.
 */
export async function initiativeBodies(
  db: Db,
  rows: InitiativeRow[],
  origin: string,
  wanted: Set<string> | null = null,
): Promise<Initiative[]> {
  if (rows.length === 0) return [];
  const products = await rowsById(db, 'products', [...new Set(rows.map((r) => r.product_id))]);
  const initiativeIds = rows.map((r) => r.id);
  const statusIds = ids(rows.map((r) => r.workflow_status_id));
  const userIds = ids(rows.flatMap((r) => [r.assigned_to_id, r.created_by_id]));
  const parentIds = ids(rows.map((r) => r.parent_id));
  const frameIds = ids(rows.map((r) => r.time_frame_id));
  const [statuses, users, parents, frames, goals, custom, children, epics, features] = await Promise.all([
    statusIds.length ? db.selectFrom('workflow_statuses').selectAll().where('id', 'in', statusIds).execute() : [],
    userIds.length ? db.selectFrom('users').selectAll().where('id', 'in', userIds).execute() : [],
    parentIds.length ? db.selectFrom('initiatives').select(['id', 'name', 'reference_num']).where('id', 'in', parentIds).execute() : [],
    frameIds.length ? db.selectFrom('time_frames').selectAll().where('id', 'in', frameIds).execute() : [],
    db
      .selectFrom('initiative_goals as ig')
      .innerJoin('goals as g', 'g.id', 'ig.goal_id')
      .select(['ig.initiative_id', 'g.id', 'g.name', 'g.reference_num', 'g.description', 'g.created_at', 'g.updated_at'])
      .where('ig.initiative_id', 'in', initiativeIds)
      .orderBy('g.position')
      .orderBy('g.id')
      .execute(),
    customFieldsFor(db, RECORD_TYPE, initiativeIds),
    countBy(db, 'initiatives', 'parent_id', initiativeIds),
    countBy(db, 'epics', 'initiative_id', initiativeIds),
    countBy(db, 'features', 'initiative_id', initiativeIds),
  ]);
  // What serves an initiative can run to thousands of rows: read only when asked for (a show, `fields=*`).
  const need = (...names: string[]): boolean => wanted === null || names.some((n) => wanted.has(n));
  const [linkedFeatures, linkedEpics, linkedReleases] = await Promise.all([
    need('features')
      ? db
          .selectFrom('features')
          .select([...COMPACT_COLUMNS, 'initiative_id'])
          .where('initiative_id', 'in', initiativeIds)
          .orderBy('initiative_id')
          .orderBy('id')
          .execute()
      : [],
    need('epic', 'master_features')
      ? db
          .selectFrom('epics')
          .select(['id', 'name', 'reference_num', 'created_at', 'initiative_id'])
          .where('initiative_id', 'in', initiativeIds)
          .orderBy('initiative_id')
          .orderBy('id')
          .execute()
      : [],
    need('releases')
      ? db
          .selectFrom('release_initiatives as ri')
          .innerJoin('releases as r', 'r.id', 'ri.release_id')
          .selectAll('r')
          .select('ri.initiative_id')
          .where('ri.initiative_id', 'in', initiativeIds)
          .orderBy('r.release_date')
          .orderBy('r.id')
          .execute()
      : [],
  ]);

  const owners = await rowsById(db, 'users', ids(linkedReleases.map((r) => r.owner_id)));
  const statusById = byId(statuses);
  const userById = byId(users);
  const parentById = byId(parents);
  const frameById = byId(frames);
  const user = (id: number | null) => userRef(id === null ? null : userById.get(id));
  const epicsOf = (id: number) =>
    linkedEpics
      .filter((e) => e.initiative_id === id)
      .map((e) => recordLink('epics', e, origin))
      .filter((e) => e !== null);
  return rows.map((i): Initiative => {
    const status = i.workflow_status_id === null ? undefined : statusById.get(i.workflow_status_id);
    const parent = i.parent_id === null ? undefined : parentById.get(i.parent_id);
    return {
      id: String(i.id),
      name: i.name,
      reference_num: i.reference_num,
      product_id: String(i.product_id),
      workflow_status: status ? statusRef(status) : placeholderStatus,
      description: noteBody({ id: i.id, type: 'Initiative' }, i.description, i.created_at, i.updated_at),
      assigned_to_user: assigneeRef(i.assigned_to_id === null ? null : userById.get(i.assigned_to_id)),
      // The hosted service's older status word: the workflow status's name in snake case.
      status: status ? statusWord(status.name) : null,
      created_by_user: user(i.created_by_id),
      effort: i.effort,
      value: i.value,
      parent: parent ? { id: String(parent.id), name: parent.name, reference_num: parent.reference_num } : null,
      parent_id: i.parent_id === null ? null : String(i.parent_id),
      children_count: children.get(i.id) ?? 0,
      position: i.position,
      presented: i.presented === 1,
      color: i.color,
      start_date: i.start_date,
      end_date: i.end_date,
      time_frame: timeFrameRef(i.time_frame_id === null ? undefined : frameById.get(i.time_frame_id)),
      progress: i.progress,
      progress_source: INITIATIVE_PROGRESS_SOURCES.find((s) => s === i.progress_source) ?? MANUAL,
      duration_source: INITIATIVE_DURATION_SOURCES.find((s) => s === i.duration_source) ?? 'duration_manual',
      goals: goals
        .filter((g) => g.initiative_id === i.id)
        .map((g) => describedLink('goals', g, origin))
        .filter((g) => g !== null),
      features: linkedFeatures.filter((f) => f.initiative_id === i.id).map((f) => compactItem('features', f, origin)),
      epic: epicsOf(i.id),
      master_features: epicsOf(i.id),
      releases: linkedReleases
        .filter((r) => r.initiative_id === i.id)
        .map((r) =>
          releaseLink(
            r,
            { release_id: r.id, product_id: r.product_id },
            {
              origin,
              product: products.get(r.product_id),
              owner: r.owner_id === null ? undefined : owners.get(r.owner_id),
            },
          ),
        ),
      watchers: [],
      custom_object_links: [],
      ...unmodelledPlanning(),
      custom_fields: custom.get(i.id) ?? [],
      epics_count: epics.get(i.id) ?? 0,
      features_count: features.get(i.id) ?? 0,
      status_changed_on: i.status_changed_on,
      created_at: i.created_at,
      updated_at: i.updated_at,
      ...links(origin, 'initiatives', i.reference_num),
      ...hostedMembers(products.get(i.product_id), origin),
    };
  });
}

export async function initiativeBody(db: Db, row: InitiativeRow, origin: string): Promise<Initiative> {
  const [body] = await initiativeBodies(db, [row], origin);
  if (!body) throw new Error(`Initiative ${row.id} could not be shaped`);
  return body;
}

// ---------------------------------------------------------------------------------------------
// Lists

export interface InitiativeFilters {
  /** One product's initiatives; the whole account's when absent. */
  productId?: number | undefined;
  /** The initiatives linked to one goal (`GET /goals/{id}/initiatives`). */
  goalId?: number | undefined;
  q?: string | undefined;
  updatedSince?: string | undefined;
  /** Status id or name (any case). */
  workflowStatus?: string | undefined;
  /** User id or email. */
  assignedToUser?: string | undefined;
  /** Parent id or key; null for roots only. */
  parentId?: string | null | undefined;
  /** From `customFieldFilter`: a condition on the initiative's id, or 'none' (nothing can match). */
  customFields?: CustomFieldCondition | 'none' | null | undefined;
}

/**
 * A page of initiatives by position (unpositioned last), then id: the order siblings keep in a tree
 * built client-side. An unknown assignee, status or parent matches nothing (an empty page).
 */
export async function listInitiatives(db: Db, f: InitiativeFilters, p: Paging): Promise<Page<InitiativeRow>> {
  const empty = { rows: [], total: 0 };
  if (f.customFields === 'none') return empty;
  const conditions: RawBuilder<SqlBool>[] = [];
  if (f.productId !== undefined) conditions.push(sql<SqlBool>`i.product_id = ${f.productId}`);
  if (f.goalId !== undefined)
    conditions.push(sql<SqlBool>`i.id IN (SELECT initiative_id FROM initiative_goals WHERE goal_id = ${f.goalId})`);
  if (f.q) conditions.push(containsText('i.name', f.q));
  if (f.updatedSince) conditions.push(sql<SqlBool>`i.updated_at > ${f.updatedSince}`);
  if (f.assignedToUser !== undefined && f.assignedToUser.trim() !== '') {
    const user = await findUser(db, f.assignedToUser);
    if (!user) return empty;
    conditions.push(sql<SqlBool>`i.assigned_to_id = ${user.id}`);
  }
  if (f.workflowStatus !== undefined && f.workflowStatus.trim() !== '') {
    const text = f.workflowStatus.trim();
    let q = db
      .selectFrom('workflow_statuses as ws')
      .innerJoin('workflows as w', 'w.id', 'ws.workflow_id')
      .select('ws.id')
      .where('w.statusable_type', '=', RECORD_TYPE);
    if (f.productId !== undefined) q = q.where('w.product_id', '=', f.productId);
    const id = /^\d+$/.test(text) ? asId(text) : null;
    q = id !== null ? q.where('ws.id', '=', id) : q.where(dialect.equalsIgnoringCase('ws.name', text));
    const statuses = await q.execute();
    if (statuses.length === 0) return empty;
    conditions.push(sql<SqlBool>`i.workflow_status_id IN (${sql.join(statuses.map((s) => s.id))})`);
  }
  let parentId: number | null | undefined;
  if (f.parentId === null) {
    parentId = null;
    conditions.push(sql<SqlBool>`i.parent_id IS NULL`);
  } else if (f.parentId !== undefined) {
    const parent = await findInitiativeByIdOrKey(db, f.parentId);
    if (!parent) return empty;
    parentId = parent.id;
    conditions.push(sql<SqlBool>`i.parent_id = ${parent.id}`);
  }
  if (f.customFields) conditions.push(f.customFields(sql`i.id`));

  const where = conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
  // Narrowed by the product, a parent or nothing else: a counter is the total.
  const onlyScope = conditions.length === (f.productId !== undefined ? 1 : 0) + (parentId !== undefined ? 1 : 0);
  const scope: CountedScope | undefined =
    !onlyScope || (f.productId !== undefined && parentId !== undefined) || parentId === null
      ? undefined
      : parentId !== undefined
        ? { table: 'initiatives', column: 'parent_id', id: parentId }
        : f.productId !== undefined
          ? { table: 'initiatives', column: 'product_id', id: f.productId }
          : { table: 'initiatives' };
  const total = await countMatches(db, sql<{ n: number }>`SELECT count(*) AS n FROM initiatives i ${where}`, scope);
  if (total === 0 || p.offset >= total) return { rows: [], total };
  const rows = await sql<InitiativeRow>`
    SELECT i.* FROM initiatives i ${where}
    ORDER BY i.position IS NULL, i.position, i.id LIMIT ${p.perPage} OFFSET ${p.offset}`.execute(db);
  return { rows: rows.rows, total };
}

// ---------------------------------------------------------------------------------------------
// Rules

/** What a valid body turns into: columns, the goal links (when sent) and custom field values. */
interface InitiativePlan {
  values: Updateable<InitiativesTable>;
  goalIds: number[] | undefined;
  customFields: CustomFieldPlan;
}

/** `sent` when given (null clears), else the stored value. */
function effective<T>(sent: T | undefined, stored: T): T {
  return sent === undefined ? stored : sent;
}

/** The parent ids up from `startId` (it included), as a map for `wouldCreateCycle`. */
async function ancestry(db: Db, startId: number): Promise<Map<number, number | null>> {
  // UNION (not UNION ALL) drops rows already seen, so even corrupt data with a loop ends.
  const r = await sql<{ id: number; parent_id: number | null }>`
    WITH RECURSIVE chain(id, parent_id) AS (
      SELECT id, parent_id FROM initiatives WHERE id = ${startId}
      UNION
      SELECT i.id, i.parent_id FROM initiatives i JOIN chain c ON i.id = c.parent_id
    ) SELECT id, parent_id FROM chain LIMIT ${MAX_DEPTH + 1}`.execute(db);
  return new Map(r.rows.map((x) => [x.id, x.parent_id]));
}

/** Why `existing` can't roll up into `parentRef`, or the parent's id when it can. */
async function checkParent(
  db: Db,
  existing: InitiativeRow | null,
  parentRef: string,
): Promise<{ ok: true; id: number } | { ok: false; problem: string }> {
  const parent = await findInitiativeByIdOrKey(db, parentRef);
  if (!parent) return { ok: false, problem: `${parentRef} is not an initiative` };
  if (existing === null) return { ok: true, id: parent.id };
  if (parent.id === existing.id) return { ok: false, problem: "would make a cycle: an initiative can't roll up into itself" };
  const parents = await ancestry(db, parent.id);
  if (wouldCreateCycle(existing.id, parent.id, (id) => parents.get(id), MAX_DEPTH)) {
    return {
      ok: false,
      problem: `would make a cycle: ${parent.reference_num} already rolls up into this initiative`,
    };
  }
  return { ok: true, id: parent.id };
}

/** `end_date` must not come before `start_date`; the message goes on whichever of the two was sent. */
function checkDates(problems: FieldProblems, flagged: ReadonlySet<string>, input: InitiativeInput, existing: InitiativeRow | null): void {
  if (flagged.has('start_date') || flagged.has('end_date')) return;
  const start = effective(input.start_date, existing?.start_date ?? null);
  const end = effective(input.end_date, existing?.end_date ?? null);
  if (start === null || end === null || end >= start) return;
  if (input.end_date !== undefined) problems.add('end_date', 'must not be before start_date');
  else problems.add('start_date', `must not be after end_date (${end})`);
}

async function planInitiative(
  db: Db,
  product: ProductRow,
  existing: InitiativeRow | null,
  input: InitiativeInput,
  checked: Checked,
): Promise<InitiativePlan> {
  const { problems, flagged } = checked;
  const values: Updateable<InitiativesTable> = {};
  const prefix = product.reference_prefix;

  // The create schema requires name and workflow_status, so their absence was reported when read.
  if (input.name !== undefined) values.name = input.name;
  if (input.workflow_status !== undefined) {
    const status = await findStatus(db, product.id, RECORD_TYPE, input.workflow_status);
    if (!status) problems.add('workflow_status', `${describeStatus(input.workflow_status)} is not an initiative status of ${prefix}`);
    else if (status.id !== existing?.workflow_status_id) {
      values.workflow_status_id = status.id;
      // A new initiative has had no status change yet.
      if (existing) values.status_changed_on = todayIso();
    }
  }

  if (input.assigned_to_user !== undefined) {
    if (input.assigned_to_user === null) values.assigned_to_id = null;
    else {
      const u = await findUser(db, input.assigned_to_user);
      if (!u) problems.add('assigned_to_user', `"${input.assigned_to_user}" is not the email or id of a user`);
      else values.assigned_to_id = u.id;
    }
  }
  if (input.created_by !== undefined) {
    const u = await findUser(db, input.created_by);
    if (!u) problems.add('created_by', `"${input.created_by}" is not the email or id of a user`);
    else values.created_by_id = u.id;
  }

  if (input.description !== undefined) values.description = input.description === '' ? null : input.description;
  if (input.effort !== undefined) values.effort = input.effort;
  if (input.value !== undefined) values.value = input.value;
  if (input.position !== undefined) values.position = input.position;
  if (input.presented !== undefined) values.presented = input.presented ? 1 : 0;
  if (input.color !== undefined) values.color = input.color.toLowerCase();

  if (input.parent_id !== undefined) {
    if (input.parent_id === null) values.parent_id = null;
    else {
      const parent = await checkParent(db, existing, input.parent_id);
      if (!parent.ok) problems.add('parent_id', parent.problem);
      else values.parent_id = parent.id;
    }
  }

  if (input.time_frame !== undefined) {
    if (input.time_frame === null) values.time_frame_id = null;
    else {
      const frame = await findTimeFrame(db, product.id, input.time_frame);
      if (!frame) problems.add('time_frame', `"${input.time_frame}" is not the name or id of a time frame of ${prefix}`);
      else values.time_frame_id = frame.id;
    }
  }

  if (input.start_date !== undefined) values.start_date = input.start_date;
  if (input.end_date !== undefined) values.end_date = input.end_date;
  checkDates(problems, flagged, input, existing);

  if (input.duration_source !== undefined) values.duration_source = input.duration_source;
  const source = effective(input.progress_source, existing?.progress_source ?? MANUAL);
  if (input.progress_source !== undefined) values.progress_source = input.progress_source;
  if (input.progress !== undefined && input.progress !== null && !flagged.has('progress_source')) {
    if (source !== MANUAL) problems.add('progress', `can only be set when progress_source is progress_manual (it is ${source})`);
    else values.progress = input.progress;
  } else if (input.progress === null && source === MANUAL) values.progress = null;

  let goalIds: number[] | undefined;
  if (input.goals !== undefined) {
    goalIds = [];
    for (const ref of input.goals) {
      const goal = await findGoal(db, product.id, ref);
      if (!goal) problems.add('goals', `"${ref}" is not a goal of ${prefix}`);
      else if (!goalIds.includes(goal.id)) goalIds.push(goal.id);
    }
    goalIds.sort((a, b) => a - b);
  }

  const customFields = await planCustomFields(db, product.id, RECORD_TYPE, input.custom_fields, problems);
  return { values, goalIds, customFields };
}

// ---------------------------------------------------------------------------------------------
// Writes

async function goalIdsOf(db: Db, initiativeId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('initiative_goals')
    .select('goal_id')
    .where('initiative_id', '=', initiativeId)
    .orderBy('goal_id')
    .execute();
  return rows.map((r) => r.goal_id);
}

async function writeGoalLinks(db: Db, initiativeId: number, goalIds: number[]): Promise<void> {
  const before = await goalIdsOf(db, initiativeId);
  await db.deleteFrom('initiative_goals').where('initiative_id', '=', initiativeId).execute();
  if (goalIds.length) {
    await db
      .insertInto('initiative_goals')
      .values(goalIds.map((goal_id) => ({ initiative_id: initiativeId, goal_id })))
      .execute();
  }
  // A goal answers its `initiatives`: one that gained or lost this initiative has changed for
  // `updated_since` syncs too.
  const touched = [...before.filter((id) => !goalIds.includes(id)), ...goalIds.filter((id) => !before.includes(id))];
  if (touched.length) {
    await db.updateTable('goals').set({ updated_at: new Date().toISOString() }).where('id', 'in', touched).execute();
  }
}

/** Operation 11. Every rule is checked first; all problems are thrown together; one transaction. */
export async function createInitiative(
  db: Db,
  user: UserRow,
  product: ProductRow,
  input: InitiativeInput,
  checked: Checked,
): Promise<InitiativeRow> {
  return inTransaction(db, async (trx) => {
    const plan = await planInitiative(trx, product, null, input, checked);
    checked.problems.throwIfAny();
    const referenceNum = await allocateReference(trx, 'initiative', product.id, (n) => initiativeKey(product.reference_prefix, n));
    const next = await nextPosition(trx, 'initiatives', 'product_id', product.id);
    const v = plan.values;
    const ts = now();
    const row = await trx
      .insertInto('initiatives')
      .values({
        ...v,
        product_id: product.id,
        reference_num: referenceNum,
        name: v.name ?? '',
        workflow_status_id: v.workflow_status_id ?? null,
        created_by_id: v.created_by_id ?? user.id,
        // New initiatives go last unless the body places them.
        position: v.position !== undefined ? v.position : next,
        created_at: ts,
        updated_at: ts,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const goalIds = plan.goalIds ?? [];
    await writeGoalLinks(trx, row.id, goalIds);
    const custom = await writeCustomFields(trx, RECORD_TYPE, row.id, plan.customFields);
    const changes: Changes = diff(null, { ...row, goal_ids: goalIds });
    if (custom) changes.custom_fields = [null, custom[1]];
    await audit(trx, { userId: user.id, type: RECORD_TYPE, id: row.id, action: 'create', changes });
    await new RollupScheduler(trx).wrote('initiative', row.id).flush();
    return trx.selectFrom('initiatives').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
  });
}

/** Applies a body to a stored initiative; a body that changes nothing writes nothing. */
export async function updateInitiative(
  db: Kysely<Database>,
  user: UserRow,
  product: ProductRow,
  existing: InitiativeRow,
  input: InitiativeInput,
  checked: Checked,
): Promise<InitiativeRow> {
  return db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom('initiatives').selectAll().where('id', '=', existing.id).executeTakeFirstOrThrow();
    const plan = await planInitiative(trx, product, current, input, checked);
    checked.problems.throwIfAny();
    const beforeGoals = await goalIdsOf(trx, current.id);
    const afterGoals = plan.goalIds ?? beforeGoals;
    const changes: Changes = diff({ ...current, goal_ids: beforeGoals }, { ...current, ...plan.values, goal_ids: afterGoals });
    const custom = await writeCustomFields(trx, RECORD_TYPE, current.id, plan.customFields);
    if (custom) changes.custom_fields = custom;
    if (Object.keys(changes).length === 0) return current;

    await trx
      .updateTable('initiatives')
      .set({ ...plan.values, updated_at: now() })
      .where('id', '=', current.id)
      .execute();
    if (plan.goalIds) await writeGoalLinks(trx, current.id, plan.goalIds);
    await audit(trx, { userId: user.id, type: RECORD_TYPE, id: current.id, action: 'update', changes });

    // A former parent loses this child; goals it left lose it from their mean.
    const rollups = new RollupScheduler(trx).wrote('initiative', current.id);
    if (plan.values.parent_id !== undefined && plan.values.parent_id !== current.parent_id) rollups.mark('initiative', current.parent_id);
    for (const goalId of beforeGoals) if (!afterGoals.includes(goalId)) rollups.mark('goal', goalId);
    await rollups.flush();
    return trx.selectFrom('initiatives').selectAll().where('id', '=', current.id).executeTakeFirstOrThrow();
  });
}

/**
 * Deletes an initiative. Its children roll up into its parent instead (roots when it had none); its
 * features and epics lose the link; its goal, release and custom field rows go. The recycle bin keeps
 * the row and every link (`initiative_children` holds `{id, parent_id}` of each re-parented child,
 * `features` / `epics` `{id, initiative_id}`), so a restore can put them back; each record that lost
 * a link gets an update audit row.
 */
export async function deleteInitiative(db: Kysely<Database>, user: UserRow, initiative: InitiativeRow): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom('initiatives').selectAll().where('id', '=', initiative.id).executeTakeFirstOrThrow();
    const [children, features, epics, goalLinks, releaseLinks] = await Promise.all([
      trx.selectFrom('initiatives').select(['id', 'parent_id']).where('parent_id', '=', current.id).orderBy('id').execute(),
      trx.selectFrom('features').select(['id', 'initiative_id']).where('initiative_id', '=', current.id).orderBy('id').execute(),
      trx.selectFrom('epics').select(['id', 'initiative_id']).where('initiative_id', '=', current.id).orderBy('id').execute(),
      trx.selectFrom('initiative_goals').selectAll().where('initiative_id', '=', current.id).execute(),
      trx.selectFrom('release_initiatives').selectAll().where('initiative_id', '=', current.id).execute(),
    ]);
    const customRows = await removeCustomFields(trx, RECORD_TYPE, [current.id]);
    await recycle(trx, {
      userId: user.id,
      type: RECORD_TYPE,
      id: current.id,
      name: current.name,
      productId: current.product_id,
      rows: {
        initiatives: [current],
        initiative_goals: goalLinks,
        release_initiatives: releaseLinks,
        custom_field_values: customRows,
        initiative_children: children,
        features,
        epics,
      },
    });

    const ts = now();
    // One statement per kind for the audit rows of every record that loses its link.
    const auditLinks = async (
      table: 'initiatives' | 'features' | 'epics',
      type: string,
      column: 'parent_id' | 'initiative_id',
      change: Changes,
    ): Promise<void> => {
      await trx
        .insertInto('audits')
        .columns(['user_id', 'created_at', 'auditable_type', 'auditable_id', 'audit_action', 'changes'])
        .expression((eb) =>
          eb
            .selectFrom(table)
            .select((s) => [
              s.val(user.id).as('user_id'),
              s.val(ts).as('created_at'),
              s.val(type).as('auditable_type'),
              'id',
              s.val('update').as('audit_action'),
              s.val(JSON.stringify(change)).as('changes'),
            ])
            .where(column, '=', current.id),
        )
        .execute();
    };
    if (children.length)
      await auditLinks('initiatives', RECORD_TYPE, 'parent_id', {
        parent_id: [current.id, current.parent_id],
      });
    if (features.length) await auditLinks('features', 'Feature', 'initiative_id', { initiative_id: [current.id, null] });
    if (epics.length) await auditLinks('epics', 'Epic', 'initiative_id', { initiative_id: [current.id, null] });

    await trx
      .updateTable('initiatives')
      .set({ parent_id: current.parent_id, updated_at: ts })
      .where('parent_id', '=', current.id)
      .execute();
    await trx.updateTable('features').set({ initiative_id: null, updated_at: ts }).where('initiative_id', '=', current.id).execute();
    await trx.updateTable('epics').set({ initiative_id: null, updated_at: ts }).where('initiative_id', '=', current.id).execute();
    await trx.deleteFrom('initiative_goals').where('initiative_id', '=', current.id).execute();
    await trx.deleteFrom('release_initiatives').where('initiative_id', '=', current.id).execute();
    await trx.deleteFrom('initiatives').where('id', '=', current.id).execute();
    await auditDestroyed(trx, user.id, RECORD_TYPE, current);

    // The parent now counts the grandchildren instead; the goals lose this initiative from their mean.
    const rollups = new RollupScheduler(trx).mark('initiative', current.parent_id);
    for (const link of goalLinks) rollups.mark('goal', link.goal_id);
    await rollups.flush();
  });
}
