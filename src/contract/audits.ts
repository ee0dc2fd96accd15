// Record history (issue 13): the audit rows every create, update and delete writes, as `GET /audits`
// answers them (the last 12 calendar months) and the historical audit search (operation 9 and the
// hosted index and create) answers what is older. Hosted shapes, with our members beside them.
import { z } from 'zod';
import { EMAIL_MAX, NAME_MAX, idSchema, numberIdSchema, listQuerySchema, pageEnvelope, timestampSchema, userRefSchema } from './common';

export const AUDIT_ACTIONS = ['create', 'update', 'destroy'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One changed field: the hosted `{field_name, value: "old → new"}`, plus the values themselves (ours). */
export const auditChangeSchema = z.object({
  field_name: z.string(),
  value: z.string(),
  old_value: z.unknown().optional(),
  new_value: z.unknown().optional(),
});
export type AuditChange = z.infer<typeof auditChangeSchema>;

export const auditSchema = z.object({
  id: idSchema,
  audit_action: z.enum(AUDIT_ACTIONS),
  created_at: timestampSchema,
  /** Whether a person would want to see it (false for derived bookkeeping such as position moves). */
  interesting: z.boolean(),
  /** Who made the change; null for the service itself (the recycle-bin sweep, the seed). */
  user: userRefSchema.nullable(),
  auditable_type: z.string(),
  /** A JSON number in the hosted shape. */
  auditable_id: numberIdSchema,
  /** The record it belongs to (a requirement's feature, a comment's record), when there is one. */
  associated_type: z.string().nullable(),
  associated_id: numberIdSchema.nullable(),
  /** `updated feature PLN-12 Sign-in with SSO`. */
  description: z.string(),
  /** The record's API address; null when it is gone. */
  auditable_url: z.string().nullable(),
  changes: z.array(auditChangeSchema),
  /** Ours: the record's key and name as the row names it (also after the record is gone). */
  reference_num: z.string().nullable().optional(),
  /** Ours: set when a restore from the recycle bin wrote the row (a `create` that brings a record back). */
  restored_from_deletion_id: idSchema.nullable().optional(),
});
export type Audit = z.infer<typeof auditSchema>;

export const auditPage = pageEnvelope('audits', auditSchema);
export type AuditPage = z.infer<typeof auditPage>;

const timestampParam = z
  .string()
  .max(64)
  .refine((s) => !Number.isNaN(Date.parse(s)), 'must be an ISO 8601 timestamp')
  .transform((s) => new Date(s).toISOString());
const idParam = z.string().regex(/^\d+$/, 'must be a numeric id').max(20);

/** The filters the hosted audit operations share. */
export const auditFilterFields = {
  auditable_type: z.string().max(NAME_MAX).optional(),
  auditable_id: idParam.optional(),
  associated_type: z.string().max(NAME_MAX).optional(),
  associated_id: idParam.optional(),
  /** Changes by this user: id (or, ours, email). */
  user_id: z.string().max(EMAIL_MAX).optional(),
  created_since: timestampParam.optional(),
  created_before: timestampParam.optional(),
};

/** `GET /audits`: the hosted filters, `after_id` to walk forward, and (ours) one action or workspace. */
export const auditListQuery = listQuerySchema.pick({ page: true, per_page: true, fields: true }).extend({
  ...auditFilterFields,
  audit_action: z.enum(AUDIT_ACTIONS, { error: 'must be create, update or destroy' }).optional(),
  after_id: idParam.optional(),
  product_id: z.string().max(NAME_MAX).optional(),
  /** Ours: `newest` (default) or `oldest` first. */
  order: z.enum(['newest', 'oldest'], { error: 'must be newest or oldest' }).optional(),
  /**
   * Ours: with `auditable_type` and `auditable_id`, `true` also lists the rows of the records that
   * belong to that one (its requirements, comments, votes, files): a record's whole history.
   */
  include_associated: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
});
export type AuditListQuery = z.input<typeof auditListQuery>;

// ---------------------------------------------------------------------------------------------
// Historical audit search (administrators only)

/** The header every answer of the historical operations carries: the whole tokens the bucket holds now. */
export const HISTORICAL_TOKENS_HEADER = 'X-Historical-Tokens-Available';

/** `GET /historical_audits`, the index: one row per record and person, with the days they were active. */
export const historicalIndexQuery = listQuerySchema.pick({ page: true, per_page: true }).extend({
  ...auditFilterFields,
  // Both optional here (the hosted document marks them so): from the oldest row, up to the 12-month cut.
  created_since: timestampParam.optional(),
  created_before: timestampParam.optional(),
});

export const historicalIndexRowSchema = z.object({
  auditable_id: numberIdSchema,
  auditable_type: z.string(),
  /** The person's id (hosted: the row is the user, with the record beside). */
  id: idSchema,
  name: z.string(),
  email: z.string(),
  /** The person's, as hosted. */
  created_at: timestampSchema.optional(),
  updated_at: timestampSchema.optional(),
  dates_active: z.array(z.string()),
});
export const historicalIndexPage = pageEnvelope('historical_audits', historicalIndexRowSchema);

/** An id in a JSON body: the hosted examples send numbers, the app strings. */
const idInBody = z.union([idParam, z.number().int().positive().transform(String)], { error: 'must be a numeric id' });

/** `POST /historical_audits`: `{"search": {...}}`. */
export const historicalSearchInput = z.object({
  ...auditFilterFields,
  auditable_id: idInBody.optional(),
  associated_id: idInBody.optional(),
  user_id: z
    .union([z.string().max(EMAIL_MAX), z.number().int().positive().transform(String)], { error: 'must be a user id or email' })
    .optional(),
  audit_action: z.enum(AUDIT_ACTIONS, { error: 'must be create, update or destroy' }).optional(),
  after_id: idInBody.optional(),
});
export const historicalSearchBody = z.object({ search: historicalSearchInput });
export type HistoricalSearchInput = z.input<typeof historicalSearchInput>;

/** The answer of a created search: the hosted `search_id`, and (ours) what it was charged. */
export const historicalSearchCreated = z.object({
  search_id: z.string(),
  max_cost: z.number().int().optional(),
  tokens_available: z.number().optional(),
});

/** Ours: `GET /historical_audits/estimate` takes a search's filters as query parameters. */
export const historicalEstimateQuery = z.object({
  ...auditFilterFields,
  audit_action: z.enum(AUDIT_ACTIONS, { error: 'must be create, update or destroy' }).optional(),
  after_id: idParam.optional(),
});

/** `GET /historical_audits/{search_id}` (operation 9). */
export const historicalSearchQuery = z.object({ next_token: z.string().max(200).optional() });

export const historicalSearchResult = z.object({
  audits: z.array(auditSchema),
  running: z.boolean(),
  next_token: z.string().nullable(),
  results_complete: z.boolean(),
  /** The search's actual token cost, known once it has finished (null while running). */
  token_cost: z.number().int().nullable(),
  /** Ours: what was charged up front, and how far the scan is (0–1). */
  max_cost: z.number().int().optional(),
  progress: z.number().optional(),
  /** Ours: `running`, `complete`, or `failed` (stopped by an error: its results are partial). */
  state: z.enum(['running', 'complete', 'failed']).optional(),
  /** Ours: matches found so far (all of them once complete), and tokens given back when it was first read complete. */
  total_results: z.number().int().optional(),
  refunded: z.number().int().nullable().optional(),
  /** Ours: the search's filters as checked (times as ISO 8601). */
  search: z.record(z.string(), z.string()).optional(),
});
export type HistoricalSearchResult = z.infer<typeof historicalSearchResult>;

/** Ours: what a search would be charged at most, before it is made (costs nothing). */
export const historicalEstimate = z.object({
  max_cost: z.number().int(),
  tokens_available: z.number(),
  rows_in_range: z.number().int(),
  /** Ours: the bucket's size and refill, and whether the search can be made now (else `retry_after` seconds). */
  capacity: z.number().optional(),
  refill_per_second: z.number().optional(),
  rows_per_token: z.number().int().optional(),
  retry_after: z.number().int().nullable().optional(),
  /** Ours: the range the search would read after its defaults (ISO 8601): from the oldest row to the 12-month cut. */
  created_since: z.string().nullable().optional(),
  created_before: z.string().optional(),
});
export type HistoricalEstimate = z.infer<typeof historicalEstimate>;
