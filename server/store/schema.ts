// Kysely table types: the TypeScript face of migrations.ts. Keep the two in step.
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

type Id = Generated<number>;
type Flag = number; // SQLite has no boolean: 0 or 1

export interface UsersTable {
  id: Id;
  name: string;
  email: string;
  administrator: Flag;
  enabled: Flag;
  created_at: string;
  updated_at: string;
}

export interface ApiTokensTable {
  id: Id;
  user_id: number;
  token_hash: string;
  label: string;
  created_at: string;
  last_used_at: string | null;
}

export interface ProductsTable {
  id: Id;
  reference_prefix: string;
  name: string;
  product_line: Flag;
  workspace_type: string;
  next_feature_num: Generated<number>;
  next_release_num: Generated<number>;
  next_epic_num: Generated<number>;
  next_initiative_num: Generated<number>;
  next_goal_num: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface WorkflowsTable {
  id: Id;
  product_id: number;
  name: string;
  statusable_type: string;
}

export interface WorkflowStatusesTable {
  id: Id;
  workflow_id: number;
  name: string;
  position: number;
  complete: Flag;
  color: string;
}

export interface WorkflowKindsTable {
  id: Id;
  product_id: number;
  name: string;
}

export interface TeamsTable {
  id: Id;
  product_id: number | null;
  name: string;
  reference_prefix: string;
  color: Generated<string>;
  next_pi_num: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface TeamWorkflowStatusesTable {
  id: Id;
  team_id: number;
  name: string;
  position: number;
  complete: Flag;
  color: string;
}

export interface IterationsTable {
  id: Id;
  team_id: number;
  name: string;
  start_date: string | null;
  end_date: string | null;
}

export interface ProgramIncrementsTable {
  id: Id;
  team_id: number;
  name: string;
  reference_num: string;
  start_date: string | null;
  end_date: string | null;
}

export interface ReleasesTable {
  id: Id;
  product_id: number;
  reference_num: string;
  name: string;
  start_date: string | null;
  end_date: string | null;
  release_date: string | null;
  development_started_on: string | null;
  external_release_date: string | null;
  external_date_resolution: string | null;
  parking_lot: Flag;
  parent_id: number | null;
  position: number | null;
  progress: number | null;
  progress_source: string;
  duration_source: string;
  capacity_units: string;
  total_capacity: number | null;
  theme: string | null;
  workflow_status_id: number;
  owner_id: number | null;
  created_by_id: number | null;
  status_changed_on: string | null;
  created_at: string;
  updated_at: string;
}

export interface ReleasePhasesTable {
  id: Id;
  release_id: number;
  name: string;
  phase_type: string;
  start_on: string | null;
  end_on: string | null;
  position: number;
  description: string | null;
  progress: number | null;
  progress_source: string;
  duration_source: string;
  created_at: string;
  updated_at: string;
}

export interface InitiativesTable {
  id: Id;
  product_id: number;
  reference_num: string;
  name: string;
  workflow_status_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface EpicsTable {
  id: Id;
  product_id: number;
  release_id: number;
  reference_num: string;
  name: string;
  workflow_status_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface ReleaseInitiativesTable {
  release_id: number;
  initiative_id: number;
}

export interface FeaturesTable {
  id: Id;
  product_id: number;
  release_id: number;
  reference_num: string;
  name: string;
  position: number;
  workflow_kind_id: number | null;
  workflow_status_id: number;
  description: string | null;
  created_by_id: number | null;
  assigned_to_id: number | null;
  /** Comma-joined copy of feature_tags, in the order given, for cheap reads. */
  tags: string;
  start_date: string | null;
  due_date: string | null;
  initial_estimate: number | null;
  detailed_estimate: number | null;
  remaining_estimate: number | null;
  /** Manual progress, or the computed value kept up to date on every write that affects it. */
  progress: number | null;
  progress_source: string;
  release_phase_id: number | null;
  initiative_id: number | null;
  epic_id: number | null;
  team_id: number | null;
  team_workflow_status_id: number | null;
  iteration_id: number | null;
  program_increment_id: number | null;
  next_requirement_num: Generated<number>;
  status_changed_on: string | null;
  created_at: string;
  updated_at: string;
}

export interface FeatureTagsTable {
  feature_id: number;
  tag: string;
}

export interface FeatureWatchersTable {
  feature_id: number;
  user_id: number;
}

export interface RequirementsTable {
  id: Id;
  feature_id: number;
  reference_num: string;
  name: string;
  position: number;
  workflow_status_id: number;
  description: string | null;
  assigned_to_id: number | null;
  created_by_id: number | null;
  start_date: string | null;
  end_date: string | null;
  created_at: string;
  updated_at: string;
}

export interface AuditsTable {
  id: Id;
  user_id: number | null;
  created_at: string;
  auditable_type: string;
  auditable_id: number;
  audit_action: string;
  changes: string;
}

export interface DeletionsTable {
  id: Id;
  record_type: string;
  record_id: number;
  name: string;
  product_id: number | null;
  deleted_by_id: number | null;
  deleted_at: string;
  payload: string;
}

export interface Database {
  users: UsersTable;
  api_tokens: ApiTokensTable;
  products: ProductsTable;
  workflows: WorkflowsTable;
  workflow_statuses: WorkflowStatusesTable;
  workflow_kinds: WorkflowKindsTable;
  teams: TeamsTable;
  team_workflow_statuses: TeamWorkflowStatusesTable;
  iterations: IterationsTable;
  program_increments: ProgramIncrementsTable;
  releases: ReleasesTable;
  release_phases: ReleasePhasesTable;
  initiatives: InitiativesTable;
  epics: EpicsTable;
  release_initiatives: ReleaseInitiativesTable;
  features: FeaturesTable;
  feature_tags: FeatureTagsTable;
  feature_watchers: FeatureWatchersTable;
  requirements: RequirementsTable;
  audits: AuditsTable;
  deletions: DeletionsTable;
}

export type UserRow = Selectable<UsersTable>;
export type ProductRow = Selectable<ProductsTable>;
export type ReleaseRow = Selectable<ReleasesTable>;
export type ReleasePhaseRow = Selectable<ReleasePhasesTable>;
export type FeatureRow = Selectable<FeaturesTable>;
export type RequirementRow = Selectable<RequirementsTable>;
export type WorkflowStatusRow = Selectable<WorkflowStatusesTable>;
export type TeamRow = Selectable<TeamsTable>;
export type NewFeature = Insertable<FeaturesTable>;
export type FeatureUpdate = Updateable<FeaturesTable>;
