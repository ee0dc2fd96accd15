// A one-glance strip of the release's schedule: phases as bars, milestones as diamonds, today as a
// line. Purely visual — the phase list below carries the same facts for assistive tech.
import type { CSSProperties } from 'react';
import type { Release, ReleasePhase } from '../../contract/releases';
import { daysBetween, todayIso } from '../../domain/dates';
import { formatDate } from '../../ui/format';
import './phase-timeline.css';

interface Span {
  phase: ReleasePhase;
  start: string;
  end: string;
}

function spanOf(phase: ReleasePhase): Span | null {
  const start = phase.start_on ?? phase.end_on;
  const end = phase.end_on ?? phase.start_on;
  if (!start || !end) return null;
  return start <= end ? { phase, start, end } : { phase, start: end, end: start };
}

export function PhaseTimeline({ release, phases }: { release: Release; phases: readonly ReleasePhase[] }) {
  const spans = phases.map(spanOf).filter((s): s is Span => s !== null);
  const undated = phases.filter((p) => spanOf(p) === null);
  const bounds = [
    release.start_date,
    release.end_date,
    release.release_date,
    ...spans.flatMap((s) => [s.start, s.end]),
  ].filter((d): d is string => Boolean(d));

  if (spans.length === 0) {
    return (
      <p className="muted">
        {phases.length === 0 ? 'No phases or milestones yet.' : 'Give phases and milestones dates to see them on the timeline.'}
      </p>
    );
  }

  const first = bounds.reduce((a, b) => (a < b ? a : b));
  const last = bounds.reduce((a, b) => (a > b ? a : b));
  // Days are whole cells: a phase from Mon to Mon covers one day, so the axis has span+1 cells.
  const cells = daysBetween(first, last) + 1;
  const at = (date: string) => (daysBetween(first, date) / cells) * 100;
  const today = todayIso();
  const showToday = today >= first && today <= last;
  const mid = new Date(Date.parse(`${first}T00:00:00Z`) + (daysBetween(first, last) / 2) * 86_400_000).toISOString().slice(0, 10);

  const phasesCount = spans.filter((s) => s.phase.type === 'phase').length;
  const milestonesCount = spans.length - phasesCount;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const summary = `Timeline from ${formatDate(first)} to ${formatDate(last)}: ${plural(phasesCount, 'phase')} and ${plural(milestonesCount, 'milestone')}`;

  return (
    <figure className="timeline" role="img" aria-label={summary}>
      <div className="timeline__scale" aria-hidden="true">
        <span>{formatDate(first)}</span>
        <span>{formatDate(mid)}</span>
        <span>{formatDate(last)}</span>
      </div>
      <div className="timeline__lanes" aria-hidden="true">
        {showToday ? <div className="timeline__today" style={{ left: `${at(today) + 50 / cells}%` }} title="Today" /> : null}
        {spans.map((s) => {
          const left = at(s.start);
          const labelStyle: CSSProperties =
            left > 60 ? { right: `calc(${100 - left}% + 8px)`, left: 'auto' } : { left: `calc(${left}% + 8px)` };
          if (s.phase.type === 'milestone') {
            const center = left + 50 / cells;
            return (
              <div className="timeline__lane" key={s.phase.id}>
                <div className="timeline__milestone" style={{ left: `${center}%` }} title={`${s.phase.name}: ${formatDate(s.start)}`} />
                <span
                  className="timeline__milestone-label"
                  style={center > 60 ? { right: `calc(${100 - center}% + 12px)` } : { left: `${center}%` }}
                >
                  {s.phase.name}
                </span>
              </div>
            );
          }
          const width = ((daysBetween(s.start, s.end) + 1) / cells) * 100;
          return (
            <div className="timeline__lane" key={s.phase.id}>
              <div
                className="timeline__bar"
                style={{ left: `${left}%`, width: `${width}%` }}
                title={`${s.phase.name}: ${formatDate(s.start)} – ${formatDate(s.end)}`}
              >
                <div className="timeline__bar-fill" style={{ width: `${Math.max(0, Math.min(100, s.phase.progress ?? 0))}%` }} />
              </div>
              <span className="timeline__bar-label" style={labelStyle}>
                {s.phase.name}
              </span>
            </div>
          );
        })}
      </div>
      {undated.length > 0 ? (
        <figcaption className="timeline__undated">Without dates: {undated.map((p) => p.name).join(', ')}</figcaption>
      ) : null}
    </figure>
  );
}
