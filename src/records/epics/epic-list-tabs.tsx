// Switches between the two epic lists: this workspace's (operations 6 and product list) and every
// workspace's (operation 7). Plain links, so each list keeps its own URL and filters.
import { Link } from 'react-router-dom';
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
