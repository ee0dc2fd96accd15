// What the feature form offers to choose from — what every work-item form offers (releases with
// their capacity units, Feature statuses, users, teams), kinds, epics and initiatives — and the
// workspace's Feature layout it is drawn from, fetched together so the form renders once, with its
// defaults, after everything it needs has arrived.
import { useQuery } from '@tanstack/react-query';
import { accountQueries } from '../../api/account';
import { epicChoicesQuery, initiativeChoicesQuery } from '../../api/work-item-route-queries';
import type { WorkflowKind } from '../../contract/account';
import type { ScreenLayout } from '../../contract/layouts';
import {
  byName,
  combineChoices,
  useWorkItemChoices,
  type ChoicesState,
  type LinkChoice,
  type WorkItemChoices,
} from '../../ui/form-choices';
import { useWorkspaceLayout } from '../../ui/use-workspace-layout';

export { releaseChoicesQuery, type LinkChoice, type ReleaseChoice } from '../../ui/form-choices';

export interface FeatureFormChoices extends WorkItemChoices {
  kinds: WorkflowKind[];
  /** The workspace's epics by name, each with the name of its release. */
  epics: LinkChoice[];
  /** The workspace's initiatives by name. */
  initiatives: LinkChoice[];
  /** The workspace's Feature layout (the built-in one when it could not be read). */
  layout: ScreenLayout;
}

export function useFeatureFormChoices(productId: string | undefined): ChoicesState<FeatureFormChoices> {
  const workItem = useWorkItemChoices(productId, 'Feature');
  const { id, enabled } = workItem;
  const kinds = useQuery({ ...accountQueries.workflowKinds(id), enabled });
  // The link choices read one page of the largest size. A workspace with more than 200 epics or
  // initiatives offers the 200 most recent here (plus the feature's current link); the service
  // still takes any by name or key.
  const epics = useQuery({ ...epicChoicesQuery(id), enabled });
  const initiatives = useQuery({ ...initiativeChoicesQuery(id), enabled });
  // Not among the queries whose failure stops the form: the built-in layout stands in then.
  const { layout } = useWorkspaceLayout(productId, 'Feature');
  return combineChoices([...workItem.queries, kinds, epics, initiatives], () =>
    workItem.choices && kinds.data && epics.data && initiatives.data && layout
      ? {
          ...workItem.choices,
          layout,
          kinds: kinds.data,
          epics: epics.data.epics
            .map((e) => ({
              id: e.id,
              name: e.name ?? `Epic ${e.id}`,
              reference_num: e.reference_num ?? '',
              ...(e.release?.name ? { release: e.release.name } : {}),
            }))
            .sort(byName),
          initiatives: initiatives.data.initiatives
            .map((i) => ({ id: i.id, name: i.name ?? `Initiative ${i.id}`, reference_num: i.reference_num ?? '' }))
            .sort(byName),
        }
      : undefined,
  );
}
