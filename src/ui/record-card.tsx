// A titled card of a record page (its heading names the section for assistive tech too).
import type { ReactNode } from 'react';
import './record-parts.css';

export interface RecordCardProps {
  /** Id of the heading that names the section. */
  id: string;
  title: string;
  /** Keep the heading for assistive tech only (an overview card needs no visible title). */
  hideTitle?: boolean;
  children: ReactNode;
}

export function RecordCard({ id, title, hideTitle = false, children }: RecordCardProps) {
  return (
    <section className="card record-card" aria-labelledby={id}>
      <h2 id={id} className={hideTitle ? 'visually-hidden' : 'record-card__title'}>
        {title}
      </h2>
      {children}
    </section>
  );
}
