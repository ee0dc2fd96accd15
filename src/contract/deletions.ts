// The recycle bin (issue 13; listing is operation 18): a deletion is one delete of a record (or of a
// comment, a vote, a portal user …) with everything that went with it. The hosted answer shape, our
// members beside it (what came with it, until when it can be restored) and the answer of a restore
// or of its dry run. The rules (30-day window, who may purge, what a restore puts back) are the
// service's: docs/decisions.md, "Recycle bin".
import { z } from 'zod';
import { NAME_MAX, EMAIL_MAX, idSchema, idTextSchema, listQuerySchema, pageEnvelope, recordEnvelope, timestampSchema } from './common';

/** Days a deletion can be restored after it was made (the spec's window); then the sweep purges it. */
export const RESTORE_WINDOW_DAYS = 30;

/** The kinds a deletion can be of, as `record.type` names them (the audit log's names). */
export const DELETION_TYPES = [
  'Feature',
  'Epic',
  'Requirement',
  'Release',
  'ReleasePhase',
  'Initiative',
  'Goal',
  'Idea',
  'Page',
  'Comment',
  'PortalUser',
  'IdeaVote',
  'IdeaOrganization',
  'Product',
  'Team',
] as const;
export type DeletionType = (typeof DELETION_TYPES)[number];

/** What a deletion was of: the hosted `{name, type, reference_num}`, plus its id and workspace. */
export const deletedRecordSchema = z.object({
  name: z.string(),
  type: z.string(),
  /** The record's key (`PLN-12`); null for kinds without one (phases, comments, votes, portal users). */
  reference_num: z.string().nullable(),
  /** Ours: the record's own id, which a restore gives back to it. */
  id: idSchema.optional(),
  /** Ours: the workspace it was in; null for account-wide records. */
  product_id: idSchema.nullable().optional(),
});

/** How many records of one kind a deletion holds besides the record itself (its requirements, comments …). */
export const deletionContentSchema = z.object({ type: z.string(), count: z.number().int() });

export const deletionSchema = z.object({
  id: idSchema,
  deleted_at: timestampSchema,
  /**
   * `deleted` while it is in the bin, `restored` once restored; `restore_in_progress` is the hosted
   * answer of an asynchronous restore (this service restores before answering). `dry_run` answers a
   * restore that was only previewed.
   */
  status: z.enum(['deleted', 'restored', 'restore_in_progress', 'dry_run']),
  record: deletedRecordSchema,
  /** Who deleted it: the hosted shape (`id` a JSON number there); null when unknown. */
  deleted_by: z.object({ id: idSchema, name: z.string(), email: z.string() }).nullable(),
  /** Ours: until when it can be restored (deleted_at + 30 days). */
  restorable_until: timestampSchema.optional(),
  /** Ours: the records that went with it, by kind (the record itself not counted). */
  contents: z.array(deletionContentSchema).optional(),
  /** Ours: when it was restored, and by whom. */
  restored_at: timestampSchema.nullable().optional(),
  /**
   * Ours: whether the caller may restore it — the right its delete needed (workspaces, teams and
   * portal users: administrators; a comment: its author or an administrator); false once restored.
   */
  may_restore: z.boolean().optional(),
});
export type Deletion = z.infer<typeof deletionSchema>;

export const deletionEnvelope = recordEnvelope('deletion', deletionSchema);
export const deletionPage = pageEnvelope('deletions', deletionSchema);
export type DeletionPage = z.infer<typeof deletionPage>;

/** A record a restore puts back (or would, on a dry run). */
export const restoredRecordSchema = z.object({
  type: z.string(),
  id: idSchema,
  name: z.string().nullable(),
  reference_num: z.string().nullable(),
});

/**
 * A link the deleted records had that a restore could not put back, because the record at its other
 * end is itself deleted (`deleted`, with the deletion holding it), gone for good (`missing`), or has
 * been linked elsewhere since (`changed`: left as it is).
 */
export const unrestoredLinkSchema = z.object({
  /** The link, in words: `epic of feature PLN-12`, `release phase of feature PLN-40`. */
  link: z.string(),
  type: z.string(),
  id: idSchema,
  reason: z.enum(['deleted', 'missing', 'changed']),
  /** The deletion that holds the other end, when it is in the bin. */
  deletion_id: idSchema.nullable(),
});

/** The answer of `POST /deletions/{id}/restore` (and of its `dry_run`). */
export const restoreAnswerSchema = deletionEnvelope.extend({
  /** The records put back (or that would be), the deleted record first. */
  restored: z.array(restoredRecordSchema),
  /** Counts of `restored` by kind. */
  contents: z.array(deletionContentSchema),
  unrestored_links: z.array(unrestoredLinkSchema),
});
export type RestoreAnswer = z.infer<typeof restoreAnswerSchema>;

/** `GET /deletions`: paging, a name search, and who, what and where. */
export const deletionListQuery = listQuerySchema.pick({ page: true, per_page: true, q: true }).extend({
  /** One kind (`Feature`, `Epic` …) or several, comma-separated. */
  record_type: z.string().max(NAME_MAX).optional(),
  /** Deleted by this user: id or email. */
  deleted_by: z.string().max(EMAIL_MAX).optional(),
  /** Deletions of one workspace: id or key prefix. */
  product_id: z.string().max(NAME_MAX).optional(),
});

/** `POST /deletions/{id}/restore?dry_run=true` answers what would come back and changes nothing. */
export const restoreQuery = z.object({
  dry_run: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
});

/** The deletion path's `{id}`: the deletion's own id (not the record's). */
export const deletionIdSchema = idTextSchema;
