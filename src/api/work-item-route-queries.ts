// What the feature and epic forms and pages read beside their record, built as ./route-queries does
// for the lists. Apart from it so that this code stays out of the lists' first load (the JavaScript
// budget of e2e/first-load.spec.ts): the routes import it when a form or a page opens, while the
// screen's own chunk downloads.
import type { QueryClient } from '@tanstack/react-query';
import { MAX_PER_PAGE } from '../contract/common';
import type { Feature } from '../contract/features';
import { accountQueries } from './account';
import { EPIC_FEATURE_FIELDS, epicQueries } from './epics';
import { initiativeQueries } from './initiatives';
import { warmQuery } from './load';
import { requirementQueries } from './requirements';
import { releaseChoicesQuery, warmLayouts } from './route-queries';

// ---- Features --------------------------------------------------------------------------------

export const REQUIREMENTS_PER_PAGE = 20;

/** The first page of a feature's requirements, as its page shows them. */
export const featureRequirementsQuery = (featureId: string) =>
  requirementQueries.list(featureId, { page: 1, perPage: REQUIREMENTS_PER_PAGE });

export const epicChoicesQuery = (productId: string) =>
  epicQueries.list({ product: productId }, { perPage: MAX_PER_PAGE, fields: 'name,reference_num,release' });
export const initiativeChoicesQuery = (productId: string) =>
  initiativeQueries.list(productId, { perPage: MAX_PER_PAGE, fields: 'name,reference_num' });

/** What the feature form offers to choose from, and the Feature layout it is drawn from. */
export async function warmFeatureForm(queryClient: QueryClient, productId: string): Promise<void> {
  await Promise.all([
    warmQuery(queryClient, releaseChoicesQuery(productId)),
    warmQuery(queryClient, accountQueries.workflows(productId)),
    warmQuery(queryClient, accountQueries.workflowKinds(productId)),
    warmQuery(queryClient, accountQueries.users()),
    warmQuery(queryClient, accountQueries.teams(productId)),
    warmQuery(queryClient, epicChoicesQuery(productId)),
    warmQuery(queryClient, initiativeChoicesQuery(productId)),
    warmLayouts(queryClient, productId),
  ]);
}

/** What a feature's page shows beside the feature itself. */
export async function warmFeaturePage(queryClient: QueryClient, feature: Pick<Feature, 'id' | 'product_id'>): Promise<void> {
  // The thread's module is not in the lists' first load (the JavaScript budget): fetched here, beside the page's chunk.
  void import('./comments').then(({ warmThread }) => warmThread(queryClient, { kind: 'features', id: feature.id }));
  await Promise.all([
    warmQuery(queryClient, featureRequirementsQuery(feature.id)),
    warmQuery(queryClient, accountQueries.workflows(feature.product_id)),
    warmQuery(queryClient, accountQueries.users()),
    // The page's facts and the requirement form are drawn from the Feature and Requirement layouts.
    warmLayouts(queryClient, feature.product_id),
  ]);
}

// ---- Epics -----------------------------------------------------------------------------------

export const EPIC_FEATURES_PER_PAGE = 30;

/** The first page of an epic's features, as its page shows them. */
export const epicFeaturesQuery = (epicId: string) =>
  epicQueries.features(epicId, { page: 1, perPage: EPIC_FEATURES_PER_PAGE, fields: EPIC_FEATURE_FIELDS });

/** What the epic form offers to choose from, and the Epic layout it is drawn from. */
export async function warmEpicForm(queryClient: QueryClient, productId: string): Promise<void> {
  await Promise.all([
    warmQuery(queryClient, releaseChoicesQuery(productId)),
    warmQuery(queryClient, accountQueries.workflows(productId)),
    warmQuery(queryClient, epicQueries.initiativeChoices(productId)),
    warmQuery(queryClient, accountQueries.users()),
    warmQuery(queryClient, accountQueries.teams(productId)),
    warmQuery(queryClient, epicQueries.customFields({ product: productId })),
    warmLayouts(queryClient, productId),
  ]);
}
