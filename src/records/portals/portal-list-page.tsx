// A workspace's idea portals, each leading to the admin's table of its users.
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { portalQueries } from '../../api/ideas';
import type { IdeaPortal } from '../../contract/portals';
import { DataTable, type Column } from '../../ui/data-table';
import { EmptyState } from '../../ui/empty-state';
import { paths } from '../../ui/paths';
import { ListHeader } from '../../ui/screen-header';
import './portals.css';

type PortalItem = Partial<IdeaPortal> & { id: string };

const ACCESS_LABELS: Record<IdeaPortal['access_type'], string> = {
  public: 'Public',
  'submit-only': 'Submit only',
  private: 'Private',
};

const cap = (n: number | null | undefined) => (n === null || n === undefined ? 'No cap' : String(n));

const columns: Column<PortalItem>[] = [
  {
    id: 'title',
    header: 'Portal',
    sortValue: (p) => p.title,
    cell: (p) => (
      <>
        {p.subdomain ? <span className="cell-key">{p.subdomain}</span> : null}
        <span className="cell-title">
          <Link to={paths.portalUsers(p.id)} aria-label={`Users of ${p.title ?? `portal ${p.id}`}`}>
            {p.title ?? `Portal ${p.id}`}
          </Link>
        </span>
      </>
    ),
  },
  {
    id: 'access',
    header: 'Access',
    width: '8rem',
    sortValue: (p) => (p.access_type ? ACCESS_LABELS[p.access_type] : null),
    cell: (p) => (p.access_type ? ACCESS_LABELS[p.access_type] : '—'),
  },
  {
    id: 'enabled',
    header: 'State',
    width: '7rem',
    sortValue: (p) => (p.portal_enabled ? 'Enabled' : 'Disabled'),
    cell: (p) => (
      <span className={`badge ${p.portal_enabled ? 'badge--on' : 'badge--off'}`}>{p.portal_enabled ? 'Enabled' : 'Disabled'}</span>
    ),
  },
  {
    id: 'per_user',
    header: 'Votes per user',
    width: '9rem',
    align: 'end',
    sortValue: (p) => p.votes_per_user,
    cell: (p) => cap(p.votes_per_user),
  },
  {
    id: 'per_idea',
    header: 'Votes per idea',
    width: '9rem',
    align: 'end',
    sortValue: (p) => p.votes_per_idea,
    cell: (p) => cap(p.votes_per_idea),
  },
];

export function PortalListPage() {
  const { productId = '' } = useParams();
  const portals = useQuery(portalQueries.list(productId));
  return (
    <div className="stack">
      <ListHeader productId={productId} title="Idea portals" meta={<span>Open a portal to manage who can sign in to it.</span>} />
      <DataTable
        framed
        label="Idea portals"
        noun="portals"
        columns={columns}
        rows={portals.data}
        state={portals}
        empty={
          <EmptyState title="No ideas portals in this workspace">
            A portal is where customers submit and vote on ideas; an administrator sets one up through the API.
          </EmptyState>
        }
      />
    </div>
  );
}
