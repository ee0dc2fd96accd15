// Loading indicators announced politely (role="status"): a spinner with text, or skeleton rows
// that keep the layout from jumping when a table arrives.

export interface LoadingProps {
  /** Announced to assistive tech and shown beside the spinner. */
  label?: string;
  /** `skeleton` draws `rows` grey bars instead of a spinner. */
  variant?: 'spinner' | 'skeleton';
  rows?: number;
}

export function Loading({ label = 'Loading…', variant = 'spinner', rows = 5 }: LoadingProps) {
  if (variant === 'skeleton') {
    return (
      <div className="skeleton" role="status" aria-live="polite">
        <span className="visually-hidden">{label}</span>
        {Array.from({ length: rows }, (_, i) => (
          <div key={i} className="skeleton__row" aria-hidden="true" />
        ))}
      </div>
    );
  }
  return (
    <div className="loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
