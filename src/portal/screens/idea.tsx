// An idea's page (`/ideas/:id`, an id or a reference such as PLN-I-12), its own chunk with DOMPurify:
// name, status, votes and the vote toggle (the service's refusal as the reason), "Get status
// updates", the description and the team's published response (sanitised), what it became
// ("Planned: … in … (date)"), its files, and the comments.
import { useId, useState } from 'react';
import { portalIdeaEnvelope, subscriptionSchema } from '../../contract/portal-site';
import type { PortalIdea, PortalInfo, PortalPromotion, Viewer } from '../../contract/portal-site';
import { errorText, PortalApiError, request } from '../api';
import { fileSize, formatDate, fullDate } from '../format';
import { Link, PageHeading, signInPath, useLocation } from '../router';
import { Html } from '../sanitize';
import { patchIdea, useResource } from '../store';
import { ActionProblem, BackLink, EmptyState, ErrorBox, IdeasAction, SkeletonBlock, StatusPill, useDocumentTitle } from '../ui';
import { blockedReason, VoteButton } from '../vote-button';
import { Comments } from './comments';

/** "Planned: Offline sync in Release 2.4 (12 Mar 2026)"; "Shipped: …" once the release is out. */
export function plannedText(p: PortalPromotion): string {
  let text = `${p.release?.released ? 'Shipped' : 'Planned'}: ${p.name}`;
  if (p.release) {
    text += ` in ${p.release.name}`;
    const date = formatDate(p.release.release_date);
    if (date) text += ` (${date})`;
  }
  return text;
}

export default function IdeaScreen({ id, portal, viewer }: { id: string; portal: PortalInfo; viewer: Viewer | null }) {
  const res = useResource(`/ideas/${encodeURIComponent(id)}`, portalIdeaEnvelope);
  const idea = res.data?.idea;
  const reasonId = useId();
  const refused = idea ? blockedReason(idea, viewer, idea.vote_refusal) : null;
  useDocumentTitle(idea?.name ?? 'Idea', portal.title);

  if (!idea && res.error) {
    const missing = res.error instanceof PortalApiError && res.error.status === 404;
    return (
      <div className="screen narrow">
        <BackLink />
        <PageHeading className="screen-title">{missing ? 'Idea not found' : 'The idea could not be loaded'}</PageHeading>
        {missing ? (
          <EmptyState title="There is no such idea here" actions={<IdeasAction label="See all ideas" primary />}>
            It may have been merged into another idea, or it is not visible to you.
          </EmptyState>
        ) : (
          <ErrorBox error={res.error} onRetry={res.reload} />
        )}
      </div>
    );
  }

  return (
    <div className="screen idea-screen">
      <BackLink />
      <div className="idea-head">
        {idea ? (
          <VoteButton idea={idea} refusal={idea.vote_refusal} size="lg" reasonId={reasonId} />
        ) : (
          <span className="skeleton skeleton-vote-lg" aria-hidden="true" />
        )}
        <div className="idea-head-text">
          <PageHeading className="screen-title idea-title">
            {idea ? (
              idea.name
            ) : (
              <>
                <span className="sr-only">Loading the idea…</span>
                <span className="skeleton skeleton-heading" aria-hidden="true" />
              </>
            )}
          </PageHeading>
          {idea ? (
            <div className="idea-meta">
              <StatusPill status={idea.status} />
              {idea.categories.map((c) => (
                <span key={c.id} className="chip">
                  {c.name}
                </span>
              ))}
              <span className="meta-item meta-muted">{idea.reference_num}</span>
              <span className="meta-item meta-muted">
                By {idea.created_by_name}
                {idea.mine ? ' (you)' : ''} ·{' '}
                <time dateTime={idea.created_at} title={fullDate(idea.created_at)}>
                  {formatDate(idea.created_at)}
                </time>
              </span>
            </div>
          ) : (
            <span className="skeleton skeleton-line skeleton-lead" aria-hidden="true" />
          )}
          {refused ? (
            <p id={reasonId} className="vote-note">
              {refused}
            </p>
          ) : idea && idea.my_votes > 0 ? (
            <p className="vote-note">You voted for this idea. Select Voted again to take your vote back.</p>
          ) : null}
        </div>
      </div>

      {idea ? (
        <div className="idea-layout">
          <div className="idea-main">
            {idea.promoted_to ? (
              <p className="planned">
                <svg className="icon" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
                  <path d="M4 10.5 8 14l8-8" />
                </svg>
                {plannedText(idea.promoted_to)}
              </p>
            ) : null}
            <section className="card idea-description" aria-label="Description">
              <Html html={idea.description_html} empty={<p className="muted">No description.</p>} />
              {idea.attachments.length > 0 ? <Attachments idea={idea} /> : null}
            </section>
            {idea.admin_response ? <TeamResponse response={idea.admin_response} /> : null}
            <Comments idea={idea} viewer={viewer} />
          </div>
          <aside className="idea-aside" aria-label="About this idea">
            <div className="card aside-card">
              <Subscription idea={idea} viewer={viewer} />
            </div>
            <div className="card aside-card facts-card">
              <dl className="facts">
                <div>
                  <dt>Status</dt>
                  <dd>
                    <StatusPill status={idea.status} />
                  </dd>
                </div>
                <div>
                  <dt>Votes</dt>
                  <dd>
                    {idea.votes}
                    {idea.my_votes > 0 ? ' (including yours)' : ''}
                  </dd>
                </div>
                {idea.categories.length > 0 ? (
                  <div>
                    <dt>Categories</dt>
                    <dd className="chips">
                      {idea.categories.map((c) => (
                        <span key={c.id} className="chip">
                          {c.name}
                        </span>
                      ))}
                    </dd>
                  </div>
                ) : null}
                <div>
                  <dt>Submitted</dt>
                  <dd>
                    {formatDate(idea.created_at)} by {idea.created_by_name}
                  </dd>
                </div>
                {idea.promoted_to?.release ? (
                  <div>
                    <dt>Release</dt>
                    <dd>
                      {idea.promoted_to.release.name}
                      {idea.promoted_to.release.release_date ? ` · ${formatDate(idea.promoted_to.release.release_date)}` : ''}
                    </dd>
                  </div>
                ) : null}
              </dl>
            </div>
          </aside>
        </div>
      ) : (
        <div className="idea-layout">
          <div className="idea-main">
            <div className="card">
              <SkeletonBlock label="Loading the idea…" lines={5} />
            </div>
          </div>
        </div>
      )}
    </div>
  );
}

function TeamResponse({ response }: { response: NonNullable<PortalIdea['admin_response']> }) {
  const id = useId();
  return (
    <section className="team-response" aria-labelledby={id}>
      <h2 id={id} className="team-response-title">
        <span className="team-badge">Team</span> Response from the team
      </h2>
      <Html html={response.body_html} />
      <p className="muted small">
        Updated <time dateTime={response.updated_at}>{formatDate(response.updated_at)}</time>
      </p>
    </section>
  );
}

function Attachments({ idea }: { idea: PortalIdea }) {
  const id = useId();
  return (
    <div className="attachments">
      <h2 id={id} className="small-title">
        Files
      </h2>
      <ul aria-labelledby={id} className="attachment-list">
        {idea.attachments.map((a) => (
          <li key={a.id}>
            <a href={a.download_url} download={a.file_name} className="attachment">
              <svg className="icon" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
                <path d="M6 2h6l4 4v12H6Z M12 2v4h4" />
              </svg>
              <span className="attachment-name">{a.file_name}</span>
              <span className="muted small">{fileSize(a.file_size)}</span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Subscription({ idea, viewer }: { idea: PortalIdea; viewer: Viewer | null }) {
  const { here } = useLocation();
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const hintId = useId();
  if (!viewer) {
    return (
      <p className="subscribe-signed-out">
        <Link to={signInPath(here)}>Sign in</Link> to vote, comment and get status updates.
      </p>
    );
  }
  const toggle = async (on: boolean) => {
    setPending(true);
    setProblem(null);
    try {
      const answer = await request(`/ideas/${encodeURIComponent(idea.id)}/subscription`, subscriptionSchema, {
        method: on ? 'PUT' : 'DELETE',
      });
      patchIdea(idea.id, { subscribed: answer.subscribed });
    } catch (err) {
      setProblem(errorText(err));
    } finally {
      setPending(false);
    }
  };
  return (
    <div className="subscribe">
      <label className="switch">
        <input
          type="checkbox"
          role="switch"
          checked={idea.subscribed}
          disabled={pending}
          aria-describedby={hintId}
          onChange={(e) => void toggle(e.target.checked)}
        />
        <span className="switch-track" aria-hidden="true" />
        <span className="switch-label">Get status updates</span>
      </label>
      <p id={hintId} className="field-hint">
        {idea.subscribed ? 'You are told in Notifications when its status changes.' : 'Be told in Notifications when its status changes.'}
      </p>
      <ActionProblem problem={problem} />
    </div>
  );
}
