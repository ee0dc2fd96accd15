// The rows of the roadmap's lanes: a sticky name cell on the left and a track of `scale.width`
// pixels on the right holding the bar. Every bar holds a real link to its record named after it
// (its visible name, stretched over the whole bar), with dates and progress in its title (read as
// its description); phases and milestones are drawn under their release as one image with a
// spoken summary, so the only links in a lane are records.
import type { CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatDate } from '../../ui/format';
import {
  barTitle,
  spanText,
  type BarModel,
  type EpicGroup,
  type InitiativeRow,
  type PhaseModel,
  type ReleaseRow,
} from './lanes';
import { barBox, labelPlacement, textWidth, xMid, type Scale } from './layout';

type CssVars = CSSProperties & Record<`--${string}`, string>;

const INDENT = 16;

const FONT_FAMILY = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
let measureContext: CanvasRenderingContext2D | null | undefined;

/** The drawn width of a label in px: measured when a canvas is at hand, else estimated. */
function labelWidth(text: string, fontPx: number, weight = 500): number {
  if (measureContext === undefined) {
    try {
      // jsdom has no canvas (and complains when asked): the estimate will do there.
      const real = typeof document !== 'undefined' && !navigator.userAgent.includes('jsdom');
      measureContext = real ? document.createElement('canvas').getContext('2d') : null;
    } catch {
      measureContext = null;
    }
  }
  if (!measureContext) return textWidth(text, fontPx);
  measureContext.font = `${weight} ${fontPx}px ${FONT_FAMILY}`;
  return Math.ceil(measureContext.measureText(text).width);
}

interface RowProps {
  label: ReactNode;
  /** Indent of the name cell in px. */
  indent?: number;
  variant?: 'record' | 'phases' | 'group';
  scale: Scale;
  children?: ReactNode;
  trackProps?: { role?: string; 'aria-label'?: string };
}

function Row({ label, indent = 0, variant = 'record', scale, children, trackProps }: RowProps) {
  return (
    <div className={`rm-row rm-row--${variant}`}>
      <div className="rm-row__label" style={{ paddingLeft: 16 + indent }}>
        {label}
      </div>
      <div className="rm-row__track" style={{ width: scale.width }} {...trackProps}>
        {children}
      </div>
    </div>
  );
}

function RecordLabel({ bar, prefix }: { bar: BarModel; prefix?: ReactNode }) {
  const color: CssVars = { '--bar-color': bar.color };
  return (
    <span className="rm-label" title={bar.name}>
      <span className="rm-label__name">
        {prefix}
        {bar.name}
      </span>
      <span className="rm-label__meta">
        {bar.reference ? <span className="mono">{bar.reference}</span> : null}
        {bar.status ? (
          <span className="rm-label__status" style={color}>
            <span className="rm-label__dot" aria-hidden="true" />
            {bar.status}
          </span>
        ) : null}
      </span>
    </span>
  );
}

/** One record as a bar: status (or initiative) colour, progress filled in, name and % on it. */
export function Bar({
  bar,
  scale,
  kind,
}: {
  bar: BarModel;
  scale: Scale;
  kind: 'release' | 'initiative' | 'epic';
}) {
  const box = barBox(bar.span, scale);
  if (!box) return null;
  const text = `${bar.name} ${bar.progress}%`;
  const placement = labelPlacement(box, labelWidth(text, 12, 600) + 22, scale.width);
  const style: CssVars = { left: box.x, width: box.width, '--bar-color': bar.color };
  const classes = [
    'rm-bar',
    `rm-bar--${kind}`,
    `rm-bar--label-${placement}`,
    box.clippedStart ? 'rm-bar--clip-start' : '',
    box.clippedEnd ? 'rm-bar--clip-end' : '',
    bar.span.open ? `rm-bar--open-${bar.span.open}` : '',
    bar.progress >= 100 ? 'rm-bar--done' : '',
  ]
    .filter(Boolean)
    .join(' ');
  // The link's text is exactly the visible name, so what is seen is what is spoken (WCAG 2.5.3);
  // the percentage beside it is drawn outside the link and spoken through the title. The bar
  // itself is a second way in for the mouse only, hidden from keyboards and screen readers.
  return (
    <span className={classes} style={style}>
      <Link to={bar.href} className="rm-bar__track" aria-hidden="true" tabIndex={-1} draggable={false}>
        <span className="rm-bar__fill" style={{ width: `${bar.progress}%` }} />
      </Link>
      <span className="rm-bar__text">
        <Link
          to={bar.href}
          className="rm-bar__name"
          title={barTitle(bar)}
          data-progress={bar.progress}
          data-start={bar.span.start}
          data-end={bar.span.end}
        >
          {bar.name}
        </Link>
        <span className="rm-bar__pct" aria-hidden="true">
          {bar.progress}%
        </span>
      </span>
    </span>
  );
}

function phaseSummary(row: ReleaseRow): string {
  const parts = row.phases.map((p) =>
    p.type === 'milestone'
      ? `${p.name} (milestone), ${formatDate(p.span.start)}`
      : `${p.name}, ${spanText(p.span)}, ${p.progress}% done`,
  );
  if (row.undatedPhases.length > 0) parts.push(`without dates: ${row.undatedPhases.join(', ')}`);
  return `Phases and milestones of ${row.bar.name}: ${parts.join('; ')}`;
}

function PhaseMarks({ phases, scale }: { phases: readonly PhaseModel[]; scale: Scale }) {
  // Positions first, so a milestone's name is shown only when it fits before the next mark.
  const marks = phases
    .map((phase): { phase: PhaseModel; x: number; width: number } | null => {
      if (phase.type === 'milestone') {
        const x = xMid(phase.span.start, scale);
        return x < 0 || x > scale.width ? null : { phase, x, width: 0 };
      }
      const box = barBox(phase.span, scale, 4);
      return box ? { phase, x: box.x, width: box.width } : null;
    })
    .filter((m): m is NonNullable<typeof m> => m !== null);

  return (
    <>
      {marks.map((mark, i) => {
        const { phase } = mark;
        const nextX = marks.slice(i + 1).find((m) => m.x > mark.x + 1)?.x ?? scale.width;
        if (phase.type === 'milestone') {
          // Half the diamond, then a small gap before the name.
          const room = nextX - mark.x - 7 - 6;
          return (
            <span
              key={phase.id}
              className="rm-milestone"
              style={{ left: mark.x }}
              title={`${phase.name} (milestone): ${formatDate(phase.span.start)}`}
            >
              <span className="rm-milestone__diamond" />
              {labelWidth(phase.name, 11) <= room ? (
                <span className="rm-milestone__name">{phase.name}</span>
              ) : null}
            </span>
          );
        }
        // A milestone inside the phase covers part of it: the name must end before the diamond.
        const { width } = mark;
        const cover = marks.find((m) => m.phase.type === 'milestone' && m.x > mark.x && m.x < mark.x + width);
        const room = cover ? Math.min(width, cover.x - mark.x - 8) : width;
        return (
          <span
            key={phase.id}
            className="rm-phase"
            style={{ left: mark.x, width }}
            title={`${phase.name}: ${spanText(phase.span)}, ${phase.progress}% done`}
          >
            <span className="rm-phase__fill" style={{ width: `${phase.progress}%` }} />
            {labelWidth(phase.name, 11) + 12 <= room ? <span className="rm-phase__name">{phase.name}</span> : null}
          </span>
        );
      })}
    </>
  );
}

export function ReleaseRows({ rows, scale }: { rows: readonly ReleaseRow[]; scale: Scale }) {
  return (
    <>
      {rows.map((row) => (
        <div className="rm-release" key={row.bar.id}>
          <Row label={<RecordLabel bar={row.bar} />} scale={scale}>
            <Bar bar={row.bar} scale={scale} kind="release" />
          </Row>
          {row.phases.length > 0 ? (
            <Row
              variant="phases"
              indent={INDENT}
              label={<span className="rm-sublabel">Phases &amp; milestones</span>}
              scale={scale}
              trackProps={{ role: 'img', 'aria-label': phaseSummary(row) }}
            >
              <PhaseMarks phases={row.phases} scale={scale} />
            </Row>
          ) : null}
        </div>
      ))}
    </>
  );
}

export function InitiativeRows({ rows, scale }: { rows: readonly InitiativeRow[]; scale: Scale }) {
  return (
    <>
      {rows.map((row) => (
        <Row
          key={row.bar.id}
          indent={row.depth * INDENT}
          label={
            <RecordLabel
              bar={row.bar}
              prefix={
                row.depth > 0 ? (
                  <span
                    className="rm-label__branch"
                    title={row.parentName ? `Part of ${row.parentName}` : undefined}
                  >
                    ↳{' '}
                  </span>
                ) : null
              }
            />
          }
          scale={scale}
        >
          <Bar bar={row.bar} scale={scale} kind="initiative" />
        </Row>
      ))}
    </>
  );
}

export function EpicRows({ groups, scale }: { groups: readonly EpicGroup[]; scale: Scale }) {
  return (
    <>
      {groups.map((group) => {
        const band = group.span ? barBox(group.span, scale, 2) : null;
        return (
          <div className="rm-group" key={group.key}>
            {band ? (
              <span
                className="rm-group__band"
                style={{ left: `calc(var(--rm-label) + ${band.x}px)`, width: band.width }}
                aria-hidden="true"
              />
            ) : null}
            <Row
              variant="group"
              label={
                <span className="rm-group__label" title={group.name}>
                  <span className="rm-group__name">{group.name}</span>
                  {group.reference ? <span className="mono faint">{group.reference}</span> : null}
                </span>
              }
              scale={scale}
            >
              {band && group.span ? (
                <span className="rm-group__dates" style={{ left: band.x }}>
                  {spanText(group.span)}
                </span>
              ) : null}
            </Row>
            {group.rows.map((bar) => (
              <Row key={bar.id} indent={INDENT} label={<RecordLabel bar={bar} />} scale={scale}>
                <Bar bar={bar} scale={scale} kind="epic" />
              </Row>
            ))}
          </div>
        );
      })}
    </>
  );
}
