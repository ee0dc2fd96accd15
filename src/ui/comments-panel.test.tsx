// @vitest-environment jsdom
// The comments panel on an idea with a portal thread (issue 15): a comment written in the ideas
// portal names its portal user with a Portal tag, the thread it starts says that it and its replies
// are visible in the portal (and says so again above a reply being written), while a thread the
// team started carries no such mark.
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { keys } from '../api/keys';
import { setSession } from '../api/session';
import type { Comment } from '../contract/comments';
import { CommentsPanel } from './comments-panel';
import { cleanUpAfterEach, renderForm, testQueryClient, user } from './test/form-harness';

cleanUpAfterEach();
setSession({ token: 'tok-12345678', serverUrl: 'http://svc.test' });

const at = '2026-11-25T10:00:00.000Z';
const alex = { ...user('1', 'Alex Admin'), administrator: true };
const ava = { id: '5', name: 'Ava Lindqvist', email: 'ava@northwind.example' };

function comment(id: string, parent: string | null, author: Pick<Comment, 'user' | 'portal_user'>): Comment {
  return {
    id,
    body: `<p>Comment ${id}</p>`,
    created_at: at,
    updated_at: at,
    parent_comment_id: parent,
    attachments: [],
    commentable: { type: 'Ideas::Idea', id: '1', product_id: '1', url: '', resource: '' },
    url: '',
    resource: '',
    reactions: [],
    deleted: false,
    ...author,
  };
}

const byTeam = { user: { id: alex.id, name: alex.name, email: alex.email }, portal_user: null };
const byPortal = { user: null, portal_user: ava };

function renderPanel(comments: Comment[]) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      const body = { comments, pagination: { total_records: comments.length, total_pages: 1, current_page: 1 } };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  const queryClient = testQueryClient();
  queryClient.setQueryData(keys.account.me(), alex);
  queryClient.setQueryData(keys.account.users(), { users: [alex], pagination: { total_records: 1, total_pages: 1, current_page: 1 } });
  const person = renderForm(<CommentsPanel kind="ideas" id="1" />, queryClient);
  return { person, asked };
}

/** The thread (its list item) a comment's author heads. */
const threadOf = (bodyText: string) => {
  const item = screen.getByText(bodyText).closest('li.comments__thread');
  if (!(item instanceof HTMLElement)) throw new Error(`no thread for ${bodyText}`);
  return within(item);
};

describe('CommentsPanel: portal threads', () => {
  it('names the portal user with a Portal tag and marks the thread they started as public', async () => {
    renderPanel([comment('1', null, byPortal), comment('2', '1', byTeam), comment('3', null, byTeam)]);
    await screen.findByText('Comment 1');

    const portal = threadOf('Comment 1');
    expect(portal.getByText('Portal thread — replies are visible in the ideas portal')).toBeTruthy();
    const author = portal.getAllByText('Ava Lindqvist')[0];
    expect(author?.className).toBe('comment__author');
    const tag = portal.getByText('Portal', { selector: '.tag' });
    expect(tag.getAttribute('title')).toContain('ava@northwind.example');
    // The team's reply in it is the team's: its author has no Portal tag.
    expect(portal.getAllByText('Portal', { selector: '.tag' })).toHaveLength(1);
    expect(portal.getByRole('list', { name: 'Replies to Ava Lindqvist' })).toBeTruthy();

    const internal = threadOf('Comment 3');
    expect(internal.queryByText(/Portal thread/)).toBeNull();
    expect(internal.queryByText('Portal', { selector: '.tag' })).toBeNull();
  });

  it('says a reply to a portal thread will be public, and says nothing of the kind on an internal one', async () => {
    const { person } = renderPanel([comment('1', null, byPortal), comment('3', null, byTeam)]);
    await screen.findByText('Comment 1');

    await person.click(screen.getByRole('button', { name: 'Reply to Alex Admin' }));
    expect(screen.queryByText('Your reply is visible in the ideas portal.')).toBeNull();

    await person.click(screen.getByRole('button', { name: 'Reply to Ava Lindqvist' }));
    expect(threadOf('Comment 1').getByText('Your reply is visible in the ideas portal.')).toBeTruthy();
  });
});
