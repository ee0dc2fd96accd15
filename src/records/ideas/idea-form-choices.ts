// What the idea form offers to choose from — the product's Idea statuses, users, idea categories
// and idea portals — and the workspace's Idea layout it is drawn from, fetched together so the form
// renders once, with its defaults, after all arrived.
import { useQuery } from '@tanstack/react-query';
import { accountQueries, statusesFor } from '../../api/account';
import { ideaQueries, portalQueries } from '../../api/ideas';
import { combineChoices, type ChoicesState } from '../../ui/form-choices';
import { useWorkspaceLayout } from '../../ui/use-workspace-layout';
import type { IdeaFormChoices } from './idea-form';

export function useIdeaFormChoices(productId: string): ChoicesState<IdeaFormChoices> {
  const users = useQuery(accountQueries.users());
  const workflows = useQuery(accountQueries.workflows(productId));
  const categories = useQuery(ideaQueries.categories(productId));
  const portals = useQuery(portalQueries.list(productId));
  // Not among the queries whose failure stops the form: the built-in layout stands in then.
  const { layout } = useWorkspaceLayout(productId, 'Ideas::Idea');
  return combineChoices([users, workflows, categories, portals], () =>
    users.data && workflows.data && categories.data && portals.data && layout
      ? {
          statuses: statusesFor(workflows.data, 'Idea'),
          users: users.data.users,
          categories: categories.data,
          portals: portals.data,
          layout,
        }
      : undefined,
  );
}
