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
import { readCustomFieldPairs } from '../store/custom-fields';
import { EPIC_COMPACT_FIELDS, listEpics, serializeEpics } from '../store/epics';
import type { EpicListFilter } from '../store/epics';
import { FEATURE_COMPACT_FIELDS, listFeatures, serializeFeatures, wantedFields } from '../store/features';
import type { FeatureListFilter } from '../store/features';
import { GOAL_COMPACT_FIELDS, goalBodies, goalCompact, listGoals } from '../store/goals';
import { compactOrWhole, listKind, pageAnswer } from './list-rows';
import { originOf, pageBody, paging, pickFields } from './query';

/** A page of features in a scope. */
export async function featureListResponse(
  c: Context<AppEnv>,
  query: z.output<typeof featureListQuery>,
  scope: Pick<FeatureListFilter, 'productId' | 'releaseId' | 'epicId' | 'initiativeId'>,
): Promise<Response> {
  const { db } = c.get('store');
  const page = paging(query);
  const { rows, total } = await listFeatures(
    db,
    {
      ...scope,
      q: query.q,
      updatedSince: query.updated_since,
      tag: query.tag,
      assignedToUser: query.assigned_to_user,
      workflowStatus: query.workflow_status,
    },
    page,
  );
  const features = await serializeFeatures(db, rows, originOf(c), wantedFields(query.fields, FEATURE_COMPACT_FIELDS));
  return c.json(pageBody('features', features.map((f) => pickFields(f, query.fields, FEATURE_COMPACT_FIELDS)), total, page));
}

/** A page of epics in a scope; `custom_fields[<key>]=value` pairs filter beside the query. */
export async function epicListResponse(
  c: Context<AppEnv>,
  query: z.output<typeof epicListQuery>,
  scope: Pick<EpicListFilter, 'productId' | 'releaseId' | 'initiativeId'>,
): Promise<Response> {
  const customFields = readCustomFieldPairs(c.req.queries());
  const { db } = c.get('store');
  const page = paging(query);
  const { rows, total } = await listEpics(
    db,
    {
      ...scope,
      q: query.q,
      updatedSince: query.updated_since,
      tag: query.tag,
      assignedToUser: query.assigned_to_user,
      workflowStatus: query.workflow_status,
      customFields,
    },
    page,
  );
  const epics = await serializeEpics(db, rows, originOf(c), wantedFields(query.fields, EPIC_COMPACT_FIELDS));
  return c.json(pageBody('epics', epics.map((e) => pickFields(e, query.fields, EPIC_COMPACT_FIELDS)), total, page));
}



export const featureList = listKind({ tags: ['Features'], query: featureListQuery, response: featurePage, answer: featureListResponse });
export const epicList = listKind({
  tags: ['Epics'],
  query: epicListQuery,
  response: epicPage,
  customFieldFilters: true,
  answer: epicListResponse,
});
/** The goals of a product or an initiative; `q` and `updated_since` filter both. */
export const goalList = listKind({
  tags: ['Goals'],
  query: listQuerySchema,
  response: goalPage,
  answer: pageAnswer(
    'goals',
    (db, scope: { productId: number } | { initiativeId: number }, p, query: z.output<typeof listQuerySchema>) =>
      listGoals(db, scope, p, { q: query.q, updatedSince: query.updated_since }),
    compactOrWhole(GOAL_COMPACT_FIELDS, goalCompact, goalBodies),
  ),
});
