// Features: look-ups by id or key, the write rules of operations 1 and 2 (every problem of a body
// reported at once, nothing written when any is found), delete into the recycle bin, indexed lists,
// and the full response shape built for a whole page in a bounded number of queries.
import { sql } from 'kysely';
import type { Kysely, RawBuilder, Selectable } from 'kysely';
import type { z } from 'zod';
import type { featureCreateInput, featureUpdateInput } from '../../src/contract/features';
import type { Feature, Requirement } from '../../src/contract/features';
import type { CustomFieldValue } from '../../src/contract/custom-fields';
import { formatEstimate } from '../../src/domain/estimate';
import type { CapacityUnits } from '../../src/domain/estimate';
import { FEATURE_PROGRESS_SOURCES_CREATE } from '../../src/domain/progress';
import type { FeatureProgressSource } from '../../src/domain/progress';
import { notFound } from '../problems';
import type { Checked, FieldProblems, Paging } from '../problems';
import { dialect } from './dialect';
import { countMatches } from './counts';
import type { CountedScope } from './counts';
import { seekPage } from './pages';
import { rowsById } from './row-cache';
import type { LookupTable } from './row-cache';
import type { Db } from './audit';
import { inTransaction } from './transactions';
import { placeIn } from './positions';
import { prepared } from './prepared';
import { asId, findByIdOrKey, findInProduct, requiring, findInitiative, findUser } from './resolve';
import { ESTIMATES, beginCreate, deleteWorkItem, finishCreate, planWorkItem, unitsOf, updateWorkItem } from './work-item-rules';
import { FEATURE_ITEM } from './work-items';
import type { Database, FeatureRow, FeatureUpdate, ProductRow, ReleaseRow, UserRow, WorkflowStatusRow } from './schema';
import { customFieldsFor, removeCustomFields } from './custom-fields';
import type { CustomFieldPlan } from './custom-fields';
import { serializeRequirements } from './requirements';
import {
  assigneeRef,
  COMPACT_COLUMNS,
  describedLink,
  fullTags,
  hostedMembers,
  keyedLink,
  links,
  namedLink,
  noteBody,
  phaseLink,
  placeholderStatus,
  recordLink,
  releaseLink,
  statusRef,
  unmodelledPlanning,
  userRef,
} from './serialize';
import type { RowShape, ShapedRow } from './serialize';

type FeatureChange = z.output<typeof featureUpdateInput>;

/** Compact list items unless `fields` asks for more. */
export const FEATURE_COMPACT_FIELDS = ['id', 'name', 'reference_num', 'created_at', 'product_id', 'url', 'resource'] as const;

// ---------------------------------------------------------------------------------------------
// Look-ups

/** Feature by numeric id or reference key (`PLN-12`, any case). */
export const findFeature = (db: Db, idOrKey: string): Promise<FeatureRow | null> => findByIdOrKey(db, 'features', 'reference_num', idOrKey);

export const requireFeature = requiring<FeatureRow>(findFeature, 'Feature');

const isFeatureSource = (s: string): s is FeatureProgressSource => (FEATURE_PROGRESS_SOURCES_CREATE as readonly string[]).includes(s);

// ---------------------------------------------------------------------------------------------
// Write rules

interface Plan {
  /** Columns to write (create: all the body gave plus defaults; update: those the body touches). */
  columns: FeatureUpdate;
  /** Final release of the feature. */
  release: ReleaseRow;
  tags?: string[];
  watchers?: number[];
  customFields: CustomFieldPlan;
}

/** Create and update bodies alike: the contract has already decided which forms each accepts. */
type FeatureInput = Omit<FeatureChange, 'progress_source' | 'watchers'> & {
  progress_source?: FeatureProgressSource | undefined;
  watchers?: string | string[] | undefined;
};

/**
 * Checks a create or update body against the stored records and turns it into columns. Every
 * problem is added to `problems`; the caller throws them together before writing anything. The
 * rules features share with epics (status, people, estimates, dates, progress, team, watchers) are
 * in `planWorkItem`; here are the feature's own: kind, release phase (a move to another release
 * clears it unless the body names one of the new release's phases), initiative and epic.
 */
async function planFeature(
  db: Db,
  ctx: { productId: number; release: ReleaseRow; stored: FeatureRow | null; userId: number },
  input: FeatureInput,
  problems: FieldProblems,
): Promise<Plan> {
  const { productId, stored } = ctx;
  const columns: FeatureUpdate = {};
  const { release, moved, ...lists } = await planWorkItem(db, { ...ctx, item: FEATURE_ITEM }, input, columns, problems);

  if (input.workflow_kind !== undefined) {
    if (input.workflow_kind === null) columns.workflow_kind_id = null;
    else {
      const kind = await findInProduct(db, 'workflow_kinds', productId, input.workflow_kind);
      if (kind === null) problems.add('workflow_kind', 'must be the name or id of a feature type of this product');
      else columns.workflow_kind_id = kind;
    }
  }

  // Links inside the release and product (a move clears the phase unless the body names one).
  if (input.release_phase !== undefined) {
    if (input.release_phase === null) columns.release_phase_id = null;
    else {
      const phase = await findPhase(db, release.id, input.release_phase);
      if (!phase) problems.add('release_phase', "must be the name or id of a phase of the feature's release");
      else columns.release_phase_id = phase;
    }
  } else if (moved && stored?.release_phase_id !== null) columns.release_phase_id = null;
  if (input.initiative !== undefined) {
    if (input.initiative === null) columns.initiative_id = null;
    else {
      const initiative = await findInitiative(db, productId, input.initiative);
      if (!initiative) problems.add('initiative', 'must be the name or id of an initiative of this product');
      else columns.initiative_id = initiative.id;
    }
  }
  if (input.epic !== undefined) {
    if (input.epic === null) columns.epic_id = null;
    else {
      const epic = await findInProduct(db, 'epics', productId, input.epic);
      if (epic === null) problems.add('epic', 'must be the name, id or key of an epic of this product');
      else columns.epic_id = epic;
    }
  }

  return { columns, release, ...lists };
}

async function findPhase(db: Db, releaseId: number, ref: string): Promise<number | null> {
  const text = ref.trim();
  const id = /^\d+$/.test(text) ? asId(text) : null;
  const row = await db
    .selectFrom('release_phases')
    .select('id')
    .where('release_id', '=', releaseId)
    .where((eb) => eb.or([...(id !== null ? [eb('id', '=', id)] : []), dialect.equalsIgnoringCase('name', text)]))
    .orderBy(sql`id = ${id ?? -1}`, 'desc')
    .orderBy('position')
    .executeTakeFirst();
  return row?.id ?? null;
}

// ---------------------------------------------------------------------------------------------
// Writes

/** Operation 1: creates a feature in `release` (or the body's `release`); returns its id. */
export async function createFeature(
  db: Db,
  args: {
    release: ReleaseRow;
    input: Partial<z.output<typeof featureCreateInput>>;
    checked: Checked;
    userId: number;
  },
): Promise<number> {
  return inTransaction(db, async (trx) => {
    const { plan, input, referenceNum, productId } = await beginCreate(trx, FEATURE_ITEM, args, (ctx, body, problems) =>
      planFeature(trx, ctx, body, problems),
    );

    const at = { table: 'features', scope: 'release_id', scopeId: plan.release.id } as const;
    const next = (await placeIn(trx, at, input.position, true)) ?? 0;
    const ts = new Date().toISOString();
    const values = {
      ...plan.columns,
      product_id: productId,
      release_id: plan.release.id,
      reference_num: referenceNum,
      name: plan.columns.name ?? input.name,
      tags: plan.columns.tags ?? '',
      progress_source: plan.columns.progress_source ?? 'progress_manual',
      position: next,
      workflow_status_id: plan.columns.workflow_status_id ?? 0,
      created_at: ts,
      updated_at: ts,
    };
    const { id } = await trx.insertInto('features').values(values).returning('id').executeTakeFirstOrThrow();
    await finishCreate(trx, FEATURE_ITEM, id, plan, args.userId);
    return id;
  });
}

/** Operation 2: applies the body's fields to a stored feature. */
export async function updateFeature(
  db: Kysely<Database>,
  args: { featureId: number; input: FeatureChange; checked: Checked; userId: number },
): Promise<void> {
  await db
    .transaction()
    .execute((trx) =>
      updateWorkItem(trx, FEATURE_ITEM, { ...args, id: args.featureId }, (ctx, input, problems) =>
        planFeature(trx, { ...ctx, stored: ctx.stored as FeatureRow | null }, input, problems),
      ),
    );
}

/** Deletes a feature: it and its requirements, tags and watchers go to the recycle bin first. */
export async function deleteFeature(db: Kysely<Database>, args: { featureId: number; userId: number }): Promise<void> {
  await db.transaction().execute((trx) =>
    deleteWorkItem(trx, FEATURE_ITEM, { id: args.featureId, userId: args.userId }, async (feature) => {
      // Its requirements go with it, and their custom field values.
      const requirements = await trx.selectFrom('requirements').selectAll().where('feature_id', '=', feature.id).execute();
      const values = await removeCustomFields(
        trx,
        'Requirement',
        requirements.map((r) => r.id),
      );
      return {
        children: { requirements, custom_field_values: values },
        after: async () => {
          await trx.deleteFrom('requirements').where('feature_id', '=', feature.id).execute();
        },
      };
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Lists

export interface FeatureListFilter {
  productId?: number | undefined;
  releaseId?: number | undefined;
  /** The features of one epic (`GET /epics/{id}/features`), newest first through `features_epic`. */
  epicId?: number | undefined;
  /** The features of one initiative (`GET /initiatives/{id}/features`), newest first through `features_initiative`. */
  initiativeId?: number | undefined;
  /**
   * The features of a goal (`GET /goals/{id}/features`): features have no goal link of their own,
   * so those whose initiative is linked to the goal.
   */
  goalId?: number | undefined;
  q?: string | undefined;
  updatedSince?: string | undefined;
  tag?: string | undefined;
  /** User id or email. */
  assignedToUser?: string | undefined;
  /** Status id or name. */
  workflowStatus?: string | undefined;
}

/** Above this many matches a page walks the scope's ordered index instead of sorting the matches. */
const WALK_FROM = 2_000;

type Term = 'scope' | 'fts' | 'tag' | 'assignee' | 'status' | 'updated' | 'like';

/**
 * One page of features and the total, in a bounded number of indexed queries.
 *
 * SQLite picks one index per table, and without statistics it can pick badly (two rowid IN-lists
 * multiply into a cross product). So the plan is chosen here: one filter drives — name search
 * (trigram FTS), then tag (tag, feature_id), assignee (scope, assigned_to_id), status
 * (scope, workflow_status_id), updated_since (scope, updated_at) — beside the scope, and every
 * other condition is a probe, written with unary `+` so SQLite cannot use an index for it
 * (migration 2 adds the (scope, filter) indexes). The count uses the driver.
 * The page then either sorts the driver's matches (few of them) or, when there are many, walks the
 * scope's ordered index — (release_id, position, id), (product_id, id) or the primary key — and
 * probes, stopping after one page. Names shorter than 3 characters (which trigrams cannot match)
 * are a LIKE probe.
 */
export async function listFeatures<S extends RowShape = 'whole'>(
  db: Db,
  filter: FeatureListFilter,
  page: Paging,
  /** `compact`: only the compact columns (the default list item), cheaper to read and build. */
  shape?: S,
): Promise<{ rows: ShapedRow<S, FeatureRow>[]; total: number }> {
  const empty = { rows: [], total: 0 };
  let assigneeId: number | null = null;
  if (filter.assignedToUser !== undefined && filter.assignedToUser.trim() !== '') {
    const user: UserRow | null = await findUser(db, filter.assignedToUser);
    if (!user) return empty;
    assigneeId = user.id;
  }
  let statuses: { id: number; product_id: number }[] | null = null;
  if (filter.workflowStatus !== undefined && filter.workflowStatus.trim() !== '') {
    const text = filter.workflowStatus.trim();
    let q = db
      .selectFrom('workflow_statuses as ws')
      .innerJoin('workflows as w', 'w.id', 'ws.workflow_id')
      .select(['ws.id', 'w.product_id'])
      .where('w.statusable_type', '=', 'Feature');
    if (filter.productId !== undefined) q = q.where('w.product_id', '=', filter.productId);
    const id = /^\d+$/.test(text) ? asId(text) : null;
    q = id !== null ? q.where('ws.id', '=', id) : q.where(dialect.equalsIgnoringCase('ws.name', text));
    statuses = await q.execute();
    if (statuses.length === 0) return empty;
  }
  const q = filter.q?.trim() ?? '';
  const tag = filter.tag?.trim() ?? '';

  // Each condition, written as an index constraint or (probe) as a plain test.
  const col = (probe: boolean, column: string) => (probe ? dialect.noIndex(column) : sql.ref(column));
  const terms = new Map<Term, (probe: boolean) => RawBuilder<unknown>>();
  if (filter.epicId !== undefined) terms.set('scope', (x) => sql`${col(x, 'f.epic_id')} = ${filter.epicId}`);
  else if (filter.initiativeId !== undefined) terms.set('scope', (x) => sql`${col(x, 'f.initiative_id')} = ${filter.initiativeId}`);
  else if (filter.goalId !== undefined) {
    terms.set(
      'scope',
      (x) => sql`${col(x, 'f.initiative_id')} IN (SELECT initiative_id FROM initiative_goals WHERE goal_id = ${filter.goalId})`,
    );
  } else if (filter.releaseId !== undefined) terms.set('scope', (x) => sql`${col(x, 'f.release_id')} = ${filter.releaseId}`);
  else if (filter.productId !== undefined) terms.set('scope', (x) => sql`${col(x, 'f.product_id')} = ${filter.productId}`);
  else if (statuses !== null) {
    // A status belongs to one product: naming those products lets (product_id, workflow_status_id) serve.
    const products = [...new Set(statuses.map((s) => s.product_id))];
    terms.set('scope', (x) => sql`${col(x, 'f.product_id')} IN (${sql.join(products)})`);
  }
  if (q !== '' && [...q].length >= dialect.textSearchMinLength) {
    terms.set('fts', (x) => dialect.textSearch('features', col(x, 'f.id'), q));
  }
  if (tag !== '') terms.set('tag', (x) => sql`${col(x, 'f.id')} IN (SELECT feature_id FROM feature_tags WHERE tag = ${tag})`);
  if (assigneeId !== null) terms.set('assignee', (x) => sql`${col(x, 'f.assigned_to_id')} = ${assigneeId}`);
  if (statuses !== null) {
    const ids = statuses.map((s) => s.id);
    terms.set('status', (x) => sql`${col(x, 'f.workflow_status_id')} IN (${sql.join(ids)})`);
  }
  if (filter.updatedSince !== undefined) terms.set('updated', (x) => sql`${col(x, 'f.updated_at')} > ${filter.updatedSince}`);
  if (q !== '' && [...q].length < dialect.textSearchMinLength) terms.set('like', () => dialect.containsText('f.name', q));

  const driver = (['fts', 'tag', 'assignee', 'status', 'updated', 'like'] as const).find((k) => terms.has(k)) ?? null;
  // Narrowed by its scope alone (or not at all): the scope's counter is the total.
  const countedScope = (): CountedScope | undefined => {
    if (terms.size > (terms.has('scope') ? 1 : 0)) return undefined;
    if (filter.epicId !== undefined) return { table: 'features', column: 'epic_id', id: filter.epicId };
    if (filter.initiativeId !== undefined) return { table: 'features', column: 'initiative_id', id: filter.initiativeId };
    // Several initiatives: no one counter holds the total.
    if (filter.goalId !== undefined) return undefined;
    if (filter.releaseId !== undefined) return { table: 'features', column: 'release_id', id: filter.releaseId };
    if (filter.productId !== undefined) return { table: 'features', column: 'product_id', id: filter.productId };
    return { table: 'features' };
  };
  // The scope stays an index constraint beside the driver: (scope, filter) indexes serve
  // assignee, status and updated_since; (scope, rowid) ones check tag and name matches.
  // Across the account the scope is derived from the statuses: a filter, never the walk's order.
  const scopeOrders =
    filter.releaseId !== undefined || filter.productId !== undefined || filter.epicId !== undefined || filter.initiativeId !== undefined;
  const conditions = (walk: boolean) =>
    [...terms.entries()].map(([k, term]) => term(walk ? !(k === 'scope' && scopeOrders) : !(k === driver || k === 'scope')));
  const where = (walk: boolean) => {
    const parts = conditions(walk);
    return parts.length ? sql`WHERE ${sql.join(parts, sql` AND `)}` : sql``;
  };

  const total = await countMatches(db, sql<{ n: number }>`SELECT count(*) AS n FROM features f ${where(false)}`, countedScope());
  if (total === 0 || page.offset >= total) return { rows: [], total };
  const order =
    filter.releaseId !== undefined && filter.epicId === undefined
      ? [
          { ref: 'f.position', field: 'position' },
          { ref: 'f.id', field: 'id' },
        ]
      : [{ ref: 'f.id', field: 'id', desc: true }];
  const walk = driver === null || total > WALK_FROM;
  const columns = shape === 'compact' ? sql.raw([...COMPACT_COLUMNS, 'position'].map((c) => `f.${c}`).join(', ')) : sql`f.*`;
  const rows = await seekPage<ShapedRow<S, FeatureRow>>(
    db,
    { select: sql`SELECT ${columns} FROM features f`, conditions: conditions(walk), order },
    page,
  );
  return { rows, total };
}

// ---------------------------------------------------------------------------------------------
// Response shape

const ids = (values: (number | null)[]): number[] => [...new Set(values.filter((v): v is number => v !== null))];

const watcherRowsOf = prepared((db, featureIds: number[]) =>
  db.selectFrom('feature_watchers').selectAll().where('feature_id', 'in', featureIds).orderBy('user_id'),
);
const requirementRowsOf = prepared((db, featureIds: number[]) =>
  db.selectFrom('requirements').selectAll().where('feature_id', 'in', featureIds).orderBy('feature_id').orderBy('position').orderBy('id'),
);

/**
 * Full feature records for rows (in their order), loading each related kind once for all rows:
 * releases, statuses, kinds, users, phases, initiatives, epics, teams, team statuses, iterations,
 * program increments, watchers and requirements — at most 13 queries whatever the page size, and
 * only those the wanted fields need.
 */
export async function serializeFeatures(db: Db, rows: FeatureRow[], origin: string, wanted: Set<string> | null): Promise<Feature[]> {
  if (rows.length === 0) return [];
  const need = (...names: string[]): boolean => wanted === null || names.some((n) => wanted.has(n));
  const featureIds = rows.map((r) => r.id);
  const products = need('project', 'release')
    ? await rowsById(db, 'products', [...new Set(rows.map((r) => r.product_id))])
    : new Map<number, ProductRow>();
  const estimateFields = ESTIMATES.flatMap((k) => [`${k}_estimate_text`]);

  const releases = need('release', 'release_reference_num', 'work_units', ...estimateFields)
    ? await rowsById(db, 'releases', ids(rows.map((r) => r.release_id)))
    : new Map<number, ReleaseRow>();

  const watcherRows = need('watchers') ? await watcherRowsOf(db, featureIds) : [];
  const requirementRows = need('requirements') ? await requirementRowsOf(db, featureIds) : [];

  // The requirements' features are the rows being shown: no second read of them.
  const requirements = await serializeRequirements(db, requirementRows, origin, new Map(rows.map((f) => [f.id, f])));
  const customFields = need('custom_fields') ? await customFieldsFor(db, 'Feature', featureIds) : new Map<number, CustomFieldValue[]>();

  const userIds = ids([
    ...(need('created_by_user') ? rows.map((r) => r.created_by_id) : []),
    ...(need('assigned_to_user') ? rows.map((r) => r.assigned_to_id) : []),
    ...watcherRows.map((w) => w.user_id),
    ...[...releases.values()].map((r) => r.owner_id),
  ]);
  const users: Map<number, UserRow> = await rowsById(db, 'users', userIds);

  const statusIds = ids(need('workflow_status') ? rows.map((r) => r.workflow_status_id) : []);
  const statuses: Map<number, WorkflowStatusRow> = await rowsById(db, 'workflow_statuses', statusIds);

  // Rows beside the features, by id (remembered until the next write: store/row-cache.ts).
  const load = async <T extends LookupTable>(field: string | string[], column: keyof FeatureRow, table: T) =>
    need(...[field].flat())
      ? rowsById(db, table, ids(rows.map((r) => r[column] as number | null)))
      : new Map<number, Selectable<Database[T]>>();
  const kinds = await load('workflow_kind', 'workflow_kind_id', 'workflow_kinds');
  const phases = await load('belongs_to_release_phase', 'release_phase_id', 'release_phases');
  const phaseFields = await customFieldsFor(db, 'ReleasePhase', [...phases.keys()]);
  const initiatives = await load(['initiative', 'initiative_reference_num'], 'initiative_id', 'initiatives');
  const epics = await load(['epic', 'epic_reference_num', 'master_feature'], 'epic_id', 'epics');
  const teams = await load('team', 'team_id', 'teams');
  const teamStatuses = await load('team_workflow_status', 'team_workflow_status_id', 'team_workflow_statuses');
  const iterations = await load('iteration', 'iteration_id', 'iterations');
  const increments = await load('program_increment', 'program_increment_id', 'program_increments');

  const watchersOf = new Map<number, number[]>();
  for (const w of watcherRows) (watchersOf.get(w.feature_id) ?? watchersOf.set(w.feature_id, []).get(w.feature_id))?.push(w.user_id);
  const requirementsOf = new Map<string, Requirement[]>();
  for (const r of requirements) (requirementsOf.get(r.feature.id) ?? requirementsOf.set(r.feature.id, []).get(r.feature.id))?.push(r);

  const at = (id: number | null) => (id === null ? undefined : users.get(id));
  return rows.map((f): Feature => {
    const release = releases.get(f.release_id);
    const units: CapacityUnits = release ? unitsOf(release) : 'time';
    const status = statuses.get(f.workflow_status_id);
    const phase = f.release_phase_id !== null ? phases.get(f.release_phase_id) : undefined;
    const teamStatus = f.team_workflow_status_id !== null ? teamStatuses.get(f.team_workflow_status_id) : undefined;
    const initiative = f.initiative_id !== null ? initiatives.get(f.initiative_id) : undefined;
    const epic = f.epic_id !== null ? epics.get(f.epic_id) : undefined;
    const tags = f.tags === '' ? [] : f.tags.split(',');
    // Relations not in `wanted` were not loaded; their placeholders are dropped by pickFields.
    return {
      id: String(f.id),
      name: f.name,
      reference_num: f.reference_num,
      product_id: String(f.product_id),
      position: f.position,
      release: releaseLink(release, f, {
        origin,
        product: products.get(f.product_id),
        owner: at(release?.owner_id ?? null),
      }),
      release_reference_num: release?.reference_num ?? '',
      workflow_kind: namedLink(f.workflow_kind_id !== null ? kinds.get(f.workflow_kind_id) : undefined),
      workflow_status: status ? statusRef(status) : placeholderStatus,
      description: noteBody({ id: f.id, type: 'Feature' }, f.description, f.created_at, f.updated_at),
      created_by_user: userRef(at(f.created_by_id)),
      assigned_to_user: assigneeRef(at(f.assigned_to_id)),
      tags,
      start_date: f.start_date,
      due_date: f.due_date,
      work_units: units,
      initial_estimate: f.initial_estimate,
      initial_estimate_text: formatEstimate(f.initial_estimate, units),
      detailed_estimate: f.detailed_estimate,
      detailed_estimate_text: formatEstimate(f.detailed_estimate, units),
      remaining_estimate: f.remaining_estimate,
      remaining_estimate_text: formatEstimate(f.remaining_estimate, units),
      progress: f.progress,
      progress_source: isFeatureSource(f.progress_source) ? f.progress_source : 'progress_manual',
      belongs_to_release_phase: phase ? phaseLink(phase, phaseFields.get(phase.id) ?? []) : null,
      initiative: describedLink('initiatives', initiative, origin),
      initiative_reference_num: initiative?.reference_num ?? null,
      epic: recordLink('epics', epic, origin),
      epic_reference_num: epic?.reference_num ?? null,
      master_feature: recordLink('epics', epic, origin),
      team: namedLink(f.team_id !== null ? teams.get(f.team_id) : undefined),
      team_workflow_status: teamStatus ? statusRef(teamStatus) : null,
      iteration: namedLink(f.iteration_id !== null ? iterations.get(f.iteration_id) : undefined),
      program_increment: keyedLink(f.program_increment_id !== null ? increments.get(f.program_increment_id) : undefined),
      watchers: (watchersOf.get(f.id) ?? []).map((id) => userRef(users.get(id))).filter((u) => u !== null),
      requirements: requirementsOf.get(String(f.id)) ?? [],
      status_changed_on: f.status_changed_on,
      created_at: f.created_at,
      updated_at: f.updated_at,
      custom_fields: customFields.get(f.id) ?? [],
      full_tags: fullTags(tags),
      // Goals link to initiatives here, not to work items; dependencies are not modelled.
      goals: [],
      feature_links: [],
      ...unmodelledPlanning(),
      ...links(origin, 'features', f.reference_num),
      ...hostedMembers(products.get(f.product_id), origin),
    };
  });
}

/** One feature's full record by id. */
export async function loadFeature(db: Db, id: number, origin: string, wanted: Set<string> | null = null): Promise<Feature> {
  const row = await db.selectFrom('features').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Feature', String(id));
  return showFeature(db, row, origin, wanted);
}

/** A feature row as the API shows it (the row as read: `loadFeature` reads it first). */
export async function showFeature(db: Db, row: FeatureRow, origin: string, wanted: Set<string> | null = null): Promise<Feature> {
  const [feature] = await serializeFeatures(db, [row], origin, wanted);
  if (!feature) throw notFound('Feature', String(row.id));
  return feature;
}
