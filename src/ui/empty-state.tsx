// What a screen shows when there is nothing to list: a glyph, a short title, one line of help and
// the next step (usually the primary action), centred in the space the list would take.
import type { ReactNode } from 'react';
import { Button } from './button';
import './empty-state.css';

/** `create`: nothing exists yet; `search`: filters matched nothing; `done`: nothing left to do. */
export type EmptyKind = 'create' | 'search' | 'done';

const GLYPHS: Record<EmptyKind, ReactNode> = {
  create: <path d="M12 5v14M5 12h14" />,
  search: (
    <>
      <circle cx="11" cy="11" r="6" />
      <path d="m20 20-4.5-4.5" />
    </>
  ),
  done: <path d="m5 12.5 4.5 4.5L19 7.5" />,
};

export interface EmptyStateProps {
  title: ReactNode;
  /** One line of help: why it is empty, or what fills it. */
  children?: ReactNode;
  /** Usually a ButtonLink to create the first record. */
  action?: ReactNode;
  kind?: EmptyKind;
  /** Less padding, for a section inside a page. */
  compact?: boolean;
}

export function EmptyState({ title, children, action, kind = 'create', compact = false }: EmptyStateProps) {
  return (
    <div className={`empty-state${compact ? ' empty-state--compact' : ''}`}>
      <span className={`empty-state__glyph empty-state__glyph--${kind}`} aria-hidden="true">
        <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          {GLYPHS[kind]}
        </svg>
      </span>
      <p className="empty-state__title">{title}</p>
      {children ? <div className="empty-state__body">{children}</div> : null}
      {action ? <div className="empty-state__action">{action}</div> : null}
    </div>
  );
}

/** The empty state of a filtered list: nothing matched, and the way back to everything. */
export function NoMatches({ noun, onClear, children }: { noun: string; onClear: () => void; children: ReactNode }) {
  return (
    <EmptyState
      kind="search"
      title={`No ${noun} match these filters`}
      action={
        <Button variant="primary" onClick={onClear}>
          Clear filters
        </Button>
      }
    >
      {children}
    </EmptyState>
  );
}
