// @vitest-environment jsdom
// The home list and its vote buttons: a vote (or taking it back) changes the count, the pressed
// state and the viewer's votes left at once; out of votes, the other ideas' buttons are refused with
// the reason written out; a complete idea's voting is closed; nobody signed in goes to the sign-in
// and back; a 429 says how long to wait. The list's filters live in the address.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PortalApp } from './app';
import { fakeApi, page, portal, SHIPPED, startAt, summary, viewer } from './test/fake-api';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const offline = summary();
const reports = summary({ id: '13', reference_num: 'PLN-I-13', name: 'Scheduled reports', votes: 3, my_votes: 1, comments_count: 0 });

function voteButton(name: string): HTMLElement {
  return screen.getByRole('button', { name: new RegExp(`vote for ${name}`, 'i') });
}

describe('home: the ideas and their votes', () => {
  it('lists the ideas with their votes, status, categories and comments', async () => {
    const api = fakeApi({ 'GET /ideas': { body: page([offline, reports]) } });
    startAt('/');
    render(<PortalApp />);
    expect(screen.getByRole('heading', { level: 1, name: 'Ideas' })).toBeTruthy();
    const link = await screen.findByRole('link', { name: 'Offline mode for the app' });
    expect(link.getAttribute('href')).toBe('/portal/demo/ideas/PLN-I-12');
    const row = link.closest('li') as HTMLElement;
    expect(within(row).getByText('Under consideration')).toBeTruthy();
    expect(within(row).getByText('Offline')).toBeTruthy();
    expect(within(row).getByText('2 comments')).toBeTruthy();
    expect(voteButton('Offline mode for the app').getAttribute('aria-pressed')).toBe('false');
    expect(voteButton('Scheduled reports').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('2 ideas')).toBeTruthy();
    expect(screen.getByText(/of 10 votes left/).textContent).toBe('8 of 10 votes left');
    expect(api.calls[0]?.query.get('sort')).toBe('popular');
  });

  it('votes and takes a vote back, and every number follows without a reload', async () => {
    const api = fakeApi({
      'GET /ideas': { body: page([offline, reports]) },
      'POST /ideas/12/vote': { body: { idea: { ...offline, votes: 8, my_votes: 1 }, viewer: viewer({ votes_held: 3 }) } },
      'DELETE /ideas/13/vote': { body: { idea: { ...reports, votes: 2, my_votes: 0 }, viewer: viewer({ votes_held: 2 }) } },
    });
    startAt('/');
    render(<PortalApp />);
    await screen.findByRole('link', { name: 'Offline mode for the app' });
    fireEvent.click(voteButton('Offline mode for the app'));
    await waitFor(() => expect(voteButton('Offline mode for the app').getAttribute('aria-pressed')).toBe('true'));
    expect(within(voteButton('Offline mode for the app')).getByText('8')).toBeTruthy();
    expect(screen.getByText(/of 10 votes left/).textContent).toBe('7 of 10 votes left');
    const post = api.callsTo('POST', '/ideas/12/vote')[0];
    expect(post?.body).toEqual({ value: 1 });
    expect(post?.headers.get('X-CSRF-Token')).toBe('csrf-123');

    fireEvent.click(voteButton('Scheduled reports'));
    await waitFor(() => expect(voteButton('Scheduled reports').getAttribute('aria-pressed')).toBe('false'));
    expect(within(voteButton('Scheduled reports')).getByText('2')).toBeTruthy();
    expect(screen.getByText(/of 10 votes left/).textContent).toBe('8 of 10 votes left');
  });

  it('refuses a vote when the viewer has none left, saying why, but lets them take one back', async () => {
    const api = fakeApi({ 'GET /ideas': { body: page([offline, reports]) } });
    startAt('/', { viewer: viewer({ votes_held: 10, votes_cap: 10 }) });
    render(<PortalApp />);
    await screen.findByRole('link', { name: 'Offline mode for the app' });
    const refused = voteButton('Offline mode for the app');
    expect(refused.getAttribute('aria-disabled')).toBe('true');
    const reasonId = refused.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(reasonId)?.textContent).toMatch(/You have used all 10 of your votes/);
    fireEvent.click(refused);
    expect(api.calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
    // The one the viewer voted for can still be taken back.
    expect(voteButton('Scheduled reports').getAttribute('aria-disabled')).toBeNull();
  });

  it('closes voting on a complete idea, in words', async () => {
    fakeApi({ 'GET /ideas': { body: page([summary({ status: SHIPPED })]) } });
    startAt('/');
    render(<PortalApp />);
    await screen.findByRole('link', { name: 'Offline mode for the app' });
    const button = screen.getByRole('button', { description: 'Voting is closed: this idea is Shipped.' });
    expect(button).toBe(voteButton('Offline mode for the app'));
    expect(button.getAttribute('aria-disabled')).toBe('true');
    // On the row itself, one word.
    expect(screen.getByText('Closed')).toBeTruthy();
  });

  it('closes voting on a complete idea for someone not signed in too', async () => {
    fakeApi({ 'GET /ideas': { body: page([summary({ status: SHIPPED })]) } });
    startAt('/', { viewer: null });
    render(<PortalApp />);
    await screen.findByRole('link', { name: 'Offline mode for the app' });
    const button = screen.getByRole('button', { description: 'Voting is closed: this idea is Shipped.' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(button);
    expect(window.location.pathname).toBe('/portal/demo');
  });

  it('sends someone not signed in to the sign-in, with the way back', async () => {
    const api = fakeApi({ 'GET /ideas': { body: page([offline]) } });
    startAt('/?sort=recent', { viewer: null });
    render(<PortalApp />);
    await screen.findByRole('link', { name: 'Offline mode for the app' });
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /sign in to vote for Offline mode/i }));
    expect(window.location.pathname).toBe('/portal/demo/sign-in');
    expect(new URLSearchParams(window.location.search).get('return')).toBe('/?sort=recent');
    expect(api.calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('says how long to wait after too many votes', async () => {
    fakeApi({
      'GET /ideas': { body: page([offline]) },
      'POST /ideas/12/vote': { status: 429, body: { error: 'Too many votes. Retry after 30 s.' }, headers: { 'Retry-After': '30' } },
    });
    startAt('/');
    render(<PortalApp />);
    await screen.findByRole('link', { name: 'Offline mode for the app' });
    fireEvent.click(voteButton('Offline mode for the app'));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many tries; try again in 30 seconds.');
    expect(voteButton('Offline mode for the app').getAttribute('aria-describedby')).toBeTruthy();
  });

  it('keeps sort, search, category and status in the address and asks the service for them', async () => {
    const api = fakeApi({ 'GET /ideas': { body: page([offline]) } });
    startAt('/');
    render(<PortalApp />);
    await screen.findByRole('link', { name: 'Offline mode for the app' });
    fireEvent.click(screen.getByRole('link', { name: 'Trending' }));
    await waitFor(() => expect(api.calls.at(-1)?.query.get('sort')).toBe('trending'));
    expect(screen.getByRole('link', { name: 'Trending' }).getAttribute('aria-current')).toBe('true');
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'c2' } });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 's1' } });
    fireEvent.change(screen.getByLabelText('Search ideas'), { target: { value: 'offline' } });
    await waitFor(() => expect(api.calls.at(-1)?.query.get('q')).toBe('offline'));
    const last = api.calls.at(-1);
    expect(last?.query.get('category')).toBe('c2');
    expect(last?.query.get('status')).toBe('s1');
    expect(last?.query.get('sort')).toBe('trending');
    expect(window.location.search).toBe('?sort=trending&q=offline&category=c2&status=s1');
    // The nested category reads under its parent.
    const options = within(screen.getByLabelText('Category'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['All categories', 'Mobile', '\u00a0\u00a0Offline', 'Reports']);
  });

  it('tells a submit-only portal’s visitor they see their own ideas, and invites them in', async () => {
    fakeApi({ 'GET /ideas': { body: page([]) } });
    startAt('/', { viewer: null, portal: portal({ access_type: 'submit-only' }) });
    render(<PortalApp />);
    expect(await screen.findByText('Sign in to see your ideas')).toBeTruthy();
    expect(screen.getAllByText(/In this portal you see the ideas you submitted/).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('link', { name: 'Add an idea' }).length).toBeGreaterThan(0);
  });

  it('sends a private portal’s visitor to the sign-in first', async () => {
    const api = fakeApi({});
    startAt('/ideas/12', { viewer: null, portal: portal({ access_type: 'private' }) });
    render(<PortalApp />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to Demo ideas' })).toBeTruthy();
    expect(window.location.pathname).toBe('/portal/demo/sign-in');
    expect(new URLSearchParams(window.location.search).get('return')).toBe('/ideas/12');
    expect(api.calls).toHaveLength(0);
  });
});
