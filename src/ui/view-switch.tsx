// Two or more views of the same records (the ideas as a list or as a board): links styled as one
// segmented control, the current view marked with aria-current so a screen reader says which it is.
import { Link } from 'react-router-dom';

export interface ViewChoice {
  label: string;
  to: string;
}

export function ViewSwitch({ label, views, current }: { label: string; views: readonly ViewChoice[]; current: string }) {
  return (
    <nav className="segmented view-switch" aria-label={label}>
      {views.map((view) => (
        <Link key={view.to} to={view.to} className="view-switch__link" aria-current={view.to === current ? 'page' : undefined}>
          {view.label}
        </Link>
      ))}
    </nav>
  );
}
