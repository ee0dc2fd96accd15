// Renders HTML from records (description, theme, comments) only after DOMPurify has sanitised it:
// the service stores what clients send, so this is the one gate between stored HTML and the page.
import { useMemo } from 'react';
import { sanitizeStoredHtml } from '../domain/sanitize-html';

/** The app keeps what the shared gate keeps. */
export const sanitizeHtml: (html: string) => string = sanitizeStoredHtml;

export interface HtmlViewProps {
  html: string | null | undefined;
  /** Shown (muted) when there is no HTML or it sanitises to nothing. */
  emptyText?: string;
  className?: string;
}

export function HtmlView({ html, emptyText = 'Nothing written yet.', className }: HtmlViewProps) {
  const clean = useMemo(() => (html ? sanitizeHtml(html) : ''), [html]);
  if (!clean.trim()) return <p className="muted">{emptyText}</p>;
  return <div className={['html-view', className ?? ''].filter(Boolean).join(' ')} dangerouslySetInnerHTML={{ __html: clean }} />;
}
