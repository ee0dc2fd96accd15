// The demo account's record history (issue 13): a create row for every seeded record at its own
// `created_at` (by its creator), the later edits of the records seeded with an age (ideas moved on
// in their workflow, notes renamed from their drafts), and an older history — the account's first
// workspace, retired, with its release, features, requirements, comments and ideas, made and
// deleted 13 to 30 months ago — for the historical audit search and its index to find. The retired
// records' ids are reserved (sqlite_sequence), so nothing made later takes them. Rows are written
// oldest first, so ids follow time. Deterministic: the same demo each time.
import { sql } from 'kysely';
import type { Transaction } from 'kysely';
import { featureKey, ideaKey, releaseKey, requirementKey } from '../../src/domain/reference';
import { associatedOfRow, diff } from '../store/audit';
import { dialectOf } from '../store/dialect';
import { historyCut } from '../store/audit-log';
import type { Changes } from '../store/audit';
import type { Database } from '../store/schema';
import type { UserKey } from './demo-data';
import { seededRandom } from './random';

type Trx = Transaction<Database>;

const DAY_MS = 86_400_000;

interface HistoryRow {
  user_id: number | null;
  created_at: string;
  auditable_type: string;
  auditable_id: number;
  audit_action: 'create' | 'update' | 'destroy';
  changes: string;
  associated_type: string | null;
  associated_id: number | null;
  product_id: number | null;
}

/** The seeded tables whose records get a create row, with the type the log names them by. */
const SEEDED: readonly (readonly [keyof Database, string])[] = [
  ['products', 'Product'],
  ['releases', 'Release'],
  ['release_phases', 'ReleasePhase'],
  ['initiatives', 'Initiative'],
  ['goals', 'Goal'],
  ['epics', 'Epic'],
  ['features', 'Feature'],
  ['requirements', 'Requirement'],
  ['idea_portals', 'IdeaPortal'],
  ['portal_users', 'PortalUser'],
  ['idea_categories', 'IdeaCategory'],
  ['ideas', 'Idea'],
  ['idea_organizations', 'IdeaOrganization'],
  ['idea_votes', 'IdeaVote'],
  ['pages', 'Page'],
];

/** The first release of Planner Cloud, retired: its features (each with two requirements). */
const RETIRED_FEATURES = [
  'Classic sign-in page',
  'CSV import (first version)',
  'Dashboard widgets',
  'Weekly email digest',
  'Flash file uploader',
  'Mobile web view',
  'Per-user colour themes',
  'Print layout',
  'Internet Explorer 11 support',
  'XML export',
  'Inline help pop-overs',
  'Manual ordering by numbers',
] as const;
const RETIRED_IDEAS = ['Dark mode for the old dashboard', 'Import from spreadsheets by e-mail', 'Keyboard-only roadmap view', 'Fax export'];
const COMMENTS = [
  '<p>Customers still ask for this every week.</p>',
  '<p>Moving this to the next release: the API is not ready.</p>',
  '<p>Replaced by the new importer, closing.</p>',
  '<p>Design review done, looks good.</p>',
];

/** Takes `n` ids of `table` that no row has, and no later insert will: answers the first. */
const reserveIds = (trx: Trx, table: string, n: number): Promise<number> => dialectOf(trx).reserveIds(trx, table, n);

const json = (changes: Changes): string => JSON.stringify(changes);
const gone = (changes: Changes): Changes => Object.fromEntries(Object.entries(changes).map(([k, [, v]]) => [k, [v, null]]));

/**
 * Writes the demo's history in the seed's transaction (after every record is seeded). `today` is
 * the seed's now; `users` the seeded people.
 */
export async function seedHistory(trx: Trx, users: Map<UserKey, number>, today: Date): Promise<void> {
  const admin = users.get('admin') ?? null;
  const people = [...users.values()];
  const rows: HistoryRow[] = [];
  const row = (r: Omit<HistoryRow, 'associated_type' | 'associated_id' | 'product_id'> & Partial<HistoryRow>): void => {
    rows.push({ associated_type: null, associated_id: null, product_id: null, ...r });
  };

  // Every seeded record's create, at its own time, by its creator.
  for (const [table, type] of SEEDED) {
    const records = (
      await sql<Record<string, unknown> & { id: number; created_at: string }>`SELECT * FROM ${sql.table(table)} ORDER BY id`.execute(trx)
    ).rows;
    for (const record of records) {
      const by = record.created_by_id ?? record.created_by_user_id;
      const associated = associatedOfRow(type, record);
      row({
        user_id: typeof by === 'number' ? by : admin,
        created_at: record.created_at,
        auditable_type: type,
        auditable_id: record.id,
        audit_action: 'create',
        changes: json(diff(null, record)),
        associated_type: associated?.type ?? null,
        associated_id: associated?.id ?? null,
      });
    }
  }

  // The edits since of the records seeded with an age: ideas moved on from their workflow's first
  // status halfway through their life; notes renamed from their drafts the day after.
  const firstStatus = await sql<{ product_id: number; statusable_type: string; id: number }>`
    SELECT w.product_id, w.statusable_type, ws.id FROM workflow_statuses ws JOIN workflows w ON w.id = ws.workflow_id
    WHERE ws.position = (SELECT min(position) FROM workflow_statuses WHERE workflow_id = ws.workflow_id)`.execute(trx);
  const first = new Map(firstStatus.rows.map((s) => [`${s.product_id}:${s.statusable_type}`, s.id]));
  const now = today.getTime();
  const ideas = await trx
    .selectFrom('ideas')
    .select(['id', 'workflow_status_id', 'product_id', 'created_at', 'created_by_user_id'])
    .execute();
  for (const idea of ideas) {
    const from = first.get(`${idea.product_id}:Idea`);
    const born = Date.parse(idea.created_at);
    if (from === undefined || from === idea.workflow_status_id || now - born < DAY_MS) continue;
    row({
      user_id: admin,
      created_at: new Date(born + (now - born) / 2).toISOString(),
      auditable_type: 'Idea',
      auditable_id: idea.id,
      audit_action: 'update',
      changes: json({ workflow_status_id: [from, idea.workflow_status_id] }),
    });
  }
  const notes = await trx.selectFrom('pages').select(['id', 'name', 'created_at', 'created_by_user_id']).execute();
  for (const note of notes) {
    const when = Date.parse(note.created_at) + DAY_MS;
    if (when >= now) continue;
    row({
      user_id: note.created_by_user_id ?? admin,
      created_at: new Date(when).toISOString(),
      auditable_type: 'Page',
      auditable_id: note.id,
      audit_action: 'update',
      changes: json({ name: [`${note.name} (draft)`, note.name] }),
    });
  }

  await retiredHistory(trx, { admin, people, today, row });

  rows.sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0));
  for (let i = 0; i < rows.length; i += 100)
    await trx
      .insertInto('audits')
      .values(rows.slice(i, i + 100))
      .execute();
}

/**
 * The account's first workspace, Planner Classic (PLC), retired 13 months before `today`: its
 * release, features, requirements, comments and ideas were made, worked on and deleted 13 to 30
 * months ago, so only the audit log (and its historical search) knows them. Its ids are reserved
 * and its keys are its own prefix's, so nothing live is renumbered. Every row is older than the
 * 12-month cut.
 */
async function retiredHistory(
  trx: Trx,
  ctx: {
    admin: number | null;
    people: number[];
    today: Date;
    row: (r: Omit<HistoryRow, 'associated_type' | 'associated_id' | 'product_id'> & Partial<HistoryRow>) => void;
  },
): Promise<void> {
  // Its features went through the workflow Planner Cloud still uses.
  const pln = await trx.selectFrom('products').select('id').where('reference_prefix', '=', 'PLN').executeTakeFirst();
  if (!pln) return;
  const statuses = await sql<{ id: number }>`
    SELECT ws.id FROM workflow_statuses ws JOIN workflows w ON w.id = ws.workflow_id
    WHERE w.product_id = ${pln.id} AND w.statusable_type = 'Feature' ORDER BY ws.position`.execute(trx);
  const statusIds = statuses.rows.map((s) => s.id);
  const rand = seededRandom(20_240_131);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;
  const monthMs = 30.44 * DAY_MS;
  const start = ctx.today.getTime() - 30 * monthMs;
  // Before the 12-month cut whatever the day of the month.
  const end = Math.min(ctx.today.getTime() - 13 * monthMs, Date.parse(historyCut(ctx.today.getTime())) - DAY_MS);
  const at = (ms: number): string => new Date(Math.min(ms, end)).toISOString();

  // Ids, reserved.
  const product = { id: await reserveIds(trx, 'products', 1), name: 'Planner Classic', reference_prefix: 'PLC' };
  const releaseId = await reserveIds(trx, 'releases', 1);
  const firstFeature = await reserveIds(trx, 'features', RETIRED_FEATURES.length);
  const firstRequirement = await reserveIds(trx, 'requirements', RETIRED_FEATURES.length * 2);
  const firstIdea = await reserveIds(trx, 'ideas', RETIRED_IDEAS.length);
  const firstComment = await reserveIds(trx, 'comments', RETIRED_FEATURES.length);
  const inPlc = { product_id: product.id };
  const prefix = product.reference_prefix;

  const productRow = { auditable_type: 'Product', auditable_id: product.id, user_id: ctx.admin, ...inPlc };
  ctx.row({ ...productRow, created_at: at(start - DAY_MS), audit_action: 'create', changes: json(diff(null, product)) });

  const release = { id: releaseId, name: 'Classic 1.0', reference_num: releaseKey(prefix, 1) };
  ctx.row({
    ...inPlc,
    user_id: ctx.admin,
    created_at: at(start),
    auditable_type: 'Release',
    auditable_id: release.id,
    audit_action: 'create',
    changes: json(diff(null, { ...release, product_id: product.id })),
  });

  RETIRED_FEATURES.forEach((name, i) => {
    const id = firstFeature + i;
    const key = featureKey(prefix, i + 1);
    const author = pick(ctx.people);
    let when = start + (i + 1) * 12 * DAY_MS + rand() * DAY_MS;
    const feature = {
      id,
      name,
      reference_num: key,
      release_id: release.id,
      product_id: product.id,
      workflow_status_id: statusIds[0] ?? null,
    };
    ctx.row({
      ...inPlc,
      user_id: author,
      created_at: at(when),
      auditable_type: 'Feature',
      auditable_id: id,
      audit_action: 'create',
      changes: json(diff(null, feature)),
    });
    // Its requirements.
    for (const n of [1, 2]) {
      const req = {
        id: firstRequirement + i * 2 + n - 1,
        feature_id: id,
        name: `${name}: part ${n}`,
        reference_num: requirementKey(key, n),
      };
      const made = when + n * 3600_000;
      const link = { ...inPlc, associated_type: 'Feature', associated_id: id, auditable_type: 'Requirement', auditable_id: req.id };
      ctx.row({ ...link, user_id: author, created_at: at(made), audit_action: 'create', changes: json(diff(null, req)) });
      ctx.row({
        ...link,
        user_id: pick(ctx.people),
        created_at: at(made + 20 * DAY_MS),
        audit_action: 'update',
        changes: json({ name: [req.name, `${req.name} (reviewed)`] }),
      });
    }
    // Worked through its workflow, assigned, discussed.
    let status = 0;
    const steps = 1 + Math.floor(rand() * 4);
    for (let s = 0; s < steps; s++) {
      when += (10 + rand() * 40) * DAY_MS;
      const next = Math.min(status + 1, statusIds.length - 1);
      const changes: Changes = { workflow_status_id: [statusIds[status] ?? null, statusIds[next] ?? null] };
      if (s === 0) changes.assigned_to_id = [null, pick(ctx.people)];
      status = next;
      ctx.row({
        ...inPlc,
        user_id: pick(ctx.people),
        created_at: at(when),
        auditable_type: 'Feature',
        auditable_id: id,
        audit_action: 'update',
        changes: json(changes),
      });
    }
    const comment = { body: pick(COMMENTS), commentable_type: 'Feature', commentable_id: id, parent_comment_id: null };
    ctx.row({
      ...inPlc,
      user_id: pick(ctx.people),
      created_at: at(when + 2 * DAY_MS),
      auditable_type: 'Comment',
      auditable_id: firstComment + i,
      audit_action: 'create',
      changes: json(diff(null, comment)),
      associated_type: 'Feature',
      associated_id: id,
    });
    // Retired with its release: the feature goes, its requirements and comment with it.
    ctx.row({
      ...inPlc,
      user_id: ctx.admin,
      created_at: at(end - (RETIRED_FEATURES.length - i) * 3600_000),
      auditable_type: 'Feature',
      auditable_id: id,
      audit_action: 'destroy',
      changes: json(gone({ name: [null, name], reference_num: [null, key] })),
    });
  });
  ctx.row({
    ...inPlc,
    user_id: ctx.admin,
    created_at: at(end),
    auditable_type: 'Release',
    auditable_id: release.id,
    audit_action: 'destroy',
    changes: json(gone({ name: [null, release.name], reference_num: [null, release.reference_num] })),
  });

  RETIRED_IDEAS.forEach((name, i) => {
    const id = firstIdea + i;
    const idea = { id, name, reference_num: ideaKey(prefix, i + 1), product_id: product.id };
    const born = start + (3 + i * 4) * monthMs;
    ctx.row({
      ...inPlc,
      user_id: pick(ctx.people),
      created_at: at(born),
      auditable_type: 'Idea',
      auditable_id: id,
      audit_action: 'create',
      changes: json(diff(null, idea)),
    });
    ctx.row({
      ...inPlc,
      user_id: ctx.admin,
      created_at: at(born + 45 * DAY_MS),
      auditable_type: 'Idea',
      auditable_id: id,
      audit_action: 'destroy',
      changes: json(gone({ name: [null, name], reference_num: [null, idea.reference_num] })),
    });
  });
  // The workspace goes last, with everything still in it.
  ctx.row({
    ...productRow,
    created_at: at(end),
    audit_action: 'destroy',
    changes: json(gone({ name: [null, product.name], reference_prefix: [null, prefix] })),
  });
}
