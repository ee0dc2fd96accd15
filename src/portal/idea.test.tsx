// @vitest-environment jsdom
// An idea's page: every HTML field sanitised (no script, no handler reaches the DOM), the service's
// vote refusal as the disabled button's reason, "Get status updates", what the idea became, and the
// comments — threads one level deep with a Reply only under top-level comments, the team's marked,
// a posted reply joining its thread with the idea's count following.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PortalComment } from '../contract/portal-site';
import IdeaScreen, { plannedText } from './screens/idea';
import { sanitizeHtml } from './sanitize';
import { fakeApi, idea, portal, startAt, viewer } from './test/fake-api';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const EVIL =
  '<p>Plan <strong>this</strong></p><script>window.hacked = 1</script><img src="x" onerror="window.hacked = 2"><a href="javascript:alert(1)">x</a>';

function thread(over: Partial<PortalComment> = {}): PortalComment {
  return {
    id: '100',
    body_html: '<p>We need this for field work.</p>',
    author_name: 'Ava Lindqvist',
    author_kind: 'portal_user',
    created_at: '2026-03-02T09:00:00Z',
    mine: true,
    replies: [
      {
        id: '101',
        body_html: '<p>Thanks, we are looking at it.</p>',
        author_name: 'Pat from Planner',
        author_kind: 'team',
        created_at: '2026-03-03T09:00:00Z',
        mine: false,
      },
    ],
    ...over,
  };
}

function renderIdea(routes: Parameters<typeof fakeApi>[0], signedIn = true) {
  const api = fakeApi(routes);
  startAt('/ideas/PLN-I-12', signedIn ? {} : { viewer: null });
  const view = render(<IdeaScreen id="PLN-I-12" portal={portal()} viewer={signedIn ? viewer() : null} />);
  return { api, ...view };
}

describe('sanitising', () => {
  it('never lets a script or an event handler of any HTML field reach the DOM', async () => {
    const { container } = renderIdea({
      'GET /ideas/PLN-I-12': {
        body: { idea: idea({ description_html: EVIL, admin_response: { body_html: EVIL, updated_at: '2026-03-04T00:00:00Z' } }) },
      },
      'GET /ideas/12/comments': {
        body: { comments: [thread({ body_html: EVIL, replies: [{ ...thread().replies[0]!, body_html: EVIL }] })] },
      },
    });
    await screen.findByText('Response from the team');
    await screen.findAllByText('this');
    expect(screen.getAllByText('this')).toHaveLength(4);
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
    expect([...container.querySelectorAll('a')].some((a) => a.getAttribute('href')?.startsWith('javascript:'))).toBe(false);
    expect((window as unknown as { hacked?: number }).hacked).toBeUndefined();
    expect(sanitizeHtml('<p onclick="x()" style="color:red">Hi</p><iframe src="/"></iframe>')).toBe('<p>Hi</p>');
  });
});

describe('the idea page', () => {
  it('shows the name, status, votes, description, plan and files', async () => {
    renderIdea({
      'GET /ideas/PLN-I-12': {
        body: {
          idea: idea({
            promoted_to: {
              kind: 'feature',
              reference_num: 'PLN-40',
              name: 'Offline sync',
              release: { name: 'Release 2.4', release_date: '2026-05-12', released: false },
            },
            attachments: [
              {
                id: '9',
                file_name: 'sketch.png',
                content_type: 'image/png',
                file_size: 2048,
                download_url: '/portal/demo/api/attachments/9',
              },
            ],
          }),
        },
      },
      'GET /ideas/12/comments': { body: { comments: [] } },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Offline mode for the app' })).toBeTruthy();
    expect(screen.getByText('Planned: Offline sync in Release 2.4 (12 May 2026)')).toBeTruthy();
    const file = screen.getByRole('link', { name: /sketch\.png/ });
    expect(file.getAttribute('href')).toBe('/portal/demo/api/attachments/9');
    expect(file.hasAttribute('download')).toBe(true);
    expect(screen.getByText('work offline').tagName).toBe('STRONG');
    expect(plannedText({ kind: 'epic', reference_num: 'PLN-E-1', name: 'Sync', release: null })).toBe('Planned: Sync');
  });

  it("disables the vote with the service's reason", async () => {
    renderIdea({
      'GET /ideas/PLN-I-12': { body: { idea: idea({ vote_refusal: 'You have used all 10 of your votes.' }) } },
      'GET /ideas/12/comments': { body: { comments: [] } },
    });
    const button = await screen.findByRole('button', { name: /vote for Offline mode/i });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    const reason = document.getElementById(button.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toBe('You have used all 10 of your votes.');
  });

  it('turns status updates on and off', async () => {
    const { api } = renderIdea({
      'GET /ideas/PLN-I-12': { body: { idea: idea() } },
      'GET /ideas/12/comments': { body: { comments: [] } },
      'PUT /ideas/12/subscription': { body: { subscribed: true } },
      'DELETE /ideas/12/subscription': { body: { subscribed: false } },
    });
    const toggle = await screen.findByRole('switch', { name: 'Get status updates' });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    fireEvent.click(toggle);
    await waitFor(() => expect((screen.getByRole('switch') as HTMLInputElement).checked).toBe(true));
    fireEvent.click(screen.getByRole('switch'));
    await waitFor(() => expect((screen.getByRole('switch') as HTMLInputElement).checked).toBe(false));
    expect(api.calls.filter((c) => c.path === '/ideas/12/subscription').map((c) => [c.method, c.headers.get('X-CSRF-Token')])).toEqual([
      ['PUT', 'csrf-123'],
      ['DELETE', 'csrf-123'],
    ]);
  });

  it('says the idea is not there (404)', async () => {
    renderIdea({ 'GET /ideas/PLN-I-12': { status: 404, body: { error: 'No idea PLN-I-12' } } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Idea not found' })).toBeTruthy();
  });
});

describe('comments', () => {
  it('draws threads one level deep: Reply under a top-level comment only, the team marked', async () => {
    renderIdea({
      'GET /ideas/PLN-I-12': { body: { idea: idea() } },
      'GET /ideas/12/comments': {
        body: { comments: [thread(), thread({ id: '102', author_name: 'Ben Okafor', mine: false, replies: [] })] },
      },
    });
    const section = await screen.findByRole('region', { name: /Comments/ });
    await within(section).findAllByText('We need this for field work.');
    const replies = within(section).getAllByRole('button', { name: /^Reply to/ });
    expect(replies.map((b) => b.textContent)).toEqual(['Reply to Ava Lindqvist', 'Reply to Ben Okafor']);
    const teamReply = within(section).getByText('Thanks, we are looking at it.').closest('article') as HTMLElement;
    expect(within(teamReply).getByText('Team')).toBeTruthy();
    expect(within(teamReply).queryByRole('button', { name: /Reply/ })).toBeNull();
    expect(within(section).getByText('3')).toBeTruthy();
  });

  it('posts a reply into its thread, and the count follows', async () => {
    const answer = thread({
      replies: [
        ...thread().replies,
        {
          id: '103',
          body_html: '<p>Same here.</p>',
          author_name: 'Ava Lindqvist',
          author_kind: 'portal_user',
          created_at: '2026-03-05T09:00:00Z',
          mine: true,
        },
      ],
    });
    const { api } = renderIdea({
      'GET /ideas/PLN-I-12': { body: { idea: idea() } },
      'GET /ideas/12/comments': { body: { comments: [thread()] } },
      'POST /ideas/12/comments': { status: 201, body: { comment: answer } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Reply to Ava Lindqvist' }));
    const box = screen.getByRole('textbox', { name: 'Reply to Ava Lindqvist' });
    expect(document.activeElement).toBe(box);
    fireEvent.change(box, { target: { value: 'Same here.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post reply' }));
    expect(await screen.findByText('Same here.')).toBeTruthy();
    const post = api.callsTo('POST', '/ideas/12/comments')[0];
    expect(post?.body).toEqual({ body: 'Same here.', parent_comment_id: '100' });
    expect(post?.headers.get('X-CSRF-Token')).toBe('csrf-123');
    // The composer closed; the Reply button has the focus back.
    expect(screen.queryByRole('textbox', { name: 'Reply to Ava Lindqvist' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Reply to Ava Lindqvist' }));
    const section = screen.getByRole('region', { name: /Comments/ });
    expect(within(section).getByRole('heading', { level: 2 }).textContent).toBe('Comments 3');
  });

  it("puts the service's message under the comment box", async () => {
    renderIdea({
      'GET /ideas/PLN-I-12': { body: { idea: idea() } },
      'GET /ideas/12/comments': { body: { comments: [] } },
      'POST /ideas/12/comments': {
        status: 422,
        body: { error: 'body is too long', errors: { body: ['must be at most 5000 characters'] } },
      },
    });
    const box = await screen.findByRole('textbox', { name: 'Add a comment' });
    fireEvent.change(box, { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post comment' }));
    await waitFor(() => expect(box.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById((box.getAttribute('aria-describedby') ?? '').split(' ').at(-1) ?? '')?.textContent).toBe(
      'must be at most 5000 characters',
    );
    expect(document.activeElement).toBe(box);
  });

  it('asks someone not signed in to sign in to comment', async () => {
    renderIdea(
      {
        'GET /ideas/PLN-I-12': { body: { idea: idea() } },
        'GET /ideas/12/comments': { body: { comments: [thread()] } },
      },
      false,
    );
    await screen.findByText('Thanks, we are looking at it.');
    expect(screen.queryByRole('textbox', { name: 'Add a comment' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Reply/ })).toBeNull();
    expect(screen.getAllByRole('link', { name: 'Sign in' })[0]?.getAttribute('href')).toBe(
      '/portal/demo/sign-in?return=%2Fideas%2FPLN-I-12',
    );
  });
});
