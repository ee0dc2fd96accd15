// Idea portals and portal users (issue 11): look-ups by id or key (a portal's subdomain), rules
// checked together before anything is written, writes in one transaction with audit rows, deletes
// through the recycle bin, and the wire shapes (hosted members, our own beside them).
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Kysely, Updateable } from 'kysely';
import type { z } from 'zod';
import type {
  IdeaPortal,
  PortalUser,
  ideaPortalCreateInput,
  ideaPortalUpdateInput,
  portalUserCreateInput,
} from '../../src/contract/portals';
import { LOGO_MAX_BYTES, SUBDOMAIN_MAX, SUBDOMAIN_PATTERN } from '../../src/contract/portals';
import { notFound, now } from '../problems';
import type { Checked, Paging } from '../problems';
import { audit, diff } from './audit';
import { clearedLinks, recycle } from './deletions';
import type { Db } from './audit';
import { dialectOf } from './dialect';
import { listPage } from './pages';
import type { Page } from './pages';
import { asId, findProduct } from './resolve';
import type { Database, IdeaPortalRow, IdeaPortalsTable, PortalUserRow, PortalUsersTable, UserRow } from './schema';
import { flag } from './serialize';

export type IdeaPortalInput = Partial<z.output<typeof ideaPortalCreateInput>>;
export type IdeaPortalChange = Partial<z.output<typeof ideaPortalUpdateInput>>;
export type PortalUserInput = Partial<z.output<typeof portalUserCreateInput>>;

const PORTAL = 'IdeaPortal';
const PORTAL_USER = 'PortalUser';

// ---------------------------------------------------------------------------------------------
// Look-ups

/** A portal by numeric id or subdomain (any case). */
export async function findIdeaPortal(db: Db, idOrKey: string | number): Promise<IdeaPortalRow | null> {
  const text = String(idOrKey).trim();
  const q = db.selectFrom('idea_portals').selectAll();
  if (/^\d+$/.test(text)) {
    const id = asId(text);
    return id === null ? null : ((await q.where('id', '=', id).executeTakeFirst()) ?? null);
  }
  return (await q.where('subdomain', '=', text.toLowerCase()).executeTakeFirst()) ?? null;
}

/**
 * The portal a path names, or a 404. The value is quoted, as the path grammar's 404 quotes it: a
 * subdomain such as `pln-01` is well formed whether or not a portal has it.
 */
/** The portal user of `portalId` with this email (any case), if any. */
export function findPortalUserByEmail(db: Db, portalId: number, email: string): Promise<PortalUserRow | undefined> {
  return db
    .selectFrom('portal_users')
    .selectAll()
    .where('idea_portal_id', '=', portalId)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
}

export async function requireIdeaPortal(db: Db, idOrKey: string): Promise<IdeaPortalRow> {
  const row = await findIdeaPortal(db, idOrKey);
  if (!row) throw notFound('Idea portal', JSON.stringify(idOrKey));
  return row;
}

/** A portal user by numeric id (portal users have no key). */
export async function requirePortalUser(db: Db, id: string): Promise<PortalUserRow> {
  const n = asId(id);
  const row = n === null ? undefined : await db.selectFrom('portal_users').selectAll().where('id', '=', n).executeTakeFirst();
  if (!row) throw notFound('Portal user', JSON.stringify(id));
  return row;
}

// ---------------------------------------------------------------------------------------------
// Shapes

/** The portal's address: the one set for it, else where this service serves it (issue 15). */
const portalAddress = (row: IdeaPortalRow, origin: string): string => row.external_url ?? `${origin}/portal/${row.subdomain}`;

const accessOf = (value: string): IdeaPortal['access_type'] => (value === 'submit-only' || value === 'private' ? value : 'public');

/**
 * Where the portal serves its logo: under its own address, named by a hash of the image so a new
 * logo is a new address (the logo is cached for good).
 */
export function portalLogoPath(row: Pick<IdeaPortalRow, 'subdomain' | 'logo'>): string {
  return `/portal/${row.subdomain}/api/logo?v=${createHash('sha256')
    .update(row.logo ?? '')
    .digest('hex')
    .slice(0, 12)}`;
}

export function ideaPortalBody(row: IdeaPortalRow, origin: string): IdeaPortal {
  return {
    id: String(row.id),
    title: row.title,
    portal_enabled: row.portal_enabled === 1,
    access_type: accessOf(row.access_type),
    external_url: portalAddress(row, origin),
    created_at: row.created_at,
    subdomain: row.subdomain,
    product_id: String(row.product_id),
    votes_per_user: row.votes_per_user,
    votes_per_idea: row.votes_per_idea,
    color: row.color,
    logo_url: row.logo === null ? null : portalLogoPath(row),
    updated_at: row.updated_at,
    url: `${origin}/idea_portals/${row.subdomain}`,
    resource: `${origin}/api/v1/idea_portals/${row.subdomain}`,
  };
}

export function portalUserBody(row: PortalUserRow): PortalUser {
  return {
    id: String(row.id),
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    enabled: row.enabled === 1,
    verified: row.verified === 1,
    employee: row.employee === 1,
    max_endorsements_override: row.max_endorsements_override,
    unsubscribed: row.unsubscribed === 1,
    unsubscribed_from_weekly_emails: row.unsubscribed_from_weekly_emails === null ? null : row.unsubscribed_from_weekly_emails === 1,
    idea_portal_id: String(row.idea_portal_id),
    // Idea users (one person across portals) are not modelled.
    idea_user_id: null,
    created_at: row.created_at,
    updated_at: row.updated_at,
    // Subscriptions to categories and workspaces are not kept: the hosted empty form.
    portal_user_subscriptions: { preferences: [] },
  };
}

// ---------------------------------------------------------------------------------------------
// Lists

/** Whose portals a list shows: a product's or the account's. */
export type IdeaPortalScope = { productId: number } | { account: true };

/** Portals by product, then id; `q` matches title or subdomain, `updatedSince` is strictly after. */
export async function listIdeaPortals(
  db: Kysely<Database>,
  scope: IdeaPortalScope,
  p: Paging,
  filter: { q?: string | undefined; updatedSince?: string | undefined },
): Promise<Page<IdeaPortalRow>> {
  let q = db.selectFrom('idea_portals');
  if ('productId' in scope) q = q.where('product_id', '=', scope.productId);
  const term = filter.q?.trim();
  if (term) q = q.where((eb) => eb.or([dialectOf(db).containsText('title', term), dialectOf(db).containsText('subdomain', term)]));
  if (filter.updatedSince !== undefined) q = q.where('updated_at', '>', filter.updatedSince);
  return listPage(db, q, p, (page) => page.selectAll().orderBy('product_id').orderBy('id'));
}

/** Whose portal users a list shows: a portal's or the account's. */
export type PortalUserScope = { portalId: number } | { account: true };

export interface PortalUserFilter {
  /** Contained in the email, the first or last name, or "first last" (ASCII case ignored). */
  q?: string | undefined;
  enabled?: boolean | undefined;
  employee?: boolean | undefined;
  updatedSince?: string | undefined;
}

/** Portal users by portal, then email (any case), then id. */
export async function listPortalUsers(
  db: Kysely<Database>,
  scope: PortalUserScope,
  p: Paging,
  filter: PortalUserFilter,
): Promise<Page<PortalUserRow>> {
  let q = db.selectFrom('portal_users');
  if ('portalId' in scope) q = q.where('idea_portal_id', '=', scope.portalId);
  const term = filter.q?.trim();
  if (term) {
    const fullName = sql<string>`coalesce(first_name, '') || ' ' || coalesce(last_name, '')`;
    q = q.where((eb) =>
      eb.or([
        dialectOf(db).containsText('email', term),
        dialectOf(db).containsText('first_name', term),
        dialectOf(db).containsText('last_name', term),
        dialectOf(db).containsText(fullName, term),
      ]),
    );
  }
  if (filter.enabled !== undefined) q = q.where('enabled', '=', flag(filter.enabled));
  if (filter.employee !== undefined) q = q.where('employee', '=', flag(filter.employee));
  if (filter.updatedSince !== undefined) q = q.where('updated_at', '>', filter.updatedSince);
  return listPage(db, q, p, (page) =>
    page
      .selectAll()
      .orderBy('idea_portal_id')
      .orderBy(sql`lower(email)`)
      .orderBy('id'),
  );
}

// ---------------------------------------------------------------------------------------------
// Portals: rules and writes

/** A subdomain made from a title: lower-case words joined by hyphens, a letter first, cut to fit. */
function subdomainOf(title: string): string {
  const words = title
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  const base = /^[a-z]/.test(words) ? words : `portal-${words}`.replace(/-+$/, '');
  return base.slice(0, SUBDOMAIN_MAX - 4).replace(/-+$/, '');
}

/** The first free subdomain of `base`, `base-2`, `base-3`, … */
async function freeSubdomain(db: Db, base: string): Promise<string> {
  const taken = new Set(
    (
      await db
        .selectFrom('idea_portals')
        .select('subdomain')
        .where((eb) => eb.or([eb('subdomain', '=', base), eb('subdomain', 'like', `${base}-%`)]))
        .execute()
    ).map((r) => r.subdomain),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** What is wrong with a logo's bytes (the data URL's form was checked by the contract), or null. */
function logoProblem(dataUrl: string): string | null {
  const comma = dataUrl.indexOf(',');
  const claimed = dataUrl.slice('data:'.length, dataUrl.indexOf(';'));
  const bytes = Buffer.from(dataUrl.slice(comma + 1), 'base64');
  if (bytes.byteLength > LOGO_MAX_BYTES) return `is too large (at most ${LOGO_MAX_BYTES / 1000} KB)`;
  if (imageTypeOf(bytes) !== claimed) return `is not a ${claimed.slice('image/'.length).toUpperCase()} image`;
  return null;
}

/** The raster type the bytes are (by their signature), or null. */
export function imageTypeOf(bytes: Uint8Array): string | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  if (starts(0x52, 0x49, 0x46, 0x46) && bytes[8] === 0x57 && bytes[9] === 0x45 && bytes[10] === 0x42 && bytes[11] === 0x50)
    return 'image/webp';
  return null;
}

async function planPortal(
  db: Db,
  existing: IdeaPortalRow | null,
  input: IdeaPortalChange,
  checked: Checked,
): Promise<Updateable<IdeaPortalsTable>> {
  const { problems, flagged } = checked;
  const values: Updateable<IdeaPortalsTable> = {};
  if (existing === null && input.title === undefined && !flagged.has('title')) problems.add('title', "can't be blank");
  if (input.title !== undefined) values.title = input.title;
  if (input.subdomain !== undefined && input.subdomain !== existing?.subdomain) {
    const other = await db.selectFrom('idea_portals').select(['id', 'title']).where('subdomain', '=', input.subdomain).executeTakeFirst();
    if (other) problems.add('subdomain', `has already been taken by the portal "${other.title}"`);
    else values.subdomain = input.subdomain;
  }
  if (input.access_type !== undefined) values.access_type = input.access_type;
  if (input.portal_enabled !== undefined) values.portal_enabled = flag(input.portal_enabled);
  if (input.external_url !== undefined) values.external_url = input.external_url;
  if (input.votes_per_user !== undefined) values.votes_per_user = input.votes_per_user;
  if (input.votes_per_idea !== undefined) values.votes_per_idea = input.votes_per_idea;
  if (input.color !== undefined) values.color = input.color;
  if (input.logo !== undefined) {
    const problem = input.logo === null ? null : logoProblem(input.logo);
    if (problem) problems.add('logo', problem);
    else values.logo = input.logo;
  }
  // A user could never put more on one idea than they hold in all: such a pair is a mistake.
  const perUser = input.votes_per_user !== undefined ? input.votes_per_user : (existing?.votes_per_user ?? null);
  const perIdea = input.votes_per_idea !== undefined ? input.votes_per_idea : (existing?.votes_per_idea ?? null);
  if (perUser !== null && perIdea !== null && perIdea > perUser && !flagged.has('votes_per_idea') && !flagged.has('votes_per_user')) {
    problems.add('votes_per_idea', `must not be more than votes_per_user (${perUser})`);
  }
  return values;
}

/** Creates a portal in the product `product_id` names; every rule checked first. */
export async function createIdeaPortal(
  db: Kysely<Database>,
  user: UserRow,
  input: IdeaPortalInput,
  checked: Checked,
): Promise<IdeaPortalRow> {
  return db.transaction().execute(async (trx) => {
    const { problems, flagged } = checked;
    let productId: number | null = null;
    if (input.product_id === undefined) {
      if (!flagged.has('product_id')) problems.add('product_id', "can't be blank");
    } else {
      const product = await findProduct(trx, input.product_id);
      if (!product) problems.add('product_id', `"${input.product_id}" is not the id or reference prefix of a product`);
      else productId = product.id;
    }
    const values = await planPortal(trx, null, input, checked);
    problems.throwIfAny();
    if (productId === null) throw new Error('a portal without a product passed its checks');
    const subdomain = values.subdomain ?? (await freeSubdomain(trx, subdomainOf(values.title ?? '')));
    if (!SUBDOMAIN_PATTERN.test(subdomain)) throw new Error(`made an invalid subdomain ${subdomain}`);
    const ts = now();
    const row = await trx
      .insertInto('idea_portals')
      .values({
        product_id: productId,
        title: values.title ?? '',
        subdomain,
        access_type: values.access_type ?? 'public',
        portal_enabled: values.portal_enabled ?? 1,
        external_url: values.external_url ?? null,
        votes_per_user: values.votes_per_user ?? null,
        votes_per_idea: values.votes_per_idea ?? null,
        color: values.color ?? null,
        logo: values.logo ?? null,
        created_at: ts,
        updated_at: ts,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, { userId: user.id, type: PORTAL, id: row.id, action: 'create', changes: diff(null, auditable(row)) });
    return row;
  });
}

/** Changes a portal; a change that changes nothing writes nothing and keeps `updated_at`. */
export async function updateIdeaPortal(
  db: Kysely<Database>,
  user: UserRow,
  row: IdeaPortalRow,
  input: IdeaPortalChange,
  checked: Checked,
): Promise<IdeaPortalRow> {
  return db.transaction().execute(async (trx) => {
    const current = await requireIdeaPortal(trx, String(row.id));
    const values = await planPortal(trx, current, input, checked);
    checked.problems.throwIfAny();
    const changes = diff(auditable(current), auditable({ ...current, ...values } as IdeaPortalRow));
    if (Object.keys(changes).length === 0) return current;
    const updated = await trx
      .updateTable('idea_portals')
      .set({ ...values, updated_at: now() })
      .where('id', '=', current.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, { userId: user.id, type: PORTAL, id: current.id, action: 'update', changes });
    return updated;
  });
}

// ---------------------------------------------------------------------------------------------
// Portal users: rules and writes

/**
 * A value sent under both of its spellings (`permission` / `employee`, …): one value, or a problem
 * on the answer's spelling when the two differ.
 */
function eitherSpelling<T>(
  checked: Checked,
  spec: { name: string; value: T | undefined },
  answer: { name: string; value: T | undefined },
): T | undefined {
  if (spec.value === undefined || answer.value === undefined) return spec.value ?? answer.value;
  if (spec.value !== answer.value) {
    checked.problems.add(
      answer.name,
      `is the answer's name of ${spec.name}: sent with both, they must agree (${String(spec.value)} vs ${String(answer.value)})`,
    );
  }
  return spec.value;
}

async function planPortalUser(
  db: Db,
  portal: IdeaPortalRow,
  existing: PortalUserRow | null,
  input: PortalUserInput,
  checked: Checked,
): Promise<Updateable<PortalUsersTable>> {
  const { problems, flagged } = checked;
  const values: Updateable<PortalUsersTable> = {};
  if (existing === null && input.email === undefined && !flagged.has('email')) problems.add('email', "can't be blank");
  if (input.email !== undefined && input.email !== existing?.email) {
    let same = db
      .selectFrom('portal_users')
      .select('id')
      .where('idea_portal_id', '=', portal.id)
      .where(sql<boolean>`lower(email) = lower(${input.email})`);
    if (existing) same = same.where('id', '!=', existing.id);
    if (await same.executeTakeFirst())
      problems.add('email', `has already been taken: ${input.email} is a user of the portal "${portal.title}"`);
    else values.email = input.email;
  }
  if (input.first_name !== undefined) values.first_name = input.first_name;
  if (input.last_name !== undefined) values.last_name = input.last_name;
  const employee = eitherSpelling(checked, { name: 'permission', value: input.permission }, { name: 'employee', value: input.employee });
  if (employee !== undefined) values.employee = flag(employee);
  const override = eitherSpelling(
    checked,
    { name: 'max_endorsement_override', value: input.max_endorsement_override },
    { name: 'max_endorsements_override', value: input.max_endorsements_override },
  );
  if (override !== undefined) values.max_endorsements_override = override;
  if (input.enabled !== undefined) values.enabled = flag(input.enabled);
  if (input.verified !== undefined) values.verified = flag(input.verified);
  if (input.unsubscribed !== undefined) values.unsubscribed = flag(input.unsubscribed);
  if (input.unsubscribed_from_weekly_emails !== undefined) {
    values.unsubscribed_from_weekly_emails =
      input.unsubscribed_from_weekly_emails === null ? null : flag(input.unsubscribed_from_weekly_emails);
  }
  return values;
}

/** Operation 12: a portal user of `portal`; every rule checked first. */
export async function createPortalUser(
  db: Kysely<Database>,
  user: UserRow,
  portal: IdeaPortalRow,
  input: PortalUserInput,
  checked: Checked,
): Promise<PortalUserRow> {
  return db.transaction().execute(async (trx) => {
    const values = await planPortalUser(trx, portal, null, input, checked);
    checked.problems.throwIfAny();
    return insertPortalUser(trx, user.id, portal, values);
  });
}

/**
 * Writes a planned portal user (its email checked free in the portal) and its create audit row, in
 * the caller's transaction: operation 12, and an idea subscription for an email the portal does not
 * know yet (store/idea-subscriptions.ts), which makes its portal user as hosted.
 */
export async function insertPortalUser(
  trx: Db,
  userId: number,
  portal: IdeaPortalRow,
  values: Updateable<PortalUsersTable>,
): Promise<PortalUserRow> {
  const ts = now();
  const row = await trx
    .insertInto('portal_users')
    .values({
      idea_portal_id: portal.id,
      email: values.email ?? '',
      first_name: values.first_name ?? null,
      last_name: values.last_name ?? null,
      employee: values.employee ?? 0,
      enabled: values.enabled ?? 1,
      verified: values.verified ?? 0,
      max_endorsements_override: values.max_endorsements_override ?? null,
      unsubscribed: values.unsubscribed ?? 0,
      unsubscribed_from_weekly_emails: values.unsubscribed_from_weekly_emails ?? null,
      created_at: ts,
      updated_at: ts,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await audit(trx, { userId, type: PORTAL_USER, id: row.id, action: 'create', changes: diff(null, auditable(row)) });
  return row;
}

/** Changes a portal user; nothing changed writes nothing and keeps `updated_at`. */
export async function updatePortalUser(
  db: Kysely<Database>,
  user: UserRow,
  row: PortalUserRow,
  input: PortalUserInput,
  checked: Checked,
): Promise<PortalUserRow> {
  return db.transaction().execute(async (trx) => {
    const current = await requirePortalUser(trx, String(row.id));
    const portal = await requireIdeaPortal(trx, String(current.idea_portal_id));
    const values = await planPortalUser(trx, portal, current, input, checked);
    checked.problems.throwIfAny();
    const changes = diff(auditable(current), auditable({ ...current, ...values } as PortalUserRow));
    if (Object.keys(changes).length === 0) return current;
    const updated = await trx
      .updateTable('portal_users')
      .set({ ...values, updated_at: now() })
      .where('id', '=', current.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, { userId: user.id, type: PORTAL_USER, id: current.id, action: 'update', changes });
    return updated;
  });
}

/** Removes a portal user; the recycle bin keeps the row (under the portal's product) for a restore. */
export function deletePortalUser(db: Kysely<Database>, user: UserRow, row: PortalUserRow): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const current = await requirePortalUser(trx, String(row.id));
    const portal = await requireIdeaPortal(trx, String(current.idea_portal_id));
    const deletionId = await recycle(trx, {
      userId: user.id,
      type: PORTAL_USER,
      id: current.id,
      name: current.email,
      productId: portal.product_id,
      rows: { portal_users: [current] },
      // Their votes stay and lose the link (ON DELETE SET NULL); a restore gives it back.
      links: await clearedLinks(trx, 'portal_users', [current.id]),
    });
    await trx.deleteFrom('portal_users').where('id', '=', current.id).execute();
    await audit(trx, {
      userId: user.id,
      type: PORTAL_USER,
      id: current.id,
      action: 'destroy',
      changes: { email: [current.email, null], idea_portal_id: [current.idea_portal_id, null] },
    });
    return deletionId;
  });
}

/** A row as its audit rows compare it: every column but the id and the times. */
function auditable(row: IdeaPortalRow | PortalUserRow): Record<string, unknown> {
  const { id: _id, created_at: _created, updated_at: _updated, ...rest } = row;
  // A logo is kept in the audit log by its digest: the image itself would be 200 KB a row.
  if ('logo' in rest && rest.logo !== null) return { ...rest, logo: `sha256:${createHash('sha256').update(rest.logo).digest('hex')}` };
  return rest;
}
