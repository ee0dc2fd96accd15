// Write rules shared by the work-item kinds (`work-items.ts` describes each: table, parent, shared
// fields, roll-up edges), so every kind answers a body the same way: release moves, status, people,
// initiative, tags, estimates in the release's units, dates, progress only when manual, team and its
// dependents, watchers. Each kind's planner calls `planWorkItem` (or, for requirements and ideas,
// the rules it takes: `planStatus`, `planAssignee`, …) and then checks what is its own (phases,
// kinds, epics). Custom fields are shared: every kind plans them here. Every problem goes to
// `problems`; the caller throws them together before writing. Then the writes every work item
// shares: `createInRelease` / `finishCreate` and `updateWorkItem`, on the steps of `record-writes.ts`.
import { sql } from 'kysely';
import type { Insertable } from 'kysely';
import type { z } from 'zod';
import { NAME_MAX } from '../../src/contract/common';
import type { StatusInput } from '../../src/contract/common';
import type { CustomFieldsInput } from '../../src/contract/custom-fields';
import type { featureUpdateInput } from '../../src/contract/features';
import { parseEstimate, MAX_MINUTES, MAX_POINTS } from '../../src/domain/estimate';
import type { CapacityUnits } from '../../src/domain/estimate';
import { todayIso } from '../../src/domain/dates';
import { notFound } from '../problems';
import type { Checked, FieldProblems } from '../problems';
import { dialectOf } from './dialect';
import { planCustomFields, writeCustomFields } from './custom-fields';
import { requireLayoutFields } from './layouts';
import type { CustomFieldPlan } from './custom-fields';
import { audit, diff } from './audit';
import type { Changes, Db } from './audit';
import { placeIn } from './positions';
import { asId, defaultStatus, describeStatus, findInitiative, findRelease, findStatus, findTeam, findUser } from './resolve';
import { allocateReference } from './reference-numbers';
import { RollupScheduler } from './rollup-scheduler';
import type { Database, FeatureRow, FeatureUpdate, ReleaseRow } from './schema';
import { inTransaction } from './transactions';
import { linkChange, markRecord, readRecord, writeLinks } from './record-writes';
import type { AnyRow, RecordChange, RowOf } from './record-writes';
import type { WorkItemDescriptor, WorkItemKind } from './work-items';

type FeatureChange = z.output<typeof featureUpdateInput>;

export const TAG_MAX = NAME_MAX;
export const ESTIMATES = ['initial', 'detailed', 'remaining'] as const;

const isUnits = (u: string): u is CapacityUnits => u === 'time' || u === 'story_points';
export const unitsOf = (r: { capacity_units: string }): CapacityUnits => (isUnits(r.capacity_units) ? r.capacity_units : 'time');

/** Tags as sent (comma string): trimmed, empty parts dropped, de-duplicated ignoring case. */
export function parseTags(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of text.split(',')) {
    const tag = raw.trim();
    if (tag === '' || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    out.push(tag);
  }
  return out;
}

/**
 * A record a body field names (`assigned_to_user`, `initiative`, `epic`): the id of the one `find`
 * finds goes to `column`, null clears it, and one it does not find is a problem on `field`.
 */
export async function planReference<C extends string>(
  columns: Partial<Record<C, number | null>>,
  ref: { field: string; column: C; sent: string | null | undefined; find: (sent: string) => Promise<number | null>; message: string },
  problems: FieldProblems,
): Promise<void> {
  if (ref.sent === undefined) return;
  const id = ref.sent === null ? null : await ref.find(ref.sent);
  if (ref.sent !== null && id === null) problems.add(ref.field, ref.message);
  else columns[ref.column] = id;
}

/** The assignee a body names: an existing user's email; null unassigns. */
export const planAssignee = (
  db: Db,
  sent: string | null | undefined,
  columns: { assigned_to_id?: number | null },
  problems: FieldProblems,
) =>
  planReference(
    columns,
    {
      field: 'assigned_to_user',
      column: 'assigned_to_id',
      sent,
      find: async (email) => (await findUser(db, email))?.id ?? null,
      message: 'must be the email of an existing user',
    },
    problems,
  );

/** The initiative a body links a work item to: one of the product's, by name, id or key; null unlinks. */
export const planInitiative = (
  db: Db,
  productId: number,
  sent: string | null | undefined,
  columns: { initiative_id?: number | null },
  problems: FieldProblems,
) =>
  planReference(
    columns,
    {
      field: 'initiative',
      column: 'initiative_id',
      sent,
      find: async (ref) => (await findInitiative(db, productId, ref))?.id ?? null,
      message: 'must be the name, id or key of an initiative of this product',
    },
    problems,
  );

/** The tags a body sends (the contract joined an array with commas), each once, in order; undefined when it sends none. */
export function planTags(sent: string | undefined, columns: { tags?: string }, problems: FieldProblems): string[] | undefined {
  if (sent === undefined) return undefined;
  const tags = parseTags(sent);
  if (tags.some((t) => t.length > TAG_MAX)) problems.add('tags', `has a tag longer than ${TAG_MAX} characters`);
  columns.tags = tags.join(',');
  return tags;
}

/** The body fields every work item takes, in the form the contracts hand them over. */
export type WorkItemInput = Pick<
  FeatureChange,
  | 'release'
  | 'name'
  | 'workflow_status'
  | 'description'
  | 'created_by'
  | 'assigned_to_user'
  | 'tags'
  | 'initial_estimate_text'
  | 'detailed_estimate_text'
  | 'remaining_estimate_text'
  | 'initial_estimate'
  | 'detailed_estimate'
  | 'remaining_estimate'
  | 'start_date'
  | 'due_date'
  | 'progress'
  | 'initiative'
> &
  TeamInput & {
    progress_source?: string | undefined;
    /** A comma string on create, an array on update (the contract checks which form). */
    watchers?: string | string[] | undefined;
    custom_fields?: CustomFieldsInput | undefined;
  };

/** The stored columns the rules compare against (null on create). */
export type WorkItemStored = Pick<
  FeatureRow,
  'id' | 'release_id' | 'start_date' | 'due_date' | 'progress_source' | 'initial_estimate' | 'detailed_estimate' | 'remaining_estimate'
> &
  TeamLinks & {
    /** Nullable on epics (their column predates the NOT NULL rule features got). */
    workflow_status_id: number | null;
  };

/** The columns the shared rules set. */
export type WorkItemColumns = Pick<
  FeatureUpdate,
  | 'release_id'
  | 'name'
  | 'status_changed_on'
  | 'description'
  | 'created_by_id'
  | 'assigned_to_id'
  | 'tags'
  | 'initial_estimate'
  | 'detailed_estimate'
  | 'remaining_estimate'
  | 'start_date'
  | 'due_date'
  | 'progress_source'
  | 'progress'
  | 'initiative_id'
> &
  TeamColumns & {
    /** Only ever set to a status id; typed wide enough for the epic column, which is nullable. */
    workflow_status_id?: number | null;
  };

export interface WorkItemPlan {
  /** Final release of the record. */
  release: ReleaseRow;
  /** An update that moves the record to another release. */
  moved: boolean;
  tags?: string[];
  watchers?: number[];
  /** The body's custom field values, checked against the product's definitions for the kind. */
  customFields: CustomFieldPlan;
}

/**
 * The shared rules of a create (`stored` null) or update body. Release rule: the body's `release`
 * moves the record (on create, chooses where it is made); estimates kept from before must be in the
 * new release's units. Computed sources never take `progress`.
 */
export async function planWorkItem(
  db: Db,
  ctx: {
    productId: number;
    release: ReleaseRow;
    stored: WorkItemStored | null;
    userId: number;
    item: WorkItemKind;
  },
  input: WorkItemInput,
  columns: WorkItemColumns,
  problems: FieldProblems,
): Promise<WorkItemPlan> {
  const { productId, stored, item } = ctx;
  const creating = stored === null;

  let release = ctx.release;
  if (input.release !== undefined) {
    const target = await findRelease(db, input.release);
    if (!target || target.product_id !== productId) problems.add('release', 'must be a release of the same product');
    else release = target;
  }
  const moved = stored !== null && release.id !== stored.release_id;
  if (moved || creating) columns.release_id = release.id;
  const units = unitsOf(release);

  if (input.name !== undefined) columns.name = input.name;

  await planStatus(db, item, { productId, stored }, input.workflow_status, columns, problems);

  if (input.description !== undefined) columns.description = input.description === '' ? null : input.description;

  // People.
  if (input.created_by !== undefined) {
    const user = await findUser(db, input.created_by);
    if (!user) problems.add('created_by', 'must be the email of an existing user');
    else columns.created_by_id = user.id;
  } else if (creating) columns.created_by_id = ctx.userId;
  await planAssignee(db, input.assigned_to_user, columns, problems);

  const tags = planTags(input.tags, columns, problems);

  // Estimates: text wins over the number; both in the final release's units.
  for (const k of ESTIMATES) {
    const text = input[`${k}_estimate_text`];
    const value = input[`${k}_estimate`];
    const column = `${k}_estimate` as const;
    if (text !== undefined) {
      if (text === null) columns[column] = null;
      else {
        const parsed = parseEstimate(text, units);
        if (!parsed.ok) problems.add(`${k}_estimate_text`, parsed.error);
        else columns[column] = parsed.value;
      }
    } else if (value !== undefined) {
      if (value === null) columns[column] = null;
      else if (value > (units === 'time' ? MAX_MINUTES : MAX_POINTS)) problems.add(column, 'is too large');
      // Whole minutes, or points to two decimals, as the text parser stores them.
      else columns[column] = units === 'time' ? Math.round(value) : Math.round(value * 100) / 100;
    }
  }
  if (moved && stored && unitsOf(ctx.release) !== units) {
    const kept = ESTIMATES.filter(
      (k) => input[`${k}_estimate_text`] === undefined && input[`${k}_estimate`] === undefined && stored[`${k}_estimate`] !== null,
    );
    if (kept.length > 0) {
      problems.add(
        'release',
        `is estimated in ${units === 'time' ? 'time' : 'story points'}; clear or re-enter the ${kept.join(', ')} estimate first`,
      );
    }
  }

  // Dates (a computed duration source may replace them later, in the roll-ups).
  if (input.start_date !== undefined) columns.start_date = input.start_date;
  if (input.due_date !== undefined) columns.due_date = input.due_date;
  const start = input.start_date !== undefined ? input.start_date : (stored?.start_date ?? null);
  const due = input.due_date !== undefined ? input.due_date : (stored?.due_date ?? null);
  if (start !== null && due !== null && due < start) problems.add('due_date', 'must not be before start_date');

  // Progress: settable only with manual progress (from the body, else as stored).
  const source = input.progress_source ?? (stored ? stored.progress_source : 'progress_manual');
  if (input.progress_source !== undefined || creating) columns.progress_source = source;
  if (input.progress !== undefined && input.progress !== null) {
    if (source !== 'progress_manual') problems.add('progress', 'can only be set when progress_source is progress_manual');
    else columns.progress = input.progress;
  } else if (input.progress === null && source === 'progress_manual') columns.progress = null;

  await planTeam(db, { productId, stored }, input, columns, problems);
  await planInitiative(db, productId, input.initiative, columns, problems);

  let watchers: number[] | undefined;
  if (input.watchers !== undefined) watchers = await checkWatchers(db, input.watchers, problems);

  const customFields = await planCustomFields(db, productId, item.recordType, input.custom_fields, problems, stored?.id);
  // What the workspace's layout makes required on create (issue 14).
  if (creating) await requireLayoutFields(db, productId, item.recordType, input, problems);

  return { release, moved, customFields, ...(tags ? { tags } : {}), ...(watchers ? { watchers } : {}) };
}

/**
 * Workflow status: a status of the kind's workflow in the product; the first one by default on
 * create. A change stamps `status_changed_on` on kinds that keep it.
 */
export async function planStatus(
  db: Db,
  item: WorkItemDescriptor,
  ctx: { productId: number; stored: { workflow_status_id: number | null } | null },
  sent: StatusInput | undefined,
  columns: { workflow_status_id?: number | null; status_changed_on?: string | null },
  problems: FieldProblems,
): Promise<void> {
  const { productId, stored } = ctx;
  const kind = item.recordType;
  if (sent !== undefined) {
    const status = await findStatus(db, productId, kind, sent);
    if (!status) problems.add('workflow_status', `must be ${item.article} ${kind} status of this product (${describeStatus(sent)} is not)`);
    else {
      columns.workflow_status_id = status.id;
      if (item.statusChangedOn && stored && stored.workflow_status_id !== status.id) columns.status_changed_on = todayIso();
    }
  } else if (stored === null) {
    const status = await defaultStatus(db, productId, kind);
    if (!status) problems.add('workflow_status', `cannot default: the product has no ${kind} workflow`);
    else columns.workflow_status_id = status.id;
  }
}

/** Replaces a record's tags (kinds with tags). */
export async function writeTags(db: Db, item: WorkItemDescriptor, id: number, tags: readonly string[]): Promise<void> {
  if (!item.tags) return;
  const { table, column } = item.tags;
  await sql`DELETE FROM ${sql.table(table)} WHERE ${sql.ref(column)} = ${id}`.execute(db);
  if (tags.length === 0) return;
  await sql`INSERT INTO ${sql.table(table)} (${sql.ref(column)}, tag) VALUES ${sql.join(tags.map((tag) => sql`(${id}, ${tag})`))}`.execute(
    db,
  );
}

/** The watchers a body asks for, against the stored ones: both sorted, or null when the set stays. */
export async function watcherChange(
  db: Db,
  item: WorkItemDescriptor,
  id: number,
  wanted: readonly number[] | undefined,
): Promise<[number[], number[]] | null> {
  if (!item.watchers || wanted === undefined) return null;
  const { table, column } = item.watchers;
  const rows = await sql<{
    user_id: number;
  }>`SELECT user_id FROM ${sql.table(table)} WHERE ${sql.ref(column)} = ${id} ORDER BY user_id`.execute(db);
  const before = rows.rows.map((r) => r.user_id);
  const after = [...wanted].sort((a, b) => a - b);
  return JSON.stringify(before) === JSON.stringify(after) ? null : [before, after];
}

/** Sets a record's watchers (replacing any). */
export async function writeWatchers(db: Db, item: WorkItemDescriptor, id: number, userIds: readonly number[]): Promise<void> {
  if (!item.watchers) return;
  const { table, column } = item.watchers;
  await sql`DELETE FROM ${sql.table(table)} WHERE ${sql.ref(column)} = ${id}`.execute(db);
  if (userIds.length === 0) return;
  await sql`INSERT INTO ${sql.table(table)} (${sql.ref(column)}, user_id) VALUES ${sql.join(userIds.map((u) => sql`(${id}, ${u})`))}`.execute(
    db,
  );
}

/** Watcher ids (a comma string on create, an array on update) that name existing users. */
async function checkWatchers(db: Db, sent: string | string[], problems: FieldProblems): Promise<number[]> {
  const ids = (typeof sent === 'string' ? sent.split(',') : sent).map((s) => s.trim()).filter((s) => s !== '');
  const wanted = [...new Set(ids.map((s) => asId(s) ?? -1))];
  const found = wanted.length
    ? new Set((await db.selectFrom('users').select('id').where('id', 'in', wanted).execute()).map((u) => u.id))
    : new Set<number>();
  const unknown = ids.filter((s) => !found.has(asId(s) ?? -1));
  if (unknown.length > 0) problems.add('watchers', `has unknown user ${unknown.length > 1 ? 'ids' : 'id'} ${unknown.join(', ')}`);
  return wanted.filter((id) => found.has(id));
}

/** The team links of a stored record, the body fields naming them, the columns they set (features, epics). */
export type TeamLinks = Pick<FeatureRow, 'team_id' | 'iteration_id' | 'program_increment_id'>;
export type TeamInput = Pick<FeatureChange, 'team' | 'team_workflow_status' | 'iteration' | 'program_increment'>;
export type TeamColumns = Pick<FeatureUpdate, 'team_id' | 'team_workflow_status_id' | 'iteration_id' | 'program_increment_id'>;

/**
 * Team and what hangs off it: team status, iteration, program increment. When the team changes and
 * the body does not name the team's dependents, the team status becomes the new team's first status
 * (none without a team) and the iteration and program increment are cleared; dependents named in
 * the body are checked against the new team.
 */
async function planTeam(
  db: Db,
  ctx: { productId: number; stored: TeamLinks | null },
  input: TeamInput,
  columns: TeamColumns,
  problems: FieldProblems,
): Promise<void> {
  const stored = ctx.stored;
  let team: number | null = stored?.team_id ?? null;
  let teamKnown = true;
  if (input.team !== undefined) {
    if (input.team === null) team = null;
    else {
      const row = await findTeam(db, input.team);
      if (!row || (row.product_id !== null && row.product_id !== ctx.productId)) {
        problems.add('team', 'must be the id or key of a team of this product');
        teamKnown = false;
      } else team = row.id;
    }
    columns.team_id = team;
  }
  if (!teamKnown) return; // dependents cannot be checked against a team that does not exist
  const teamChanged = team !== (stored?.team_id ?? null);

  if (input.team_workflow_status !== undefined && input.team_workflow_status !== null) {
    if (team === null) problems.add('team_workflow_status', 'needs a team');
    else {
      const sent = input.team_workflow_status;
      const byId = sent.id !== undefined ? asId(sent.id) : null;
      const row = await db
        .selectFrom('team_workflow_statuses')
        .select('id')
        .where('team_id', '=', team)
        .where((eb) => (sent.name !== undefined ? dialectOf(db).equalsIgnoringCase('name', sent.name.trim()) : eb('id', '=', byId ?? -1)))
        .executeTakeFirst();
      if (!row) problems.add('team_workflow_status', 'must be a status of the selected team');
      else columns.team_workflow_status_id = row.id;
    }
  } else if (input.team_workflow_status === null) columns.team_workflow_status_id = null;
  else if (teamChanged) {
    const first =
      team === null
        ? undefined
        : await db
            .selectFrom('team_workflow_statuses')
            .select('id')
            .where('team_id', '=', team)
            .orderBy('position')
            .orderBy('id')
            .executeTakeFirst();
    columns.team_workflow_status_id = first?.id ?? null;
  }

  if (input.iteration !== undefined && input.iteration !== null) {
    const id = asId(input.iteration);
    if (team === null) problems.add('iteration', 'needs a team');
    else {
      const row =
        id === null
          ? undefined
          : await db.selectFrom('iterations').select('id').where('id', '=', id).where('team_id', '=', team).executeTakeFirst();
      if (!row) problems.add('iteration', 'must be the id of an iteration of the selected team');
      else columns.iteration_id = row.id;
    }
  } else if (input.iteration === null || (teamChanged && stored?.iteration_id)) columns.iteration_id = null;

  if (input.program_increment !== undefined && input.program_increment !== null) {
    const ref = input.program_increment.trim();
    const id = /^\d+$/.test(ref) ? asId(ref) : null;
    if (team === null) problems.add('program_increment', 'needs a team');
    else {
      const row = await db
        .selectFrom('program_increments')
        .select('id')
        .where('team_id', '=', team)
        .where((eb) => (id !== null ? eb('id', '=', id) : eb('reference_num', '=', ref.toUpperCase())))
        .executeTakeFirst();
      if (!row) problems.add('program_increment', 'must be the id or key of a program increment of the selected team');
      else columns.program_increment_id = row.id;
    }
  } else if (input.program_increment === null || (teamChanged && stored?.program_increment_id)) {
    columns.program_increment_id = null;
  }
}

/** The context a work item's field plan reads: its product and release, what is stored, who writes. */
export interface PlanContext<Stored> {
  productId: number;
  release: ReleaseRow;
  stored: Stored | null;
  userId: number;
}

/** What a release item's planner gives: the columns its table takes, its final release and what hangs from it. */
export type ReleaseItemPlan<C> = Omit<WorkItemPlan, 'moved'> & { columns: C };

/** The columns `createInRelease` gives every release item's row; the kind's `fill` gives the rest its table needs. */
type InReleaseColumns = 'product_id' | 'release_id' | 'reference_num' | 'name' | 'position' | 'created_at' | 'updated_at';

/**
 * The create of a work item in a release (features, epics), inside its transaction: plan the fields
 * (every problem at once; nothing is written after a refusal), take the product's next reference
 * key for the kind, then insert the row — the plan's columns, its product, release, key, name, its
 * place (the end of the release unless the body places it) and what the kind's `fill` adds — and
 * `finishCreate` it. Answers its id.
 */
export async function createInRelease<
  T extends 'features' | 'epics',
  I extends { name?: string | undefined; position?: number | null | undefined },
  C extends { name?: string },
>(
  trx: Db,
  item: WorkItemKind & { table: T },
  args: { release: ReleaseRow; input: I; checked: Checked; userId: number },
  plan: (ctx: PlanContext<never>, input: I & { name: string }, problems: FieldProblems) => Promise<ReleaseItemPlan<C>>,
  fill: (columns: C) => Omit<Insertable<Database[T]>, InReleaseColumns>,
): Promise<number> {
  const { problems } = args.checked;
  // A name that failed its shape check is already a problem: the stand-in is never written.
  const input = { ...args.input, name: args.input.name ?? 'unwritten' };
  const productId = args.release.product_id;
  const planned = await plan({ productId, release: args.release, stored: null, userId: args.userId }, input, problems);
  problems.throwIfAny();
  const product = await trx.selectFrom('products').select('reference_prefix').where('id', '=', productId).executeTakeFirstOrThrow();
  const { columns, release } = planned;
  const at = new Date().toISOString();
  const row = {
    ...columns,
    product_id: productId,
    release_id: release.id,
    reference_num: await allocateReference(trx, item.kind, productId, (n) => item.reference.key(product.reference_prefix, n)),
    name: columns.name ?? input.name,
    // Both tables are ordered in their release; kysely cannot see through the union.
    position:
      (await placeIn(trx, { table: item.table as 'features', scope: 'release_id', scopeId: release.id }, input.position, true)) ?? 0,
    created_at: at,
    updated_at: at,
    ...fill(columns),
  };
  return finishCreate(trx, item, row as Insertable<Database[T]>, planned, args.userId);
}

/** What a work item's plan hands the shared writes: the columns it sets and what hangs from the record. */
export type ItemPlan = Pick<WorkItemPlan, 'tags' | 'watchers' | 'customFields'> & {
  columns: object;
  /** The linked records the body names (an idea's categories), for a kind with a link set. */
  links?: number[] | undefined;
};

/**
 * The update of a release item (features, epics) as its module declares it: its planner, given the
 * item's product and release as stored; the rest is `updateWorkItem`.
 */
export function updateInRelease<T extends 'features' | 'epics', I extends object>(
  item: WorkItemKind & { table: T },
  plan: (db: Db, ctx: PlanContext<RowOf<T>>, input: I, problems: FieldProblems) => Promise<ItemPlan>,
): (db: Db, args: RecordChange<I>) => Promise<void> {
  return (db, args) =>
    inTransaction(db, (trx) =>
      updateWorkItem(trx, item, args, async (stored, problems) => {
        const { product_id: productId, release_id: releaseId } = stored as AnyRow & { product_id: number; release_id: number };
        const release = await trx.selectFrom('releases').selectAll().where('id', '=', releaseId).executeTakeFirstOrThrow();
        return plan(trx, { productId, release, stored, userId: args.userId }, args.input, problems);
      }),
    );
}

/** The `position` a body sends, if its kind takes one. */
function sentPosition(input: object): number | null | undefined {
  const sent = 'position' in input ? input.position : undefined;
  return typeof sent === 'number' || sent === null ? sent : undefined;
}

/**
 * A work item's place among its parent's items after a write: the body's `position`, or the end of
 * its (new) release when it moved; undefined when it stays. Ideas, which live in the product, have none.
 */
async function placeAmongSiblings(
  db: Db,
  item: WorkItemDescriptor,
  stored: AnyRow,
  changed: Record<string, unknown>,
  sent: number | null | undefined,
): Promise<number | undefined> {
  if (item.parent.kind === 'product') return undefined;
  const scope = item.parent.column;
  const moved = typeof changed[scope] === 'number';
  const scopeId = Number(moved ? changed[scope] : stored[scope]);
  // The kind's table and parent column are one of the ordered pairs; kysely cannot see through the union.
  const at = { table: item.table as 'features', scope: scope as 'release_id', scopeId, recordId: stored.id };
  return placeIn(db, at, sent, moved);
}

/**
 * A work item's update, inside its transaction: plan the body against the stored row (every problem
 * at once), then write only what changed — the columns with a new `updated_at`, its place (in the new
 * release after a move), tags, watchers, links, custom fields — run the kind's own step `also` (an
 * idea's merge moves its votes; its changes join the audit), mark the roll-ups it touched and write
 * one audit row with the record as the write and its roll-ups left it. A body that changes nothing
 * writes nothing.
 */
export async function updateWorkItem<T extends WorkItemDescriptor['table']>(
  trx: Db,
  item: WorkItemDescriptor & { table: T },
  args: RecordChange<object>,
  plan: (stored: RowOf<T>, problems: FieldProblems) => Promise<ItemPlan>,
  also?: (before: RowOf<T>, changed: Readonly<Record<string, unknown>>) => Promise<Changes>,
): Promise<void> {
  const found = await readRecord(trx, item, args.id);
  if (!found) throw notFound(item.recordType, String(args.id));
  const before = found as AnyRow;
  const { problems } = args.checked;
  const planned = await plan(found, problems);
  problems.throwIfAny();

  const changed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(planned.columns) as [string, unknown][]) if (before[key] !== value) changed[key] = value;
  const position = await placeAmongSiblings(trx, item, before, changed, sentPosition(args.input));
  if (position !== undefined && position !== before.position) changed.position = position;
  const watchers = await watcherChange(trx, item, before.id, planned.watchers);
  const links = item.links ? await linkChange(trx, item.links, before.id, planned.links) : null;
  const customChange = await writeCustomFields(trx, item.recordType, before.id, planned.customFields);
  if (Object.keys(changed).length === 0 && !watchers && !links && !customChange) return;

  // One table stands for the union, as in readRecord.
  await trx
    .updateTable(item.table as 'features')
    .set({ ...changed, updated_at: new Date().toISOString() })
    .where('id', '=', before.id)
    .execute();
  if (changed.tags !== undefined && planned.tags) await writeTags(trx, item, before.id, planned.tags);
  if (watchers) await writeWatchers(trx, item, before.id, watchers[1]);
  if (item.links && links) await writeLinks(trx, item.links, before.id, links[1]);
  const own = also ? await also(found, changed) : {};
  // The old parents (after a move) lose the item; the new ones are found from the item itself.
  await markRecord(new RollupScheduler(trx), item, { id: before.id, before, changed: Object.keys(changed), links }).flush();

  const changes = { ...diff(before, (await readRecord(trx, item, before.id)) ?? before), ...own };
  if (watchers) changes.watchers = watchers;
  if (item.links && links) changes[item.links.audit] = links;
  if (customChange) changes.custom_fields = customChange;
  await audit(trx, { userId: args.userId, type: item.recordType, id: before.id, action: 'update', changes });
}

/**
 * What every create of a work item ends with once its row is planned: the insert, its tags,
 * watchers, links and custom fields, the roll-up marks, and one audit row with all of it (the record
 * as the write and its roll-ups left it). Answers its id.
 */
export async function finishCreate<T extends WorkItemDescriptor['table']>(
  trx: Db,
  item: WorkItemDescriptor & { table: T },
  row: Insertable<Database[T]>,
  plan: Omit<ItemPlan, 'columns'>,
  /** Null for a create no user of the service made (an idea a portal user submitted). */
  userId: number | null,
): Promise<number> {
  // One table stands for the union, as in readRecord; `row` is of the item's own table.
  const { id } = await trx
    .insertInto(item.table as 'features')
    .values(row as Insertable<Database['features']>)
    .returning('id')
    .executeTakeFirstOrThrow();
  if (plan.tags) await writeTags(trx, item, id, plan.tags);
  if (plan.watchers?.length) await writeWatchers(trx, item, id, plan.watchers);
  if (item.links && plan.links?.length) await writeLinks(trx, item.links, id, plan.links);
  const customChange = await writeCustomFields(trx, item.recordType, id, plan.customFields);
  await markRecord(new RollupScheduler(trx), item, { id, before: null, changed: null }).flush();
  const changes = diff(null, (await readRecord(trx, item, id)) ?? { id });
  if (plan.watchers?.length) changes.watchers = [null, plan.watchers];
  if (item.links && plan.links?.length) changes[item.links.audit] = [null, plan.links];
  if (customChange) changes.custom_fields = [null, customChange[1]];
  await audit(trx, { userId, type: item.recordType, id, action: 'create', changes });
  return id;
}
