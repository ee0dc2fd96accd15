// The two epic lists' shared parts: the tabs between this workspace's list (operations 6 and the
// product list) and every workspace's (operation 7) — plain links, so each list keeps its own URL
// and filters — and the empty state both show.
import { Link } from 'react-router-dom';
import { ButtonLink } from '../../ui/button';
import { EmptyState, NoMatches } from '../../ui/empty-state';
import { paths } from '../../ui/paths';

export interface EpicListTabsProps {
  /** The workspace tab's target; without one (no workspace known yet) only the account tab shows. */
  productId: string | null;
  current: 'workspace' | 'all';
}

export function EpicListTabs({ productId, current }: EpicListTabsProps) {
  return (
    <nav className="epic-tabs" aria-label="Epic lists">
      {productId ? (
        <Link
          to={paths.epics(productId)}
          className={`epic-tabs__tab${current === 'workspace' ? ' epic-tabs__tab--current' : ''}`}
          aria-current={current === 'workspace' ? 'page' : undefined}
        >
          This workspace
        </Link>
      ) : null}
      <Link
        to={paths.allEpics}
        className={`epic-tabs__tab${current === 'all' ? ' epic-tabs__tab--current' : ''}`}
        aria-current={current === 'all' ? 'page' : undefined}
      >
        All workspaces
      </Link>
    </nav>
  );
}

export interface EpicListEmptyProps {
  filtered: boolean;
  onClear: () => void;
  /** What the list covers, for the texts. */
  scope: 'workspace' | 'release' | 'account';
  /** The "New epic" action; the account list has none without a workspace. */
  newEpicHref?: string | null;
}

/** The empty state of both epic lists: nothing matches the filters, or there are no epics yet. */
export function EpicListEmpty({ filtered, onClear, scope, newEpicHref }: EpicListEmptyProps) {
  if (filtered) {
    return (
      <NoMatches noun="epics" onClear={onClear}>
        Try other values, or clear the filters to see every epic of this {scope}.
      </NoMatches>
    );
  }
  return (
    <EmptyState
      title={scope === 'release' ? 'No epics in this release yet' : 'No epics yet'}
      action={
        newEpicHref ? (
          <ButtonLink to={newEpicHref} variant="primary">
            New epic
          </ButtonLink>
        ) : undefined
      }
    >
      {scope === 'account' ? 'Epics created in any workspace show here.' : 'Epics group the features of a larger piece of work.'}
    </EmptyState>
  );
}
