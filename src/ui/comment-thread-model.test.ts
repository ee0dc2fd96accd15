// @vitest-environment jsdom
// The comments panel's pure parts: threads rebuilt from pages (a page may end inside a thread), who
// may change or reply to what, "edited", initials, relative times, the remembered order.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import type { Comment } from '../contract/comments';
import { commentErrorMessages } from './comment-composer';
import {
  authorName,
  canChange,
  canReply,
  groupThreads,
  initials,
  isEdited,
  readOrder,
  relativeTime,
  saveOrder,
} from './comment-thread-model';
import { matchCandidates, MentionMenu } from './rich-text-mention';

const at = '2026-11-25T10:00:00.000Z';
function comment(id: string, parent: string | null = null, extra: Partial<Comment> = {}): Comment {
  return {
    id,
    body: `<p>Comment ${id}</p>`,
    created_at: at,
    updated_at: at,
    parent_comment_id: parent,
    user: { id: '7', name: 'Ada Lovelace', email: 'ada@example.com' },
    portal_user: null,
    attachments: [],
    commentable: { type: 'Feature', id: '1', product_id: '1', url: '', resource: '' },
    url: '',
    resource: '',
    reactions: [],
    deleted: false,
    ...extra,
  };
}

describe('groupThreads', () => {
  it('puts replies under their comment, across page boundaries, without repeats', () => {
    const page1 = [comment('1'), comment('2', '1')];
    const page2 = [comment('3', '1'), comment('4'), comment('2', '1')];
    const threads = groupThreads([...page1, ...page2]);
    expect(threads.map((t) => [t.comment.id, t.replies.map((r) => r.id)])).toEqual([
      ['1', ['2', '3']],
      ['4', []],
    ]);
  });

  it('keeps a reply whose comment is not loaded as a thread of its own', () => {
    expect(groupThreads([comment('9', '8')]).map((t) => t.comment.id)).toEqual(['9']);
  });
});

describe('who may do what', () => {
  const author = { id: '7', administrator: false };
  const other = { id: '8', administrator: false };
  const admin = { id: '9', administrator: true };

  it('lets the author and administrators change a comment, nobody a deleted one', () => {
    expect(canChange(comment('1'), author)).toBe(true);
    expect(canChange(comment('1'), other)).toBe(false);
    expect(canChange(comment('1'), admin)).toBe(true);
    expect(canChange(comment('1'), undefined)).toBe(false);
    expect(canChange(comment('1', null, { deleted: true }), admin)).toBe(false);
  });

  it('offers Reply on top-level comments only, not on replies or placeholders', () => {
    expect(canReply(comment('1'))).toBe(true);
    expect(canReply(comment('2', '1'))).toBe(false);
    expect(canReply(comment('1', null, { deleted: true }))).toBe(false);
  });

  it('marks a comment edited once updated after it was written', () => {
    expect(isEdited(comment('1'))).toBe(false);
    expect(isEdited(comment('1', null, { updated_at: '2026-11-25T10:00:00.001Z' }))).toBe(true);
  });
});

describe('display helpers', () => {
  it('makes initials from names', () => {
    expect(initials('Ada Lovelace')).toBe('AL');
    expect(initials('cher')).toBe('C');
    expect(initials('Jean Claude van Damme')).toBe('JD');
    expect(initials('  ')).toBe('?');
    expect(initials(null)).toBe('?');
  });

  it('says how long ago in words', () => {
    const now = Date.parse(at);
    expect(relativeTime(at, now + 10_000)).toBe('just now');
    expect(relativeTime(at, now + 5 * 60_000)).toBe('5 minutes ago');
    expect(relativeTime(at, now + 3 * 3600_000)).toBe('3 hours ago');
    expect(relativeTime(at, now + 26 * 3600_000)).toBe('yesterday');
    expect(relativeTime(at, now + 15 * 24 * 3600_000)).toBe('2 weeks ago');
    expect(relativeTime('not a time', now)).toBe('');
  });

  it('remembers the order per user, newest first until chosen', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    expect(readOrder('7', storage)).toBe('newest');
    saveOrder('7', 'oldest', storage);
    expect(readOrder('7', storage)).toBe('oldest');
    expect(readOrder('8', storage)).toBe('newest');
    store.set('planner.comment-order.8', 'sideways');
    expect(readOrder('8', storage)).toBe('newest');
  });
});

describe('mentions', () => {
  const people = [
    { id: '1', name: 'Ada Lovelace', email: 'ada@example.com' },
    { id: '2', name: 'Grace Hopper', email: 'grace@navy.example' },
    { id: '3', name: 'Émile Zola', email: 'ez@example.com' },
    { id: '4', name: 'Adam Smith', email: 'adam@example.com' },
  ];

  it('offers names starting with the query first, then words, then anywhere (email too), accents ignored', () => {
    expect(matchCandidates(people, 'ad').map((p) => p.name)).toEqual(['Ada Lovelace', 'Adam Smith']);
    expect(matchCandidates(people, 'hop').map((p) => p.name)).toEqual(['Grace Hopper']);
    expect(matchCandidates(people, 'navy').map((p) => p.name)).toEqual(['Grace Hopper']);
    expect(matchCandidates(people, 'emile').map((p) => p.name)).toEqual(['Émile Zola']);
    expect(matchCandidates(people, '')).toHaveLength(4);
  });

  it('moves with the arrows, picks with Enter and closes with Escape', () => {
    const menu = new MentionMenu();
    const picked: { id: string; label: string }[] = [];
    const show = (items: typeof people) =>
      menu.show({
        items,
        query: '',
        command: (attrs: { id: string; label: string }) => picked.push(attrs),
        clientRect: null,
      } as unknown as Parameters<MentionMenu['show']>[0]);
    show(people.slice(0, 3));
    const key = (k: string) => menu.keyDown({ event: new KeyboardEvent('keydown', { key: k }) } as Parameters<MentionMenu['keyDown']>[0]);
    expect(key('ArrowDown')).toBe(true);
    expect(menu.state?.active).toBe(1);
    expect(key('ArrowUp')).toBe(true);
    expect(key('ArrowUp')).toBe(true);
    expect(menu.state?.active).toBe(2);
    expect(key('a')).toBe(false);
    expect(key('Enter')).toBe(true);
    expect(picked).toEqual([{ id: '3', label: 'Émile Zola' }]);
    expect(key('Escape')).toBe(true);
    expect(menu.state).toBeNull();
    expect(key('ArrowDown')).toBe(false);
  });
});

describe('commentErrorMessages', () => {
  it("reads the service's field messages as sentences, else its message", () => {
    expect(commentErrorMessages(new ApiError(422, 'Validation failed', { body: ["can't be blank"] }))).toEqual([
      "The comment can't be blank",
    ]);
    expect(commentErrorMessages(new ApiError(422, 'Validation failed', { parent_comment_id: ['is a reply'] }))).toEqual([
      'The comment replied to is a reply',
    ]);
    expect(commentErrorMessages(new ApiError(403, 'Only the author of comment 3 or an administrator may edit it'))).toEqual([
      'Only the author of comment 3 or an administrator may edit it',
    ]);
  });
});

describe('authorName', () => {
  it('names a user, else a portal user, else a former user', () => {
    expect(authorName(comment('1'))).toBe('Ada Lovelace');
    const portal = { id: '5', name: 'Ava Lindqvist', email: 'ava@northwind.example' };
    expect(authorName(comment('2', null, { user: null, portal_user: portal }))).toBe('Ava Lindqvist');
    expect(authorName(comment('3', null, { user: null }))).toBe('A former user');
  });
});
