// The demo account as data: users, workflows, two products with teams, initiatives, epics,
// releases (time, story points, parking lot) with phases, and features with requirements. Dates
// are day offsets from today so the demo always looks current; estimates are estimate text in the
// release's units, parsed by the same rule the API uses.
import { DEFAULT_FEATURE_KINDS, DEFAULT_TEAM_STATUSES } from '../store/product-defaults';
import type { StatusDefault } from '../store/product-defaults';

export type UserKey = 'admin' | 'morgan' | 'sam';

export const USERS: { key: UserKey; name: string; email: string; administrator: boolean }[] = [
  { key: 'admin', name: 'Alex Admin', email: 'admin@planner.local', administrator: true },
  { key: 'morgan', name: 'Morgan Lee', email: 'morgan@planner.local', administrator: false },
  { key: 'sam', name: 'Sam Rivera', email: 'sam@planner.local', administrator: false },
];

export type StatusSeed = StatusDefault;

/** The feature kinds every product starts with, beside its workflows (store/product-defaults.ts). */
export const FEATURE_KINDS = DEFAULT_FEATURE_KINDS;

export const TEAM_STATUSES: readonly StatusSeed[] = DEFAULT_TEAM_STATUSES;

/** Two-week sprints: the last one, the current one, the next one (day offsets). */
export const SPRINTS = [
  { name: 'Sprint 24', start: -14, end: -1 },
  { name: 'Sprint 25', start: 0, end: 13 },
  { name: 'Sprint 26', start: 14, end: 27 },
];

/** Program increments of ten weeks; the first one is under way. */
export const INCREMENTS = [
  { name: 'PI 1', start: -42, end: 27 },
  { name: 'PI 2', start: 28, end: 97 },
];

export interface TeamSeed {
  prefix: string;
  name: string;
  color: string;
}

export interface PhaseSeed {
  name: string;
  type: 'phase' | 'milestone';
  start: number;
  end?: number;
  description?: string;
}

export interface ReleaseSeed {
  name: string;
  status: string;
  units: 'time' | 'story_points';
  capacity?: string;
  start?: number;
  release?: number;
  developmentStarted?: number;
  external?: { date: number; resolution: 'sync' | 'exact' | 'week' | 'month' | 'quarter' | 'half' | 'year' };
  parkingLot?: boolean;
  owner?: UserKey;
  theme?: string;
  progressSource: 'progress_manual' | 'progress_from_features' | 'progress_from_remaining_estimate' | 'progress_from_release_phases';
  /** Indexes into the product's initiatives. */
  initiatives?: number[];
  phases?: PhaseSeed[];
}

export interface FeatureSeed {
  name: string;
  /** Index into the product's releases. */
  release: number;
  status: string;
  kind: (typeof FEATURE_KINDS)[number];
  tags: string[];
  assignee?: UserKey;
  watchers?: UserKey[];
  /** Estimate text in the release's units. */
  estimate?: string;
  remaining?: string;
  /** Name of a phase of the feature's release. */
  phase?: string;
  initiative?: number;
  epic?: number;
  team?: string;
  teamStatus?: string;
  /** Index into SPRINTS / INCREMENTS of the feature's team. */
  iteration?: number;
  increment?: number;
  description?: string;
  requirements?: [name: string, status: string][];
}

export interface CustomFieldSeed {
  key: string;
  name: string;
  type: 'string' | 'number' | 'date' | 'select';
  options?: string[];
}

export interface EpicSeed {
  name: string;
  /** Index into the product's releases. */
  release: number;
  status: string;
  description?: string;
  assignee?: UserKey;
  watchers?: UserKey[];
  tags?: string[];
  /** Estimate text in the release's units. */
  estimate?: string;
  remaining?: string;
  /** Day offsets from today (kept when a computed duration has nothing to follow). */
  start?: number;
  due?: number;
  progressSource?: string;
  /** Manual progress (only with progress_manual). */
  progress?: number;
  durationSource?: string;
  initiative?: number;
  team?: string;
  /** Values by custom field key. */
  customFields?: Record<string, string | number>;
}

export interface InitiativeSeed {
  name: string;
  status: string;
  /** Index of the roll-up parent among the product's initiatives. */
  parent?: number;
  description?: string;
  assignee?: UserKey;
  effort?: number;
  value?: number;
  color?: string;
  /** Index into the product's time frames (`defaultTimeFrames` in store/product-defaults.ts). */
  timeFrame?: number;
  progressSource?: string;
  /** Manual progress (only with progress_manual). */
  progress?: number;
  durationSource?: string;
  /** Day offsets from today (kept when a computed duration has nothing to follow). */
  start?: number;
  end?: number;
}

export interface GoalSeed {
  name: string;
  description?: string;
  /** Indexes of the initiatives that serve it. */
  initiatives: number[];
  timeFrame?: number;
  progressSource?: 'progress_manual' | 'progress_from_initiatives';
  progress?: number;
  effort?: number;
  value?: number;
  color?: string;
}

export interface ProductSeed {
  prefix: string;
  name: string;
  teams: TeamSeed[];
  /** Listed so that a parent may come after its children; indexes stay those of this list. */
  initiatives: InitiativeSeed[];
  goals: GoalSeed[];
  /** Epics live in a release (index into releases). */
  epics: EpicSeed[];
  /** Custom fields defined for epics of the product, in order. */
  epicCustomFields?: CustomFieldSeed[];
  releases: ReleaseSeed[];
  features: FeatureSeed[];
}

export const EMPTY_PRODUCT = { prefix: 'PLN', name: 'Planner Cloud' };

export const PRODUCTS: ProductSeed[] = [
  {
    prefix: 'PLN',
    name: 'Planner Cloud',
    teams: [
      { prefix: 'WEB', name: 'Web Squad', color: '#5b7fa6' },
      { prefix: 'PLAT', name: 'Platform Team', color: '#8e6bb3' },
    ],
    initiatives: [
      {
        name: 'Grow self-serve adoption',
        status: 'On track',
        parent: 3,
        description: '<p>Teams find, try and buy Planner without talking to sales.</p>',
        assignee: 'sam',
        effort: 8,
        value: 13,
        timeFrame: 0,
        progressSource: 'progress_from_features',
        durationSource: 'duration_from_features_epics',
        start: -30,
        end: 60,
      },
      {
        name: 'Enterprise readiness',
        status: 'On track',
        parent: 3,
        description: '<p>Security, provisioning and controls that large customers require.</p>',
        assignee: 'morgan',
        effort: 13,
        value: 21,
        timeFrame: 0,
        progressSource: 'progress_from_epics',
        durationSource: 'duration_from_features_epics',
        start: -20,
        end: 80,
      },
      {
        name: 'Insightful reporting',
        status: 'Not started',
        parent: 4,
        description: '<p>Reports that answer "are we on track?" in one glance.</p>',
        assignee: 'admin',
        effort: 5,
        value: 8,
        timeFrame: 1,
        progressSource: 'progress_from_releases',
        durationSource: 'duration_from_releases',
      },
      {
        name: 'Win the mid-market',
        status: 'On track',
        description: '<p>Become the default planning tool for companies of 200 to 2,000 people.</p>',
        assignee: 'admin',
        effort: 21,
        value: 34,
        color: '#2f6f8f',
        timeFrame: 2,
        progressSource: 'progress_from_children',
        durationSource: 'duration_from_children',
      },
      {
        name: 'Be the source of truth for plans',
        status: 'At risk',
        description: '<p>Every plan, promise and date lives in Planner, not in slides.</p>',
        assignee: 'morgan',
        effort: 13,
        value: 21,
        color: '#8e6bb3',
        timeFrame: 2,
        progressSource: 'progress_from_children',
        durationSource: 'duration_from_children',
      },
      {
        name: 'Customer advisory board',
        status: 'On track',
        parent: 4,
        assignee: 'sam',
        effort: 2,
        value: 5,
        timeFrame: 0,
        progressSource: 'progress_manual',
        progress: 35,
        durationSource: 'duration_manual',
        start: -45,
        end: 45,
      },
    ],
    goals: [
      {
        name: 'Reach 10,000 paying teams',
        description: '<p>Self-serve and mid-market growth together.</p>',
        initiatives: [0, 3],
        timeFrame: 2,
        progressSource: 'progress_from_initiatives',
        effort: 21,
        value: 34,
      },
      {
        name: 'Net revenue retention above 120%',
        initiatives: [1, 5],
        timeFrame: 2,
        progressSource: 'progress_from_initiatives',
        color: '#7fb069',
      },
      {
        name: 'Plans reviewed in Planner at every QBR',
        initiatives: [2, 4],
        timeFrame: 1,
        progressSource: 'progress_manual',
        progress: 20,
        color: '#c9733d',
      },
    ],
    epics: [
      {
        name: 'Identity and access',
        release: 1,
        status: 'In progress',
        description: '<p>Enterprise sign-in, provisioning and an audit trail admins can trust.</p>',
        assignee: 'morgan',
        watchers: ['admin'],
        tags: ['security', 'enterprise'],
        estimate: '20d',
        remaining: '9d',
        progressSource: 'progress_from_features',
        durationSource: 'duration_from_features',
        initiative: 1,
        team: 'WEB',
        customFields: { risk: 'High', customer: 'Acme Corp', target_arr: 120000 },
      },
      {
        name: 'Visual roadmaps',
        release: 1,
        status: 'In progress',
        description: '<p>Timelines and reports that tell the plan at a glance.</p>',
        assignee: 'sam',
        tags: ['roadmaps', 'reporting'],
        estimate: '15d',
        remaining: '6d',
        progressSource: 'progress_from_features_completed',
        durationSource: 'duration_from_releases',
        initiative: 0,
        customFields: { risk: 'Medium' },
      },
      {
        name: 'Integrations hub',
        release: 2,
        status: 'New',
        description: '<p>Connect Planner to chat, source control and support tools.</p>',
        assignee: 'admin',
        watchers: ['morgan', 'sam'],
        tags: ['integrations'],
        estimate: '40p',
        remaining: '32p',
        start: 30,
        due: 75,
        progressSource: 'progress_from_remaining_estimate',
        durationSource: 'duration_manual',
        initiative: 2,
        customFields: { risk: 'Low', customer: 'Globex' },
      },
    ],
    epicCustomFields: [
      { key: 'risk', name: 'Risk', type: 'select', options: ['Low', 'Medium', 'High'] },
      { key: 'customer', name: 'Requesting customer', type: 'string' },
      { key: 'target_arr', name: 'Target ARR', type: 'number' },
    ],
    releases: [
      {
        name: 'Winter release',
        status: 'Released',
        units: 'time',
        capacity: '40d',
        start: -90,
        developmentStarted: -85,
        release: -35,
        owner: 'admin',
        theme: '<p>Compliance and speed for growing teams.</p>',
        progressSource: 'progress_from_features',
        initiatives: [1],
        phases: [
          { name: 'Build', type: 'phase', start: -90, end: -45 },
          { name: 'Hardening', type: 'phase', start: -44, end: -36 },
          { name: 'Launch', type: 'milestone', start: -35 },
        ],
      },
      {
        name: 'Spring launch',
        status: 'In progress',
        units: 'time',
        capacity: '60d',
        start: -20,
        developmentStarted: -18,
        release: 25,
        external: { date: 30, resolution: 'month' },
        owner: 'morgan',
        theme: '<p>Make planning <strong>fast</strong> for teams of every size.</p>',
        progressSource: 'progress_from_features',
        initiatives: [0, 1],
        phases: [
          {
            name: 'Discovery',
            type: 'phase',
            start: -20,
            end: -8,
            description: '<p>Interviews and prototypes.</p>',
          },
          { name: 'Build', type: 'phase', start: -7, end: 15 },
          { name: 'Code freeze', type: 'milestone', start: 15 },
          { name: 'Beta', type: 'phase', start: 16, end: 24 },
          { name: 'General availability', type: 'milestone', start: 25 },
        ],
      },
      {
        name: 'Summer release',
        status: 'Planning',
        units: 'story_points',
        capacity: '120p',
        start: 26,
        release: 80,
        owner: 'sam',
        theme: '<p>Connect Planner to the tools teams already use.</p>',
        progressSource: 'progress_from_remaining_estimate',
        initiatives: [2],
        phases: [
          { name: 'Design', type: 'phase', start: 26, end: 40 },
          { name: 'Build', type: 'phase', start: 41, end: 75 },
          { name: 'Launch', type: 'milestone', start: 80 },
        ],
      },
      {
        name: 'Parking lot',
        status: 'Planning',
        units: 'time',
        parkingLot: true,
        progressSource: 'progress_manual',
      },
    ],
    features: [
      {
        name: 'Single sign-on with SAML',
        release: 1,
        status: 'In development',
        kind: 'New',
        tags: ['security', 'enterprise'],
        assignee: 'morgan',
        watchers: ['admin', 'sam'],
        estimate: '5d',
        remaining: '2d',
        phase: 'Build',
        initiative: 1,
        epic: 0,
        team: 'WEB',
        teamStatus: 'In progress',
        iteration: 1,
        increment: 0,
        description: '<p>Members sign in through their company identity provider.</p>',
        requirements: [
          ['Configure identity provider metadata', 'Done'],
          ['Map SAML attributes to users', 'In progress'],
          ['Enforce SSO for all members', 'New'],
        ],
      },
      {
        name: 'Roadmap timeline view',
        release: 1,
        status: 'In review',
        kind: 'New',
        tags: ['roadmap', 'ux'],
        assignee: 'sam',
        watchers: ['morgan'],
        estimate: '8d',
        remaining: '1d',
        phase: 'Build',
        initiative: 0,
        epic: 1,
        team: 'WEB',
        teamStatus: 'In review',
        iteration: 1,
        increment: 0,
        description: '<p>Releases and phases on a zoomable timeline.</p>',
        requirements: [
          ['Draw releases as bars', 'Done'],
          ['Show milestones as diamonds', 'Done'],
          ['Zoom between weeks and quarters', 'In progress'],
        ],
      },
      {
        name: 'Bulk edit features',
        release: 1,
        status: 'Ready to develop',
        kind: 'Improvement',
        tags: ['productivity'],
        assignee: 'morgan',
        estimate: '3d',
        phase: 'Build',
        initiative: 0,
        team: 'PLAT',
        teamStatus: 'To do',
        iteration: 2,
        increment: 0,
      },
      {
        name: 'Fix release date rounding',
        release: 1,
        status: 'Shipped',
        kind: 'Bug fix',
        tags: ['bug'],
        assignee: 'sam',
        estimate: '4h',
        remaining: '0h',
        phase: 'Discovery',
        team: 'PLAT',
        teamStatus: 'Done',
        iteration: 0,
        increment: 0,
      },
      {
        name: 'Capacity planning report',
        release: 1,
        status: 'New',
        kind: 'Research',
        tags: ['reporting'],
        estimate: '2w',
        phase: 'Beta',
        initiative: 2,
        epic: 1,
        watchers: ['admin'],
      },
      {
        name: 'Audit log export',
        release: 0,
        status: 'Shipped',
        kind: 'New',
        tags: ['enterprise', 'compliance'],
        assignee: 'admin',
        estimate: '5d',
        remaining: '0h',
        phase: 'Build',
        initiative: 1,
        epic: 0,
        requirements: [
          ['Export as CSV', 'Done'],
          ['Filter by date range', 'Done'],
        ],
      },
      {
        name: 'Keyboard shortcuts',
        release: 0,
        status: 'Shipped',
        kind: 'Improvement',
        tags: ['ux', 'productivity'],
        assignee: 'sam',
        estimate: '2d',
        remaining: '0h',
        phase: 'Build',
      },
      {
        name: 'Crash when a release has no phases',
        release: 0,
        status: 'Will not implement',
        kind: 'Bug fix',
        tags: ['bug'],
        assignee: 'morgan',
        estimate: '1d',
        phase: 'Hardening',
      },
      {
        name: 'AI-assisted feature descriptions',
        release: 2,
        status: 'New',
        kind: 'Research',
        tags: ['ai', 'experiment'],
        estimate: '13p',
        phase: 'Design',
        initiative: 0,
      },
      {
        name: 'Slack notifications',
        release: 2,
        status: 'Ready to develop',
        kind: 'New',
        tags: ['integrations'],
        assignee: 'morgan',
        watchers: ['sam'],
        estimate: '8p',
        remaining: '8p',
        phase: 'Build',
        epic: 2,
        team: 'PLAT',
        teamStatus: 'To do',
        increment: 1,
        requirements: [
          ['Connect a Slack workspace', 'New'],
          ['Choose which events notify', 'New'],
        ],
      },
      {
        name: 'Custom fields on features',
        release: 2,
        status: 'New',
        kind: 'New',
        tags: ['customization'],
        assignee: 'sam',
        estimate: '21p',
        phase: 'Build',
        initiative: 2,
      },
      { name: 'Dark mode', release: 3, status: 'New', kind: 'Improvement', tags: ['ux'] },
      {
        name: 'Public roadmap sharing',
        release: 3,
        status: 'New',
        kind: 'New',
        tags: ['roadmap', 'portal'],
        watchers: ['morgan'],
      },
    ],
  },
  {
    prefix: 'MOB',
    name: 'Mobile App',
    teams: [{ prefix: 'APP', name: 'App Squad', color: '#c9733d' }],
    initiatives: [
      {
        name: 'Mobile-first planning',
        status: 'On track',
        parent: 2,
        assignee: 'morgan',
        effort: 8,
        value: 13,
        timeFrame: 0,
        progressSource: 'progress_from_epics',
        durationSource: 'duration_from_features_epics',
      },
      {
        name: 'Five-star app rating',
        status: 'At risk',
        parent: 2,
        assignee: 'sam',
        effort: 5,
        value: 8,
        timeFrame: 1,
        progressSource: 'progress_from_features',
        durationSource: 'duration_from_features_epics',
      },
      {
        name: 'Planning in your pocket',
        status: 'On track',
        assignee: 'admin',
        effort: 13,
        value: 21,
        color: '#c9733d',
        timeFrame: 2,
        progressSource: 'progress_from_children',
        durationSource: 'duration_from_children',
      },
    ],
    goals: [
      {
        name: 'Half of plan updates made on mobile',
        initiatives: [0, 2],
        timeFrame: 2,
        progressSource: 'progress_from_initiatives',
      },
      {
        name: '4.7 stars in both stores',
        initiatives: [1],
        timeFrame: 1,
        progressSource: 'progress_manual',
        progress: 40,
      },
    ],
    epics: [
      {
        name: 'Offline-first sync',
        release: 0,
        status: 'In progress',
        description: '<p>Plan on the train: everything works without a connection.</p>',
        assignee: 'morgan',
        tags: ['offline'],
        estimate: '15d',
        remaining: '8d',
        progressSource: 'progress_from_features',
        durationSource: 'duration_from_features',
        initiative: 0,
        team: 'APP',
        customFields: { risk: 'High' },
      },
      {
        name: 'Mobile polish',
        release: 1,
        status: 'New',
        description: '<p>The small things that earn five stars.</p>',
        assignee: 'sam',
        tags: ['ux'],
        estimate: '13p',
        progressSource: 'progress_manual',
        progress: 10,
        durationSource: 'duration_from_releases',
        initiative: 1,
        customFields: { risk: 'Low' },
      },
    ],
    epicCustomFields: [{ key: 'risk', name: 'Risk', type: 'select', options: ['Low', 'Medium', 'High'] }],
    releases: [
      {
        name: 'Mobile 4.0',
        status: 'In progress',
        units: 'time',
        capacity: '50d',
        start: -10,
        developmentStarted: -10,
        release: 40,
        external: { date: 45, resolution: 'quarter' },
        owner: 'sam',
        theme: '<p>Plan on the go, even without a connection.</p>',
        progressSource: 'progress_from_features',
        initiatives: [0],
        phases: [
          { name: 'Build', type: 'phase', start: -10, end: 30 },
          { name: 'App store review', type: 'phase', start: 31, end: 39 },
          { name: 'Store release', type: 'milestone', start: 40 },
        ],
      },
      {
        name: 'Mobile 4.1',
        status: 'Planning',
        units: 'story_points',
        capacity: '80p',
        start: 41,
        release: 95,
        owner: 'morgan',
        progressSource: 'progress_from_remaining_estimate',
        initiatives: [1],
        phases: [
          { name: 'Build', type: 'phase', start: 41, end: 90 },
          { name: 'Store release', type: 'milestone', start: 95 },
        ],
      },
      {
        name: 'Parking lot',
        status: 'Planning',
        units: 'time',
        parkingLot: true,
        progressSource: 'progress_manual',
      },
    ],
    features: [
      {
        name: 'Offline mode',
        release: 0,
        status: 'In development',
        kind: 'New',
        tags: ['offline', 'performance'],
        assignee: 'morgan',
        watchers: ['admin'],
        estimate: '10d',
        remaining: '4d',
        phase: 'Build',
        initiative: 0,
        epic: 0,
        team: 'APP',
        teamStatus: 'In progress',
        iteration: 1,
        increment: 0,
        requirements: [
          ['Cache releases and features locally', 'Done'],
          ['Queue edits while offline', 'In progress'],
          ['Resolve conflicts on reconnect', 'New'],
        ],
      },
      {
        name: 'Push notification preferences',
        release: 0,
        status: 'In review',
        kind: 'Improvement',
        tags: ['notifications'],
        assignee: 'sam',
        estimate: '3d',
        remaining: '4h',
        phase: 'Build',
        epic: 1,
        team: 'APP',
        teamStatus: 'In review',
        iteration: 1,
        increment: 0,
      },
      {
        name: 'Biometric login',
        release: 0,
        status: 'Shipped',
        kind: 'New',
        tags: ['security'],
        assignee: 'admin',
        estimate: '2d',
        remaining: '0h',
        phase: 'Build',
        team: 'APP',
        teamStatus: 'Done',
        iteration: 0,
        increment: 0,
      },
      {
        name: 'Fix crash on Android 12 rotation',
        release: 0,
        status: 'Ready to develop',
        kind: 'Bug fix',
        tags: ['bug', 'android'],
        assignee: 'sam',
        estimate: '6h',
        phase: 'Build',
        initiative: 1,
      },
      {
        name: 'Home screen widgets',
        release: 0,
        status: 'New',
        kind: 'New',
        tags: ['ios', 'android'],
        estimate: '1w',
        phase: 'Build',
        initiative: 0,
      },
      {
        name: 'Tablet layout',
        release: 1,
        status: 'New',
        kind: 'Improvement',
        tags: ['tablet', 'ux'],
        assignee: 'morgan',
        estimate: '13p',
        phase: 'Build',
        epic: 1,
      },
      {
        name: 'In-app feedback',
        release: 1,
        status: 'Ready to develop',
        kind: 'New',
        tags: ['feedback'],
        assignee: 'sam',
        estimate: '5p',
        remaining: '3p',
        phase: 'Build',
        initiative: 1,
        requirements: [
          ['Shake to send feedback', 'In progress'],
          ['Attach a screenshot', 'New'],
        ],
      },
      {
        name: 'Accessibility audit fixes',
        release: 1,
        status: 'New',
        kind: 'Bug fix',
        tags: ['accessibility'],
        assignee: 'morgan',
        estimate: '8p',
        phase: 'Build',
        epic: 1,
      },
      { name: 'Apple Watch companion', release: 2, status: 'New', kind: 'Research', tags: ['wearables'] },
      { name: 'Share sheet extension', release: 2, status: 'New', kind: 'New', tags: ['ios'] },
    ],
  },
];

/** A portal user of the demo seed (issue 11): a mix of employees, disabled and unverified users. */
export interface PortalUserSeed {
  email: string;
  firstName: string;
  lastName: string;
  employee?: boolean;
  enabled?: boolean;
  verified?: boolean;
  maxEndorsementsOverride?: number;
  unsubscribed?: boolean;
}

/** An idea portal of the demo seed, in the product its prefix names. */
export interface IdeaPortalSeed {
  product: string;
  title: string;
  subdomain: string;
  accessType: 'public' | 'submit-only' | 'private';
  votesPerUser: number | null;
  votesPerIdea: number | null;
  /** The portal's colour (issue 15). */
  color?: string;
  users: PortalUserSeed[];
}

export const IDEA_PORTALS: IdeaPortalSeed[] = [
  {
    product: 'PLN',
    title: 'Planner Cloud ideas',
    subdomain: 'planner-cloud',
    accessType: 'public',
    votesPerUser: 10,
    votesPerIdea: 3,
    color: '#0f766e',
    users: [
      { email: 'ava.lindqvist@northwind.example', firstName: 'Ava', lastName: 'Lindqvist', verified: true },
      { email: 'ben.okafor@contoso.example', firstName: 'Ben', lastName: 'Okafor', verified: true, maxEndorsementsOverride: 20 },
      { email: 'chloe.martin@fabrikam.example', firstName: 'Chloé', lastName: 'Martin' },
      { email: 'dev.patel@planner.local', firstName: 'Dev', lastName: 'Patel', employee: true, verified: true },
      { email: 'erin.walsh@planner.local', firstName: 'Erin', lastName: 'Walsh', employee: true, verified: true, unsubscribed: true },
      { email: 'felix.braun@tailspin.example', firstName: 'Felix', lastName: 'Braun', enabled: false, verified: true },
    ],
  },
];

/** An idea of the demo (issue 11): status of the Idea workflow, votes, tags and category names. */
export interface IdeaSeed {
  name: string;
  status: string;
  votes: number;
  tags?: string[];
  categories?: string[];
  /** The creator: a user key, or any email (someone who is not a user). */
  by: UserKey | string;
  /** Days ago it was sent in. */
  age: number;
  /** Index (in this list) of the idea it was merged into. */
  mergedInto?: number;
  /** Name of a feature of the product it was promoted to. */
  feature?: string;
  visibility?: 'service' | 'public' | 'employee';
  spam?: boolean;
  /** The team's response, published in the portal (issue 15). */
  response?: string;
}

/** Idea categories per product prefix: `[name, parent name | null]`, parents first. */
export const IDEA_CATEGORIES: Record<string, [string, string | null][]> = {
  PLN: [
    ['Planning', null],
    ['Roadmaps', 'Planning'],
    ['Releases', 'Planning'],
    ['Integrations', null],
    ['Usability', null],
    ['Reporting', null],
  ],
  MOB: [
    ['Offline', null],
    ['Notifications', null],
  ],
};

const IDEA_WORDS: [string, string[], string[]][] = [
  ['Dark mode for the planning board', ['ux'], ['Usability']],
  ['Export the roadmap to PowerPoint', ['export'], ['Roadmaps']],
  ['Slack notifications when a feature ships', ['slack', 'notifications'], ['Integrations']],
  ['Keyboard shortcuts for the board', ['ux'], ['Usability']],
  ['Jira two-way sync of statuses', ['jira'], ['Integrations']],
  ['Capacity report per team', ['reporting'], ['Reporting']],
  ['Drag features between releases on the roadmap', ['roadmap'], ['Roadmaps']],
  ['Release notes generated from shipped features', ['releases'], ['Releases']],
  ['Burndown chart for each release', ['reporting'], ['Reporting', 'Releases']],
  ['Custom colours for tags', ['ux'], ['Usability']],
  ['Single sign-on with Okta', ['security'], ['Integrations']],
  ['Bulk edit features from the list', ['ux'], ['Usability']],
  ['Roadmap view by quarter', ['roadmap'], ['Roadmaps']],
  ['Export ideas to CSV', ['export'], ['Reporting']],
  ['Email digest of new ideas each week', ['notifications'], []],
  ['Dark theme for the whole app', ['ux'], ['Usability']],
  ['Microsoft Teams notifications', ['notifications'], ['Integrations']],
  ['Dependencies between features on the roadmap', ['roadmap'], ['Roadmaps']],
  ['Time tracking on requirements', [], ['Planning']],
  ['Portfolio view across products', ['reporting'], ['Reporting']],
  ['Public roadmap page for customers', ['roadmap'], ['Roadmaps']],
  ['GitHub pull requests linked to features', ['github'], ['Integrations']],
  ['Undo for the last change', ['ux'], ['Usability']],
  ['Release calendar subscription (iCal)', ['releases'], ['Releases']],
  ['Scoring ideas with a custom scorecard', [], ['Planning']],
  ['Comment mentions notify the person', ['notifications'], []],
  ['Cheap watches for sale', [], []],
  ['Saved filters on the idea list', ['ux'], ['Usability']],
];
const IDEA_STATUSES = ['Needs review', 'Future consideration', 'Planned', 'Shipped', 'Will not implement'];
const SUBMITTERS: (UserKey | string)[] = ['admin', 'morgan', 'casey@customer.example', 'sam', 'jo@partner.example', 'lee@customer.example'];

/** Ideas per product prefix: 28 in Planner Cloud (one merged pair, one promoted, one spam), 4 in Mobile App. */
export const IDEAS: Record<string, IdeaSeed[]> = {
  PLN: IDEA_WORDS.map(([name, tags, categories], i): IdeaSeed => {
    const seed: IdeaSeed = {
      name,
      status: IDEA_STATUSES[i % IDEA_STATUSES.length] ?? 'Needs review',
      votes: (i * 7) % 23,
      tags,
      categories,
      by: SUBMITTERS[i % SUBMITTERS.length] ?? 'admin',
      age: (i * 5) % 60,
      visibility: i % 3 === 0 ? 'public' : i % 3 === 1 ? 'employee' : 'service',
    };
    // "Dark theme for the whole app" is a duplicate of "Dark mode for the planning board".
    if (i === 15) seed.mergedInto = 0;
    // "Release notes generated from shipped features" was promoted to a feature, which ships it.
    if (i === 7) {
      Object.assign(seed, {
        feature: 'Bulk edit features',
        status: 'Shipped',
        visibility: 'public',
        response: '<p>Shipped with bulk editing: release notes now list every shipped feature. Thank you for the idea!</p>',
      });
    }
    if (name.startsWith('Cheap watches')) seed.spam = true;
    return seed;
  }),
  MOB: [
    { name: 'Offline mode for the app', status: 'Planned', votes: 12, tags: ['offline'], categories: ['Offline'], by: 'morgan', age: 9 },
    {
      name: 'Push notification settings per project',
      status: 'Needs review',
      votes: 4,
      categories: ['Notifications'],
      by: 'pat@customer.example',
      age: 3,
    },
    { name: 'Widget for the home screen', status: 'Future consideration', votes: 7, by: 'sam', age: 20 },
    { name: 'Face ID sign-in', status: 'Shipped', votes: 15, by: 'admin', age: 40, visibility: 'public' },
  ],
};

/** The organizations the demo's votes are cast for (issue 11), by the email domains of their people. */
export const IDEA_ORGANIZATIONS: { name: string; domains: string[]; revenue: number | null }[] = [
  { name: 'Northwind Traders', domains: ['northwind.example'], revenue: 1_200_000 },
  { name: 'Contoso', domains: ['contoso.example'], revenue: 450_000 },
  { name: 'Fabrikam', domains: ['fabrikam.example'], revenue: null },
];

/**
 * A vote of the demo's ledger (issue 11): on the idea at `idea` (its index in IDEAS[product]), by a
 * portal user of the product's portal (their email) or, for a proxy vote an administrator recorded
 * for someone, by any email with the call or ticket it came from. Weights stay within the portal's
 * caps (3 per idea, 10 per user), so the seeded ledger is one the service itself would accept.
 */
export interface IdeaVoteSeed {
  product: string;
  idea: number;
  voter: string;
  weight: number;
  organization?: string;
  proxy?: { link: string | null; description: string };
}

export const IDEA_VOTES: IdeaVoteSeed[] = [
  { product: 'PLN', idea: 1, voter: 'ava.lindqvist@northwind.example', weight: 3, organization: 'Northwind Traders' },
  { product: 'PLN', idea: 0, voter: 'ava.lindqvist@northwind.example', weight: 2, organization: 'Northwind Traders' },
  { product: 'PLN', idea: 4, voter: 'ava.lindqvist@northwind.example', weight: 1, organization: 'Northwind Traders' },
  { product: 'PLN', idea: 1, voter: 'ben.okafor@contoso.example', weight: 2, organization: 'Contoso' },
  { product: 'PLN', idea: 12, voter: 'ben.okafor@contoso.example', weight: 3, organization: 'Contoso' },
  { product: 'PLN', idea: 20, voter: 'chloe.martin@fabrikam.example', weight: 1, organization: 'Fabrikam' },
  { product: 'PLN', idea: 0, voter: 'dev.patel@planner.local', weight: 1 },
  { product: 'PLN', idea: 16, voter: 'dev.patel@planner.local', weight: 1 },
  {
    product: 'PLN',
    idea: 4,
    voter: 'ops.lead@northwind.example',
    weight: 3,
    organization: 'Northwind Traders',
    proxy: { link: 'https://support.example/tickets/4821', description: 'Asked for it on the quarterly review call.' },
  },
  {
    product: 'PLN',
    idea: 10,
    voter: 'it.admin@contoso.example',
    weight: 2,
    organization: 'Contoso',
    proxy: { link: null, description: 'Security review blocks the rollout without SSO.' },
  },
];

/**
 * A note of the demo (issue 12): its name, HTML body, status of the Note workflow, tags, and the
 * notes below it (in order). Keys follow the product counter depth first.
 */
export interface NoteSeed {
  name: string;
  body: string;
  status?: string;
  tags?: string[];
  width?: 'NARROW' | 'FULL';
  children?: NoteSeed[];
}

export const NOTES: Record<string, NoteSeed[]> = {
  PLN: [
    {
      name: 'Product strategy 2026',
      status: 'Published',
      tags: ['strategy'],
      width: 'FULL',
      body:
        '<h2>Where we are going</h2><p>Planner Cloud becomes the place where product teams <strong>decide</strong>, not just track.</p>' +
        '<h3>Bets for the year</h3><ol><li>Roadmaps that update themselves from delivery data</li><li>An ideas portal customers enjoy using</li>' +
        '<li>Self-serve onboarding in under ten minutes</li></ol><p>Each bet has an owner and a goal with a success metric.</p>',
      children: [
        {
          name: 'Competitive landscape',
          status: 'In review',
          tags: ['research'],
          body:
            '<h2>Who else is in the room</h2><ul><li><strong>Spreadsheet teams</strong>: flexible, no history</li>' +
            '<li><strong>Issue trackers</strong>: great for delivery, weak on the why</li><li><strong>Roadmap tools</strong>: pretty, rarely current</li></ul>' +
            '<p>Our edge: planning and delivery in one model, so the roadmap is never stale.</p>',
        },
        {
          name: 'Pricing principles',
          body:
            '<h2>Principles</h2><ul><li>Price on value, not seats alone</li><li>Free for portal voters, always</li>' +
            '<li>No surprise overages</li></ul><blockquote><p>If a customer needs a calculator, the plan is wrong.</p></blockquote>',
        },
      ],
    },
    {
      name: 'Customer interviews',
      tags: ['research'],
      body: '<h2>Interview programme</h2><p>Two interviews a week, notes below. Tag themes so they roll up into ideas.</p>',
      children: [
        {
          name: 'Acme Corp — onboarding',
          status: 'Published',
          body:
            '<h3>Context</h3><p>Acme rolled out Planner to 40 PMs in March.</p><h3>What we heard</h3><ul><li>Import from spreadsheets took a week</li>' +
            '<li>Workspace templates would have saved most of it</li></ul><h3>Follow-ups</h3><ol><li>Share the template draft</li><li>Invite them to the beta</li></ol>',
        },
        {
          name: 'Globex — portal feedback',
          body:
            '<h3>What we heard</h3><ul><li>Voters want to see status changes without logging in</li><li>Merging duplicate ideas confuses voters</li></ul>' +
            '<p>See the related ideas in the portal for the duplicates they mentioned.</p>',
        },
      ],
    },
    {
      name: 'Release checklist',
      status: 'Published',
      tags: ['process'],
      body:
        '<h2>Before a release ships</h2><ul><li>Features in <em>Shipped</em> or moved out</li><li>Release notes drafted and reviewed</li>' +
        '<li>Support briefed</li><li>Ideas linked to shipped features answered</li></ul>',
    },
    {
      name: 'Meeting notes',
      body: '<p>Weekly product sync. Newest first.</p>',
      children: [
        {
          name: 'Product sync — week 12',
          body: '<h3>Decisions</h3><ul><li>Move the roadmap export to the next release</li></ul><h3>Actions</h3><ol><li>Maya: update the release dates</li></ol>',
        },
      ],
    },
  ],
  MOB: [
    {
      name: 'Mobile app principles',
      status: 'Published',
      body: '<h2>Principles</h2><ul><li>Offline first: every screen works without a connection</li><li>One-handed use for the daily tasks</li></ul>',
      children: [
        {
          name: 'Push notification rules',
          body: '<p>Notify on status changes of ideas a person voted on, at most once a day.</p>',
        },
      ],
    },
  ],
};
