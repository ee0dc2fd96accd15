// @vitest-environment jsdom
// The tabs pattern: one tab stop, arrows (and Home/End) move and choose, a panel is drawn when first
// chosen and kept after, so what was typed in it survives a look at another tab.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Tabs } from './tabs';

afterEach(cleanup);

function renderTabs() {
  let historyDrawn = 0;
  render(
    <Tabs
      label="Comments and history"
      tabs={[
        { id: 'comments', label: 'Comments', panel: () => <input aria-label="Draft" /> },
        {
          id: 'history',
          label: 'History',
          panel: () => {
            historyDrawn += 1;
            return <p>Timeline</p>;
          },
        },
        { id: 'files', label: 'Files', panel: () => <p>No files</p> },
      ]}
    />,
  );
  return { drawn: () => historyDrawn };
}

describe('Tabs', () => {
  it('has one tab stop, the chosen tab, whose panel is shown', () => {
    renderTabs();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.tabIndex)).toEqual([0, -1, -1]);
    expect(screen.getByRole('tab', { name: 'Comments' })).toHaveProperty('ariaSelected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Comments' })).toBeTruthy();
    // Only the chosen panel is in the accessibility tree; every panel exists (aria-controls names it).
    for (const tab of tabs) expect(document.getElementById(tab.getAttribute('aria-controls') ?? '')).not.toBeNull();
  });

  it('moves and chooses with the arrows, wrapping, and with Home and End', () => {
    renderTabs();
    const comments = screen.getByRole('tab', { name: 'Comments' });
    comments.focus();
    fireEvent.keyDown(comments, { key: 'ArrowRight' });
    const history = screen.getByRole('tab', { name: 'History' });
    expect(document.activeElement).toBe(history);
    expect(history.getAttribute('aria-selected')).toBe('true');
    expect(history.tabIndex).toBe(0);
    expect(comments.tabIndex).toBe(-1);
    expect(screen.getByRole('tabpanel', { name: 'History' }).textContent).toBe('Timeline');

    fireEvent.keyDown(history, { key: 'End' });
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Files' }));
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(comments);
    fireEvent.keyDown(comments, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Files' }));
    fireEvent.keyDown(document.activeElement as Element, { key: 'Home' });
    expect(document.activeElement).toBe(comments);
  });

  it('draws a panel when first chosen and keeps it, with what was typed in it', () => {
    const { drawn } = renderTabs();
    expect(drawn()).toBe(0);
    const draft = screen.getByRole('textbox', { name: 'Draft' }) as HTMLInputElement;
    fireEvent.change(draft, { target: { value: 'half a thought' } });
    fireEvent.click(screen.getByRole('tab', { name: 'History' }));
    expect(drawn()).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('tab', { name: 'Comments' }));
    expect((screen.getByRole('textbox', { name: 'Draft' }) as HTMLInputElement).value).toBe('half a thought');
    expect(screen.getByRole('tabpanel', { name: 'Comments' })).toBeTruthy();
    expect(screen.queryByRole('tabpanel', { name: 'History' })).toBeNull();
  });
});
