// Renders HTML from records (description, theme, comments) only after DOMPurify has sanitised it:
// the service stores what clients send, so this is the one gate between stored HTML and the page.
import DOMPurify from 'dompurify';
import { useMemo } from 'react';

let hooked = false;
function purifier(): typeof DOMPurify {
  if (!hooked) {
    // Links open in a new tab without handing the opener to the linked page.
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.getAttribute('href')) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    });
    hooked = true;
  }
  return DOMPurify;
}

export function sanitizeHtml(html: string): string {
  return purifier().sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
    FORBID_ATTR: ['style'],
  });
}

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
