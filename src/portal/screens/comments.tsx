// An idea's comments: threads of one level — a comment and the replies under it. A composer for a
// new comment, and a Reply under each top-level comment (none under a reply). The team's comments
// carry a "Team" badge. A posted comment joins its thread at once and the idea's count follows.
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { PORTAL_COMMENT_MAX, portalCommentEnvelope, portalCommentsSchema } from '../../contract/portal-site';
import type { PortalComment, PortalIdea, Viewer } from '../../contract/portal-site';
import { PortalApiError, request } from '../api';
import { count, fullDate, timeAgo } from '../format';
import { Link, signInPath, useLocation } from '../router';
import { Html } from '../sanitize';
import { patchIdea, updateCached, useResource } from '../store';
import { ErrorBox, Field, FormError, otherErrors, SkeletonBlock } from '../ui';

type Reply = PortalComment['replies'][number];

/** The threads with `thread` in its place (replaced when known, else added at the end). */
export function withThread(threads: readonly PortalComment[], thread: PortalComment): PortalComment[] {
  return threads.some((t) => t.id === thread.id) ? threads.map((t) => (t.id === thread.id ? thread : t)) : [...threads, thread];
}

export function commentTotal(threads: readonly PortalComment[]): number {
  return threads.reduce((n, t) => n + 1 + t.replies.length, 0);
}

export function Comments({ idea, viewer }: { idea: PortalIdea; viewer: Viewer | null }) {
  const path = `/ideas/${encodeURIComponent(idea.id)}/comments`;
  const res = useResource(path, portalCommentsSchema);
  const headingId = useId();
  const { here } = useLocation();
  const threads = res.data?.comments;
  const total = threads ? commentTotal(threads) : idea.comments_count;

  const posted = (thread: PortalComment) => {
    updateCached((data, p) => {
      if (p !== path || typeof data !== 'object' || data === null || !('comments' in data)) return data;
      return { ...data, comments: withThread((data as { comments: PortalComment[] }).comments, thread) };
    });
    patchIdea(idea.id, (i) => ({ comments_count: Number(i.comments_count ?? 0) + 1 }));
  };

  return (
    <section className="comments" aria-labelledby={headingId}>
      <h2 id={headingId} className="section-title">
        Comments <span className="count-pill">{total}</span>
      </h2>
      {viewer ? (
        <Composer ideaId={idea.id} label="Add a comment" submitLabel="Post comment" onPosted={posted} />
      ) : (
        <p className="signed-out-note">
          <Link to={signInPath(here)}>Sign in</Link> to join the conversation.
        </p>
      )}
      {threads ? (
        threads.length > 0 ? (
          <ol className="threads">
            {threads.map((thread) => (
              <Thread key={thread.id} ideaId={idea.id} thread={thread} viewer={viewer} onPosted={posted} />
            ))}
          </ol>
        ) : (
          <p className="muted no-comments">No comments yet{viewer ? ': start the conversation.' : '.'}</p>
        )
      ) : res.error ? (
        <ErrorBox error={res.error} onRetry={res.reload} title="The comments could not be loaded" />
      ) : (
        <SkeletonBlock label="Loading comments…" lines={3} />
      )}
    </section>
  );
}

function Thread({
  ideaId,
  thread,
  viewer,
  onPosted,
}: {
  ideaId: string;
  thread: PortalComment;
  viewer: Viewer | null;
  onPosted: (thread: PortalComment) => void;
}) {
  const [replying, setReplying] = useState(false);
  const replyButton = useRef<HTMLButtonElement>(null);
  const composerId = useId();
  const refocus = useRef(false);
  // Once the composer is gone, its Reply button is back and takes the focus.
  useEffect(() => {
    if (!replying && refocus.current) {
      refocus.current = false;
      replyButton.current?.focus();
    }
  }, [replying]);
  const close = () => {
    refocus.current = true;
    setReplying(false);
  };
  return (
    <li className="thread">
      <CommentView comment={thread} />
      {thread.replies.length > 0 ? (
        <ol className="replies" aria-label={`${count(thread.replies.length, 'reply', 'replies')} to ${thread.author_name}`}>
          {thread.replies.map((reply) => (
            <li key={reply.id}>
              <CommentView comment={reply} />
            </li>
          ))}
        </ol>
      ) : null}
      {viewer ? (
        <div className="reply-area">
          {replying ? (
            <div id={composerId}>
              <Composer
                ideaId={ideaId}
                parentId={thread.id}
                label={`Reply to ${thread.author_name}`}
                submitLabel="Post reply"
                autoFocus
                onCancel={close}
                onPosted={(t) => {
                  onPosted(t);
                  close();
                }}
              />
            </div>
          ) : (
            <button
              ref={replyButton}
              type="button"
              className="link-button reply-button"
              aria-expanded={false}
              aria-controls={composerId}
              onClick={() => setReplying(true)}
            >
              Reply <span className="sr-only">to {thread.author_name}</span>
            </button>
          )}
        </div>
      ) : null}
    </li>
  );
}

function CommentView({ comment }: { comment: PortalComment | Reply }) {
  const team = comment.author_kind === 'team';
  return (
    <article className={`comment${team ? ' is-team' : ''}`}>
      <header className="comment-head">
        <span className="comment-author">{comment.author_name}</span>
        {team ? <span className="team-badge">Team</span> : null}
        {comment.mine ? <span className="muted small">(you)</span> : null}
        <time className="muted small" dateTime={comment.created_at} title={fullDate(comment.created_at)}>
          {timeAgo(comment.created_at)}
        </time>
      </header>
      <Html html={comment.body_html} className="comment-body" />
    </article>
  );
}

export function Composer({
  ideaId,
  parentId,
  label,
  submitLabel,
  autoFocus,
  onCancel,
  onPosted,
}: {
  ideaId: string;
  parentId?: string;
  label: string;
  submitLabel: string;
  autoFocus?: boolean;
  onCancel?: () => void;
  onPosted: (thread: PortalComment) => void;
}) {
  const [body, setBody] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const fieldErrors = error instanceof PortalApiError ? error.fieldErrors : {};
  const problems = otherErrors(error, ['body']);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (pending) return;
    if (!body.trim()) {
      setError(new PortalApiError(422, "The comment can't be blank", { body: ["can't be blank"] }));
      input.current?.focus();
      return;
    }
    setPending(true);
    setError(null);
    try {
      const answer = await request(`/ideas/${encodeURIComponent(ideaId)}/comments`, portalCommentEnvelope, {
        method: 'POST',
        json: parentId ? { body, parent_comment_id: parentId } : { body },
      });
      setBody('');
      onPosted(answer.comment);
    } catch (err) {
      setError(err);
      if (err instanceof PortalApiError && err.fieldErrors.body) input.current?.focus();
    } finally {
      setPending(false);
    }
  };

  return (
    <form className={`composer${parentId ? ' is-reply' : ''}`} onSubmit={(e) => void submit(e)} noValidate>
      <Field label={label} errors={fieldErrors.body}>
        {(control) => (
          <textarea
            {...control}
            ref={input}
            className="input textarea"
            rows={parentId ? 2 : 3}
            maxLength={PORTAL_COMMENT_MAX}
            value={body}
            // The reply box opens on request: the person asked to write in it.
            autoFocus={autoFocus}
            placeholder={parentId ? 'Write a reply' : 'Share your thoughts'}
            onChange={(e) => setBody(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) void submit(e);
              if (e.key === 'Escape' && onCancel) onCancel();
            }}
          />
        )}
      </Field>
      <FormError problems={problems} />
      <div className="composer-actions">
        {onCancel ? (
          <button type="button" className="button button-ghost" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
        <button type="submit" className="button button-primary" aria-disabled={pending || undefined}>
          {pending ? 'Posting…' : submitLabel}
        </button>
      </div>
    </form>
  );
}
