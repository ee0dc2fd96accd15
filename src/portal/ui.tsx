// The portal's small shared pieces: status pill, empty and error states, skeletons, icons, and the
// field frame that puts a message under its control (aria-invalid + aria-describedby).
import { useEffect, useId } from 'react';
import type { ReactNode } from 'react';
import type { PortalStatus } from '../contract/portal-site';
import { errorText, PortalApiError } from './api';
import { Link, PageHeading } from './router';

export function StatusPill({ status }: { status: Pick<PortalStatus, 'name' | 'color'> }) {
  return (
    <span className="status-pill">
      <span className="status-dot" style={{ backgroundColor: status.color }} aria-hidden="true" />
      {status.name}
    </span>
  );
}

export function EmptyState({ title, children, actions }: { title: string; children?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="empty-state">
      <svg className="empty-glyph" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
        <path d="M24 6a13 13 0 0 0-7.5 23.6c1 .8 1.5 2 1.5 3.2V35h12v-2.2c0-1.3.6-2.4 1.5-3.2A13 13 0 0 0 24 6Z" />
        <path d="M19 40h10M21 44h6" />
      </svg>
      <p className="empty-title">{title}</p>
      {children ? <p className="empty-help">{children}</p> : null}
      {actions ? <div className="empty-actions">{actions}</div> : null}
    </div>
  );
}

/** An empty state's way on to the list of ideas ("See all ideas", "Browse ideas"). */
export function IdeasAction({ label, primary = false }: { label: string; primary?: boolean }) {
  return (
    <Link to="/" className={primary ? 'button button-primary' : 'button'}>
      {label}
    </Link>
  );
}

/** The way back from a screen of its own to the list. */
export function BackLink() {
  return (
    <Link to="/" className="back-link">
      ← All ideas
    </Link>
  );
}

/** A screen's heading and lead, with its actions beside them (`actions` given, even null: the box is there). */
export function ScreenHead({ title, lead, actions }: { title: ReactNode; lead: ReactNode; actions?: ReactNode }) {
  return (
    <div className="screen-head">
      <div className="screen-head-text">
        <PageHeading className="screen-title">{title}</PageHeading>
        <p className="lead">{lead}</p>
      </div>
      {actions === undefined ? null : <div className="screen-head-actions">{actions}</div>}
    </div>
  );
}

/** A form's messages that belong to no field, announced. */
export function FormError({ problems }: { problems: readonly string[] }) {
  return problems.length > 0 ? (
    <p className="form-error" role="alert">
      {problems.join(' ')}
    </p>
  ) : null;
}

/** What went wrong with a small action (sign out, a toggle), announced where it happened. */
export function ActionProblem({ problem }: { problem: string | null }) {
  return problem ? (
    <p className="field-error" role="alert">
      {problem}
    </p>
  ) : null;
}

/** A field's messages (from a 422), under its control. */
export function FieldError({ id, errors }: { id: string; errors: readonly string[] | undefined }) {
  return errors?.length ? (
    <p id={id} className="field-error">
      {errors.join('; ')}
    </p>
  ) : null;
}

/** A refusal or a failed read, with "Try again" where trying again can help. */
export function ErrorBox({ error, onRetry, title }: { error: unknown; onRetry?: () => void; title?: string }) {
  const status = error instanceof PortalApiError ? error.status : 0;
  const retryable = status === 0 || status === 429 || status >= 500;
  return (
    <div className="error-box" role="alert">
      <p className="error-title">{title ?? (status === 404 ? 'Not found' : 'Something went wrong')}</p>
      <p>{errorText(error)}</p>
      {onRetry && retryable ? (
        <button type="button" className="button" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}

/** Placeholder rows while ideas load, as tall as the real ones (no jump when they arrive). */
export function IdeaSkeletons({ rows = 5, label = 'Loading ideas…' }: { rows?: number; label?: string }) {
  return (
    <div role="status" className="skeleton-list">
      <span className="sr-only">{label}</span>
      {Array.from({ length: rows }, (_, i) => (
        <div className="idea-row skeleton-row" key={i} aria-hidden="true">
          <span className="skeleton skeleton-vote" />
          <span className="skeleton-lines">
            <span className="skeleton skeleton-line skeleton-title" />
            <span className="skeleton skeleton-line" />
            <span className="skeleton skeleton-line skeleton-short" />
          </span>
        </div>
      ))}
    </div>
  );
}

export function SkeletonBlock({ label, lines = 4 }: { label: string; lines?: number }) {
  return (
    <div role="status" className="skeleton-block">
      <span className="sr-only">{label}</span>
      {Array.from({ length: lines }, (_, i) => (
        <span key={i} className={`skeleton skeleton-line${i === lines - 1 ? ' skeleton-short' : ''}`} aria-hidden="true" />
      ))}
    </div>
  );
}

export function CommentIcon() {
  return (
    <svg className="icon" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path d="M4 4h12a1 1 0 0 1 1 1v8a1 1 0 0 1-1 1H9l-4 3v-3H4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1Z" />
    </svg>
  );
}

export function ArrowUpIcon() {
  return (
    <svg className="icon vote-arrow" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path d="M10 4 4 11h4v5h4v-5h4Z" />
    </svg>
  );
}

export interface FieldControl {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/** A label, its control, a hint and the field's messages (from a 422) under it. */
export function Field({
  label,
  hint,
  errors,
  required,
  children,
  className,
}: {
  label: ReactNode;
  hint?: ReactNode;
  errors?: string[] | undefined;
  required?: boolean;
  children: (control: FieldControl) => ReactNode;
  className?: string;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const described = [hint ? hintId : '', errors?.length ? errorId : ''].filter(Boolean).join(' ');
  const control: FieldControl = { id };
  if (errors?.length) control['aria-invalid'] = true;
  if (described) control['aria-describedby'] = described;
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label htmlFor={id} className="field-label">
        {label}
        {required ? (
          <span className="field-required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {children(control)}
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} errors={errors} />
    </div>
  );
}

/** Focuses the first invalid control inside `form` (after a 422 has marked them). */
export function focusFirstInvalid(form: HTMLElement | null): void {
  const first = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  first?.focus();
}

/** Field messages that belong to no field shown (or the error's own message). */
export function otherErrors(error: unknown, shown: readonly string[]): string[] {
  if (!(error instanceof PortalApiError)) return error ? [errorText(error)] : [];
  const rest = Object.entries(error.fieldErrors)
    .filter(([field]) => !shown.includes(field))
    .map(([field, messages]) => `${field === 'base' ? '' : `${field} `}${messages.join('; ')}`.trim());
  const fieldsShown = Object.keys(error.fieldErrors).some((f) => shown.includes(f));
  if (rest.length > 0) return rest;
  return fieldsShown ? [] : [error.message];
}

/** The tab's title: the screen's, then the portal's. */
export function useDocumentTitle(title: string, portalTitle: string | undefined): void {
  useEffect(() => {
    document.title = portalTitle ? `${title} · ${portalTitle}` : title;
  }, [title, portalTitle]);
}
