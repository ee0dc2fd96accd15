// Idea subscriptions as the service's users see them (hosted `/ideas/{idea_id}/subscriptions`): the
// same rows portal users write from the portal (store/portal-site.ts), so a subscription made here is
// one the portal shows and the idea's status changes notify (store/ideas.ts). Rules
// (docs/decisions.md, "The ideas portal"):
// - a subscriber is a portal user of the idea's portal, found by email in any case; an email the
//   portal does not know becomes its portal user (as hosted: named by the email), audited as any
//   portal user's create; an idea in no portal has no one to subscribe (422 on `email`);
// - one subscription per idea and portal user: subscribing again answers the one there is;
// - a delete removes the row outright (no recycle bin: a subscription is a preference, and the
//   portal user can subscribe again in one click).
import type { Kysely, Selectable } from 'kysely';
import type { z } from 'zod';
import type { IdeaSubscription, ideaSubscriptionCreateInput } from '../../src/contract/idea-subscriptions';
import { notFound, now } from '../problems';
import type { Checked, Paging } from '../problems';
import { audit } from './audit';
import type { Changes, Db } from './audit';
import { ideaSummaries } from './ideas';
import { findPortalUserByEmail, insertPortalUser } from './portals';
import { asId, loadOne } from './resolve';
import type { Database, IdeaRow, IdeaSubscriptionsTable, PortalUserRow } from './schema';

export type IdeaSubscriptionRow = Selectable<IdeaSubscriptionsTable>;
type CreateInput = Partial<z.output<typeof ideaSubscriptionCreateInput>>;

const SUBSCRIPTION = 'IdeaSubscription';
const NOUN = 'Idea subscription';

/** A subscription by numeric id, or a 404 (the route checks it is the path's idea's). */
export async function requireSubscription(db: Db, id: string): Promise<IdeaSubscriptionRow> {
  const n = asId(id);
  const row = n === null ? undefined : await db.selectFrom('idea_subscriptions').selectAll().where('id', '=', n).executeTakeFirst();
  if (!row) throw notFound(NOUN, id);
  return row;
}

/** An idea's subscriptions, oldest first. */
export async function listSubscriptions(db: Db, idea: IdeaRow, p: Paging): Promise<{ rows: IdeaSubscriptionRow[]; total: number }> {
  const q = db.selectFrom('idea_subscriptions').where('idea_id', '=', idea.id);
  const counted = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const total = Number(counted?.n ?? 0);
  if (total === 0 || p.offset >= total) return { rows: [], total };
  const rows = await q.selectAll().orderBy('id').limit(p.perPage).offset(p.offset).execute();
  return { rows, total };
}

/** What a subscription's create and destroy rows say: the idea, the portal user and their email, which outlives them. */
const auditValues = (row: IdeaSubscriptionRow, email: string) => ({ idea_id: row.idea_id, portal_user_id: row.portal_user_id, email });
const created = (values: Record<string, unknown>): Changes => Object.fromEntries(Object.entries(values).map(([k, v]) => [k, [null, v]]));
const destroyed = (values: Record<string, unknown>): Changes => Object.fromEntries(Object.entries(values).map(([k, v]) => [k, [v, null]]));

/**
 * Subscribes the portal user `email` names in the idea's portal (made when there is none); answers
 * the subscription's id, the one there already is when they were subscribed.
 */
export async function createSubscription(
  db: Kysely<Database>,
  args: { idea: IdeaRow; input: CreateInput; checked: Checked; userId: number },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { problems, flagged } = args.checked;
    const idea = await trx.selectFrom('ideas').selectAll().where('id', '=', args.idea.id).executeTakeFirst();
    if (!idea) throw notFound('Idea', String(args.idea.id));
    const email = args.input.email;
    if (email === undefined && !flagged.has('email')) problems.add('email', "can't be blank");
    const portal =
      idea.submitted_idea_portal_id === null
        ? undefined
        : await trx.selectFrom('idea_portals').selectAll().where('id', '=', idea.submitted_idea_portal_id).executeTakeFirst();
    if (!portal) {
      problems.add(
        'email',
        `cannot be subscribed: ${idea.reference_num} is in no ideas portal, and subscribers are the users of its portal ` +
          '(submit the idea to a portal first: submitted_idea_portal_id)',
      );
    }
    problems.throwIfAny();
    if (email === undefined || !portal) throw new Error('a subscription without a subscriber passed its checks');

    const known = await findPortalUserByEmail(trx, portal.id, email);
    const portalUser: PortalUserRow = known ?? (await insertPortalUser(trx, args.userId, portal, { email }));
    const existing = await trx
      .selectFrom('idea_subscriptions')
      .select('id')
      .where('idea_id', '=', idea.id)
      .where('portal_user_id', '=', portalUser.id)
      .executeTakeFirst();
    // Subscribing is idempotent (as in the portal): the subscription there is, nothing written.
    if (existing) return existing.id;
    const row = await trx
      .insertInto('idea_subscriptions')
      .values({ idea_id: idea.id, portal_user_id: portalUser.id, created_at: now() })
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, {
      userId: args.userId,
      type: SUBSCRIPTION,
      id: row.id,
      action: 'create',
      changes: created(auditValues(row, portalUser.email)),
      row,
    });
    return row.id;
  });
}

/** Removes a subscription for good (see the header: no recycle bin), with its destroy audit row. */
export async function deleteSubscription(db: Kysely<Database>, args: { id: number; userId: number }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('idea_subscriptions').selectAll().where('id', '=', args.id).executeTakeFirst();
    if (!row) throw notFound(NOUN, String(args.id));
    const user = await trx.selectFrom('portal_users').select('email').where('id', '=', row.portal_user_id).executeTakeFirst();
    await trx.deleteFrom('idea_subscriptions').where('id', '=', row.id).execute();
    await audit(trx, {
      userId: args.userId,
      type: SUBSCRIPTION,
      id: row.id,
      action: 'destroy',
      changes: destroyed(auditValues(row, user?.email ?? '')),
      row,
    });
  });
}

/** A portal user's name as hosted: first and last name, else the email. */
const nameOf = (u: PortalUserRow): string => [u.first_name, u.last_name].filter(Boolean).join(' ') || u.email;

/** Subscriptions in the hosted shape, loading their portal users and ideas once for all rows. */
export async function serializeSubscriptions(db: Db, rows: IdeaSubscriptionRow[], origin: string): Promise<IdeaSubscription[]> {
  if (rows.length === 0) return [];
  const unique = (values: number[]) => [...new Set(values)];
  const users = new Map(
    (
      await db
        .selectFrom('portal_users')
        .selectAll()
        .where('id', 'in', unique(rows.map((r) => r.portal_user_id)))
        .execute()
    ).map((u) => [u.id, u]),
  );
  const ideaRows = await db
    .selectFrom('ideas')
    .selectAll()
    .where('id', 'in', unique(rows.map((r) => r.idea_id)))
    .execute();
  const ideas = new Map((await ideaSummaries(db, ideaRows, origin)).map((s) => [Number(s.id), s]));
  return rows.map((r) => {
    const user = users.get(r.portal_user_id);
    const idea = ideas.get(r.idea_id);
    // Both cascade to the subscription (migration 19): a row without them is a broken database.
    if (!user || !idea) throw new Error(`idea subscription ${r.id} lost its portal user or idea`);
    return {
      id: String(r.id),
      idea_id: String(r.idea_id),
      created_at: r.created_at,
      portal_user: { id: String(user.id), name: nameOf(user), email: user.email, created_at: user.created_at },
      idea,
    };
  });
}

/** One subscription's answer by id. */
export const loadSubscription = (db: Db, id: number, origin: string): Promise<IdeaSubscription> =>
  loadOne(db, 'idea_subscriptions', NOUN, id, (rows) => serializeSubscriptions(db, rows, origin));
