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
  /** Its workspace is the first crumb, its key the last; its name is the document title. */
  record: { product_id: string; reference_num: string; name: string };
  /** Crumbs between the workspace and the record, e.g. Releases › PLN-R-2. */
  trail: readonly Crumb[];
  /** The heading; the record's name unless given. */
  title?: ReactNode;
  meta?: ReactNode;
  actions?: ReactNode;
}

export function RecordHeader({ record, trail, title = record.name, meta, actions }: RecordHeaderProps) {
  const workspace = useWorkspaceName(record.product_id);
  const items: Crumb[] = [
    { label: workspace ?? 'Workspace', to: paths.releases(record.product_id) },
    ...trail,
    { label: record.reference_num },
  ];
  return (
    <>
      <title>{screenTitle(record.name)}</title>
      {/* The breadcrumbs start with the workspace: PageHeader need not name it again. */}
      <PageHeader workspace={false} eyebrow={<Breadcrumbs items={items} />} title={title} meta={meta} actions={actions} />
    </>
  );
}
