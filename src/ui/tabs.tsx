// Tabs as WAI-ARIA's tabs pattern (https://www.w3.org/WAI/ARIA/apg/patterns/tabs/): one tab stop
// for the tab list (the chosen tab), arrows move and choose (automatic activation: every panel
// draws at once), Home/End go to the ends. A panel's content is drawn the first time it is chosen
// and kept (hidden) after, so a draft typed in one tab survives a look at another. For views of one
// screen that need no address of their own; views with their own URL are links (ViewSwitch).
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import './tabs.css';

export interface TabItem {
  /** Stable within the set (the tab's and panel's ids are made from it). */
  id: string;
  label: ReactNode;
  /** Drawn the first time the tab is chosen. */
  panel: () => ReactNode;
}

export interface TabsProps {
  /** The tab list's accessible name ("Comments and history"). */
  label: string;
  tabs: readonly TabItem[];
  /** The tab chosen first (default: the first). */
  initial?: string;
  /** The chosen tab, when the parent decides (a screen that opens its results tab on a search). */
  selected?: string;
  /** Told of every choice (needed with `selected`). */
  onChange?: (id: string) => void;
  className?: string;
}

export function Tabs({ label, tabs, initial, selected: chosen, onChange, className }: TabsProps) {
  const base = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const [own, setOwn] = useState(initial ?? tabs[0]?.id ?? '');
  const selected = chosen ?? own;
  const [visited, setVisited] = useState<ReadonlySet<string>>(() => new Set([selected]));
  // A tab the parent chose is visited too (its content drawn, and kept).
  if (!visited.has(selected)) setVisited(new Set([...visited, selected]));
  const buttons = useRef(new Map<string, HTMLButtonElement>());

  const choose = (id: string, focus: boolean) => {
    setOwn(id);
    setVisited((seen) => (seen.has(id) ? seen : new Set([...seen, id])));
    onChange?.(id);
    if (focus) buttons.current.get(id)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = tabs.findIndex((t) => t.id === selected);
    const to =
      event.key === 'ArrowRight'
        ? (at + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (at - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : null;
    const tab = to === null ? undefined : tabs[to];
    if (!tab) return;
    event.preventDefault();
    choose(tab.id, true);
  };

  const tabId = (id: string) => `${base}-tab-${id}`;
  const panelId = (id: string) => `${base}-panel-${id}`;

  return (
    <div className={['tabs', className ?? ''].filter(Boolean).join(' ')}>
      <div className="tabs__list" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const current = tab.id === selected;
          return (
            <button
              key={tab.id}
              ref={(el) => {
                if (el) buttons.current.set(tab.id, el);
                else buttons.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={tabId(tab.id)}
              className="tabs__tab"
              aria-selected={current}
              aria-controls={panelId(tab.id)}
              tabIndex={current ? 0 : -1}
              onClick={() => choose(tab.id, false)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {/* Every panel is in the page (each tab's aria-controls names one); its content once chosen. */}
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={panelId(tab.id)}
          aria-labelledby={tabId(tab.id)}
          className="tabs__panel"
          hidden={tab.id !== selected}
        >
          {visited.has(tab.id) ? tab.panel() : null}
        </div>
      ))}
    </div>
  );
}
