// One portal's users: search and filters (enabled, employee) and the page in the URL. An
// administrator adds a user or edits one in a small form above the table, enables or disables one in
// the row (a switch, saved at once), deletes after a confirmation, and reads the sign-in emails; a
// member (who may read portal users but not run them) sees the table alone, each user's access as text.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { z } from 'zod';
import { accountQueries } from '../../api/account';
import { portalQueries, useCreatePortalUser, useDeletePortalUser, useUpdatePortalUser } from '../../api/ideas';
import { portalUsersQuery } from '../../api/idea-route-queries';
import type { PortalUser } from '../../contract/portals';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { DataTable, type Column } from '../../ui/data-table';
import { EmptyState, NoMatches } from '../../ui/empty-state';
import { errorMessage } from '../../ui/error-state';
import { FilterBar, FilterSelect, FilterText } from '../../ui/filter-bar';
import { formatDate } from '../../ui/format';
import { LoadGate } from '../../ui/load-state';
import { paths } from '../../ui/paths';
import { RecordHeader } from '../../ui/screen-header';
import { showToast } from '../../ui/toast';
import { pageParam, textParam, useListParams } from '../../ui/use-list-params';
import { OpenPortalLink } from './open-portal-link';
import { PortalUserForm } from './portal-user-form';
import { SignInEmails } from './sign-in-emails';
import './portals.css';

type PortalUserItem = Partial<PortalUser> & { id: string };

const yesNo = () => z.enum(['yes', 'no', '']).catch('');
export const portalUserListParams = z.object({ q: textParam(), enabled: yesNo(), employee: yesNo(), page: pageParam() });

const FORM_ID = 'portal-user-form';

const fullName = (u: PortalUserItem) => [u.first_name, u.last_name].filter(Boolean).join(' ');

/** The row's on/off switch: saved at once, the row follows the service's answer. */
function EnabledSwitch({ portalId, user }: { portalId: string; user: PortalUserItem }) {
  const update = useUpdatePortalUser(portalId);
  const enabled = update.isPending ? !user.enabled : Boolean(user.enabled);
  return (
    <label className="switch">
      <input
        type="checkbox"
        role="switch"
        checked={enabled}
        disabled={update.isPending}
        aria-label={`Enabled: ${user.email ?? user.id}`}
        onChange={(e) =>
          update.mutate(
            { id: user.id, input: { enabled: e.target.checked } },
            {
              onSuccess: (saved) => showToast(`${saved.email} ${saved.enabled ? 'enabled' : 'disabled'}`),
              onError: (error) => showToast(`Could not change ${user.email ?? 'the user'}: ${errorMessage(error)}`),
            },
          )
        }
      />
      <span className="switch__text">{enabled ? 'Enabled' : 'Disabled'}</span>
    </label>
  );
}

export function PortalUsersPage() {
  const { portalId = '' } = useParams();
  const list = useListParams(portalUserListParams);
  const { q, enabled, employee } = list.values;
  const portal = useQuery(portalQueries.detail(portalId));
  const users = useQuery(portalUsersQuery(portalId, list.search));
  const create = useCreatePortalUser(portalId);
  const update = useUpdatePortalUser(portalId);
  const remove = useDeletePortalUser(portalId);
  // The form is for a new user (`'new'`), for one user (them), or closed (null).
  const [editing, setEditing] = useState<'new' | PortalUser | null>(null);
  const [deleting, setDeleting] = useState<PortalUserItem | null>(null);
  const me = useQuery(accountQueries.me());
  const admin = me.data?.administrator === true;

  const columns: Column<PortalUserItem>[] = [
    {
      id: 'email',
      header: 'User',
      sortValue: (u) => u.email,
      csvValue: (u) => u.email,
      cell: (u) => (
        <>
          <span className="cell-title">{u.email}</span>
          {fullName(u) ? <span className="cell-sub muted">{fullName(u)}</span> : null}
        </>
      ),
    },
    {
      id: 'employee',
      header: 'Type',
      width: '7rem',
      sortValue: (u) => (u.employee ? 'Employee' : 'Partner'),
      cell: (u) => (u.employee ? 'Employee' : <span className="muted">Partner</span>),
    },
    {
      id: 'override',
      header: 'Vote cap',
      width: '6.5rem',
      align: 'end',
      sortValue: (u) => u.max_endorsements_override,
      cell: (u) => u.max_endorsements_override ?? <span className="muted">Portal&apos;s</span>,
    },
    {
      id: 'created',
      header: 'Added',
      width: '8rem',
      sortValue: (u) => u.created_at,
      cell: (u) => <span className="nowrap">{formatDate(u.created_at)}</span>,
    },
    {
      id: 'enabled',
      header: 'Access',
      width: '8.5rem',
      sortValue: (u) => (u.enabled ? 1 : 0),
      csvValue: (u) => (u.enabled ? 'enabled' : 'disabled'),
      cell: (u) =>
        admin ? (
          <EnabledSwitch portalId={portalId} user={u} />
        ) : (
          <span className={`badge ${u.enabled ? 'badge--on' : 'badge--off'}`}>{u.enabled ? 'Enabled' : 'Disabled'}</span>
        ),
    },
  ];
  if (admin)
    columns.push({
      id: 'actions',
      header: 'Actions',
      hideHeader: true,
      width: '9.5rem',
      align: 'end',
      cell: (u) => (
        <span className="row-actions">
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Edit ${u.email ?? u.id}`}
            onClick={() => {
              // The list's items are whole portal users (no `fields` narrowing), so the row is the record.
              setEditing(u as PortalUser);
            }}
          >
            Edit
          </Button>
          <Button size="sm" variant="ghost" aria-label={`Delete ${u.email ?? u.id}`} onClick={() => setDeleting(u)}>
            Delete
          </Button>
        </span>
      ),
    });

  const title = portal.data?.title ?? 'Portal';
  return (
    <div className="stack">
      <LoadGate state={portal} label="Loading the portal…" rows={1}>
        {portal.data ? (
          <RecordHeader
            record={{ product_id: portal.data.product_id ?? '', reference_num: portal.data.subdomain ?? title, name: `${title} users` }}
            trail={[{ label: 'Portals', to: paths.portals(portal.data.product_id ?? '') }]}
            title={`${title}: portal users`}
            actions={
              <>
                <OpenPortalLink portal={portal.data} size="md" />
                {admin ? (
                  <Button variant="primary" onClick={() => setEditing('new')} aria-expanded={editing === 'new'} aria-controls={FORM_ID}>
                    Add portal user
                  </Button>
                ) : null}
              </>
            }
          />
        ) : null}
      </LoadGate>

      {me.data && !admin ? (
        <p className="muted" role="note">
          Administrators add portal users, change their access and vote caps, and see the sign-in emails.
        </p>
      ) : null}

      {editing && admin ? (
        <section className="card" id={FORM_ID} aria-labelledby={`${FORM_ID}-heading`}>
          <h2 id={`${FORM_ID}-heading`} className="record-card__title">
            {editing === 'new' ? 'Add portal user' : `Edit ${editing.email}`}
          </h2>
          <PortalUserForm
            key={editing === 'new' ? 'new' : editing.id}
            user={editing === 'new' ? undefined : editing}
            onCancel={() => setEditing(null)}
            onSubmit={async (input) => {
              if (editing === 'new') await create.mutateAsync(input);
              else await update.mutateAsync({ id: editing.id, input });
              setEditing(null);
            }}
          />
        </section>
      ) : null}

      <FilterBar label="Filter portal users" onClear={list.clear} filtered={list.filtered}>
        <FilterText label="Search" type="search" placeholder="Email or name…" value={q} onChange={(v) => list.set({ q: v })} wide />
        <FilterSelect
          label="Access"
          anyLabel="Any access"
          value={enabled}
          onChange={(v) => list.set({ enabled: v })}
          options={[
            { value: 'yes', label: 'Enabled' },
            { value: 'no', label: 'Disabled' },
          ]}
        />
        <FilterSelect
          label="Type"
          anyLabel="Any type"
          value={employee}
          onChange={(v) => list.set({ employee: v })}
          options={[
            { value: 'yes', label: 'Employees' },
            { value: 'no', label: 'Partners' },
          ]}
        />
      </FilterBar>

      <DataTable
        framed
        label="Portal users"
        noun="portal users"
        columns={columns}
        rows={users.data?.portal_users}
        state={users}
        exportName="portal-users"
        paging={{
          pagination: users.data?.pagination,
          onPageChange: (p) => list.set({ page: p }),
          label: 'Portal user pages',
          disabled: users.isPlaceholderData,
        }}
        empty={
          list.filtered ? (
            <NoMatches noun="portal users" onClear={list.clear}>
              Try other values, or clear the filters to see every user of this portal.
            </NoMatches>
          ) : (
            <EmptyState
              title="No portal users yet"
              action={
                admin ? (
                  <Button variant="primary" onClick={() => setEditing('new')}>
                    Add the first user
                  </Button>
                ) : null
              }
            >
              Portal users sign in to the portal to submit and vote on ideas.
            </EmptyState>
          )
        }
      />

      {admin ? <SignInEmails portalId={portalId} /> : null}

      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.email ?? 'this portal user'}?`}
        confirmLabel="Delete portal user"
        pending={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : null}
        onCancel={() => {
          setDeleting(null);
          remove.reset();
        }}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              showToast(`${deleting.email ?? 'Portal user'} deleted`);
              setDeleting(null);
            },
          });
        }}
      >
        They can no longer sign in to {title}. The recycle bin keeps them.
      </ConfirmDialog>
    </div>
  );
}
