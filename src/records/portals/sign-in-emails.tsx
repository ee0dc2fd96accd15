// The sign-in emails a portal sent (issue 15), on the portal's page for administrators: who asked,
// when, how it went out, and — while it can still sign in and was not mailed — the link itself. The
// local service has no mail server unless PLANNER_SMTP_URL names one, so this is how an administrator
// hands a customer their link (or signs in to try the portal): Copy or Open. A mailed link is never
// shown (the service does not answer it): its delivery state stands in its place. Newest first, ten a page, refreshed on demand and every 15 s
// while the page is open (a request made in the portal shows up without a reload).
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { portalQueries } from '../../api/ideas';
import type { SignInEmail } from '../../contract/portals';
import { Button } from '../../ui/button';
import { DataTable, type Column } from '../../ui/data-table';
import { EmptyState } from '../../ui/empty-state';
import { showToast } from '../../ui/toast';

/** Date and time, as people read them where they are: the minute matters for a 30-minute link. */
const formatDateTime = (iso: string): string => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The time alone when it is today (most links live 30 minutes), else the date and time. */
export function shortDateTime(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  return at.toDateString() === now.toDateString() ? at.toLocaleTimeString(undefined, { timeStyle: 'short' }) : formatDateTime(iso);
}

const DELIVERY: Record<SignInEmail['delivery'], string> = {
  log: 'Service log',
  smtp: 'Mailed',
  failed: 'Mail failed',
  none: 'Not sent',
};

const DELIVERY_HINTS: Record<SignInEmail['delivery'], string> = {
  log: 'No mail server: the link was written to the service log',
  smtp: 'Sent through the mail server',
  failed: 'The mail server refused it',
  none: 'Nobody may sign in with this email here (e.g. unknown on a private portal)',
};

/**
 * What the link can do now: sign in until it expires, or what became of it. The service answers the
 * link only while it is unused and unexpired (and the list refreshes every 15 s), so its presence is
 * the truth here, not this browser's clock.
 */
export function linkState(e: SignInEmail, now: Date = new Date()): { label: string; exact: string | null } {
  if (e.delivery === 'none') return { label: '—', exact: null };
  if (e.used_at) return { label: `Used ${shortDateTime(e.used_at, now)}`, exact: formatDateTime(e.used_at) };
  if (e.link || (e.delivery === 'smtp' && Date.parse(e.expires_at) > now.getTime()))
    return { label: `Expires ${shortDateTime(e.expires_at, now)}`, exact: formatDateTime(e.expires_at) };
  return { label: 'Expired', exact: formatDateTime(e.expires_at) };
}

/** What stands in the link column when there is no link to hand on: a mailed one is the mailbox's alone. */
function noLink(e: SignInEmail, now: Date = new Date()): string {
  if (e.delivery === 'none') return 'May not sign in';
  if (e.delivery === 'smtp' && !e.used_at && Date.parse(e.expires_at) > now.getTime()) return 'In their mailbox';
  return '—';
}

function LinkActions({ email }: { email: SignInEmail }) {
  if (!email.link) return <span className="muted">{noLink(email)}</span>;
  const link = email.link;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      showToast(`Sign-in link for ${email.email} copied`);
    } catch {
      showToast('The browser did not allow copying: open the link, or select it in the address bar');
    }
  };
  return (
    <span className="row-actions">
      <Button size="sm" variant="ghost" aria-label={`Copy link for ${email.email}`} onClick={() => void copy()}>
        Copy link
      </Button>
      <a
        className="btn btn--ghost btn--sm"
        href={link}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`Open the sign-in link for ${email.email} (new tab)`}
      >
        Open
      </a>
    </span>
  );
}

export function SignInEmails({ portalId }: { portalId: string }) {
  const [page, setPage] = useState(1);
  const emails = useQuery({ ...portalQueries.signInEmails(portalId, page), refetchInterval: 15_000 });
  const headingId = useId();
  const columns: Column<SignInEmail>[] = [
    { id: 'email', header: 'Email', sortValue: (e) => e.email, cell: (e) => <span className="cell-title">{e.email}</span> },
    {
      id: 'sent',
      header: 'Asked',
      width: '8.5rem',
      sortValue: (e) => e.created_at,
      csvValue: (e) => e.created_at,
      cell: (e) => (
        <span className="nowrap" title={formatDateTime(e.created_at)}>
          {shortDateTime(e.created_at)}
        </span>
      ),
    },
    {
      id: 'delivery',
      header: 'Delivery',
      width: '8.5rem',
      sortValue: (e) => e.delivery,
      csvValue: (e) => DELIVERY[e.delivery],
      cell: (e) => <span title={DELIVERY_HINTS[e.delivery]}>{DELIVERY[e.delivery]}</span>,
    },
    {
      id: 'state',
      header: 'Expires / used',
      width: '9.5rem',
      sortValue: (e) => e.used_at ?? e.expires_at,
      csvValue: (e) => linkState(e).label,
      cell: (e) => {
        const state = linkState(e);
        return (
          <span className={e.link ? 'nowrap' : 'nowrap muted'} title={state.exact ?? undefined}>
            {state.label}
          </span>
        );
      },
    },
    {
      id: 'link',
      header: 'Link',
      width: '10.5rem',
      align: 'end',
      csvValue: (e) => e.link ?? '',
      cell: (e) => <LinkActions email={e} />,
    },
  ];
  return (
    <section className="card record-card" aria-labelledby={headingId}>
      <div className="sign-in-emails__head">
        <h2 id={headingId} className="record-card__title">
          Sign-in emails
        </h2>
        <Button size="sm" variant="ghost" onClick={() => void emails.refetch()} aria-label="Refresh the sign-in emails">
          Refresh
        </Button>
      </div>
      <p className="muted">
        Portal users sign in with a link sent to their email; it works once, for 30 minutes. A mailed link stays in their mailbox only.
        Without a mail server (<code>PLANNER_SMTP_URL</code>), links are written to the service log and listed here to hand on.
      </p>
      <DataTable
        label="Sign-in emails"
        noun="sign-in emails"
        columns={columns}
        rows={emails.data?.sign_in_emails}
        state={emails}
        paging={{
          pagination: emails.data?.pagination,
          onPageChange: setPage,
          label: 'Sign-in email pages',
          disabled: emails.isPlaceholderData,
        }}
        empty={
          <EmptyState title="No sign-in emails yet">
            When someone asks the portal for a sign-in link, it shows here: copy it for them, or open it to try the portal yourself.
          </EmptyState>
        }
      />
    </section>
  );
}
