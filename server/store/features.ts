// Features: look-ups by id or key, the write rules of operations 1 and 2 (every problem of a body
// reported at once, nothing written when any is found), delete into the recycle bin, indexed lists,
// and the full response shape built for a whole page in a bounded number of queries.
import { sql } from 'kysely';
import type { Kysely, Selectable } from 'kysely';
import type { z } from 'zod';
import type { featureCreateInput, featureUpdateInput } from '../../src/contract/features';
import type { Feature, Requirement } from '../../src/contract/features';
import { FEATURE_PROGRESS_SOURCES_CREATE } from '../../src/domain/progress';
import type { FeatureProgressSource } from '../../src/domain/progress';
import type { Checked, FieldProblems, Paging } from '../problems';
import { dialectOf } from './dialect';
import { countMatches } from './counts';
import type { CountedScope } from './counts';
import { seekPage } from './pages';
import { rowsById } from './row-cache';
import type { LookupTable } from './row-cache';
import type { Db } from './audit';
import { inTransaction } from './transactions';
import { prepared } from './prepared';
import { asId, filterTargets, findByIdOrKey, findInProduct, loadOne, requiring } from './resolve';
import { createInRelease, planReference, planWorkItem, updateInRelease } from './work-item-rules';
import type { PlanContext, ReleaseItemPlan } from './work-item-rules';
import { deleteRecord } from './record-writes';
import type { RecordRemoval } from './record-writes';
import { FEATURE_ITEM } from './work-items';
import type { Database, FeatureRow, FeatureUpdate, ReleaseRow } from './schema';
import { customFieldsFor, removeCustomFields } from './custom-fields';
import { serializeRequirements } from './requirements';
import { itemMembers, itemRelations } from './release-item-shapes';
import { COMPACT_COLUMNS, namedLink, phaseLink, recordLink, shapedOne } from './serialize';
import type { RowShape, ShapedRow } from './serialize';
import { addFilterTerms, col, scopeTerm } from './item-lists';
import type { ItemListFilter, ItemPage, Term } from './item-lists';

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

type Plan = ReleaseItemPlan<FeatureUpdate>;

/** Create and update bodies alike: the contract has already decided which forms each accepts. */
type FeatureInput = Omit<FeatureChange, 'progress_source' | 'watchers'> & {
  progress_source?: FeatureProgressSource | undefined;
  watchers?: string | string[] | undefined;
};

/**
 * Checks a create or update body against the stored records and turns it into columns. Every
 * problem is added to `problems`; the caller throws them together before writing anything. The
 * rules features share with epics (status, people, estimates, dates, progress, team, initiative, watchers) are
 * in `planWorkItem`; here are the feature's own: kind, release phase (a move to another release
 * clears it unless the body names one of the new release's phases) and epic.
 */
async function planFeature(db: Db, ctx: PlanContext<FeatureRow>, input: FeatureInput, problems: FieldProblems): Promise<Plan> {
  const { productId, stored } = ctx;
  const columns: FeatureUpdate = {};
  const { release, moved, ...lists } = await planWorkItem(db, { ...ctx, item: FEATURE_ITEM }, input, columns, problems);

  const inProduct = (table: 'workflow_kinds' | 'epics') => (ref: string) => findInProduct(db, table, productId, ref);
  await planReference(
    columns,
    {
      field: 'workflow_kind',
      column: 'workflow_kind_id',
      sent: input.workflow_kind,
      find: inProduct('workflow_kinds'),
      message: 'must be the name or id of a feature type of this product',
    },
    problems,
  );
  // Links inside the release and product (a move clears the phase unless the body names one).
  const phase = input.release_phase === undefined && moved && stored?.release_phase_id !== null ? null : input.release_phase;
  await planReference(
    columns,
    {
      field: 'release_phase',
      column: 'release_phase_id',
      sent: phase,
      find: (ref) => findPhase(db, release.id, ref),
      message: "must be the name or id of a phase of the feature's release",
    },
    problems,
  );
  await planReference(
    columns,
    {
      field: 'epic',
      column: 'epic_id',
      sent: input.epic,
      find: inProduct('epics'),
      message: 'must be the name, id or key of an epic of this product',
    },
    problems,
  );

  return { columns, release, ...lists };
}

async function findPhase(db: Db, releaseId: number, ref: string): Promise<number | null> {
  const text = ref.trim();
  const id = /^\d+$/.test(text) ? asId(text) : null;
  const row = await db
    .selectFrom('release_phases')
    .select('id')
    .where('release_id', '=', releaseId)
    .where((eb) => eb.or([...(id !== null ? [eb('id', '=', id)] : []), dialectOf(db).equalsIgnoringCase('name', text)]))
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
  return inTransaction(db, (trx) =>
    createInRelease(
      trx,
      FEATURE_ITEM,
      args,
      (ctx, body, problems) => planFeature(trx, ctx, body, problems),
      (columns) => ({
        tags: columns.tags ?? '',
        progress_source: columns.progress_source ?? 'progress_manual',
        workflow_status_id: columns.workflow_status_id ?? 0,
      }),
    ),
  );
}

/** Operation 2: applies the body's fields to a stored feature. */
export const updateFeature = updateInRelease(FEATURE_ITEM, planFeature);

/** Deletes a feature: it and its requirements, tags and watchers go to the recycle bin first. */
export function deleteFeature(db: Kysely<Database>, args: RecordRemoval): Promise<number> {
  return db.transaction().execute((trx) =>
    deleteRecord(trx, FEATURE_ITEM, args, async (feature) => {
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

/** The features of one epic (`GET /epics/{id}/features`) or initiative are read newest first through `features_epic`, `features_initiative`. */
export interface FeatureListFilter extends ItemListFilter {
  /** The features of one epic (`GET /epics/{id}/features`). */
  epicId?: number | undefined;
}

/** Above this many matches a page walks the scope's ordered index instead of sorting the matches. */
const WALK_FROM = 2_000;

type TermName = 'scope' | 'fts' | 'tag' | 'assignee' | 'status' | 'updated' | 'like';

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
  shape?: S,
): ItemPage<S, FeatureRow> {
  const targets = await filterTargets(db, FEATURE_ITEM.recordType, filter);
  if (!targets) return { rows: [], total: 0 };
  const { statuses } = targets;
  const q = filter.q?.trim() ?? '';

  // Each condition, written as an index constraint or (probe) as a plain test.
  const terms = new Map<TermName, Term>();
  const scope = scopeTerm('f', filter, ['epic', 'initiative', 'release', 'product']);
  if (scope) terms.set('scope', scope);
  else if (statuses !== null) {
    // A status belongs to one product: naming those products lets (product_id, workflow_status_id) serve.
    const products = [...new Set(statuses.map((s) => s.product_id))];
    terms.set('scope', (x) => sql`${col(x, 'f.product_id')} IN (${sql.join(products)})`);
  }
  if (q !== '' && [...q].length >= dialectOf(db).textSearchMinLength) {
    terms.set('fts', (x) => dialectOf(db).textSearch('features', col(x, 'f.id'), q));
  }
  const statusIds = statuses?.map((s) => s.id) ?? null;
  addFilterTerms(terms, { alias: 'f', tags: FEATURE_ITEM.tags }, { ...filter, assigneeId: targets.assigneeId, statusIds });
  if (q !== '' && [...q].length < dialectOf(db).textSearchMinLength) terms.set('like', () => dialectOf(db).containsText('f.name', q));

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
  const watcherRows = need('watchers') ? await watcherRowsOf(db, featureIds) : [];
  const rel = await itemRelations(db, FEATURE_ITEM, rows, need, watcherRows, origin);
  const requirementRows = need('requirements') ? await requirementRowsOf(db, featureIds) : [];
  // The requirements' features are the rows being shown: no second read of them.
  const requirements = await serializeRequirements(db, requirementRows, origin, new Map(rows.map((f) => [f.id, f])));

  // Rows beside the features, by id (remembered until the next write: store/row-cache.ts).
  const load = async <T extends LookupTable>(fields: string[], column: keyof FeatureRow, table: T) =>
    need(...fields) ? rowsById(db, table, ids(rows.map((r) => r[column] as number | null))) : new Map<number, Selectable<Database[T]>>();
  const kinds = await load(['workflow_kind'], 'workflow_kind_id', 'workflow_kinds');
  const phases = await load(['belongs_to_release_phase'], 'release_phase_id', 'release_phases');
  const phaseFields = await customFieldsFor(db, 'ReleasePhase', [...phases.keys()]);
  const epics = await load(['epic', 'epic_reference_num', 'master_feature'], 'epic_id', 'epics');

  const watchersOf = new Map<number, number[]>();
  for (const w of watcherRows) (watchersOf.get(w.feature_id) ?? watchersOf.set(w.feature_id, []).get(w.feature_id))?.push(w.user_id);
  const requirementsOf = new Map<string, Requirement[]>();
  for (const r of requirements) (requirementsOf.get(r.feature.id) ?? requirementsOf.set(r.feature.id, []).get(r.feature.id))?.push(r);

  return rows.map((f): Feature => {
    const phase = f.release_phase_id !== null ? phases.get(f.release_phase_id) : undefined;
    const epic = f.epic_id !== null ? epics.get(f.epic_id) : undefined;
    return {
      ...itemMembers(FEATURE_ITEM, f, rel, watchersOf.get(f.id) ?? [], origin),
      workflow_kind: namedLink(f.workflow_kind_id !== null ? kinds.get(f.workflow_kind_id) : undefined),
      progress_source: isFeatureSource(f.progress_source) ? f.progress_source : 'progress_manual',
      belongs_to_release_phase: phase ? phaseLink(phase, phaseFields.get(phase.id) ?? []) : null,
      epic: recordLink('epics', epic, origin),
      epic_reference_num: epic?.reference_num ?? null,
      master_feature: recordLink('epics', epic, origin),
      requirements: requirementsOf.get(String(f.id)) ?? [],
      // The feature's own estimates (requirements carry none here); time is not logged.
      feature_only_original_estimate: f.initial_estimate,
      feature_only_remaining_estimate: f.remaining_estimate,
      feature_only_work_done: null,
      feature_links: [],
    };
  });
}

/** One feature's full record by id. */
export const loadFeature = (db: Db, id: number, origin: string, wanted: Set<string> | null = null): Promise<Feature> =>
  loadOne(db, 'features', 'Feature', id, (rows) => serializeFeatures(db, rows, origin, wanted));

/** A feature row as the API shows it (the row as read: a show answers from the row it found). */
export const showFeature = (db: Db, row: FeatureRow, origin: string, wanted: Set<string> | null = null): Promise<Feature> =>
  shapedOne(serializeFeatures(db, [row], origin, wanted), 'Feature', row.id);
