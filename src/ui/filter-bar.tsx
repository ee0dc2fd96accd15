// The filters above a list: a search landmark holding labelled controls and "Clear filters". Text
// boxes answer every keystroke but change the URL (and so the request) only once typing pauses;
// selects and dates change it at once. Pair with useListParams.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button } from './button';
import './filter-bar.css';

export interface FilterBarProps {
  /** Accessible name of the search landmark, e.g. "Filter features". */
  label: string;
  children: ReactNode;
  onClear?: () => void;
  /** Enables "Clear filters". */
  filtered?: boolean;
}

export function FilterBar({ label, children, onClear, filtered = false }: FilterBarProps) {
  return (
    <form className="filter-bar" role="search" aria-label={label} onSubmit={(e) => e.preventDefault()}>
      <div className="filter-bar__fields">{children}</div>
      {onClear ? (
        <Button variant="ghost" size="sm" className="filter-bar__clear" onClick={onClear} disabled={!filtered}>
          Clear filters
        </Button>
      ) : null}
    </form>
  );
}

function FilterField({ label, id, wide, children }: { label: ReactNode; id: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={`field filter-bar__field${wide ? ' filter-bar__field--wide' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children}
    </div>
  );
}

/**
 * Text kept in the URL but typed into a box: the box follows every keystroke, `commit` runs once
 * typing pauses. When the URL moves on from outside (back, "Clear filters") the box follows it and
 * a commit still waiting is dropped.
 */
export function useDebouncedText(urlValue: string, commit: (value: string) => void, delayMs = 300) {
  const [text, setText] = useState(urlValue);
  const [synced, setSynced] = useState(urlValue);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  if (urlValue !== synced) {
    setSynced(urlValue);
    setText(urlValue);
  }
  useEffect(() => () => clearTimeout(timer.current), [urlValue]);

  const onChange = (value: string) => {
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      // Marked as synced first, so the URL change that follows is not taken for an outside one.
      setSynced(value.trim());
      commit(value.trim());
    }, delayMs);
  };
  return { text, onChange };
}

export interface FilterTextProps {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  type?: 'search' | 'text';
  inputMode?: 'text' | 'decimal';
  /** Takes two columns of the bar (the main search box). */
  wide?: boolean;
}

export function FilterText({ label, value, onChange, placeholder, type = 'text', inputMode, wide }: FilterTextProps) {
  const id = useId();
  const box = useDebouncedText(value, onChange);
  return (
    <FilterField label={label} id={id} wide={wide}>
      <input
        id={id}
        className="input"
        type={type}
        inputMode={inputMode}
        placeholder={placeholder}
        value={box.text}
        onChange={(e) => box.onChange(e.target.value)}
      />
    </FilterField>
  );
}

export interface FilterOption {
  value: string;
  label: string;
}

export interface FilterSelectProps {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  options: readonly FilterOption[];
  /** The first option, meaning "no filter", e.g. "Any status". */
  anyLabel: string;
}

export function FilterSelect({ label, value, onChange, options, anyLabel }: FilterSelectProps) {
  const id = useId();
  // A value the URL carries that is not (or not yet) among the options still shows as chosen.
  const list = value && !options.some((o) => o.value === value) ? [{ value, label: value }, ...options] : options;
  return (
    <FilterField label={label} id={id}>
      <select id={id} className="input select" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{anyLabel}</option>
        {list.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FilterField>
  );
}

/** An on/off filter (e.g. "Show spam"): a checkbox with its label beside it, aligned with the other controls. */
export function FilterToggle({ label, checked, onChange }: { label: ReactNode; checked: boolean; onChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div className="field filter-bar__field filter-bar__toggle">
      <input id={id} type="checkbox" className="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
    </div>
  );
}

export function FilterDate({ label, value, onChange }: { label: ReactNode; value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <FilterField label={label} id={id}>
      <input id={id} className="input" type="date" value={value} onChange={(e) => onChange(e.target.value)} />
    </FilterField>
  );
}
