// The top of every list and record screen, built on PageHeader so each has exactly one <h1>: lists
// name their workspace above the heading, record pages show where the record sits as breadcrumbs
// (Workspace › Releases › PLN-R-2 › PLN-12). Also sets the document title.
import type { ReactNode } from 'react';
import { Breadcrumbs, type Crumb } from './breadcrumbs';
import { PageHeader, screenTitle, useWorkspaceName } from './page-header';
import { paths } from './paths';

export interface ListHeaderProps {
  /** The workspace the list belongs to; null for an account-wide list. */
  productId: string | null;
  title: string;
  meta?: ReactNode;
  actions?: ReactNode;
}

export function ListHeader({ productId, title, meta, actions }: ListHeaderProps) {
  // PageHeader names the workspace above the title; an account-wide list says so instead.
  const workspace = useWorkspaceName(productId ?? undefined);
  return (
    <>
      <title>{screenTitle(title, workspace)}</title>
      <PageHeader
        workspace={productId ?? false}
        eyebrow={productId ? undefined : 'All workspaces'}
        title={title}
        meta={meta}
        actions={actions}
      />
    </>
  );
}

export interface RecordHeaderProps {
  productId: string;
  /** Crumbs between the workspace and the record, e.g. Releases › PLN-R-2. */
  trail: readonly Crumb[];
  /** The record's key, the last crumb. */
  reference: string;
  title: ReactNode;
  /** The title as text, for the document title. */
  name: string;
  meta?: ReactNode;
  actions?: ReactNode;
}

export function RecordHeader({ productId, trail, reference, title, name, meta, actions }: RecordHeaderProps) {
  const workspace = useWorkspaceName(productId);
  const items: Crumb[] = [{ label: workspace ?? 'Workspace', to: paths.releases(productId) }, ...trail, { label: reference }];
  return (
    <>
      <title>{screenTitle(name)}</title>
      {/* The breadcrumbs start with the workspace: PageHeader need not name it again. */}
      <PageHeader workspace={false} eyebrow={<Breadcrumbs items={items} />} title={title} meta={meta} actions={actions} />
    </>
  );
}
