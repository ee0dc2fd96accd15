// The roadmap's frame: the month/quarter header and the lanes below it share one horizontal
// position. The page scrolls vertically (so every lane can be read to its end) while the timeline
// scrolls only sideways; the header sticks to the top of the window and follows the lanes' sideways
// scroll, the name column sticks to the left. On load (and on a zoom change) it scrolls so today is
// in view; buttons step a few months at a time for those without a sideways wheel.
import { useCallback, useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode, type RefObject } from 'react';
import { Button } from '../../ui/button';
import { ErrorState } from '../../ui/error-state';
import { formatDate } from '../../ui/format';
import { LANE_TITLES, unscheduledText, type LaneKind, type Unscheduled } from './lanes';
import {
  addDays,
  computeScale,
  scrollLeftFor,
  ticks,
  todayX,
  yearBands,
  type Scale,
  type Zoom,
} from './layout';

/** Width of the sticky name column in px (the CSS reads it as `--rm-label`). */
export const LABEL_WIDTH = 248;

type CssVars = CSSProperties & Record<`--${string}`, string>;

export type LaneContent =
  | {
      status: 'ready';
      drawn: number;
      total: number;
      unscheduled: readonly Unscheduled[];
      render: (scale: Scale) => ReactNode;
    }
  | { status: 'error'; error: unknown; onRetry: () => void; retrying: boolean };

export interface TimelineLane {
  kind: LaneKind;
  content: LaneContent;
}

export interface RoadmapTimelineProps {
  zoom: Zoom;
  today: string;
  /** Every date drawn by the lanes shown: the range covers them and today. */
  dates: readonly string[];
  lanes: readonly TimelineLane[];
}

/** The scroll box's inner width, kept current as the window changes. */
function useWidth(ref: RefObject<HTMLDivElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

export function RoadmapTimeline({ zoom, today, dates, lanes }: RoadmapTimelineProps) {
  const scrollerRef = useRef<HTMLDivElement>(null);
  const headRef = useRef<HTMLDivElement>(null);
  const viewWidth = useWidth(scrollerRef);
  const trackView = Math.max(0, viewWidth - LABEL_WIDTH);
  const scale = computeScale(dates, zoom, { today, marginUnits: 1, minWidth: trackView });
  const tx = todayX(today, scale);
  const [edges, setEdges] = useState({ atStart: true, atEnd: true });

  // The header is its own (clipped) box so it can stick to the window: it mirrors the lanes' scroll.
  const syncHeader = useCallback(() => {
    const el = scrollerRef.current;
    if (!el) return;
    if (headRef.current) headRef.current.scrollLeft = el.scrollLeft;
    const atStart = el.scrollLeft <= 1;
    const atEnd = el.scrollLeft + el.clientWidth >= el.scrollWidth - 1;
    setEdges((current) => (current.atStart === atStart && current.atEnd === atEnd ? current : { atStart, atEnd }));
  }, []);

  // Scroll to today when the timeline is first measured and whenever the zoom changes — not on
  // every refetch, which would yank the view away from where the person scrolled.
  const scrolledFor = useRef('');
  const scrollKey = `${zoom}|${viewWidth > 0}`;
  useLayoutEffect(() => {
    const el = scrollerRef.current;
    if (!el || scrolledFor.current === scrollKey) return;
    scrolledFor.current = scrollKey;
    el.scrollLeft = scrollLeftFor(tx, trackView, scale.width);
    syncHeader();
  }, [scrollKey, tx, trackView, scale.width, syncHeader]);
  useLayoutEffect(syncHeader, [syncHeader, viewWidth, scale.width]);

  const step = (direction: -1 | 1) => {
    const el = scrollerRef.current;
    if (!el) return;
    const by = Math.max(scale.unitWidth, Math.floor(trackView / scale.unitWidth - 1) * scale.unitWidth);
    el.scrollBy({ left: direction * by, behavior: 'smooth' });
  };
  const toToday = () => {
    const el = scrollerRef.current;
    if (el) el.scrollTo({ left: scrollLeftFor(tx, trackView, scale.width), behavior: 'smooth' });
  };

  const unitTicks = ticks(scale);
  const years = yearBands(scale);
  const style: CssVars = { '--rm-label': `${LABEL_WIDTH}px`, '--rm-view': `${viewWidth}px` };
  const canvasWidth = LABEL_WIDTH + scale.width;
  const unitWord = zoom === 'quarter' ? 'quarters' : 'months';

  return (
    <div
      className={`rm${edges.atStart ? '' : ' rm--more-before'}${edges.atEnd ? '' : ' rm--more-after'}`}
      style={style}
      data-zoom={zoom}
    >
      <div
        className="rm__head"
        ref={headRef}
        onWheel={(event) => {
          // The header only mirrors the lanes: a sideways swipe over it scrolls them.
          if (scrollerRef.current && Math.abs(event.deltaX) > Math.abs(event.deltaY)) {
            scrollerRef.current.scrollLeft += event.deltaX;
          }
        }}
      >
        <div className="rm__header" style={{ width: canvasWidth }}>
          <div className="rm__corner">
            <span className="rm__range">
              {formatDate(scale.start)} – {formatDate(addDays(scale.end, -1))}
            </span>
            <span className="rm__pan">
              <Button
                size="sm"
                variant="ghost"
                className="rm__pan-btn"
                onClick={() => step(-1)}
                disabled={edges.atStart}
                aria-label={`Earlier ${unitWord}`}
                title={`Earlier ${unitWord}`}
              >
                <span aria-hidden="true">‹</span>
              </Button>
              <Button size="sm" variant="ghost" className="rm__pan-btn" onClick={toToday} disabled={tx === null}>
                Today
              </Button>
              <Button
                size="sm"
                variant="ghost"
                className="rm__pan-btn"
                onClick={() => step(1)}
                disabled={edges.atEnd}
                aria-label={`Later ${unitWord}`}
                title={`Later ${unitWord}`}
              >
                <span aria-hidden="true">›</span>
              </Button>
            </span>
          </div>
          <div className="rm__scale" style={{ width: scale.width }} aria-hidden="true">
            <div className="rm__years">
              {years.map((band) => (
                <span key={band.year} className="rm__year" style={{ left: band.x, width: band.width }}>
                  <span className="rm__year-text">{band.year}</span>
                </span>
              ))}
            </div>
            <div className="rm__units">
              {unitTicks.map((tick) => (
                <span
                  key={tick.date}
                  className={`rm__unit${tick.yearStart ? ' rm__unit--year' : ''}`}
                  style={{ left: tick.x, width: tick.width }}
                  title={tick.title}
                >
                  {tick.label}
                </span>
              ))}
            </div>
            {tx !== null ? (
              <span className="rm__today-flag" style={{ left: tx }}>
                Today
              </span>
            ) : null}
          </div>
        </div>
      </div>

      <div className="rm__scroller" ref={scrollerRef} onScroll={syncHeader}>
        <div className="rm__canvas" style={{ width: canvasWidth }}>
          <div className="rm__body">
            <div className="rm__grid" aria-hidden="true">
              {unitTicks.map((tick) => (
                <span
                  key={tick.date}
                  className={`rm__gridline${tick.yearStart ? ' rm__gridline--year' : ''}`}
                  style={{ left: LABEL_WIDTH + tick.x }}
                />
              ))}
            </div>
            {tx !== null ? (
              <div
                className="rm__today"
                style={{ left: LABEL_WIDTH + tx }}
                role="img"
                aria-label={`Today, ${formatDate(today)}`}
                title={`Today, ${formatDate(today)}`}
              />
            ) : null}
            {lanes.map((lane) => (
              <LaneSection key={lane.kind} lane={lane} scale={scale} />
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}

function LaneSection({ lane, scale }: { lane: TimelineLane; scale: Scale }) {
  const title = LANE_TITLES[lane.kind];
  const { content } = lane;
  const noun = title.toLowerCase();
  return (
    <section className={`rm-lane rm-lane--${lane.kind}`} role="region" aria-label={title}>
      <div className="rm-lane__head">
        <div className="rm-lane__title">
          <h2>{title}</h2>
          {content.status === 'ready' ? (
            <span className="rm-lane__count">
              {content.drawn === content.total
                ? content.total
                : `${content.drawn} of ${content.total} scheduled`}
            </span>
          ) : null}
        </div>
      </div>
      {content.status === 'error' ? (
        <div className="rm-lane__state">
          <ErrorState
            error={content.error}
            title={`${title} could not be loaded`}
            onRetry={content.onRetry}
            retrying={content.retrying}
          />
        </div>
      ) : (
        <>
          {content.render(scale)}
          {content.total === 0 ? (
            <p className="rm-lane__note">No {noun} in this workspace yet.</p>
          ) : content.drawn === 0 ? (
            <p className="rm-lane__note">None of the {noun} have dates yet.</p>
          ) : null}
          {content.unscheduled.length > 0 ? (
            <p className="rm-lane__note rm-lane__note--unscheduled">
              <span className="rm-lane__note-title">No dates ({content.unscheduled.length}):</span>{' '}
              {unscheduledText(content.unscheduled)}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
