// Reading the audit log (issue 13): `GET /audits` over the last 12 calendar months, and the hosted
// shape of audit rows that it and the historical search answer — who, when, a sentence naming the
// record (`updated feature PLN-12 Sign-in with SSO`), each change old → new (records it refers to by
// name), the record's address while it exists. A page is shaped in a fixed number of queries: the
// users, per record kind the live records it names (and, for records that are gone, their names from
// their own audit rows), per referenced table the records its changes name.
import { sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';
import type { AuditChange, auditListQuery, auditSchema } from '../../src/contract/audits';
import type { z } from 'zod';
import type { Paging } from '../problems';
import type { Db } from './audit';
import { countMatches } from './counts';
import { noIndex } from './dialect';
import { seekPage } from './pages';
import type { OrderColumn, Page, SeekableList } from './pages';
import { findProduct, findUser } from './resolve';
import type { AuditsTable, Database } from './schema';
import type { Selectable } from 'kysely';

export type AuditRow = Selectable<AuditsTable>;
export type AuditFilters = z.output<typeof auditListQuery>;
/** An audit as it goes on the wire: the schema's input, whose ids may be JSON numbers (`auditable_id`, as hosted). */
export type AuditBody = z.input<typeof auditSchema>;

// ---------------------------------------------------------------------------------------------
// The 12-month cut

/**
 * Where the ordinary audit log ends and the historical search begins: the first instant (UTC) of the
 * calendar month twelve months before the current one. On 2026-11-28 that is 2025-11-01T00:00:00.000Z:
 * `GET /audits` lists rows created at or after it (this month and the twelve whole months before),
 * the historical search only rows created before it. The cut moves on the first of each month.
 */
export function historyCut(nowMs: number): string {
  const now = new Date(nowMs);
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 12, 1)).toISOString();
}

// ---------------------------------------------------------------------------------------------
// Record kinds as the log names them

interface AuditedKind {
  /** `feature` in "updated feature PLN-12 …". */
  noun: string;
  table?: keyof Database;
  /** The columns that name a record of the kind (SQL expressions over the table). */
  name?: string;
  key?: string;
  /** Its API address under /api/v1, from its id and `parent` (a vote's idea). */
  path?: (id: number, parent: number | null) => string;
  parent?: string;
  /** Nameless kinds are described by the record they belong to: "created comment on feature PLN-12 …". */
  on?: boolean;
}

const at = (segment: string) => (id: number) => `/${segment}/${id}`;

/** Every kind the service audits. An unknown type (a row from a later version) is named by its type alone. */
const KINDS: Readonly<Record<string, AuditedKind>> = {
  Feature: { noun: 'feature', table: 'features', name: 'name', key: 'reference_num', path: at('features') },
  Epic: { noun: 'epic', table: 'epics', name: 'name', key: 'reference_num', path: at('epics') },
  Requirement: { noun: 'requirement', table: 'requirements', name: 'name', key: 'reference_num', path: at('requirements') },
  Release: { noun: 'release', table: 'releases', name: 'name', key: 'reference_num', path: at('releases') },
  ReleasePhase: { noun: 'release phase', table: 'release_phases', name: 'name', path: at('release_phases') },
  Initiative: { noun: 'initiative', table: 'initiatives', name: 'name', key: 'reference_num', path: at('initiatives') },
  Goal: { noun: 'goal', table: 'goals', name: 'name', key: 'reference_num', path: at('goals') },
  Idea: { noun: 'idea', table: 'ideas', name: 'name', key: 'reference_num', path: at('ideas') },
  Page: { noun: 'note', table: 'pages', name: 'name', key: 'reference_num', path: at('pages') },
  Product: { noun: 'product', table: 'products', name: 'name', key: 'reference_prefix', path: at('products') },
  Team: { noun: 'team', table: 'teams', name: 'name', key: 'reference_prefix', path: at('teams') },
  IdeaPortal: { noun: 'idea portal', table: 'idea_portals', name: 'title', path: at('idea_portals') },
  PortalUser: { noun: 'portal user', table: 'portal_users', name: 'email', path: at('portal_users') },
  IdeaOrganization: { noun: 'idea organization', table: 'idea_organizations', name: 'name', path: at('idea_organizations') },
  IdeaCategory: { noun: 'idea category', table: 'idea_categories', name: 'name' },
  IdeaVote: {
    noun: 'vote',
    table: 'idea_votes',
    name: 'voter_email',
    parent: 'idea_id',
    path: (id, idea) => `/ideas/${idea ?? 0}/endorsements/${id}`,
    on: true,
  },
  // Named by the idea it is on: a subscription has no name of its own (its changes carry the email).
  IdeaSubscription: {
    noun: 'subscription',
    table: 'idea_subscriptions',
    parent: 'idea_id',
    path: (id, idea) => `/ideas/${idea ?? 0}/subscriptions/${id}`,
    on: true,
  },
  Comment: { noun: 'comment', table: 'comments', path: at('comments'), on: true },
  ScreenDefinition: { noun: 'layout', table: 'screen_definitions', name: 'name', path: at('screen_definitions') },
  Attachment: { noun: 'attachment', table: 'attachments', name: 'file_name', path: (id) => `/attachments/${id}/download`, on: true },
};

/** The audit types, as the filters take them (any case; the hosted `Ideas::Idea` and `StrategicImperative` too). */
const TYPE_BY_LOWER = new Map<string, string>([
  ...Object.keys(KINDS).map((k) => [k.toLowerCase(), k] as const),
  ['ideas::idea', 'Idea'],
  ['strategicimperative', 'Goal'],
  ['ideavote', 'IdeaVote'],
  ['idea_endorsement', 'IdeaVote'],
  ['idea_subscription', 'IdeaSubscription'],
]);

/** The audit type a filter names, or null when no audited kind has that name. */
export function auditType(sent: string): string | null {
  return TYPE_BY_LOWER.get(sent.trim().toLowerCase()) ?? null;
}

export const AUDITED_TYPES: readonly string[] = Object.keys(KINDS);

// ---------------------------------------------------------------------------------------------
// GET /audits

/** What a list's filters resolved to; `none` when one names nothing (an empty page, as other lists). */
interface Resolved {
  none: boolean;
  userId?: number;
  productId?: number;
  auditableType?: string;
  associatedType?: string;
  after?: { createdAt: string; id: number } | { id: number };
}

async function resolveFilters(db: Db, query: AuditFilters): Promise<Resolved> {
  const out: Resolved = { none: false };
  if (query.user_id !== undefined) {
    const user = await findUser(db, query.user_id.trim());
    if (user) out.userId = user.id;
    else out.none = true;
  }
  if (query.product_id !== undefined) {
    const product = await findProduct(db, query.product_id.trim());
    if (product) out.productId = product.id;
    else out.none = true;
  }
  for (const [field, sent] of [
    ['auditableType', query.auditable_type],
    ['associatedType', query.associated_type],
  ] as const) {
    if (sent === undefined) continue;
    const type = auditType(sent);
    if (type) out[field] = type;
    else out.none = true;
  }
  if (query.after_id !== undefined) {
    const id = Number(query.after_id);
    const row = await db.selectFrom('audits').select(['id', 'created_at']).where('id', '=', id).executeTakeFirst();
    out.after = row ? { createdAt: row.created_at, id: row.id } : { id };
  }
  return out;
}

/**
 * `GET /audits`: one index drives the page — a record's rows (`audits_record`, with its associated
 * rows through `audits_associated` when asked), an associated record's, a user's (`audits_user`), a
 * workspace's (`audits_product`), else time (`audits_created`) — and every other filter is a probe
 * (a unary `+` keeps SQLite from intersecting a second index). Ordered by time then id, newest first
 * unless `order=oldest` (or `after_id` without an order). Only rows from the 12-month cut on.
 */
export async function listAudits(db: Kysely<Database>, query: AuditFilters, p: Paging, nowMs: number): Promise<Page<AuditRow>> {
  const r = await resolveFilters(db, query);
  if (r.none) return { rows: [], total: 0 };
  const recordId = query.auditable_id !== undefined ? Number(query.auditable_id) : undefined;
  const associatedId = query.associated_id !== undefined ? Number(query.associated_id) : undefined;
  const byRecord = r.auditableType !== undefined && recordId !== undefined;
  const byAssociated = !byRecord && r.associatedType !== undefined && associatedId !== undefined;
  const byUser = !byRecord && !byAssociated && r.userId !== undefined;
  const byProduct = !byRecord && !byAssociated && !byUser && r.productId !== undefined;
  const byTime = !byRecord && !byAssociated && !byUser && !byProduct;
  /** A column reference, or a probe (`+col`) when another index drives. */
  const col = (name: string, drives: boolean): RawBuilder<unknown> => (drives ? sql.ref(`a.${name}`) : noIndex(`a.${name}`));

  const conditions: RawBuilder<unknown>[] = [];
  const cut = historyCut(nowMs);
  const since = query.created_since !== undefined && query.created_since > cut ? query.created_since : cut;
  const timeDrives = byTime || byUser || byProduct;
  conditions.push(sql`${col('created_at', timeDrives)} >= ${since}`);
  if (query.created_before !== undefined) conditions.push(sql`${col('created_at', timeDrives)} < ${query.created_before}`);
  if (byRecord && query.include_associated === 'true') {
    conditions.push(
      sql`((a.auditable_type = ${r.auditableType} AND a.auditable_id = ${recordId}) OR (a.associated_type = ${r.auditableType} AND a.associated_id = ${recordId}))`,
    );
  } else {
    if (r.auditableType !== undefined) conditions.push(sql`${col('auditable_type', byRecord)} = ${r.auditableType}`);
    if (recordId !== undefined) conditions.push(sql`${col('auditable_id', byRecord)} = ${recordId}`);
  }
  if (r.associatedType !== undefined) conditions.push(sql`${col('associated_type', byAssociated)} = ${r.associatedType}`);
  if (associatedId !== undefined) conditions.push(sql`${col('associated_id', byAssociated)} = ${associatedId}`);
  if (r.userId !== undefined) conditions.push(sql`${col('user_id', byUser)} = ${r.userId}`);
  if (r.productId !== undefined) conditions.push(sql`${col('product_id', byProduct)} = ${r.productId}`);
  if (query.audit_action !== undefined) conditions.push(sql`${noIndex('a.audit_action')} = ${query.audit_action}`);
  if (r.after) {
    conditions.push(
      'createdAt' in r.after ? sql`(${noIndex('a.created_at')}, ${noIndex('a.id')}) > (${r.after.createdAt}, ${r.after.id})` : sql`${noIndex('a.id')} > ${r.after.id}`,
    );
  }

  const where = sql.join(conditions, sql` AND `);
  const total = await countMatches(db, sql<{ n: number }>`SELECT count(*) AS n FROM audits a WHERE ${where}`);
  if (total === 0 || p.offset >= total) return { rows: [], total };
  const oldest = query.order === 'oldest' || (query.order === undefined && r.after !== undefined);
  const order: OrderColumn[] = [
    { ref: 'a.created_at', field: 'created_at', desc: !oldest },
    { ref: 'a.id', field: 'id', desc: !oldest },
  ];
  const list: SeekableList = { select: sql`SELECT a.* FROM audits a`, conditions, order };
  return { rows: await seekPage<AuditRow>(db, list, p), total };
}

/** Audit rows by id, in the order of `ids` (a historical search's page). */
export async function auditsByIds(db: Db, ids: readonly number[]): Promise<AuditRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('audits')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

// ---------------------------------------------------------------------------------------------
// The hosted shape

interface Named {
  name: string | null;
  key: string | null;
  parent: number | null;
  /** Still there (its address is answered). */
  live: boolean;
}

const recordKey = (type: string, id: number): string => `${type}:${id}`;

/** Names of the records a page's rows name: live ones from their tables, gone ones from their own audit rows. */
async function namesOf(db: Db, targets: readonly { type: string; id: number }[]): Promise<Map<string, Named>> {
  const out = new Map<string, Named>();
  const byType = new Map<string, Set<number>>();
  for (const t of targets) {
    if (!byType.has(t.type)) byType.set(t.type, new Set());
    byType.get(t.type)?.add(t.id);
  }
  for (const [type, idSet] of byType) {
    const kind = KINDS[type];
    const ids = [...idSet];
    if (kind?.table) {
      const name = kind.name ? sql.raw(kind.name) : sql`NULL`;
      const key = kind.key ? sql.raw(kind.key) : sql`NULL`;
      const parent = kind.parent ? sql.raw(kind.parent) : sql`NULL`;
      const rows = await sql<{ id: number; name: string | null; key: string | null; parent: number | null }>`
        SELECT id, ${name} AS name, ${key} AS key, ${parent} AS parent FROM ${sql.table(kind.table)} WHERE id IN (${sql.join(ids)})`.execute(
        db,
      );
      for (const row of rows.rows) out.set(recordKey(type, row.id), { name: row.name, key: row.key, parent: row.parent, live: true });
    }
    const gone = ids.filter((id) => !out.has(recordKey(type, id)));
    if (gone.length === 0) continue;
    // Gone: the names its create (new values) and its destroy (old values) rows kept, found through
    // the record's own rows (audits_record; the action is a probe, or SQLite would read every create
    // of the kind through audits_history).
    const rows = (
      await sql<{ auditable_id: number; changes: string }>`
        SELECT auditable_id, changes FROM audits
        WHERE auditable_type = ${type} AND auditable_id IN (${sql.join(gone)}) AND ${noIndex('audit_action')} IN ('create', 'destroy')
        ORDER BY id`.execute(db)
    ).rows;
    for (const row of rows) {
      const changes = parseChanges(row.changes);
      const value = (field: string | undefined): string | null => {
        const pair = field ? changes[field] : undefined;
        const v = pair ? (pair[1] ?? pair[0]) : null;
        return typeof v === 'string' ? v : null;
      };
      const seen = out.get(recordKey(type, row.auditable_id));
      out.set(recordKey(type, row.auditable_id), {
        name: value(kind?.name) ?? seen?.name ?? null,
        key: value(kind?.key) ?? seen?.key ?? null,
        parent: seen?.parent ?? null,
        live: false,
      });
    }
  }
  return out;
}

function parseChanges(text: string): Record<string, [unknown, unknown]> {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, [unknown, unknown]>) : {};
  } catch {
    return {};
  }
}

/**
 * Columns that name another record, and where its name is: `value` shows "Planning → Ready" where
 * `old_value` / `new_value` keep the ids. `parent_id` names a record of the audited kind's own table.
 */
const REFERENCES: Readonly<Record<string, { table: keyof Database; name: string; key?: string }>> = {
  workflow_status_id: { table: 'workflow_statuses', name: 'name' },
  team_workflow_status_id: { table: 'team_workflow_statuses', name: 'name' },
  workflow_kind_id: { table: 'workflow_kinds', name: 'name' },
  assigned_to_id: { table: 'users', name: 'name' },
  created_by_id: { table: 'users', name: 'name' },
  created_by_user_id: { table: 'users', name: 'name' },
  owner_id: { table: 'users', name: 'name' },
  release_id: { table: 'releases', name: 'name', key: 'reference_num' },
  release_phase_id: { table: 'release_phases', name: 'name' },
  epic_id: { table: 'epics', name: 'name', key: 'reference_num' },
  initiative_id: { table: 'initiatives', name: 'name', key: 'reference_num' },
  initiative_ids: { table: 'initiatives', name: 'name', key: 'reference_num' },
  goal_ids: { table: 'goals', name: 'name', key: 'reference_num' },
  category_ids: { table: 'idea_categories', name: 'name' },
  feature_id: { table: 'features', name: 'name', key: 'reference_num' },
  idea_id: { table: 'ideas', name: 'name', key: 'reference_num' },
  duplicate_of_id: { table: 'ideas', name: 'name', key: 'reference_num' },
  team_id: { table: 'teams', name: 'name' },
  iteration_id: { table: 'iterations', name: 'name' },
  program_increment_id: { table: 'program_increments', name: 'name', key: 'reference_num' },
  time_frame_id: { table: 'time_frames', name: 'name' },
  idea_portal_id: { table: 'idea_portals', name: 'title' },
  idea_organization_id: { table: 'idea_organizations', name: 'name' },
  product_id: { table: 'products', name: 'name' },
  watchers: { table: 'users', name: 'name' },
};

/** The reference a changed field makes, for a row of `type` (`parent_id`: its own kind's table). */
function referenceOf(type: string, field: string): { table: keyof Database; name: string; key?: string } | undefined {
  if (field === 'parent_id') {
    const kind = KINDS[type];
    return kind?.table && kind.name ? { table: kind.table, name: kind.name, ...(kind.key ? { key: kind.key } : {}) } : undefined;
  }
  return REFERENCES[field];
}

/** The names of the records a page's changes refer to, by table and id (one query per table). */
async function referencedNames(
  db: Db,
  rows: readonly { type: string; changes: Record<string, [unknown, unknown]> }[],
): Promise<Map<string, string>> {
  const wanted = new Map<keyof Database, { ref: { name: string; key?: string }; ids: Set<number> }>();
  for (const row of rows) {
    for (const [field, pair] of Object.entries(row.changes)) {
      const ref = referenceOf(row.type, field);
      if (!ref || !Array.isArray(pair)) continue;
      const entry = wanted.get(ref.table) ?? { ref, ids: new Set<number>() };
      wanted.set(ref.table, entry);
      for (const v of pair.flatMap((x: unknown) => (Array.isArray(x) ? x : [x]))) if (typeof v === 'number') entry.ids.add(v);
    }
  }
  const out = new Map<string, string>();
  for (const [table, { ref, ids }] of wanted) {
    if (ids.size === 0) continue;
    const key = ref.key ? sql.raw(ref.key) : sql`NULL`;
    const found = await sql<{ id: number; name: string | null; key: string | null }>`
      SELECT id, ${sql.raw(ref.name)} AS name, ${key} AS key FROM ${sql.table(table)} WHERE id IN (${sql.join([...ids])})`.execute(db);
    for (const r of found.rows) {
      const text = [r.key, r.name].filter((x): x is string => typeof x === 'string' && x !== '').join(' ');
      if (text) out.set(`${table}:${r.id}`, text);
    }
  }
  return out;
}

/** A value as a person reads it in `value`: `(none)` for nothing, a record by its name, lists joined, objects as JSON. */
function shown(value: unknown, name?: (id: number) => string | undefined): string {
  if (value === null || value === undefined || value === '') return '(none)';
  if (typeof value === 'number') return name?.(value) ?? String(value);
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value))
    return value.length === 0
      ? '(none)'
      : value.map((v) => (typeof v === 'object' && v !== null ? JSON.stringify(v) : shown(v, name))).join(', ');
  return JSON.stringify(value);
}

/** Fields whose change alone is bookkeeping a person does not look for (a sibling's new place, a recount). */
const BOOKKEEPING = new Set(['position', 'votes', 'updated_at']);

/** What a restore writes into its create row (store/restore): the deletion it brought the record back from. */
const RESTORED_FROM = 'restored_from_deletion_id';

const label = (n: Named | undefined): string => [n?.key, n?.name].filter((s): s is string => typeof s === 'string' && s !== '').join(' ');

/**
 * Audit rows in the hosted shape (plus `reference_num` and `restored_from_deletion_id`), in the
 * order given: users in one query, then per kind the records named.
 */
export async function shapeAudits(db: Db, rows: readonly AuditRow[], origin: string): Promise<AuditBody[]> {
  if (rows.length === 0) return [];
  const userIds = [...new Set(rows.map((r) => r.user_id).filter((id): id is number => id !== null))];
  const users =
    userIds.length === 0 ? [] : await db.selectFrom('users').select(['id', 'name', 'email']).where('id', 'in', userIds).execute();
  const userById = new Map(users.map((u) => [u.id, { id: String(u.id), name: u.name, email: u.email }]));
  const targets = rows.flatMap((r) => [
    { type: r.auditable_type, id: r.auditable_id },
    ...(r.associated_type !== null && r.associated_id !== null ? [{ type: r.associated_type, id: r.associated_id }] : []),
  ]);
  const names = await namesOf(db, targets);
  const parsed = rows.map((row) => ({ type: row.auditable_type, changes: parseChanges(row.changes) }));
  const referenced = await referencedNames(db, parsed);

  return rows.map((row, i): AuditBody => {
    const raw = parsed[i]?.changes ?? {};
    const restoredFrom = raw[RESTORED_FROM]?.[1];
    const changes: AuditChange[] = Object.entries(raw)
      .filter(([field]) => field !== RESTORED_FROM)
      .map(([field, pair]) => {
        const [before, after] = Array.isArray(pair) ? pair : [null, pair];
        const ref = referenceOf(row.auditable_type, field);
        const name = ref ? (id: number) => referenced.get(`${ref.table}:${id}`) : undefined;
        return {
          field_name: field,
          value: `${shown(before, name)} → ${shown(after, name)}`,
          old_value: before ?? null,
          new_value: after ?? null,
        };
      });
    const kind = KINDS[row.auditable_type];
    const own = names.get(recordKey(row.auditable_type, row.auditable_id));
    const associated =
      row.associated_type !== null && row.associated_id !== null ? names.get(recordKey(row.associated_type, row.associated_id)) : undefined;
    const restored = row.audit_action === 'create' && restoredFrom !== undefined && restoredFrom !== null;
    const verb = restored ? 'restored' : row.audit_action === 'create' ? 'created' : row.audit_action === 'update' ? 'updated' : 'deleted';
    const noun = kind?.noun ?? row.auditable_type;
    const ownLabel = label(own);
    let description = ownLabel ? `${verb} ${noun} ${ownLabel}` : `${verb} ${noun}`;
    if (kind?.on && row.associated_type !== null) {
      const on = KINDS[row.associated_type]?.noun ?? row.associated_type;
      const onLabel = label(associated);
      description += onLabel ? ` on ${on} ${onLabel}` : ` on ${on}`;
    }
    const path = own?.live && kind?.path ? kind.path(row.auditable_id, own.parent) : null;
    const interesting = row.audit_action !== 'update' || changes.length === 0 || changes.some((ch) => !BOOKKEEPING.has(ch.field_name));
    return {
      id: String(row.id),
      audit_action: row.audit_action as AuditBody['audit_action'],
      created_at: row.created_at,
      interesting,
      user: row.user_id === null ? null : (userById.get(row.user_id) ?? null),
      auditable_type: row.auditable_type,
      // JSON numbers, as hosted.
      auditable_id: row.auditable_id,
      associated_type: row.associated_type,
      associated_id: row.associated_id,
      description,
      auditable_url: path ? `${origin}/api/v1${path}` : null,
      changes,
      reference_num: own?.key ?? null,
      restored_from_deletion_id: restored ? String(restoredFrom as string | number) : null,
    };
  });
}
