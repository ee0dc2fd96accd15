// Server-side paging controls: "Page X of Y", previous/next, and the total record count. The
// screen owns the page number (usually in the URL) and is told when it should change.
import type { Pagination } from '../contract/common';
import { Button } from './button';

export interface PagerProps {
  pagination: Pagination;
  onPageChange: (page: number) => void;
  /** Record noun for the total, e.g. "releases". */
  noun?: string;
  /** Accessible name of the navigation landmark. */
  label?: string;
  disabled?: boolean;
}

export function Pager({ pagination, onPageChange, noun = 'records', label = 'Pages', disabled = false }: PagerProps) {
  const { current_page: page, total_pages: rawPages, total_records: total } = pagination;
  const pages = Math.max(1, rawPages);
  return (
    <nav className="pager" aria-label={label}>
      <span className="pager__total">
        {total} {total === 1 ? noun.replace(/s$/, '') : noun}
      </span>
      <div className="pager__controls">
        <Button size="sm" onClick={() => onPageChange(page - 1)} disabled={disabled || page <= 1}>
          ← Previous
        </Button>
        <span className="pager__status" aria-current="page">
          Page {Math.min(page, pages)} of {pages}
        </span>
        <Button size="sm" onClick={() => onPageChange(page + 1)} disabled={disabled || page >= pages}>
          Next →
        </Button>
      </div>
    </nav>
  );
}
