// Idea portals and portal users (issue 11; operation 12): answers in the hosted shape and the write
// bodies. The hosted service names two members differently in requests and answers: requests say
// `permission` and `max_endorsement_override`, answers `employee` and `max_endorsements_override`.
// Both spellings are taken here (the spec's names must work; the answer's are what a client read
// back), and a body that sends both with different values is refused.
import { z } from 'zod';
import {
  EMAIL_MAX,
  NAME_MAX,
  idSchema,
  idTextSchema,
  listQuerySchema,
  nameInput,
  pageEnvelope,
  recordWire,
  timestampSchema,
  wholeListEnvelope,
  writeBody,
} from './common';

export const ACCESS_TYPES = ['public', 'submit-only', 'private'] as const;
export type AccessType = (typeof ACCESS_TYPES)[number];

/**
 * A portal's key: its subdomain, unique in the account, named in paths (`/idea_portals/{key}`) and,
 * from issue 15, in the portal's own address (`/portal/{key}`). DNS-label-like, so it can become a
 * real subdomain: 2–63 letters, digits and single hyphens, a letter first, no hyphen last. Never all
 * digits, so it cannot be mistaken for an id.
 */
export const SUBDOMAIN_PATTERN = /^[a-z](?:-?[a-z0-9])+$/;
export const SUBDOMAIN_MAX = 63;
const SUBDOMAIN_RULE = 'must be 2–63 letters, digits or single hyphens, starting with a letter and not ending with a hyphen';

export const ideaPortalSchema = z.object({
  id: idSchema,
  title: z.string(),
  portal_enabled: z.boolean(),
  access_type: z.enum(ACCESS_TYPES),
  /** Where the portal is reached: the address set for it, else this service's `/portal/<subdomain>`. */
  external_url: z.string().nullable(),
  created_at: timestampSchema,
  /** This service's members (not in hosted answers, hence their empty defaults). */
  subdomain: z.string().nullable().default(null),
  product_id: idSchema.nullable().default(null),
  /** Most votes a portal user may hold on the portal's ideas at once; null is no cap. */
  votes_per_user: z.number().int().nullable().default(null),
  /** Most votes a portal user may put on one idea; null is no cap. */
  votes_per_idea: z.number().int().nullable().default(null),
  /** The portal's colour, `#rrggbb`; null is the house colour (issue 15). */
  color: z.string().nullable().default(null),
  /** Where the portal serves its logo (same origin), or null when it has none (issue 15). */
  logo_url: z.string().nullable().default(null),
  updated_at: timestampSchema.optional(),
  url: z.string().optional(),
  resource: z.string().optional(),
});
export type IdeaPortal = z.infer<typeof ideaPortalSchema>;
export const { envelope: ideaPortalEnvelope, listItem: ideaPortalListItemSchema } = recordWire(
  'idea_portal',
  'idea_portals',
  ideaPortalSchema,
);
/**
 * A page of portals. The hosted service also answers a product's portals whole, without
 * `pagination` (when portals are linked to it): such an answer reads as one page.
 */
export const ideaPortalPage = wholeListEnvelope('idea_portals', ideaPortalListItemSchema, 'IdeaPortalsPage');

/** The hosted subscription preferences of a portal user (asked for with `fields`); none are kept here. */
export const portalUserSubscriptionsSchema = z.object({
  preferences: z.array(z.object({ type: z.string(), id: idSchema })),
});

export const portalUserSchema = z.object({
  id: idSchema,
  email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  enabled: z.boolean(),
  verified: z.boolean(),
  /** Employee or partner; requests call it `permission`. */
  employee: z.boolean(),
  /** Overrides the portal's per-user vote cap; requests call it `max_endorsement_override`. */
  max_endorsements_override: z.number().int().nullable(),
  unsubscribed: z.boolean(),
  /** Null until the user chose (as hosted). */
  unsubscribed_from_weekly_emails: z.boolean().nullable(),
  idea_portal_id: idSchema,
  /** The hosted account-wide idea user behind a portal user; not modelled here (always null). */
  idea_user_id: idSchema.nullable().default(null),
  created_at: timestampSchema,
  updated_at: timestampSchema,
  /** Only with `fields` naming it, as hosted; always empty here. */
  portal_user_subscriptions: portalUserSubscriptionsSchema.optional(),
});
export type PortalUser = z.infer<typeof portalUserSchema>;
export const {
  envelope: portalUserEnvelope,
  listItem: portalUserListItemSchema,
  page: portalUserPage,
} = recordWire('portal_user', 'portal_users', portalUserSchema);

/** The members a portal user is answered with when `fields` names none (`portal_user_subscriptions` only on request). */
export const PORTAL_USER_DEFAULT_FIELDS = Object.keys(portalUserSchema.shape).filter((k) => k !== 'portal_user_subscriptions');

// ---------------------------------------------------------------------------------------------
// Request bodies

const FLAG_FORMS = 'must be true or false';
/** The spec's `true` or `false`: a JSON boolean or the strings "true" / "false" (form-style clients). */
export const flagInput = z
  .union([z.boolean(), z.enum(['true', 'false'])], { error: FLAG_FORMS })
  .transform((v) => v === true || v === 'true');

/** Null, or a flag: the weekly-email choice may be unset again. */
const nullableFlagInput = z
  .union([z.boolean(), z.enum(['true', 'false']), z.null()], { error: `${FLAG_FORMS}, or null` })
  .transform((v) => (v === null ? null : v === true || v === 'true'));

const COUNT_FORMS = 'must be a whole number of at least 0, or null';
/** A vote allocation: a non-negative whole number (or its digits as text), or null / "" for none. */
export const allocationInput = z
  .union(
    [z.number().int(COUNT_FORMS).min(0, COUNT_FORMS).max(1_000_000, COUNT_FORMS), z.string().regex(/^\d{0,6}$/, COUNT_FORMS), z.null()],
    {
      error: COUNT_FORMS,
    },
  )
  .transform((v) => (v === null || v === '' ? null : Number(v)));

const CAP_FORMS = 'must be a whole number of at least 1, or null for no cap';
/** A portal's vote cap: at least 1, or null for none. */
export const voteCapInput = z.union([z.number().int(CAP_FORMS).min(1, CAP_FORMS).max(10_000, 'must be at most 10000'), z.null()], {
  error: CAP_FORMS,
});

/**
 * An email as portal users are kept: trimmed, one `@`, a dot in the domain, no spaces or control
 * characters. It need not belong to a user of the service (the spec).
 */
export const emailInput = z
  .string()
  .trim()
  .min(1, "can't be blank")
  .max(EMAIL_MAX, `is too long (at most ${EMAIL_MAX} characters)`)
  .regex(/^[^\s@\p{C}]{1,64}@[^\s@\p{C}]+\.[^\s@\p{C}.]+$/u, 'must be an email address');

/** A first or last name: trimmed; empty or null clears it. */
const personNameInput = z
  .union([z.string().trim().max(NAME_MAX, `is too long (at most ${NAME_MAX} characters)`), z.null()], {
    error: 'must be a string or null',
  })
  .transform((v) => (v === null || v === '' ? null : v));

const portalUserFields = {
  email: emailInput,
  first_name: personNameInput.optional(),
  last_name: personNameInput.optional(),
  /** The spec's name of `employee`. */
  permission: flagInput.optional(),
  /** The answer's name of `permission`, taken too; both at once must agree. */
  employee: flagInput.optional(),
  enabled: flagInput.optional(),
  verified: flagInput.optional(),
  /** The spec's name of `max_endorsements_override`. */
  max_endorsement_override: allocationInput.optional(),
  /** The answer's name of `max_endorsement_override`, taken too; both at once must agree. */
  max_endorsements_override: allocationInput.optional(),
  unsubscribed: flagInput.optional(),
  unsubscribed_from_weekly_emails: nullableFlagInput.optional(),
};

/** Operation 12: `email` required, unique in the portal in any case. */
export const portalUserCreateInput = z.object(portalUserFields);
export type PortalUserCreateInput = z.input<typeof portalUserCreateInput>;
export const portalUserCreateBody = writeBody('portal_user', portalUserCreateInput);
export const portalUserUpdateInput = portalUserCreateInput.partial();
export type PortalUserUpdateInput = z.input<typeof portalUserUpdateInput>;
export const portalUserUpdateBody = writeBody('portal_user', portalUserUpdateInput);

const URL_RULE = 'must be an http or https address, or null';
/** A portal's own address elsewhere (a custom domain); null or "" serves it here. */
const externalUrlInput = z
  .union(
    [
      z
        .string()
        .trim()
        .max(2_000, 'is too long (at most 2000 characters)')
        .regex(/^(https?:\/\/[^\s]+)?$/i, URL_RULE),
      z.null(),
    ],
    {
      error: URL_RULE,
    },
  )
  .transform((v) => (v === null || v === '' ? null : v));

const COLOR_RULE = 'must be a colour as #rrggbb, or null';
/** The portal's colour: `#rrggbb` (kept in lower case); null or "" is the house colour. */
const colorInput = z
  .union(
    [
      z
        .string()
        .trim()
        .regex(/^(#[0-9a-fA-F]{6})?$/, COLOR_RULE),
      z.null(),
    ],
    { error: COLOR_RULE },
  )
  .transform((v) => (v === null || v === '' ? null : v.toLowerCase()));

/** Largest logo, in bytes of the image. */
export const LOGO_MAX_BYTES = 200_000;
const LOGO_RULE = 'must be a PNG, JPEG, GIF or WebP image as a data URL (data:image/png;base64,…), or null';
/**
 * The portal's logo as a data URL of a raster image (never SVG: the portal serves it from its own
 * origin, and an SVG can carry script); null or "" removes it. The service checks the bytes.
 */
const logoInput = z
  .union(
    [
      z
        .string()
        .trim()
        .max(Math.ceil(LOGO_MAX_BYTES / 3) * 4 + 40, `is too large (at most ${LOGO_MAX_BYTES / 1000} KB)`)
        .regex(/^(data:image\/(?:png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+={0,2})?$/, LOGO_RULE),
      z.null(),
    ],
    { error: LOGO_RULE },
  )
  .transform((v) => (v === null || v === '' ? null : v));

const portalFields = {
  title: nameInput,
  subdomain: z
    .string()
    .trim()
    .toLowerCase()
    .max(SUBDOMAIN_MAX, `is too long (at most ${SUBDOMAIN_MAX} characters)`)
    .regex(SUBDOMAIN_PATTERN, SUBDOMAIN_RULE)
    .optional(),
  access_type: z.enum(ACCESS_TYPES).optional(),
  portal_enabled: flagInput.optional(),
  external_url: externalUrlInput.optional(),
  votes_per_user: voteCapInput.optional(),
  votes_per_idea: voteCapInput.optional(),
  color: colorInput.optional(),
  logo: logoInput.optional(),
};

const PRODUCT_FORMS = 'must be the id or reference prefix of a product';
/**
 * `POST /idea_portals`: the product by id or prefix, `title` required; the subdomain is made from the
 * title when not given.
 */
export const ideaPortalCreateInput = z.object({
  product_id: z
    .union([idTextSchema, z.number().int().positive(), z.string().trim().min(1).max(NAME_MAX)], { error: PRODUCT_FORMS })
    .transform(String)
    .optional(),
  ...portalFields,
});
export type IdeaPortalCreateInput = z.input<typeof ideaPortalCreateInput>;
export const ideaPortalCreateBody = writeBody('idea_portal', ideaPortalCreateInput);
/** `PUT /idea_portals/{id}`: any field but the product (a portal stays in its product). */
export const ideaPortalUpdateInput = z.object(portalFields).partial();
export type IdeaPortalUpdateInput = z.input<typeof ideaPortalUpdateInput>;
export const ideaPortalUpdateBody = writeBody('idea_portal', ideaPortalUpdateInput);

// ---------------------------------------------------------------------------------------------
// List queries

const flagQuery = z.enum(['true', 'false']).transform((v) => v === 'true');

/** Portals: paging, `fields`, `updated_since`, and `q` over titles and subdomains. */
export const ideaPortalListQuery = listQuerySchema;

/**
 * Portal users: paging, `fields`, `updated_since`, `q` over email and names, and the filters of the
 * portal-users table (`enabled`, `employee`).
 */
export const portalUserListQuery = listQuerySchema.extend({
  enabled: flagQuery.optional(),
  employee: flagQuery.optional(),
});
export type PortalUserListQuery = z.input<typeof portalUserListQuery>;

// ---------------------------------------------------------------------------------------------
// Sign-in emails (issue 15)

/**
 * A sign-in email the portal sent (or, with no mail server set, wrote to the service log): the
 * administrators' screen lists them, with the link while it is unused, unexpired and not mailed, so
 * a local portal can be signed in to without mail.
 */
export const signInEmailSchema = z.object({
  id: idSchema,
  email: z.string(),
  /**
   * The link, while it can still sign in and was not mailed (`log`, `failed`); null once used or
   * expired, and always null for `smtp` and `none` (a mailed link is the mailbox's alone).
   */
  link: z.string().nullable(),
  /** `log` (service log only), `smtp` (sent), `failed` (the mail server refused), `none` (no portal user may sign in with it). */
  delivery: z.enum(['log', 'smtp', 'failed', 'none']),
  created_at: timestampSchema,
  expires_at: timestampSchema,
  used_at: timestampSchema.nullable(),
});
export type SignInEmail = z.infer<typeof signInEmailSchema>;
/** A page of them, whole (no `fields` narrowing: the admin screen shows every member). */
export const signInEmailPage = pageEnvelope('sign_in_emails', signInEmailSchema);
