// Releases and release phases: their rules (checked together, before anything is written), writes
// in one transaction with audit and recycle-bin rows, and their wire shapes (one record or a page,
// loaded in a fixed number of queries however many releases are shown).
import type { Kysely, Updateable } from 'kysely';
import type { z } from 'zod';
import type { Release, ReleasePhase, releaseFieldsInput, releasePhaseCreateInput } from '../../src/contract/releases';
import { CAPACITY_UNITS, EXTERNAL_DATE_RESOLUTIONS } from '../../src/contract/releases';
import { formatEstimate, parseEstimate } from '../../src/domain/estimate';
import type { CapacityUnits } from '../../src/domain/estimate';
import { RELEASE_DURATION_SOURCES, RELEASE_PROGRESS_SOURCES } from '../../src/domain/progress';
import type { Checked, Paging } from '../problems';
import { FieldProblems, now } from '../problems';
import { listPage } from './pages';
import type { Page } from './pages';
import { auditDestroyedRow, relink, unlinkFeatures } from './audit';
import type { Db } from './audit';
import { placeIn } from './positions';
import { createRecord, deleteRecord, linkedIds, planLinks, rowsThrough, updateRecord, writesInProduct } from './record-writes';
import type { Planner, RecordPlan, RecordRemoval } from './record-writes';
import { PHASE_RECORD, RELEASE_RECORD } from './work-items';
import { checkDateOrder, effective, planPerson, planProgress, planStatus } from './planning-rules';
import { containsText, findRelease } from './resolve';
import type { Database, ProductRow, ReleasePhaseRow, ReleasePhasesTable, ReleaseRow, ReleasesTable, UserRow } from './schema';
import { customFieldsFor, planCustomFields, removeCustomFields } from './custom-fields';
import { requireLayoutFields } from './layouts';
import { COMMENTABLE_TYPE_OF, commentCounts } from './discussions';
import { describedLink, links, noteBody, phaseLink, recordEnd, shapedOne, statusRef, userRef } from './serialize';
import { rowsById } from './row-cache';

export type ReleaseInput = Partial<z.output<typeof releaseFieldsInput>>;
export type ReleasePhaseInput = Partial<z.output<typeof releasePhaseCreateInput>>;

/** Lives with the store errors; re-exported for the store modules that import it from here. */
export type { Checked } from '../problems';

/** Compact list items: what a release picker or a roadmap row needs. */
export const RELEASE_COMPACT_FIELDS = [
  'id',
  'reference_num',
  'name',
  'start_date',
  'release_date',
  'parking_lot',
  'created_at',
  'product_id',
  'url',
  'resource',
] as const;
/** A release list item as the hosted service answers it by default: the compact head, its owner and workspace. */
export const RELEASE_LIST_FIELDS = [...RELEASE_COMPACT_FIELDS, 'integration_fields', 'owner', 'project'] as const;

const MANUAL = 'progress_manual';
const RELEASE_STATUS = { recordType: 'Release', noun: 'a release', byDefault: true } as const;
const MAX_PARENT_DEPTH = 1_000;

/** Narrows a stored text to one of the allowed values; stored values are written only after checks. */
function oneOf<T extends string>(allowed: readonly T[], value: string | null, fallback: T): T {
  return allowed.find((a) => a === value) ?? fallback;
}
function oneOfOrNull<T extends string>(allowed: readonly T[], value: string | null): T | null {
  return allowed.find((a) => a === value) ?? null;
}

const unitsOf = (row: { capacity_units: string }): CapacityUnits => oneOf(CAPACITY_UNITS, row.capacity_units, 'time');

/**
 * The external release date as people read it, at its resolution: `2026-03-14`, `Week of
 * 2026-03-09`, `March 2026`, `Q1 2026`, `H1 2026`, `2026`; `sync` follows the release date. Null
 * without a date. The hosted service answers this text beside the date.
 */
export function describeExternalDate(date: string | null, resolution: string | null, releaseDate: string | null): string | null {
  const day = resolution === 'sync' ? releaseDate : date;
  if (day === null) return null;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  switch (resolution) {
    case 'week': {
      const at = new Date(Date.UTC(y, m - 1, d));
      at.setUTCDate(at.getUTCDate() - ((at.getUTCDay() + 6) % 7));
      return `Week of ${at.toISOString().slice(0, 10)}`;
    }
    case 'month':
      return `${new Date(Date.UTC(y, m - 1, 1)).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' })} ${y}`;
    case 'quarter':
      return `Q${Math.ceil(m / 3)} ${y}`;
    case 'half':
      return `H${m <= 6 ? 1 : 2} ${y}`;
    case 'year':
      return String(y);
    default:
      return day;
  }
}

// ---------------------------------------------------------------------------------------------
// Shapes

export function releaseCompact(r: ReleaseRow, origin: string): Pick<Release, (typeof RELEASE_COMPACT_FIELDS)[number]> {
  return {
    id: String(r.id),
    reference_num: r.reference_num,
    name: r.name,
    start_date: r.start_date,
    release_date: r.release_date,
    parking_lot: r.parking_lot === 1,
    created_at: r.created_at,
    product_id: String(r.product_id),
    ...links(origin, 'releases', r.reference_num),
  };
}

/** Whole release records for a set of rows, with statuses, users, initiatives and counts batched. */
export async function releaseBodies(db: Db, rows: ReleaseRow[], origin: string): Promise<Release[]> {
  if (rows.length === 0) return [];
  const products = await rowsById(db, 'products', [...new Set(rows.map((r) => r.product_id))]);
  const ids = rows.map((r) => r.id);
  const statusIds = [...new Set(rows.map((r) => r.workflow_status_id))];
  const userIds = [...new Set(rows.flatMap((r) => [r.owner_id, r.created_by_id]).filter((v): v is number => v !== null))];
  const [statuses, users, initiatives, counts] = await Promise.all([
    db.selectFrom('workflow_statuses').selectAll().where('id', 'in', statusIds).execute(),
    userIds.length ? db.selectFrom('users').selectAll().where('id', 'in', userIds).execute() : Promise.resolve([]),
    rowsThrough(db, RELEASE_RECORD.links, 'initiatives', ids, ['name', 'id']),
    db
      .selectFrom('features')
      .select((eb) => ['release_id', eb.fn.countAll<number>().as('n')])
      .where('release_id', 'in', ids)
      .groupBy('release_id')
      .execute(),
  ]);
  const custom = await customFieldsFor(db, 'Release', ids);
  const comments = await commentCounts(db, COMMENTABLE_TYPE_OF.Release, ids);
  const statusById = new Map(statuses.map((s) => [s.id, s]));
  const userById = new Map(users.map((u) => [u.id, u]));
  const countById = new Map(counts.map((c) => [c.release_id, Number(c.n)]));
  return rows.map((r) => {
    const status = statusById.get(r.workflow_status_id);
    if (!status) throw new Error(`Release ${r.id} has no workflow status ${r.workflow_status_id}`);
    const units = unitsOf(r);
    return {
      id: String(r.id),
      product_id: String(r.product_id),
      reference_num: r.reference_num,
      name: r.name,
      start_date: r.start_date,
      end_date: r.end_date,
      development_started_on: r.development_started_on,
      release_date: r.release_date,
      external_release_date: r.external_release_date,
      external_date_resolution: oneOfOrNull(EXTERNAL_DATE_RESOLUTIONS, r.external_date_resolution),
      released: status.complete === 1,
      parking_lot: r.parking_lot === 1,
      parent_id: r.parent_id === null ? null : String(r.parent_id),
      position: r.position,
      progress: r.progress,
      progress_source: oneOf(RELEASE_PROGRESS_SOURCES, r.progress_source, MANUAL),
      duration_source: oneOf(RELEASE_DURATION_SOURCES, r.duration_source, 'duration_manual'),
      capacity_units: units,
      total_capacity: r.total_capacity,
      total_capacity_text: formatEstimate(r.total_capacity, units),
      theme: noteBody({ id: r.id, type: 'Release' }, r.theme, r.created_at, r.updated_at),
      workflow_status: statusRef(status),
      owner: userRef(r.owner_id === null ? null : userById.get(r.owner_id)),
      created_by_user: userRef(r.created_by_id === null ? null : userById.get(r.created_by_id)),
      initiatives: initiatives
        .filter((i) => i.linked_from === r.id)
        .map((i) => describedLink('initiatives', i, origin))
        .filter((i) => i !== null),
      features_count: countById.get(r.id) ?? 0,
      external_release_date_description: describeExternalDate(r.external_release_date, r.external_date_resolution, r.release_date),
      // Master releases (roll-ups of releases) are not modelled: every release is an ordinary one.
      master_release: false,
      // A release created complete has no status change yet: its release date, else the day it was
      // made in that status — never null while `released` is true.
      released_on: status.complete === 1 ? (r.status_changed_on ?? r.release_date ?? r.created_at.slice(0, 10)) : null,
      status_changed_on: r.status_changed_on,
      custom_fields: custom.get(r.id) ?? [],
      // Goals link to initiatives here, and releases take no watchers or custom objects.
      goals: [],
      watchers: [],
      custom_object_links: [],
      key_results: [],
      workflow_status_times: [],
      ...recordEnd('releases', r, products.get(r.product_id), origin, comments.get(r.id)),
    };
  });
}

export const releaseBody = (db: Db, row: ReleaseRow, origin: string): Promise<Release> =>
  shapedOne(releaseBodies(db, [row], origin), 'Release', row.id);

export async function phaseBodies(db: Db, rows: ReleasePhaseRow[]): Promise<ReleasePhase[]> {
  if (rows.length === 0) return [];
  const counts = await db
    .selectFrom('features')
    .select((eb) => ['release_phase_id', eb.fn.countAll<number>().as('n')])
    .where(
      'release_phase_id',
      'in',
      rows.map((r) => r.id),
    )
    .groupBy('release_phase_id')
    .execute();
  const countById = new Map(counts.map((c) => [c.release_phase_id, Number(c.n)]));
  const custom = await customFieldsFor(
    db,
    'ReleasePhase',
    rows.map((r) => r.id),
  );
  const comments = await commentCounts(
    db,
    COMMENTABLE_TYPE_OF.ReleasePhase,
    rows.map((r) => r.id),
  );
  return rows.map((p) => ({
    ...phaseLink(p, custom.get(p.id) ?? []),
    position: p.position,
    features_count: countById.get(p.id) ?? 0,
    comments_count: comments.get(p.id) ?? 0,
  }));
}

export const phaseBody = (db: Db, row: ReleasePhaseRow): Promise<ReleasePhase> =>
  shapedOne(phaseBodies(db, [row]), 'Release phase', row.id);

// ---------------------------------------------------------------------------------------------
// Lists

export interface ReleaseFilters {
  q?: string | undefined;
  updatedSince?: string | undefined;
  parkingLot?: boolean | undefined;
}

/** Non-parking-lot releases first, then by release date (undated last), then by id. */
/**
 * Whose releases a list shows: a product's; those linked to an initiative; those linked to any
 * initiative a goal is linked to (goals have no release link of their own); or the releases that
 * roll up into a release (`parent_id`).
 */
export type ReleaseScope = { productId: number } | { initiativeId: number } | { goalId: number } | { parentId: number };

export async function listReleases(db: Db, scope: ReleaseScope, f: ReleaseFilters, p: Paging): Promise<Page<ReleaseRow>> {
  let q = db.selectFrom('releases');
  if ('productId' in scope) q = q.where('product_id', '=', scope.productId);
  else if ('parentId' in scope) q = q.where('parent_id', '=', scope.parentId);
  else {
    const initiatives =
      'initiativeId' in scope
        ? [scope.initiativeId]
        : db.selectFrom('initiative_goals').select('initiative_id').where('goal_id', '=', scope.goalId);
    q = q.where('id', 'in', db.selectFrom('release_initiatives').select('release_id').where('initiative_id', 'in', initiatives));
  }
  if (f.q) q = q.where(containsText(db, 'name', f.q));
  if (f.updatedSince) q = q.where('updated_at', '>', f.updatedSince);
  if (f.parkingLot !== undefined) q = q.where('parking_lot', '=', f.parkingLot ? 1 : 0);
  const unfiltered = !f.q && !f.updatedSince && f.parkingLot === undefined;
  return listPage(
    db,
    q,
    p,
    (page) =>
      page
        .selectAll()
        .orderBy('parking_lot')
        .orderBy((eb) => eb('release_date', 'is', null))
        .orderBy('release_date')
        .orderBy('id'),
    unfiltered && 'productId' in scope ? { table: 'releases', column: 'product_id', id: scope.productId } : undefined,
  );
}

/**
 * The release new work goes to when none is named (`POST /products/{id}/epics`): the product's
 * first release still to ship (not a parking lot, status not complete) in list order, else its
 * first parking lot, else none.
 */
export async function defaultRelease(db: Db, productId: number): Promise<ReleaseRow | null> {
  const row = await db
    .selectFrom('releases as r')
    .innerJoin('workflow_statuses as ws', 'ws.id', 'r.workflow_status_id')
    .selectAll('r')
    .where('r.product_id', '=', productId)
    .where((eb) => eb.or([eb('r.parking_lot', '=', 1), eb('ws.complete', '=', 0)]))
    .orderBy('r.parking_lot')
    .orderBy((eb) => eb('r.release_date', 'is', null))
    .orderBy('r.release_date')
    .orderBy('r.id')
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Phases of one release by start date (undated last), then position, then id; across the account
 * (no release) grouped by release in the same order within each.
 */
export async function listPhases(db: Db, scope: { releaseId: number } | { account: true }, p: Paging): Promise<Page<ReleasePhaseRow>> {
  const q =
    'releaseId' in scope ? db.selectFrom('release_phases').where('release_id', '=', scope.releaseId) : db.selectFrom('release_phases');
  return listPage(
    db,
    q,
    p,
    (page) =>
      ('releaseId' in scope ? page : page.orderBy('release_id'))
        .selectAll()
        .orderBy((eb) => eb('start_on', 'is', null))
        .orderBy('start_on')
        .orderBy('position')
        .orderBy('id'),
    'releaseId' in scope ? { table: 'release_phases', column: 'release_id', id: scope.releaseId } : { table: 'release_phases' },
  );
}

// ---------------------------------------------------------------------------------------------
// Release rules and writes

const planRelease: Planner<'releases', ReleaseInput> = async (db, product, existing, input, checked) => {
  const { problems, flagged } = checked;
  const values: Updateable<ReleasesTable> = {};

  if (existing === null && input.name === undefined && !flagged.has('name')) problems.add('name', "can't be blank");
  if (input.name !== undefined) values.name = input.name;

  await planStatus(db, RELEASE_STATUS, { product, stored: existing }, input.workflow_status, values, problems);
  const owner = await planPerson(db, 'owner', input.owner, problems);
  if (owner !== undefined) values.owner_id = owner;

  if (input.parent_id !== undefined) {
    if (input.parent_id === null) values.parent_id = null;
    else {
      const problem = await parentProblem(db, product, existing, input.parent_id);
      if (problem) problems.add('parent_id', problem);
      else values.parent_id = Number(input.parent_id);
    }
  }

  const links = await planLinks(db, 'initiatives', product, input.initiatives, problems);

  if (input.theme !== undefined) values.theme = input.theme === '' ? null : input.theme;
  if (input.parking_lot !== undefined) values.parking_lot = input.parking_lot ? 1 : 0;
  if (input.duration_source !== undefined) values.duration_source = input.duration_source;
  for (const key of ['start_date', 'end_date', 'release_date', 'development_started_on'] as const) {
    if (input[key] !== undefined) values[key] = input[key];
  }
  checkDateOrder(checked, input, existing, 'end_date');
  checkDateOrder(checked, input, existing, 'release_date');

  // External date: the resolution says how precisely it is announced, so it needs a date to go with.
  const externalDate = effective(input.external_release_date, existing?.external_release_date ?? null);
  if (input.external_release_date !== undefined) values.external_release_date = input.external_release_date;
  if (input.external_date_resolution !== undefined && input.external_date_resolution !== null) {
    if (externalDate === null && !flagged.has('external_release_date')) {
      problems.add('external_date_resolution', 'needs an external_release_date: send one in the same request');
    } else values.external_date_resolution = input.external_date_resolution;
  } else if (input.external_date_resolution === null || input.external_release_date === null) {
    // Clearing the external date clears its resolution: a precision of nothing means nothing.
    values.external_date_resolution = null;
  }

  // Capacity: units cannot change under estimated features, whose numbers would change meaning.
  const storedUnits = existing ? unitsOf(existing) : 'time';
  const units: CapacityUnits = input.capacity_units ?? storedUnits;
  if (existing && input.capacity_units !== undefined && input.capacity_units !== storedUnits) {
    const estimated = await db
      .selectFrom('features')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('release_id', '=', existing.id)
      .where((eb) =>
        eb.or([eb('initial_estimate', 'is not', null), eb('detailed_estimate', 'is not', null), eb('remaining_estimate', 'is not', null)]),
      )
      .executeTakeFirstOrThrow();
    if (Number(estimated.n) > 0) {
      problems.add(
        'capacity_units',
        `can't change while ${String(estimated.n)} feature(s) of this release have estimates (they would change meaning)`,
      );
    } else if (existing.total_capacity !== null && input.total_capacity_text === undefined) {
      problems.add('total_capacity_text', `must be given again in the new units (${input.capacity_units}) when capacity_units changes`);
    }
  }
  if (input.capacity_units !== undefined) values.capacity_units = input.capacity_units;
  if (input.total_capacity_text !== undefined && !flagged.has('capacity_units')) {
    const parsed = parseEstimate(input.total_capacity_text ?? '', units);
    if (!parsed.ok) problems.add('total_capacity_text', parsed.error);
    else values.total_capacity = parsed.value;
  }

  planProgress(input, existing, values, checked);
  const customFields = await planCustomFields(db, product.id, RELEASE_RECORD.recordType, input.custom_fields, problems, existing?.id);
  if (existing === null) await requireLayoutFields(db, product.id, RELEASE_RECORD.recordType, input, problems);
  return { values, links, customFields };
};

/** Why a release can't roll up into `parentRef`, or null when it can. */
async function parentProblem(db: Db, product: ProductRow, existing: ReleaseRow | null, parentRef: string): Promise<string | null> {
  const parent = await findRelease(db, parentRef);
  if (!parent || parent.product_id !== product.id) return `${parentRef} is not a release of ${product.reference_prefix}`;
  if (existing === null) return null;
  if (parent.id === existing.id) return "can't be the release itself";
  let cursor: number | null = parent.parent_id;
  for (let step = 0; cursor !== null && step < MAX_PARENT_DEPTH; step++) {
    if (cursor === existing.id) return `would make a cycle: ${parent.reference_num} already rolls up into this release`;
    const next: { parent_id: number | null } | undefined = await db
      .selectFrom('releases')
      .select('parent_id')
      .where('id', '=', cursor)
      .executeTakeFirst();
    cursor = next?.parent_id ?? null;
  }
  return null;
}

/** Operation 8 and the update. Every rule is checked first; all field problems are thrown together; one transaction. */
export const { create: createRelease, update: updateRelease } = writesInProduct(RELEASE_RECORD, planRelease, async (_db, values) => ({
  name: values.name ?? '',
  workflow_status_id: values.workflow_status_id ?? 0,
  parking_lot: values.parking_lot ?? 0,
  progress_source: values.progress_source ?? MANUAL,
  duration_source: values.duration_source ?? 'duration_manual',
  capacity_units: values.capacity_units ?? 'time',
  // Releases are ordered by their dates.
  position: null,
}));

// ---------------------------------------------------------------------------------------------
// Release phase rules and writes

/** A phase body's columns and custom fields (those only once its release, and so its product, is known). */
async function planPhase(
  db: Db,
  productId: number | null,
  existing: ReleasePhaseRow | null,
  input: ReleasePhaseInput,
  checked: Checked,
): Promise<RecordPlan<'release_phases'>> {
  const { problems, flagged } = checked;
  const values: Updateable<ReleasePhasesTable> = {};
  if (existing === null && input.name === undefined && !flagged.has('name')) problems.add('name', "can't be blank");
  if (input.name !== undefined) values.name = input.name;
  if (input.phase_type !== undefined) values.phase_type = input.phase_type;
  if (input.description !== undefined) values.description = input.description === '' ? null : input.description;
  if (input.duration_source !== undefined) values.duration_source = input.duration_source;

  const type = input.phase_type ?? existing?.phase_type ?? 'phase';
  if (!flagged.has('start_on') && !flagged.has('end_on')) {
    const start = effective(input.start_on, existing?.start_on ?? null);
    const end = effective(input.end_on, existing?.end_on ?? null);
    if (type === 'milestone') {
      // A milestone is one day: end_on follows start_on; a different end_on is a mistake to report.
      if (input.end_on !== undefined && input.end_on !== null && start !== null && input.end_on !== start) {
        problems.add('end_on', `must equal start_on (${start}): a milestone has one date`);
      } else {
        // The one date: the start sent (or, when it is cleared, the end sent); else what is stored.
        const day = input.start_on !== undefined ? (input.start_on ?? input.end_on ?? null) : (start ?? end);
        values.start_on = day;
        values.end_on = day;
      }
    } else {
      if (start !== null && end !== null && end < start) {
        problems.add(
          input.end_on !== undefined ? 'end_on' : 'start_on',
          input.end_on !== undefined ? 'must not be before start_on' : `must not be after end_on (${end})`,
        );
      }
      if (input.start_on !== undefined) values.start_on = input.start_on;
      if (input.end_on !== undefined) values.end_on = input.end_on;
    }
  }

  planProgress(input, existing, values, checked);
  const customFields =
    productId === null
      ? { entries: [] }
      : await planCustomFields(db, productId, PHASE_RECORD.recordType, input.custom_fields, problems, existing?.id);
  if (existing === null && productId !== null) await requireLayoutFields(db, productId, PHASE_RECORD.recordType, input, problems);
  return { values, customFields };
}

export async function createPhase(
  db: Kysely<Database>,
  user: UserRow,
  input: ReleasePhaseInput,
  checked: Checked,
): Promise<ReleasePhaseRow> {
  return db.transaction().execute(async (trx) => {
    let release: ReleaseRow | null = null;
    if (input.release_id === undefined) {
      if (!checked.flagged.has('release_id')) checked.problems.add('release_id', "can't be blank");
    } else {
      release = await findRelease(trx, input.release_id);
      if (!release) checked.problems.add('release_id', `"${input.release_id}" is not a release`);
    }
    const plan = await planPhase(trx, release?.product_id ?? null, null, input, checked);
    checked.problems.throwIfAny();
    if (!release) throw new Error('unreachable: release checked above');
    const { values } = plan;
    const at = now();
    const row = {
      ...values,
      release_id: release.id,
      name: values.name ?? '',
      phase_type: values.phase_type ?? 'phase',
      position: (await placeIn(trx, { table: 'release_phases', scope: 'release_id', scopeId: release.id }, input.position, true)) ?? 0,
      progress_source: values.progress_source ?? MANUAL,
      duration_source: values.duration_source ?? 'duration_manual',
      created_at: at,
      updated_at: at,
    };
    return createRecord(trx, PHASE_RECORD, row, plan, user.id);
  });
}

export async function updatePhase(
  db: Kysely<Database>,
  user: UserRow,
  existing: ReleasePhaseRow,
  input: ReleasePhaseInput,
  checked: Checked,
): Promise<ReleasePhaseRow> {
  return db.transaction().execute((trx) =>
    updateRecord(trx, PHASE_RECORD, { id: existing.id, userId: user.id, checked }, async (current) => {
      const release = await trx.selectFrom('releases').select('product_id').where('id', '=', current.release_id).executeTakeFirstOrThrow();
      const plan = await planPhase(trx, release.product_id, current, input, checked);
      const at = { table: 'release_phases', scope: 'release_id', scopeId: current.release_id, recordId: current.id } as const;
      const position = await placeIn(trx, at, input.position, false);
      if (position !== undefined) plan.values.position = position;
      return plan;
    }),
  );
}

/**
 * Deletes a phase: its features stay in the release without a phase. The recycle bin keeps the phase
 * row and, under `features`, `{id, release_phase_id}` of each feature that pointed to it, so a
 * restore can put both back.
 */
export function deletePhase(db: Kysely<Database>, args: RecordRemoval): Promise<number> {
  return db.transaction().execute((trx) =>
    deleteRecord(trx, PHASE_RECORD, args, async (current) => ({
      links: { features: await featuresIn(trx, [current.id]) },
      after: () => unlinkFeatures(trx, { column: 'release_phase_id', id: current.id, userId: args.userId, at: now() }),
    })),
  );
}

/** `{id, release_phase_id}` of the features in these phases: what a restore puts back. */
async function featuresIn(db: Db, phaseIds: number[]): Promise<{ id: number; release_phase_id: number | null }[]> {
  if (phaseIds.length === 0) return [];
  return db.selectFrom('features').select(['id', 'release_phase_id']).where('release_phase_id', 'in', phaseIds).orderBy('id').execute();
}

// ---------------------------------------------------------------------------------------------
// Release delete

/** How many records a refusal names by key before it says "and N more". */
const NAMED_IN_REFUSAL = 5;

/** `3 features (PLN-1, PLN-2, PLN-3)`: what still holds a release, for the refusal's message. */
function holding(noun: string, keys: string[], total: number): string {
  const more = total > keys.length ? `, and ${total - keys.length} more` : '';
  return `${total} ${noun}${total === 1 ? '' : 's'} (${keys.join(', ')}${more})`;
}

/**
 * Deletes a release. A release that still holds features or epics is refused (422 naming `features`
 * and/or `epics`): both must have a release, and deleting them with it would take their
 * requirements, comments and history along unasked — the caller moves or deletes them first. Its
 * phases go with it (they are part of the release). Releases that rolled up into it move up to its
 * own parent, as an initiative's children do; its initiative links and custom field values go. The
 * recycle bin keeps every removed row; the parent release and the initiatives it counted in are
 * recomputed in the same transaction.
 */
export function deleteRelease(db: Kysely<Database>, args: RecordRemoval): Promise<number> {
  return db.transaction().execute((trx) =>
    deleteRecord(trx, RELEASE_RECORD, args, async (current) => {
      await refuseWhileHeld(trx, current.id);
      const [phases, children] = await Promise.all([
        trx.selectFrom('release_phases').selectAll().where('release_id', '=', current.id).orderBy('id').execute(),
        trx.selectFrom('releases').select(['id', 'parent_id']).where('parent_id', '=', current.id).orderBy('id').execute(),
      ]);
      // A feature of another release cannot sit in one of these phases, but a phase's link is cleared
      // the way deletePhase clears it, so no row is left pointing at a phase that is gone.
      const phaseIds = phases.map((p) => p.id);
      const initiatives = await linkedIds(trx, RELEASE_RECORD.links, current.id);
      return {
        children: { release_phases: phases, custom_field_values: await removeCustomFields(trx, PHASE_RECORD.recordType, phaseIds) },
        links: { release_children: children, features: await featuresIn(trx, phaseIds) },
        after: async () => {
          const at = now();
          for (const phase of phases) await unlinkFeatures(trx, { column: 'release_phase_id', id: phase.id, userId: args.userId, at });
          // Releases that rolled up into it move up to its own parent.
          await relink(trx, {
            table: 'releases',
            type: 'Release',
            column: 'parent_id',
            from: current.id,
            to: current.parent_id,
            userId: args.userId,
            at,
          });
          await trx.deleteFrom('release_phases').where('release_id', '=', current.id).execute();
          for (const phase of phases) await auditDestroyedRow(trx, args.userId, PHASE_RECORD.recordType, phase);
          // An initiative answers its releases: losing one is a change for `updated_since` syncs.
          if (initiatives.length) await trx.updateTable('initiatives').set({ updated_at: at }).where('id', 'in', initiatives).execute();
        },
      };
    }),
  );
}

/** The refusal of a release's delete while features or epics are still in it (422 naming each, by a few keys). */
async function refuseWhileHeld(db: Db, releaseId: number): Promise<void> {
  const problems = new FieldProblems();
  for (const table of ['features', 'epics'] as const) {
    const q = db.selectFrom(table).where('release_id', '=', releaseId);
    const [count, first] = await Promise.all([
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      q.select('reference_num').orderBy('id').limit(NAMED_IN_REFUSAL).execute(),
    ]);
    const total = Number(count.n);
    const keys = first.map((r) => r.reference_num);
    if (total > 0) problems.add(table, `${holding(table.slice(0, -1), keys, total)} still in this release: move or delete them first`);
  }
  problems.throwIfAny();
}
