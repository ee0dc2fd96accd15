// Wire-format building blocks shared by every record kind: ids, dates, users, statuses, envelopes,
// the error body. Imported by the browser API layer and by the service; no React, no Node.
import { z } from 'zod';
import { isRealDate } from '../domain/dates';

/** An id as text: a numeric string. Request bodies that take an id as text check it with this. */
export const idTextSchema = z.string().regex(/^\d+$/, 'must be a numeric id');

/**
 * An id in an answer. Ids travel as numeric strings, as in the hosted service, and are never parsed
 * into numbers here; but some hosted answers give an id as a JSON number (`release_id`,
 * `integration_id`, custom field ids, `time_frame.id`, …), and the service passes hosted answers
 * through (PLANNER_UPSTREAM). A number is read as its decimal text, so the output is a numeric
 * string either way. A number beyond 2^53 already lost digits in `JSON.parse` before this runs: it
 * is read as the number JSON.parse made of it (refused when that prints with an exponent). A codec,
 * so the published document describes the output: a numeric string.
 */
export const idSchema = z.codec(z.union([z.string(), z.number().int().nonnegative()]), idTextSchema, {
  decode: (v) => String(v),
  encode: (s) => s,
});

/**
 * An id the hosted service sends as a JSON number, and so does this service (an audit's
 * `auditable_id` and `associated_id`, a layout's `id`): read as `idSchema` reads any id (its
 * decimal text), documented as the integer it is on the wire (server/http/openapi.ts).
 */
export const numberIdSchema = z.codec(z.union([z.number().int().nonnegative(), z.string()]), idTextSchema, {
  decode: (v) => String(v),
  encode: (s) => Number(s),
});
/** `YYYY-MM-DD` naming a real day. */
export const dateSchema = z.string().refine(isRealDate, 'must be a real date in the form YYYY-MM-DD');

/** An ISO 8601 day or instant, `2026-01-31` to `2026-01-31T09:30:00.000+01:00` (the document's pattern too). */
export const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}(?:[Tt ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:[Zz]|[+-]\d{2}:?\d{2})?)?$/;

export const timestampSchema = z.string();

export const NAME_MAX = 255;
export const HTML_MAX = 100_000;
export const TAGS_MAX = 2_000;
export const EMAIL_MAX = 254;

export const userRefSchema = z.object({
  id: idSchema,
  name: z.string(),
  email: z.string(),
  /**
   * Optional: the hosted service embeds users in `fields` selections as `id`, `name` and `email`
   * alone, and a time has no empty value. This service always answers both.
   */
  created_at: timestampSchema.optional(),
  updated_at: timestampSchema.optional(),
  /** On an assignee: whether the record's workspace assigned it by default (never, here). */
  default_assignee: z.boolean().optional(),
});
export type UserRef = z.infer<typeof userRefSchema>;

export const workflowStatusSchema = z.object({
  id: idSchema,
  name: z.string(),
  position: z.number(),
  complete: z.boolean(),
  color: z.string(),
  /** The hosted service's status category (`{id, name}`); this service has none yet (always null). */
  workflow_status_category: z.object({ id: idSchema, name: z.string() }).nullable().optional(),
});
export type WorkflowStatus = z.infer<typeof workflowStatusSchema>;

/** A linked record named by id and name (team, iteration, feature kind). */
export const namedRefSchema = z.object({ id: idSchema, name: z.string() });
/** A linked record that also has a key (`PLN-E-4`): initiative, epic, goal, program increment. */
export const keyedRefSchema = z.object({ id: idSchema, name: z.string(), reference_num: z.string() });

/** The head of a keyed record of a workspace. */
export const recordHeadFields = { ...keyedRefSchema.shape, product_id: idSchema };

/** When a record was made and last changed; spread into a record's shape. */
export const timestampFields = { created_at: timestampSchema, updated_at: timestampSchema };
/** The tail every addressable record ends with: its times, its API address and its resource page. */
export const recordTailFields = { ...timestampFields, url: z.string(), resource: z.string() };

/** An integration's field on a record (hosted); no integrations run here, so lists are empty. */
export const integrationFieldSchema = z.object({ id: idSchema, name: z.string(), value: z.unknown() });

/** The workspace a record belongs to, as the hosted service embeds it (`project`). */
export const projectRefSchema = z.object({
  id: idSchema,
  reference_prefix: z.string(),
  name: z.string(),
  product_line: z.boolean(),
  created_at: timestampSchema,
  url: z.string(),
  workspace_type: z.string(),
});
export type ProjectRef = z.infer<typeof projectRefSchema>;

/**
 * Members the hosted service's records carry that this service answers too: the workspace, and the
 * empty forms of what it does not store yet (integrations; comments and attachments until issue 12).
 * Optional in the schema so that answers of an older service still parse.
 */
export const hostedRecordFields = {
  project: projectRefSchema.nullable().optional(),
  integration_fields: z.array(integrationFieldSchema).optional(),
  comments_count: z.number().int().optional(),
  attachments: z.array(z.object({ id: idSchema })).optional(),
};

/**
 * A file on a record's description or on a comment (issue 12), in the hosted shape. An upload's
 * `content_type` is the one sniffed from its bytes, `download_url` this service's download address;
 * a link's `download_url` is its own `file_url` and its sizes are null (unknown).
 */
export const attachmentSchema = z.object({
  id: idSchema,
  download_url: z.string(),
  file_name: z.string(),
  content_type: z.string(),
  file_size: z.number().int().nullable(),
  original_file_size: z.number().int().nullable(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type Attachment = z.infer<typeof attachmentSchema>;

/** HTML text fields (description, theme) as the hosted service returns them. */
export const noteBodySchema = z.object({
  id: idSchema,
  body: z.string(),
  /** The record the text belongs to, as the hosted service names it (`Feature`, `ReleasePhase` …). */
  notable_id: idSchema,
  notable_type: z.string(),
  /** The hosted editor's version: 2 for text written in its current editor, which this one matches. */
  editor_version: z.number(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
  /**
   * The files attached to the text (`POST /{features|epics|ideas|pages}/{id}/attachments`). Hosted
   * descriptions embed some without their times or original size: those members may be missing.
   */
  attachments: z.array(attachmentSchema.partial({ created_at: true, updated_at: true, original_file_size: true })),
});

/**
 * A record linked from another, as the hosted service embeds it: its head, and (from this version
 * on) when it was made and its addresses; initiatives and goals also bring their description.
 * The later members are optional so answers of an older service still parse.
 */
export const recordLinkSchema = keyedRefSchema.extend({
  /** The hosted service links goals without their key: read as empty, and the link shows the name. */
  reference_num: z.string().default(''),
  created_at: timestampSchema.optional(),
  url: z.string().optional(),
  resource: z.string().optional(),
  description: noteBodySchema.nullable().optional(),
  integration_fields: z.array(integrationFieldSchema).optional(),
});
export type RecordLink = z.infer<typeof recordLinkSchema>;

/** A list item in its compact form, as lists answer by default and records embed their children. */
export const compactItemSchema = z.object({
  ...recordHeadFields,
  created_at: timestampSchema,
  url: z.string(),
  resource: z.string(),
});

/**
 * Links to custom object records, in the hosted form (`{key, name, record_type, record_ids}`).
 * Custom objects are not modelled here, so this service's lists are always empty.
 */
export const customObjectLinksSchema = z
  .array(z.object({ key: z.string(), name: z.string(), record_type: z.string(), record_ids: z.array(idSchema) }))
  .optional();

/** A tag as `full_tags` lists it. Tags are text here, not records: `id` is null. */
export const fullTagSchema = z.object({ id: idSchema.nullable(), name: z.string(), color: z.string() });
export type FullTag = z.infer<typeof fullTagSchema>;

/**
 * What the hosted service scores and tracks on planning records and this service does not model:
 * scorecards, key results and the time spent in each status. Always their empty forms here.
 */
export const unmodelledPlanningFields = {
  score: z.number().nullable().optional(),
  score_facts: z.array(z.object({ id: idSchema, name: z.string(), value: z.number().nullable() })).optional(),
  key_results: z.array(z.object({ id: idSchema, name: z.string(), reference_num: z.string() })).optional(),
  workflow_status_times: z
    .array(
      z.object({
        status_id: idSchema,
        status_name: z.string(),
        started_at: timestampSchema,
        ended_at: timestampSchema.nullable(),
      }),
    )
    .optional(),
};

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

/**
 * A list the hosted service answers whole, without `pagination` (a product's workflows, the custom
 * field definitions), where this service answers a page: a hosted answer is read as one page of
 * every item, so the app's paging (`fetchEveryPage`) reads both alike. Titled with the name the
 * published document gives `pageEnvelope`'s object, which a preprocessed schema would not get.
 */
export function wholeListEnvelope<K extends string, T extends z.ZodType>(key: K, item: T, title: string) {
  const asPage = (v: unknown): unknown => {
    if (!v || typeof v !== 'object' || 'pagination' in v) return v;
    const items: unknown = (v as Record<string, unknown>)[key];
    if (!Array.isArray(items)) return v;
    return { ...v, pagination: { total_records: items.length, total_pages: 1, current_page: 1 } };
  };
  return z.preprocess(asPage, pageEnvelope(key, item)).meta({ title });
}

/** `{ "<key>": {...} }` — answers of one record, and request bodies that take no `fields`. */
export function recordEnvelope<K extends string, T extends z.ZodType>(key: K, item: T) {
  return z.object({ [key]: item } as { [P in K]: T });
}

/**
 * The wire forms of a record kind: one record's envelope, the list item (any subset of the record
 * with `fields`) and the page of list items under the plural key.
 */
export function recordWire<K extends string, P extends string, Shape extends z.ZodRawShape>(key: K, plural: P, record: z.ZodObject<Shape>) {
  const listItem = listItemOf(record);
  return { envelope: recordEnvelope(key, record), listItem, page: pageEnvelope(plural, listItem) };
}

/** List items: compact by default (`id, name, reference_num, …`), any subset of the record with `fields`. */
export function listItemOf<Shape extends z.ZodRawShape>(record: z.ZodObject<Shape>) {
  return z.object(withoutDefaults(record.shape)).partial().extend({ id: idSchema });
}

type NoDefault<S> = S extends z.ZodDefault<infer Inner> ? Inner : S;
type NoDefaults<Shape extends z.ZodRawShape> = { [K in keyof Shape]: NoDefault<Shape[K]> };

/**
 * The members without their defaults: a default stands for what a hosted answer leaves out of a
 * whole record, but a member a `fields` selection leaves out must stay out (`.partial()` alone
 * would fill it in with the default).
 */
function withoutDefaults<Shape extends z.ZodRawShape>(shape: Shape): NoDefaults<Shape> {
  return Object.fromEntries(
    Object.entries(shape).map(([name, member]) => [name, member instanceof z.ZodDefault ? member.unwrap() : member]),
  ) as NoDefaults<Shape>;
}

/** A create or update body, `{ "<key>": {...}, "fields": "..." }`: `fields` shapes the answer. */
export function writeBody<K extends string, T extends z.ZodType>(key: K, input: T) {
  return z.object({ [key]: input, fields: fieldsParamSchema } as { [P in K]: T } & {
    fields: typeof fieldsParamSchema;
  });
}

const refScalar = z.union([z.string().max(NAME_MAX), z.number().int().nonnegative()]);
const REF_FORMS = 'must be an id or a name (text or number), or an object {"id": …} or {"name": …}';
/** The object forms of a reference the hosted examples send: `{"id": …}` or `{"name": …}`. */
const refObject = z.union([
  z.strictObject({ id: refScalar }, { error: REF_FORMS }),
  z.strictObject({ name: z.string().max(NAME_MAX) }, { error: REF_FORMS }),
]);
const refText = (v: z.output<typeof refScalar> | z.output<typeof refObject>): string =>
  typeof v === 'object' ? String('id' in v ? v.id : v.name) : String(v);

/**
 * A name-or-id reference in request bodies: text or a number (read as an id), or the hosted
 * service's object forms `{"id": …}` / `{"name": …}`; the store resolves the text as an id or a name.
 */
export const refInputSchema = z.union([refScalar, refObject], { error: REF_FORMS }).transform(refText);

/** Nullable form of the above: null or "" clears the link. */
export const nullableRefInputSchema = z
  .union([refScalar, refObject, z.null()], { error: `${REF_FORMS}, or null` })
  .transform((v) => (v === null || v === '' ? null : refText(v)));

export const nullableDateInput = z.union([dateSchema, z.null(), z.literal('')]).transform((v) => (v ? v : null));

export const htmlInput = z.string().max(HTML_MAX, `must be at most ${HTML_MAX} characters`);

/** A record's name: required on create, trimmed. */
export const nameInput = z.string().trim().min(1, "can't be blank").max(NAME_MAX);

/** A manual progress percentage (used when the progress source is manual). */
export const progressInput = z.number().min(0, 'must be between 0 and 100').max(100, 'must be between 0 and 100').nullable();

export const colorInput = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #4f7cac');

/** A manual position in an ordered list. */
export const positionInput = z.number().int().min(0).max(1_000_000).nullable();

const ASSIGNEE_FORMS = 'must be an email address, an object {"email": …}, or null';
/** The assignee by email, or `{"email": …}` as the hosted examples send it; null or "" unassigns. */
export const assigneeEmailInput = z
  .union([z.string().max(EMAIL_MAX), z.strictObject({ email: z.string().max(EMAIL_MAX) }, { error: ASSIGNEE_FORMS }), z.null()], {
    error: ASSIGNEE_FORMS,
  })
  .transform((v) => {
    const email = v === null ? '' : typeof v === 'string' ? v : v.email;
    return email.trim() === '' ? null : email;
  });

/** A parent of the same kind by id; null makes the record a root. */
export const parentIdInput = z
  .union([idTextSchema, z.number().int().positive(), z.null()])
  .transform((v) => (v === null ? null : String(v)));

/** Names, ids or keys of linked records (replaces the set). */
export const refListInput = z.array(z.union([z.string().max(NAME_MAX), z.number().int().positive()]).transform(String)).max(100);

/** `{ "name": "..." }` — how workflow statuses are sent in request bodies. */
const STATUS_FORMS = 'must be a status: an object {"name": …} or {"id": …}, or its name or id';
/** A workflow status as a request names it: by name or by id (the store resolves it). */
export type StatusInput = { name: string; id?: undefined } | { id: string; name?: undefined };
/**
 * A workflow status in a request body: `{"name": …}` (the spec's form), `{"id": …}`, or the name or
 * id alone, as the hosted examples also send it. A bare text is a name, or an id when no status has
 * that name.
 */
export const statusInputSchema = z
  .union(
    [
      z.string().trim().min(1).max(NAME_MAX),
      z.number().int().positive(),
      z.strictObject({ name: z.string().trim().min(1).max(NAME_MAX) }, { error: STATUS_FORMS }),
      z.strictObject({ id: z.union([idTextSchema, z.number().int().positive()]) }, { error: STATUS_FORMS }),
    ],
    { error: STATUS_FORMS },
  )
  .transform((v): StatusInput => {
    if (typeof v === 'string') return { name: v };
    if (typeof v === 'number') return { id: String(v) };
    return 'name' in v ? { name: v.name } : { id: String(v.id) };
  });

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
    .regex(ISO_TIMESTAMP, 'must be an ISO 8601 timestamp')
    .refine((s) => !Number.isNaN(Date.parse(s)), 'must be an ISO 8601 timestamp')
    .transform((s) => new Date(s).toISOString())
    .optional(),
  q: z.string().max(NAME_MAX).optional(),
});
export type ListQuery = z.input<typeof listQuerySchema>;

/** Paging and `fields` alone, for lists that take no filters. */
export const pagingQuerySchema = listQuerySchema.pick({ page: true, per_page: true, fields: true });

/** Lists of work items (features, epics, requirements' parents): tag, assignee and status filters. */
export const workItemListQuerySchema = listQuerySchema.extend({
  tag: z.string().max(NAME_MAX).optional(),
  assigned_to_user: z.string().max(EMAIL_MAX).optional(),
  workflow_status: z.string().max(NAME_MAX).optional(),
});
