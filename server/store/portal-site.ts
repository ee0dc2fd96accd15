// The ideas portal's store (issue 15): who is looking (a session's portal user, or nobody), what
// they may see — one SQL predicate every portal read goes through — and what they may do: submit,
// vote within the caps, comment in portal threads, subscribe, read notifications, sign in by link.
//
// Visibility (docs/decisions.md, "The ideas portal"): a portal shows the ideas submitted to it that
// are neither spam nor merged, each by its `visibility` against the viewer:
//   service: nobody · public: whoever may read the portal · creator: its submitter ·
//   employee: employees · employee_or_creator: either · creator_organization: its submitter and
//   everyone of the submitter's organization (idea organizations, by email domain).
// In a submit-only portal a viewer who is not an employee sees only what they submitted (still by
// its visibility: `service` hides an idea from its submitter too); nobody signed in sees nothing.
// A private portal is closed to anyone not signed in (the routes answer 401 before asking here).
import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { ExpressionBuilder, Kysely, SqlBool, Expression } from 'kysely';
import type {
  PortalComment,
  PortalIdea,
  PortalIdeaInput,
  PortalIdeaSummary,
  PortalInfo,
  PortalNotification,
  PortalPromotion,
  PortalRoadmap,
  PortalSort,
  PortalStatus,
  Viewer,
} from '../../src/contract/portal-site';
import type { SignInEmail } from '../../src/contract/portals';
import { FieldProblems, StoreError, now } from '../problems';
import type { Paging } from '../problems';
import { attachmentsOf } from './attachments';
import { audit, diff } from './audit';
import type { Changes, Db } from './audit';
import { countMatches } from './counts';
import { dialectOf } from './dialect';
import { capsFor, heldInPortal } from './idea-endorsements';
import { insertVote, recapVoter, recountVotes } from './idea-votes';
import { organizationIdOf, organizationOfEmail } from './idea-organizations';
import { relatedIdeas, submitIdea } from './ideas';
import { findPortalUserByEmail, portalLogoPath } from './portals';
import type { Database, IdeaPortalRow, IdeaRow, PortalUserRow } from './schema';
import { rowsById } from './row-cache';
import { portalUserName } from './serialize';

/** How long a sign-in link works, and a session lasts. */
export const SIGN_IN_LINK_MINUTES = 30;
export const SESSION_DAYS = 30;

const sha256 = (value: string): string => crypto.createHash('sha256').update(value, 'utf8').digest('hex');
const randomToken = (): string => crypto.randomBytes(32).toString('base64url');

/** The signed-in portal user, with what visibility needs: their email's organization domains. */
export interface PortalViewer {
  user: PortalUserRow;
  csrfToken: string;
  /** The email domains of the viewer's idea organization (empty: none). */
  orgDomains: readonly string[];
}

export interface PortalContext {
  portal: IdeaPortalRow;
  viewer: PortalViewer | null;
}

// ---------------------------------------------------------------------------------------------
// Sessions and sign-in links

/** The portal user a session cookie stands for on `portal`, or null (unknown, expired, disabled, another portal's). */
export async function sessionViewer(db: Db, portal: IdeaPortalRow, token: string | undefined): Promise<PortalViewer | null> {
  if (!token || token.length > 200) return null;
  const found = await db
    .selectFrom('portal_sessions as s')
    .innerJoin('portal_users as u', 'u.id', 's.portal_user_id')
    .selectAll('u')
    .select(['s.csrf_token', 's.expires_at'])
    .where('s.token_hash', '=', sha256(token))
    .executeTakeFirst();
  if (!found || found.idea_portal_id !== portal.id || found.enabled !== 1 || found.expires_at <= now()) return null;
  const { csrf_token: csrfToken, expires_at: _expires, ...user } = found;
  return { user, csrfToken, orgDomains: (await organizationOfEmail(db, user.email))?.domains ?? [] };
}

/** Who may get a link: an enabled portal user, or anyone on a portal that is not private (they join on first sign-in). */
async function mayJoin(db: Db, portal: IdeaPortalRow, email: string): Promise<boolean> {
  const user = await findPortalUserByEmail(db, portal.id, email);
  if (user) return user.enabled === 1;
  return portal.access_type !== 'private';
}

/** How a sign-in link reaches its reader: mailed, or written to the service log. */
export type Deliver = (message: { to: string; subject: string; text: string; link: string }) => Promise<'log' | 'smtp' | 'failed'>;

/**
 * Makes a sign-in link for `email` and delivers it. Someone who may not sign in gets no link (the
 * row says `none`) — but the same answer, so the form tells nobody who has an account.
 */
export async function requestSignIn(
  db: Kysely<Database>,
  portal: IdeaPortalRow,
  email: string,
  origin: string,
  deliver: Deliver,
): Promise<void> {
  const lower = email.toLowerCase();
  const token = randomToken();
  const at = new Date();
  const link = `${origin}/portal/${portal.subdomain}/sign-in?token=${token}`;
  const allowed = await mayJoin(db, portal, lower);
  const { id } = await db
    .insertInto('portal_sign_in_links')
    .values({
      idea_portal_id: portal.id,
      email: lower,
      token_hash: sha256(token),
      // Written once it is known how the link went out: a mailed link is never kept (below).
      link: null,
      delivery: allowed ? 'log' : 'none',
      created_at: at.toISOString(),
      expires_at: new Date(at.getTime() + SIGN_IN_LINK_MINUTES * 60_000).toISOString(),
      used_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (!allowed) return;
  const delivery = await deliver({
    to: lower,
    subject: `Sign in to ${portal.title}`,
    text: `Open this link to sign in to ${portal.title} (it works once, for ${SIGN_IN_LINK_MINUTES} minutes):\n\n${link}\n\nIf you did not ask for it, ignore this email.`,
    link,
  });
  // A link handed to a mail server belongs to the mailbox it went to: the log keeps its delivery
  // state only. Written to the service log (no mail server) or refused by the server, the link is
  // kept for an administrator to hand on (GET …/sign_in_emails).
  await db
    .updateTable('portal_sign_in_links')
    .set({ delivery, link: delivery === 'smtp' ? null : link })
    .where('id', '=', id)
    .execute();
}

/**
 * Signs in with a link's token: the link is spent, the portal user made (on first sign-in) and
 * marked verified, and a session begins. Answers the session's cookie value and the viewer, or null
 * when the link is unknown, spent, expired, another portal's, or its user was disabled meanwhile.
 */
export async function redeemSignIn(
  db: Kysely<Database>,
  portal: IdeaPortalRow,
  token: string,
): Promise<{ session: string; viewer: PortalViewer } | null> {
  const session = randomToken();
  const viewerId = await db.transaction().execute(async (trx) => {
    const at = now();
    const link = await trx.selectFrom('portal_sign_in_links').selectAll().where('token_hash', '=', sha256(token)).executeTakeFirst();
    if (!link || link.idea_portal_id !== portal.id || link.used_at !== null || link.expires_at <= at || link.delivery === 'none')
      return null;
    await trx.updateTable('portal_sign_in_links').set({ used_at: at, link: null }).where('id', '=', link.id).execute();
    let user = await findPortalUserByEmail(trx, portal.id, link.email);
    if (user && user.enabled !== 1) return null;
    if (!user) {
      if (portal.access_type === 'private') return null;
      user = await trx
        .insertInto('portal_users')
        .values({ idea_portal_id: portal.id, email: link.email, verified: 1, created_at: at, updated_at: at })
        .returningAll()
        .executeTakeFirstOrThrow();
      await audit(trx, { userId: null, type: 'PortalUser', id: user.id, action: 'create', changes: diff(null, { email: user.email }) });
    } else if (user.verified !== 1) {
      await trx.updateTable('portal_users').set({ verified: 1, updated_at: at }).where('id', '=', user.id).execute();
    }
    await trx
      .insertInto('portal_sessions')
      .values({
        portal_user_id: user.id,
        token_hash: sha256(session),
        csrf_token: randomToken(),
        created_at: at,
        expires_at: new Date(Date.parse(at) + SESSION_DAYS * 86_400_000).toISOString(),
      })
      .execute();
    return user.id;
  });
  if (viewerId === null) return null;
  const viewer = await sessionViewer(db, portal, session);
  return viewer ? { session, viewer } : null;
}

export async function endSession(db: Db, token: string): Promise<void> {
  await db.deleteFrom('portal_sessions').where('token_hash', '=', sha256(token)).execute();
}

/**
 * The sign-in emails of a portal, newest first (the administrators' list). The link is answered
 * only while it can sign in and was not mailed: a row of a mailed link never answers one, whatever
 * an older version kept.
 */
export async function listSignInEmails(db: Db, portal: IdeaPortalRow, page: Paging): Promise<{ rows: SignInEmail[]; total: number }> {
  const base = db.selectFrom('portal_sign_in_links').where('idea_portal_id', '=', portal.id);
  const counted = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const total = Number(counted?.n ?? 0);
  const rows = await base.selectAll().orderBy('id', 'desc').limit(page.perPage).offset(page.offset).execute();
  const at = now();
  return {
    total,
    rows: rows.map((r) => ({
      id: String(r.id),
      email: r.email,
      link: r.used_at === null && r.expires_at > at && (r.delivery === 'log' || r.delivery === 'failed') ? r.link : null,
      delivery: r.delivery === 'smtp' || r.delivery === 'failed' || r.delivery === 'none' ? r.delivery : 'log',
      created_at: r.created_at,
      expires_at: r.expires_at,
      used_at: r.used_at,
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// Visibility

type IdeaEb = ExpressionBuilder<Database & { i: Database['ideas'] }, 'i'>;

const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (m) => `\\${m}`);

/** The one predicate of what `ctx.viewer` may see in `ctx.portal` (alias `i`): see the head of this file. */
export function visibleTo(ctx: PortalContext): (eb: IdeaEb) => Expression<SqlBool> {
  const { portal, viewer } = ctx;
  return (eb) => {
    const base = [eb('i.submitted_idea_portal_id', '=', portal.id), eb('i.spam', '=', 0), eb('i.duplicate_of_id', 'is', null)];
    if (!viewer) {
      // Nobody signed in: public ideas of a public portal.
      return eb.and([...base, portal.access_type === 'public' ? eb('i.visibility', '=', 'public') : sql<SqlBool>`1 = 0`]);
    }
    const me = viewer.user;
    const mine = eb.and([
      eb('i.created_by_portal_user_id', '=', me.id),
      eb('i.visibility', 'in', ['creator', 'employee_or_creator', 'creator_organization', 'public']),
    ]);
    if (portal.access_type === 'submit-only' && me.employee !== 1) return eb.and([...base, mine]);
    const either: Expression<SqlBool>[] = [eb('i.visibility', '=', 'public'), mine];
    if (me.employee === 1) either.push(eb('i.visibility', 'in', ['employee', 'employee_or_creator']));
    if (viewer.orgDomains.length > 0) {
      either.push(
        eb.and([
          eb('i.visibility', '=', 'creator_organization'),
          eb.or(viewer.orgDomains.map((d) => sql<SqlBool>`lower(i.created_by_email) LIKE ${`%@${escapeLike(d)}`} ESCAPE '\\'`)),
        ]),
      );
    }
    return eb.and([...base, eb.or(either)]);
  };
}

/** An idea of the portal the viewer may see, by id or reference (keys are kept in upper case), or a 404 (unseen ideas are not there). */
export async function requireVisibleIdea(db: Db, ctx: PortalContext, idOrRef: string): Promise<IdeaRow> {
  const text = idOrRef.trim();
  const byId = /^\d{1,15}$/.test(text);
  const row = await db
    .selectFrom('ideas as i')
    .selectAll('i')
    .where(byId ? sql<SqlBool>`i.id = ${Number(text)}` : sql<SqlBool>`i.reference_num = ${text.toUpperCase()}`)
    .where(visibleTo(ctx))
    .executeTakeFirst();
  if (!row) throw new StoreError('not_found', `No idea ${text.slice(0, 40)} in this portal`);
  return row;
}

// ---------------------------------------------------------------------------------------------
// Portal facts

/** The product's idea statuses, in order. */
async function ideaStatuses(db: Db, productId: number): Promise<PortalStatus[]> {
  const rows = await db
    .selectFrom('workflow_statuses as ws')
    .innerJoin('workflows as w', 'w.id', 'ws.workflow_id')
    .select(['ws.id', 'ws.name', 'ws.color', 'ws.complete'])
    .where('w.product_id', '=', productId)
    .where('w.statusable_type', '=', 'Idea')
    .orderBy('ws.position')
    .execute();
  return rows.map((s) => ({ id: String(s.id), name: s.name, color: s.color, complete: s.complete === 1 }));
}

export async function portalInfo(db: Db, portal: IdeaPortalRow): Promise<PortalInfo> {
  const categories = await db
    .selectFrom('idea_categories')
    .select(['id', 'name', 'parent_id'])
    .where('product_id', '=', portal.product_id)
    .orderBy('name')
    .execute();
  return {
    key: portal.subdomain,
    title: portal.title,
    color: portal.color,
    logo_url: portal.logo === null ? null : portalLogoPath(portal),
    access_type: portal.access_type === 'private' || portal.access_type === 'submit-only' ? portal.access_type : 'public',
    votes_per_user: portal.votes_per_user,
    votes_per_idea: portal.votes_per_idea,
    categories: categories.map((c) => ({ id: String(c.id), name: c.name, parent_id: c.parent_id === null ? null : String(c.parent_id) })),
    statuses: await ideaStatuses(db, portal.product_id),
  };
}

/** The viewer as the portal shows them: name, employee, votes held and cap, unread notifications. */
export async function viewerBody(db: Db, portal: IdeaPortalRow, viewer: PortalViewer): Promise<Viewer> {
  const me = viewer.user;
  const unread = await db
    .selectFrom('portal_notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('portal_user_id', '=', me.id)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return {
    id: String(me.id),
    email: me.email,
    name: portalUserName(me),
    employee: me.employee === 1,
    csrf_token: viewer.csrfToken,
    votes_held: await heldInPortal(db, me.email.toLowerCase(), portal.id),
    votes_cap: me.max_endorsements_override ?? portal.votes_per_user,
    unread_notifications: Number(unread?.n ?? 0),
  };
}

// ---------------------------------------------------------------------------------------------
// Lists and pages

export interface PortalIdeaQuery {
  sort: PortalSort;
  q: string;
  category: string | undefined;
  status: string | undefined;
  mine: boolean;
}

/** One page of the ideas the viewer may see, with the total. */
export async function listPortalIdeas(
  db: Db,
  ctx: PortalContext,
  query: PortalIdeaQuery,
  page: Paging,
): Promise<{ rows: IdeaRow[]; total: number }> {
  let q = db.selectFrom('ideas as i').where(visibleTo(ctx));
  if (query.mine) q = q.where('i.created_by_portal_user_id', '=', ctx.viewer?.user.id ?? -1);
  const text = query.q.trim();
  if (text !== '') {
    q = q.where(
      [...text].length >= dialectOf(db).textSearchMinLength
        ? dialectOf(db).textSearchIn('ideas', 'name', 'i.id', text)
        : dialectOf(db).containsText('i.name', text),
    );
  }
  if (query.category !== undefined) {
    const id = /^\d{1,15}$/.test(query.category) ? Number(query.category) : -1;
    // A category holds its sub-categories' ideas too.
    q = q.where(
      'i.id',
      'in',
      db
        .selectFrom('idea_category_links as l')
        .innerJoin('idea_categories as c', 'c.id', 'l.category_id')
        .select('l.idea_id')
        .where((eb) => eb.or([eb('c.id', '=', id), eb('c.parent_id', '=', id)])),
    );
  }
  if (query.status !== undefined) q = q.where('i.workflow_status_id', '=', /^\d{1,15}$/.test(query.status) ? Number(query.status) : -1);
  // Counted once per write version (store/counts.ts): paging does not recount.
  const total = await countMatches(
    db,
    q.select((eb) => eb.fn.countAll<number>().as('n')),
  );
  if (total === 0 || page.offset >= total) return { rows: [], total };
  let ordered = q.selectAll('i');
  if (query.sort === 'popular') ordered = ordered.orderBy('i.votes', 'desc');
  else if (query.sort === 'trending') {
    ordered = ordered.orderBy(sql`i.votes * 1.0 / (${dialectOf(db).daysSince('i.created_at')} + 1)`, 'desc').orderBy('i.votes', 'desc');
  } else ordered = ordered.orderBy('i.created_at', 'desc');
  const rows = await ordered.orderBy('i.id', 'desc').limit(page.perPage).offset(page.offset).execute();
  return { rows, total };
}

/** Plain text of a description's first words. */
function excerptOf(html: string | null): string {
  if (!html) return '';
  const text = html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > 200 ? `${text.slice(0, 197).trimEnd()}…` : text;
}

/** The comments the portal shows of each idea: those of portal threads, not deleted. */
async function portalCommentCounts(db: Db, ideaIds: readonly number[]): Promise<Map<number, number>> {
  if (ideaIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('comments as c')
    .innerJoin('comments as t', 't.id', 'c.thread_id')
    .select(['c.commentable_id as id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('c.commentable_type', '=', 'Ideas::Idea')
    .where('c.commentable_id', 'in', ideaIds)
    .where('c.deleted_at', 'is', null)
    .where('t.portal_user_id', 'is not', null)
    .groupBy('c.commentable_id')
    .execute();
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

/** The portal's list items for rows, in their order, in a fixed number of queries. */
export async function portalSummaries(db: Db, ctx: PortalContext, rows: readonly IdeaRow[]): Promise<PortalIdeaSummary[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const statuses = new Map((await ideaStatuses(db, ctx.portal.product_id)).map((s) => [Number(s.id), s]));
  const categories = await db
    .selectFrom('idea_category_links as l')
    .innerJoin('idea_categories as c', 'c.id', 'l.category_id')
    .select(['l.idea_id', 'c.id', 'c.name'])
    .where('l.idea_id', 'in', ids)
    .orderBy('c.name')
    .execute();
  const comments = await portalCommentCounts(db, ids);
  const me = ctx.viewer?.user;
  const myVotes = new Map<number, number>();
  if (me) {
    const votes = await db
      .selectFrom('idea_votes')
      .select(['cast_on_idea_id', 'weight'])
      .where('cast_on_idea_id', 'in', ids)
      .where('voter_email', '=', me.email.toLowerCase())
      .execute();
    for (const v of votes) myVotes.set(v.cast_on_idea_id, (myVotes.get(v.cast_on_idea_id) ?? 0) + v.weight);
  }
  const placeholder: PortalStatus = { id: '0', name: 'New', color: '#6b7280', complete: false };
  return rows.map((r) => ({
    id: String(r.id),
    reference_num: r.reference_num,
    name: r.name,
    excerpt: excerptOf(r.description),
    votes: r.votes,
    comments_count: comments.get(r.id) ?? 0,
    status: statuses.get(r.workflow_status_id) ?? placeholder,
    categories: categories.filter((c) => c.idea_id === r.id).map((c) => ({ id: String(c.id), name: c.name })),
    created_at: r.created_at,
    mine: me !== undefined && r.created_by_portal_user_id === me.id,
    my_votes: myVotes.get(r.id) ?? 0,
  }));
}

/** What an idea was promoted to, with the release it ships in. */
async function promotions(db: Db, rows: readonly IdeaRow[]): Promise<Map<number, PortalPromotion>> {
  // A few queries for the whole page (the roadmap shows up to 500): the records, then their releases.
  const ids = (column: 'feature_id' | 'epic_id' | 'initiative_id') => [
    ...new Set(rows.flatMap((r) => (r[column] === null ? [] : [r[column]]))),
  ];
  const head = ['id', 'reference_num', 'name'] as const;
  const featureIds = ids('feature_id');
  const epicIds = ids('epic_id');
  const initiativeIds = ids('initiative_id');
  const features = featureIds.length
    ? await db
        .selectFrom('features')
        .select([...head, 'release_id'])
        .where('id', 'in', featureIds)
        .execute()
    : [];
  const epics = epicIds.length
    ? await db
        .selectFrom('epics')
        .select([...head, 'release_id'])
        .where('id', 'in', epicIds)
        .execute()
    : [];
  const initiatives = initiativeIds.length
    ? await db
        .selectFrom('initiatives')
        .select([...head])
        .where('id', 'in', initiativeIds)
        .execute()
    : [];
  const releaseIds = [...new Set([...features, ...epics].flatMap((x) => (x.release_id === null ? [] : [x.release_id])))];
  const releases = new Map(
    (releaseIds.length
      ? await db
          .selectFrom('releases as r')
          .innerJoin('workflow_statuses as ws', 'ws.id', 'r.workflow_status_id')
          .select(['r.id', 'r.name', 'r.release_date', 'ws.complete'])
          .where('r.id', 'in', releaseIds)
          .execute()
      : []
    ).map((r) => [r.id, { name: r.name, release_date: r.release_date, released: r.complete === 1 }]),
  );
  const byId = <T extends { id: number }>(list: T[]) => new Map(list.map((x) => [x.id, x]));
  const [f, e, i] = [byId(features), byId(epics), byId(initiatives)];
  const out = new Map<number, PortalPromotion>();
  for (const r of rows) {
    const feature = r.feature_id === null ? undefined : f.get(r.feature_id);
    const epic = r.epic_id === null ? undefined : e.get(r.epic_id);
    const initiative = r.initiative_id === null ? undefined : i.get(r.initiative_id);
    const release = (id: number | null) => (id === null ? null : (releases.get(id) ?? null));
    if (feature)
      out.set(r.id, { kind: 'feature', reference_num: feature.reference_num, name: feature.name, release: release(feature.release_id) });
    else if (epic) out.set(r.id, { kind: 'epic', reference_num: epic.reference_num, name: epic.name, release: release(epic.release_id) });
    else if (initiative)
      out.set(r.id, { kind: 'initiative', reference_num: initiative.reference_num, name: initiative.name, release: null });
  }
  return out;
}

/** Why the viewer cannot add a vote to the idea, or null. */
async function voteRefusal(db: Db, ctx: PortalContext, idea: IdeaRow, mine: number): Promise<string | null> {
  if (!ctx.viewer) return 'Sign in to vote';
  const status = await db
    .selectFrom('workflow_statuses')
    .select(['complete', 'name'])
    .where('id', '=', idea.workflow_status_id)
    .executeTakeFirst();
  if (status?.complete === 1) return `This idea is ${status.name}: it takes no more votes`;
  const caps = await capsFor(db, idea, ctx.viewer.user.email.toLowerCase());
  if (caps?.perIdea != null && mine >= caps.perIdea) {
    return caps.perIdea === 1 ? 'You have voted for this idea' : `You have given this idea the most votes one person may (${caps.perIdea})`;
  }
  if (caps?.perUser != null && (await heldInPortal(db, ctx.viewer.user.email.toLowerCase(), ctx.portal.id)) >= caps.perUser) {
    return `You have used all ${caps.perUser} of your votes: take one back to vote here`;
  }
  return null;
}

/** One idea's portal page. */
export async function portalIdeaBody(db: Db, ctx: PortalContext, idea: IdeaRow, origin: string): Promise<PortalIdea> {
  const [summary] = await portalSummaries(db, ctx, [idea]);
  if (!summary) throw new Error('an idea lost its summary');
  const creator =
    idea.created_by_portal_user_id === null
      ? null
      : await db.selectFrom('portal_users').selectAll().where('id', '=', idea.created_by_portal_user_id).executeTakeFirst();
  const subscribed = ctx.viewer
    ? await db
        .selectFrom('idea_subscriptions')
        .select('id')
        .where('idea_id', '=', idea.id)
        .where('portal_user_id', '=', ctx.viewer.user.id)
        .executeTakeFirst()
    : undefined;
  const files = (await attachmentsOf(db, 'Ideas::Idea', [idea.id], origin)).get(idea.id) ?? [];
  const promoted = (await promotions(db, [idea])).get(idea.id) ?? null;
  const base = `/portal/${ctx.portal.subdomain}/api`;
  return {
    ...summary,
    description_html: idea.description ?? '',
    admin_response:
      idea.admin_response !== null && idea.admin_response_published === 1
        ? { body_html: idea.admin_response, updated_at: idea.updated_at }
        : null,
    // A portal user by their name; the team as itself; anyone else (an email the team entered) unnamed.
    created_by_name: creator ? portalUserName(creator) : idea.created_by_user_id !== null ? 'The product team' : 'A customer',
    subscribed: subscribed !== undefined,
    promoted_to: promoted,
    attachments: files.map((f) => ({
      id: f.id,
      file_name: f.file_name,
      content_type: f.content_type,
      file_size: f.file_size ?? 0,
      download_url: `${base}/attachments/${f.id}`,
    })),
    vote_refusal: await voteRefusal(db, ctx, idea, summary.my_votes),
  };
}

/** The portal's roadmap: the promoted ideas the viewer may see, by the idea's status. */
export async function portalRoadmap(db: Db, ctx: PortalContext): Promise<PortalRoadmap> {
  const rows = await db
    .selectFrom('ideas as i')
    .selectAll('i')
    .where(visibleTo(ctx))
    .where((eb) => eb.or([eb('i.feature_id', 'is not', null), eb('i.epic_id', 'is not', null), eb('i.initiative_id', 'is not', null)]))
    .orderBy('i.votes', 'desc')
    .orderBy('i.id', 'desc')
    .limit(500)
    .execute();
  const summaries = await portalSummaries(db, ctx, rows);
  const promoted = await promotions(db, rows);
  const statuses = await ideaStatuses(db, ctx.portal.product_id);
  return {
    columns: statuses
      .map((status) => ({
        status,
        ideas: summaries.flatMap((s) => {
          const p = promoted.get(Number(s.id));
          return s.status.id === status.id && p ? [{ ...s, promoted_to: p }] : [];
        }),
      }))
      .filter((c) => c.ideas.length > 0),
  };
}

// ---------------------------------------------------------------------------------------------
// Writes

/** Plain text as HTML paragraphs (blank lines part them, single newlines break), every character escaped. */
export function textToHtml(text: string): string {
  const escape = (s: string) =>
    s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escape(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/** Submits an idea to the portal for the viewer; they are subscribed to it. Answers its row. */
export async function submitPortalIdea(db: Kysely<Database>, ctx: PortalContext, input: PortalIdeaInput): Promise<IdeaRow> {
  const viewer = ctx.viewer;
  if (!viewer) throw new StoreError('forbidden', 'Sign in to submit an idea');
  const problems = new FieldProblems();
  let names: string[] = [];
  if (input.categories && input.categories.length > 0) {
    const ids = [...new Set(input.categories)].map((c) => (/^\d{1,15}$/.test(c) ? Number(c) : -1));
    const found = await db
      .selectFrom('idea_categories')
      .select(['id', 'name'])
      .where('product_id', '=', ctx.portal.product_id)
      .where('id', 'in', ids)
      .execute();
    if (found.length !== ids.length) problems.add('categories', 'must be categories of this portal');
    names = found.map((c) => c.name);
  }
  problems.throwIfAny();
  const product = await db.selectFrom('products').selectAll().where('id', '=', ctx.portal.product_id).executeTakeFirstOrThrow();
  const id = await submitIdea(db, {
    product,
    input: {
      name: input.name,
      description: input.description ? textToHtml(input.description) : undefined,
      categories: names.length > 0 ? names : undefined,
      created_by: viewer.user.email,
      submitted_idea_portal_id: String(ctx.portal.id),
      visibility: 'public',
    },
    checked: { problems, flagged: new Set() },
    portalUserId: viewer.user.id,
  });
  await db
    .insertInto('idea_subscriptions')
    .values({ idea_id: id, portal_user_id: viewer.user.id, created_at: now() })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return db.selectFrom('ideas').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/**
 * Adds `value` votes of the viewer to the idea (their one vote row there grows), within the caps:
 * the portal's per idea, and per user (their override, else the portal's) over the ideas not yet
 * complete. The voter is subscribed to the idea. Refusals are 422s on `value` that say which cap.
 */
export async function castPortalVote(db: Kysely<Database>, ctx: PortalContext, ideaRow: IdeaRow, value: number): Promise<void> {
  const viewer = ctx.viewer;
  if (!viewer) throw new StoreError('forbidden', 'Sign in to vote');
  const email = viewer.user.email.toLowerCase();
  await db.transaction().execute(async (trx) => {
    const idea = await trx.selectFrom('ideas').selectAll().where('id', '=', ideaRow.id).executeTakeFirstOrThrow();
    const status = await trx
      .selectFrom('workflow_statuses')
      .select(['complete', 'name'])
      .where('id', '=', idea.workflow_status_id)
      .executeTakeFirst();
    const problems = new FieldProblems();
    if (status?.complete === 1) problems.add('value', `cannot be given: the idea is ${status.name} and takes no more votes`);
    problems.throwIfAny();
    const caps = await capsFor(trx, idea, email);
    const existing = await trx
      .selectFrom('idea_votes')
      .selectAll()
      .where('cast_on_idea_id', '=', idea.id)
      .where('voter_email', '=', email)
      .executeTakeFirst();
    const total = (existing?.weight ?? 0) + value;
    if (caps?.perIdea != null && total > caps.perIdea) {
      problems.add('value', `would make ${total} votes on this idea; the portal allows ${caps.perIdea} per idea`);
    }
    problems.throwIfAny();
    const at = now();
    if (existing) {
      await trx
        .updateTable('idea_votes')
        .set({ weight: total, counted_weight: total, updated_at: at })
        .where('id', '=', existing.id)
        .execute();
      await audit(trx, { userId: null, type: 'IdeaVote', id: existing.id, action: 'update', changes: { value: [existing.weight, total] } });
    } else {
      // The voter's organization by their email's domain, as a proxy vote finds it.
      const organizationId = await organizationIdOf(trx, undefined, email, problems);
      const row = await insertVote(trx, {
        ideaId: idea.id,
        email,
        portalUserId: viewer.user.id,
        organizationId: organizationId ?? null,
        value,
        proxyBy: null,
      });
      await audit(trx, { userId: null, type: 'IdeaVote', id: row.id, action: 'create', changes: diff(null, row) });
    }
    await recapVoter(trx, idea, email);
    if (caps?.perUser != null) {
      const held = await heldInPortal(trx, email, ctx.portal.id);
      if (held > caps.perUser) {
        problems.add(
          'value',
          `would bring your votes to ${held}, over the ${caps.perUser} you may hold at once: take one back from another idea first`,
        );
        problems.throwIfAny();
      }
    }
    await recountVotes(trx, [idea.id]);
    await trx
      .insertInto('idea_subscriptions')
      .values({ idea_id: idea.id, portal_user_id: viewer.user.id, created_at: at })
      .onConflict((oc) => oc.doNothing())
      .execute();
  });
}

/** Takes back every vote the viewer gave the idea. */
export async function withdrawPortalVote(db: Kysely<Database>, ctx: PortalContext, ideaRow: IdeaRow): Promise<void> {
  const viewer = ctx.viewer;
  if (!viewer) throw new StoreError('forbidden', 'Sign in to vote');
  const email = viewer.user.email.toLowerCase();
  await db.transaction().execute(async (trx) => {
    const votes = await trx
      .selectFrom('idea_votes')
      .selectAll()
      .where('cast_on_idea_id', '=', ideaRow.id)
      .where('voter_email', '=', email)
      .execute();
    if (votes.length === 0) throw new StoreError('not_found', 'You have no vote on this idea to take back');
    await trx
      .deleteFrom('idea_votes')
      .where(
        'id',
        'in',
        votes.map((v) => v.id),
      )
      .execute();
    // A voter taking their own vote back is not a deletion to restore: no recycle-bin row.
    for (const v of votes) {
      const changes: Changes = { voter_email: [v.voter_email, null], weight: [v.weight, null], idea_id: [v.idea_id, null] };
      await audit(trx, { userId: null, type: 'IdeaVote', id: v.id, action: 'destroy', changes });
    }
    await recountVotes(trx, [...new Set(votes.flatMap((v) => [v.idea_id, v.cast_on_idea_id]))]);
  });
}

/** The portal threads of an idea (started by portal users), with their replies, oldest first. */
export async function portalComments(db: Db, ctx: PortalContext, idea: IdeaRow): Promise<PortalComment[]> {
  const rows = await db
    .selectFrom('comments as c')
    .innerJoin('comments as t', 't.id', 'c.thread_id')
    .selectAll('c')
    .where('c.commentable_type', '=', 'Ideas::Idea')
    .where('c.commentable_id', '=', idea.id)
    .where('t.portal_user_id', 'is not', null)
    .orderBy('c.id')
    .limit(2_000)
    .execute();
  const portalUsers = await rowsById(
    db,
    'portal_users',
    rows.flatMap((r) => (r.portal_user_id === null ? [] : [r.portal_user_id])),
  );
  const users = await rowsById(
    db,
    'users',
    rows.flatMap((r) => (r.user_id === null ? [] : [r.user_id])),
  );
  const me = ctx.viewer?.user.id;
  const shape = (r: (typeof rows)[number]) => {
    const pu = r.portal_user_id === null ? undefined : portalUsers.get(r.portal_user_id);
    const deleted = r.deleted_at !== null;
    return {
      id: String(r.id),
      body_html: deleted ? '<p><em>This comment was deleted.</em></p>' : r.body,
      author_name: pu ? portalUserName(pu) : `${users.get(r.user_id ?? -1)?.name ?? 'Product team'}`,
      author_kind: pu ? ('portal_user' as const) : ('team' as const),
      created_at: r.created_at,
      mine: me !== undefined && r.portal_user_id === me,
    };
  };
  return rows
    .filter((r) => r.parent_comment_id === null)
    .map((top) => ({
      ...shape(top),
      replies: rows.filter((r) => r.parent_comment_id === top.id && r.deleted_at === null).map(shape),
    }))
    .filter((t) => t.replies.length > 0 || rows.find((r) => String(r.id) === t.id)?.deleted_at === null);
}

/** A comment by the viewer: a new portal thread, or a reply to a portal thread's top-level comment. */
export async function addPortalComment(
  db: Kysely<Database>,
  ctx: PortalContext,
  idea: IdeaRow,
  input: { body: string; parent_comment_id?: string | null | undefined },
): Promise<number> {
  const viewer = ctx.viewer;
  if (!viewer) throw new StoreError('forbidden', 'Sign in to comment');
  return db.transaction().execute(async (trx) => {
    const problems = new FieldProblems();
    let parentId: number | null = null;
    const parentText = input.parent_comment_id ?? null;
    if (parentText !== null && parentText !== '') {
      const parent = /^\d{1,15}$/.test(parentText)
        ? await trx.selectFrom('comments').selectAll().where('id', '=', Number(parentText)).executeTakeFirst()
        : undefined;
      if (!parent || parent.commentable_type !== 'Ideas::Idea' || parent.commentable_id !== idea.id || parent.portal_user_id === null) {
        problems.add('parent_comment_id', 'must be a comment of this idea');
      } else if (parent.parent_comment_id !== null)
        problems.add('parent_comment_id', 'must be a top-level comment: replies take no replies');
      else if (parent.deleted_at !== null) problems.add('parent_comment_id', 'was deleted');
      else parentId = parent.id;
    }
    problems.throwIfAny();
    const at = now();
    const body = textToHtml(input.body);
    const { id } = await trx
      .insertInto('comments')
      .values({
        commentable_type: 'Ideas::Idea',
        commentable_id: idea.id,
        product_id: idea.product_id,
        parent_comment_id: parentId,
        thread_id: parentId ?? 0,
        body,
        user_id: null,
        portal_user_id: viewer.user.id,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (parentId === null) await trx.updateTable('comments').set({ thread_id: id }).where('id', '=', id).execute();
    await audit(trx, {
      userId: null,
      type: 'Comment',
      id,
      action: 'create',
      changes: diff(null, { body, parent_comment_id: parentId, commentable_type: 'Ideas::Idea', commentable_id: idea.id }),
    });
    return id;
  });
}

export async function setSubscription(db: Db, ctx: PortalContext, idea: IdeaRow, on: boolean): Promise<void> {
  const viewer = ctx.viewer;
  if (!viewer) throw new StoreError('forbidden', 'Sign in to subscribe');
  if (on) {
    await db
      .insertInto('idea_subscriptions')
      .values({ idea_id: idea.id, portal_user_id: viewer.user.id, created_at: now() })
      .onConflict((oc) => oc.doNothing())
      .execute();
  } else {
    await db.deleteFrom('idea_subscriptions').where('idea_id', '=', idea.id).where('portal_user_id', '=', viewer.user.id).execute();
  }
}

/**
 * The viewer's notifications, newest first (the last 100), of ideas they may still see. A
 * notification of an idea since hidden from them (made spam, merged, its visibility narrowed)
 * is left out: its name would tell what they may no longer read.
 */
export async function listNotifications(db: Db, ctx: PortalContext): Promise<{ notifications: PortalNotification[]; unread: number }> {
  const viewer = ctx.viewer;
  if (!viewer) return { notifications: [], unread: 0 };
  const rows = await db
    .selectFrom('portal_notifications as n')
    .innerJoin('ideas as i', 'i.id', 'n.idea_id')
    .select(['n.id', 'n.message', 'n.created_at', 'n.read_at', 'i.id as idea_id', 'i.reference_num', 'i.name'])
    .where('n.portal_user_id', '=', viewer.user.id)
    .where(visibleTo(ctx))
    .orderBy('n.id', 'desc')
    .limit(100)
    .execute();
  return {
    notifications: rows.map((r) => ({
      id: String(r.id),
      idea: { id: String(r.idea_id), reference_num: r.reference_num, name: r.name },
      message: r.message,
      created_at: r.created_at,
      read: r.read_at !== null,
    })),
    unread: rows.filter((r) => r.read_at === null).length,
  };
}

export async function markNotificationsRead(db: Db, ctx: PortalContext, ids: readonly string[] | undefined): Promise<void> {
  const viewer = ctx.viewer;
  if (!viewer) return;
  let q = db
    .updateTable('portal_notifications')
    .set({ read_at: now() })
    .where('portal_user_id', '=', viewer.user.id)
    .where('read_at', 'is', null);
  if (ids) q = q.where('id', 'in', ids.map((i) => (/^\d{1,15}$/.test(i) ? Number(i) : -1)).concat([-1]));
  await q.execute();
}

/** The duplicate suggestions for a text being typed: the related-ideas index, cut to what the viewer may see. */
export async function relatedPortalIdeas(db: Db, ctx: PortalContext, q: string, limit: number): Promise<IdeaRow[]> {
  // The index ranks the portal's ideas; a few pages are read so that hidden ones leave enough behind.
  const found = await relatedIdeas(db, { q, portalId: ctx.portal.id }, { page: 1, perPage: limit * 4, offset: 0 });
  if (found.rows.length === 0) return [];
  const visible = new Set(
    (
      await db
        .selectFrom('ideas as i')
        .select('i.id')
        .where(
          'i.id',
          'in',
          found.rows.map((r) => r.id),
        )
        .where(visibleTo(ctx))
        .execute()
    ).map((r) => r.id),
  );
  return found.rows.filter((r) => visible.has(r.id)).slice(0, limit);
}
