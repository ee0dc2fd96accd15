// Ideas and idea categories: response shapes, request bodies and list queries (operation 10, idea
// show, update, delete and lists, related ideas, categories). Cross-record rules (status of the
// product's Idea workflow, categories that exist, a merge target that is not itself merged, …) are
// the service's; formats are here.
import { z } from 'zod';
import {
  EMAIL_MAX,
  NAME_MAX,
  TAGS_MAX,
  assigneeEmailInput,
  fullTagSchema,
  htmlInput,
  idSchema,
  idTextSchema,
  integrationFieldSchema,
  listQuerySchema,
  nameInput,
  noteBodySchema,
  nullableRefInputSchema,
  pageEnvelope,
  projectRefSchema,
  recordEnvelope,
  recordLinkSchema,
  recordWire,
  statusInputSchema,
  timestampSchema,
  userRefSchema,
  workflowStatusSchema,
  writeBody,
} from './common';
import { customFieldValueSchema, customFieldsInput } from './custom-fields';

/** The spec's visibility values (requests); `service` is the default: visible in no portal. */
export const IDEA_VISIBILITIES = ['service', 'creator', 'employee', 'employee_or_creator', 'creator_organization', 'public'] as const;
export type IdeaVisibility = (typeof IDEA_VISIBILITIES)[number];

/**
 * How answers show a visibility: the hosted service answers a label ("Visible to all ideas portal
 * users" for `public`, the one its examples show); the others are worded alike here. The value
 * itself is answered beside it as `visibility_value` (docs/decisions.md, "Ideas").
 */
export const IDEA_VISIBILITY_LABELS: Record<IdeaVisibility, string> = {
  service: 'Not visible in any ideas portal',
  creator: 'Visible to the creator',
  employee: 'Visible to employees',
  employee_or_creator: 'Visible to employees and the creator',
  creator_organization: "Visible to the creator's organization",
  public: 'Visible to all ideas portal users',
};

/** The sorts of the idea lists (docs/decisions.md: what `trending` means here). */
export const IDEA_SORTS = ['recent', 'trending', 'popular'] as const;

/** An idea category as the hosted service answers one; `project_id` is its product. */
export const ideaCategorySchema = z.object({
  id: idSchema,
  name: z.string(),
  parent_id: idSchema.nullable(),
  project_id: idSchema,
  created_at: timestampSchema,
});
export type IdeaCategory = z.infer<typeof ideaCategorySchema>;
export const ideaCategoryPage = pageEnvelope('idea_categories', ideaCategorySchema);

/** An idea named from another (its duplicates, a merge target, related ideas): head, status, text, addresses. */
export const ideaSummarySchema = z.object({
  id: idSchema,
  name: z.string(),
  reference_num: z.string(),
  product_id: idSchema.optional(),
  votes: z.number().int().optional(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
  workflow_status: workflowStatusSchema,
  description: noteBodySchema.nullable(),
  url: z.string(),
  resource: z.string(),
});
export type IdeaSummary = z.infer<typeof ideaSummarySchema>;
export const relatedIdeaPage = pageEnvelope('ideas', ideaSummarySchema);

/** Someone who is not a user of the service (any email), as the hosted `created_by_idea_user`. */
export const ideaUserRefSchema = z.object({
  /** Idea users are not records here: null. */
  id: idSchema.nullable(),
  name: z.string(),
  email: z.string(),
  created_at: timestampSchema,
  title: z.string().nullable(),
});

/** A portal user as the hosted `created_by_portal_user` (portal users are not linked in this slice: null). */
export const portalUserRefSchema = z.object({ id: idSchema, name: z.string(), email: z.string(), created_at: timestampSchema });

/** The admin's answer to the idea, as the hosted note `Ideas::IdeaResponse`. */
const adminResponseSchema = noteBodySchema.extend({ responded_by_user: userRefSchema.nullable().optional() });

/** What an idea was promoted to or linked with: the record's head and addresses. */
const ideaLinkSchema = recordLinkSchema.extend({ product_id: idSchema.optional() });

export const ideaSchema = z.object({
  id: idSchema,
  name: z.string(),
  reference_num: z.string(),
  product_id: idSchema,
  /** Scorecards are not modelled: null. */
  score: z.number().nullable(),
  /** initial_votes + the counted weights of the votes in the ledger. */
  votes: z.number().int(),
  initial_votes: z.number().int(),
  endorsements_count: z.number().int(),
  comments_count: z.number().int(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
  status_changed_at: timestampSchema.nullable(),
  workflow_status: workflowStatusSchema,
  description: noteBodySchema.nullable(),
  /** A label (see IDEA_VISIBILITY_LABELS). */
  visibility: z.string(),
  /** The request value of `visibility` (this service's member). */
  visibility_value: z.enum(IDEA_VISIBILITIES).optional(),
  spam: z.boolean().optional(),
  admin_response: adminResponseSchema.nullable().default(null),
  /** The response shows in the ideas portal only once published (this service's member, issue 15). */
  admin_response_published: z.boolean().default(false),
  url: z.string(),
  resource: z.string(),
  product: projectRefSchema.nullable(),
  created_by_user: userRefSchema.nullable().default(null),
  created_by_portal_user: portalUserRefSchema.nullable().default(null),
  created_by_idea_user: ideaUserRefSchema.nullable().default(null),
  assigned_to_user: userRefSchema.nullable(),
  feature: ideaLinkSchema.nullable().default(null),
  epic: ideaLinkSchema.nullable().default(null),
  initiative: ideaLinkSchema.nullable().default(null),
  /** The idea this one was merged into (requests name it `duplicate_idea`). */
  duplicate_of: ideaSummarySchema.nullable().default(null),
  /** Ideas merged into this one. */
  duplicates: z.array(ideaSummarySchema).default([]),
  categories: z.array(ideaCategorySchema),
  tags: z.array(z.string()),
  full_tags: z.array(fullTagSchema),
  custom_fields: z.array(customFieldValueSchema),
  score_facts: z.array(z.object({ id: idSchema, name: z.string(), value: z.number().nullable() })).optional(),
  themes: z.array(z.object({ id: idSchema })).optional(),
  custom_object_links: z.array(z.object({ key: z.string() })).optional(),
  workflow_status_times: z.array(z.object({ status_id: idSchema })).optional(),
  submitted_idea_portal_id: idSchema.nullable().optional(),
  submitted_idea_portal_record_url: z.string().nullable().default(null),
  integration_fields: z.array(integrationFieldSchema),
});
export type Idea = z.infer<typeof ideaSchema>;
/** List items: compact by default (`id, name, reference_num, product_id, votes, created_at, url, resource`), any subset with `fields`. */
export const { envelope: ideaEnvelope, listItem: ideaListItemSchema, page: ideaPage } = recordWire('idea', 'ideas', ideaSchema);
export type IdeaListItem = z.infer<typeof ideaListItemSchema>;

const TRUE_FALSE = 'must be "true" or "false"';
/** The spec's `spam`: the strings "true"/"false"; JSON booleans are taken too. */
const spamInput = z
  .union([z.literal('true'), z.literal('false'), z.boolean()], { error: TRUE_FALSE })
  .transform((v) => v === true || v === 'true');
const booleanInput = z
  .union([z.boolean(), z.literal('true'), z.literal('false')], { error: 'must be true or false' })
  .transform((v) => v === true || v === 'true');

/** Any email address: the creator need not be a user of the service. */
export const creatorEmailInput = z.string().trim().max(EMAIL_MAX).pipe(z.email('must be an email address'));

/** `YYYY-MM-DD` or `YYYY-MM-DD HH:MM:SS`, UTC (the spec's two forms); read as an ISO timestamp. */
export const ideaCreatedAtInput = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/, 'must be YYYY-MM-DD or YYYY-MM-DD HH:MM:SS (UTC)')
  .transform((v, ctx) => {
    const [day = '', time = '00:00:00'] = v.split(' ');
    const at = new Date(`${day}T${time}.000Z`);
    // A day or time that does not exist (2026-02-30, 25:00:00) rolls over in Date: refuse it.
    if (Number.isNaN(at.getTime()) || at.toISOString().slice(0, 19) !== `${day}T${time}`) {
      ctx.addIssue({ code: 'custom', message: 'must be a real date and time (UTC)' });
      return z.NEVER;
    }
    return at.toISOString();
  });

const ideaFields = {
  name: nameInput,
  description: htmlInput.nullable().optional(),
  workflow_status: statusInputSchema.optional(),
  tags: z
    .union([z.string().max(TAGS_MAX), z.array(z.string().max(NAME_MAX)).max(100)])
    .transform((v) => (Array.isArray(v) ? v.join(',') : v))
    .optional(),
  /** Names of categories of the product: comma-separated (the spec) or an array; null or "" clears. */
  categories: z
    .union([z.string().max(TAGS_MAX), z.array(z.string().max(NAME_MAX)).max(100), z.null()])
    .transform((v) => (v === null ? [] : Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter((s) => s !== ''))
    .optional(),
  assigned_to_user: assigneeEmailInput.optional(),
  feature: nullableRefInputSchema.optional(),
  epic: nullableRefInputSchema.optional(),
  initiative: nullableRefInputSchema.optional(),
  /** Id or key of the idea this one duplicates (merges into it); null or "" unmerges. */
  duplicate_idea: nullableRefInputSchema.optional(),
  initial_votes: z
    .union([z.number().int('must be a whole number'), z.string().regex(/^\d+$/, 'must be a whole number').transform(Number)])
    .pipe(z.number().int('must be a whole number').min(0, 'must not be negative').max(1_000_000, 'must be at most 1000000'))
    .optional(),
  visibility: z.enum(IDEA_VISIBILITIES, { error: `must be one of ${IDEA_VISIBILITIES.join(', ')}` }).optional(),
  spam: spamInput.optional(),
  submitted_idea_portal_id: z
    .union([idTextSchema, z.number().int().positive(), z.null()], { error: 'must be the numeric id of an ideas portal, or null' })
    .transform((v) => (v === null ? null : String(v)))
    .optional(),
  /** `true` submits the idea to no portal (and takes it out of its portal on update). */
  skip_portal: booleanInput.optional(),
  /** The admin's answer (HTML); null or "" clears it. */
  admin_response: htmlInput.nullable().optional(),
  /** Shows the response in the ideas portal (issue 15). */
  admin_response_published: booleanInput.optional(),
  custom_fields: customFieldsInput.optional(),
};

/** Operation 10: `name` and `created_by` required; `created_at` only here (an import's date). */
export const ideaCreateInput = z.object({ ...ideaFields, created_by: creatorEmailInput, created_at: ideaCreatedAtInput.optional() });
/** Update: any field of the create but `created_at`; `created_by` may be corrected. */
export const ideaUpdateInput = z.object(ideaFields).partial().extend({ created_by: creatorEmailInput.optional() });
export type IdeaCreateInput = z.input<typeof ideaCreateInput>;
export type IdeaUpdateInput = z.input<typeof ideaUpdateInput>;
export const ideaCreateBody = writeBody('idea', ideaCreateInput);
export const ideaUpdateBody = writeBody('idea', ideaUpdateInput);

const timestampQuery = z
  .string()
  .refine((s) => !Number.isNaN(Date.parse(s)), 'must be an ISO 8601 timestamp')
  .transform((s) => new Date(s).toISOString());

/** Query of the idea lists (`/ideas`, `/products/{id}/ideas`). */
export const ideaListQuery = listQuerySchema.extend({
  tag: z.string().max(NAME_MAX).optional(),
  assigned_to_user: z.string().max(EMAIL_MAX).optional(),
  workflow_status: z.string().max(NAME_MAX).optional(),
  created_since: timestampQuery.optional(),
  created_before: timestampQuery.optional(),
  /** `true` lists the spam ideas alone; absent or `false`, spam is left out. */
  spam: z.enum(['true', 'false'], { error: TRUE_FALSE }).optional(),
  sort: z.enum(IDEA_SORTS, { error: `must be one of ${IDEA_SORTS.join(', ')}` }).optional(),
});
export type IdeaListQuery = z.input<typeof ideaListQuery>;

/** Query of the related-idea search (duplicate suggestions). */
export const relatedIdeasQuery = listQuerySchema.pick({ page: true, per_page: true }).extend({
  q: z.string().max(NAME_MAX).optional(),
  /** Only ideas submitted to this portal. */
  idea_portal_id: idTextSchema.optional(),
});

export const ideaCategoryInput = z.object({
  name: nameInput,
  parent_id: z
    .union([idTextSchema, z.number().int().positive(), z.null()], { error: 'must be the id of a category, or null' })
    .transform((v) => (v === null ? null : String(v)))
    .optional(),
});
export const ideaCategoryCreateBody = recordEnvelope('idea_category', ideaCategoryInput);
