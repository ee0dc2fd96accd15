// @vitest-environment jsdom
// Adding an idea: similar ideas suggested as the name is typed (once typing pauses, from 3
// characters, announced in a live region), "Vote for this instead" votes and opens that idea; a
// refusal's messages sit under their fields with focus on the first; files go up after the idea
// exists and a failed one is reported without losing the idea; nobody signed in gets the sign-in
// form in place.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import NewIdeaScreen, { RELATED_DELAY_MS } from './screens/new-idea';
import { getSession } from './store';
import { fakeApi, idea, portal, startAt, summary, viewer } from './test/fake-api';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const similar = [
  summary(),
  summary({ id: '14', reference_num: 'PLN-I-14', name: 'Offline maps', votes: 3 }),
  summary({ id: '15', reference_num: 'PLN-I-15', name: 'Work offline on tablets', votes: 1, my_votes: 1 }),
];

function renderForm(signedIn = true) {
  startAt('/ideas/new', signedIn ? {} : { viewer: null });
  return render(<NewIdeaScreen portal={portal()} viewer={signedIn ? viewer() : null} />);
}

const nameField = () => screen.getByRole('textbox', { name: /Your idea/ });

describe('duplicate suggestions as you type', () => {
  it('asks once typing pauses, from 3 characters, and announces how many', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const api = fakeApi({ 'GET /ideas/related': { body: { ideas: similar } } });
    renderForm();
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');

    fireEvent.change(nameField(), { target: { value: 'of' } });
    act(() => vi.advanceTimersByTime(RELATED_DELAY_MS * 2));
    expect(api.calls).toHaveLength(0);

    fireEvent.change(nameField(), { target: { value: 'off' } });
    act(() => vi.advanceTimersByTime(RELATED_DELAY_MS - 50));
    fireEvent.change(nameField(), { target: { value: 'offli' } });
    act(() => vi.advanceTimersByTime(RELATED_DELAY_MS - 50));
    fireEvent.change(nameField(), { target: { value: 'offline ' } });
    act(() => vi.advanceTimersByTime(RELATED_DELAY_MS - 1));
    expect(api.calls).toHaveLength(0);
    act(() => vi.advanceTimersByTime(1));
    vi.useRealTimers();

    await waitFor(() => expect(status.textContent).toBe('3 similar ideas'));
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]?.query.get('q')).toBe('offline');
    const list = screen.getByRole('region', { name: /3 similar ideas/ });
    const first = within(list).getByRole('link', { name: 'Offline mode for the app' });
    expect(first.getAttribute('href')).toBe('/portal/demo/ideas/PLN-I-12');
    expect(first.closest('li')?.querySelector('.suggest-votes')?.textContent).toBe('7 votes');
    expect(within(list).getAllByText('Under consideration')).toHaveLength(3);
    // Already voted for: nothing to vote instead.
    expect(within(list).getByText('You voted for this')).toBeTruthy();
    expect(within(list).getAllByRole('button', { name: /Vote for this instead/ })).toHaveLength(2);
  });

  it('says so when nothing is similar, and clears the suggestions under 3 characters', async () => {
    fakeApi({ 'GET /ideas/related': { body: { ideas: [] } } });
    renderForm();
    fireEvent.change(nameField(), { target: { value: 'Dark theme' } });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('No similar ideas'));
    fireEvent.change(nameField(), { target: { value: 'Da' } });
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('votes for the suggested idea instead and opens it', async () => {
    const api = fakeApi({
      'GET /ideas/related': { body: { ideas: similar } },
      'POST /ideas/12/vote': { body: { idea: { ...similar[0], votes: 8, my_votes: 1 }, viewer: viewer({ votes_held: 3 }) } },
    });
    renderForm();
    fireEvent.change(nameField(), { target: { value: 'offline' } });
    const button = await screen.findByRole('button', { name: 'Vote for this instead: Offline mode for the app' });
    fireEvent.click(button);
    await waitFor(() => expect(window.location.pathname).toBe('/portal/demo/ideas/PLN-I-12'));
    const vote = api.callsTo('POST', '/ideas/12/vote')[0];
    expect(vote?.body).toEqual({ value: 1 });
    expect(vote?.headers.get('X-CSRF-Token')).toBe('csrf-123');
    expect(api.callsTo('POST', '/ideas')).toHaveLength(0);
    expect(getSession().viewer?.votes_held).toBe(3);
  });
});

describe('submitting', () => {
  it("puts a refusal's messages under their fields and focuses the first", async () => {
    const api = fakeApi({
      'GET /ideas/related': { body: { ideas: [] } },
      'POST /ideas': {
        status: 422,
        body: {
          error: 'name must be at most 255 characters',
          errors: { name: ['must be at most 255 characters'], categories: ['must be category ids'] },
        },
      },
    });
    renderForm();
    fireEvent.change(nameField(), { target: { value: 'A name the service refuses' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Details' }), { target: { value: 'Why.' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Offline' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit idea' }));
    await waitFor(() => expect(nameField().getAttribute('aria-invalid')).toBe('true'));
    const described = (nameField().getAttribute('aria-describedby') ?? '').split(' ');
    expect(described.map((id) => document.getElementById(id)?.textContent)).toContain('must be at most 255 characters');
    expect(document.activeElement).toBe(nameField());
    expect(screen.getByRole('checkbox', { name: 'Offline' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('must be category ids')).toBeTruthy();
    const post = api.callsTo('POST', '/ideas')[0];
    expect(post?.body).toEqual({ name: 'A name the service refuses', description: 'Why.', categories: ['c2'] });
    expect(post?.headers.get('X-CSRF-Token')).toBe('csrf-123');
  });

  it('asks for a name before sending anything', () => {
    const api = fakeApi({});
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Submit idea' }));
    expect(nameField().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(nameField());
    expect(api.calls).toHaveLength(0);
  });

  it('uploads each file after the idea exists and reports a failed one without losing the idea', async () => {
    const created = idea({ id: '40', reference_num: 'PLN-I-40', name: 'Export to PDF', mine: true });
    const api = fakeApi({
      'GET /ideas/related': { body: { ideas: [] } },
      'POST /ideas': { status: 201, body: { idea: created } },
      'POST /ideas/40/attachments': (call) => {
        const file = (call.body as FormData).get('file') as File;
        return file.name === 'huge.mov'
          ? { status: 413, body: { error: 'Upload larger than 26214400 bytes' } }
          : {
              status: 201,
              body: {
                attachment: {
                  id: '9',
                  file_name: file.name,
                  content_type: 'image/png',
                  file_size: file.size,
                  download_url: '/portal/demo/api/attachments/9',
                },
              },
            };
      },
    });
    renderForm();
    fireEvent.change(nameField(), { target: { value: 'Export to PDF' } });
    const input = screen.getByLabelText(/Attachments/);
    fireEvent.change(input, { target: { files: [new File(['png'], 'mock.png', { type: 'image/png' }), new File(['mov'], 'huge.mov')] } });
    expect(within(screen.getByRole('list', { name: 'Files to attach' })).getAllByRole('listitem')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Submit idea' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your idea was submitted' })).toBeTruthy();
    expect(screen.getByText('Attached')).toBeTruthy();
    expect(screen.getByText('Not attached: The file is too large.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your idea' }).getAttribute('href')).toBe('/portal/demo/ideas/PLN-I-40');
    const uploads = api.callsTo('POST', '/ideas/40/attachments');
    expect(uploads).toHaveLength(2);
    expect(uploads.every((u) => u.headers.get('X-CSRF-Token') === 'csrf-123')).toBe(true);
    expect(uploads.every((u) => u.body instanceof FormData)).toBe(true);
  });

  it('opens the new idea when it has no files', async () => {
    const created = idea({ id: '41', reference_num: 'PLN-I-41', name: 'Dark theme' });
    fakeApi({ 'GET /ideas/related': { body: { ideas: [] } }, 'POST /ideas': { status: 201, body: { idea: created } } });
    renderForm();
    fireEvent.change(nameField(), { target: { value: 'Dark theme' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit idea' }));
    await waitFor(() => expect(window.location.pathname).toBe('/portal/demo/ideas/PLN-I-41'));
  });

  it('shows the sign-in form in place when nobody is signed in', async () => {
    const api = fakeApi({ 'POST /sign_in': { status: 202, body: { message: 'If ava@x.example may sign in, a link is on its way.' } } });
    renderForm(false);
    expect(screen.queryByRole('textbox', { name: /Your idea/ })).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), { target: { value: 'ava@x.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Email me a link to sign in' }));
    expect(await screen.findByRole('heading', { name: 'Check your email for a sign-in link' })).toBeTruthy();
    expect(api.callsTo('POST', '/sign_in')[0]?.body).toEqual({ email: 'ava@x.example' });
    // The link, opened later, comes back to this form.
    expect(JSON.parse(localStorage.getItem('planner.portal.return') ?? '{}')).toMatchObject({ base: '/portal/demo', path: '/ideas/new' });
  });
});
