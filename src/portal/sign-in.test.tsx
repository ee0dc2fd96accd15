// @vitest-environment jsdom
// Signing in: the magic link's token is traded for a session, leaves the address at once, and the
// person lands where they were; a spent link says so and offers the email form again; the email
// form says to check the mail (and where the link goes on a local service). Notifications: "Mark
// all read" and the header's unread count following; signing out.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PortalApp } from './app';
import { rememberReturn } from './screens/sign-in';
import { getSession } from './store';
import { fakeApi, page, startAt, summary, viewer } from './test/fake-api';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the sign-in link', () => {
  it('trades the token for a session, drops it from the address and goes back', async () => {
    let addressWhilePosting = '';
    const api = fakeApi({
      'POST /session': () => {
        addressWhilePosting = window.location.href;
        return { body: { viewer: viewer() } };
      },
      'GET /ideas/PLN-I-12': { status: 404, body: { error: 'gone' } },
    });
    rememberReturn('/portal/demo', '/ideas/PLN-I-12');
    startAt('/sign-in?token=secret-token', { viewer: null });
    render(<PortalApp />);
    await waitFor(() => expect(window.location.pathname).toBe('/portal/demo/ideas/PLN-I-12'));
    expect(api.callsTo('POST', '/session')[0]?.body).toEqual({ token: 'secret-token' });
    expect(addressWhilePosting).not.toContain('secret-token');
    expect(window.location.href).not.toContain('secret-token');
    expect(getSession().viewer?.email).toBe('ava@northwind.example');
    expect(await screen.findByRole('button', { name: /Ava Lindqvist/ })).toBeTruthy();
  });

  it('uses the return in the address when this browser kept none', async () => {
    fakeApi({ 'POST /session': { body: { viewer: viewer() } }, 'GET /roadmap': { body: { columns: [] } } });
    startAt('/sign-in?token=t&return=%2Froadmap', { viewer: null });
    render(<PortalApp />);
    await waitFor(() => expect(window.location.pathname).toBe('/portal/demo/roadmap'));
  });

  it('says a spent or expired link did not work, and offers the email form again', async () => {
    fakeApi({ 'POST /session': { status: 401, body: { error: 'This sign-in link has expired or was already used' } } });
    startAt('/sign-in?token=old', { viewer: null });
    render(<PortalApp />);
    expect(await screen.findByText('That link did not work')).toBeTruthy();
    expect(screen.getByText(/expired or was already used/)).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeTruthy();
    expect(window.location.pathname).toBe('/portal/demo/sign-in');
    expect(window.location.search).not.toContain('old');
  });

  it('asks for an email and says to check the mail', async () => {
    const api = fakeApi({
      'POST /sign_in': {
        status: 202,
        body: { message: 'If ben@contoso.example may sign in to this portal, a sign-in link is on its way.' },
      },
    });
    startAt('/sign-in', { viewer: null });
    render(<PortalApp />);
    const email = await screen.findByRole('textbox', { name: 'Email' });
    fireEvent.change(email, { target: { value: 'not an email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Email me a link to sign in' }));
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(email);
    expect(api.calls).toHaveLength(0);
    fireEvent.change(email, { target: { value: 'ben@contoso.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Email me a link to sign in' }));
    expect(await screen.findByRole('heading', { name: 'Check your email for a sign-in link' })).toBeTruthy();
    expect(screen.getByText(/written to the service log/)).toBeTruthy();
    expect(api.calls[0]?.body).toEqual({ email: 'ben@contoso.example' });
  });

  it('shows the wait after too many sign-in emails', async () => {
    fakeApi({ 'POST /sign_in': { status: 429, body: { error: 'Too many sign-in emails.' }, headers: { 'Retry-After': '120' } } });
    startAt('/sign-in', { viewer: null });
    render(<PortalApp />);
    fireEvent.change(await screen.findByRole('textbox', { name: 'Email' }), { target: { value: 'ben@contoso.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Email me a link to sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many tries; try again in 120 seconds.');
  });
});

describe('the viewer menu', () => {
  it('marks all notifications read and the unread count goes', async () => {
    const notification = (id: string, read: boolean) => ({
      id,
      idea: { id: '12', reference_num: 'PLN-I-12', name: 'Offline mode for the app' },
      message: 'Status changed to Planned',
      created_at: '2026-03-05T10:00:00Z',
      read,
    });
    const api = fakeApi({
      'GET /notifications': { body: { notifications: [notification('1', false), notification('2', true)], unread: 1 } },
      'POST /notifications/read': { status: 204 },
    });
    startAt('/notifications');
    render(<PortalApp />);
    expect(await screen.findByText('New')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Ava Lindqvist 1 unread/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(screen.queryByText('New')).toBeNull());
    expect(screen.getByRole('button', { name: /Ava Lindqvist/ }).textContent).not.toMatch(/unread/);
    expect(getSession().viewer?.unread_notifications).toBe(0);
    expect(api.callsTo('POST', '/notifications/read')[0]?.headers.get('X-CSRF-Token')).toBe('csrf-123');
  });

  it('opens My ideas and signs out', async () => {
    const api = fakeApi({
      'GET /ideas': { body: page([summary({ mine: true })]) },
      'DELETE /session': { status: 204 },
    });
    startAt('/');
    render(<PortalApp />);
    const menu = screen.getByRole('button', { name: /Ava Lindqvist/ });
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(menu);
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    const panel = document.getElementById(menu.getAttribute('aria-controls') ?? '') as HTMLElement;
    fireEvent.click(within(panel).getByRole('link', { name: 'My ideas' }));
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    // The nav has its own link too, current there.
    expect(
      within(screen.getByRole('navigation', { name: 'Portal' }))
        .getByRole('link', { name: 'My ideas' })
        .getAttribute('aria-current'),
    ).toBe('page');
    expect(await screen.findByRole('heading', { level: 1, name: 'My ideas' })).toBeTruthy();
    await waitFor(() => expect(api.calls.some((c) => c.query.get('mine') === 'true')).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: /Ava Lindqvist/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(getSession().viewer).toBeNull());
    expect(api.callsTo('DELETE', '/session')[0]?.headers.get('X-CSRF-Token')).toBe('csrf-123');
    expect(window.location.pathname).toBe('/portal/demo');
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeTruthy();
  });
});
