// The comments panel of every record page: `<CommentsPanel kind="features" id={f.id} />` — a new
// commentable kind is one prop, not a copy. A composer on top (the rich-text editor, compact, with
// @-mentions and Ctrl/⌘+Enter), then the thread: each top-level comment with its replies (one level)
// under it, author, relative time (exact on hover), "edited", files; Reply on top-level comments
// only, Edit and Delete on one's own (or any, for an administrator — the service's rule). Newest or
// oldest threads first, remembered per user. A long thread is read a page at a time and drawn only
// near the viewport (against the page's scroll), so 1,000 comments open as fast as ten.
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { accountQueries } from '../api/account';
import { commentQueries, useCreateComment, useDeleteComment, useUpdateComment, type CommentTarget } from '../api/comments';
import type { Comment, CommentOrder } from '../contract/comments';
import { Button } from './button';
import { CommentComposer } from './comment-composer';
import { CommentFiles } from './comment-files';
import {
  canChange,
  canReply,
  exactTime,
  groupThreads,
  authorName,
  initials,
  isEdited,
  readOrder,
  relativeTime,
  saveOrder,
  type Thread,
  type Viewer,
} from './comment-thread-model';
import { ConfirmDialog } from './confirm-dialog';
import { ErrorState, errorMessage } from './error-state';
import { HtmlView } from './html-view';
import type { MentionCandidate } from './rich-text-mention';
import './comments-panel.css';

export interface CommentsPanelProps extends CommentTarget {
  /** The heading ("Comments"); a record shown inside another's page names itself ("Comments on PLN-12-1"). */
  title?: string;
  /** The heading's level: 2 on a record page, 3 inside a section of one. */
  level?: 2 | 3;
  /**
   * `inset`: inside another card (a requirement's or a phase's thread, opened from its row);
   * `plain`: the end of a card that is the whole record (a note), under a rule;
   * `tab`: a tab's panel (RecordActivity): the tab names it, so the heading is for assistive tech only.
   */
  variant?: 'card' | 'inset' | 'plain' | 'tab';
  /** The element's id (a row's toggle points at it with aria-controls). */
  panelId?: string;
}

/** Threads from this many on are drawn near the viewport only; fewer are drawn whole (find-in-page works). */
export const VIRTUALIZE_FROM = 30;

export function CommentsPanel({ kind, id, title = 'Comments', level = 2, variant = 'card', panelId }: CommentsPanelProps) {
  const target = useMemo(() => ({ kind, id }), [kind, id]);
  const headingId = useId();
  const me = useQuery(accountQueries.me());
  const users = useQuery(accountQueries.users());
  const viewer: Viewer | undefined = me.data ? { id: me.data.id, administrator: me.data.administrator } : undefined;
  // The stored order is per user: read once we know who is signed in; a choice here wins.
  const meId = me.data?.id;
  const [chosen, setChosen] = useState<CommentOrder | null>(null);
  const order = chosen ?? readOrder(meId);
  const chooseOrder = (next: CommentOrder) => {
    setChosen(next);
    saveOrder(meId, next);
  };

  const thread = useInfiniteQuery(commentQueries.thread(target, order));
  const comments = useMemo(() => thread.data?.pages.flatMap((p) => p.comments) ?? [], [thread.data]);
  const threads = useMemo(() => groupThreads(comments), [comments]);
  const people = useMemo<MentionCandidate[]>(
    () => (users.data?.users ?? []).filter((u) => u.enabled).map((u) => ({ id: u.id, name: u.name, email: u.email })),
    [users.data],
  );
  // A deleted comment kept for its replies is listed but not counted (as the record's comments_count).
  const total = thread.data ? (thread.data.pages[0]?.pagination.total_records ?? 0) - comments.filter((c) => c.deleted).length : null;

  const create = useCreateComment(target);
  const [announce, setAnnounce] = useState('');
  const [replyTo, setReplyTo] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Comment | null>(null);
  const del = useDeleteComment();

  const Heading = level === 2 ? 'h2' : 'h3';
  const actions: ThreadActions = {
    viewer,
    people,
    replyTo,
    editing,
    onReply: (commentId) => {
      setEditing(null);
      setReplyTo(commentId);
    },
    onCancelReply: () => setReplyTo(null),
    onEdit: (commentId) => {
      setReplyTo(null);
      setEditing(commentId);
    },
    onCancelEdit: () => setEditing(null),
    onDelete: setDeleting,
    onReplySubmit: async (parent, body) => {
      const made = await create.mutateAsync({ body, parent_comment_id: parent.id });
      setReplyTo(null);
      setAnnounce(`Reply to ${authorName(parent)} posted`);
      return made.id;
    },
    onEdited: () => {
      setEditing(null);
      setAnnounce('Comment saved');
    },
  };

  return (
    <section id={panelId} className={variant === 'card' ? 'card comments' : `comments comments--${variant}`} aria-labelledby={headingId}>
      <header className="comments__header">
        <Heading id={headingId} className={variant === 'tab' ? 'visually-hidden' : 'comments__title'}>
          {title}
          {total !== null && total > 0 ? <span className="comments__count"> ({total})</span> : null}
        </Heading>
        <OrderToggle order={order} onChange={chooseOrder} />
      </header>

      <CommentComposer
        label={`Write a comment`}
        submitLabel="Comment"
        pendingLabel="Posting…"
        placeholder="Write a comment… Type @ to mention someone"
        people={people}
        onSubmit={async (body) => {
          const made = await create.mutateAsync({ body });
          setAnnounce('Comment posted');
          return made.id;
        }}
      />

      <p className="visually-hidden" role="status" aria-live="polite">
        {announce}
      </p>

      {thread.isPending ? (
        <CommentSkeleton />
      ) : thread.isError ? (
        <ErrorState
          error={thread.error}
          onRetry={() => void thread.refetch()}
          retrying={thread.isFetching}
          title="The comments could not be loaded"
        />
      ) : threads.length === 0 ? (
        <p className="comments__empty">No comments yet — start the discussion.</p>
      ) : (
        <ThreadList
          threads={threads}
          actions={actions}
          more={thread.hasNextPage}
          loadMore={() => void thread.fetchNextPage()}
          loadingMore={thread.isFetchingNextPage}
        />
      )}

      <ConfirmDialog
        open={deleting !== null}
        title={deleting?.parent_comment_id === null ? 'Delete this comment?' : 'Delete this reply?'}
        confirmLabel="Delete"
        pending={del.isPending}
        error={del.isError ? errorMessage(del.error) : null}
        onConfirm={() => {
          if (!deleting) return;
          del.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              setAnnounce('Comment deleted');
            },
          });
        }}
        onCancel={() => {
          setDeleting(null);
          del.reset();
        }}
      >
        <p>
          {deleting && deleting.parent_comment_id === null
            ? 'Its replies stay, under “This comment was deleted”. It goes to the recycle bin.'
            : 'It goes to the recycle bin.'}
        </p>
      </ConfirmDialog>
    </section>
  );
}

function OrderToggle({ order, onChange }: { order: CommentOrder; onChange: (order: CommentOrder) => void }) {
  return (
    <div className="comments__order" role="group" aria-label="Order of comments">
      {(['newest', 'oldest'] as const).map((o) => (
        <button key={o} type="button" className="comments__order-button" aria-pressed={order === o} onClick={() => onChange(o)}>
          {o === 'newest' ? 'Newest first' : 'Oldest first'}
        </button>
      ))}
    </div>
  );
}

function CommentSkeleton() {
  return (
    <div className="comments__skeleton" role="status" aria-label="Loading comments">
      {[0, 1, 2].map((i) => (
        <div key={i} className="comments__skeleton-row" aria-hidden="true">
          <span className="comments__skeleton-avatar" />
          <span className="skeleton-lines comments__skeleton-lines">
            <span />
            <span />
          </span>
        </div>
      ))}
    </div>
  );
}

interface ThreadActions {
  viewer: Viewer | undefined;
  people: readonly MentionCandidate[];
  replyTo: string | null;
  editing: string | null;
  onReply: (commentId: string) => void;
  onCancelReply: () => void;
  onEdit: (commentId: string) => void;
  onCancelEdit: () => void;
  onDelete: (comment: Comment) => void;
  onReplySubmit: (parent: Comment, body: string) => Promise<string>;
  onEdited: () => void;
}

interface ThreadListProps {
  threads: readonly Thread[];
  actions: ThreadActions;
  more: boolean;
  loadMore: () => void;
  loadingMore: boolean;
}

function ThreadList(props: ThreadListProps) {
  const { threads, more, loadMore, loadingMore } = props;
  const virtual = threads.length >= VIRTUALIZE_FROM;
  return (
    <>
      {virtual ? <VirtualThreads {...props} /> : <PlainThreads {...props} />}
      {more ? (
        <div className="comments__more">
          <Button size="sm" onClick={loadMore} pending={loadingMore} pendingLabel="Loading…">
            Show more comments
          </Button>
        </div>
      ) : null}
    </>
  );
}

function PlainThreads({ threads, actions }: ThreadListProps) {
  return (
    <ol className="comments__list" aria-label="Threads">
      {threads.map((t) => (
        <li key={t.comment.id} className="comments__thread">
          <ThreadBlock thread={t} actions={actions} />
        </li>
      ))}
    </ol>
  );
}

/**
 * Threads drawn near the viewport only, against the page's scroll: spacer items stand for the
 * rest, each thread is measured once drawn; nearing the last loaded thread fetches the next page.
 */
function VirtualThreads({ threads, actions, more, loadMore, loadingMore }: ThreadListProps) {
  const list = useRef<HTMLOListElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    if (list.current) setScrollMargin(list.current.getBoundingClientRect().top + window.scrollY);
  }, []);
  const virtualizer = useWindowVirtualizer({
    count: threads.length,
    estimateSize: () => 120,
    overscan: 6,
    scrollMargin,
    getItemKey: (index) => threads[index]?.comment.id ?? index,
  });
  const items = virtualizer.getVirtualItems();
  const last = items[items.length - 1]?.index ?? 0;
  useEffect(() => {
    if (more && !loadingMore && last >= threads.length - 8) loadMore();
  }, [more, loadingMore, last, threads.length, loadMore]);
  const padTop = items.length > 0 ? (items[0]?.start ?? scrollMargin) - scrollMargin : 0;
  const padBottom = items.length > 0 ? virtualizer.getTotalSize() - ((items[items.length - 1]?.end ?? 0) - scrollMargin) : 0;
  return (
    <ol ref={list} className="comments__list" aria-label="Threads">
      {padTop > 0 ? <li aria-hidden="true" className="comments__pad" style={{ height: padTop }} /> : null}
      {items.map((item) => {
        const t = threads[item.index];
        if (!t) return null;
        return (
          <li key={item.key} ref={virtualizer.measureElement} data-index={item.index} className="comments__thread">
            <ThreadBlock thread={t} actions={actions} />
          </li>
        );
      })}
      {padBottom > 0 ? <li aria-hidden="true" className="comments__pad" style={{ height: padBottom }} /> : null}
    </ol>
  );
}

function ThreadBlock({ thread, actions }: { thread: Thread; actions: ThreadActions }) {
  const { comment, replies } = thread;
  const replying = actions.replyTo === comment.id;
  // A thread a portal user started shows in the ideas portal with every reply: the team should know
  // before answering that its words there are public. Threads the team starts never leave the app.
  const portalThread = comment.portal_user !== null && !comment.deleted;
  return (
    <>
      {portalThread ? <p className="comments__portal-thread">Portal thread — replies are visible in the ideas portal</p> : null}
      <CommentItem comment={comment} actions={actions} />
      {replies.length > 0 || replying ? (
        <div className="comments__replies">
          {replies.length > 0 ? (
            <ol className="comments__reply-list" aria-label={`Replies to ${comment.deleted ? 'a deleted comment' : authorName(comment)}`}>
              {replies.map((r) => (
                <li key={r.id}>
                  <CommentItem comment={r} actions={actions} />
                </li>
              ))}
            </ol>
          ) : null}
          {replying && portalThread ? <p className="comments__portal-note">Your reply is visible in the ideas portal.</p> : null}
          {replying ? (
            <CommentComposer
              label={`Reply to ${authorName(comment)}`}
              submitLabel="Reply"
              pendingLabel="Replying…"
              placeholder="Write a reply…"
              people={actions.people}
              autoFocus
              onSubmit={(body) => actions.onReplySubmit(comment, body)}
              onCancel={actions.onCancelReply}
            />
          ) : null}
        </div>
      ) : null}
    </>
  );
}

function CommentItem({ comment, actions }: { comment: Comment; actions: ThreadActions }) {
  const authorId = useId();
  if (comment.deleted) {
    return (
      <article className="comment comment--deleted" aria-label="Deleted comment">
        <span className="comment__avatar comment__avatar--empty" aria-hidden="true" />
        <p className="comment__deleted">This comment was deleted</p>
      </article>
    );
  }
  const author = authorName(comment);
  const mine = canChange(comment, actions.viewer);
  const editing = actions.editing === comment.id;
  return (
    <article
      className={`comment${comment.parent_comment_id === null ? '' : ' comment--reply'}`}
      aria-labelledby={authorId}
      data-comment-id={comment.id}
    >
      <span className="comment__avatar" aria-hidden="true">
        {initials(author)}
      </span>
      <div className="comment__main">
        <div className="comment__meta">
          <span className="comment__author" id={authorId}>
            {author}
          </span>
          {comment.portal_user ? (
            <span className="tag" title={`${comment.portal_user.email}, written in the ideas portal`}>
              Portal
            </span>
          ) : null}
          <time className="comment__time" dateTime={comment.created_at} title={exactTime(comment.created_at)}>
            {relativeTime(comment.created_at)}
          </time>
          {isEdited(comment) ? (
            <span className="comment__edited" title={`Edited ${exactTime(comment.updated_at)}`}>
              edited
            </span>
          ) : null}
        </div>
        {editing ? (
          <EditComment comment={comment} actions={actions} />
        ) : (
          <>
            <HtmlView html={comment.body} className="comment__body" emptyText="" />
            {comment.attachments.length > 0 ? <CommentFiles attachments={comment.attachments} /> : null}
            <CommentActions comment={comment} mine={mine} actions={actions} author={author} />
          </>
        )}
      </div>
    </article>
  );
}

function CommentActions({ comment, mine, actions, author }: { comment: Comment; mine: boolean; actions: ThreadActions; author: string }) {
  const items: ReactNode[] = [];
  if (canReply(comment))
    items.push(
      <button
        key="reply"
        type="button"
        className="comment__action"
        aria-label={`Reply to ${author}`}
        onClick={() => actions.onReply(comment.id)}
      >
        Reply
      </button>,
    );
  if (mine) {
    items.push(
      <button
        key="edit"
        type="button"
        className="comment__action"
        aria-label={`Edit comment by ${author}`}
        onClick={() => actions.onEdit(comment.id)}
      >
        Edit
      </button>,
      <button
        key="delete"
        type="button"
        className="comment__action"
        aria-label={`Delete comment by ${author}`}
        onClick={() => actions.onDelete(comment)}
      >
        Delete
      </button>,
    );
  }
  return items.length > 0 ? <div className="comment__actions">{items}</div> : null;
}

function EditComment({ comment, actions }: { comment: Comment; actions: ThreadActions }) {
  const update = useUpdateComment();
  return (
    <CommentComposer
      label="Edit comment"
      submitLabel="Save"
      pendingLabel="Saving…"
      initial={comment.body}
      people={actions.people}
      autoFocus
      onSubmit={async (body) => {
        if (body !== comment.body) await update.mutateAsync({ id: comment.id, input: { body } });
        actions.onEdited();
      }}
      onCancel={actions.onCancelEdit}
      files={{ commentId: comment.id, attachments: comment.attachments }}
    />
  );
}
