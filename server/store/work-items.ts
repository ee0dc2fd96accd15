// Work-item descriptors: one declaration per kind that shares the work-item rules (features, epics,
// requirements, ideas). Each names its table, reference key and counter, parent, the shared
// fields it carries and its roll-up edges; the shared rules (`work-item-rules.ts`) and the roll-up
// marks read these instead of branching per kind, so a new kind is a descriptor plus its own fields.
import { epicKey, featureKey, ideaKey, requirementKey } from '../../src/domain/reference';
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
  | 'custom_fields';

/** A join table of one record's values (`<table>(<column>, <value>)`). */
interface LinkTable<T extends string, C extends string> {
  table: T;
  column: C;
}

/**
 * What every work item declares. The rules every kind shares (status, tags, custom fields) take a
 * descriptor; those of the kinds in a release or a feature (moves, roll-up marks) take the narrower
 * `WorkItemKind`.
 */
export interface WorkItemDescriptor {
  /** The kind's name (in the roll-up graph, for the kinds there: `rollup-edges.ts`). */
  kind: 'feature' | 'epic' | 'requirement' | 'idea';
  /** The name in audits, workflows (`statusable_type`), deletions and custom field tables. */
  recordType: 'Feature' | 'Epic' | 'Requirement' | 'Idea';
  /** For messages: "must be a Feature status", "an Epic status". */
  article: 'a' | 'an';
  table: 'features' | 'epics' | 'requirements' | 'ideas';
  /** Reference keys: the counter column (on the owner's row) and the key format. */
  reference: {
    owner: 'products' | 'features';
    counter: 'next_feature_num' | 'next_epic_num' | 'next_requirement_num' | 'next_idea_num';
    key: (ownerRef: string, n: number) => string;
  };
  /** The record it lives in: a release, a feature, or (ideas) the product itself. */
  parent: { kind: 'release' | 'feature' | 'product'; column: 'release_id' | 'feature_id' | 'product_id' };
  /** The status date a status change stamps, when the kind keeps one. */
  statusChangedOn: boolean;
  shared: readonly SharedField[];
  tags: LinkTable<'feature_tags' | 'epic_tags' | 'idea_tags', 'feature_id' | 'epic_id' | 'idea_id'> | null;
  watchers: LinkTable<'feature_watchers' | 'epic_watchers', 'feature_id' | 'epic_id'> | null;
  /** The roll-up edges leaving the kind: the records whose numbers read it. */
  rollups: readonly RollupEdgeOf[];
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
  'custom_fields',
] as const satisfies readonly SharedField[];

export const FEATURE_ITEM: WorkItemKind = {
  kind: 'feature',
  recordType: 'Feature',
  article: 'a',
  table: 'features',
  reference: { owner: 'products', counter: 'next_feature_num', key: featureKey },
  parent: { kind: 'release', column: 'release_id' },
  statusChangedOn: true,
  shared: RELEASE_ITEM_FIELDS,
  tags: { table: 'feature_tags', column: 'feature_id' },
  watchers: { table: 'feature_watchers', column: 'feature_id' },
  rollups: edgesFrom('feature'),
};

export const EPIC_ITEM: WorkItemKind = {
  kind: 'epic',
  recordType: 'Epic',
  article: 'an',
  table: 'epics',
  reference: { owner: 'products', counter: 'next_epic_num', key: epicKey },
  parent: { kind: 'release', column: 'release_id' },
  statusChangedOn: true,
  shared: RELEASE_ITEM_FIELDS,
  tags: { table: 'epic_tags', column: 'epic_id' },
  watchers: { table: 'epic_watchers', column: 'epic_id' },
  rollups: edgesFrom('epic'),
};

export const REQUIREMENT_ITEM: WorkItemKind = {
  kind: 'requirement',
  recordType: 'Requirement',
  article: 'a',
  table: 'requirements',
  reference: { owner: 'features', counter: 'next_requirement_num', key: requirementKey },
  parent: { kind: 'feature', column: 'feature_id' },
  statusChangedOn: false,
  shared: ['workflow_status', 'description', 'assigned_to_user', 'dates', 'custom_fields'],
  tags: null,
  watchers: null,
  rollups: edgesFrom('requirement'),
};

/**
 * Ideas live in the product (no release: no estimates, dates, progress, team or watchers). Their
 * status (of the product's Idea workflow), description, assignee, tags and custom fields go through
 * the shared rules; the rest (creator by any email, portal, votes, merge, links) is `ideas.ts`'s.
 * The status time they keep is a timestamp (`status_changed_at`), stamped by `ideas.ts`. No roll-up
 * reads an idea.
 */
export const IDEA_ITEM: WorkItemDescriptor = {
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
  rollups: [],
};
