// The one registry of React Query keys, and the invalidation graph that says which cached kinds a
// write can make wrong. Every queryOptions factory in src/api takes its key from here; the
// MutationCache (src/api/mutations.ts) reads the graph after every write. Keys run from general to
// specific (`['features']` ⊃ `['features', 'list']` ⊃ one list), so invalidating a kind's root
// refreshes every list, detail and sub-list of that kind at once. A sub-list of another record (an
// epic's features, a release's features) sits under the root of the kind it lists, because that is
// the kind whose writes change it.

/** Record kinds as the service names them (the roll-up edges use the same names). */
export const RECORD_KINDS = [
  'requirement',
  'feature',
  'epic',
  'release',
  'release_phase',
  'initiative',
  'goal',
  'time_frame',
  'custom_field_definition',
  'idea',
  'idea_portal',
  'portal_user',
  'comment',
  'page',
  'account',
  'audit',
  'historical_audit',
  'deletion',
  'screen_definition',
] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

/** The root of each kind's keys. Phases live under their release's root (the release page reads them together). */
export const KIND_ROOTS = {
  requirement: 'requirements',
  feature: 'features',
  epic: 'epics',
  release: 'releases',
  release_phase: 'releases',
  initiative: 'initiatives',
  goal: 'goals',
  time_frame: 'time-frames',
  custom_field_definition: 'custom-field-definitions',
  idea: 'ideas',
  idea_portal: 'idea-portals',
  portal_user: 'portal-users',
  comment: 'comments',
  page: 'notes',
  account: 'account',
  audit: 'audits',
  historical_audit: 'historical-audits',
  deletion: 'deletions',
  screen_definition: 'screen-definitions',
} as const satisfies Record<RecordKind, string>;
export type KeyRoot = (typeof KIND_ROOTS)[RecordKind];

export type Edge = readonly [from: RecordKind, to: RecordKind];

/**
 * Roll-up edges, mirroring the service's roll-ups (server/store/*-rollups.ts): a change of `from`
 * can change the computed progress, dates or counts of `to`. requirement → feature → epic →
 * initiative → parent initiatives → goals; feature → phase → release → parent release; a release
 * dates its epics and its linked initiatives.
 */
export const ROLLUP_EDGES: readonly Edge[] = [
  ['requirement', 'feature'], // progress_from_requirements
  ['feature', 'release_phase'], // progress_from_features, duration_from_features
  ['feature', 'release'], // progress_from_features(_completed), remaining estimate, features_count
  ['feature', 'epic'], // progress_from_features, duration_from_features, features_count
  ['feature', 'initiative'], // progress_from_features, duration_from_features_epics, features_count
  ['epic', 'initiative'], // progress_from_epics, duration_from_features_epics, epics_count
  ['release_phase', 'release'], // progress_from_release_phases, duration_from_release_phases_features
  ['release', 'release'], // progress_from_sub_releases, duration_from_sub_releases (parent release)
  ['release', 'epic'], // duration_from_releases
  ['release', 'initiative'], // progress_from_releases, duration_from_releases
  ['initiative', 'initiative'], // progress_from_children, duration_from_children (parent initiative)
  ['initiative', 'goal'], // progress_from_initiatives
];

/**
 * Display edges: `to` embeds a name, key or link of `from`, so a rename, a new link or a delete of
 * `from` shows on `to` although no number of `to` moves. These are followed one step only.
 */
export const SHOWN_IN_EDGES: readonly Edge[] = [
  ['feature', 'requirement'], // a requirement names its feature
  ['epic', 'feature'], // a feature names its epic; deleting an epic unlinks its features
  ['release', 'feature'], // a feature names its release (and its capacity units)
  ['release_phase', 'feature'], // a feature names its phase
  ['initiative', 'feature'], // a feature names its initiative
  ['initiative', 'epic'], // an epic names its initiative
  ['initiative', 'release'], // a release lists its initiatives
  ['goal', 'initiative'], // an initiative lists its goals
  ['time_frame', 'initiative'], // initiatives and goals name their time frame
  ['time_frame', 'goal'],
  ['feature', 'idea'], // an idea names what it was promoted to or linked with
  ['epic', 'idea'],
  ['initiative', 'idea'],
  ['idea_portal', 'idea'], // an idea names its portal
  ['idea_portal', 'portal_user'], // the portal users screen is headed by its portal
  ['account', 'requirement'], // users, workflows and teams are shown on every work item
  ['account', 'feature'],
  ['account', 'epic'],
  ['account', 'release'],
  ['account', 'initiative'],
  ['account', 'goal'],
  ['account', 'idea'],
  ['account', 'idea_portal'],
  // A record answers its `comments_count`: a new or deleted comment shows on the record it is on.
  ['comment', 'feature'],
  ['comment', 'epic'],
  ['comment', 'requirement'],
  ['comment', 'idea'],
  ['comment', 'initiative'],
  ['comment', 'goal'],
  ['comment', 'release'],
  ['comment', 'release_phase'],
  ['account', 'comment'], // a comment names its author
  ['comment', 'page'], // a note answers its comments_count
  ['account', 'page'], // a note shows its status (workflows)
  // A layout lists custom fields by their definitions' names and types.
  ['custom_field_definition', 'screen_definition'],
  // Every write is audited, and a record's History tab reads the audit log: so every kind the log
  // can name is shown in `audit` (a kind added later is too, with nothing to remember). The
  // historical search is not: it serves rows older than 12 months, which no write changes.
  ...auditedKinds().map((kind): Edge => [kind, 'audit']),
];

/** The kinds whose writes leave audit rows: all but the audit log's own. */
function auditedKinds(): RecordKind[] {
  return RECORD_KINDS.filter((kind) => kind !== 'audit' && kind !== 'historical_audit');
}

function targets(edges: readonly Edge[], from: RecordKind): RecordKind[] {
  return edges.filter(([f]) => f === from).map(([, to]) => to);
}

/** Every kind whose computed numbers a change of `kind` can move: the kind itself and its roll-up closure. */
export function rollupClosure(kind: RecordKind): RecordKind[] {
  const seen = new Set<RecordKind>([kind]);
  const queue: RecordKind[] = [kind];
  while (queue.length > 0) {
    const next = queue.shift();
    if (next === undefined) break;
    for (const to of targets(ROLLUP_EDGES, next)) {
      if (!seen.has(to)) {
        seen.add(to);
        queue.push(to);
      }
    }
  }
  return RECORD_KINDS.filter((k) => seen.has(k));
}

/** Every kind a write of `kind` can make stale: its roll-up closure plus what shows the kind itself. */
export function affectedKinds(kind: RecordKind): RecordKind[] {
  const affected = new Set<RecordKind>([...rollupClosure(kind), ...targets(SHOWN_IN_EDGES, kind)]);
  return RECORD_KINDS.filter((k) => affected.has(k));
}

/** The key roots a write of `kind` invalidates (each once, in registry order). */
export function invalidationRoots(kind: RecordKind): KeyRoot[] {
  return [...new Set(affectedKinds(kind).map((k) => KIND_ROOTS[k]))];
}

/** The graph as plain data, kind → key roots, for tests and for reading. */
export const INVALIDATION_GRAPH: Readonly<Record<RecordKind, readonly KeyRoot[]>> = {
  requirement: invalidationRoots('requirement'),
  feature: invalidationRoots('feature'),
  epic: invalidationRoots('epic'),
  release: invalidationRoots('release'),
  release_phase: invalidationRoots('release_phase'),
  initiative: invalidationRoots('initiative'),
  goal: invalidationRoots('goal'),
  time_frame: invalidationRoots('time_frame'),
  custom_field_definition: invalidationRoots('custom_field_definition'),
  idea: invalidationRoots('idea'),
  idea_portal: invalidationRoots('idea_portal'),
  portal_user: invalidationRoots('portal_user'),
  comment: invalidationRoots('comment'),
  page: invalidationRoots('page'),
  account: invalidationRoots('account'),
  audit: invalidationRoots('audit'),
  historical_audit: invalidationRoots('historical_audit'),
  deletion: invalidationRoots('deletion'),
  screen_definition: invalidationRoots('screen_definition'),
};

// ---------------------------------------------------------------------------------------------
// Key shapes. Parameters are plain objects (React Query hashes them by value, key order ignored).

type Params = object;

/** Which feature or epic list: a workspace's, a release's, or the whole account's. */
export type ListScope = { product: string } | { release: string } | { all: true };

export const keys = {
  account: {
    all: () => ['account'] as const,
    me: () => ['account', 'me'] as const,
    products: () => ['account', 'products'] as const,
    product: (productId: string) => ['account', 'products', productId] as const,
    users: () => ['account', 'users'] as const,
    workflows: (productId: string) => ['account', 'workflows', productId] as const,
    workflowKinds: (productId: string) => ['account', 'workflow-kinds', productId] as const,
    teams: (productId: string) => ['account', 'teams', productId] as const,
  },
  releases: {
    all: () => ['releases'] as const,
    lists: () => ['releases', 'list'] as const,
    list: (productId: string, params: Params) => ['releases', 'list', productId, params] as const,
    details: () => ['releases', 'detail'] as const,
    detail: (releaseId: string) => ['releases', 'detail', releaseId] as const,
    phases: (releaseId: string) => ['releases', 'phases', releaseId] as const,
    /** The roadmap's release lane (releases with their phases). */
    roadmap: (productId: string) => ['releases', 'roadmap', productId] as const,
  },
  features: {
    all: () => ['features'] as const,
    lists: () => ['features', 'list'] as const,
    list: (scope: ListScope, filters: Params) => ['features', 'list', { ...scope, ...filters }] as const,
    details: () => ['features', 'detail'] as const,
    detail: (featureId: string) => ['features', 'detail', featureId] as const,
    byRelease: (releaseId: string, params: Params) => ['features', 'by-release', releaseId, params] as const,
    byEpic: (epicId: string, params: Params) => ['features', 'by-epic', epicId, params] as const,
    byInitiative: (initiativeId: string, params: Params) => ['features', 'by-initiative', initiativeId, params] as const,
  },
  requirements: {
    all: () => ['requirements'] as const,
    lists: () => ['requirements', 'list'] as const,
    /** All pages of one feature's requirements. */
    ofFeature: (featureId: string) => ['requirements', 'list', featureId] as const,
    list: (featureId: string, params: Params) => ['requirements', 'list', featureId, params] as const,
    details: () => ['requirements', 'detail'] as const,
    detail: (requirementId: string) => ['requirements', 'detail', requirementId] as const,
  },
  epics: {
    all: () => ['epics'] as const,
    lists: () => ['epics', 'list'] as const,
    list: (scope: ListScope, filters: Params) => ['epics', 'list', { ...scope, ...filters }] as const,
    details: () => ['epics', 'detail'] as const,
    detail: (epicId: string) => ['epics', 'detail', epicId] as const,
    byInitiative: (initiativeId: string, params: Params) => ['epics', 'by-initiative', initiativeId, params] as const,
    /** The roadmap's epic lane. */
    roadmap: (productId: string) => ['epics', 'roadmap', productId] as const,
  },
  initiatives: {
    all: () => ['initiatives'] as const,
    lists: () => ['initiatives', 'list'] as const,
    list: (productId: string, params: Params) => ['initiatives', 'list', productId, params] as const,
    /** Every initiative of a workspace, whole (the tree, goal pages, the initiative form). */
    tree: (productId: string) => ['initiatives', 'tree', productId] as const,
    details: () => ['initiatives', 'detail'] as const,
    detail: (initiativeId: string) => ['initiatives', 'detail', initiativeId] as const,
    /** The epic form's initiative choices. */
    epicChoices: (productId: string) => ['initiatives', 'epic-choices', productId] as const,
    /** The roadmap's initiative lane. */
    roadmap: (productId: string) => ['initiatives', 'roadmap', productId] as const,
  },
  goals: {
    all: () => ['goals'] as const,
    lists: () => ['goals', 'list'] as const,
    list: (productId: string) => ['goals', 'list', productId] as const,
    details: () => ['goals', 'detail'] as const,
    detail: (goalId: string) => ['goals', 'detail', goalId] as const,
    byInitiative: (initiativeId: string, params: Params) => ['goals', 'by-initiative', initiativeId, params] as const,
  },
  timeFrames: {
    all: () => ['time-frames'] as const,
    list: (productId: string) => ['time-frames', 'list', productId] as const,
  },
  customFieldDefinitions: {
    all: () => ['custom-field-definitions'] as const,
    /** The Epic custom fields of one workspace (`{ product }`) or of the account (`{ all: true }`). */
    epic: (scope: { product: string } | { all: true }) => ['custom-field-definitions', 'Epic', scope] as const,
    /** Every workspace's definitions of one record type (`Feature`, `Goal` …): what a layout may place. */
    account: (recordType: string) => ['custom-field-definitions', 'account', recordType] as const,
  },
  /**
   * Ideas. A merge changes two ideas at once (the merged one's `duplicate_of`, the survivor's
   * `duplicates` and votes): both sit under this root, so any idea write refreshes every idea screen.
   */
  ideas: {
    all: () => ['ideas'] as const,
    lists: () => ['ideas', 'list'] as const,
    list: (productId: string, params: Params) => ['ideas', 'list', productId, params] as const,
    details: () => ['ideas', 'detail'] as const,
    detail: (ideaId: string) => ['ideas', 'detail', ideaId] as const,
    /** Duplicate suggestions for a text (the merge dialog). */
    related: (params: Params) => ['ideas', 'related', params] as const,
    /** A product's idea categories (the form's choices). */
    categories: (productId: string) => ['ideas', 'categories', productId] as const,
    /**
     * One idea's votes (endorsements). Under the ideas root: a vote moves the idea's `votes` on its
     * page and in the lists, and a merge moves votes between ideas, so any idea write refreshes them.
     */
    endorsements: (ideaId: string, params: Params) => ['ideas', 'endorsements', ideaId, params] as const,
    /** The account's idea organizations (the vote dialog's choices; a vote moves their counts). */
    organizations: () => ['ideas', 'organizations'] as const,
  },
  ideaPortals: {
    all: () => ['idea-portals'] as const,
    list: (productId: string) => ['idea-portals', 'list', productId] as const,
    details: () => ['idea-portals', 'detail'] as const,
    detail: (portalId: string) => ['idea-portals', 'detail', portalId] as const,
  },
  portalUsers: {
    all: () => ['portal-users'] as const,
    list: (portalId: string, params: Params) => ['portal-users', 'list', portalId, params] as const,
  },
  /** The sign-in emails a portal sent (issue 15): written by the portal, never by the app, so only read. */
  signInEmails: {
    list: (portalId: string, page: number) => ['sign-in-emails', portalId, page] as const,
  },
  /**
   * Comments. One record's thread sits under its kind and id (`['comments', 'list', 'features',
   * '12', …]`), so a deleted record's thread is found by prefix; a workspace's list beside it.
   */
  /**
   * Notes ("pages" in paths). A workspace's tree is one query (every note, compact); a note's page
   * reads its whole record. A move changes siblings' positions: the tree is refreshed whole.
   */
  notes: {
    all: () => ['notes'] as const,
    tree: (productId: string) => ['notes', 'tree', productId] as const,
    details: () => ['notes', 'detail'] as const,
    detail: (noteId: string) => ['notes', 'detail', noteId] as const,
  },
  /**
   * The recycle bin. A delete of any kind adds to it (a mutation that `deletes` refreshes this root,
   * src/api/mutations.ts); a restore or purge takes from it. The dry run of a restore sits here too,
   * so a write elsewhere (the parent it needs restored meanwhile) asks it again.
   */
  screenDefinitions: {
    all: () => ['screen-definitions'] as const,
    list: (params: Params) => ['screen-definitions', 'list', params] as const,
    detail: (id: string) => ['screen-definitions', 'detail', id] as const,
    /** The layouts a workspace uses, one per kind (what its forms and pages are drawn from). */
    workspace: (productId: string) => ['screen-definitions', 'workspace', productId] as const,
  },
  deletions: {
    all: () => ['deletions'] as const,
    lists: () => ['deletions', 'list'] as const,
    list: (params: Params) => ['deletions', 'list', params] as const,
    details: () => ['deletions', 'detail'] as const,
    detail: (deletionId: string) => ['deletions', 'detail', deletionId] as const,
    preview: (deletionId: string) => ['deletions', 'preview', deletionId] as const,
  },
  comments: {
    all: () => ['comments'] as const,
    lists: () => ['comments', 'list'] as const,
    /** All pages and orders of one record's thread. */
    ofRecord: (kind: string, recordId: string) => ['comments', 'list', kind, recordId] as const,
    list: (kind: string, recordId: string, params: Params) => ['comments', 'list', kind, recordId, params] as const,
    product: (productId: string, params: Params) => ['comments', 'product', productId, params] as const,
    details: () => ['comments', 'detail'] as const,
    detail: (commentId: string) => ['comments', 'detail', commentId] as const,
  },
  /** The audit log (the last 12 months): a filtered list, and one record's history (all its pages). */
  audits: {
    all: () => ['audits'] as const,
    list: (params: Params) => ['audits', 'list', params] as const,
    history: (type: string, recordId: string) => ['audits', 'history', type, recordId] as const,
  },
  /**
   * The historical audit search (older than 12 months, administrators only): the free estimate and
   * index, and one search's pages by their `next_token` (a page once read never changes).
   */
  historicalAudits: {
    all: () => ['historical-audits'] as const,
    estimate: (params: Params) => ['historical-audits', 'estimate', params] as const,
    index: (params: Params) => ['historical-audits', 'index', params] as const,
    result: (searchId: string, nextToken: string | null) => ['historical-audits', 'result', searchId, nextToken] as const,
  },
} as const;

/**
 * The queries that belong to one record and die with it: its detail (under its id; a detail cached
 * under its key is matched by data in src/api/mutations.ts) and the sub-lists read through it.
 */
export function ownedKeyPrefixes(kind: RecordKind, id: string): (readonly unknown[])[] {
  switch (kind) {
    case 'feature':
      return [keys.features.detail(id), keys.requirements.ofFeature(id)];
    case 'epic':
      return [keys.epics.detail(id), ['features', 'by-epic', id]];
    case 'requirement':
      return [keys.requirements.detail(id)];
    case 'release':
      return [keys.releases.detail(id), keys.releases.phases(id), ['features', 'by-release', id]];
    case 'initiative':
      return [
        keys.initiatives.detail(id),
        ['epics', 'by-initiative', id],
        ['features', 'by-initiative', id],
        ['goals', 'by-initiative', id],
      ];
    case 'goal':
      return [keys.goals.detail(id)];
    case 'idea':
      return [keys.ideas.detail(id), ['ideas', 'endorsements', id]];
    case 'comment':
      return [keys.comments.detail(id)];
    case 'page':
      return [keys.notes.detail(id)];
    default:
      return [];
  }
}

/** The detail root of a kind (`['features', 'detail']`), where a record may be cached under its id or its key. */
export function detailRoot(kind: RecordKind): readonly [KeyRoot, 'detail'] {
  return [KIND_ROOTS[kind], 'detail'];
}
