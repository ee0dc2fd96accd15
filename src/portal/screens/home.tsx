// The first view (`/`) and "My ideas" (`/my-ideas`): the portal's ideas, or the viewer's own.
// Both stay in the entry chunk: they are the list, and the home page must show it without a wait.
import type { PortalInfo, Viewer } from '../../contract/portal-site';
import { count } from '../format';
import { IdeaList } from '../idea-list';
import { Link, signInPath, useLocation } from '../router';
import { EmptyState, ScreenHead, useDocumentTitle } from '../ui';

export function VotesLeft({ viewer }: { viewer: Viewer }) {
  if (viewer.votes_cap === null) return null;
  const left = Math.max(0, viewer.votes_cap - viewer.votes_held);
  return (
    <p className="votes-left">
      <strong>{left}</strong> of {count(viewer.votes_cap, 'vote')} left
    </p>
  );
}

function AddIdeaLink() {
  return (
    <Link to="/ideas/new" className="button button-primary">
      Add an idea
    </Link>
  );
}

export function HomeScreen({ portal, viewer }: { portal: PortalInfo; viewer: Viewer | null }) {
  useDocumentTitle('Ideas', portal.title);
  const { here } = useLocation();
  // Employees see what their visibility allows; everyone else sees their own ideas only.
  const ownOnly = portal.access_type === 'submit-only' && !viewer?.employee;
  return (
    <div className="screen">
      <ScreenHead
        title="Ideas"
        lead={
          ownOnly
            ? 'In this portal you see the ideas you submitted. Add one, and follow it from here.'
            : 'Suggest an idea, vote for the ones you want most, and follow them to release.'
        }
        actions={
          <>
            {viewer ? <VotesLeft viewer={viewer} /> : null}
            <AddIdeaLink />
          </>
        }
      />
      <IdeaList
        portal={portal}
        viewer={viewer}
        empty={
          ownOnly && !viewer ? (
            <EmptyState
              title="Sign in to see your ideas"
              actions={
                <>
                  <Link to={signInPath(here)} className="button">
                    Sign in
                  </Link>
                  <AddIdeaLink />
                </>
              }
            >
              In this portal you see the ideas you submitted. Sign in to see yours, or add a new one.
            </EmptyState>
          ) : (
            <EmptyState title={ownOnly ? 'You have not submitted an idea yet' : 'No ideas yet'} actions={<AddIdeaLink />}>
              {ownOnly
                ? 'Ideas you add show here, with their status and votes.'
                : 'Be the first: what would make the product better for you?'}
            </EmptyState>
          )
        }
      />
    </div>
  );
}

export function MyIdeasScreen({ portal, viewer }: { portal: PortalInfo; viewer: Viewer }) {
  useDocumentTitle('My ideas', portal.title);
  return (
    <div className="screen">
      <ScreenHead
        title="My ideas"
        lead="The ideas you submitted, with their status and votes."
        actions={
          <>
            <VotesLeft viewer={viewer} />
            <AddIdeaLink />
          </>
        }
      />
      <IdeaList
        portal={portal}
        viewer={viewer}
        mine
        empty={
          <EmptyState title="You have not submitted an idea yet" actions={<AddIdeaLink />}>
            Ideas you add show here, with their status and votes.
          </EmptyState>
        }
      />
    </div>
  );
}
