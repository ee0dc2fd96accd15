// The top of every screen: the one <h1>, an optional line above it (reference, breadcrumbs) and
// the screen's main actions on the right.
import type { ReactNode } from 'react';

export interface PageHeaderProps {
  title: ReactNode;
  /** Small text above the title, e.g. a reference number or a back link. */
  eyebrow?: ReactNode;
  /** Text or pills under the title. */
  meta?: ReactNode;
  actions?: ReactNode;
}

export function PageHeader({ title, eyebrow, meta, actions }: PageHeaderProps) {
  return (
    <header className="page-header">
      <div className="page-header__text">
        {eyebrow ? <div className="page-header__eyebrow">{eyebrow}</div> : null}
        <h1 className="page-header__title">{title}</h1>
        {meta ? <div className="page-header__meta">{meta}</div> : null}
      </div>
      {actions ? <div className="page-header__actions">{actions}</div> : null}
    </header>
  );
}
