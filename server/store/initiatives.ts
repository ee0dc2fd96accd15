// Initiatives: the rules of operation 11 and of updates (every problem of a body reported at once,
// nothing written when any is found), writes in one transaction with audit rows and roll-ups, delete
// into the recycle bin, lists with the filters a roll-up tree needs, and the wire shape of a page
// built in a fixed number of queries however many initiatives it shows.
import { sql } from 'kysely';
import type { Kysely, RawBuilder, SqlBool, Updateable } from 'kysely';
import type { z } from 'zod';
import type { Initiative, initiativeCreateInput } from '../../src/contract/initiatives';
import { wouldCreateCycle } from '../../src/domain/hierarchy';
import { INITIATIVE_DURATION_SOURCES, INITIATIVE_PROGRESS_SOURCES } from '../../src/domain/progress';
import type { Paging } from '../problems';
import { now } from '../problems';
import type { Page } from './pages';
import { relink } from './audit';
import { countMatches } from './counts';
import type { CountedScope } from './counts';
import type { Db } from './audit';
import { nextPosition } from './positions';
import { customFieldsFor, planCustomFields } from './custom-fields';
import { requireLayoutFields } from './layouts';
import { COMMENTABLE_TYPE_OF, commentCounts } from './discussions';
import type { CustomFieldCondition } from './custom-fields';
import { planStrategy, timeFrameRef } from './goals';
import { deleteRecord, planLinks, rowsThrough, writesInProduct } from './record-writes';
import { checkDateOrder, planPerson, planProgress, planStatus } from './planning-rules';
import type { Planner, RecordRemoval } from './record-writes';
import { INITIATIVE_RECORD } from './work-items';
import { containsText, filterTargets, findInitiativeByIdOrKey } from './resolve';
import type { Database, InitiativeRow, InitiativesTable } from './schema';
import {
  assigneeRef,
  COMPACT_COLUMNS,
  compactItem,
  describedLink,
  links,
  noteBody,
  placeholderStatus,
  recordEnd,
  recordLink,
  releaseLink,
  shapedOne,
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
/** The releases linked to an initiative: a release's initiatives (`RELEASE_RECORD.links`) from the other side. */
const RELEASES_OF_INITIATIVE = { table: 'release_initiatives', own: 'initiative_id', other: 'release_id' } as const;
const INITIATIVE_STATUS = { recordType: RECORD_TYPE, noun: 'an initiative', byDefault: false } as const;
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
    rowsThrough(db, INITIATIVE_RECORD.links, 'goals', initiativeIds, ['position', 'id']),
    customFieldsFor(db, RECORD_TYPE, initiativeIds),
    countBy(db, 'initiatives', 'parent_id', initiativeIds),
    countBy(db, 'epics', 'initiative_id', initiativeIds),
    countBy(db, 'features', 'initiative_id', initiativeIds),
  ]);
  const comments = await commentCounts(db, COMMENTABLE_TYPE_OF.Initiative, initiativeIds);
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
    need('releases') ? rowsThrough(db, RELEASES_OF_INITIATIVE, 'releases', initiativeIds, ['release_date', 'id']) : [],
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
        .filter((g) => g.linked_from === i.id)
        .map((g) => describedLink('goals', g, origin))
        .filter((g) => g !== null),
      features: linkedFeatures.filter((f) => f.initiative_id === i.id).map((f) => compactItem('features', f, origin)),
      epic: epicsOf(i.id),
      master_features: epicsOf(i.id),
      releases: linkedReleases
        .filter((r) => r.linked_from === i.id)
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
      ...recordEnd('initiatives', i, products.get(i.product_id), origin, comments.get(i.id)),
    };
  });
}

export const initiativeBody = (db: Db, row: InitiativeRow, origin: string): Promise<Initiative> =>
  shapedOne(initiativeBodies(db, [row], origin), 'Initiative', row.id);

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
  if (f.q) conditions.push(containsText(db, 'i.name', f.q));
  if (f.updatedSince) conditions.push(sql<SqlBool>`i.updated_at > ${f.updatedSince}`);
  const targets = await filterTargets(db, RECORD_TYPE, f);
  if (!targets) return empty;
  if (targets.assigneeId !== null) conditions.push(sql<SqlBool>`i.assigned_to_id = ${targets.assigneeId}`);
  if (targets.statuses) conditions.push(sql<SqlBool>`i.workflow_status_id IN (${sql.join(targets.statuses.map((s) => s.id))})`);
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

const planInitiative: Planner<'initiatives', InitiativeInput> = async (db, product, existing, input, checked) => {
  const { problems } = checked;
  const values: Updateable<InitiativesTable> = {};

  // The create schema requires name and workflow_status, so their absence was reported when read.
  if (input.name !== undefined) values.name = input.name;
  await planStatus(db, INITIATIVE_STATUS, { product, stored: existing }, input.workflow_status, values, problems);
  const assignee = await planPerson(db, 'assigned_to_user', input.assigned_to_user, problems);
  if (assignee !== undefined) values.assigned_to_id = assignee;
  const creator = await planPerson(db, 'created_by', input.created_by, problems);
  if (creator !== undefined && creator !== null) values.created_by_id = creator;

  await planStrategy(db, product, input, values, problems);
  if (input.presented !== undefined) values.presented = input.presented ? 1 : 0;

  if (input.parent_id !== undefined) {
    if (input.parent_id === null) values.parent_id = null;
    else {
      const parent = await checkParent(db, existing, input.parent_id);
      if (!parent.ok) problems.add('parent_id', parent.problem);
      else values.parent_id = parent.id;
    }
  }

  if (input.start_date !== undefined) values.start_date = input.start_date;
  if (input.end_date !== undefined) values.end_date = input.end_date;
  checkDateOrder(checked, input, existing, 'end_date');

  if (input.duration_source !== undefined) values.duration_source = input.duration_source;
  planProgress(input, existing, values, checked);

  const links = await planLinks(db, 'goals', product, input.goals, problems);
  const customFields = await planCustomFields(db, product.id, RECORD_TYPE, input.custom_fields, problems, existing?.id);
  if (existing === null) await requireLayoutFields(db, product.id, RECORD_TYPE, input, problems);
  return { values, links, customFields };
};

// ---------------------------------------------------------------------------------------------
// Writes

/**
 * Operation 11, and the update of a stored initiative (a body that changes nothing writes nothing).
 * Every rule is checked first; all problems are thrown together; one transaction.
 */
export const { create: createInitiative, update: updateInitiative } = writesInProduct(
  INITIATIVE_RECORD,
  planInitiative,
  async (db, values, product) => ({
    name: values.name ?? '',
    workflow_status_id: values.workflow_status_id ?? null,
    // New initiatives go last unless the body places them.
    position: values.position !== undefined ? values.position : await nextPosition(db, 'initiatives', 'product_id', product.id),
  }),
);

/**
 * Deletes an initiative. Its children roll up into its parent instead (roots when it had none); its
 * features and epics lose the link; its goal, release and custom field rows go. The recycle bin keeps
 * the row and every link (`initiative_children` holds `{id, parent_id}` of each re-parented child,
 * `features` / `epics` `{id, initiative_id}`), so a restore can put them back; each record that lost
 * a link gets an update audit row. The parent now counts the grandchildren; the goals lose it.
 */
export function deleteInitiative(db: Kysely<Database>, args: RecordRemoval): Promise<number> {
  return db.transaction().execute((trx) =>
    deleteRecord(trx, INITIATIVE_RECORD, args, async (current) => {
      const [children, features, epics, releaseLinks] = await Promise.all([
        trx.selectFrom('initiatives').select(['id', 'parent_id']).where('parent_id', '=', current.id).orderBy('id').execute(),
        trx.selectFrom('features').select(['id', 'initiative_id']).where('initiative_id', '=', current.id).orderBy('id').execute(),
        trx.selectFrom('epics').select(['id', 'initiative_id']).where('initiative_id', '=', current.id).orderBy('id').execute(),
        trx.selectFrom('release_initiatives').selectAll().where('initiative_id', '=', current.id).execute(),
      ]);
      return {
        links: { release_initiatives: releaseLinks, initiative_children: children, features, epics },
        after: async () => {
          const moved = { from: current.id, userId: args.userId, at: now() };
          await relink(trx, { table: 'initiatives', type: RECORD_TYPE, column: 'parent_id', to: current.parent_id, ...moved });
          await relink(trx, { table: 'features', type: 'Feature', column: 'initiative_id', to: null, ...moved });
          await relink(trx, { table: 'epics', type: 'Epic', column: 'initiative_id', to: null, ...moved });
          await trx.deleteFrom('release_initiatives').where('initiative_id', '=', current.id).execute();
        },
      };
    }),
  );
}
