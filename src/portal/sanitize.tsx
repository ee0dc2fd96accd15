// The one gate between the HTML the service stores (descriptions, the team's responses, comments)
// and the page: DOMPurify, loaded with the idea page's chunk only (never in the first view).
import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import type { ReactNode } from 'react';

let hooked = false;

export function sanitizeHtml(html: string): string {
  if (!hooked) {
    // Links open in a new tab without handing this page to the linked one.
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.getAttribute('href')) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    });
    hooked = true;
  }
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe'],
    FORBID_ATTR: ['style', 'id', 'class'],
  });
}

/** Stored HTML, sanitised; `empty` when there is nothing left to show. */
export function Html({ html, className, empty = null }: { html: string; className?: string; empty?: ReactNode }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  if (!clean.trim()) return <>{empty}</>;
  return <div className={`rich-text${className ? ` ${className}` : ''}`} dangerouslySetInnerHTML={{ __html: clean }} />;
}
