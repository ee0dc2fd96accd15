// Kysely table types: the TypeScript face of migrations.ts. Keep the two in step.
import type { Generated, Insertable, Selectable, SelectType, Updateable } from 'kysely';

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
  /** HTML, answered as the hosted service's `description` note (migration 9). */
  description: string | null;
  product_line: Flag;
  workspace_type: string;
  next_feature_num: Generated<number>;
  next_release_num: Generated<number>;
  next_epic_num: Generated<number>;
  next_initiative_num: Generated<number>;
  next_goal_num: Generated<number>;
  /** Counter of idea keys, `<PREFIX>-I-<n>` (migration 12). */
  next_idea_num: Generated<number>;
  next_page_num: Generated<number>;
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
  description: Generated<string | null>;
  created_by_id: Generated<number | null>;
  assigned_to_id: Generated<number | null>;
  effort: Generated<number | null>;
  value: Generated<number | null>;
  parent_id: Generated<number | null>;
  position: Generated<number | null>;
  presented: Generated<Flag>;
  color: Generated<string>;
  start_date: Generated<string | null>;
  end_date: Generated<string | null>;
  time_frame_id: Generated<number | null>;
  /** Manual progress, or the computed value kept up to date on every write that affects it. */
  progress: Generated<number | null>;
  progress_source: Generated<string>;
  duration_source: Generated<string>;
  status_changed_on: Generated<string | null>;
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
  position: Generated<number>;
  description: Generated<string | null>;
  created_by_id: Generated<number | null>;
  assigned_to_id: Generated<number | null>;
  /** Comma-joined copy of epic_tags, in the order given. */
  tags: Generated<string>;
  start_date: Generated<string | null>;
  due_date: Generated<string | null>;
  initial_estimate: Generated<number | null>;
  detailed_estimate: Generated<number | null>;
  remaining_estimate: Generated<number | null>;
  progress: Generated<number | null>;
  progress_source: Generated<string>;
  duration_source: Generated<string>;
  initiative_id: Generated<number | null>;
  team_id: Generated<number | null>;
  team_workflow_status_id: Generated<number | null>;
  iteration_id: Generated<number | null>;
  program_increment_id: Generated<number | null>;
  status_changed_on: Generated<string | null>;
  created_at: string;
  updated_at: string;
}

export interface EpicTagsTable {
  epic_id: number;
  tag: string;
}

export interface EpicWatchersTable {
  epic_id: number;
  user_id: number;
}

export interface TimeFramesTable {
  id: Id;
  product_id: number;
  name: string;
  start_date: string | null;
  end_date: string | null;
}

export interface GoalsTable {
  id: Id;
  product_id: number;
  reference_num: string;
  name: string;
  description: string | null;
  effort: number | null;
  value: number | null;
  color: Generated<string>;
  position: number | null;
  progress: number | null;
  progress_source: Generated<string>;
  time_frame_id: number | null;
  created_by_id: number | null;
  /** The goal's success metric (hosted `success_metric`): name, HTML text, status of the initiative workflow. */
  success_metric_name: Generated<string | null>;
  success_metric_description: Generated<string | null>;
  success_metric_status_id: Generated<number | null>;
  created_at: string;
  updated_at: string;
}

export interface InitiativeGoalsTable {
  initiative_id: number;
  goal_id: number;
}

export interface CustomFieldDefinitionsTable {
  id: Id;
  product_id: number;
  /** `Epic`, `Feature`, `Initiative`, … */
  record_type: string;
  key: string;
  name: string;
  /** `string`, `number`, `date` or `select` (one of `options`). */
  field_type: Generated<string>;
  /** JSON array of allowed values for `select`. */
  options: Generated<string>;
  position: Generated<number>;
}

export interface CustomFieldValuesTable {
  record_type: string;
  record_id: number;
  field_id: number;
  value: string;
  /** When the value was last set; null for values written before migration 10. */
  updated_at: Generated<string | null>;
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
  /** The record it belongs to (a requirement's feature, a comment's record); null when none. */
  associated_type: string | null;
  associated_id: number | null;
  /** The workspace of the record (or of the record it belongs to); null for account-wide kinds (migration 17's trigger). */
  product_id: number | null;
}

/** Rows of the history index per calendar month (`YYYY-MM`), type, action and user (0: the service). */
export interface AuditMonthCountsTable {
  month: string;
  auditable_type: string;
  audit_action: string;
  user_key: number;
  n: number;
}

/** The historical search's token bucket: `tokens` as of `updated_ms`, refilled continuously up to `capacity`. */
export interface ScreenDefinitionsTable {
  id: Id;
  name: string;
  screenable_type: string;
  is_default: Generated<Flag>;
  created_by_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface ScreenDefinitionSectionsTable {
  id: Id;
  screen_definition_id: number;
  position: number;
  name: string;
  column_name: Generated<string>;
}

export interface ScreenDefinitionFieldsTable {
  id: Id;
  section_id: number;
  position: number;
  field: string;
  on_form: Generated<Flag>;
  on_detail: Generated<Flag>;
  required: Generated<Flag>;
}

export interface ScreenDefinitionAssignmentsTable {
  product_id: number;
  screenable_type: string;
  screen_definition_id: number;
}

export interface HistoricalTokenBucketsTable {
  bucket: string;
  tokens: number;
  updated_ms: number;
  capacity: number;
  refill_per_second: number;
  rows_per_token: number;
}

export interface HistoricalSearchesTable {
  id: Id;
  user_id: number;
  /** The search's filters as checked (JSON). */
  filters: string;
  created_at: string;
  /** `running`, `complete` or `failed`. */
  state: string;
  rows_in_range: number;
  max_cost: number;
  scanned_rows: Generated<number>;
  result_count: Generated<number>;
  /** Everything before this time (ISO) has been scanned. */
  scan_position: string;
  token_cost: number | null;
  finished_at: string | null;
  refunded_at: string | null;
  /** The instance scanning it (historical-search.ts's runner), while `claimed_until` (ISO) is not past. */
  claimed_by: string | null;
  claimed_until: string | null;
}

/** A request rate limit's buckets for one key, shared by every instance on PostgreSQL (http/rate-limit.ts). */
export interface RateLimitBucketsTable {
  /** Scope, windows and the SHA-256 of the key (a token, an address). */
  bucket: string;
  /** Each window's GCRA time (ms), comma-separated. */
  tat: string;
  /** When every window is full again (ms): the row holds nothing after it. */
  full_at: number;
  /** The database's time at the last check (ms). */
  checked_at: number;
  /** Whether the last check was allowed (1) or refused (0). */
  allowed: number;
}

export interface HistoricalSearchResultsTable {
  search_id: number;
  seq: number;
  audit_id: number;
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
  /** Links cleared on records that stay (table or link name → rows), put back only where still possible. */
  links: Generated<string>;
  /** What came with the record, as JSON `[{type, count}]`; null on rows older than migration 16. */
  contents: string | null;
  reference_num: string | null;
  restored_at: string | null;
  restored_by_id: number | null;
}

/** Ideas (migration 12): an idea of a product, captured by anyone with an email (issue 11). */
export interface IdeasTable {
  id: Id;
  product_id: number;
  reference_num: string;
  name: string;
  description: string | null;
  workflow_status_id: number;
  /** The user whose email `created_by_email` is, when the creator is one. */
  created_by_user_id: number | null;
  created_by_email: string;
  assigned_to_id: number | null;
  /** One of IDEA_VISIBILITIES (src/contract/ideas.ts). */
  visibility: Generated<string>;
  initial_votes: Generated<number>;
  /** initial_votes + the vote weights; kept on every write for the popular sort. */
  votes: Generated<number>;
  spam: Generated<Flag>;
  /** The idea this one was merged into. */
  duplicate_of_id: number | null;
  feature_id: number | null;
  epic_id: number | null;
  initiative_id: number | null;
  submitted_idea_portal_id: number | null;
  /** The portal user who submitted it through the portal (migration 19). */
  created_by_portal_user_id: number | null;
  admin_response: string | null;
  /** The response shows in the portal only once published (migration 19). */
  admin_response_published: Generated<Flag>;
  /** Comma-joined copy of idea_tags, in the order given. */
  tags: Generated<string>;
  status_changed_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface IdeaTagsTable {
  idea_id: number;
  tag: string;
}

export interface IdeaCategoriesTable {
  id: Id;
  product_id: number;
  name: string;
  parent_id: number | null;
  created_at: string;
}

export interface IdeaCategoryLinksTable {
  idea_id: number;
  category_id: number;
}

/** An organization voters belong to (migration 13); the name is unique in the account, in any case. */
export interface IdeaOrganizationsTable {
  id: Id;
  name: string;
  /** Comma-separated domains, `example.com, example.org`. */
  email_domains: Generated<string>;
  revenue: number | null;
  created_by_id: number | null;
  created_at: string;
  updated_at: string;
}

/** The votes ledger (migration 13): one row per voter and idea it was cast on. */
export interface IdeaVotesTable {
  id: Id;
  /** Where the vote counts now: the idea it was cast on, or the survivor it was merged into. */
  idea_id: number;
  cast_on_idea_id: number;
  /** The voter: a lower-cased email. */
  voter_email: string;
  portal_user_id: number | null;
  idea_organization_id: number | null;
  /** What the voter gave (`value` in requests). */
  weight: number;
  /** What counts on `idea_id`: the weight, or less where a merge met the per-idea cap. */
  counted_weight: number;
  link: string | null;
  description: string | null;
  /** Cast for someone by a user of the service (`created_by_id`). */
  proxy: Generated<Flag>;
  created_by_id: number | null;
  created_at: string;
  updated_at: string;
}

/** Counters of rows per list scope, kept by triggers (store/counts.ts). */
export interface ListCountsTable {
  scope: string;
  scope_id: number;
  n: number;
}

/** Roll-up inputs of releases' and phases' features per status, kept by triggers (store/feature-stats.ts). */
export interface FeatureStatsTable {
  scope: string;
  scope_id: number;
  status_id: number;
  n: number;
  psum: number;
  est_total: number;
  est_left: number;
}

/** Counters that move when a set of tables changes (migration 8: `auth`, users and tokens). */
export interface ChangeCountersTable {
  name: string;
  n: number;
}

/** An idea portal of a product (migration 11); `subdomain` is its key, unique in the account. */
export interface IdeaPortalsTable {
  id: Id;
  product_id: number;
  title: string;
  subdomain: string;
  access_type: Generated<string>;
  portal_enabled: Generated<Flag>;
  /** The portal's address when it lives elsewhere (a custom domain); else it is served at /portal/<subdomain>. */
  external_url: string | null;
  /** Vote caps: most votes a portal user holds across the portal / puts on one idea; null is no cap. */
  votes_per_user: number | null;
  votes_per_idea: number | null;
  /** The portal's colour, `#rrggbb` (migration 19); null is the house colour. */
  color: string | null;
  /** The portal's logo as a data URL of a PNG, JPEG, GIF or WebP image (migration 19). */
  logo: string | null;
  created_at: string;
  updated_at: string;
}

/** Someone who signs in to an idea portal (migration 11); the email is unique per portal, in any case. */
export interface PortalUsersTable {
  id: Id;
  idea_portal_id: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
  /** Employee or partner (requests say `permission`). */
  employee: Generated<Flag>;
  enabled: Generated<Flag>;
  verified: Generated<Flag>;
  /** Overrides the portal's per-user vote cap; null follows the portal. */
  max_endorsements_override: number | null;
  unsubscribed: Generated<Flag>;
  /** Null until set: the hosted service answers null for a user who never chose. */
  unsubscribed_from_weekly_emails: number | null;
  created_at: string;
  updated_at: string;
}

/** A sign-in link sent to an email for one portal (migration 19); only its hash signs in. */
export interface PortalSignInLinksTable {
  id: Id;
  idea_portal_id: number;
  /** Lower case. */
  email: string;
  token_hash: string;
  /** The link itself while unused (the admin screen shows it when no mail server is set); null once used. */
  link: string | null;
  /** 'log' (written to the service log), 'smtp' (sent), 'failed' (the mail server refused), 'none' (nobody to send to). */
  delivery: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A signed-in portal user's session (migration 19): the cookie's SHA-256 and the CSRF token writes echo. */
export interface PortalSessionsTable {
  id: Id;
  portal_user_id: number;
  token_hash: string;
  csrf_token: string;
  created_at: string;
  expires_at: string;
}

export interface IdeaSubscriptionsTable {
  id: Id;
  idea_id: number;
  portal_user_id: number;
  created_at: string;
}

/** What a subscribed portal user is told (an idea's status changed), until read. */
export interface PortalNotificationsTable {
  id: Id;
  portal_user_id: number;
  idea_id: number;
  message: string;
  created_at: string;
  read_at: string | null;
}

/** Notes ("pages" in paths, migration 15): a product's tree of pages (issue 12). */
export interface PagesTable {
  id: Id;
  product_id: number;
  reference_num: string;
  name: string;
  description: string | null;
  /** Another note of the same product; the store refuses a cycle. */
  parent_id: number | null;
  /** Order among siblings (the children of one parent). */
  position: Generated<number>;
  /** 'NARROW' or 'FULL'. */
  editor_width: Generated<string>;
  workflow_status_id: number | null;
  created_by_user_id: number | null;
  /** Comma-joined copy of page_tags, in the order given. */
  tags: Generated<string>;
  created_at: string;
  updated_at: string;
}

export interface PageTagsTable {
  page_id: number;
  tag: string;
}

/** Comments (migration 15) on a record of any commentable kind, named with the hosted type. */
export interface CommentsTable {
  id: Id;
  /** 'Feature', 'Epic', 'Requirement', 'Ideas::Idea', 'Initiative', 'StrategicImperative', 'Release', 'ReleasePhase', 'Page'. */
  commentable_type: string;
  commentable_id: number;
  product_id: number;
  /** A top-level comment on the same record, when this one is a reply. */
  parent_comment_id: number | null;
  /** The thread's top-level comment: its own id, or its parent's. */
  thread_id: number;
  body: string;
  user_id: number | null;
  /** The portal user who wrote it in the portal (migration 19); a thread one starts shows in the portal. */
  portal_user_id: number | null;
  created_at: string;
  updated_at: string;
  /** A deleted top-level comment kept as its replies' placeholder (body blanked). */
  deleted_at: string | null;
}

/** An uploaded file's bytes (migration 15), stored once on disk under their SHA-256. */
export interface BlobsTable {
  sha256: string;
  byte_size: number;
  /** The type sniffed from the bytes, not the one the uploader claimed. */
  content_type: string;
  created_at: string;
}

/** A file on a comment or on a record's description (migration 15): an uploaded blob or a link. */
export interface AttachmentsTable {
  id: Id;
  /** 'Comment', or the type of the record whose description holds it. */
  attachable_type: string;
  attachable_id: number;
  blob_sha256: string | null;
  /** A link attachment's http(s) address; null for an upload. */
  file_url: string | null;
  file_name: string;
  content_type: string;
  file_size: number | null;
  created_by_user_id: number | null;
  created_at: string;
  updated_at: string;
}

/** A file session (migration 15): the hash of a cookie that lets the browser load files. */
export interface FileSessionsTable {
  token_hash: string;
  user_id: number;
  expires_at: string;
  created_at: string;
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
  epic_tags: EpicTagsTable;
  epic_watchers: EpicWatchersTable;
  time_frames: TimeFramesTable;
  goals: GoalsTable;
  initiative_goals: InitiativeGoalsTable;
  custom_field_definitions: CustomFieldDefinitionsTable;
  custom_field_values: CustomFieldValuesTable;
  release_initiatives: ReleaseInitiativesTable;
  features: FeaturesTable;
  feature_tags: FeatureTagsTable;
  feature_watchers: FeatureWatchersTable;
  requirements: RequirementsTable;
  audits: AuditsTable;
  audit_month_counts: AuditMonthCountsTable;
  historical_token_buckets: HistoricalTokenBucketsTable;
  screen_definitions: ScreenDefinitionsTable;
  screen_definition_sections: ScreenDefinitionSectionsTable;
  screen_definition_fields: ScreenDefinitionFieldsTable;
  screen_definition_assignments: ScreenDefinitionAssignmentsTable;
  historical_searches: HistoricalSearchesTable;
  historical_search_results: HistoricalSearchResultsTable;
  rate_limit_buckets: RateLimitBucketsTable;
  deletions: DeletionsTable;
  list_counts: ListCountsTable;
  feature_stats: FeatureStatsTable;
  change_counters: ChangeCountersTable;
  idea_portals: IdeaPortalsTable;
  portal_users: PortalUsersTable;
  portal_sign_in_links: PortalSignInLinksTable;
  portal_sessions: PortalSessionsTable;
  idea_subscriptions: IdeaSubscriptionsTable;
  portal_notifications: PortalNotificationsTable;
  ideas: IdeasTable;
  idea_tags: IdeaTagsTable;
  idea_categories: IdeaCategoriesTable;
  idea_category_links: IdeaCategoryLinksTable;
  idea_organizations: IdeaOrganizationsTable;
  idea_votes: IdeaVotesTable;
  pages: PagesTable;
  page_tags: PageTagsTable;
  comments: CommentsTable;
  blobs: BlobsTable;
  attachments: AttachmentsTable;
  file_sessions: FileSessionsTable;
}

export type UserRow = Selectable<UsersTable>;
export type ProductRow = Selectable<ProductsTable>;
export type ReleaseRow = Selectable<ReleasesTable>;
export type ReleasePhaseRow = Selectable<ReleasePhasesTable>;
export type FeatureRow = Selectable<FeaturesTable>;
export type RequirementRow = Selectable<RequirementsTable>;
export type WorkflowStatusRow = Selectable<WorkflowStatusesTable>;
export type TeamRow = Selectable<TeamsTable>;
export type EpicRow = Selectable<EpicsTable>;
export type InitiativeRow = Selectable<InitiativesTable>;
export type GoalRow = Selectable<GoalsTable>;
export type IdeaPortalRow = Selectable<IdeaPortalsTable>;
export type PortalUserRow = Selectable<PortalUsersTable>;
export type IdeaRow = Selectable<IdeasTable>;
export type IdeaUpdate = Updateable<IdeasTable>;
export type PageRow = Selectable<PagesTable>;
export type CommentRow = Selectable<CommentsTable>;
export type PageUpdate = Updateable<PagesTable>;
export type IdeaCategoryRow = Selectable<IdeaCategoriesTable>;
export type IdeaOrganizationRow = Selectable<IdeaOrganizationsTable>;
export type IdeaVoteRow = Selectable<IdeaVotesTable>;
export type NewFeature = Insertable<FeaturesTable>;
export type FeatureUpdate = Updateable<FeaturesTable>;

/** Whether a column may hold null, as its TypeScript type says. */
type Nullability<T> = { [C in keyof T]-?: null extends SelectType<T[C]> ? 'nullable' : 'required' };

/**
 * The `Database` interface at run time: every table, every column, and whether it may be null.
 * TypeScript forces this to match the interfaces above (a column missing, extra, or with the other
 * nullability fails the typecheck), and storage.test.ts compares it with the live schema, so the
 * types cannot drift from the migrations.
 */
export const DATABASE_COLUMNS = {
  users: {
    id: 'required',
    name: 'required',
    email: 'required',
    administrator: 'required',
    enabled: 'required',
    created_at: 'required',
    updated_at: 'required',
  },
  api_tokens: {
    id: 'required',
    user_id: 'required',
    token_hash: 'required',
    label: 'required',
    created_at: 'required',
    last_used_at: 'nullable',
  },
  products: {
    id: 'required',
    reference_prefix: 'required',
    name: 'required',
    description: 'nullable',
    product_line: 'required',
    workspace_type: 'required',
    next_feature_num: 'required',
    next_release_num: 'required',
    next_epic_num: 'required',
    next_initiative_num: 'required',
    next_goal_num: 'required',
    next_idea_num: 'required',
    next_page_num: 'required',
    created_at: 'required',
    updated_at: 'required',
  },
  workflows: {
    id: 'required',
    product_id: 'required',
    name: 'required',
    statusable_type: 'required',
  },
  workflow_statuses: {
    id: 'required',
    workflow_id: 'required',
    name: 'required',
    position: 'required',
    complete: 'required',
    color: 'required',
  },
  workflow_kinds: {
    id: 'required',
    product_id: 'required',
    name: 'required',
  },
  teams: {
    id: 'required',
    product_id: 'nullable',
    name: 'required',
    reference_prefix: 'required',
    color: 'required',
    next_pi_num: 'required',
    created_at: 'required',
    updated_at: 'required',
  },
  team_workflow_statuses: {
    id: 'required',
    team_id: 'required',
    name: 'required',
    position: 'required',
    complete: 'required',
    color: 'required',
  },
  iterations: {
    id: 'required',
    team_id: 'required',
    name: 'required',
    start_date: 'nullable',
    end_date: 'nullable',
  },
  program_increments: {
    id: 'required',
    team_id: 'required',
    name: 'required',
    reference_num: 'required',
    start_date: 'nullable',
    end_date: 'nullable',
  },
  releases: {
    id: 'required',
    product_id: 'required',
    reference_num: 'required',
    name: 'required',
    start_date: 'nullable',
    end_date: 'nullable',
    release_date: 'nullable',
    development_started_on: 'nullable',
    external_release_date: 'nullable',
    external_date_resolution: 'nullable',
    parking_lot: 'required',
    parent_id: 'nullable',
    position: 'nullable',
    progress: 'nullable',
    progress_source: 'required',
    duration_source: 'required',
    capacity_units: 'required',
    total_capacity: 'nullable',
    theme: 'nullable',
    workflow_status_id: 'required',
    owner_id: 'nullable',
    created_by_id: 'nullable',
    status_changed_on: 'nullable',
    created_at: 'required',
    updated_at: 'required',
  },
  release_phases: {
    id: 'required',
    release_id: 'required',
    name: 'required',
    phase_type: 'required',
    start_on: 'nullable',
    end_on: 'nullable',
    position: 'required',
    description: 'nullable',
    progress: 'nullable',
    progress_source: 'required',
    duration_source: 'required',
    created_at: 'required',
    updated_at: 'required',
  },
  initiatives: {
    id: 'required',
    product_id: 'required',
    reference_num: 'required',
    name: 'required',
    workflow_status_id: 'nullable',
    created_at: 'required',
    updated_at: 'required',
    description: 'nullable',
    created_by_id: 'nullable',
    assigned_to_id: 'nullable',
    effort: 'nullable',
    value: 'nullable',
    parent_id: 'nullable',
    position: 'nullable',
    presented: 'required',
    color: 'required',
    start_date: 'nullable',
    end_date: 'nullable',
    time_frame_id: 'nullable',
    progress: 'nullable',
    progress_source: 'required',
    duration_source: 'required',
    status_changed_on: 'nullable',
  },
  epics: {
    id: 'required',
    product_id: 'required',
    release_id: 'required',
    reference_num: 'required',
    name: 'required',
    workflow_status_id: 'nullable',
    created_at: 'required',
    updated_at: 'required',
    position: 'required',
    description: 'nullable',
    created_by_id: 'nullable',
    assigned_to_id: 'nullable',
    tags: 'required',
    start_date: 'nullable',
    due_date: 'nullable',
    initial_estimate: 'nullable',
    detailed_estimate: 'nullable',
    remaining_estimate: 'nullable',
    progress: 'nullable',
    progress_source: 'required',
    duration_source: 'required',
    initiative_id: 'nullable',
    team_id: 'nullable',
    team_workflow_status_id: 'nullable',
    iteration_id: 'nullable',
    program_increment_id: 'nullable',
    status_changed_on: 'nullable',
  },
  epic_tags: {
    epic_id: 'required',
    tag: 'required',
  },
  epic_watchers: {
    epic_id: 'required',
    user_id: 'required',
  },
  time_frames: {
    id: 'required',
    product_id: 'required',
    name: 'required',
    start_date: 'nullable',
    end_date: 'nullable',
  },
  goals: {
    id: 'required',
    product_id: 'required',
    reference_num: 'required',
    name: 'required',
    description: 'nullable',
    effort: 'nullable',
    value: 'nullable',
    color: 'required',
    position: 'nullable',
    progress: 'nullable',
    progress_source: 'required',
    time_frame_id: 'nullable',
    created_by_id: 'nullable',
    created_at: 'required',
    updated_at: 'required',
    success_metric_name: 'nullable',
    success_metric_description: 'nullable',
    success_metric_status_id: 'nullable',
  },
  initiative_goals: {
    initiative_id: 'required',
    goal_id: 'required',
  },
  custom_field_definitions: {
    id: 'required',
    product_id: 'required',
    record_type: 'required',
    key: 'required',
    name: 'required',
    field_type: 'required',
    options: 'required',
    position: 'required',
  },
  custom_field_values: {
    record_type: 'required',
    record_id: 'required',
    field_id: 'required',
    value: 'required',
    updated_at: 'nullable',
  },
  release_initiatives: {
    release_id: 'required',
    initiative_id: 'required',
  },
  features: {
    id: 'required',
    product_id: 'required',
    release_id: 'required',
    reference_num: 'required',
    name: 'required',
    position: 'required',
    workflow_kind_id: 'nullable',
    workflow_status_id: 'required',
    description: 'nullable',
    created_by_id: 'nullable',
    assigned_to_id: 'nullable',
    tags: 'required',
    start_date: 'nullable',
    due_date: 'nullable',
    initial_estimate: 'nullable',
    detailed_estimate: 'nullable',
    remaining_estimate: 'nullable',
    progress: 'nullable',
    progress_source: 'required',
    release_phase_id: 'nullable',
    initiative_id: 'nullable',
    epic_id: 'nullable',
    team_id: 'nullable',
    team_workflow_status_id: 'nullable',
    iteration_id: 'nullable',
    program_increment_id: 'nullable',
    next_requirement_num: 'required',
    status_changed_on: 'nullable',
    created_at: 'required',
    updated_at: 'required',
  },
  feature_tags: {
    feature_id: 'required',
    tag: 'required',
  },
  feature_watchers: {
    feature_id: 'required',
    user_id: 'required',
  },
  requirements: {
    id: 'required',
    feature_id: 'required',
    reference_num: 'required',
    name: 'required',
    position: 'required',
    workflow_status_id: 'required',
    description: 'nullable',
    assigned_to_id: 'nullable',
    created_by_id: 'nullable',
    start_date: 'nullable',
    end_date: 'nullable',
    created_at: 'required',
    updated_at: 'required',
  },
  audits: {
    id: 'required',
    user_id: 'nullable',
    created_at: 'required',
    auditable_type: 'required',
    auditable_id: 'required',
    audit_action: 'required',
    changes: 'required',
    associated_type: 'nullable',
    associated_id: 'nullable',
    product_id: 'nullable',
  },
  audit_month_counts: {
    month: 'required',
    auditable_type: 'required',
    audit_action: 'required',
    user_key: 'required',
    n: 'required',
  },
  screen_definitions: {
    id: 'required',
    name: 'required',
    screenable_type: 'required',
    is_default: 'required',
    created_by_id: 'nullable',
    created_at: 'required',
    updated_at: 'required',
  },
  screen_definition_sections: {
    id: 'required',
    screen_definition_id: 'required',
    position: 'required',
    name: 'required',
    column_name: 'required',
  },
  screen_definition_fields: {
    id: 'required',
    section_id: 'required',
    position: 'required',
    field: 'required',
    on_form: 'required',
    on_detail: 'required',
    required: 'required',
  },
  screen_definition_assignments: {
    product_id: 'required',
    screenable_type: 'required',
    screen_definition_id: 'required',
  },
  historical_token_buckets: {
    bucket: 'required',
    tokens: 'required',
    updated_ms: 'required',
    capacity: 'required',
    refill_per_second: 'required',
    rows_per_token: 'required',
  },
  historical_searches: {
    id: 'required',
    user_id: 'required',
    filters: 'required',
    created_at: 'required',
    state: 'required',
    rows_in_range: 'required',
    max_cost: 'required',
    scanned_rows: 'required',
    result_count: 'required',
    scan_position: 'required',
    token_cost: 'nullable',
    finished_at: 'nullable',
    refunded_at: 'nullable',
    claimed_by: 'nullable',
    claimed_until: 'nullable',
  },
  historical_search_results: {
    search_id: 'required',
    seq: 'required',
    audit_id: 'required',
  },
  rate_limit_buckets: {
    bucket: 'required',
    tat: 'required',
    full_at: 'required',
    checked_at: 'required',
    allowed: 'required',
  },
  deletions: {
    id: 'required',
    record_type: 'required',
    record_id: 'required',
    name: 'required',
    product_id: 'nullable',
    deleted_by_id: 'nullable',
    deleted_at: 'required',
    payload: 'required',
    links: 'required',
    contents: 'nullable',
    reference_num: 'nullable',
    restored_at: 'nullable',
    restored_by_id: 'nullable',
  },
  list_counts: {
    scope: 'required',
    scope_id: 'required',
    n: 'required',
  },
  feature_stats: {
    scope: 'required',
    scope_id: 'required',
    status_id: 'required',
    n: 'required',
    psum: 'required',
    est_total: 'required',
    est_left: 'required',
  },
  change_counters: {
    name: 'required',
    n: 'required',
  },
  idea_portals: {
    id: 'required',
    product_id: 'required',
    title: 'required',
    subdomain: 'required',
    access_type: 'required',
    portal_enabled: 'required',
    external_url: 'nullable',
    votes_per_user: 'nullable',
    votes_per_idea: 'nullable',
    color: 'nullable',
    logo: 'nullable',
    created_at: 'required',
    updated_at: 'required',
  },
  portal_sign_in_links: {
    id: 'required',
    idea_portal_id: 'required',
    email: 'required',
    token_hash: 'required',
    link: 'nullable',
    delivery: 'required',
    created_at: 'required',
    expires_at: 'required',
    used_at: 'nullable',
  },
  portal_sessions: {
    id: 'required',
    portal_user_id: 'required',
    token_hash: 'required',
    csrf_token: 'required',
    created_at: 'required',
    expires_at: 'required',
  },
  idea_subscriptions: {
    id: 'required',
    idea_id: 'required',
    portal_user_id: 'required',
    created_at: 'required',
  },
  portal_notifications: {
    id: 'required',
    portal_user_id: 'required',
    idea_id: 'required',
    message: 'required',
    created_at: 'required',
    read_at: 'nullable',
  },
  portal_users: {
    id: 'required',
    idea_portal_id: 'required',
    email: 'required',
    first_name: 'nullable',
    last_name: 'nullable',
    employee: 'required',
    enabled: 'required',
    verified: 'required',
    max_endorsements_override: 'nullable',
    unsubscribed: 'required',
    unsubscribed_from_weekly_emails: 'nullable',
    created_at: 'required',
    updated_at: 'required',
  },
  ideas: {
    id: 'required',
    product_id: 'required',
    reference_num: 'required',
    name: 'required',
    description: 'nullable',
    workflow_status_id: 'required',
    created_by_user_id: 'nullable',
    created_by_email: 'required',
    assigned_to_id: 'nullable',
    visibility: 'required',
    initial_votes: 'required',
    votes: 'required',
    spam: 'required',
    duplicate_of_id: 'nullable',
    feature_id: 'nullable',
    epic_id: 'nullable',
    initiative_id: 'nullable',
    submitted_idea_portal_id: 'nullable',
    created_by_portal_user_id: 'nullable',
    admin_response: 'nullable',
    admin_response_published: 'required',
    tags: 'required',
    status_changed_at: 'nullable',
    created_at: 'required',
    updated_at: 'required',
  },
  idea_tags: {
    idea_id: 'required',
    tag: 'required',
  },
  idea_categories: {
    id: 'required',
    product_id: 'required',
    name: 'required',
    parent_id: 'nullable',
    created_at: 'required',
  },
  idea_category_links: {
    idea_id: 'required',
    category_id: 'required',
  },
  idea_organizations: {
    id: 'required',
    name: 'required',
    email_domains: 'required',
    revenue: 'nullable',
    created_by_id: 'nullable',
    created_at: 'required',
    updated_at: 'required',
  },
  idea_votes: {
    id: 'required',
    idea_id: 'required',
    cast_on_idea_id: 'required',
    voter_email: 'required',
    portal_user_id: 'nullable',
    idea_organization_id: 'nullable',
    weight: 'required',
    counted_weight: 'required',
    link: 'nullable',
    description: 'nullable',
    proxy: 'required',
    created_by_id: 'nullable',
    created_at: 'required',
    updated_at: 'required',
  },
  pages: {
    id: 'required',
    product_id: 'required',
    reference_num: 'required',
    name: 'required',
    description: 'nullable',
    parent_id: 'nullable',
    position: 'required',
    editor_width: 'required',
    workflow_status_id: 'nullable',
    created_by_user_id: 'nullable',
    tags: 'required',
    created_at: 'required',
    updated_at: 'required',
  },
  page_tags: {
    page_id: 'required',
    tag: 'required',
  },
  comments: {
    id: 'required',
    commentable_type: 'required',
    commentable_id: 'required',
    product_id: 'required',
    parent_comment_id: 'nullable',
    thread_id: 'required',
    body: 'required',
    user_id: 'nullable',
    portal_user_id: 'nullable',
    created_at: 'required',
    updated_at: 'required',
    deleted_at: 'nullable',
  },
  blobs: {
    sha256: 'required',
    byte_size: 'required',
    content_type: 'required',
    created_at: 'required',
  },
  attachments: {
    id: 'required',
    attachable_type: 'required',
    attachable_id: 'required',
    blob_sha256: 'nullable',
    file_url: 'nullable',
    file_name: 'required',
    content_type: 'required',
    file_size: 'nullable',
    created_by_user_id: 'nullable',
    created_at: 'required',
    updated_at: 'required',
  },
  file_sessions: {
    token_hash: 'required',
    user_id: 'required',
    expires_at: 'required',
    created_at: 'required',
  },
} satisfies { [T in keyof Database]: Nullability<Database[T]> };
