// Where a record sits: Workspace › Releases › PLN-R-2 › PLN-12. A navigation landmark named
// "Breadcrumb"; the last crumb is the page itself (aria-current, not a link).
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import './breadcrumbs.css';

export interface Crumb {
  label: ReactNode;
  /** Omitted on the current page's crumb. */
  to?: string;
}

export function Breadcrumbs({ items }: { items: readonly Crumb[] }) {
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumb">
      <ol>
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <li key={index}>
              {item.to && !last ? (
                <Link to={item.to}>{item.label}</Link>
              ) : (
                <span aria-current={last ? 'page' : undefined}>{item.label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
