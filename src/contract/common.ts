// Wire-format building blocks shared by every record kind: ids, dates, users, statuses, envelopes,
// the error body. Imported by the browser API layer and by the service; no React, no Node.
import { z } from 'zod';
import { isRealDate } from '../domain/dates';

/** Ids travel as numeric strings, as in the hosted service. */
export const idSchema = z.string().regex(/^\d+$/, 'must be a numeric id');

/** `YYYY-MM-DD` naming a real day. */
export const dateSchema = z.string().refine(isRealDate, 'must be a real date in the form YYYY-MM-DD');

export const timestampSchema = z.string();

export const NAME_MAX = 255;
export const HTML_MAX = 100_000;
export const TAGS_MAX = 2_000;
export const EMAIL_MAX = 254;

export const userRefSchema = z.object({
  id: idSchema,
  name: z.string(),
  email: z.string(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type UserRef = z.infer<typeof userRefSchema>;

export const workflowStatusSchema = z.object({
  id: idSchema,
  name: z.string(),
  position: z.number(),
  complete: z.boolean(),
  color: z.string(),
});
export type WorkflowStatus = z.infer<typeof workflowStatusSchema>;

/** HTML text fields (description, theme) as the hosted service returns them. */
export const noteBodySchema = z.object({
  id: idSchema,
  body: z.string(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});

export const paginationSchema = z.object({
  total_records: z.number().int(),
  total_pages: z.number().int(),
  current_page: z.number().int(),
});
export type Pagination = z.infer<typeof paginationSchema>;

export const DEFAULT_PER_PAGE = 30;
export const MAX_PER_PAGE = 200;

/** The one error shape of the service: a message, and per-field messages when a field is at fault. */
export const errorBodySchema = z.object({
  error: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** `{ "<key>": [...], "pagination": {...} }` */
export function pageEnvelope<K extends string, T extends z.ZodType>(key: K, item: T) {
  return z.object({ [key]: z.array(item), pagination: paginationSchema } as {
    [P in K]: z.ZodArray<T>;
  } & { pagination: typeof paginationSchema });
}

/** `{ "<key>": {...} }` */
export function recordEnvelope<K extends string, T extends z.ZodType>(key: K, item: T) {
  return z.object({ [key]: item } as { [P in K]: T });
}

/** A name-or-id reference in request bodies: numbers are accepted and read as ids. */
export const refInputSchema = z.union([z.string().max(NAME_MAX), z.number().int().nonnegative()]).transform(String);

/** Nullable form of the above: null or "" clears the link. */
export const nullableRefInputSchema = z
  .union([z.string().max(NAME_MAX), z.number().int().nonnegative(), z.null()])
  .transform((v) => (v === null || v === '' ? null : String(v)));

export const nullableDateInput = z.union([dateSchema, z.null(), z.literal('')]).transform((v) => (v ? v : null));

export const htmlInput = z.string().max(HTML_MAX, `must be at most ${HTML_MAX} characters`);

/** `{ "name": "..." }` — how workflow statuses are sent in request bodies. */
export const statusInputSchema = z.object({ name: z.string().min(1).max(NAME_MAX) });

/** Top-level `fields` of create bodies and the `fields` query parameter. */
export const fieldsParamSchema = z.string().max(2_000).optional();

/** The query of a single record's read: only `fields`. */
export const showQuerySchema = z.object({ fields: fieldsParamSchema });

/**
 * The query every list takes: paging, `fields`, `updated_since` and the text search `q`. Each kind's
 * list extends it (`workItemListQuerySchema`, `initiativeListQuery`, `releaseListQuery`, …), so
 * the service validates with, and the API document describes, one language of lists.
 */
export const listQuerySchema = z.object({
  page: z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').max(1_000_000).optional(),
  per_page: z.coerce
    .number()
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(MAX_PER_PAGE, `must be at most ${MAX_PER_PAGE}`)
    .optional(),
  fields: fieldsParamSchema,
  updated_since: z
    .string()
    .refine((s) => !Number.isNaN(Date.parse(s)), 'must be an ISO 8601 timestamp')
    .transform((s) => new Date(s).toISOString())
    .optional(),
  q: z.string().max(NAME_MAX).optional(),
});
export type ListQuery = z.input<typeof listQuerySchema>;

/** Paging alone, for lists that take no filters. */
export const pagingQuerySchema = listQuerySchema.pick({ page: true, per_page: true });

/** Lists of work items (features, epics, requirements' parents): tag, assignee and status filters. */
export const workItemListQuerySchema = listQuerySchema.extend({
  tag: z.string().max(NAME_MAX).optional(),
  assigned_to_user: z.string().max(EMAIL_MAX).optional(),
  workflow_status: z.string().max(NAME_MAX).optional(),
});
