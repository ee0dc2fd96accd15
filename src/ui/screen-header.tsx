// The top of every list and record screen, built on PageHeader so each has exactly one <h1>: lists
// name their workspace above the heading, record pages show where the record sits as breadcrumbs
// (Workspace › Releases › PLN-R-2 › PLN-12). Also sets the document title.
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { accountQueries } from '../api/account';
import { Breadcrumbs, type Crumb } from './breadcrumbs';
import { PageHeader } from './page-header';
import { paths } from './paths';

/** The workspace's name once the (cached) workspace list has it. */
export function useWorkspaceName(productId: string | null | undefined): string | undefined {
  const product = useQuery({
    ...accountQueries.products(),
    select: (d) => d.products.find((p) => p.id === productId),
    enabled: Boolean(productId),
  });
  return product.data?.name;
}

export interface ListHeaderProps {
  /** The workspace the list belongs to; null for an account-wide list. */
  productId: string | null;
  title: string;
  meta?: ReactNode;
  actions?: ReactNode;
}

export function ListHeader({ productId, title, meta, actions }: ListHeaderProps) {
  const workspace = useWorkspaceName(productId);
  const eyebrow = productId ? (workspace ?? '\u00a0') : 'All workspaces';
  return (
    <>
      <title>{`${title}${workspace ? ` · ${workspace}` : ''} · Planner`}</title>
      <PageHeader eyebrow={<span className="screen-header__workspace">{eyebrow}</span>} title={title} meta={meta} actions={actions} />
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
      <title>{`${name} · Planner`}</title>
      <PageHeader eyebrow={<Breadcrumbs items={items} />} title={title} meta={meta} actions={actions} />
    </>
  );
}
