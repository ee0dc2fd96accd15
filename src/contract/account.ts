// Products (workspaces), users, workflows and teams: the account records the forms read.
import { z } from 'zod';
import {
  idSchema,
  namedRefSchema,
  pageEnvelope,
  recordEnvelope,
  recordTailFields,
  timestampFields,
  userRefSchema,
  workflowStatusSchema,
} from './common';

export const productSchema = z.object({
  id: idSchema,
  reference_prefix: z.string(),
  name: z.string(),
  product_line: z.boolean(),
  workspace_type: z.string(),
  ...recordTailFields,
});
export type Product = z.infer<typeof productSchema>;
export const productEnvelope = recordEnvelope('product', productSchema);
export const productPage = pageEnvelope('products', productSchema);

export const userSchema = userRefSchema.extend({
  administrator: z.boolean(),
  enabled: z.boolean(),
});
export type User = z.infer<typeof userSchema>;
export const userPage = pageEnvelope('users', userSchema);
export const userEnvelope = recordEnvelope('user', userSchema);

/** Record kinds a workflow can belong to (`statusable_type` in the hosted service). */
export const STATUSABLE_TYPES = ['Release', 'Feature', 'Requirement', 'Epic', 'Initiative', 'Idea', 'Page'] as const;

export const workflowSchema = z.object({
  id: idSchema,
  name: z.string(),
  statusable_type: z.enum(STATUSABLE_TYPES),
  workflow_statuses: z.array(workflowStatusSchema),
});
export type Workflow = z.infer<typeof workflowSchema>;
export const workflowPage = pageEnvelope('workflows', workflowSchema);

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

export const programIncrementSchema = namedRefSchema.extend({ reference_num: z.string(), ...teamPeriodFields });
export type ProgramIncrement = z.infer<typeof programIncrementSchema>;

export const teamSchema = z.object({
  id: idSchema,
  name: z.string(),
  reference_prefix: z.string(),
  product_id: idSchema.nullable(),
  color: z.string(),
  ...timestampFields,
  team_workflow_statuses: z.array(workflowStatusSchema),
  iterations: z.array(iterationSchema),
  program_increments: z.array(programIncrementSchema),
});
export type Team = z.infer<typeof teamSchema>;
export const teamPage = pageEnvelope('teams', teamSchema);
export const teamEnvelope = recordEnvelope('team', teamSchema);

/** `GET /me`: who the token belongs to (the app's header shows it). */
export const meEnvelope = recordEnvelope('user', userSchema);
