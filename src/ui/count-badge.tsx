// A small pill with a count beside a heading (a section's rows, a board column's cards).
import type { ReactNode } from 'react';
import './count-badge.css';

export function CountBadge({ className, children }: { className?: string; children: ReactNode }) {
  return <span className={className ? `count-badge ${className}` : 'count-badge'}>{children}</span>;
}
