// How many comments a record has, as lists show it: a speech bubble and the number, or a quiet "—"
// for none (the accessible name says it in words either way); and the button form of it, which
// opens a row's thread where a record has no page of its own (requirements, release phases).
import './comment-count.css';

const Bubble = () => (
  <svg className="comment-count__glyph" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
    <path
      d="M2.5 3.5A1.5 1.5 0 0 1 4 2h8a1.5 1.5 0 0 1 1.5 1.5v6A1.5 1.5 0 0 1 12 11H7l-3 2.5V11a1.5 1.5 0 0 1-1.5-1.5z"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.4"
      strokeLinejoin="round"
    />
  </svg>
);

export const commentsLabel = (count: number): string => (count === 1 ? '1 comment' : `${count === 0 ? 'No' : count} comments`);

export function CommentCount({ count }: { count: number | null | undefined }) {
  const n = count ?? 0;
  if (n === 0)
    return (
      <span className="comment-count comment-count--none" title="No comments">
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">No comments</span>
      </span>
    );
  return (
    <span className="comment-count" title={commentsLabel(n)}>
      <Bubble />
      <span aria-hidden="true">{n}</span>
      <span className="visually-hidden">{commentsLabel(n)}</span>
    </span>
  );
}

export interface CommentsToggleProps {
  count: number | null | undefined;
  /** What the thread is on ("PLN-12-1 Login form"): names the button. */
  name: string;
  expanded: boolean;
  /** The id of the thread it shows. */
  controls: string;
  onToggle: () => void;
}

export function CommentsToggle({ count, name, expanded, controls, onToggle }: CommentsToggleProps) {
  const n = count ?? 0;
  return (
    <button
      type="button"
      className="comment-count comment-count--button"
      aria-expanded={expanded}
      aria-controls={expanded ? controls : undefined}
      aria-label={`${commentsLabel(n)} on ${name}`}
      onClick={onToggle}
    >
      <Bubble />
      <span aria-hidden="true">{n}</span>
    </button>
  );
}
