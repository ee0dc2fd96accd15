// The label/value pairs of a record page as one <dl>: a grid of tiles across a wide card, or label
// beside value down a narrow side column. A missing value reads as a quiet dash.
import type { ReactNode } from 'react';
import './detail-list.css';

export interface Detail {
  label: string;
  /** null/undefined/'' show "—". */
  value: ReactNode;
  /** false leaves the pair out (e.g. an epic link on a feature without one). */
  when?: boolean;
}

export interface DetailListProps {
  items: readonly Detail[];
  /** `grid`: tiles across a wide card; `column`: label beside value in a side column. */
  layout?: 'grid' | 'column';
}

export const none = <span className="muted">—</span>;

export function DetailList({ items, layout = 'column' }: DetailListProps) {
  return (
    <dl className={`detail-list detail-list--${layout}`}>
      {items
        .filter((d) => d.when !== false)
        .map((d) => (
          <div key={d.label} className="detail-list__pair">
            <dt>{d.label}</dt>
            <dd>{d.value === null || d.value === undefined || d.value === '' ? none : d.value}</dd>
          </div>
        ))}
    </dl>
  );
}

/** A person as shown on record pages: the name, else the e-mail address. */
export function personName(user: { name: string; email: string } | null | undefined): string | null {
  if (!user) return null;
  return user.name || user.email;
}

/** Tags as chips that wrap. */
export function TagList({ tags }: { tags: readonly string[] | null | undefined }) {
  if (!tags || tags.length === 0) return none;
  return (
    <span className="chips">
      {tags.map((t) => (
        <span key={t} className="tag">
          {t}
        </span>
      ))}
    </span>
  );
}
