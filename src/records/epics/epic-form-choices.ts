// What the epic form offers to choose from — what every work-item form offers (releases with their
// capacity units, Epic statuses, users, teams) and initiatives — and the workspace's Epic layout it
// is drawn from (its custom fields with their definitions), fetched together so the form renders
// once, with its defaults, after everything it needs has arrived.
import { useQuery } from '@tanstack/react-query';
import { epicQueries } from '../../api/epics';
import type { ScreenLayout } from '../../contract/layouts';
import { combineChoices, useWorkItemChoices, type ChoicesState, type LinkChoice, type WorkItemChoices } from '../../ui/form-choices';
import { useWorkspaceLayout } from '../../ui/use-workspace-layout';

export interface EpicFormChoices extends WorkItemChoices {
  initiatives: LinkChoice[];
  /** The workspace's Epic layout (the built-in one when it could not be read). */
  layout: ScreenLayout;
}

export function useEpicFormChoices(productId: string | undefined): ChoicesState<EpicFormChoices> {
  const workItem = useWorkItemChoices(productId, 'Epic');
  const { id, enabled } = workItem;
  const initiatives = useQuery({ ...epicQueries.initiativeChoices(id), enabled });
  // Not among the queries whose failure stops the form: the built-in layout stands in then.
  const { layout } = useWorkspaceLayout(productId, 'Epic');
  return combineChoices([...workItem.queries, initiatives], () =>
    workItem.choices && initiatives.data && layout
      ? {
          ...workItem.choices,
          initiatives: initiatives.data.map((i) => ({
            id: i.id,
            name: i.name ?? `Initiative ${i.id}`,
            reference_num: i.reference_num ?? '',
          })),
          layout,
        }
      : undefined,
  );
}
