// Progress 0–100 as a bar with its number beside it; null progress reads "No progress yet".

export interface ProgressBarProps {
  value: number | null | undefined;
  /** Accessible name, e.g. "Progress of Release 1". */
  label?: string;
  /** Hide the "42%" text (the bar keeps its accessible value). */
  hideText?: boolean;
  size?: 'md' | 'sm';
}

export function ProgressBar({ value, label = 'Progress', hideText = false, size = 'md' }: ProgressBarProps) {
  const known = typeof value === 'number' && Number.isFinite(value);
  const pct = known ? Math.max(0, Math.min(100, Math.round(value))) : 0;
  const text = known ? `${pct}%` : 'No progress yet';
  return (
    <div className={`progress progress--${size}`}>
      <div
        className="progress__track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={known ? pct : undefined}
        aria-valuetext={text}
      >
        <div className={`progress__fill${pct >= 100 ? ' progress__fill--done' : ''}`} style={{ width: `${pct}%` }} />
      </div>
      {hideText ? null : <span className="progress__text">{known ? text : '—'}</span>}
    </div>
  );
}
