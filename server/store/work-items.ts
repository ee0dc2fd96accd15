// Record descriptors: one declaration per kind that shares the write steps (`record-writes.ts`) —
// the work items (features, epics, requirements, ideas), which also share the work-item rules
// (`work-item-rules.ts`), and the planning records (releases, phases, goals, initiatives). Each names
// its table, parent, the join tables hanging from it and its roll-up edges; the shared steps and the
// roll-up marks read these instead of branching per kind, so a new kind is a descriptor plus its own
// fields.
import { epicKey, featureKey, goalKey, ideaKey, initiativeKey, pageKey, releaseKey, requirementKey } from '../../src/domain/reference';
import { edgesFrom } from './rollup-edges';
import type { RollupEdgeOf } from './rollup-edges';

/** Fields whose rules live once in `work-item-rules.ts`. */
export type SharedField =
  | 'workflow_status'
  | 'description'
  | 'created_by'
  | 'assigned_to_user'
  | 'tags'
  | 'watchers'
  | 'estimates'
  | 'dates'
  | 'progress'
  | 'team'
  | 'initiative'
  | 'custom_fields';

/** A join table of one record's values (`<table>(<column>, <value>)`). */
interface LinkTable<T extends string, C extends string> {
  table: T;
  column: C;
}

/**
 * Records of another kind a record links to through a join table (`<table>(<own>, <other>)`): a
 * release's initiatives, a goal's initiatives, an initiative's goals, an idea's categories. A body
 * replaces the set; audit rows show it as the sorted ids under `audit`.
 */
export interface LinkSet {
  table: 'release_initiatives' | 'initiative_goals' | 'idea_category_links';
  own: 'release_id' | 'goal_id' | 'initiative_id' | 'idea_id';
  other: 'initiative_id' | 'goal_id' | 'category_id';
  audit: 'initiative_ids' | 'goal_ids' | 'category_ids';
  /** The linked records that answer the link (goals list their initiatives): one that gains or loses it gets a new `updated_at`. */
  touches: 'initiatives' | 'goals' | null;
  /** The linked kind whose roll-ups read this record: one that loses it is recomputed. */
  rollup: 'initiative' | 'goal' | null;
}

/** What every kind with shared writes declares: where it is stored, what hangs from it, what reads it. */
export interface RecordDescriptor {
  /** The kind's name (in the roll-up graph, for the kinds there: `rollup-edges.ts`). */
  kind: 'feature' | 'epic' | 'requirement' | 'idea' | 'page' | 'release' | 'phase' | 'goal' | 'initiative';
  /** The name in audits, workflows (`statusable_type`), deletions and custom field tables. */
  recordType: 'Feature' | 'Epic' | 'Requirement' | 'Idea' | 'Page' | 'Release' | 'ReleasePhase' | 'Goal' | 'Initiative';
  table: 'features' | 'epics' | 'requirements' | 'ideas' | 'pages' | 'releases' | 'release_phases' | 'goals' | 'initiatives';
  /** The record it lives in: a release, a feature, or the product itself. */
  parent: { kind: 'release' | 'feature' | 'product'; column: 'release_id' | 'feature_id' | 'product_id' };
  tags: LinkTable<'feature_tags' | 'epic_tags' | 'idea_tags' | 'page_tags', 'feature_id' | 'epic_id' | 'idea_id' | 'page_id'> | null;
  watchers: LinkTable<'feature_watchers' | 'epic_watchers', 'feature_id' | 'epic_id'> | null;
  links: LinkSet | null;
  /** The roll-up edges leaving the kind: the records whose numbers read it. */
  rollups: readonly RollupEdgeOf[];
  /**
   * What a delete's audit row keeps: the name and key (`key`), or every column (`row`: phases, which
   * have no key, and releases, whose destroy audits always kept the whole row).
   */
  destroyed: 'key' | 'row';
}

/**
 * What every work item declares besides: its workflow, reference key and the shared fields it
 * carries. The rules every kind shares (status, tags, custom fields) take a descriptor; those of
 * the kinds in a release or a feature (moves, roll-up marks) take the narrower `WorkItemKind`.
 */
export interface WorkItemDescriptor extends RecordDescriptor {
  kind: 'feature' | 'epic' | 'requirement' | 'idea' | 'page';
  recordType: 'Feature' | 'Epic' | 'Requirement' | 'Idea' | 'Page';
  /** For messages: "must be a Feature status", "an Epic status". */
  article: 'a' | 'an';
  table: 'features' | 'epics' | 'requirements' | 'ideas' | 'pages';
  /** Reference keys: the counter column (on the owner's row) and the key format. */
  reference: {
    owner: 'products' | 'features';
    counter: 'next_feature_num' | 'next_epic_num' | 'next_requirement_num' | 'next_idea_num' | 'next_page_num';
    key: (ownerRef: string, n: number) => string;
  };
  /** The status date a status change stamps, when the kind keeps one. */
  statusChangedOn: boolean;
  shared: readonly SharedField[];
}

/** The kinds in the roll-up graph, which live in a release or a feature: features, epics, requirements. */
export interface WorkItemKind extends WorkItemDescriptor {
  kind: 'feature' | 'epic' | 'requirement';
  table: 'features' | 'epics' | 'requirements';
  parent: { kind: 'release' | 'feature'; column: 'release_id' | 'feature_id' };
}

const RELEASE_ITEM_FIELDS = [
  'workflow_status',
  'description',
  'created_by',
  'assigned_to_user',
  'tags',
  'watchers',
  'estimates',
  'dates',
  'progress',
  'team',
  'initiative',
  'custom_fields',
] as const satisfies readonly SharedField[];

/** Nothing hangs from a record of these kinds but custom field values; a delete audits its name and key. */
const PLAIN = { tags: null, watchers: null, links: null, destroyed: 'key' } as const;

/**
 * Features and epics are one family: in a release, numbered by the product, every shared field, tags
 * and watchers in `<kind>_tags` / `<kind>_watchers`.
 */
function releaseItem<K extends 'feature' | 'epic'>(
  kind: K,
  names: { recordType: Capitalize<K>; article: 'a' | 'an'; key: typeof featureKey },
) {
  const own = `${kind}_id` as const;
  return {
    kind,
    ...names,
    table: `${kind}s` as const,
    reference: { owner: 'products', counter: `next_${kind}_num` as const, key: names.key },
    parent: { kind: 'release', column: 'release_id' },
    statusChangedOn: true,
    shared: RELEASE_ITEM_FIELDS,
    tags: { table: `${kind}_tags` as const, column: own },
    watchers: { table: `${kind}_watchers` as const, column: own },
    links: null,
    rollups: edgesFrom(kind),
    destroyed: 'key',
  } as const satisfies WorkItemKind;
}

export const FEATURE_ITEM = releaseItem('feature', { recordType: 'Feature', article: 'a', key: featureKey });
export const EPIC_ITEM = releaseItem('epic', { recordType: 'Epic', article: 'an', key: epicKey });

export const REQUIREMENT_ITEM = {
  kind: 'requirement',
  recordType: 'Requirement',
  article: 'a',
  table: 'requirements',
  reference: { owner: 'features', counter: 'next_requirement_num', key: requirementKey },
  parent: { kind: 'feature', column: 'feature_id' },
  statusChangedOn: false,
  shared: ['workflow_status', 'description', 'assigned_to_user', 'dates', 'custom_fields'],
  ...PLAIN,
  rollups: edgesFrom('requirement'),
} as const satisfies WorkItemKind;

/**
 * Ideas live in the product (no release: no estimates, dates, progress, team or watchers). Their
 * status (of the product's Idea workflow), description, assignee, tags and custom fields go through
 * the shared rules; the rest (creator by any email, portal, votes, merge, links) is `ideas.ts`'s.
 * The status time they keep is a timestamp (`status_changed_at`), stamped by `ideas.ts`. No roll-up
 * reads an idea.
 */
export const IDEA_ITEM = {
  kind: 'idea',
  recordType: 'Idea',
  article: 'an',
  table: 'ideas',
  reference: { owner: 'products', counter: 'next_idea_num', key: ideaKey },
  parent: { kind: 'product', column: 'product_id' },
  statusChangedOn: false,
  shared: ['workflow_status', 'description', 'assigned_to_user', 'tags', 'custom_fields'],
  tags: { table: 'idea_tags', column: 'idea_id' },
  watchers: null,
  links: { table: 'idea_category_links', own: 'idea_id', other: 'category_id', audit: 'category_ids', touches: null, rollup: null },
  rollups: [],
  destroyed: 'key',
} as const satisfies WorkItemDescriptor;

/**
 * Notes ("pages" in paths) live in the product as a tree (`parent_id`, another note of the product;
 * `position` orders siblings: `notes.ts`). Status (of the product's Note workflow, `statusable_type`
 * 'Page'), description, tags and custom fields go through the shared rules; no roll-up reads a note.
 * A delete takes the note's subtree into the recycle bin with it (one deletion).
 */
export const PAGE_ITEM = {
  kind: 'page',
  recordType: 'Page',
  article: 'a',
  table: 'pages',
  reference: { owner: 'products', counter: 'next_page_num', key: pageKey },
  parent: { kind: 'product', column: 'product_id' },
  statusChangedOn: false,
  shared: ['workflow_status', 'description', 'tags', 'custom_fields'],
  tags: { table: 'page_tags', column: 'page_id' },
  watchers: null,
  links: null,
  rollups: [],
  destroyed: 'key',
} as const satisfies WorkItemDescriptor;

// ---------------------------------------------------------------------------------------------
// Planning records: their own rules (dates, capacity, parents, success metrics) are their modules';
// the create, update and delete steps are the shared ones.

/** A planning record: numbered in its product by `key` (phases, which live in a release, have none). */
export interface PlanningRecord extends RecordDescriptor {
  kind: 'release' | 'phase' | 'goal' | 'initiative';
  key: ((prefix: string, n: number) => string) | null;
}

/** Goals, initiatives and releases live in their product, with nothing hanging from them but links. */
const IN_PRODUCT = { parent: { kind: 'product', column: 'product_id' }, tags: null, watchers: null } as const;

export const RELEASE_RECORD = {
  ...IN_PRODUCT,
  kind: 'release',
  recordType: 'Release',
  table: 'releases',
  key: releaseKey,
  // Initiatives read their releases' numbers; linking one leaves its `updated_at` (a delete moves it: `deleteRelease`).
  links: {
    table: 'release_initiatives',
    own: 'release_id',
    other: 'initiative_id',
    audit: 'initiative_ids',
    touches: null,
    rollup: 'initiative',
  },
  rollups: edgesFrom('release'),
  destroyed: 'row',
} as const satisfies PlanningRecord;

/** Phases live in a release; features point at them (`release_phase_id`). */
export const PHASE_RECORD = {
  kind: 'phase',
  recordType: 'ReleasePhase',
  table: 'release_phases',
  key: null,
  parent: { kind: 'release', column: 'release_id' },
  ...PLAIN,
  rollups: edgesFrom('phase'),
  destroyed: 'row',
} as const satisfies PlanningRecord;

/** Initiatives answer their goals; nothing reads a goal's numbers. */
export const GOAL_RECORD = {
  ...IN_PRODUCT,
  kind: 'goal',
  recordType: 'Goal',
  table: 'goals',
  key: goalKey,
  links: {
    table: 'initiative_goals',
    own: 'goal_id',
    other: 'initiative_id',
    audit: 'initiative_ids',
    touches: 'initiatives',
    rollup: null,
  },
  rollups: edgesFrom('goal'),
  destroyed: 'key',
} as const satisfies PlanningRecord;

export const INITIATIVE_RECORD = {
  ...IN_PRODUCT,
  kind: 'initiative',
  recordType: 'Initiative',
  table: 'initiatives',
  key: initiativeKey,
  links: { table: 'initiative_goals', own: 'initiative_id', other: 'goal_id', audit: 'goal_ids', touches: 'goals', rollup: 'goal' },
  rollups: edgesFrom('initiative'),
  destroyed: 'key',
} as const satisfies PlanningRecord;
