// What the epic form offers to choose from — what every work-item form offers (releases with their
// capacity units, Epic statuses, users, teams), initiatives and the workspace's Epic custom fields —
// fetched together so the form renders once, with its defaults, after everything it needs has arrived.
import { useQuery } from '@tanstack/react-query';
import { epicQueries, type EpicCustomField } from '../../api/epics';
import { combineChoices, useWorkItemChoices, type ChoicesState, type LinkChoice, type WorkItemChoices } from '../../ui/form-choices';

export interface EpicFormChoices extends WorkItemChoices {
  initiatives: LinkChoice[];
  /** The workspace's Epic custom fields, in their defined order, with every select option. */
  customFields: EpicCustomField[];
}

export function useEpicFormChoices(productId: string | undefined): ChoicesState<EpicFormChoices> {
  const workItem = useWorkItemChoices(productId, 'Epic');
  const { id, enabled } = workItem;
  const initiatives = useQuery({ ...epicQueries.initiativeChoices(id), enabled });
  const customFields = useQuery({ ...epicQueries.customFields({ product: id }), enabled });
  return combineChoices([...workItem.queries, initiatives, customFields], () =>
    workItem.choices && initiatives.data && customFields.data
      ? {
          ...workItem.choices,
          initiatives: initiatives.data.map((i) => ({
            id: i.id,
            name: i.name ?? `Initiative ${i.id}`,
            reference_num: i.reference_num ?? '',
          })),
          customFields: customFields.data,
        }
      : undefined,
  );
}
