// @-mentions for the rich-text editor (part of its lazy chunk): typing `@` offers the people given
// to the editor, filtered by what follows; choosing one puts in TipTap's mention node, stored as
// `<span data-type="mention" data-id="<user id>" data-label="Name">@Name</span>` — the shape the
// comments service reads to make the person a watcher. The list is drawn by React inside the editor's
// frame (not a floating element on <body>), so it stays in the editor's reading order; the editable
// element keeps focus and points at the highlighted option with aria-activedescendant.
import Mention from '@tiptap/extension-mention';
import type { SuggestionKeyDownProps, SuggestionProps } from '@tiptap/suggestion';
import { useSyncExternalStore, type RefObject } from 'react';

/** A person who can be mentioned. */
export interface MentionCandidate {
  id: string;
  name: string;
  email?: string | undefined;
}

/** What the popup shows: the matches, the highlighted one, and where the `@…` text is on screen. */
export interface MentionMenuState {
  items: readonly MentionCandidate[];
  active: number;
  query: string;
  /** The `@…` text's box in viewport coordinates, when known. */
  rect: DOMRect | null;
}

type Choose = (attrs: { id: string; label: string }) => void;

/** At most this many people are offered at once: the list is for choosing, not browsing. */
export const MENTION_LIMIT = 8;

/** The people whose name or email contains the query (case and accents ignored), names starting with it first. */
export function matchCandidates(people: readonly MentionCandidate[], query: string): MentionCandidate[] {
  const fold = (s: string) =>
    s
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase();
  const q = fold(query.trim());
  const scored: { person: MentionCandidate; rank: number }[] = [];
  for (const person of people) {
    const name = fold(person.name);
    const email = fold(person.email ?? '');
    const rank = name.startsWith(q)
      ? 0
      : name.split(/\s+/).some((w) => w.startsWith(q))
        ? 1
        : name.includes(q) || email.includes(q)
          ? 2
          : -1;
    if (rank >= 0) scored.push({ person, rank });
  }
  scored.sort((a, b) => a.rank - b.rank || a.person.name.localeCompare(b.person.name));
  return scored.slice(0, MENTION_LIMIT).map((s) => s.person);
}

/**
 * The popup's state, outside React so the suggestion plugin (made once with the editor) can drive
 * it; the editor's component reads it with `useMentionMenu`.
 */
export class MentionMenu {
  state: MentionMenuState | null = null;
  /** Who can be mentioned; the editor's component keeps it up to date. */
  people: readonly MentionCandidate[] = [];
  private choose: Choose | null = null;
  private readonly listeners = new Set<() => void>();

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(state: MentionMenuState | null): void {
    this.state = state;
    for (const listener of this.listeners) listener();
  }

  show(props: SuggestionProps<MentionCandidate, { id: string; label: string }>): void {
    this.choose = props.command;
    const keep = this.state && this.state.query === props.query ? this.state.active : 0;
    this.set({
      items: props.items,
      active: Math.min(keep, Math.max(0, props.items.length - 1)),
      query: props.query,
      rect: props.clientRect?.() ?? null,
    });
  }

  setPeople(people: readonly MentionCandidate[] | undefined): void {
    this.people = people ?? [];
  }

  close(): void {
    this.choose = null;
    if (this.state) this.set(null);
  }

  pick(index: number): void {
    const person = this.state?.items[index];
    if (!person || !this.choose) return;
    this.choose({ id: person.id, label: person.name });
  }

  highlight(index: number): void {
    if (this.state) this.set({ ...this.state, active: index });
  }

  /** Arrows move, Enter or Tab chooses, Escape closes; other keys go on to the editor. */
  keyDown({ event }: SuggestionKeyDownProps): boolean {
    const state = this.state;
    if (!state) return false;
    const count = state.items.length;
    if (event.key === 'Escape') {
      this.close();
      return true;
    }
    if (count === 0) return false;
    if (event.key === 'ArrowDown') this.highlight((state.active + 1) % count);
    else if (event.key === 'ArrowUp') this.highlight((state.active - 1 + count) % count);
    else if (event.key === 'Enter' || event.key === 'Tab') this.pick(state.active);
    else return false;
    return true;
  }
}

export function useMentionMenu(menu: MentionMenu): MentionMenuState | null {
  return useSyncExternalStore(
    menu.subscribe,
    () => menu.state,
    () => null,
  );
}

/** The mention extension, asking the menu for the people when `@` is typed (the editor is made once; the list arrives later). */
export function mentionExtension(menu: MentionMenu) {
  return Mention.configure({
    HTMLAttributes: { class: 'mention' },
    suggestion: {
      char: '@',
      items: ({ query }) => matchCandidates(menu.people, query),
      render: () => ({
        onStart: (props) => menu.show(props),
        onUpdate: (props) => menu.show(props),
        onExit: () => menu.close(),
        onKeyDown: (props) => menu.keyDown(props),
      }),
    },
  });
}

export interface MentionListProps {
  id: string;
  state: MentionMenuState;
  menu: MentionMenu;
  /** The editor's frame: the list is placed under the `@…` text, relative to it. */
  frame: RefObject<HTMLElement | null>;
}

/** The popup list: a listbox whose options are picked by pointer (the keyboard stays in the text). */
export function MentionList({ id, state, menu, frame }: MentionListProps) {
  const box = frame.current?.getBoundingClientRect();
  const style = state.rect && box ? { top: state.rect.bottom - box.top + 4, left: Math.max(0, state.rect.left - box.left) } : undefined;
  return (
    <div className="rte__mentions" style={style}>
      {state.items.length === 0 ? (
        <p className="rte__mentions-empty">No one matches “{state.query}”</p>
      ) : (
        <ul id={id} role="listbox" aria-label="People to mention">
          {state.items.map((person, index) => (
            <li
              key={person.id}
              id={`${id}-${index}`}
              role="option"
              aria-selected={index === state.active}
              className="rte__mention-option"
              // Keeps the focus (and the `@…` text's selection) in the editor.
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => menu.highlight(index)}
              onClick={() => menu.pick(index)}
            >
              <span className="rte__mention-name">{person.name}</span>
              {person.email ? <span className="rte__mention-email">{person.email}</span> : null}
            </li>
          ))}
        </ul>
      )}
      <p className="visually-hidden" role="status">
        {state.items.length === 0
          ? 'No one matches'
          : `${state.items.length} ${state.items.length === 1 ? 'person' : 'people'} to mention; arrows choose, Enter picks`}
      </p>
    </div>
  );
}
