// The vote box of an idea (the list's rows, the idea page, the suggestions): its count, and a
// toggle that votes (value 1) or takes the vote back. Nobody signed in: it leads to the sign-in
// and back. Refused (no votes left, voting closed): aria-disabled, the reason in words beside it
// or where `reasonId` points. The answer's numbers go everywhere at once (store.ts).
import { useId, useState } from 'react';
import { portalVoteResultSchema } from '../contract/portal-site';
import type { PortalIdeaSummary, Viewer } from '../contract/portal-site';
import { errorText, request } from './api';
import { currentLocation, navigate, signInPath } from './router';
import { applyIdeaSummary, invalidate, setViewer, useSession } from './store';
import { ArrowUpIcon } from './ui';

export type VotableIdea = Pick<PortalIdeaSummary, 'id' | 'name' | 'votes' | 'my_votes' | 'status'>;

/** Why the viewer cannot add a vote to `idea`, or null (the idea page has the service's own reason). */
export function voteRefusal(idea: VotableIdea, viewer: Viewer | null): string | null {
  if (idea.status.complete) return `Voting is closed: this idea is ${idea.status.name}.`;
  if (viewer && viewer.votes_cap !== null && viewer.votes_held >= viewer.votes_cap) {
    return `You have used all ${viewer.votes_cap} of your votes; take one back to vote for this.`;
  }
  return null;
}

/**
 * Why the vote button is refused now, or null: the reason given (the idea page's, from the service)
 * or worked out here; nobody signed in is refused only when voting is closed (else they sign in).
 * Taking one's vote back stays possible while voting is open.
 */
export function blockedReason(idea: VotableIdea, viewer: Viewer | null, refusal?: string | null): string | null {
  const reason = !viewer ? voteRefusal(idea, null) : refusal === undefined ? voteRefusal(idea, viewer) : refusal;
  return reason && (idea.my_votes === 0 || idea.status.complete) ? reason : null;
}

/** Casts or takes back the viewer's vote on an idea; the new numbers go everywhere. */
export async function castVote(id: string, take: boolean): Promise<void> {
  const result = await request(
    `/ideas/${encodeURIComponent(id)}/vote`,
    portalVoteResultSchema,
    take ? { method: 'DELETE' } : { method: 'POST', json: { value: 1 } },
  );
  setViewer(result.viewer);
  applyIdeaSummary(result.idea);
  // An idea page's own refusal (its cap, the viewer's) is the service's to say again.
  invalidate((path) => /^\/ideas\/[^/?]+$/.test(path) && path !== '/ideas/related');
}

export interface VoteButtonProps {
  idea: VotableIdea;
  /** The reason the viewer cannot vote (undefined: work it out here). */
  refusal?: string | null | undefined;
  /** Where the reason is written when not beside the button (a list's one notice). */
  reasonId?: string | undefined;
  size?: 'md' | 'lg';
  /** A list's row: the reason beside the button is one word ("Closed"), the sentence for screen readers. */
  compact?: boolean;
}

export function VoteButton({ idea, refusal, reasonId, size = 'md', compact = false }: VoteButtonProps) {
  const { viewer } = useSession();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ownId = useId();
  const voted = idea.my_votes > 0;
  const reason = blockedReason(idea, viewer, refusal);
  const blocked = reason !== null;
  const showReason = blocked && !reasonId;
  const described = [blocked ? (reasonId ?? `${ownId}-reason`) : '', error ? `${ownId}-error` : ''].filter(Boolean).join(' ');

  const onClick = async () => {
    if (blocked || pending) return;
    if (!viewer) {
      navigate(signInPath(currentLocation().here));
      return;
    }
    setPending(true);
    setError(null);
    try {
      await castVote(idea.id, voted);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setPending(false);
    }
  };

  return (
    <div className={`vote vote-${size}`}>
      <button
        type="button"
        className={`vote-button${voted ? ' is-voted' : ''}`}
        aria-pressed={voted}
        aria-disabled={blocked || pending || undefined}
        aria-busy={pending || undefined}
        aria-describedby={described || undefined}
        onClick={() => void onClick()}
      >
        <ArrowUpIcon />
        <span className="vote-count">{idea.votes}</span>{' '}
        <span className="sr-only">
          {idea.votes === 1 ? 'vote' : 'votes'}
          {viewer || blocked ? `, vote for ${idea.name}` : `, sign in to vote for ${idea.name}`}
        </span>
        <span className="vote-label" aria-hidden="true">
          {voted ? 'Voted' : 'Vote'}
        </span>
      </button>
      {showReason ? (
        <p id={`${ownId}-reason`} className="vote-reason">
          {compact ? (
            <>
              <span aria-hidden="true">{idea.status.complete ? 'Closed' : 'No votes left'}</span>
              <span className="sr-only">{reason}</span>
            </>
          ) : (
            reason
          )}
        </p>
      ) : null}
      {error ? (
        <p id={`${ownId}-error`} className="vote-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
