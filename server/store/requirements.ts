// Requirements of a feature: look-ups by id or key (`PLN-12-1`), the write rules of operation 3 and
// the update, delete into the recycle bin, the per-feature list (operation 4) and the response
// shape. Every write keeps the feature's progress (when it comes from requirements) and the
// roll-ups above it true, in the same transaction.
import type { Expression, Kysely, SqlBool } from 'kysely';
import type { z } from 'zod';
import type { requirementCreateInput, requirementUpdateInput } from '../../src/contract/features';
import type { Requirement } from '../../src/contract/features';
import { requirementKey } from '../../src/domain/reference';
import { notFound } from '../problems';
import type { Checked, FieldProblems, Paging } from '../problems';
import { dialectOf } from './dialect';
import type { Db } from './audit';
import { placeIn } from './positions';
import { findByIdOrKey, loadOne, requiring } from './resolve';
import { allocateReference } from './reference-numbers';
import { finishCreate, planAssignee, planStatus, updateWorkItem } from './work-item-rules';
import { deleteRecord } from './record-writes';
import type { RecordChange, RecordRemoval } from './record-writes';
import { REQUIREMENT_ITEM } from './work-items';
import type { Database, FeatureRow, RequirementRow } from './schema';
import { customFieldsFor, planCustomFields } from './custom-fields';
import { requireLayoutFields } from './layouts';
import { COMMENTABLE_TYPE_OF, commentCounts } from './discussions';
import type { CustomFieldPlan } from './custom-fields';
import { rowsById } from './row-cache';
import { assigneeRef, links, noteBody, placeholderStatus, recordEnd, statusRef, userRef } from './serialize';

type RequirementChange = z.output<typeof requirementUpdateInput>;
type RequirementUpdate = Partial<Omit<RequirementRow, 'id'>>;

/** Requirement by numeric id or reference key (`PLN-12-1`, any case). */
export const findRequirement = (db: Db, idOrKey: string): Promise<RequirementRow | null> =>
  findByIdOrKey(db, 'requirements', 'reference_num', idOrKey);

export const requireRequirement = requiring<RequirementRow>(findRequirement, 'Requirement');

/** Checks a body against the product's workflow, users and custom fields; returns the columns it sets. */
async function planRequirement(
  db: Db,
  ctx: { productId: number; stored: RequirementRow | null },
  input: RequirementChange,
  problems: FieldProblems,
): Promise<{ columns: RequirementUpdate; customFields: CustomFieldPlan }> {
  const columns: RequirementUpdate = {};
  if (input.name !== undefined) columns.name = input.name;
  await planStatus(db, REQUIREMENT_ITEM, ctx, input.workflow_status, columns, problems);
  if (input.description !== undefined) columns.description = input.description === '' ? null : input.description;
  await planAssignee(db, input.assigned_to_user, columns, problems);
  if (input.start_date !== undefined) columns.start_date = input.start_date;
  if (input.end_date !== undefined) columns.end_date = input.end_date;
  const start = input.start_date !== undefined ? input.start_date : (ctx.stored?.start_date ?? null);
  const end = input.end_date !== undefined ? input.end_date : (ctx.stored?.end_date ?? null);
  if (start !== null && end !== null && end < start) problems.add('end_date', 'must not be before start_date');
  const customFields = await planCustomFields(
    db,
    ctx.productId,
    REQUIREMENT_ITEM.recordType,
    input.custom_fields,
    problems,
    ctx.stored?.id,
  );
  if (ctx.stored === null) await requireLayoutFields(db, ctx.productId, REQUIREMENT_ITEM.recordType, input, problems);
  return { columns, customFields };
}

/** Operation 3: a requirement of `feature`, keyed `<feature key>-<n>`; returns its id. */
export async function createRequirement(
  db: Kysely<Database>,
  args: {
    featureId: number;
    input: Partial<z.output<typeof requirementCreateInput>>;
    checked: Checked;
    userId: number;
  },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const feature = await trx.selectFrom('features').selectAll().where('id', '=', args.featureId).executeTakeFirst();
    if (!feature) throw notFound('Feature', String(args.featureId));
    const { problems } = args.checked;
    // A name that failed its shape check is already a problem: the stand-in is never written.
    const input = { ...args.input, name: args.input.name ?? 'unwritten' };
    const plan = await planRequirement(trx, { productId: feature.product_id, stored: null }, input, problems);
    problems.throwIfAny();

    const referenceNum = await allocateReference(trx, 'requirement', feature.id, (n) => requirementKey(feature.reference_num, n));
    const next = (await placeIn(trx, { table: 'requirements', scope: 'feature_id', scopeId: feature.id }, input.position, true)) ?? 0;
    const ts = new Date().toISOString();
    const row = {
      ...plan.columns,
      feature_id: feature.id,
      reference_num: referenceNum,
      name: plan.columns.name ?? input.name,
      position: next,
      workflow_status_id: plan.columns.workflow_status_id ?? 0,
      created_by_id: args.userId,
      created_at: ts,
      updated_at: ts,
    };
    // The feature's progress may come from its requirements; what reads the feature follows it.
    return finishCreate(trx, REQUIREMENT_ITEM, row, plan, args.userId);
  });
}

export async function updateRequirement(db: Kysely<Database>, args: RecordChange<RequirementChange>): Promise<void> {
  await db.transaction().execute((trx) =>
    updateWorkItem(trx, REQUIREMENT_ITEM, args, async (stored, problems) => {
      const feature = await trx.selectFrom('features').select('product_id').where('id', '=', stored.feature_id).executeTakeFirstOrThrow();
      return planRequirement(trx, { productId: feature.product_id, stored }, args.input, problems);
    }),
  );
}

export function deleteRequirement(db: Kysely<Database>, args: RecordRemoval): Promise<number> {
  return db.transaction().execute((trx) => deleteRecord(trx, REQUIREMENT_ITEM, args));
}

/**
 * Operation 4: a page of a feature's requirements in position order, served by
 * (feature_id, position, id); `updated_since` by (feature_id, updated_at). A feature holds few
 * requirements, so `q` is a LIKE over that feature's rows.
 */
export async function listRequirements(
  db: Db,
  filter: { featureId: number; q?: string | undefined; updatedSince?: string | undefined },
  page: Paging,
): Promise<{ rows: RequirementRow[]; total: number }> {
  const q = filter.q?.trim() ?? '';
  const base = db.selectFrom('requirements as r').where((eb) => {
    const all: Expression<SqlBool>[] = [eb('r.feature_id', '=', filter.featureId)];
    if (filter.updatedSince !== undefined) all.push(eb('r.updated_at', '>', filter.updatedSince));
    if (q !== '') all.push(dialectOf(db).containsText('r.name', q));
    return eb.and(all);
  });
  const countRow = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const total = Number(countRow?.n ?? 0);
  if (total === 0 || page.offset >= total) return { rows: [], total };
  const rows = await base.selectAll('r').orderBy('r.position').orderBy('r.id').limit(page.perPage).offset(page.offset).execute();
  return { rows, total };
}

/** What a requirement shows of its feature. */
type RequirementFeature = Pick<FeatureRow, 'id' | 'name' | 'reference_num' | 'product_id' | 'release_id' | 'created_at'>;

/**
 * Full requirement records for rows, loading features, statuses, users and custom fields once for
 * all (statuses and users through the row cache: the same few on every page).
 */
export async function serializeRequirements(
  db: Db,
  rows: RequirementRow[],
  origin: string,
  /** The requirements' features when the caller has them already (a feature's own page). */
  known?: ReadonlyMap<number, RequirementFeature>,
): Promise<Requirement[]> {
  if (rows.length === 0) return [];
  const uniq = (v: (number | null)[]): number[] => [...new Set(v.filter((x): x is number => x !== null))];
  const [features, statuses, users, custom] = await Promise.all([
    known ??
      db
        .selectFrom('features')
        .select(['id', 'name', 'reference_num', 'product_id', 'release_id', 'created_at'])
        .where('id', 'in', uniq(rows.map((r) => r.feature_id)))
        .execute()
        .then((found) => new Map(found.map((f) => [f.id, f]))),
    rowsById(db, 'workflow_statuses', uniq(rows.map((r) => r.workflow_status_id))),
    rowsById(db, 'users', uniq(rows.flatMap((r) => [r.assigned_to_id, r.created_by_id]))),
    customFieldsFor(
      db,
      'Requirement',
      rows.map((r) => r.id),
    ),
  ]);
  const products = await rowsById(db, 'products', uniq([...features.values()].map((f) => f.product_id)));
  const comments = await commentCounts(
    db,
    COMMENTABLE_TYPE_OF.Requirement,
    rows.map((r) => r.id),
  );
  return rows.map((r): Requirement => {
    const f = features.get(r.feature_id);
    const s = statuses.get(r.workflow_status_id);
    return {
      id: String(r.id),
      name: r.name,
      reference_num: r.reference_num,
      position: r.position,
      feature: {
        id: String(r.feature_id),
        name: f?.name ?? '',
        reference_num: f?.reference_num ?? '',
        product_id: String(f?.product_id ?? 0),
        ...(f ? { created_at: f.created_at, ...links(origin, 'features', f.reference_num) } : {}),
      },
      release_id: String(f?.release_id ?? 0),
      start_date: r.start_date,
      end_date: r.end_date,
      workflow_status: s ? statusRef(s) : placeholderStatus,
      description: noteBody({ id: r.id, type: 'Requirement' }, r.description, r.created_at, r.updated_at),
      assigned_to_user: assigneeRef(r.assigned_to_id === null ? null : users.get(r.assigned_to_id)),
      created_by_user: userRef(r.created_by_id === null ? null : users.get(r.created_by_id)),
      // Requirements take no tags here; the hosted service's tag lists are answered empty.
      tags: [],
      full_tags: [],
      custom_fields: custom.get(r.id) ?? [],
      workflow_status_times: [],
      ...recordEnd('requirements', r, f ? products.get(f.product_id) : undefined, origin, comments.get(r.id)),
    };
  });
}

export const loadRequirement = (db: Db, id: number, origin: string): Promise<Requirement> =>
  loadOne(db, 'requirements', 'Requirement', id, (rows) => serializeRequirements(db, rows, origin));
