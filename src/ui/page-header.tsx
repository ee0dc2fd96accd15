// The top of every screen: the one <h1>, an optional line above it (the workspace, a reference,
// breadcrumbs) and the screen's main actions on the right. The <h1> takes the focus after in-app
// navigation (see app/layout), so it is focusable by script but not in the tab order.
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { accountQueries } from '../api/account';

export interface PageHeaderProps {
  title: ReactNode;
  /** Small text above the title, e.g. a reference number or a back link. */
  eyebrow?: ReactNode;
  /**
   * The workspace (product id) the screen belongs to, named above the title. Defaults to the
   * `:productId` of the route, so every `/w/:productId/…` screen shows it; pass an id on record
   * screens that know their workspace, or `false` to leave it out.
   */
  workspace?: string | false;
  /** Text or pills under the title. */
  meta?: ReactNode;
  actions?: ReactNode;
}

export function PageHeader({ title, eyebrow, workspace, meta, actions }: PageHeaderProps) {
  const { productId } = useParams();
  const name = useWorkspaceName(workspace === false ? undefined : (workspace ?? productId));
  // Screens that still pass the workspace's name as their eyebrow get it once.
  const workspaceName = name && eyebrow !== name ? name : undefined;
  return (
    <header className="page-header">
      <div className="page-header__text">
        {workspaceName || eyebrow ? (
          <div className="page-header__eyebrow">
            {workspaceName ? (
              <span className="page-header__workspace">
                {workspaceName}
                {eyebrow ? <span aria-hidden="true"> ·</span> : null}
              </span>
            ) : null}
            {eyebrow}
          </div>
        ) : null}
        <h1 className="page-header__title" tabIndex={-1}>
          {title}
        </h1>
        {meta ? <div className="page-header__meta">{meta}</div> : null}
      </div>
      {actions ? <div className="page-header__actions">{actions}</div> : null}
    </header>
  );
}

/** A workspace's name from the products already loaded (by the signed-in frame); never fetches. */
export function useWorkspaceName(productId: string | undefined): string | undefined {
  const products = useQuery({ ...accountQueries.products(), enabled: false });
  if (!productId) return undefined;
  return products.data?.products.find((p) => p.id === productId || p.reference_prefix === productId)?.name;
}

/** The document title of a screen: `Screen · Workspace · Planner`. */
export function screenTitle(screen: string, workspaceName?: string): string {
  return [screen, workspaceName, 'Planner'].filter(Boolean).join(' · ');
}
