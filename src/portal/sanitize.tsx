// The one gate between the HTML the service stores (descriptions, the team's responses, comments)
// and the page: DOMPurify, loaded with the idea page's chunk only (never in the first view).
import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { sanitizeStoredHtml } from '../domain/sanitize-html';

/** The portal keeps less than the app: no frames, and no ids or classes to clash with its own. */
export function sanitizeHtml(html: string): string {
  return sanitizeStoredHtml(html, ['iframe'], ['id', 'class']);
}

/** Stored HTML, sanitised; `empty` when there is nothing left to show. */
export function Html({ html, className, empty = null }: { html: string; className?: string; empty?: ReactNode }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  if (!clean.trim()) return <>{empty}</>;
  return <div className={`rich-text${className ? ` ${className}` : ''}`} dangerouslySetInnerHTML={{ __html: clean }} />;
}
