// The ideas portal's own API (issue 15): what the portal pages at /portal/<key> ask the service, at
// /portal/<key>/api/…, with a portal user's session cookie — never an API token. It is not part of
// /api/v1: a portal session cannot reach an administrator route, and an API token is not a portal
// session. Every answer is already cut to what the signed-in portal user may see (visibility,
// spam, merges, unpublished responses): the page shows what it gets.
//
// The routes, under /portal/<key>/api (401: sign in first; 403: a write without the session's CSRF
// token or from another origin; 404: no such portal, or an idea the viewer may not see; 422: a bad
// field, named; 429: too many, with Retry-After):
//   GET    ''                        portalHomeSchema (the portal, and the viewer or null)
//   POST   /sign_in {email}          202 {message}: a sign-in link is mailed (or logged); same answer for any email
//   POST   /session {token}          {viewer}, and the session cookie (HttpOnly, SameSite=Lax, this portal's path)
//   DELETE /session                  204
//   GET    /ideas?sort&q&category&status&mine=true&page&per_page   portalIdeaPageSchema
//   GET    /ideas/related?q=         portalRelatedSchema (duplicate suggestions while typing)
//   GET    /ideas/{id}               portalIdeaEnvelope; POST /ideas portalIdeaInput → 201 portalIdeaEnvelope
//   POST   /ideas/{id}/attachments   multipart part `file` (the creator, within a day) → 201 {attachment}
//   GET    /attachments/{id}         the file, as a download
//   POST / DELETE /ideas/{id}/vote   portalVoteInput → portalVoteResultSchema
//   GET / POST /ideas/{id}/comments  portalCommentsSchema / portalCommentInput → 201 portalCommentEnvelope
//   PUT / DELETE /ideas/{id}/subscription   {subscribed}
//   GET    /notifications            portalNotificationsSchema; POST /notifications/read {ids?} → 204
//   GET    /roadmap                  portalRoadmapSchema
//   GET    /logo                     the portal's logo image
//
// Written with zod/mini, not classic zod: the portal bundle's first view must stay under 100 KB of
// compressed JavaScript, and mini's functions tree-shake (the service parses with the same schemas).
import * as z from 'zod/mini';

/** Ids travel as numeric strings, as everywhere in the API. */
const id = z.string();

export const PORTAL_SORTS = ['popular', 'recent', 'trending'] as const;
export type PortalSort = (typeof PORTAL_SORTS)[number];

/** Longest idea name, description, comment (characters of the plain text a portal user types). */
export const PORTAL_NAME_MAX = 255;
export const PORTAL_TEXT_MAX = 10_000;
export const PORTAL_COMMENT_MAX = 5_000;
export const PORTAL_EMAIL_MAX = 254;

/** The header every write carries, holding the session's CSRF token (`viewer.csrf_token`). */
export const CSRF_HEADER = 'X-CSRF-Token';

export const portalStatusSchema = z.object({
  id,
  name: z.string(),
  color: z.string(),
  /** A complete status (shipped, will not implement): its votes go back to the voters. */
  complete: z.boolean(),
});
export type PortalStatus = z.infer<typeof portalStatusSchema>;

export const portalCategorySchema = z.object({ id, name: z.string(), parent_id: z.nullable(id) });
export type PortalCategory = z.infer<typeof portalCategorySchema>;

export const portalInfoSchema = z.object({
  /** The portal's key (its subdomain), as in its address. */
  key: z.string(),
  title: z.string(),
  /** The portal's colour, `#rrggbb`, or null for the house colour. */
  color: z.nullable(z.string()),
  /** Where the logo is served (same origin), or null when there is none. */
  logo_url: z.nullable(z.string()),
  access_type: z.enum(['public', 'submit-only', 'private']),
  /** Vote caps: votes a portal user may hold at once / put on one idea; null is no cap. */
  votes_per_user: z.nullable(z.number()),
  votes_per_idea: z.nullable(z.number()),
  categories: z.array(portalCategorySchema),
  statuses: z.array(portalStatusSchema),
});
export type PortalInfo = z.infer<typeof portalInfoSchema>;

export const viewerSchema = z.object({
  id,
  email: z.string(),
  /** First and last name, or the email's local part when there is none. */
  name: z.string(),
  employee: z.boolean(),
  /** Send back in the `X-CSRF-Token` header of every write. */
  csrf_token: z.string(),
  /** Votes held on ideas not yet complete, and the cap (this user's override, else the portal's; null: none). */
  votes_held: z.number(),
  votes_cap: z.nullable(z.number()),
  unread_notifications: z.number(),
});
export type Viewer = z.infer<typeof viewerSchema>;

/** `GET /portal/<key>/api`: the portal and who is signed in (null: nobody). */
export const portalHomeSchema = z.object({ portal: portalInfoSchema, viewer: z.nullable(viewerSchema) });
export type PortalHome = z.infer<typeof portalHomeSchema>;

export const portalIdeaSummarySchema = z.object({
  id,
  reference_num: z.string(),
  name: z.string(),
  /** The first words of the description, as plain text. */
  excerpt: z.string(),
  votes: z.number(),
  comments_count: z.number(),
  status: portalStatusSchema,
  categories: z.array(z.object({ id, name: z.string() })),
  created_at: z.string(),
  /** Submitted by the signed-in user. */
  mine: z.boolean(),
  /** Votes the signed-in user has on it (0 when nobody is signed in). */
  my_votes: z.number(),
});
export type PortalIdeaSummary = z.infer<typeof portalIdeaSummarySchema>;

export const portalPaginationSchema = z.object({ total_records: z.number(), total_pages: z.number(), current_page: z.number() });

export const portalIdeaPageSchema = z.object({ ideas: z.array(portalIdeaSummarySchema), pagination: portalPaginationSchema });
export type PortalIdeaPage = z.infer<typeof portalIdeaPageSchema>;

/** `GET …/ideas/related?q=`: the closest visible ideas to a text being typed, best first. */
export const portalRelatedSchema = z.object({ ideas: z.array(portalIdeaSummarySchema) });

export const portalAttachmentSchema = z.object({
  id,
  file_name: z.string(),
  content_type: z.string(),
  file_size: z.number(),
  download_url: z.string(),
});
export type PortalAttachment = z.infer<typeof portalAttachmentSchema>;

/** What an idea became: the planned record, and the release it ships in when it has one. */
export const portalPromotionSchema = z.object({
  kind: z.enum(['feature', 'epic', 'initiative']),
  reference_num: z.string(),
  name: z.string(),
  release: z.nullable(z.object({ name: z.string(), release_date: z.nullable(z.string()), released: z.boolean() })),
});
export type PortalPromotion = z.infer<typeof portalPromotionSchema>;

export const portalIdeaSchema = z.extend(portalIdeaSummarySchema, {
  /** HTML (the page sanitises it before it reaches the DOM). */
  description_html: z.string(),
  /** The team's published answer; null until one is published. */
  admin_response: z.nullable(z.object({ body_html: z.string(), updated_at: z.string() })),
  created_by_name: z.string(),
  subscribed: z.boolean(),
  promoted_to: z.nullable(portalPromotionSchema),
  attachments: z.array(portalAttachmentSchema),
  /** Why the signed-in user cannot vote more on it (cap reached, complete status), or null. */
  vote_refusal: z.nullable(z.string()),
});
export type PortalIdea = z.infer<typeof portalIdeaSchema>;
export const portalIdeaEnvelope = z.object({ idea: portalIdeaSchema });

export const portalCommentSchema = z.object({
  id,
  body_html: z.string(),
  author_name: z.string(),
  /** A reply from the product team is set apart on the page. */
  author_kind: z.enum(['portal_user', 'team']),
  created_at: z.string(),
  mine: z.boolean(),
  replies: z.array(
    z.object({
      id,
      body_html: z.string(),
      author_name: z.string(),
      author_kind: z.enum(['portal_user', 'team']),
      created_at: z.string(),
      mine: z.boolean(),
    }),
  ),
});
export type PortalComment = z.infer<typeof portalCommentSchema>;
export const portalCommentsSchema = z.object({ comments: z.array(portalCommentSchema) });
export const portalCommentEnvelope = z.object({ comment: portalCommentSchema });

export const portalNotificationSchema = z.object({
  id,
  idea: z.object({ id, reference_num: z.string(), name: z.string() }),
  message: z.string(),
  created_at: z.string(),
  read: z.boolean(),
});
export type PortalNotification = z.infer<typeof portalNotificationSchema>;
export const portalNotificationsSchema = z.object({ notifications: z.array(portalNotificationSchema), unread: z.number() });

/** `GET …/roadmap`: the promoted ideas the viewer may see, in columns by the idea's status. */
export const portalRoadmapSchema = z.object({
  columns: z.array(
    z.object({
      status: portalStatusSchema,
      ideas: z.array(z.extend(portalIdeaSummarySchema, { promoted_to: portalPromotionSchema })),
    }),
  ),
});
export type PortalRoadmap = z.infer<typeof portalRoadmapSchema>;

/** A vote's answer: the idea's new count and the viewer's, plus the viewer's new totals. */
export const portalVoteResultSchema = z.object({ idea: portalIdeaSummarySchema, viewer: viewerSchema });

/** Every refusal: `error` says it; `errors` gives each field at fault its messages (as /api/v1 does). */
export const portalErrorSchema = z.object({
  error: z.string(),
  errors: z.optional(z.record(z.string(), z.array(z.string()))),
});

// ---------------------------------------------------------------------------------------------
// Request bodies

/** Text, trimmed, at most `max` characters. */
const trimmed = (max: number) =>
  z
    .pipe(
      z.string({ error: 'must be text' }),
      z.transform((s) => s.trim()),
    )
    .check(z.refine((s) => s.length <= max, `must be at most ${max} characters`));

export const signInInput = z.object({
  email: trimmed(PORTAL_EMAIL_MAX).check(z.refine((s) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s), 'must be an email address')),
});

export const sessionInput = z.object({ token: z.string({ error: 'must be the token of a sign-in link' }).check(z.maxLength(200)) });

export const portalIdeaInput = z.object({
  name: trimmed(PORTAL_NAME_MAX).check(z.refine((s) => s.length > 0, "can't be blank")),
  /** Plain text; paragraphs by blank lines. */
  description: z.optional(trimmed(PORTAL_TEXT_MAX)),
  /** Category ids of the portal's product. */
  categories: z.optional(z.array(z.string({ error: 'must be category ids' })).check(z.maxLength(20, 'must be at most 20 categories'))),
});
export type PortalIdeaInput = z.output<typeof portalIdeaInput>;

export const portalVoteInput = z.object({
  value: z.optional(
    z.int({ error: 'must be a whole number' }).check(z.minimum(1, 'must be at least 1'), z.maximum(100, 'must be at most 100')),
  ),
});

export const portalCommentInput = z.object({
  body: trimmed(PORTAL_COMMENT_MAX).check(z.refine((s) => s.length > 0, "can't be blank")),
  parent_comment_id: z.optional(z.nullable(z.string({ error: 'must be the id of a comment' }))),
});

export const subscriptionSchema = z.object({ subscribed: z.boolean() });

export const notificationsReadInput = z.object({ ids: z.optional(z.array(z.string())) });
