// The portal's roadmap (`/roadmap`): the ideas that became planned work, in columns by status, each
// card saying what it became and the release it ships in.
import { useId } from 'react';
import { portalRoadmapSchema } from '../../contract/portal-site';
import type { PortalInfo, PortalPromotion } from '../../contract/portal-site';
import { count, formatDate } from '../format';
import { Link } from '../router';
import { useResource } from '../store';
import { EmptyState, ErrorBox, IdeasAction, ScreenHead, StatusPill, useDocumentTitle } from '../ui';

const KIND_LABELS: Record<PortalPromotion['kind'], string> = { feature: 'Feature', epic: 'Epic', initiative: 'Initiative' };

/** "Planned: Feature Offline sync · Release 2.4 12 Mar 2026". */
export function roadmapLine(p: PortalPromotion): string {
  let text = `Planned: ${KIND_LABELS[p.kind]} ${p.name}`;
  if (p.release) {
    text += ` · ${p.release.name}`;
    const date = formatDate(p.release.release_date);
    if (date) text += ` ${date}`;
  }
  return text;
}

export default function RoadmapScreen({ portal }: { portal: PortalInfo }) {
  useDocumentTitle('Roadmap', portal.title);
  const res = useResource('/roadmap', portalRoadmapSchema);
  const ids = useId();
  const columns = res.data?.columns.filter((c) => c.ideas.length > 0);
  return (
    <div className="screen wide">
      <ScreenHead title="Roadmap" lead="Ideas the team has planned, by status, and the releases they ship in." />
      {columns ? (
        columns.length > 0 ? (
          <div className="roadmap">
            {columns.map((col, i) => (
              <section key={col.status.id} className="roadmap-column" aria-labelledby={`${ids}-${i}`}>
                <h2 id={`${ids}-${i}`} className="roadmap-column-title">
                  <StatusPill status={col.status} />
                  <span className="muted small">{count(col.ideas.length, 'idea')}</span>
                </h2>
                <ul className="roadmap-cards">
                  {col.ideas.map((idea) => (
                    <li key={idea.id} className="roadmap-card">
                      <Link to={`/ideas/${encodeURIComponent(idea.reference_num)}`} className="roadmap-card-name">
                        {idea.name}
                      </Link>
                      <p className="roadmap-plan">{roadmapLine(idea.promoted_to)}</p>
                      <p className="muted small">
                        {count(idea.votes, 'vote')} · {count(idea.comments_count, 'comment')}
                        {idea.my_votes > 0 ? ' · you voted' : ''}
                      </p>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        ) : (
          <EmptyState title="Nothing on the roadmap yet" actions={<IdeasAction label="Browse ideas" />}>
            When the team plans an idea, it shows here with the release it ships in.
          </EmptyState>
        )
      ) : res.error ? (
        <ErrorBox error={res.error} onRetry={res.reload} title="The roadmap could not be loaded" />
      ) : (
        <div className="roadmap" role="status">
          <span className="sr-only">Loading the roadmap…</span>
          {[0, 1, 2].map((i) => (
            <div key={i} className="roadmap-column" aria-hidden="true">
              <span className="skeleton skeleton-line skeleton-short" />
              <span className="skeleton roadmap-card-skeleton" />
              <span className="skeleton roadmap-card-skeleton" />
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
