// Products (workspaces), users, workflows and teams: the account records the forms read.
import { z } from 'zod';
import { REFERENCE_PREFIX } from '../domain/reference';
import {
  htmlInput,
  idSchema,
  nameInput,
  namedRefSchema,
  noteBodySchema,
  pageEnvelope,
  projectRefSchema,
  wholeListEnvelope,
  recordEnvelope,
  recordTailFields,
  timestampSchema,
  userRefSchema,
  workflowStatusSchema,
  writeBody,
} from './common';
import { customFieldValueSchema } from './custom-fields';

/**
 * A product's workflow for one record kind, as the hosted product names it (`feature_workflow`, …).
 * `workflow_type` is the kind in snake case (`strategic_imperative` for goals).
 */
export const productWorkflowRefSchema = z.object({
  workflow_type: z.string(),
  id: idSchema,
  name: z.string(),
  statusable_type: z.string(),
});
export type ProductWorkflowRef = z.infer<typeof productWorkflowRefSchema>;

/** The `<kind>_workflow` members of a product: a workflow per record kind, null where it has none. */
export const PRODUCT_WORKFLOW_MEMBERS = {
  release_workflow: 'Release',
  feature_workflow: 'Feature',
  requirement_workflow: 'Requirement',
  epic_workflow: 'Epic',
  initiative_workflow: 'Initiative',
  idea_workflow: 'Idea',
  page_workflow: 'Page',
  strategic_imperative_workflow: 'StrategicImperative',
  key_result_workflow: 'KeyResult',
} as const;
type ProductWorkflowMember = keyof typeof PRODUCT_WORKFLOW_MEMBERS;
const productWorkflowFields = Object.fromEntries(
  Object.keys(PRODUCT_WORKFLOW_MEMBERS).map((k) => [k, productWorkflowRefSchema.nullable().optional()]),
) as { [K in ProductWorkflowMember]: z.ZodOptional<z.ZodNullable<typeof productWorkflowRefSchema>> };

/**
 * The hosted service's capacity units codes (`default_capacity_units`, `work_units`): 10 time
 * (minutes), 20 story points.
 */
export const HOSTED_CAPACITY_UNITS = { time: 10, story_points: 20 } as const;

export const productSchema = z.object({
  id: idSchema,
  reference_prefix: z.string(),
  name: z.string(),
  product_line: z.boolean(),
  workspace_type: z.string(),
  ...recordTailFields,
  /**
   * Optional: the hosted service's product list answers products as other records embed them
   * (`project`), without their change time and API address, and neither has an empty value.
   */
  updated_at: timestampSchema.optional(),
  resource: z.string().optional(),
  // The hosted product's members (issue 10). Optional: list items are compact (the members above),
  // and answers of an older service still parse.
  /** Product lines have a type in the hosted service; this service has no product lines yet: null. */
  product_line_type: z.string().nullable().optional(),
  /** HTML as a note (`notable_type: "Project"`); null when the product has none. */
  description: noteBodySchema.nullable().optional(),
  /** Products under a product line. No product has a parent here: always empty. */
  children: z.array(projectRefSchema).optional(),
  /** Custom fields of the product itself: none are defined for products here, so empty. */
  custom_fields: z.array(customFieldValueSchema).optional(),
  /** Custom layouts per record kind; layouts are not modelled yet, so null and empty. */
  screen_definition_ids: z.record(z.string(), idSchema).nullable().optional(),
  screen_definitions: z.array(z.object({ id: idSchema, screenable_type: z.string(), name: z.string() })).optional(),
  /** Ideas are not served yet (false); epics, the hosted "master features", always are (true). */
  has_ideas: z.boolean().optional(),
  has_master_features: z.boolean().optional(),
  has_epics: z.boolean().optional(),
  ...productWorkflowFields,
  /** Releases plan capacity (units, total capacity, estimates): true; team schedules do not exist: false. */
  capacity_planning_enabled: z.boolean().optional(),
  enhanced_capacity_planning_enabled: z.boolean().optional(),
  /** The units a new release starts in, as a hosted code (`HOSTED_CAPACITY_UNITS`). */
  default_capacity_units: z.number().int().nullable().optional(),
  /** The hosted workspace colour; products have none here: null. */
  color: z.string().nullable().optional(),
  /** The template the workspace was made from (hosted, asked for by `fields`); there are no templates here: null. */
  project_template_id: idSchema.nullable().optional(),
});
export type Product = z.infer<typeof productSchema>;
export const productEnvelope = recordEnvelope('product', productSchema);
export const productPage = pageEnvelope('products', productSchema);

/** The workspace types this service models: product workspaces only. */
export const WORKSPACE_TYPES = ['product_workspace'] as const;

/** A product's key prefix: as the hosted service takes it, 2–10 upper-case letters or digits, a letter first. */
export const referencePrefixInput = z
  .string()
  .regex(REFERENCE_PREFIX, 'must be 2 to 10 upper-case letters or digits, starting with a letter');

/**
 * `POST /products`: `prefix` as the hosted service names it (`reference_prefix`, the answer's name,
 * is taken too); `description` HTML.
 */
export const productCreateInput = z.object({
  name: nameInput,
  prefix: referencePrefixInput.optional(),
  reference_prefix: referencePrefixInput.optional(),
  description: htmlInput.nullable().optional(),
  workspace_type: z.enum(WORKSPACE_TYPES).optional(),
});
export type ProductCreateInput = z.input<typeof productCreateInput>;
export const productCreateBody = writeBody('product', productCreateInput);
/** `PUT /products/{id}`: any of the create fields. */
export const productUpdateInput = productCreateInput.partial();
export type ProductUpdateInput = z.input<typeof productUpdateInput>;
export const productUpdateBody = writeBody('product', productUpdateInput);

/**
 * A user's role in one product, numbered as the hosted service numbers them. Roles here are
 * account-wide: an administrator owns every product (20, Owner), a member may create and change
 * records in every product (30, Contributor).
 */
export const productRoleSchema = z.object({
  role: z.number().int(),
  role_description: z.string(),
  product_id: idSchema,
  product_name: z.string().nullable(),
});
export type ProductRole = z.infer<typeof productRoleSchema>;

export const userSchema = userRefSchema.extend({
  // A user of the account's list has both times (the embedded forms may leave them out).
  created_at: timestampSchema,
  updated_at: timestampSchema,
  /**
   * The hosted `GET /me` answers neither: a caller whose token works is enabled, and is not taken
   * for an administrator without the service saying so (the hosted service decides what it may do).
   */
  administrator: z.boolean().default(false),
  enabled: z.boolean().default(true),
  // The hosted user's members (issue 10), optional so answers of an older service still parse.
  /** Users have no time zone here (days are UTC days): null. */
  timezone: z.string().nullable().optional(),
  /** Sign-ins are not recorded: null. */
  accessed_at: timestampSchema.nullable().optional(),
  product_roles: z.array(productRoleSchema).optional(),
  /** Custom roles: none exist here, always empty. */
  user_roles: z.array(z.object({ role_id: idSchema, name: z.string() })).optional(),
  /** Seats: every enabled user plans on the roadmaps (paid and roadmaps seats); there is no Develop. */
  paid_seat: z.boolean().optional(),
  roadmaps_seat: z.boolean().optional(),
  develop_seat: z.boolean().optional(),
  /** The administrator flag split as the hosted service splits it: all three follow it. */
  administrator_roles: z
    .object({
      administer_account: z.boolean(),
      administer_billing: z.boolean(),
      administer_configuration: z.boolean(),
    })
    .optional(),
  /** How the user signs in; only API tokens exist here, no identity provider: null. */
  identity_provider: z.object({ type: z.string() }).nullable().optional(),
});
export type User = z.infer<typeof userSchema>;
export const userPage = pageEnvelope('users', userSchema);
export const userEnvelope = recordEnvelope('user', userSchema);

/** Record kinds a workflow can belong to (`statusable_type` in the hosted service). */
export const STATUSABLE_TYPES = ['Release', 'Feature', 'Requirement', 'Epic', 'Initiative', 'Idea', 'Page'] as const;

export const workflowSchema = z.object({
  id: idSchema,
  name: z.string(),
  /**
   * One of ours, or a kind only the hosted service has workflows for (goals' `StrategicImperative`,
   * key results, …), read through the pass-through proxy: the app picks the kinds it knows.
   */
  statusable_type: z.union([z.enum(STATUSABLE_TYPES), z.string()]),
  workflow_statuses: z.array(workflowStatusSchema),
  /** Any status may follow any other here (no transition rules): false. Optional for older answers. */
  transitions_only: z.boolean().optional(),
  /** The record types using the workflow: the product's feature kinds on its Feature workflow, else empty. */
  workflow_kinds: z.array(namedRefSchema).optional(),
});
export type Workflow = z.infer<typeof workflowSchema>;
/** The hosted service answers a product's workflows whole, without `pagination`: read as one page. */
export const workflowPage = wholeListEnvelope('workflows', workflowSchema, 'WorkflowsPage');

/** Feature kinds (`workflow_kind`). */
export const workflowKindSchema = namedRefSchema;
export type WorkflowKind = z.infer<typeof workflowKindSchema>;
export const workflowKindPage = pageEnvelope('workflow_kinds', workflowKindSchema);

/** A team's dated planning period. */
const teamPeriodFields = {
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  team_id: idSchema,
};

export const iterationSchema = namedRefSchema.extend(teamPeriodFields);
export type Iteration = z.infer<typeof iterationSchema>;

export const programIncrementSchema = namedRefSchema.extend({
  reference_num: z.string(),
  ...teamPeriodFields,
});
export type ProgramIncrement = z.infer<typeof programIncrementSchema>;

/** A member of a team as the hosted service shows one; `virtual` members are not users. */
export const teamMemberSchema = z.object({
  id: idSchema,
  name: z.string(),
  email: z.string().nullable(),
  user_id: idSchema.nullable(),
  virtual: z.boolean(),
});

/** A decimal as the hosted service writes it (`"205.0"`), and as some of its answers give it: a number. */
const decimalText = z.codec(z.union([z.string(), z.number()]), z.string(), {
  decode: (v) => String(v),
  encode: (s) => s,
});

export const teamSchema = z.object({
  id: idSchema,
  name: z.string(),
  // Members only this service answers: a hosted team has no key prefix, names its workspace in
  // `project` and answers no times, team statuses, iterations or program increments here. Read
  // with their empty values; the times have none, so they are optional.
  reference_prefix: z.string().default(''),
  product_id: idSchema.nullable().default(null),
  color: z.string(),
  created_at: timestampSchema.optional(),
  updated_at: timestampSchema.optional(),
  team_workflow_statuses: z.array(workflowStatusSchema).default([]),
  iterations: z.array(iterationSchema).default([]),
  program_increments: z.array(programIncrementSchema).default([]),
  // The hosted team's members (issue 10), optional so answers of an older service still parse.
  /** Team membership is not stored: no members, so the count computed from them is 0. */
  team_members_count: z.number().int().nullable().optional(),
  automatically_calculate_team_members_count: z.boolean().optional(),
  /** Capacity, rate, active dates and schedule are not modelled for teams: null. */
  capacity: decimalText.nullable().optional(),
  hourly_rate: decimalText.nullable().optional(),
  start_date: z.string().nullable().optional(),
  end_date: z.string().nullable().optional(),
  schedule: z
    .object({
      id: idSchema,
      name: z.string(),
      hours_per_day: z.string(),
      story_points_per_day: z.string(),
      velocity: z.string(),
    })
    .nullable()
    .optional(),
  /** The team's product; null for an account-wide team. The hosted team's has no time or address. */
  project: projectRefSchema.partial({ created_at: true, url: true }).nullable().optional(),
  /** None are defined for teams: empty. */
  custom_fields: z.array(customFieldValueSchema).optional(),
  /** The hosted example shows one member as an object; no members are stored here: null. */
  team_members: z
    .union([teamMemberSchema, z.array(teamMemberSchema)])
    .nullable()
    .optional(),
});
export type Team = z.infer<typeof teamSchema>;
export const teamPage = pageEnvelope('teams', teamSchema);
export const teamEnvelope = recordEnvelope('team', teamSchema);

/**
 * `GET /me`: who the token belongs to (the app's header shows it), with the hosted service's
 * `preferences` (none are kept: null) and `accounts` (this service is one account and knows no
 * account name or domain: empty). Optional so answers of an older service still parse.
 */
export const meSchema = userSchema.extend({
  preferences: z.object({ current_product_id: idSchema.nullable() }).nullable().optional(),
  accounts: z
    .array(
      z.object({
        account: z.object({
          name: z.string(),
          domain: z.string(),
          logo: z.string().nullable(),
          alt_logo: z.string().nullable(),
          enabled: z.boolean(),
        }),
      }),
    )
    .optional(),
});
export type Me = z.infer<typeof meSchema>;
export const meEnvelope = recordEnvelope('user', meSchema);
