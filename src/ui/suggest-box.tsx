// A text box that suggests records as the person types (the ARIA 1.2 combobox with a listbox popup):
// the text is handed on once typing pauses, so one request goes out per pause and not per key; the
// arrows move through the suggestions (aria-activedescendant, focus stays in the box), Enter chooses,
// Escape closes the list first — and only then whatever holds the box (a dialog). The caller owns
// what is searched and what a choice does; the box only draws and navigates.
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import './suggest-box.css';

export interface SuggestBoxProps<T> {
  label: string;
  hint?: string;
  placeholder?: string;
  /** The trimmed text, once typing pauses (`delayMs`). */
  onSearch: (text: string) => void;
  /** Undefined until the first search answers. */
  suggestions: readonly T[] | undefined;
  /** A search is under way (the list says so instead of "no matches"). */
  loading?: boolean;
  optionKey: (item: T) => string;
  renderOption: (item: T) => ReactNode;
  /** What the box shows once an item is chosen. */
  optionText: (item: T) => string;
  onChoose: (item: T) => void;
  /** Said when a search found nothing. */
  emptyText?: string;
  inputRef?: Ref<HTMLInputElement>;
  delayMs?: number;
}

export function SuggestBox<T>({
  label,
  hint,
  placeholder,
  onSearch,
  suggestions,
  loading = false,
  optionKey,
  renderOption,
  optionText,
  onChoose,
  emptyText = 'No matches',
  inputRef,
  delayMs = 250,
}: SuggestBoxProps<T>) {
  const id = useId();
  const listId = `${id}-list`;
  const hintId = `${id}-hint`;
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const items = suggestions ?? [];
  const searched = text.trim() !== '';
  const showList = open && searched;

  function type(value: string) {
    setText(value);
    setOpen(true);
    setActive(-1);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => onSearch(value.trim()), delayMs);
  }

  function choose(item: T) {
    setText(optionText(item));
    setOpen(false);
    setActive(-1);
    onChoose(item);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!searched || items.length === 0) return;
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + items.length) % items.length);
    } else if (event.key === 'Enter') {
      const item = showList ? items[active] : undefined;
      if (item !== undefined) {
        event.preventDefault();
        choose(item);
      }
    } else if (event.key === 'Escape' && showList) {
      // The open list closes first; the next Escape reaches the dialog.
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      setActive(-1);
    }
  }

  const activeItem = showList ? items[active] : undefined;
  const status = !searched
    ? ''
    : loading
      ? 'Searching…'
      : items.length === 0
        ? emptyText
        : `${items.length} suggestion${items.length === 1 ? '' : 's'}`;

  return (
    <div className="field suggest-box">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        ref={inputRef}
        className="input"
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={activeItem !== undefined ? `${id}-${optionKey(activeItem)}` : undefined}
        aria-describedby={hint ? hintId : undefined}
        placeholder={placeholder}
        value={text}
        onChange={(e) => type(e.target.value)}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(true)}
      />
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <ul
        className="suggest-box__list"
        id={listId}
        role="listbox"
        aria-label={`${label} suggestions`}
        hidden={!showList || items.length === 0}
      >
        {items.map((item, i) => (
          <li
            key={optionKey(item)}
            id={`${id}-${optionKey(item)}`}
            role="option"
            aria-selected={i === active}
            className={`suggest-box__option${i === active ? ' suggest-box__option--active' : ''}`}
            // mousedown, not click: the box keeps its focus while the pointer chooses.
            onMouseDown={(e) => {
              e.preventDefault();
              choose(item);
            }}
            onMouseEnter={() => setActive(i)}
          >
            {renderOption(item)}
          </li>
        ))}
      </ul>
      <p className="suggest-box__status muted" role="status" aria-live="polite">
        {showList ? status : ''}
      </p>
    </div>
  );
}
