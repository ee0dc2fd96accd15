// @vitest-environment jsdom
// The suggestion box: one search per pause in typing, arrows move through the suggestions with focus
// kept in the box, Enter chooses, and Escape closes the list without reaching what holds the box.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SuggestBox } from './suggest-box';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

interface Item {
  id: string;
  name: string;
}
const ITEMS: Item[] = [
  { id: '1', name: 'Dark mode' },
  { id: '2', name: 'Dark theme for reports' },
];

function renderBox(suggestions: Item[] | undefined, onSearch = vi.fn(), onChoose = vi.fn()) {
  render(
    <SuggestBox<Item>
      label="Idea it duplicates"
      onSearch={onSearch}
      suggestions={suggestions}
      optionKey={(i) => i.id}
      optionText={(i) => i.name}
      renderOption={(i) => i.name}
      onChoose={onChoose}
    />,
  );
  return { box: screen.getByRole('combobox', { name: 'Idea it duplicates' }), onSearch, onChoose };
}

describe('SuggestBox', () => {
  it('searches once typing pauses, not on every key', () => {
    vi.useFakeTimers();
    const { box, onSearch } = renderBox(undefined);
    fireEvent.change(box, { target: { value: 'da' } });
    fireEvent.change(box, { target: { value: 'dark ' } });
    expect(onSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(300));
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('dark');
  });

  it('moves through the suggestions with the arrows and chooses with Enter', () => {
    const { box, onChoose } = renderBox(ITEMS);
    fireEvent.change(box, { target: { value: 'dark' } });
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe('2 suggestions');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    const active = screen.getByRole('option', { selected: true });
    expect(active.textContent).toBe('Dark theme for reports');
    expect(box.getAttribute('aria-activedescendant')).toBe(active.id);
    // Up from the first wraps to the last, down from the last to the first.
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(screen.getByRole('option', { selected: true }).textContent).toBe('Dark mode');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onChoose).toHaveBeenCalledWith(ITEMS[0]);
    expect((box as HTMLInputElement).value).toBe('Dark mode');
    expect(box.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes the open list on Escape and keeps the key from the dialog around it', () => {
    const outer = vi.fn();
    const { box } = renderBox(ITEMS);
    document.body.addEventListener('keydown', outer);
    fireEvent.change(box, { target: { value: 'dark' } });
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(outer).not.toHaveBeenCalled();
    // With the list closed, Escape goes on to whatever holds the box.
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(outer).toHaveBeenCalledTimes(1);
    document.body.removeEventListener('keydown', outer);
  });

  it('says when nothing matches', () => {
    const { box } = renderBox([]);
    fireEvent.change(box, { target: { value: 'zzz' } });
    expect(screen.getByRole('status').textContent).toBe('No matches');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });
});
