// The signed-in person's account: who they are, their role and what it lets them do (a configuration
// administrator may change layouts, purge the recycle bin and run historical audit searches; a member
// plans), and the workspaces they work in. Read-only: people are managed in the hosted account.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { accountQueries } from '../../api/account';
import type { User } from '../../contract/account';
import { DetailList } from '../../ui/detail-list';
import { ErrorState } from '../../ui/error-state';
import { formatDate } from '../../ui/format';
import { Loading } from '../../ui/loading';
import { PageHeader, screenTitle } from '../../ui/page-header';
import { paths } from '../../ui/paths';
import './account.css';

const ROLE_LABELS = { administrator: 'Configuration administrator', member: 'Member' } as const;

export function AccountPage() {
  const me = useQuery(accountQueries.me());
  if (me.isPending) return <Loading label="Loading your account…" />;
  if (me.isError) return <ErrorState error={me.error} onRetry={() => void me.refetch()} retrying={me.isFetching} />;
  return <Account user={me.data} />;
}

function Account({ user }: { user: User }) {
  const products = useQuery(accountQueries.products());
  const role = user.administrator ? ROLE_LABELS.administrator : ROLE_LABELS.member;
  const roleIn = new Map((user.product_roles ?? []).map((r) => [r.product_id, r.role_description]));
  return (
    <div className="stack account-page">
      <title>{screenTitle('Your account')}</title>
      <PageHeader workspace={false} eyebrow="Your account" title={user.name || user.email} meta={user.email} />

      <div className="account-grid">
        <section className="card account-card" aria-labelledby="account-profile">
          <h2 className="account-card__title" id="account-profile">
            Profile
          </h2>
          <DetailList
            items={[
              { label: 'Name', value: user.name },
              { label: 'Email', value: user.email },
              {
                label: 'Role',
                value: <span className={`tag ${user.administrator ? 'tag--admin' : ''}`}>{role}</span>,
              },
              { label: 'Member since', value: formatDate(user.created_at) },
            ]}
          />
        </section>

        <section className="card account-card" aria-labelledby="account-role">
          <h2 className="account-card__title" id="account-role">
            What your role allows
          </h2>
          <p className="account-card__lead">
            As a <strong>{role.toLowerCase()}</strong> you plan in your workspaces: releases, features, epics, initiatives, goals, ideas and
            notes.
          </p>
          {user.administrator ? (
            <>
              <p className="account-card__lead">You may also:</p>
              <ul className="account-list">
                <li>
                  <Link to={paths.layouts()}>Change layouts</Link>
                  <span className="muted"> — which fields each kind's forms and pages show, and which are required</span>
                </li>
                <li>
                  Purge the recycle bin
                  <span className="muted"> — delete a record for good before its 30 days are over</span>
                </li>
                <li>
                  <Link to={paths.auditSearch()}>Run historical audit searches</Link>
                  <span className="muted"> — changes older than 12 months</span>
                </li>
              </ul>
            </>
          ) : (
            <p className="account-card__lead muted">
              Changing layouts, purging the recycle bin and historical audit searches are for configuration administrators: ask one of them
              when you need these.
            </p>
          )}
        </section>
      </div>

      <section className="card card--flush account-card" aria-labelledby="account-workspaces">
        <div className="card__header">
          <h2 className="account-card__title" id="account-workspaces">
            Workspaces
          </h2>
        </div>
        {products.isPending ? (
          <Loading label="Loading the workspaces…" />
        ) : products.isError ? (
          <ErrorState error={products.error} onRetry={() => void products.refetch()} retrying={products.isFetching} />
        ) : products.data.products.length === 0 ? (
          <p className="account-card__empty muted">You are in no workspace yet.</p>
        ) : (
          <ul className="account-workspaces">
            {products.data.products.map((p) => (
              <li key={p.id} className="account-workspace">
                <span className="account-workspace__key mono">{p.reference_prefix}</span>
                <Link to={paths.releases(p.id)} className="account-workspace__name">
                  {p.name}
                </Link>
                <span className="spacer" />
                <span className="muted">{roleIn.get(p.id) ?? (user.administrator ? 'Administrator' : 'Member')}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
