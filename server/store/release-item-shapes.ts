// The wire shape features and epics share (one family: `releaseItem` in work-items.ts). A page of
// either reads the relations they share once for all its rows — products, releases, users,
// statuses, initiatives, teams and what hangs off a team, custom field values — and builds the
// members they share from them; each kind's serializer adds its own (a feature's type, phase, epic
// and requirements; an epic's duration source, features and counts). Only the relations the wanted
// fields need are read.
import type { Selectable } from 'kysely';
import type { Attachment } from '../../src/contract/common';
import type { CustomFieldValue } from '../../src/contract/custom-fields';
import { formatEstimate } from '../../src/domain/estimate';
import type { CapacityUnits } from '../../src/domain/estimate';
import type { Db } from './audit';
import { attachmentsOf } from './attachments';
import { customFieldsFor } from './custom-fields';
import { COMMENTABLE_TYPE_OF, commentCounts } from './discussions';
import { rowsById } from './row-cache';
import type { LookupTable } from './row-cache';
import type { Database, EpicRow, FeatureRow, ProductRow, ReleaseRow } from './schema';
import {
  assigneeRef,
  describedLink,
  fullTags,
  keyedLink,
  namedLink,
  noteBody,
  placeholderStatus,
  recordEnd,
  releaseLink,
  statusRef,
  unmodelledPlanning,
  userRef,
} from './serialize';
import { ESTIMATES, unitsOf } from './work-item-rules';

/** A feature or epic row: what the shared members read. */
type ItemRow = FeatureRow | EpicRow;

/** Whether any of the named fields is wanted (all are when `wanted` is null). */
export type Need = (...names: string[]) => boolean;

/** The distinct ids a column names. */
const ids = (values: readonly (number | null)[]): number[] => [...new Set(values.filter((v): v is number => v !== null))];

/** The relations of a page of features or epics that the shared members read, each read once. */
export async function itemRelations(
  db: Db,
  item: { recordType: 'Feature' | 'Epic' },
  rows: readonly ItemRow[],
  need: Need,
  /** The page's watcher rows (each kind reads its own table), whose users are read with the rest. */
  watchers: readonly { user_id: number }[],
  /** Where links point (the files' download addresses). */
  origin: string,
) {
  const products = need('project', 'release')
    ? await rowsById(db, 'products', [...new Set(rows.map((r) => r.product_id))])
    : new Map<number, ProductRow>();
  const releases = need('release', 'release_reference_num', 'work_units', ...ESTIMATES.map((k) => `${k}_estimate_text`))
    ? await rowsById(db, 'releases', ids(rows.map((r) => r.release_id)))
    : new Map<number, ReleaseRow>();
  const users = await rowsById(
    db,
    'users',
    ids([
      ...(need('created_by_user') ? rows.map((r) => r.created_by_id) : []),
      ...(need('assigned_to_user') ? rows.map((r) => r.assigned_to_id) : []),
      ...watchers.map((w) => w.user_id),
      ...[...releases.values()].map((r) => r.owner_id),
    ]),
  );
  const statuses = await rowsById(db, 'workflow_statuses', need('workflow_status') ? ids(rows.map((r) => r.workflow_status_id)) : []);
  // Rows beside the items, by id (remembered until the next write: store/row-cache.ts).
  const load = async <T extends LookupTable>(fields: string[], column: keyof ItemRow, table: T) =>
    need(...fields) ? rowsById(db, table, ids(rows.map((r) => r[column] as number | null))) : new Map<number, Selectable<Database[T]>>();
  return {
    products,
    releases,
    users,
    statuses,
    initiatives: await load(['initiative', 'initiative_reference_num'], 'initiative_id', 'initiatives'),
    teams: await load(['team'], 'team_id', 'teams'),
    teamStatuses: await load(['team_workflow_status'], 'team_workflow_status_id', 'team_workflow_statuses'),
    iterations: await load(['iteration'], 'iteration_id', 'iterations'),
    increments: await load(['program_increment'], 'program_increment_id', 'program_increments'),
    comments: need('comments_count')
      ? await commentCounts(
          db,
          COMMENTABLE_TYPE_OF[item.recordType],
          rows.map((r) => r.id),
        )
      : new Map<number, number>(),
    customFields: need('custom_fields')
      ? await customFieldsFor(
          db,
          item.recordType,
          rows.map((r) => r.id),
        )
      : new Map<number, CustomFieldValue[]>(),
    // The files of the page's descriptions, in one query.
    attachments: need('description')
      ? await attachmentsOf(
          db,
          item.recordType,
          rows.map((r) => r.id),
          origin,
        )
      : new Map<number, Attachment[]>(),
  };
}

export type ItemRelations = Awaited<ReturnType<typeof itemRelations>>;

/** The members of a feature or epic the two kinds share. Relations not read leave placeholders, dropped by `pickFields`. */
export function itemMembers(
  item: { recordType: 'Feature' | 'Epic'; table: 'features' | 'epics' },
  r: ItemRow,
  rel: ItemRelations,
  watchers: readonly number[],
  origin: string,
) {
  const release = rel.releases.get(r.release_id);
  const units: CapacityUnits = release ? unitsOf(release) : 'time';
  const status = r.workflow_status_id !== null ? rel.statuses.get(r.workflow_status_id) : undefined;
  const initiative = r.initiative_id !== null ? rel.initiatives.get(r.initiative_id) : undefined;
  const teamStatus = r.team_workflow_status_id !== null ? rel.teamStatuses.get(r.team_workflow_status_id) : undefined;
  const tags = r.tags === '' ? [] : r.tags.split(',');
  const at = (id: number | null) => (id === null ? undefined : rel.users.get(id));
  const product = rel.products.get(r.product_id);
  return {
    id: String(r.id),
    name: r.name,
    reference_num: r.reference_num,
    product_id: String(r.product_id),
    position: r.position,
    release: releaseLink(release, r, { origin, product, owner: at(release?.owner_id ?? null) }),
    release_reference_num: release?.reference_num ?? '',
    workflow_status: status ? statusRef(status) : placeholderStatus,
    description: noteBody({ id: r.id, type: item.recordType }, r.description, r.created_at, r.updated_at, rel.attachments.get(r.id)),
    created_by_user: userRef(at(r.created_by_id)),
    assigned_to_user: assigneeRef(at(r.assigned_to_id)),
    tags,
    start_date: r.start_date,
    due_date: r.due_date,
    work_units: units,
    initial_estimate: r.initial_estimate,
    initial_estimate_text: formatEstimate(r.initial_estimate, units),
    detailed_estimate: r.detailed_estimate,
    detailed_estimate_text: formatEstimate(r.detailed_estimate, units),
    remaining_estimate: r.remaining_estimate,
    remaining_estimate_text: formatEstimate(r.remaining_estimate, units),
    progress: r.progress,
    initiative: describedLink('initiatives', initiative, origin),
    initiative_reference_num: initiative?.reference_num ?? null,
    team: namedLink(r.team_id !== null ? rel.teams.get(r.team_id) : undefined),
    team_workflow_status: teamStatus ? statusRef(teamStatus) : null,
    iteration: namedLink(r.iteration_id !== null ? rel.iterations.get(r.iteration_id) : undefined),
    program_increment: keyedLink(r.program_increment_id !== null ? rel.increments.get(r.program_increment_id) : undefined),
    watchers: watchers.map((id) => userRef(rel.users.get(id))).filter((u) => u !== null),
    status_changed_on: r.status_changed_on,
    custom_fields: rel.customFields.get(r.id) ?? [],
    full_tags: fullTags(tags),
    // Goals link to initiatives here, not to work items; dependencies are not modelled.
    goals: [],
    ...unmodelledPlanning(),
    ...recordEnd(item.table, r, product, origin, rel.comments.get(r.id)),
  };
}
