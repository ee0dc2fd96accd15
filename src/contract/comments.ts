// Comments (issue 12): the hosted answer shape, the write bodies and the list query. A comment hangs
// from a record of one of nine kinds (`commentable`), a reply from a top-level comment of the same
// record; the rules (body not empty, the parent's place, who may edit) are the service's
// (docs/decisions.md, "Comments"), the formats are here.
import { z } from 'zod';
import {
  HTML_MAX,
  attachmentSchema,
  idSchema,
  idTextSchema,
  pageEnvelope,
  pagingQuerySchema,
  recordEnvelope,
  timestampSchema,
  userRefSchema,
  writeBody,
} from './common';

/** The record kinds that take comments, as paths name them. */
export const COMMENTABLE_KINDS = [
  'features',
  'epics',
  'requirements',
  'ideas',
  'initiatives',
  'goals',
  'releases',
  'release_phases',
  'pages',
] as const;
export type CommentableKind = (typeof COMMENTABLE_KINDS)[number];

/** How the hosted service names each kind in `commentable.type` (a goal is a `StrategicImperative`). */
export const COMMENTABLE_TYPES = {
  features: 'Feature',
  epics: 'Epic',
  requirements: 'Requirement',
  ideas: 'Ideas::Idea',
  initiatives: 'Initiative',
  goals: 'StrategicImperative',
  releases: 'Release',
  release_phases: 'ReleasePhase',
  pages: 'Page',
} as const satisfies Record<CommentableKind, string>;
export type CommentableType = (typeof COMMENTABLE_TYPES)[CommentableKind];

/**
 * A file on a comment, in the hosted shape (`attachmentSchema`, the attachments slice's); the hosted
 * show embeds them without their times or original size, so those may be missing.
 */
export const commentAttachmentSchema = attachmentSchema.partial({ created_at: true, updated_at: true, original_file_size: true });
export type CommentAttachment = z.infer<typeof commentAttachmentSchema>;

/** The record a comment is on: its hosted type, id, workspace and addresses. */
export const commentableSchema = z.object({
  type: z.string(),
  id: idSchema,
  product_id: idSchema,
  url: z.string(),
  resource: z.string(),
});

export const commentSchema = z.object({
  id: idSchema,
  /** HTML. A deleted comment kept for its replies answers `''` (and `deleted: true`). */
  body: z.string(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
  /** The top-level comment this one replies to; null for a top-level comment. */
  parent_comment_id: idSchema.nullable(),
  /** The author; null when the author's user is gone. */
  user: userRefSchema.nullable(),
  /** Written in the ideas portal by this portal user (issue 15; then `user` is null). A thread a portal user starts shows in the portal, replies included. */
  portal_user: z.object({ id: idSchema, name: z.string(), email: z.string() }).nullable().default(null),
  attachments: z.array(commentAttachmentSchema),
  commentable: commentableSchema,
  url: z.string(),
  resource: z.string(),
  /** Reactions are not modelled here: always empty (the hosted show answers the member). */
  reactions: z.array(z.unknown()).default([]),
  /**
   * This service's member: a top-level comment deleted while it had replies stays as their
   * placeholder, with an empty body (the app shows "This comment was deleted").
   */
  deleted: z.boolean().default(false),
});
export type Comment = z.infer<typeof commentSchema>;

export const commentEnvelope = recordEnvelope('comment', commentSchema);
export const commentPage = pageEnvelope('comments', commentSchema);
export type CommentPage = z.infer<typeof commentPage>;

/** The longest body taken, in characters of HTML (as every HTML field). */
export const COMMENT_BODY_MAX = HTML_MAX;

const bodyInput = z.string().max(COMMENT_BODY_MAX, `must be at most ${COMMENT_BODY_MAX} characters`);

/** A new comment: `body` (required: the service refuses an empty one) and, for a reply, its parent. */
export const commentCreateInput = z.object({
  body: bodyInput.optional(),
  parent_comment_id: z
    .union([idTextSchema, z.number().int().positive(), z.null()], { error: 'must be the numeric id of a comment, or null' })
    .transform((v) => (v === null ? null : String(v)))
    .optional(),
});
/** A comment's change: its body only (a comment does not move between threads). */
export const commentUpdateInput = z.object({ body: bodyInput.optional() });
export type CommentCreateInput = z.input<typeof commentCreateInput>;
export type CommentUpdateInput = z.input<typeof commentUpdateInput>;

export const commentCreateBody = writeBody('comment', commentCreateInput);
export const commentUpdateBody = writeBody('comment', commentUpdateInput);

/** The orders of a thread: threads by their first comment, oldest (default) or newest first. */
export const COMMENT_ORDERS = ['oldest', 'newest'] as const;
export type CommentOrder = (typeof COMMENT_ORDERS)[number];

/**
 * A list of comments: paging, `fields`, and `order`. Either order keeps a thread together (its
 * top-level comment, then its replies oldest first); `newest` puts the newest threads first.
 */
export const commentListQuery = pagingQuerySchema.extend({
  order: z.enum(COMMENT_ORDERS, { error: 'must be oldest or newest' }).optional(),
});
export type CommentListQuery = z.input<typeof commentListQuery>;
