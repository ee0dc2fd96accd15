// A workspace's idea portals, each leading to the table of its users; an administrator sets a portal
// up and changes its settings in place, in the form above the table. Members (who read portals but
// may not run them) are offered neither.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { accountQueries } from '../../api/account';
import { portalQueries, useCreatePortal, useUpdatePortal } from '../../api/ideas';
import type { IdeaPortal } from '../../contract/portals';
import { Button } from '../../ui/button';
import { DataTable, type Column } from '../../ui/data-table';
import { EmptyState } from '../../ui/empty-state';
import { paths } from '../../ui/paths';
import { ListHeader } from '../../ui/screen-header';
import { OpenPortalLink } from './open-portal-link';
import { ACCESS_LABELS, PortalForm } from './portal-form';
import './portals.css';

type PortalItem = Partial<IdeaPortal> & { id: string };

const cap = (n: number | null | undefined) => (n === null || n === undefined ? 'No cap' : String(n));

const baseColumns: Column<PortalItem>[] = [
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

const FORM_ID = 'portal-settings';

export function PortalListPage() {
  const { productId = '' } = useParams();
  const portals = useQuery(portalQueries.list(productId));
  const create = useCreatePortal(productId);
  const update = useUpdatePortal();
  // The form is for a new portal (`'new'`), for one portal's settings, or closed (null).
  const [editing, setEditing] = useState<'new' | IdeaPortal | null>(null);
  const me = useQuery(accountQueries.me());
  const admin = me.data?.administrator === true;
  const columns: Column<PortalItem>[] = [
    ...baseColumns,
    {
      id: 'actions',
      header: 'Actions',
      hideHeader: true,
      width: admin ? '12rem' : '8.5rem',
      align: 'end',
      cell: (p) => (
        <span className="row-actions">
          <OpenPortalLink portal={p} />
          {admin ? (
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Settings of ${p.title ?? `portal ${p.id}`}`}
              aria-expanded={editing !== null && editing !== 'new' && editing.id === p.id}
              aria-controls={FORM_ID}
              // The list answers whole portals (no `fields` narrowing), so the row is the record.
              onClick={() => setEditing(p as IdeaPortal)}
            >
              Settings
            </Button>
          ) : null}
        </span>
      ),
    },
  ];
  const newPortal = admin ? (
    <Button variant="primary" onClick={() => setEditing('new')} aria-expanded={editing === 'new'} aria-controls={FORM_ID}>
      New portal
    </Button>
  ) : null;

  return (
    <div className="stack">
      <ListHeader
        productId={productId}
        title="Idea portals"
        meta={
          <span>
            {admin
              ? 'Open a portal to manage who can sign in to it.'
              : 'Open a portal to see who can sign in to it. Administrators set portals up and manage their users.'}
          </span>
        }
        actions={newPortal}
      />
      {editing && admin ? (
        <section className="card" id={FORM_ID} aria-labelledby={`${FORM_ID}-heading`}>
          <h2 id={`${FORM_ID}-heading`} className="record-card__title">
            {editing === 'new' ? 'New portal' : `Settings of ${editing.title}`}
          </h2>
          <PortalForm
            key={editing === 'new' ? 'new' : editing.id}
            portal={editing === 'new' ? undefined : editing}
            onCancel={() => setEditing(null)}
            onSubmit={async (input) => {
              if (editing === 'new') await create.mutateAsync(input);
              else await update.mutateAsync({ id: editing.id, input });
              setEditing(null);
            }}
          />
        </section>
      ) : null}
      <DataTable
        framed
        label="Idea portals"
        noun="portals"
        columns={columns}
        rows={portals.data}
        state={portals}
        empty={
          <EmptyState title="No ideas portals in this workspace" action={newPortal}>
            A portal is where customers submit and vote on ideas.{admin ? null : ' An administrator sets one up.'}
          </EmptyState>
        }
      />
    </div>
  );
}
