// Lists more than one route module serves: the feature list (of the account, a product, a release,
// an epic, an initiative), the epic list and the goal list, declared once for `listRow`. One query
// language per kind, scoped by the route; compact items by default, any subset with `fields`.
import type { Context } from 'hono';
import type { z } from 'zod';
import { listQuerySchema } from '../../src/contract/common';
import { epicListQuery, epicPage } from '../../src/contract/epics';
import { featureListQuery, featurePage } from '../../src/contract/features';
import { goalPage } from '../../src/contract/initiatives';
import type { AppEnv } from '../types';
import type { Db } from '../store/audit';
import type { Paging } from '../problems';
import { compactItem } from '../store/serialize';
import type { RowShape, ShapedRow } from '../store/serialize';
import { readCustomFieldPairs } from '../store/custom-fields';
import { EPIC_COMPACT_FIELDS, listEpics, serializeEpics } from '../store/epics';
import type { EpicListFilter } from '../store/epics';
import { FEATURE_COMPACT_FIELDS, listFeatures, serializeFeatures } from '../store/features';
import type { FeatureListFilter } from '../store/features';
import { GOAL_COMPACT_FIELDS, goalBodies, goalCompact, listGoals } from '../store/goals';
import type { GoalScope } from '../store/goals';
import { compactOrWhole, listKind, pageAnswer } from './list-rows';
import { originOf, pageBody, paging, pickFields, wantedFields, wantsOnly } from './query';

/** What a work-item kind's list answer needs from its store module. */
interface WorkItemListing<F, R, T extends { id: string }> {
  key: string;
  compact: readonly string[];
  list: <S extends RowShape = 'whole'>(db: Db, filter: F, page: Paging, shape?: S) => Promise<{ rows: ShapedRow<S, R>[]; total: number }>;
  serialize: (db: Db, rows: R[], origin: string, wanted: Set<string> | null) => Promise<T[]>;
}

/** The filters every work-item list reads (the workItemListQuerySchema parameters). */
function workItemFilter(query: z.output<typeof featureListQuery>) {
  return {
    q: query.q,
    updatedSince: query.updated_since,
    tag: query.tag,
    assignedToUser: query.assigned_to_user,
    workflowStatus: query.workflow_status,
  };
}

/** One page of a work-item kind: compact items by default, any subset with `fields`. */
async function workItemPage<F, R, T extends { id: string }>(
  c: Context<AppEnv>,
  listing: WorkItemListing<F, R, T>,
  fields: string | undefined,
  query: { page?: number | undefined; per_page?: number | undefined },
  filter: F,
): Promise<Response> {
  const { db } = c.get('store');
  const page = paging(query);
  const origin = originOf(c);
  // The default compact items come straight from narrow rows; anything more from whole records.
  if (wantsOnly(fields, listing.compact)) {
    const { rows, total } = await listing.list(db, filter, page, 'compact');
    const items = rows.map((r) => pickFields(compactItem(listing.key, r, origin), fields, listing.compact));
    return c.json(pageBody(listing.key, items, total, page));
  }
  const { rows, total } = await listing.list(db, filter, page);
  const items = await listing.serialize(db, rows, origin, wantedFields(fields, listing.compact));
  return c.json(
    pageBody(
      listing.key,
      items.map((i) => pickFields(i, fields, listing.compact)),
      total,
      page,
    ),
  );
}

const FEATURES = {
  key: 'features',
  compact: FEATURE_COMPACT_FIELDS,
  list: listFeatures,
  serialize: serializeFeatures,
};
const EPICS = { key: 'epics', compact: EPIC_COMPACT_FIELDS, list: listEpics, serialize: serializeEpics };

/** A page of features in a scope. */
export function featureListResponse(
  c: Context<AppEnv>,
  query: z.output<typeof featureListQuery>,
  scope: Pick<FeatureListFilter, 'productId' | 'releaseId' | 'epicId' | 'initiativeId' | 'goalId'>,
): Promise<Response> {
  return workItemPage(c, FEATURES, query.fields, query, { ...scope, ...workItemFilter(query) });
}

/** A page of epics in a scope; `custom_fields[<key>]=value` pairs filter beside the query. */
export function epicListResponse(
  c: Context<AppEnv>,
  query: z.output<typeof epicListQuery>,
  scope: Pick<EpicListFilter, 'productId' | 'releaseId' | 'initiativeId' | 'goalId'>,
): Promise<Response> {
  const customFields = readCustomFieldPairs(c.req.queries());
  return workItemPage(c, EPICS, query.fields, query, { ...scope, ...workItemFilter(query), customFields });
}

export const featureList = listKind({
  tags: ['Features'],
  query: featureListQuery,
  response: featurePage,
  answer: featureListResponse,
});
export const epicList = listKind({
  tags: ['Epics'],
  query: epicListQuery,
  response: epicPage,
  customFieldFilters: true,
  answer: epicListResponse,
});
/** The goals of a product, an initiative or the account; `q` and `updated_since` filter all. */
export const goalList = listKind({
  tags: ['Goals'],
  query: listQuerySchema,
  response: goalPage,
  answer: pageAnswer(
    'goals',
    (db, scope: GoalScope, p, query: z.output<typeof listQuerySchema>) =>
      listGoals(db, scope, p, { q: query.q, updatedSince: query.updated_since }),
    // Whole by default, as the hosted service lists goals (`fields` narrows them).
    compactOrWhole(GOAL_COMPACT_FIELDS, goalCompact, goalBodies, null),
  ),
});
