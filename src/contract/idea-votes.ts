// Votes ("endorsements" in hosted paths), idea organizations and promotion (issue 11): answers in
// the hosted shape and the write bodies. A vote's `value` is what the voter gave (a whole number of
// votes ≥ 1) and `weight` what counts now (less when a merge met the survivor's per-idea cap); caps,
// merged and spam ideas are the service's rules (docs/decisions.md, "Ideas").
import { z } from 'zod';
import {
  EMAIL_MAX,
  HTML_MAX,
  idSchema,
  idTextSchema,
  integrationFieldSchema,
  listQuerySchema,
  nameInput,
  noteBodySchema,
  pageEnvelope,
  recordEnvelope,
  timestampSchema,
  userRefSchema,
  writeBody,
} from './common';
import { customFieldValueSchema } from './custom-fields';
import { creatorEmailInput, ideaSummarySchema, ideaUserRefSchema, portalUserRefSchema } from './ideas';

export const LINK_MAX = 2_000;

/** An organization as a vote names it. */
export const ideaOrganizationRefSchema = z.object({
  id: idSchema,
  name: z.string(),
  created_at: timestampSchema.optional(),
  url: z.string().optional(),
  resource: z.string().optional(),
});

export const ideaEndorsementSchema = z.object({
  id: idSchema,
  /** The idea the vote counts on: the one it was cast on, or the survivor after a merge. */
  idea_id: idSchema,
  /** The idea it was cast on (this service's member; differs from `idea_id` after a merge). */
  cast_on_idea_id: idSchema.optional(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
  /** What the voter gave: a whole number of votes. */
  value: z.number().int(),
  /** What counts on `idea_id` now (`value`, or less where a merge met the per-idea cap). */
  weight: z.number().int(),
  link: z.string().nullable(),
  description: z.string().nullable(),
  /** Cast for someone by a user of the service (this service's member). */
  proxy: z.boolean().optional(),
  endorsed_by_portal_user: portalUserRefSchema.nullable(),
  endorsed_by_idea_user: ideaUserRefSchema.nullable().default(null),
  idea_organization: ideaOrganizationRefSchema.nullable(),
  /** Idea users are not modelled: empty. */
  idea_users: z.array(z.object({ id: idSchema })).default([]),
  integration_fields: z.array(integrationFieldSchema).default([]),
  custom_fields: z.array(customFieldValueSchema).default([]),
  idea: ideaSummarySchema.optional(),
});
export type IdeaEndorsement = z.infer<typeof ideaEndorsementSchema>;
export const ideaEndorsementEnvelope = recordEnvelope('idea_endorsement', ideaEndorsementSchema);
export const ideaEndorsementPage = pageEnvelope('idea_endorsements', ideaEndorsementSchema);

/** A vote's value: a whole number of votes, 1 or more (digits as text are read too). */
const voteValueInput = z
  .union([z.number(), z.string().regex(/^\d+$/, 'must be a whole number of votes').transform(Number)])
  .pipe(z.number().int('must be a whole number of votes').min(1, 'must be at least 1').max(1_000_000, 'must be at most 1000000'));

const organizationIdInput = z
  .union([idTextSchema, z.number().int().positive(), z.null(), z.literal('')], {
    error: 'must be the numeric id of an organization, or null',
  })
  .transform((v) => (v === null || v === '' ? null : String(v)));

const linkInput = z
  .union([
    z
      .string()
      .trim()
      .max(LINK_MAX)
      .pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })),
    z.literal(''),
    z.null(),
  ])
  .transform((v) => (v ? v : null));

const endorsementFields = {
  value: voteValueInput,
  idea_organization_id: organizationIdInput.optional(),
  link: linkInput.optional(),
  description: z.string().max(HTML_MAX).nullable().optional(),
  /** The path's idea, as the hosted example repeats it (id or key); any other idea is a 422. */
  idea_id: z.union([z.string().max(EMAIL_MAX), z.number().int().positive().transform(String)]).optional(),
};

/** A proxy vote: `email` (the voter, any email) is required; `value` defaults to 1. */
export const ideaEndorsementCreateInput = z.object({
  ...endorsementFields,
  value: voteValueInput.optional(),
  email: creatorEmailInput,
});
/** Changes a vote: its value, organization, link or description (the voter stays). */
export const ideaEndorsementUpdateInput = z.object(endorsementFields).partial();
export const ideaEndorsementCreateBody = writeBody('idea_endorsement', ideaEndorsementCreateInput);
export const ideaEndorsementUpdateBody = writeBody('idea_endorsement', ideaEndorsementUpdateInput);

export const ideaEndorsementListQuery = listQuerySchema.pick({ page: true, per_page: true, fields: true }).extend({
  /** `true`: the proxy votes alone; `false`: those cast by the voters themselves. */
  proxy: z.enum(['true', 'false'], { error: 'must be "true" or "false"' }).optional(),
});

export const ideaOrganizationSchema = z.object({
  id: idSchema,
  name: z.string(),
  /** `ORG-<id>`: organizations are the account's, not a product's. */
  reference_num: z.string(),
  /** Comma-separated domains, `example.com, example.org`. */
  email_domains: z.string(),
  /** Decimal text, as hosted (`"55000.0"`); null when not known. */
  revenue: z.string().nullable(),
  /** The votes that name the organization. */
  endorsements_count: z.number().int(),
  description: noteBodySchema.nullable().default(null),
  created_by_user: userRefSchema.nullable().default(null),
  custom_fields: z.array(customFieldValueSchema).default([]),
  integration_fields: z.array(integrationFieldSchema).default([]),
  created_at: timestampSchema,
  updated_at: timestampSchema,
  url: z.string(),
  resource: z.string(),
});
export type IdeaOrganization = z.infer<typeof ideaOrganizationSchema>;
export const ideaOrganizationEnvelope = recordEnvelope('idea_organization', ideaOrganizationSchema);
export const ideaOrganizationPage = pageEnvelope('idea_organizations', ideaOrganizationSchema.partial().extend({ id: idSchema }));

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** Domains separated by commas (or an array), each a DNS name; read in lower case, answered joined by ", ". */
const emailDomainsInput = z.union([z.string().max(2_000), z.array(z.string().max(253)).max(100), z.null()]).transform((v, ctx) => {
  const list = (v === null ? [] : Array.isArray(v) ? v : v.split(',')).map((d) => d.trim().toLowerCase().replace(/^@/, '')).filter(Boolean);
  const bad = list.filter((d) => !DOMAIN.test(d));
  if (bad.length > 0) {
    ctx.addIssue({ code: 'custom', message: `must be domain names like example.com (not ${bad.slice(0, 3).join(', ')})` });
    return z.NEVER;
  }
  return [...new Set(list)].join(', ');
});

/** Revenue: a number ≥ 0, or its digits as text (`"55000"`); null or "" clears. */
const revenueInput = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^\d+(\.\d+)?$/, 'must be a number like 55000')
      .transform(Number),
    z.null(),
    z.literal(''),
  ])
  .transform((v) => (v === '' ? null : v))
  .pipe(z.number().min(0, 'must not be negative').max(1e15, 'must be at most 1e15').nullable());

const organizationFields = { name: nameInput, email_domains: emailDomainsInput.optional(), revenue: revenueInput.optional() };
export const ideaOrganizationCreateInput = z.object(organizationFields);
export const ideaOrganizationUpdateInput = z.object(organizationFields).partial();
export const ideaOrganizationCreateBody = writeBody('idea_organization', ideaOrganizationCreateInput);
export const ideaOrganizationUpdateBody = writeBody('idea_organization', ideaOrganizationUpdateInput);
export const ideaOrganizationListQuery = listQuerySchema.pick({ page: true, per_page: true, fields: true, q: true });

export const PROMOTABLE_TYPES = ['feature', 'epic', 'initiative'] as const;
export type PromotableType = (typeof PROMOTABLE_TYPES)[number];

/** `PUT /ideas/{id}/promote`: top level, not nested (the hosted form); `release_id` for a feature or epic. */
export const ideaPromoteInput = z.object({
  promotable_type: z.enum(PROMOTABLE_TYPES, { error: `must be one of ${PROMOTABLE_TYPES.join(', ')}` }),
  release_id: z
    .union([z.string().trim().min(1).max(EMAIL_MAX), z.number().int().positive().transform(String)], {
      error: 'must be the id or key of a release',
    })
    .optional(),
});
export type IdeaPromoteInput = z.input<typeof ideaPromoteInput>;
