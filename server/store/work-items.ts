// Work-item descriptors: one declaration per kind that shares the work-item rules (features, epics,
// requirements; ideas next). Each names its table, reference key and counter, parent, the shared
// fields it carries and its roll-up edges; the shared rules (`work-item-rules.ts`) and the roll-up
// marks read these instead of branching per kind, so a new kind is a descriptor plus its own fields.
import { epicKey, featureKey, requirementKey } from '../../src/domain/reference';
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

export interface WorkItemKind {
  /** The kind's name in the roll-up graph (`rollup-edges.ts`). */
  kind: 'feature' | 'epic' | 'requirement';
  /** The name in audits, workflows (`statusable_type`), deletions and custom field tables. */
  recordType: 'Feature' | 'Epic' | 'Requirement';
  /** For messages: "must be a Feature status", "an Epic status". */
  article: 'a' | 'an';
  table: 'features' | 'epics' | 'requirements';
  /** Reference keys: the counter column (on the owner's row) and the key format. */
  reference: {
    owner: 'products' | 'features';
    counter: 'next_feature_num' | 'next_epic_num' | 'next_requirement_num';
    key: (ownerRef: string, n: number) => string;
  };
  /** The record it lives in. */
  parent: { kind: 'release' | 'feature'; column: 'release_id' | 'feature_id' };
  /** The status date a status change stamps, when the kind keeps one. */
  statusChangedOn: boolean;
  shared: readonly SharedField[];
  tags: LinkTable<'feature_tags' | 'epic_tags', 'feature_id' | 'epic_id'> | null;
  watchers: LinkTable<'feature_watchers' | 'epic_watchers', 'feature_id' | 'epic_id'> | null;
  /** The roll-up edges leaving the kind: the records whose numbers read it. */
  rollups: readonly RollupEdgeOf[];
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
