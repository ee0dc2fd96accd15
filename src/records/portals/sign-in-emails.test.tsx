// @vitest-environment jsdom
// The sign-in emails on a portal's page (issue 15): without a mail server this is how someone gets
// into a local portal, so Copy and Open are offered exactly while a link can still sign in, and every
// other row says what became of its link. Also the "Open portal" link the list and the page share.
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { IdeaPortal, SignInEmail } from '../../contract/portals';
import { cleanUpAfterEach, renderForm, stubFetch } from '../../ui/test/form-harness';
import { OpenPortalLink } from './open-portal-link';
import { linkState, SignInEmails } from './sign-in-emails';

cleanUpAfterEach();

const LINK = 'http://127.0.0.1/portal/planner-cloud/sign-in?token=t';

const email = (id: string, address: string, overrides: Partial<SignInEmail> = {}): SignInEmail => ({
  id,
  email: address,
  link: null,
  delivery: 'log',
  created_at: '2026-11-28T09:00:00.000Z',
  expires_at: '2026-11-28T09:30:00.000Z',
  used_at: null,
  ...overrides,
});

const page = (rows: SignInEmail[]) => ({
  sign_in_emails: rows,
  pagination: { total_records: rows.length, total_pages: rows.length ? 1 : 0, current_page: 1 },
});

const rowOf = (address: string) => {
  const row = screen.getByText(address).closest('tr');
  if (!row) throw new Error(`no row for ${address}`);
  return within(row);
};

describe('SignInEmails', () => {
  it('offers Copy and Open only for a link that can still sign in, and says what became of the others', async () => {
    const sent = stubFetch(
      200,
      page([
        email('4', 'new@example.com', { link: LINK }),
        email('3', 'used@example.com', { used_at: '2026-11-28T09:01:00.000Z' }),
        email('2', 'late@example.com', { delivery: 'smtp' }),
        email('1', 'stranger@example.com', { delivery: 'none' }),
      ]),
    );
    renderForm(<SignInEmails portalId="4" />);
    const open = await screen.findByRole('link', { name: 'Open the sign-in link for new@example.com (new tab)' });
    expect(sent[0]?.url).toContain('/idea_portals/4/sign_in_emails');
    expect(open.getAttribute('href')).toBe(LINK);
    expect(open.getAttribute('target')).toBe('_blank');
    expect(open.getAttribute('rel')).toBe('noopener noreferrer');
    expect(rowOf('new@example.com').getByRole('button', { name: 'Copy link for new@example.com' })).toBeTruthy();
    expect(rowOf('new@example.com').getByText(/^Expires /)).toBeTruthy();

    for (const address of ['used@example.com', 'late@example.com', 'stranger@example.com']) {
      expect(rowOf(address).queryByRole('link')).toBeNull();
      expect(rowOf(address).queryByRole('button')).toBeNull();
    }
    expect(rowOf('used@example.com').getByText(/^Used /)).toBeTruthy();
    expect(rowOf('late@example.com').getByText('Expired')).toBeTruthy();
    expect(rowOf('late@example.com').getByText('Mailed')).toBeTruthy();
    expect(rowOf('stranger@example.com').getByText('Not sent')).toBeTruthy();
    expect(rowOf('stranger@example.com').getByText('May not sign in')).toBeTruthy();
  });

  it('shows a mailed link that can still sign in by its delivery state only, never as a link', async () => {
    const soon = new Date(Date.now() + 20 * 60_000).toISOString();
    stubFetch(200, page([email('5', 'mailed@example.com', { delivery: 'smtp', expires_at: soon })]));
    renderForm(<SignInEmails portalId="4" />);
    await screen.findByText('mailed@example.com');
    expect(rowOf('mailed@example.com').getByText('Mailed')).toBeTruthy();
    expect(rowOf('mailed@example.com').getByText('In their mailbox')).toBeTruthy();
    expect(rowOf('mailed@example.com').getByText(/^Expires /)).toBeTruthy();
    expect(rowOf('mailed@example.com').queryByRole('link')).toBeNull();
    expect(rowOf('mailed@example.com').queryByRole('button')).toBeNull();
  });

  it('copies the link to the clipboard', async () => {
    stubFetch(200, page([email('4', 'new@example.com', { link: LINK })]));
    const writeText = vi.fn(() => Promise.resolve());
    const person = renderForm(<SignInEmails portalId="4" />);
    // user-event installs its own clipboard on setup: stub over it.
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await person.click(await screen.findByRole('button', { name: 'Copy link for new@example.com' }));
    expect(writeText).toHaveBeenCalledWith(LINK);
  });

  it('explains itself when there are none, and names the mail server setting', async () => {
    stubFetch(200, page([]));
    renderForm(<SignInEmails portalId="4" />);
    expect(await screen.findByText('No sign-in emails yet')).toBeTruthy();
    expect(screen.getByText('PLANNER_SMTP_URL')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh the sign-in emails' })).toBeTruthy();
  });
});

describe('linkState', () => {
  const now = new Date('2026-11-28T09:10:00.000Z');
  it('trusts the service: a link answered is one that can still sign in', () => {
    expect(linkState(email('1', 'a@example.com', { link: LINK }), now).label).toMatch(/^Expires /);
    expect(linkState(email('1', 'a@example.com'), now).label).toBe('Expired');
    expect(linkState(email('1', 'a@example.com', { used_at: '2026-11-28T09:05:00.000Z' }), now).label).toMatch(/^Used /);
    expect(linkState(email('1', 'a@example.com', { delivery: 'none' }), now)).toEqual({ label: '—', exact: null });
  });
});

describe('OpenPortalLink', () => {
  const portal: Partial<IdeaPortal> = {
    title: 'Planner Cloud ideas',
    subdomain: 'planner-cloud',
    portal_enabled: true,
    external_url: 'http://127.0.0.1:4780/portal/planner-cloud',
  };

  it('opens the portal its users see, in a new tab, named with its visible words first', () => {
    renderForm(<OpenPortalLink portal={portal} />);
    const link = screen.getByRole('link', { name: 'Open portal Planner Cloud ideas (new tab)' });
    expect(link.getAttribute('href')).toBe('http://127.0.0.1:4780/portal/planner-cloud');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('offers nothing for a disabled portal, which its users cannot reach', () => {
    renderForm(<OpenPortalLink portal={{ ...portal, portal_enabled: false }} />);
    expect(screen.queryByRole('link')).toBeNull();
  });
});
