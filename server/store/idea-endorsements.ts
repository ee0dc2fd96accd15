// Votes as the endorsement routes see them (issue 11): proxy votes cast for someone by a user of
// the service, their list, change and delete, each one transaction with an audit row (`IdeaVote`),
// and the hosted answer shape. The ledger arithmetic (caps after merges, the `votes` recount) is
// idea-votes.ts's; the caps a vote must keep are checked here (docs/decisions.md, "Ideas"):
// - the voter is an email, lower-cased: one vote per voter and idea; a portal user of the idea's
//   portal with that email is linked (`endorsed_by_portal_user`);
// - `votes_per_idea` of the idea's portal caps a vote's value; `votes_per_user` (or the portal
//   user's `max_endorsements_override`) caps what the voter holds on the portal's ideas that are
//   not in a complete status (votes come back when an idea ships). Over a cap: 422 on `value`;
// - merged ideas and spam take no new or changed votes (422 naming the survivor / the spam mark).
import type { Kysely, Updateable } from 'kysely';
import type { z } from 'zod';
import type { IdeaEndorsement, ideaEndorsementCreateInput, ideaEndorsementUpdateInput } from '../../src/contract/idea-votes';
import { notFound, now } from '../problems';
import type { Checked, FieldProblems, Paging } from '../problems';
import { audit, diff } from './audit';
import { recycle } from './deletions';
import type { Db } from './audit';
import { findIdea, ideaSummaries } from './ideas';
import { insertVote, recapVoter, recountVotes } from './idea-votes';
import { organizationIdOf } from './idea-organizations';
import { findPortalUserByEmail } from './portals';
import { asId, loadOne } from './resolve';
import type { Database, IdeaRow, IdeaVoteRow, IdeaVotesTable } from './schema';
import { flag, links } from './serialize';

type CreateInput = Partial<z.output<typeof ideaEndorsementCreateInput>>;
type UpdateInput = Partial<z.output<typeof ideaEndorsementUpdateInput>>;

const VOTE = 'IdeaVote';

/** A vote the path reaches through an idea: counting on it, or cast on it (a merged idea's own). */
export async function requireVote(db: Db, idea: IdeaRow, id: string): Promise<IdeaVoteRow> {
  const n = asId(id);
  const row =
    n === null
      ? undefined
      : await db
          .selectFrom('idea_votes')
          .selectAll()
          .where('id', '=', n)
          .where((eb) => eb.or([eb('idea_id', '=', idea.id), eb('cast_on_idea_id', '=', idea.id)]))
          .executeTakeFirst();
  if (!row) throw notFound('Idea endorsement', id);
  return row;
}

/** The votes an idea shows, oldest first; `proxy` keeps the proxy votes (true) or the others (false). */
export async function listVotes(db: Db, idea: IdeaRow, p: Paging, proxy?: boolean): Promise<{ rows: IdeaVoteRow[]; total: number }> {
  let q = db.selectFrom('idea_votes').where((eb) => eb.or([eb('idea_id', '=', idea.id), eb('cast_on_idea_id', '=', idea.id)]));
  if (proxy !== undefined) q = q.where('proxy', '=', flag(proxy));
  const counted = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const total = Number(counted?.n ?? 0);
  if (total === 0 || p.offset >= total) return { rows: [], total };
  const rows = await q.selectAll().orderBy('id').limit(p.perPage).offset(p.offset).execute();
  return { rows, total };
}

/** Refuses votes on an idea that cannot take them: merged (naming its survivor) or spam. */
async function checkVotable(db: Db, idea: IdeaRow, problems: FieldProblems): Promise<void> {
  if (idea.duplicate_of_id !== null) {
    const survivor = await db.selectFrom('ideas').select('reference_num').where('id', '=', idea.duplicate_of_id).executeTakeFirst();
    problems.add('idea_id', `is merged into ${survivor?.reference_num ?? 'another idea'}: its votes count there; vote on that idea`);
  } else if (idea.spam === 1) problems.add('idea_id', 'is marked as spam: it takes no votes');
}

/** The portal's caps as a voter meets them, with the portal user the email is, if any. */
export async function capsFor(db: Db, idea: IdeaRow, email: string) {
  if (idea.submitted_idea_portal_id === null) return null;
  const portal = await db.selectFrom('idea_portals').selectAll().where('id', '=', idea.submitted_idea_portal_id).executeTakeFirst();
  if (!portal) return null;
  const user = await findPortalUserByEmail(db, portal.id, email);
  const perUser = user?.max_endorsements_override ?? portal.votes_per_user;
  return { portal, user: user ?? null, perIdea: portal.votes_per_idea, perUser, overridden: user?.max_endorsements_override != null };
}

/** What the voter holds on the portal's ideas not in a complete status (votes come back when an idea ships). */
export async function heldInPortal(db: Db, email: string, portalId: number): Promise<number> {
  const row = await db
    .selectFrom('idea_votes as v')
    .innerJoin('ideas as i', 'i.id', 'v.idea_id')
    .innerJoin('workflow_statuses as ws', 'ws.id', 'i.workflow_status_id')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('v.counted_weight'), eb.val(0)).as('n'))
    .where('v.voter_email', '=', email)
    .where('i.submitted_idea_portal_id', '=', portalId)
    .where('ws.complete', '=', 0)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

type Caps = Awaited<ReturnType<typeof capsFor>>;

/** The per-idea cap, before writing: a vote on its own idea counts whole. */
function checkPerIdea(caps: Caps, value: number, problems: FieldProblems): void {
  if (caps && caps.perIdea !== null && value > caps.perIdea) {
    problems.add(
      'value',
      `must be at most ${caps.perIdea}: the portal "${caps.portal.title}" allows ${caps.perIdea} votes per idea (votes_per_idea)`,
    );
  }
}

/** The per-user cap, after writing (in the transaction, which a refusal rolls back). */
async function checkPerUser(db: Db, caps: Caps, email: string, problems: FieldProblems): Promise<void> {
  if (!caps || caps.perUser === null) return;
  const held = await heldInPortal(db, email, caps.portal.id);
  if (held <= caps.perUser) return;
  const which = caps.overridden ? 'their max_endorsements_override' : "the portal's votes_per_user";
  problems.add('value', `would bring ${email}'s votes in the portal "${caps.portal.title}" to ${held}, over ${which} of ${caps.perUser}`);
  problems.throwIfAny();
}

/** `idea_id` in a body (the hosted example repeats it) must name the path's idea. */
async function checkIdeaId(db: Db, idea: IdeaRow, sent: string | undefined, problems: FieldProblems): Promise<void> {
  if (sent === undefined) return;
  const named = await findIdea(db, sent.trim());
  if (named?.id !== idea.id) problems.add('idea_id', `must be the idea of the path (${idea.reference_num}) when sent`);
}

/** A proxy vote for `email` on `idea`; returns its id. */
export async function createVote(
  db: Kysely<Database>,
  args: { idea: IdeaRow; input: CreateInput; checked: Checked; userId: number },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { input } = args;
    const { problems, flagged } = args.checked;
    const idea = await trx.selectFrom('ideas').selectAll().where('id', '=', args.idea.id).executeTakeFirstOrThrow();
    await checkVotable(trx, idea, problems);
    await checkIdeaId(trx, idea, input.idea_id, problems);
    const email = input.email?.toLowerCase();
    if (email === undefined && !flagged.has('email')) problems.add('email', "can't be blank");
    const value = input.value ?? 1;
    const caps = email !== undefined ? await capsFor(trx, idea, email) : null;
    checkPerIdea(caps, value, problems);
    if (email !== undefined) {
      const taken = await trx
        .selectFrom('idea_votes')
        .select('id')
        .where('cast_on_idea_id', '=', idea.id)
        .where('voter_email', '=', email)
        .executeTakeFirst();
      if (taken) problems.add('email', `has already voted on ${idea.reference_num} (vote ${taken.id}): change that vote's value instead`);
    }
    const organizationId = await organizationIdOf(trx, input.idea_organization_id, email, problems);
    problems.throwIfAny();
    if (email === undefined) throw new Error('a vote without a voter passed its checks');

    const row = await insertVote(trx, {
      ideaId: idea.id,
      email,
      portalUserId: caps?.user?.id ?? null,
      organizationId: organizationId ?? null,
      value,
      link: input.link,
      description: input.description,
      proxyBy: args.userId,
    });
    await recapVoter(trx, idea, email);
    await checkPerUser(trx, caps, email, problems);
    await recountVotes(trx, [idea.id]);
    await audit(trx, { userId: args.userId, type: VOTE, id: row.id, action: 'create', changes: diff(null, row) });
    return row.id;
  });
}

/** Changes a vote's value, organization, link or description; the voter's caps are checked again. */
export async function updateVote(
  db: Kysely<Database>,
  args: { idea: IdeaRow; voteId: number; input: UpdateInput; checked: Checked; userId: number },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { input } = args;
    const { problems } = args.checked;
    const before = await trx.selectFrom('idea_votes').selectAll().where('id', '=', args.voteId).executeTakeFirst();
    if (!before) throw notFound('Idea endorsement', String(args.voteId));
    const idea = await trx.selectFrom('ideas').selectAll().where('id', '=', before.cast_on_idea_id).executeTakeFirstOrThrow();
    await checkVotable(trx, idea, problems);
    await checkIdeaId(trx, args.idea, input.idea_id, problems);
    const caps = await capsFor(trx, idea, before.voter_email);
    if (input.value !== undefined) checkPerIdea(caps, input.value, problems);
    const organizationId = await organizationIdOf(trx, input.idea_organization_id, undefined, problems);
    problems.throwIfAny();

    const values: Updateable<IdeaVotesTable> = {};
    if (input.value !== undefined) values.weight = values.counted_weight = input.value;
    if (organizationId !== undefined) values.idea_organization_id = organizationId;
    if (input.link !== undefined) values.link = input.link;
    if (input.description !== undefined) values.description = input.description;
    const changes = diff(before, { ...before, ...values });
    if (Object.keys(changes).length === 0) return;
    await trx
      .updateTable('idea_votes')
      .set({ ...values, updated_at: now() })
      .where('id', '=', before.id)
      .execute();
    if (input.value !== undefined) {
      await recapVoter(trx, idea, before.voter_email);
      await checkPerUser(trx, caps, before.voter_email, problems);
      await recountVotes(trx, [idea.id]);
    }
    await audit(trx, { userId: args.userId, type: VOTE, id: before.id, action: 'update', changes });
  });
}

/** Removes a vote into the recycle bin; what the voter's other votes on that idea may now count is recomputed. */
export function deleteVote(db: Kysely<Database>, args: { voteId: number; userId: number }): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('idea_votes').selectAll().where('id', '=', args.voteId).executeTakeFirst();
    if (!row) throw notFound('Idea endorsement', String(args.voteId));
    const counting = await trx.selectFrom('ideas').selectAll().where('id', '=', row.idea_id).executeTakeFirstOrThrow();
    const deletionId = await recycle(trx, {
      userId: args.userId,
      type: VOTE,
      id: row.id,
      name: row.voter_email,
      productId: counting.product_id,
      rows: { idea_votes: [row] },
    });
    await trx.deleteFrom('idea_votes').where('id', '=', row.id).execute();
    await recapVoter(trx, counting, row.voter_email);
    await recountVotes(trx, [row.idea_id, row.cast_on_idea_id]);
    await audit(trx, {
      userId: args.userId,
      type: VOTE,
      id: row.id,
      action: 'destroy',
      changes: { voter_email: [row.voter_email, null], weight: [row.weight, null], idea_id: [row.idea_id, null] },
    });
    return deletionId;
  });
}

/** Votes in the hosted shape, loading their portal users, organizations and ideas once for all rows. */
export async function serializeVotes(db: Db, rows: IdeaVoteRow[], origin: string): Promise<IdeaEndorsement[]> {
  if (rows.length === 0) return [];
  const ids = (values: (number | null)[]) => [...new Set(values.filter((v): v is number => v !== null))];
  const portalUsers = await db
    .selectFrom('portal_users')
    .selectAll()
    .where('id', 'in', [0, ...ids(rows.map((r) => r.portal_user_id))])
    .execute();
  const users = new Map(portalUsers.map((u) => [u.id, u]));
  const organizations = await db
    .selectFrom('idea_organizations')
    .selectAll()
    .where('id', 'in', [0, ...ids(rows.map((r) => r.idea_organization_id))])
    .execute();
  const ideaRows = await db
    .selectFrom('ideas')
    .selectAll()
    .where('id', 'in', ids(rows.map((r) => r.idea_id)))
    .execute();
  const summaries = new Map((await ideaSummaries(db, ideaRows, origin)).map((s) => [Number(s.id), s]));
  const orgById = new Map(organizations.map((o) => [o.id, o]));
  return rows.map((r) => {
    const user = r.portal_user_id !== null ? users.get(r.portal_user_id) : undefined;
    const org = r.idea_organization_id !== null ? orgById.get(r.idea_organization_id) : undefined;
    const name = user ? [user.first_name, user.last_name].filter(Boolean).join(' ') || user.email : r.voter_email;
    return {
      id: String(r.id),
      idea_id: String(r.idea_id),
      cast_on_idea_id: String(r.cast_on_idea_id),
      created_at: r.created_at,
      updated_at: r.updated_at,
      value: r.weight,
      weight: r.counted_weight,
      link: r.link,
      description: r.description,
      proxy: r.proxy === 1,
      endorsed_by_portal_user: user ? { id: String(user.id), name, email: user.email, created_at: user.created_at } : null,
      // Idea users are not records here: the voter by their email, as ideas show their creator.
      endorsed_by_idea_user: { id: null, name, email: r.voter_email, created_at: r.created_at, title: null },
      idea_organization: org
        ? { id: String(org.id), name: org.name, created_at: org.created_at, ...links(origin, 'idea_organizations', String(org.id)) }
        : null,
      idea_users: [],
      integration_fields: [],
      custom_fields: [],
      ...(summaries.has(r.idea_id) ? { idea: summaries.get(r.idea_id) } : {}),
    };
  });
}

/** One vote's answer by id. */
export const loadVote = (db: Db, id: number, origin: string): Promise<IdeaEndorsement> =>
  loadOne(db, 'idea_votes', 'Idea endorsement', id, (rows) => serializeVotes(db, rows, origin));
