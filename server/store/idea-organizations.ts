// Idea organizations (issue 11): the companies voters belong to, the account's (not a product's).
// A name is used once in any case; `email_domains` lets a proxy vote find its voter's organization
// when the body names none. Writes are one transaction each with an audit row (`IdeaOrganization`);
// a delete goes to the recycle bin and leaves the votes that named it without an organization.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { IdeaOrganization, ideaOrganizationCreateInput } from '../../src/contract/idea-votes';
import { notFound, now } from '../problems';
import type { Checked, FieldProblems, Paging } from '../problems';
import { audit, diff } from './audit';
import { recycle } from './deletions';
import type { Db } from './audit';
import { dialectOf } from './dialect';
import { listPage } from './pages';
import type { Page } from './pages';
import { asId } from './resolve';
import { rowsById } from './row-cache';
import type { Database, IdeaOrganizationRow, IdeaOrganizationsTable } from './schema';
import { links, shapedOne, userRef } from './serialize';
import type { Updateable } from 'kysely';

type OrganizationInput = Partial<z.output<typeof ideaOrganizationCreateInput>>;

const ORG = 'IdeaOrganization';

/** `ORG-<id>`: the key organizations are answered and found by (besides the id). */
export const organizationKey = (id: number): string => `ORG-${id}`;

export async function findOrganization(db: Db, idOrKey: string): Promise<IdeaOrganizationRow | null> {
  const text = idOrKey.trim();
  const id = asId(/^org-\d+$/i.test(text) ? text.slice(4) : text);
  if (id === null) return null;
  return (await db.selectFrom('idea_organizations').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

export async function requireOrganization(db: Db, idOrKey: string): Promise<IdeaOrganizationRow> {
  const row = await findOrganization(db, idOrKey);
  if (!row) throw notFound('Idea organization', idOrKey);
  return row;
}

/**
 * The organization a vote names: the id sent (422 when unknown), null to clear, or — on a create
 * that names none — the one whose `email_domains` holds the voter's domain. Undefined: unchanged.
 */
export async function organizationIdOf(
  db: Db,
  sent: string | null | undefined,
  voterEmail: string | undefined,
  problems: FieldProblems,
): Promise<number | null | undefined> {
  if (sent === null) return null;
  if (sent !== undefined) {
    const row = await findOrganization(db, sent);
    if (!row) problems.add('idea_organization_id', 'must be the id of an idea organization');
    return row?.id;
  }
  return voterEmail === undefined ? undefined : (await organizationOfEmail(db, voterEmail))?.id;
}

/** The organization whose email domains hold the email's domain (the oldest, if several), with its domains. */
export async function organizationOfEmail(db: Db, email: string): Promise<{ id: number; domains: string[] } | undefined> {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  if (!email.includes('@') || domain === '') return undefined;
  const candidates = await db
    .selectFrom('idea_organizations')
    .select(['id', 'email_domains'])
    .where(dialectOf(db).containsText('email_domains', domain))
    .orderBy('id')
    .execute();
  for (const c of candidates) {
    const domains = c.email_domains
      .split(',')
      .map((d) => d.trim().toLowerCase())
      .filter(Boolean);
    if (domains.includes(domain)) return { id: c.id, domains };
  }
  return undefined;
}

/** Organizations by name (any case), then id; `q` is contained in the name. */
export async function listOrganizations(db: Kysely<Database>, p: Paging, q: string | undefined): Promise<Page<IdeaOrganizationRow>> {
  let query = db.selectFrom('idea_organizations');
  const term = q?.trim();
  if (term) query = query.where(dialectOf(db).containsText('name', term));
  return listPage(db, query, p, (page) =>
    page
      .selectAll()
      .orderBy(sql`lower(name)`)
      .orderBy('id'),
  );
}

/** Revenue as hosted answers it: decimal text, `"55000.0"`. */
const revenueText = (v: number | null): string | null => (v === null ? null : Number.isInteger(v) ? v.toFixed(1) : String(v));

export async function serializeOrganizations(db: Db, rows: IdeaOrganizationRow[], origin: string): Promise<IdeaOrganization[]> {
  if (rows.length === 0) return [];
  const counts = await db
    .selectFrom('idea_votes')
    .select((eb) => ['idea_organization_id as id', eb.fn.countAll<number>().as('n')])
    .where(
      'idea_organization_id',
      'in',
      rows.map((r) => r.id),
    )
    .groupBy('idea_organization_id')
    .execute();
  const countOf = new Map(counts.map((c) => [c.id, Number(c.n)]));
  const users = await rowsById(db, 'users', [...new Set(rows.flatMap((r) => (r.created_by_id === null ? [] : [r.created_by_id])))]);
  return rows.map((r) => ({
    id: String(r.id),
    name: r.name,
    reference_num: organizationKey(r.id),
    email_domains: r.email_domains,
    revenue: revenueText(r.revenue),
    endorsements_count: countOf.get(r.id) ?? 0,
    description: null,
    created_by_user: userRef(r.created_by_id === null ? undefined : users.get(r.created_by_id)),
    custom_fields: [],
    integration_fields: [],
    created_at: r.created_at,
    updated_at: r.updated_at,
    ...links(origin, 'idea_organizations', String(r.id)),
  }));
}

export async function loadOrganization(db: Db, id: number, origin: string): Promise<IdeaOrganization> {
  const row = await requireOrganization(db, String(id));
  return shapedOne(serializeOrganizations(db, [row], origin), 'Idea organization', id);
}

async function planOrganization(
  db: Db,
  existing: IdeaOrganizationRow | null,
  input: OrganizationInput,
  checked: Checked,
): Promise<Updateable<IdeaOrganizationsTable>> {
  const { problems, flagged } = checked;
  const values: Updateable<IdeaOrganizationsTable> = {};
  if (existing === null && input.name === undefined && !flagged.has('name')) problems.add('name', "can't be blank");
  if (input.name !== undefined) {
    let same = db.selectFrom('idea_organizations').select('id').where(dialectOf(db).equalsIgnoringCase('name', input.name));
    if (existing) same = same.where('id', '!=', existing.id);
    if (await same.executeTakeFirst()) problems.add('name', 'has already been taken by another organization');
    values.name = input.name;
  }
  if (input.email_domains !== undefined) values.email_domains = input.email_domains;
  if (input.revenue !== undefined) values.revenue = input.revenue;
  return values;
}

export async function createOrganization(
  db: Kysely<Database>,
  args: { input: OrganizationInput; checked: Checked; userId: number },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const values = await planOrganization(trx, null, args.input, args.checked);
    args.checked.problems.throwIfAny();
    const ts = now();
    const row = await trx
      .insertInto('idea_organizations')
      .values({
        name: values.name ?? '',
        email_domains: values.email_domains ?? '',
        revenue: values.revenue ?? null,
        created_by_id: args.userId,
        created_at: ts,
        updated_at: ts,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, { userId: args.userId, type: ORG, id: row.id, action: 'create', changes: diff(null, row) });
    return row.id;
  });
}

export async function updateOrganization(
  db: Kysely<Database>,
  args: { id: number; input: OrganizationInput; checked: Checked; userId: number },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await requireOrganization(trx, String(args.id));
    const values = await planOrganization(trx, before, args.input, args.checked);
    args.checked.problems.throwIfAny();
    const changes = diff(before, { ...before, ...values });
    if (Object.keys(changes).length === 0) return;
    await trx
      .updateTable('idea_organizations')
      .set({ ...values, updated_at: now() })
      .where('id', '=', before.id)
      .execute();
    await audit(trx, { userId: args.userId, type: ORG, id: before.id, action: 'update', changes });
  });
}

/** Deletes an organization into the recycle bin; the payload keeps which votes named it, for a restore. */
export function deleteOrganization(db: Kysely<Database>, args: { id: number; userId: number }): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const row = await requireOrganization(trx, String(args.id));
    const votes = await trx
      .selectFrom('idea_votes')
      .select(['id', 'idea_organization_id'])
      .where('idea_organization_id', '=', row.id)
      .execute();
    const deletionId = await recycle(trx, {
      userId: args.userId,
      type: ORG,
      id: row.id,
      name: row.name,
      productId: null,
      rows: { idea_organizations: [row] },
      links: { 'idea_votes.idea_organization_id': votes },
    });
    await trx.updateTable('idea_votes').set({ idea_organization_id: null }).where('idea_organization_id', '=', row.id).execute();
    await trx.deleteFrom('idea_organizations').where('id', '=', row.id).execute();
    await audit(trx, { userId: args.userId, type: ORG, id: row.id, action: 'destroy', changes: { name: [row.name, null] } });
    return deletionId;
  });
}
