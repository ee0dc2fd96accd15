// The ideas portal's API (issue 15), at /portal/<key>/api: what the portal pages ask, answered for
// the portal user of the session cookie (or nobody) and cut to what they may see by the store
// (store/portal-site.ts). It is its own small app, mounted beside /api/v1 and sharing none of its
// authentication: a portal session is a cookie scoped to the portal's own path, which /api/v1
// never reads, and an API token means nothing here. The routes and shapes are listed in
// src/contract/portal-site.ts.
//
// Safety: writes need the session's CSRF token in X-CSRF-Token (a form on another site can neither
// read it nor set the header) and, when the browser names one, this service's Origin; the cookie is
// HttpOnly and SameSite=Lax. Asking for sign-in links, submitting ideas and files, voting and
// commenting are rate limited per portal user and per address (429 with Retry-After); opening a
// link is not, only wrong or used links are counted, per address. Text portal users write is
// stored as escaped HTML.
import { Hono } from 'hono';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type * as z from 'zod/mini';
import {
  CSRF_HEADER,
  PORTAL_SORTS,
  notificationsReadInput,
  portalCommentInput,
  portalIdeaInput,
  portalVoteInput,
  sessionInput,
  signInInput,
} from '../../src/contract/portal-site';
import type { PortalSort } from '../../src/contract/portal-site';
import { readObjectBody } from '../http/body';
import { HttpError, errorResponse } from '../http/errors';
import { DEFAULT_AUTH_FAILURE_LIMIT, limiterFor, refusal, remoteAddress, tooMany } from '../http/rate-limit';
import type { Limiter } from '../http/rate-limit';
import type { RateWindow } from '../http/rate-limit';
import { readUpload } from '../http/upload';
import { sendAttachment } from '../routes/attachments';
import { StoreError, zodProblems } from '../problems';
import type { Paging } from '../problems';
import { attachUpload, attachmentFile, DuplicateAttachment, shapeAttachment } from '../store/attachments';
import { discardReceived } from '../store/blob-files';
import type { BlobFiles } from '../store/blob-files';
import type { Store } from '../store/db';
import { findIdeaPortal } from '../store/portals';
import {
  addPortalComment,
  castPortalVote,
  endSession,
  listNotifications,
  listPortalIdeas,
  markNotificationsRead,
  portalComments,
  portalIdeaBody,
  portalInfo,
  portalRoadmap,
  portalSummaries,
  redeemSignIn,
  relatedPortalIdeas,
  requestSignIn,
  requireVisibleIdea,
  sessionViewer,
  setSubscription,
  submitPortalIdea,
  viewerBody,
  withdrawPortalVote,
} from '../store/portal-site';
import type { Deliver, PortalContext } from '../store/portal-site';
import type { IdeaPortalRow } from '../store/schema';
import type { AppEnv } from '../types';

export const PORTAL_SESSION_COOKIE = 'planner_portal';

/** The portal's rate limits (env: PLANNER_PORTAL_*_LIMIT). */
export interface PortalLimits {
  /** Sign-in emails per address and per email. */
  signIn: readonly RateWindow[];
  /** Ideas submitted per portal user and per address. */
  submit: readonly RateWindow[];
  /** Votes cast or taken back per portal user. */
  vote: readonly RateWindow[];
  /** Comments per portal user. */
  comment: readonly RateWindow[];
  /** Wrong, expired or used sign-in links opened per address (PLANNER_AUTH_FAILURE_LIMIT); a good link is never refused. */
  linkFailures: readonly RateWindow[];
}

export const DEFAULT_PORTAL_LIMITS = {
  signIn: '5/10min,20/day',
  submit: '5/min,30/day',
  vote: '30/min',
  comment: '10/min,200/day',
  linkFailures: DEFAULT_AUTH_FAILURE_LIMIT,
} as const;

export interface PortalOptions {
  store: Store;
  files: BlobFiles | undefined;
  deliver: Deliver;
  limits: PortalLimits;
}

type PortalEnv = AppEnv & { Variables: { portal: IdeaPortalRow; ctx: PortalContext; sessionToken: string | undefined } };

/** Largest JSON body a portal route reads: an idea's text and a few categories fit many times over. */
const MAX_PORTAL_BODY = 64 * 1024;

/** A request body parsed by a contract schema; every problem a 422 naming its field. */
function parsed<S extends z.ZodMiniType>(schema: S, raw: unknown): z.output<S> {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  // The same wording as /api/v1's refusals (portal bodies have no envelope to strip).
  const errors = zodProblems(result.error, 0);
  const first = Object.entries(errors)[0];
  throw new HttpError(422, first ? `${first[0]} ${first[1][0] ?? 'is invalid'}` : 'Invalid request', errors);
}

/**
 * The origin the request itself was made to: its scheme and its Host, which the host check already
 * accepted (an alias such as `localhost` or a PLANNER_ALLOWED_HOSTS name). A page served on that
 * name writes with that Origin; any other site's does not.
 */
function ownOrigin(c: Context<PortalEnv>): string | undefined {
  const host = c.req.header('host');
  if (!host) return undefined;
  try {
    return new URL(`${c.get('client').https ? 'https' : 'http'}://${host}`).origin;
  } catch {
    return undefined;
  }
}

const paging = (c: Context): Paging => {
  const page = Math.min(Math.max(Number.parseInt(c.req.query('page') ?? '1', 10) || 1, 1), 10_000);
  const perPage = Math.min(Math.max(Number.parseInt(c.req.query('per_page') ?? '20', 10) || 20, 1), 50);
  return { page, perPage, offset: (page - 1) * perPage };
};

export function portalApp(options: PortalOptions): Hono<PortalEnv> {
  const app = new Hono<PortalEnv>();
  const { store } = options;
  // In the database on PostgreSQL: every instance behind the load balancer counts the same buckets.
  const limiters = {
    signIn: limiterFor(store, 'portal-sign-in', options.limits.signIn),
    submit: limiterFor(store, 'portal-submit', options.limits.submit),
    vote: limiterFor(store, 'portal-vote', options.limits.vote),
    comment: limiterFor(store, 'portal-comment', options.limits.comment),
    linkFailures: limiterFor(store, 'portal-link-failures', options.limits.linkFailures),
  };

  app.onError((err, c) => {
    // The portal has no tokens: a 401 here means "sign in", not a Bearer challenge.
    const res = errorResponse(c, err);
    res.headers.delete('WWW-Authenticate');
    return res;
  });
  app.notFound((c) => c.json({ error: `No route for ${c.req.method} ${c.req.path}` }, 404));

  app.use('*', async (c, next) => {
    await next();
    if (!c.res.headers.has('cache-control')) c.res.headers.set('Cache-Control', 'no-store');
    // As /api/v1 does: an answer leaves once the writes it read or made are committed (store/group-commit.ts).
    try {
      await store.settled();
    } catch {
      if (c.req.method === 'GET' || c.req.method === 'HEAD') {
        c.res = c.json({ error: 'The database could not save the latest changes; try again' }, 503, { 'Retry-After': '1' });
      }
    }
  });
  const tooLarge = (c: Context): Response => {
    c.header('Connection', 'close');
    return c.json({ error: `Request body is larger than ${MAX_PORTAL_BODY} bytes` }, 413);
  };
  const limitBody = bodyLimit({ maxSize: MAX_PORTAL_BODY, onError: tooLarge });
  app.use('*', (c, next) =>
    c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.path.endsWith('/attachments') ? next() : limitBody(c, next),
  );

  // The portal, and who is looking.
  app.use('*', async (c, next) => {
    c.set('store', store);
    const key = c.req.param('portal') ?? '';
    const portal = /^[a-z][a-z0-9-]{0,62}$/.test(key) ? await findIdeaPortal(store.db, key) : null;
    if (!portal || portal.portal_enabled !== 1 || String(portal.id) === key)
      throw new StoreError('not_found', `No ideas portal at /portal/${key.slice(0, 63)}`);
    const token = getCookie(c, PORTAL_SESSION_COOKIE);
    const viewer = await sessionViewer(store.db, portal, token);
    c.set('portal', portal);
    c.set('sessionToken', token);
    c.set('ctx', { portal, viewer });
    await next();
  });

  // Writes: from this origin, with the session's CSRF token (sign-in and its link need no session).
  app.use('*', async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const origin = c.req.header('origin');
    if (origin !== undefined && origin !== c.get('origin') && origin !== ownOrigin(c)) throw new HttpError(403, 'Cross-site requests are refused');
    const open = c.req.path.endsWith('/sign_in') || (c.req.path.endsWith('/session') && c.req.method === 'POST');
    if (open) return next();
    const { viewer } = c.get('ctx');
    if (!viewer) throw new HttpError(401, 'Sign in first');
    if (c.req.header(CSRF_HEADER) !== viewer.csrfToken) {
      throw new HttpError(403, `Missing or wrong ${CSRF_HEADER} header: send the csrf_token of GET /portal/<key>/api`);
    }
    return next();
  });

  // A private portal: nothing but its name and the sign-in until signed in.
  const signedInToRead: MiddlewareHandler<PortalEnv> = async (c, next) => {
    const { portal, viewer } = c.get('ctx');
    if (portal.access_type === 'private' && !viewer) throw new HttpError(401, 'This portal is private: sign in to see it');
    await next();
  };

  /** Charges one request to each key; a refusal is a 429 with Retry-After. */
  const limit = async (c: Context, limiter: Limiter, keys: (string | undefined)[], what: string): Promise<Response | null> => {
    for (const key of keys) {
      if (key === undefined) continue;
      const refused = await refusal(limiter, key);
      if (refused) return tooMany(c, `Too many ${what}.`, refused);
    }
    return null;
  };
  const addressKey = (c: Context) => {
    const a = remoteAddress(c);
    return a === undefined ? undefined : `ip:${a}`;
  };
  const userKey = (c: Context<PortalEnv>) => {
    const v = c.get('ctx').viewer;
    return v ? `user:${v.user.id}` : undefined;
  };

  const home = async (c: Context<PortalEnv>) => {
    const { portal, viewer } = c.get('ctx');
    return c.json({ portal: await portalInfo(store.db, portal), viewer: viewer ? await viewerBody(store.db, portal, viewer) : null });
  };
  app.get('/', home);
  app.get('', home);

  app.get('/logo', (c) => {
    const logo = c.get('portal').logo;
    if (!logo) throw new StoreError('not_found', 'This portal has no logo');
    const type = logo.slice('data:'.length, logo.indexOf(';'));
    const bytes = Buffer.from(logo.slice(logo.indexOf(',') + 1), 'base64');
    return new Response(new Uint8Array(bytes), {
      headers: {
        'Content-Type': type,
        'Content-Length': String(bytes.byteLength),
        // The address carries the image's digest (portalLogoPath): a new logo is a new address.
        'Cache-Control': 'public, max-age=31536000, immutable',
        'Content-Security-Policy': "default-src 'none'; sandbox",
        'X-Content-Type-Options': 'nosniff',
      },
    });
  });

  app.post('/sign_in', async (c) => {
    const { email } = parsed(signInInput, await readObjectBody(c));
    const refused = await limit(c, limiters.signIn, [addressKey(c), `email:${email.toLowerCase()}`], 'sign-in emails');
    if (refused) return refused;
    await requestSignIn(store.db, c.get('portal'), email, c.get('origin'), options.deliver);
    return c.json({ message: `If ${email} may sign in to this portal, a sign-in link is on its way. It works once, for 30 minutes.` }, 202);
  });

  app.post('/session', async (c) => {
    const { token } = parsed(sessionInput, await readObjectBody(c));
    const portal = c.get('portal');
    // A good link always signs in (the person behind it asked for it, whoever shares their
    // address); only links that do not are counted, so guessing from one address is slowed.
    const signedIn = await redeemSignIn(store.db, portal, token);
    if (!signedIn) {
      const refused = await limit(c, limiters.linkFailures, [addressKey(c)], 'wrong or used sign-in links from this address');
      if (refused) return refused;
      throw new HttpError(401, 'This sign-in link has expired or was already used: ask for a new one');
    }
    setCookie(c, PORTAL_SESSION_COOKIE, signedIn.session, {
      path: `/portal/${portal.subdomain}`,
      httpOnly: true,
      sameSite: 'Lax',
      secure: c.get('origin').startsWith('https:') || c.get('client').https,
      maxAge: 30 * 86_400,
    });
    return c.json({ viewer: await viewerBody(store.db, portal, signedIn.viewer) });
  });

  app.delete('/session', async (c) => {
    const token = c.get('sessionToken');
    if (token) await endSession(store.db, token);
    deleteCookie(c, PORTAL_SESSION_COOKIE, { path: `/portal/${c.get('portal').subdomain}` });
    return c.body(null, 204);
  });

  app.use('/ideas/*', signedInToRead);
  app.use('/ideas', signedInToRead);
  app.use('/roadmap', signedInToRead);
  app.use('/attachments/*', signedInToRead);

  app.get('/ideas', async (c) => {
    const ctx = c.get('ctx');
    const sortText = c.req.query('sort') ?? 'popular';
    if (!(PORTAL_SORTS as readonly string[]).includes(sortText)) {
      throw new HttpError(422, `sort must be one of ${PORTAL_SORTS.join(', ')}`, { sort: [`must be one of ${PORTAL_SORTS.join(', ')}`] });
    }
    const q = (c.req.query('q') ?? '').slice(0, 200);
    const mine = c.req.query('mine') === 'true';
    if (mine && !ctx.viewer) throw new HttpError(401, 'Sign in to see your ideas');
    const page = paging(c);
    const { rows, total } = await listPortalIdeas(
      store.db,
      ctx,
      { sort: sortText as PortalSort, q, category: c.req.query('category') || undefined, status: c.req.query('status') || undefined, mine },
      page,
    );
    return c.json({
      ideas: await portalSummaries(store.db, ctx, rows),
      pagination: { total_records: total, total_pages: Math.ceil(total / page.perPage), current_page: page.page },
    });
  });

  app.get('/ideas/related', async (c) => {
    const ctx = c.get('ctx');
    const q = (c.req.query('q') ?? '').slice(0, 500);
    const rows = q.trim().length < 3 ? [] : await relatedPortalIdeas(store.db, ctx, q, 5);
    return c.json({ ideas: await portalSummaries(store.db, ctx, rows) });
  });

  const ideaAnswer = async (c: Context<PortalEnv>, id: number, status: 200 | 201 = 200) => {
    const ctx = c.get('ctx');
    const idea = await requireVisibleIdea(store.db, ctx, String(id));
    return c.json({ idea: await portalIdeaBody(store.db, ctx, idea, c.get('origin')) }, status);
  };

  app.get('/ideas/:id', async (c) => {
    const idea = await requireVisibleIdea(store.db, c.get('ctx'), c.req.param('id'));
    return ideaAnswer(c, idea.id);
  });

  app.post('/ideas', async (c) => {
    const input = parsed(portalIdeaInput, await readObjectBody(c));
    const refused = await limit(c, limiters.submit, [userKey(c), addressKey(c)], 'ideas submitted');
    if (refused) return refused;
    const idea = await submitPortalIdea(store.db, c.get('ctx'), input);
    return ideaAnswer(c, idea.id, 201);
  });

  app.post('/ideas/:id/attachments', async (c) => {
    const ctx = c.get('ctx');
    const idea = await requireVisibleIdea(store.db, ctx, c.req.param('id'));
    if (idea.created_by_portal_user_id !== ctx.viewer?.user.id || Date.now() - Date.parse(idea.created_at) > 86_400_000) {
      throw new HttpError(403, 'Only the idea’s submitter may attach files, within a day of submitting it');
    }
    const files = options.files;
    if (!files) throw new HttpError(404, 'Uploads are not available here');
    const refused = await limit(c, limiters.submit, [userKey(c), addressKey(c)], 'uploads');
    if (refused) return refused;
    const body = await readUpload(c, files, 'file');
    if (body.kind !== 'file')
      throw new HttpError(422, 'file can’t be blank: send the file in the part `file`', { file: ['can’t be blank'] });
    try {
      const row = await attachUpload(store.db, files, { type: 'Ideas::Idea', id: idea.id }, body.file, {
        fileName: body.fileName,
        userId: null,
      });
      const shaped = shapeAttachment(row, c.get('origin'));
      const base = `/portal/${ctx.portal.subdomain}/api`;
      return c.json(
        {
          attachment: {
            id: shaped.id,
            file_name: shaped.file_name,
            content_type: shaped.content_type,
            file_size: shaped.file_size ?? 0,
            download_url: `${base}/attachments/${shaped.id}`,
          },
        },
        201,
      );
    } catch (err) {
      if (err instanceof DuplicateAttachment) throw new HttpError(409, 'This file is already attached to the idea');
      await discardReceived(body.file).catch(() => undefined);
      throw err;
    }
  });

  app.get('/attachments/:id', async (c) => {
    const { row, blob } = await attachmentFile(store.db, c.req.param('id'));
    // Files of the ideas the viewer may see, nothing else (a comment's or a feature's file is not theirs to read).
    if (row.attachable_type !== 'Ideas::Idea') throw new StoreError('not_found', `No attachment ${c.req.param('id')} in this portal`);
    await requireVisibleIdea(store.db, c.get('ctx'), String(row.attachable_id));
    if (!options.files) throw new HttpError(404, 'Files are not available here');
    return sendAttachment(c, options.files, row, blob);
  });

  const voteAnswer = async (c: Context<PortalEnv>, id: number) => {
    const ctx = c.get('ctx');
    const idea = await requireVisibleIdea(store.db, ctx, String(id));
    const [summary] = await portalSummaries(store.db, ctx, [idea]);
    if (!ctx.viewer || !summary) throw new Error('a vote answer without a viewer');
    return c.json({ idea: summary, viewer: await viewerBody(store.db, ctx.portal, ctx.viewer) });
  };

  app.post('/ideas/:id/vote', async (c) => {
    const ctx = c.get('ctx');
    const idea = await requireVisibleIdea(store.db, ctx, c.req.param('id'));
    const raw = (c.req.header('content-length') ?? '0') === '0' ? {} : await readObjectBody(c);
    const { value } = parsed(portalVoteInput, raw);
    const refused = await limit(c, limiters.vote, [userKey(c)], 'votes');
    if (refused) return refused;
    await castPortalVote(store.db, ctx, idea, value ?? 1);
    return voteAnswer(c, idea.id);
  });

  app.delete('/ideas/:id/vote', async (c) => {
    const ctx = c.get('ctx');
    const idea = await requireVisibleIdea(store.db, ctx, c.req.param('id'));
    const refused = await limit(c, limiters.vote, [userKey(c)], 'votes');
    if (refused) return refused;
    await withdrawPortalVote(store.db, ctx, idea);
    return voteAnswer(c, idea.id);
  });

  app.get('/ideas/:id/comments', async (c) => {
    const ctx = c.get('ctx');
    const idea = await requireVisibleIdea(store.db, ctx, c.req.param('id'));
    return c.json({ comments: await portalComments(store.db, ctx, idea) });
  });

  app.post('/ideas/:id/comments', async (c) => {
    const ctx = c.get('ctx');
    const idea = await requireVisibleIdea(store.db, ctx, c.req.param('id'));
    const input = parsed(portalCommentInput, await readObjectBody(c));
    const refused = await limit(c, limiters.comment, [userKey(c)], 'comments');
    if (refused) return refused;
    const id = await addPortalComment(store.db, ctx, idea, input);
    const threads = await portalComments(store.db, ctx, idea);
    const comment = threads.find((t) => t.id === String(id) || t.replies.some((r) => r.id === String(id)));
    if (!comment) throw new Error('a new comment is not in its thread');
    return c.json({ comment }, 201);
  });

  const subscribe = (on: boolean) => async (c: Context<PortalEnv>) => {
    const ctx = c.get('ctx');
    const idea = await requireVisibleIdea(store.db, ctx, c.req.param('id') ?? '');
    await setSubscription(store.db, ctx, idea, on);
    return c.json({ subscribed: on });
  };
  app.put('/ideas/:id/subscription', subscribe(true));
  app.delete('/ideas/:id/subscription', subscribe(false));

  app.get('/notifications', async (c) => {
    const ctx = c.get('ctx');
    if (!ctx.viewer) throw new HttpError(401, 'Sign in to see your notifications');
    return c.json(await listNotifications(store.db, ctx));
  });

  app.post('/notifications/read', async (c) => {
    const raw = (c.req.header('content-length') ?? '0') === '0' ? {} : await readObjectBody(c);
    const { ids } = parsed(notificationsReadInput, raw);
    await markNotificationsRead(store.db, c.get('ctx'), ids);
    return c.body(null, 204);
  });

  app.get('/roadmap', async (c) => c.json(await portalRoadmap(store.db, c.get('ctx'))));

  return app;
}
