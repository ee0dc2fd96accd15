// The votes ledger (issue 11): one row per voter and idea it was cast on (`idea_votes`). What every
// write of the ledger shares — the recount of `ideas.votes`, the per-idea cap applied to the votes a
// merge brought onto a survivor, and the merge and unmerge that move votes without losing any — so
// ideas.ts (merges, deletes) and the endorsement routes' store use one arithmetic.
//
// The arithmetic (docs/decisions.md, "Ideas"):
// - a vote's `weight` is what the voter gave and never changes by a merge; `counted_weight` is what
//   counts on `idea_id`. A vote on the idea it was cast on counts whole. Votes a merge moved onto a
//   survivor fill what the survivor's per-idea cap leaves of the voter's own vote there, oldest
//   first; the rest stays recorded (weight) and comes back with the unmerge;
// - `votes` of an idea = initial_votes + Σ counted_weight of the votes counting on it + Σ weight of
//   the votes cast on it that a merge moved away (a merged idea keeps showing its own votes, as
//   hosted; the survivor's rise by what moved).
import { sql } from 'kysely';
import type { Db } from './audit';
import type { IdeaRow, IdeaVoteRow } from './schema';
import { now } from '../problems';

/** Recomputes `votes` of each idea from the ledger; called in the transaction of every ledger write. */
export async function recountVotes(db: Db, ideaIds: readonly number[]): Promise<void> {
  for (const id of new Set(ideaIds)) {
    await sql`UPDATE ideas SET votes = initial_votes
      + coalesce((SELECT sum(counted_weight) FROM idea_votes WHERE idea_id = ${id}), 0)
      + coalesce((SELECT sum(weight) FROM idea_votes WHERE cast_on_idea_id = ${id} AND idea_id != ${id}), 0)
      WHERE id = ${id}`.execute(db);
  }
}

/** The per-idea cap of an idea: its portal's `votes_per_idea` (null: no portal, or no cap). */
export async function perIdeaCap(db: Db, idea: Pick<IdeaRow, 'submitted_idea_portal_id'>): Promise<number | null> {
  if (idea.submitted_idea_portal_id === null) return null;
  const portal = await db
    .selectFrom('idea_portals')
    .select('votes_per_idea')
    .where('id', '=', idea.submitted_idea_portal_id)
    .executeTakeFirst();
  return portal?.votes_per_idea ?? null;
}

/**
 * Sets the counted weight of the votes counting on `ideaId` of the voters `voters` selects (a
 * subquery of emails): a vote cast on the idea counts whole; the others (moved by merges) fill what
 * `cap` leaves, after the voter's own vote and older moved ones. No cap: every vote counts whole.
 */
async function applyCap(db: Db, ideaId: number, cap: number | null, voters: ReturnType<typeof sql>): Promise<void> {
  // `left`: what the cap leaves this vote after the voter's earlier ones; counted: it, within 0 and
  // the vote's weight (CASE rather than two-argument min/max, which PostgreSQL spells otherwise).
  const counted =
    cap === null
      ? sql`weight`
      : sql`CASE WHEN cast_on_idea_id = ${ideaId} THEN weight WHEN lft <= 0 THEN 0 WHEN lft < weight THEN lft ELSE weight END`;
  const left =
    cap === null
      ? sql`0`
      : sql`${cap} - (sum(weight) OVER (PARTITION BY voter_email ORDER BY cast_on_idea_id != ${ideaId}, id ROWS UNBOUNDED PRECEDING) - weight)`;
  await sql`UPDATE idea_votes SET counted_weight = r.counted FROM (
      SELECT id, ${counted} AS counted FROM (
        SELECT id, weight, cast_on_idea_id, ${left} AS lft
        FROM idea_votes WHERE idea_id = ${ideaId} AND voter_email IN (${voters})
      ) AS capped
    ) AS r
    WHERE idea_votes.id = r.id AND idea_votes.counted_weight != r.counted`.execute(db);
}

/** Re-applies the survivor's cap to one voter's votes on an idea (after their vote there changed). */
export async function recapVoter(db: Db, idea: IdeaRow, voterEmail: string): Promise<void> {
  await applyCap(db, idea.id, await perIdeaCap(db, idea), sql`${voterEmail}`);
}

/** What a merge or unmerge moved: the votes and their weight, for the audit rows. */
export interface MovedVotes {
  count: number;
  weight: number;
}

/**
 * Merge: the votes cast on `merged` count on `survivor` from now on; a voter with votes on both
 * keeps their vote on the survivor whole and the moved one within its per-idea cap. Inside the
 * caller's transaction (the idea's update).
 */
export async function mergeVotes(db: Db, merged: IdeaRow, survivor: IdeaRow): Promise<MovedVotes> {
  const moved = await db
    .selectFrom('idea_votes')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.coalesce(eb.fn.sum<number>('weight'), eb.val(0)).as('w')])
    .where('idea_id', '=', merged.id)
    .executeTakeFirst();
  const count = Number(moved?.n ?? 0);
  if (count === 0) return { count: 0, weight: 0 };
  // A merged idea has no duplicates of its own (merges are one level deep): what counts on it was cast on it.
  await db.updateTable('idea_votes').set({ idea_id: survivor.id }).where('idea_id', '=', merged.id).execute();
  // Without a cap the moved votes count whole, as they did on the merged idea: nothing to re-cap
  // (the window over them cost 18 ms for 10,000 moved votes).
  const cap = await perIdeaCap(db, survivor);
  if (cap !== null) await applyCap(db, survivor.id, cap, sql`SELECT voter_email FROM idea_votes WHERE cast_on_idea_id = ${merged.id}`);
  await recountVotes(db, [survivor.id, merged.id]);
  return { count, weight: Number(moved?.w ?? 0) };
}

/** Unmerge: the votes cast on `merged` count there again, whole, as before the merge. */
export async function unmergeVotes(db: Db, merged: IdeaRow, survivor: IdeaRow): Promise<MovedVotes> {
  const back = await db
    .updateTable('idea_votes')
    .set((eb) => ({ idea_id: merged.id, counted_weight: eb.ref('weight') }))
    .where('cast_on_idea_id', '=', merged.id)
    .where('idea_id', '=', survivor.id)
    .returning('weight')
    .execute();
  if (back.length === 0) return { count: 0, weight: 0 };
  // Votes other merges brought onto the survivor may have been capped behind these: cap them again
  // (without a cap nothing was held back).
  const cap = await perIdeaCap(db, survivor);
  if (cap !== null) await applyCap(db, survivor.id, cap, sql`SELECT voter_email FROM idea_votes WHERE cast_on_idea_id = ${merged.id}`);
  await recountVotes(db, [survivor.id, merged.id]);
  return { count: back.length, weight: back.reduce((n, r) => n + r.weight, 0) };
}

/**
 * Before an idea is deleted: it is unmerged from its survivor and the ideas merged into it from it
 * (their votes go home), then its own votes are removed and returned for the recycle bin.
 */
export async function detachVotes(db: Db, idea: IdeaRow): Promise<IdeaVoteRow[]> {
  if (idea.duplicate_of_id !== null) {
    const survivor = await db.selectFrom('ideas').selectAll().where('id', '=', idea.duplicate_of_id).executeTakeFirst();
    if (survivor) await unmergeVotes(db, idea, survivor);
  }
  const merged = await db.selectFrom('ideas').selectAll().where('duplicate_of_id', '=', idea.id).execute();
  for (const m of merged) await unmergeVotes(db, m, idea);
  const rows = await db.selectFrom('idea_votes').selectAll().where('idea_id', '=', idea.id).orderBy('id').execute();
  if (rows.length > 0) await db.deleteFrom('idea_votes').where('idea_id', '=', idea.id).execute();
  return rows;
}

/** How many votes each idea shows: those counting on it, and those cast on it that a merge moved away. */
export async function endorsementCounts(db: Db, ideaIds: readonly number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (ideaIds.length === 0) return out;
  const ids = [...new Set(ideaIds)];
  const counting = await db
    .selectFrom('idea_votes')
    .select((eb) => ['idea_id as id', eb.fn.countAll<number>().as('n')])
    .where('idea_id', 'in', ids)
    .groupBy('idea_id')
    .execute();
  const movedAway = await db
    .selectFrom('idea_votes')
    .select((eb) => ['cast_on_idea_id as id', eb.fn.countAll<number>().as('n')])
    .where('cast_on_idea_id', 'in', ids)
    .whereRef('idea_id', '!=', 'cast_on_idea_id')
    .groupBy('cast_on_idea_id')
    .execute();
  for (const r of [...counting, ...movedAway]) out.set(r.id, (out.get(r.id) ?? 0) + Number(r.n));
  return out;
}

/**
 * A new vote, counting whole on the idea it is cast on (the caps are the caller's to check, in the
 * same transaction): a proxy vote recorded by a user of the service (`proxyBy`), or a portal user's own.
 */
export function insertVote(
  db: Db,
  v: {
    ideaId: number;
    email: string;
    portalUserId: number | null;
    organizationId: number | null;
    value: number;
    link?: string | null | undefined;
    description?: string | null | undefined;
    proxyBy: number | null;
  },
): Promise<IdeaVoteRow> {
  const at = now();
  return db
    .insertInto('idea_votes')
    .values({
      idea_id: v.ideaId,
      cast_on_idea_id: v.ideaId,
      voter_email: v.email,
      portal_user_id: v.portalUserId,
      idea_organization_id: v.organizationId,
      weight: v.value,
      counted_weight: v.value,
      link: v.link ?? null,
      description: v.description ?? null,
      proxy: v.proxyBy === null ? 0 : 1,
      created_by_id: v.proxyBy,
      created_at: at,
      updated_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
